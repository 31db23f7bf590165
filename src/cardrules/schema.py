"""
JSON Schemas (draft 2020-12) of the saved format, generated from the games' classes.

Programs in other languages can check what they read from cardrules, and what they send
to it, against these schemas. One schema exists for every game, format version and kind
of document (``state``, ``view``, ``move``, ``record``, ``rules``, ``outcome``, and
``event`` or ``value`` for a game that has them). Each one describes a whole envelope, as
:func:`cardrules.dumps` writes it; the schema of the ``data`` part alone is its
``$defs`` entry named in ``properties.data``.

The package ships the schemas of every format version, current and older, as files:
``importlib.resources.files("cardrules") / "schemas" / GAME / "vN" / "KIND.json"``.
:func:`load_schema` reads one of them; :func:`json_schema` builds the current version
from the classes. The files of the current versions are rewritten with
``python -m cardrules.schema --write src/cardrules/schemas --docs
docs/reference/format.md``; those of older versions are never rewritten.

How things are written, as the converter of :func:`cardrules.make_converter` does:

- attrs classes are objects with every field present and no other key;
- moves, events, values and the members of a union of classes carry a ``"type"`` key,
  the class name: ``{"type": "Play", "value": 5, "count": 2}``;
- tuples are arrays; the RNG state and record seeds are decimal strings;
- a class written as its text (a Beggar card, ``"QH"``) is a string of its pattern;
- a tuple written as compact text (a Biggenbende count tuple, ``"0003000010020"``) is a
  string of its pattern, one symbol per item.

>>> schema = json_schema("beggar", "move")
>>> schema["$schema"]
'https://json-schema.org/draft/2020-12/schema'
>>> schema["$defs"]["Turn"]["properties"]["type"]
{'const': 'Turn'}
"""

from __future__ import annotations

import argparse
import ast
import functools
import importlib.resources
import inspect
import json
import re
import sys
import textwrap
import types
import typing
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, Final, Literal, Union

import attrs

from cardrules._forms import _packed_form, _text_form
from cardrules._registry import GAMES, get_game
from cardrules._rng import Rng
from cardrules.errors import CardrulesError
from cardrules.game import AnyGame, Kind, Outcome
from cardrules.serialize import FORMAT, Record

__all__ = [
    "DRAFT",
    "json_schema",
    "kinds",
    "load_schema",
    "main",
    "schema_text",
    "write_schemas",
]

DRAFT: Final = "https://json-schema.org/draft/2020-12/schema"
"""The ``$schema`` of every schema: JSON Schema draft 2020-12."""

_TAG: Final = "type"
_DECIMAL: Final = "^[0-9]{1,20}$"
_BEGIN: Final = "<!-- generated fields: begin (python -m cardrules.schema --docs FILE) -->"
_END: Final = "<!-- generated fields: end -->"
_REGENERATE: Final = (
    "python -m cardrules.schema --write src/cardrules/schemas --docs docs/reference/format.md"
)


def kinds(game: AnyGame | str) -> tuple[Kind, ...]:
    """
    The kinds of document that ``game`` has a schema for, in a fixed order.

    ``event`` comes only with a game's ``event_types``, ``value`` only with its
    ``value_types``.

    >>> kinds("beggar")[:6]
    ('state', 'view', 'move', 'record', 'rules', 'outcome')
    """
    found = _game(game)
    out: list[Kind] = ["state", "view", "move", "record", "rules", "outcome"]
    if found.event_types:
        out.append("event")
    if found.value_types:
        out.append("value")
    return tuple(out)


