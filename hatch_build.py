"""
The opt-in compiled build: ``CARDRULES_COMPILE=1 pip install .`` compiles the hot rules
modules (listed in ``COMPILED``) with mypyc, mypy's compiler, into C extensions placed
next to their sources in the wheel (Python imports an extension before a ``.py`` of the
same name). Without the variable this hook does nothing: the wheel is pure Python, as
before. ``cardrules.__compiled__`` tells which build runs.

The variable's value is the mypyc optimisation level (``1`` to ``3``; ``1`` or ``yes``
mean the default, ``3``); ``CARDRULES_COMPILE_JOBS`` the C compiler processes (default:
the number of cores). Editable installs are never compiled.

Only modules without attrs classes are compiled: mypyc cannot compile an attrs class
(its fields' ``attrs.field(...)`` defaults reach mypyc's native class as
``_CountingAttr`` objects). The checks, the deals and the serialisation modules are left
out (see ``COMPILED``).
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

ENV = "CARDRULES_COMPILE"
JOBS_ENV = "CARDRULES_COMPILE_JOBS"

# The modules mypyc compiles, relative to src/: the hot path of play. Each has no attrs
# class. Left out: the checks (``_checks``, ``_checks_round``) and the deals (``new_game``),
# which take untrusted values: compiled code checks each argument and typed local against
# its annotation (``TypeError: int object expected; got float``) and turns a bool held in
# an ``int`` into an int, where the library must raise its own errors (RulesError,
# InvalidStateError) with its own messages; and the state constructors (``_state``,
# ``new_state``), which compiled code makes no faster (they set attrs slots one by one).
COMPILED = (
    "cardrules/biggenbende/_cards.py",
    "cardrules/biggenbende/_play.py",
    "cardrules/allegra/_geometry.py",
    "cardrules/allegra/_board.py",
    "cardrules/allegra/_play.py",
    "cardrules/allegra/_apply.py",
    "cardrules/beggar/_play.py",
    "cardrules/beggar/_fast.py",
)

# What the build needs on top of hatchling: mypyc (in mypy) and setuptools to drive the C
# compiler, and the runtime dependencies, which mypy reads to type-check the modules.
BUILD_REQUIRES = [
    "mypy>=1.10",
    "setuptools>=61",
    "attrs>=23.1",
    "cattrs>=23.2",
    "typing-extensions>=4.6",
]


def opt_level(value: str) -> str | None:
    """The mypyc opt level that ``CARDRULES_COMPILE=value`` asks for, ``None`` for off."""
    value = value.strip().lower()
    if value in ("", "0", "no", "false", "off"):
        return None
    if value in ("1", "yes", "true", "on"):
        return "3"
    if value in ("2", "3"):
        return value
    raise ValueError(f"{ENV}={value!r}: use 1 (or yes) for the default opt level, 2 or 3")


class CompileHook(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "custom"

    def _level(self) -> str | None:
        if self.target_name != "wheel":
            return None
        return opt_level(os.environ.get(ENV, ""))

    def dependencies(self) -> list[str]:
        return list(BUILD_REQUIRES) if self._level() else []

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        level = self._level()
        if level is None:
            return
        if version == "editable":
            raise RuntimeError(f"{ENV}: the compiled build needs a regular install, not -e")
        from mypyc.build import mypycify
        from setuptools import Distribution  # type: ignore[import-untyped,unused-ignore]
        from setuptools.command.build_ext import build_ext  # type: ignore[import-untyped,unused-ignore]

        root = Path(self.root)
        work = Path(tempfile.mkdtemp(prefix="cardrules-mypyc-"))
        self._work = work
        started = time.perf_counter()
        here = os.getcwd()
        os.chdir(root / "src")  # mypyc names modules by their paths from here
        try:
            extensions = mypycify(
                list(COMPILED),
                opt_level=level,
                target_dir=str(work / "c"),
                separate=False,
                multi_file=True,
                strip_asserts=False,
                group_name="cardrules",  # the library cardrules__mypyc (cardrules.__compiled__)
            )
            dist = Distribution({"name": "cardrules", "ext_modules": extensions})
            command = build_ext(dist)
            command.build_lib = str(work / "lib")
            command.build_temp = str(work / "tmp")
            command.parallel = int(os.environ.get(JOBS_ENV, "0")) or os.cpu_count() or 1
            command.ensure_finalized()
            command.run()
            built = [Path(command.get_ext_fullpath(ext.name)) for ext in extensions]
        finally:
            os.chdir(here)
        for path in built:
            inside = path.relative_to(command.build_lib)
            build_data["force_include"][str(path)] = str(inside)
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        seconds = time.perf_counter() - started
        print(
            f"cardrules: compiled {len(COMPILED)} modules with mypyc (opt level {level}) "
            f"in {seconds:.0f} s",
            file=sys.stderr,
        )

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        work = getattr(self, "_work", None)
        if work is not None:
            shutil.rmtree(work, ignore_errors=True)
