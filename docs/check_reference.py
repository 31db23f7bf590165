"""
Check that the built API reference renders every public name, on its module's page.

Run after ``sphinx-build -b html docs docs/_build/html``:
``python docs/check_reference.py docs/_build/html/objects.inv``. Every name in the
``__all__`` of every public module (no leading underscore in its dotted name) must be
in the inventory, under its own module or the module that defines it, and on the page
of its module's group (:data:`PAGES`: ``docs/reference/api/core.md`` for the core, one
page per game, ...); a name missing or on another page is listed and the script exits
with status 1.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from pathlib import Path

from sphinx.util.inventory import InventoryFile

import cardrules

# The page of each public module's names, by the longest matching module prefix.
PAGES = {
    "cardrules": "reference/api/core.html",
    "cardrules.beggar": "reference/api/beggar.html",
    "cardrules.biggenbende": "reference/api/biggenbende.html",
    "cardrules.allegra": "reference/api/allegra.html",
    "cardrules.testing": "reference/api/testing.html",
    "cardrules.simulation": "reference/api/simulation.html",
    "cardrules.tournament": "reference/api/simulation.html",
    "cardrules.bots": "reference/api/bots.html",
    "cardrules.rl": "reference/api/rl.html",
    "cardrules.gymnasium": "reference/api/adapters.html",
    "cardrules.pettingzoo": "reference/api/adapters.html",
    "cardrules.openspiel": "reference/api/adapters.html",
    "cardrules.server": "reference/api/server.html",
    "cardrules.svg": "reference/api/pictures.html",
    "cardrules.schema": "reference/format.html",
}


def documented(inventory: Path) -> dict[str, str]:
    """Every object name in a Sphinx ``objects.inv``, with the page it is on."""
    with inventory.open("rb") as stream:
        data = InventoryFile.load(stream, "", lambda base, uri: uri)
    pages: dict[str, str] = {}
    for entries in data.values():
        for name, entry in entries.items():
            # An item with ``uri`` (Sphinx 8.2 on) or a (project, version, uri, name) tuple.
            uri = str(getattr(entry, "uri", None) or entry[2])
            pages.setdefault(name, uri.partition("#")[0])
    return pages


def page_of(module: str) -> str:
    """The page that documents the names of ``module``."""
    parts = module.split(".")
    while ".".join(parts) not in PAGES:
        parts.pop()
    return PAGES[".".join(parts)]


def public_names() -> list[tuple[str, str, set[str]]]:
    """``(module, name, acceptable qualified names)`` for every public name."""
    modules = ["cardrules"] + [
        info.name
        for info in pkgutil.walk_packages(cardrules.__path__, "cardrules.")
        if not any(part.startswith("_") for part in info.name.split("."))
    ]
    out = []
    for module_name in modules:
        module = importlib.import_module(module_name)
        for name in getattr(module, "__all__", ()):
            obj = getattr(module, name)
            names = {f"{module_name}.{name}"}
            home, qualname = getattr(obj, "__module__", None), getattr(obj, "__qualname__", None)
            if isinstance(home, str) and isinstance(qualname, str) and home != "builtins":
                names.add(f"{home}.{qualname}")
            out.append((module_name, name, names))
    return out


def main(argv: list[str]) -> int:
    """Print the public names the reference lacks; status 1 if there is one."""
    have = documented(Path(argv[0]))
    missing, elsewhere = [], []
    for module, name, names in public_names():
        found = sorted(names & have.keys())
        # ``Seat`` is ``int``: documented as cardrules.Seat, its own module is builtins.
        if not found and f"{module}.{name}" != "cardrules.game.Seat":
            missing.append(f"{module}.{name}")
        elif found and not any(have[n] == page_of(module) for n in found):
            elsewhere.append(f"{module}.{name} is on {have[found[0]]}, not {page_of(module)}")
    for name in missing:
        print(f"not in the API reference: {name}")
    for line in elsewhere:
        print(f"on the wrong page: {line}")
    print(f"{len(missing)} public names missing from the API reference")
    print(f"{len(elsewhere)} public names on another page than their module's")
    return 1 if missing or elsewhere else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
