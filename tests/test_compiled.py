"""
The compiled build (``CARDRULES_COMPILE=1``, ``hatch_build.py``): ``cardrules.__compiled__``
says which build runs, every module of ``hatch_build.COMPILED`` is a C extension in the
compiled build and a ``.py`` file in the pure one, and the examples in the docstrings of
the compiled modules (which mypyc drops from the compiled functions, so that
``--doctest-modules`` finds none there) run against the compiled code.

CI runs the whole suite on both builds; ``CARDRULES_EXPECT_COMPILED=1`` (or ``0``) makes
sure the suite tests the build CI meant, not a checkout's ``src/`` by accident.
"""

from __future__ import annotations

import ast
import doctest
import importlib
import importlib.machinery
import os
from pathlib import Path

import pytest

import cardrules

ROOT = Path(__file__).resolve().parent.parent
try:  # the list of compiled modules; hatch_build imports hatchling (the test extra)
    from hatch_build import COMPILED, opt_level
except ImportError:  # pragma: no cover - hatchling is in the test extra
    pytest.skip("hatchling is not installed (the test extra)", allow_module_level=True)

MODULES = [path.removesuffix(".py").replace("/", ".") for path in COMPILED]


def test_the_build_is_the_one_asked_for() -> None:
    expected = os.environ.get("CARDRULES_EXPECT_COMPILED")
    if expected is None:
        pytest.skip("CARDRULES_EXPECT_COMPILED is not set (CI sets it for each build)")
    assert cardrules.__compiled__ is (expected == "1")
    where = Path(cardrules.__file__).resolve()
    if cardrules.__compiled__:
        assert ROOT / "src" not in where.parents, f"cardrules imported from {where}"


@pytest.mark.parametrize("name", MODULES)
def test_compiled_says_what_each_module_is(name: str) -> None:
    module = importlib.import_module(name)
    spec = module.__spec__
    assert spec is not None
    compiled = isinstance(spec.loader, importlib.machinery.ExtensionFileLoader)
    assert compiled is cardrules.__compiled__, (name, module.__file__)


def test_only_modules_without_attrs_classes_are_compiled() -> None:
    # mypyc cannot compile an attrs class (``attrs.field(...)`` reaches its native class
    # as a _CountingAttr): the data classes stay in modules that are not compiled.
    for path in COMPILED:
        tree = ast.parse((ROOT / "src" / path).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                names = {ast.unparse(d).split("(")[0] for d in node.decorator_list}
                assert not names & {"attrs.frozen", "attrs.define", "attr.s"}, (path, node.name)


def test_the_variable_chooses_the_opt_level() -> None:
    assert [opt_level(v) for v in ("", "0", "no", "1", "yes", "2", "3")] == [
        None,
        None,
        None,
        "3",
        "3",
        "2",
        "3",
    ]
    with pytest.raises(ValueError, match="CARDRULES_COMPILE"):
        opt_level("fast")


def _docstrings(tree: ast.Module) -> list[tuple[str, str, int]]:
    """(name, docstring, line) of the module and of every function and class in it."""
    found: list[tuple[str, str, int]] = []
    text = ast.get_docstring(tree, clean=False)
    if text:
        found.append(("<module>", text, 1))
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            text = ast.get_docstring(node, clean=False)
            if text:
                found.append((node.name, text, node.lineno))
    return found


def test_docstring_examples_run_on_the_compiled_code() -> None:
    if not cardrules.__compiled__:
        pytest.skip("the pure build: --doctest-modules runs these examples")
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    out: list[str] = []
    tests = 0
    for name in MODULES:
        module = importlib.import_module(name)
        path = ROOT / "src" / (name.replace(".", "/") + ".py")
        for where, text, line in _docstrings(ast.parse(path.read_text(encoding="utf-8"))):
            globs = dict(vars(module))
            test = parser.get_doctest(text, globs, f"{name}.{where}", str(path), line)
            if test.examples:
                tests += 1
                runner.run(test, out=out.append)
    assert runner.summarize(verbose=False).failed == 0, "".join(out)
    assert tests >= 20  # the examples of legal_moves, apply, check_state, ... were found
