"""
The public API is pinned in tests/data/public_api.txt; renamed names warn and keep working.

After an intended API change: ``python -m tests.api_pin --write`` (or run this file with
``CARDRULES_UPDATE_API=1``), then commit the file with the change.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
import types
import typing
import warnings
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pytest

import cardrules
from cardrules import _deprecation
from tests import api_pin

ROOT = Path(__file__).parent.parent


@pytest.fixture
def fresh_homes() -> Iterator[None]:
    api_pin._homes.cache_clear()
    yield
    api_pin._homes.cache_clear()


def test_public_api_matches_the_pinned_file() -> None:
    actual = api_pin.render()
    if os.environ.get("CARDRULES_UPDATE_API") == "1":
        api_pin.PIN.write_text(actual, encoding="utf-8", newline="\n")
    expected = api_pin.PIN.read_text(encoding="utf-8")
    if cardrules.__compiled__:
        # The pin describes the pure build. A function compiled by mypyc tells its
        # parameters' names only, no annotations: compare the functions by name there.
        def names(text: str) -> str:
            return re.sub(r"^(\s*def \w+)\(.*$", r"\1", text, flags=re.MULTILINE)

        expected, actual = names(expected), names(actual)
    if expected != actual:
        pytest.fail(
            "The public API differs from tests/data/public_api.txt:\n\n"
            f"{api_pin.diff(expected, actual)}\n"
            "If the change is intended, rewrite the file with "
            f"`{api_pin.UPDATE_COMMAND}` (or `CARDRULES_UPDATE_API=1 python -m pytest "
            "tests/test_api_pin.py`), commit it with the change, and follow the "
            "compatibility policy: a removed or changed name is breaking, a renamed one "
            "keeps its old name deprecated for one minor version.",
            pytrace=False,
        )


def test_every_public_module_is_pinned() -> None:
    modules = api_pin.public_modules()
    for name in (
        "cardrules",
        "cardrules.errors",
        "cardrules.game",
        "cardrules.serialize",
        "cardrules.testing",
        "cardrules.bots",
        "cardrules.cli",
        *(f"cardrules.{game}" for game in cardrules.GAMES),
    ):
        assert name in modules
    assert not [name for name in modules if "._" in name]
    text = api_pin.render()
    for name in modules:
        assert f"\nmodule {name}\n" in text


def test_the_pin_is_the_same_under_another_hash_seed() -> None:
    # Set iteration order and addresses change between processes; the text must not.
    code = "import sys; from tests import api_pin; sys.stdout.write(api_pin.render())"
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    other = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
        encoding="utf-8",
    ).stdout
    assert other == api_pin.render()
    assert " at 0x" not in other


def test_typing_forms_print_the_same_on_every_python() -> None:
    assert api_pin._type(typing.Optional[int]) == "int | None"  # noqa: UP045 - on purpose
    assert api_pin._type(int | None) == "int | None"
    assert api_pin._type(typing.Union[int, str]) == "int | str"  # noqa: UP007 - on purpose
    assert api_pin._type(tuple[int, ...]) == "tuple[int, ...]"
    assert api_pin._type(Callable[[int, str], bool]) == (
        "collections.abc.Callable[[int, str], bool]"
    )
    assert api_pin._type(typing.Literal["a", 1]) == "Literal['a', 1]"
    assert api_pin._type(typing.Any) == "Any"
    assert api_pin._type(Sequence[cardrules.Outcome]) == (
        "collections.abc.Sequence[cardrules.game.Outcome]"
    )


def test_a_changed_signature_shows_in_the_diff(
    monkeypatch: pytest.MonkeyPatch, fresh_homes: None
) -> None:
    def main(argv: Sequence[str] | None = None, *, colour: bool = False) -> int:
        """A changed command line entry point."""
        return 0

    before = api_pin.render()
    main.__module__ = "cardrules.cli"
    monkeypatch.setattr(sys.modules["cardrules.cli"], "main", main)
    difference = api_pin.diff(before, api_pin.render())
    changed = [line for line in difference.splitlines() if line[:1] in "+-"]
    new = (
        "+def main(argv: collections.abc.Sequence[str] | None = None, *, colour: bool = False)"
        " -> int"
    )
    # The file headers, then exactly the old line of cardrules.cli.main and the new one.
    assert len(changed) == 4
    assert changed[2].startswith("-def main(")
    assert changed[2][1:] in before.splitlines()
    assert changed[3] == new


def test_check_and_write_from_the_command_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pin = tmp_path / "public_api.txt"
    pin.write_text("# stale\n", encoding="utf-8")
    monkeypatch.setattr(api_pin, "PIN", pin)
    assert api_pin.main([]) == 1
    assert api_pin.UPDATE_COMMAND in capsys.readouterr().out
    assert api_pin.main(["--write"]) == 0
    assert pin.read_text(encoding="utf-8") == api_pin.render()
    assert api_pin.main([]) == 0


# Deprecation of renamed names (one minor version of grace).


def _total(values: Sequence[int]) -> int:
    """Add the values up."""
    return sum(values)


def test_a_renamed_function_warns_and_still_works() -> None:
    add_up = _deprecation.renamed_function(_total, "add_up", since="0.2.0", removal="0.3.0")
    with pytest.deprecated_call(match=r"add_up is deprecated since 0\.2\.0 .* use _total"):
        assert add_up([1, 2, 3]) == 6
    assert add_up.__name__ == "add_up"
    assert add_up.__doc__ == _total.__doc__
    assert "deprecated" in str(add_up.__deprecated__)  # type: ignore[attr-defined]
    assert "@deprecated('add_up is deprecated" in "\n".join(api_pin._function("add_up", add_up))


def test_a_renamed_class_is_the_same_object_and_warns(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    module = types.ModuleType("cardrules_fake")
    module.Outcome = cardrules.Outcome  # type: ignore[attr-defined]
    module.__getattr__ = _deprecation.renamed_names(  # type: ignore[method-assign]
        "cardrules_fake", {"Result": "Outcome"}, since="0.2.0", removal="0.3.0"
    )
    monkeypatch.setitem(sys.modules, "cardrules_fake", module)
    with pytest.deprecated_call(match=r"cardrules_fake\.Result .* use cardrules_fake\.Outcome"):
        from cardrules_fake import Result  # type: ignore[import-not-found]
    assert Result is cardrules.Outcome
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert module.Outcome is cardrules.Outcome  # the new name does not warn
        with pytest.raises(AttributeError, match="has no attribute 'Missing'"):
            _ = module.Missing
    assert list(api_pin._deprecated_names(module)) == ["Result -> Outcome  [deprecated alias]"]


def test_the_version_is_one_and_declared_once() -> None:
    # pyproject reads the version from cardrules/__init__.py, so they cannot disagree.
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in project["project"]
    assert "version" in project["project"]["dynamic"]
    assert project["tool"]["hatch"]["version"]["path"] == "src/cardrules/__init__.py"
    assert re.fullmatch(r"\d+\.\d+\.\d+((a|b|rc)\d+)?(\.dev\d+)?", cardrules.__version__)