def json_schema(game: AnyGame | str, kind: Kind) -> dict[str, Any]:
    """
    The JSON Schema of an envelope of ``kind`` for ``game``, at its current format version.

    Args:
        game: a registered game or its name.
        kind: one of :func:`kinds` of the game.

    Returns:
        A new JSON-ready dict; ``properties.data`` refers to the schema of the data
        alone, in ``$defs``.

    Raises:
        CardrulesError: for an unknown game, or a kind the game has no documents of.
        TypeError: for a field type the generator does not know how to write.

    >>> schema = json_schema("biggenbende", "state")
    >>> schema["properties"]["version"]["const"], schema["properties"]["data"]
    (2, {'$ref': '#/$defs/State'})
    >>> schema["$defs"]["State"]["properties"]["rng"]["type"]
    'string'
    """
    found = _game(game)
    if kind not in kinds(found):
        raise CardrulesError(
            f"{found.name} has no {kind!r} documents; its kinds: {', '.join(kinds(found))}"
        )
    builder = _Builder(found)
    root = builder.root(kind)
    envelope_doc = _attribute_docs(_Envelope)
    properties: dict[str, Any] = {
        "format": {"const": FORMAT, "description": envelope_doc["format"]},
        "version": {"const": found.format_version, "description": envelope_doc["version"]},
        "game": {"const": found.name, "description": envelope_doc["game"]},
        "rules_version": {
            "type": "integer",
            "minimum": 1,
            "description": envelope_doc["rules_version"],
        },
        "type": {"const": kind, "description": envelope_doc["type"]},
        "data": {"$ref": f"#/$defs/{root}"},
    }
    required = list(properties)
    # A save signed with dumps(obj, key=...) carries its HMAC-SHA256, in hex.
    properties["signature"] = {
        "type": "string",
        "pattern": "^[0-9a-f]{64}$",
        "description": "HMAC-SHA256 of the other keys, when the text was signed (optional)",
    }
    return {
        "$schema": DRAFT,
        "title": f"cardrules {found.name} {kind}, format version {found.format_version}",
        "description": _clean(_first_paragraph(_Envelope)),
        "type": "object",
        "properties": properties,
        "required": required,
        "additionalProperties": False,
        "$defs": dict(sorted(builder.defs.items())),
    }


def schema_text(schema: dict[str, Any]) -> str:
    """
    The text of a schema file: JSON indented by two spaces, ending with a newline.

    >>> print(schema_text({"const": 1}), end="")
    {
      "const": 1
    }
    """
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def write_schemas(directory: Path | str) -> list[Path]:
    """
    Write the schema of the current format version of every game and kind.

    The files are ``directory/GAME/vN/KIND.json``. A file of that folder whose kind a
    game no longer has is removed; the folders of older versions are left alone.

    Args:
        directory: the schemas folder, ``src/cardrules/schemas`` in a checkout.

    Returns:
        The files written, in order.
    """
    written: list[Path] = []
    for name, game in GAMES.items():
        folder = Path(directory) / name / f"v{game.format_version}"
        folder.mkdir(parents=True, exist_ok=True)
        wanted = {f"{kind}.json" for kind in kinds(game)}
        for old in folder.glob("*.json"):
            if old.name not in wanted:
                old.unlink()
        for kind in kinds(game):
            path = folder / f"{kind}.json"
            path.write_text(schema_text(json_schema(game, kind)), encoding="utf-8")
            written.append(path)
    return written


def load_schema(game: str, kind: Kind, *, version: int | None = None) -> dict[str, Any]:
    """
    The schema file shipped in the package, of any format version.

    Args:
        game: the game's name.
        kind: the kind of document.
        version: the format version; ``None`` for the game's current one.

    Raises:
        CardrulesError: when the package has no such schema.

    >>> load_schema("beggar", "move", version=1)["properties"]["type"]["const"]
    'move'
    """
    if version is None:
        version = get_game(game).format_version
    path = importlib.resources.files("cardrules") / "schemas" / game / f"v{version}"
    file = path / f"{kind}.json"
    if not file.is_file():
        raise CardrulesError(f"no schema of {game} {kind} documents in format version {version}")
    loaded: dict[str, Any] = json.loads(file.read_text(encoding="utf-8"))
    return loaded


def main(argv: Sequence[str] | None = None) -> int:
    """
    ``python -m cardrules.schema``: write the schemas, print one, or update the docs.

    ``--write DIR`` writes the current schemas into ``DIR``; ``--docs FILE`` rewrites
    the generated field tables of the format page; with neither, ``GAME KIND`` prints
    one schema.

    >>> main(["beggar", "move"])  # doctest: +ELLIPSIS
    {
      "$schema": "https://json-schema.org/draft/2020-12/schema",
    ...
    0
    """
    parser = argparse.ArgumentParser(
        prog="python -m cardrules.schema", description="JSON Schemas of the cardrules format."
    )
    parser.add_argument("game", nargs="?", help="print the schema of this game ...")
    parser.add_argument("kind", nargs="?", help="... and this kind")
    parser.add_argument("--write", metavar="DIR", help="write every current schema into DIR")
    parser.add_argument("--docs", metavar="FILE", help="rewrite the field tables of FILE")
    args = parser.parse_args(argv)
    if args.write is None and args.docs is None:
        if args.game is None or args.kind is None:
            parser.error("give GAME and KIND, or --write DIR, or --docs FILE")
        try:
            sys.stdout.write(schema_text(json_schema(args.game, args.kind)))
        except CardrulesError as exc:
            parser.error(str(exc))
        return 0
    if args.write is not None:
        for path in write_schemas(args.write):
            print(f"wrote {path}")
    if args.docs is not None:
        path = Path(args.docs)
        path.write_text(_replace_fields(path.read_text(encoding="utf-8")), encoding="utf-8")
        print(f"updated {path}")
    return 0


