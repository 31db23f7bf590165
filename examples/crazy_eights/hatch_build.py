"""
The opt-in compiled build of the example, like cardrules' own: with
``CARDRULES_COMPILE=1 pip install ./examples/crazy_eights`` the rules module
(``crazy_eights/_play.py``: the deal, legal moves, ``apply``) is compiled with mypyc into
a C extension placed next to its source in the wheel. Without the variable the hook does
nothing and the wheel is pure Python. The data classes stay attrs classes in a module
that is not compiled (mypyc does not compile attrs classes). Editable installs are never
compiled.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

ENV = "CARDRULES_COMPILE"
COMPILED = ("crazy_eights/_play.py",)
BUILD_REQUIRES = ["mypy>=1.10", "setuptools>=61", "cardrules", "attrs>=23.1"]


def _wanted() -> bool:
    value = os.environ.get(ENV, "").strip().lower()
    return value not in ("", "0", "no", "false", "off")


class CompileHook(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "custom"

    def _on(self) -> bool:
        return self.target_name == "wheel" and _wanted()

    def dependencies(self) -> list[str]:
        return list(BUILD_REQUIRES) if self._on() else []

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if not self._on():
            return
        if version == "editable":
            raise RuntimeError(f"{ENV}: the compiled build needs a regular install, not -e")
        from mypyc.build import mypycify
        from setuptools import Distribution  # type: ignore[import-untyped,unused-ignore]
        from setuptools.command.build_ext import build_ext  # type: ignore[import-untyped,unused-ignore]

        work = Path(tempfile.mkdtemp(prefix="crazy-eights-mypyc-"))
        self._work = work
        here = os.getcwd()
        os.chdir(Path(self.root) / "src")  # mypyc names modules by their paths from here
        try:
            extensions = mypycify(list(COMPILED), opt_level="3", target_dir=str(work / "c"))
            command = build_ext(Distribution({"name": "crazy_eights", "ext_modules": extensions}))
            command.build_lib = str(work / "lib")
            command.build_temp = str(work / "tmp")
            command.ensure_finalized()
            command.run()
            built = [Path(command.get_ext_fullpath(ext.name)) for ext in extensions]
        finally:
            os.chdir(here)
        for path in built:
            build_data["force_include"][str(path)] = str(path.relative_to(command.build_lib))
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        print(f"crazy_eights: compiled {', '.join(COMPILED)} with mypyc", file=sys.stderr)

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        work = getattr(self, "_work", None)
        if work is not None:
            shutil.rmtree(work, ignore_errors=True)