# --------------------------------------------------------------------------- generator


@attrs.frozen
class _Envelope:
    """
    A cardrules document: an envelope around the data of one state, view, move, record,
    rules, outcome, event or value of one game.
    """

    format: str
    """Always ``"cardrules"``."""
    version: int
    """The game's format version the document is written in."""
    game: str
    """The registry name of the game."""
    rules_version: int
    """The game's rules version; ``loads`` reads only the one it plays."""
    type: str
    """What the document holds: its kind."""


def _game(game: AnyGame | str) -> AnyGame:
    return get_game(game) if isinstance(game, str) else game


def _is_class_union(tp: Any) -> bool:
    """A union of two or more attrs classes (``None`` allowed beside them)."""
    if typing.get_origin(tp) not in (Union, types.UnionType):
        return False
    members = [a for a in typing.get_args(tp) if a is not type(None)]
    return len(members) >= 2 and all(attrs.has(a) and _text_form(a) is None for a in members)


def _hints(cls: type) -> dict[str, Any]:
    hints = typing.get_type_hints(cls, vars(sys.modules[cls.__module__]), include_extras=True)
    return {field.name: hints.get(field.name, field.type) for field in attrs.fields(cls)}


def _unions(roots: Iterable[Any]) -> set[Any]:
    """Every union of attrs classes reachable from ``roots``."""
    seen: set[Any] = set()
    found: set[Any] = set()
    todo = list(roots)
    while todo:
        tp = todo.pop()
        if tp in seen:
            continue
        seen.add(tp)
        if _is_class_union(tp):
            found.add(tp)
        if isinstance(tp, type) and attrs.has(tp) and _text_form(tp) is None:
            todo.extend(_hints(tp).values())
        todo.extend(a for a in typing.get_args(tp) if not isinstance(a, (str, int, bool)))
    return found


class _Builder:
    """Builds the ``$defs`` of one game's schemas, one class at a time."""

    def __init__(self, game: AnyGame) -> None:
        self.game = game
        self.defs: dict[str, Any] = {}
        self.classes: dict[str, type] = {}
        roots = (game.Rules, game.State, game.View, *game.move_types)
        tagged = {*game.move_types, *game.event_types, *game.value_types}
        for union in _unions((*roots, *game.event_types, *game.value_types)):
            tagged.update(a for a in typing.get_args(union) if a is not type(None))
        self.tagged = frozenset(tagged)

    def root(self, kind: Kind) -> str:
        """Build the data schema of ``kind`` and return its name in ``$defs``."""
        game = self.game
        if kind == "state":
            return self.ref_name(game.State)
        if kind == "view":
            return self.ref_name(game.View)
        if kind == "rules":
            return self.ref_name(game.Rules)
        if kind == "outcome":
            return self.ref_name(Outcome)
        if kind == "move":
            return self.union("Move", game.move_types, "Any move of the game.")
        if kind == "event":
            return self.union("Event", game.event_types, "Any event of the game.")
        if kind == "value":
            return self.union("Value", game.value_types, "Any other value of the game.")
        return self.record()

    def claim(self, name: str, owner: type | None) -> None:
        known = self.classes.get(name)
        if name in self.defs and known is not owner:
            raise TypeError(f"two definitions named {name!r} in the {self.game.name} schema")
        if owner is not None:
            self.classes[name] = owner

    def union(self, name: str, members: Sequence[type], description: str) -> str:
        self.claim(name, None)
        self.defs[name] = {
            "description": description,
            "oneOf": [{"$ref": f"#/$defs/{self.ref_name(cls)}"} for cls in members],
        }
        return name

    def record(self) -> str:
        self.claim("Record", Record)
        moves = "Move" if "Move" in self.defs else self.root("move")
        docs = _attribute_docs(Record)
        start = {"anyOf": [self.ref(self.game.State), {"type": "null"}]}
        self.defs["Record"] = {
            "description": _clean(_first_paragraph(Record)),
            "type": "object",
            "properties": {
                "rules": {**self.ref(self.game.Rules), "description": docs["rules"]},
                "seed": {
                    "type": ["string", "null"],
                    "pattern": _DECIMAL,
                    "description": docs["seed"] + " A decimal string.",
                },
                "moves": {
                    "type": "array",
                    "items": {"$ref": f"#/$defs/{moves}"},
                    "description": docs["moves"],
                },
                "start": {**start, "description": docs["start"]},
            },
            "required": ["rules", "seed", "moves", "start"],
            "additionalProperties": False,
            # Exactly one of seed and start.
            "oneOf": [
                {"properties": {"seed": {"type": "string"}, "start": {"type": "null"}}},
                {"properties": {"seed": {"type": "null"}, "start": {"type": "object"}}},
            ],
        }
        return "Record"

    def ref(self, cls: type) -> dict[str, Any]:
        return {"$ref": f"#/$defs/{self.ref_name(cls)}"}

    def ref_name(self, cls: type) -> str:
        name = cls.__name__
        self.claim(name, cls)
        if name in self.defs:
            return name
        form = _text_form(cls)
        if form is not None:
            self.defs[name] = {
                "description": form.description,
                "type": "string",
                "pattern": form.pattern,
            }
            return name
        self.defs[name] = {}  # a placeholder while the fields are built (recursion)
        docs = _attribute_docs(cls)
        properties: dict[str, Any] = {}
        if cls in self.tagged:
            properties[_TAG] = {"const": name}
        for field, tp in _hints(cls).items():
            schema = self.of(tp)
            if field in docs:
                # A field written as compact text adds its form's description.
                extra = schema.get("description")
                text = docs[field] if extra is None else f"{docs[field]} {extra}"
                schema = {**schema, "description": text}
            properties[field] = schema
        self.defs[name] = {
            "description": _clean(_first_paragraph(cls)),
            "type": "object",
            "properties": properties,
            "required": list(properties),
            "additionalProperties": False,
        }
        return name

    def of(self, tp: Any) -> dict[str, Any]:
        """The schema of a value of type ``tp``."""
        if tp is None or tp is type(None):
            return {"type": "null"}
        if tp is bool:
            return {"type": "boolean"}
        if tp is int:
            return {"type": "integer"}
        if tp is str:
            return {"type": "string"}
        if tp is Rng:
            return {"type": "string", "pattern": _DECIMAL}
        packed = _packed_form(tp)
        if packed is not None:
            return {"type": "string", "pattern": packed.pattern, "description": packed.description}
        if isinstance(tp, type) and attrs.has(tp):
            return self.ref(tp)
        origin = typing.get_origin(tp)
        args = typing.get_args(tp)
        if origin is Literal:
            return _literal(args)
        if origin in (Union, types.UnionType):
            return self.union_of(tp, args)
        if origin is tuple:
            if len(args) == 2 and args[1] is Ellipsis:
                return {"type": "array", "items": self.of(args[0])}
            if args == ((),) or not args:
                return {"type": "array", "maxItems": 0}
            return {
                "type": "array",
                "prefixItems": [self.of(a) for a in args],
                "items": False,
                "minItems": len(args),
            }
        if origin in (frozenset, set):
            return {"type": "array", "items": self.of(args[0]), "uniqueItems": True}
        if origin is list:
            return {"type": "array", "items": self.of(args[0])}
        raise TypeError(f"{self.game.name}: no JSON Schema for the type {tp!r}")

    def union_of(self, tp: Any, args: tuple[Any, ...]) -> dict[str, Any]:
        if _is_class_union(tp):
            # Tagged: the "type" key picks the class.
            options = [self.ref(a) for a in args if a is not type(None)]
            if type(None) in args:
                options.append({"type": "null"})
            return {"oneOf": options}
        parts = [self.of(a) for a in args]
        if all(list(part) == ["type"] and isinstance(part["type"], str) for part in parts):
            return {"type": [part["type"] for part in parts]}
        return {"anyOf": parts}


def _literal(values: tuple[Any, ...]) -> dict[str, Any]:
    if len(values) == 1:
        return {"const": values[0]}
    if all(type(v) is str for v in values):
        return {"type": "string", "enum": list(values)}
    return {"enum": list(values)}


# --------------------------------------------------------------------------- descriptions


@functools.cache
def _attribute_docs(cls: type) -> dict[str, str]:
    """The docstring under each field of ``cls``, read from its source."""
    try:
        source = textwrap.dedent(inspect.getsource(cls))
    except (OSError, TypeError):  # pragma: no cover - classes without source
        return {}
    body = ast.parse(source).body[0]
    assert isinstance(body, ast.ClassDef)
    docs: dict[str, str] = {}
    for statement, following in zip(body.body, body.body[1:], strict=False):
        if (
            isinstance(statement, ast.AnnAssign)
            and isinstance(statement.target, ast.Name)
            and isinstance(following, ast.Expr)
            and isinstance(following.value, ast.Constant)
            and isinstance(following.value.value, str)
        ):
            docs[statement.target.id] = _clean(following.value.value)
    return docs


def _first_paragraph(cls: type) -> str:
    doc = inspect.cleandoc(cls.__doc__ or "")
    return doc.split("\n\n")[0]


def _clean(text: str) -> str:
    """reST to plain text on one line: ``x`` becomes `x`, roles keep the last name."""
    text = re.sub(r":[a-z]+:`~?(?:[\w.]+\.)?([\w]+)`", r"`\1`", text)
    text = text.replace("``", "`")
    # The JSON names of Python's constants.
    for python, json_name in (("None", "null"), ("True", "true"), ("False", "false")):
        text = text.replace(f"`{python}`", f"`{json_name}`")
    return " ".join(text.split())


# --------------------------------------------------------------------------- docs tables


def _describe(schema: dict[str, Any]) -> str:
    """A short name of the JSON type of ``schema`` for the docs tables."""
    if "$ref" in schema:
        return str(schema["$ref"]).rsplit("/", 1)[1]
    if "const" in schema:
        return json.dumps(schema["const"])
    if "enum" in schema:
        return " or ".join(json.dumps(v) for v in schema["enum"])
    options = schema.get("oneOf", schema.get("anyOf"))
    if options is not None:
        return " or ".join(_describe(part) for part in options)
    kind = schema.get("type")
    if isinstance(kind, list):
        return " or ".join(_describe({**schema, "type": k}) for k in kind)
    if kind == "array":
        if "prefixItems" in schema:
            return "[" + ", ".join(_describe(p) for p in schema["prefixItems"]) + "]"
        if "items" not in schema:
            return "empty array"
        return f"array of {_describe(schema['items'])}"
    if kind == "string" and schema.get("pattern") == _DECIMAL:
        return "decimal string"
    if kind == "string" and "pattern" in schema:
        return f"string `{schema['pattern']}`"
    return str(kind)


def _table(name: str, schema: dict[str, Any]) -> list[str]:
    lines = [f"**`{name}`**: {schema['description']}", ""]
    if "properties" not in schema:  # a class written as its text
        return [*lines[:-1], f"A string matching `{schema['pattern']}`.", ""]
    properties = schema["properties"]
    if not properties:
        return lines
    lines += ["| field | JSON | meaning |", "| --- | --- | --- |"]
    for field, part in properties.items():
        meaning = part.get("description", "the class name" if field == _TAG else "")
        cells = (f"`{field}`", _describe(part), meaning)
        lines.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    lines.append("")
    return lines


def _markdown() -> str:
    """The generated field tables of every game, in MyST Markdown."""
    lines: list[str] = []
    for name, game in GAMES.items():
        lines += [f"### {name} (format version {game.format_version})", ""]
        defs: dict[str, Any] = {}
        for kind in kinds(game):
            defs.update(json_schema(game, kind)["$defs"])
        order = [
            game.Rules.__name__,
            game.State.__name__,
            game.View.__name__,
            *(cls.__name__ for cls in game.move_types),
            *(cls.__name__ for cls in game.event_types),
            *(cls.__name__ for cls in game.value_types),
        ]
        # The other classes: objects, and classes written as text (a pattern).
        shown = [n for n in defs if "properties" in defs[n] or "pattern" in defs[n]]
        rest = [n for n in shown if n not in order and n != "Outcome"]
        for def_name in (*order, *sorted(rest)):
            if def_name != "Record":
                lines += _table(def_name, defs[def_name])
    outcome = json_schema(next(iter(GAMES.values())), "outcome")["$defs"]["Outcome"]
    lines += ["### Every game", "", *_table("Outcome", outcome)]
    return "\n".join(lines).rstrip("\n") + "\n"


def _replace_fields(text: str) -> str:
    """``text`` with the part between the markers replaced by :func:`_markdown`."""
    start = text.find(_BEGIN)
    end = text.find(_END)
    if start < 0 or end < start:
        raise CardrulesError(f"the docs page has no {_BEGIN!r} ... {_END!r} markers")
    return text[: start + len(_BEGIN)] + "\n\n" + _markdown() + "\n" + text[end:]


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
