"""
The quick readers of ``_fastdata`` against the detailed cattrs hooks they stand in for
(issue 14): the same data out, the same objects in, and never an object
from data the detailed hooks refuse.
"""

from __future__ import annotations

import copy
import json
import random
import re
from typing import Annotated, Any

import attrs
import cattrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules
from cardrules import serialize
from cardrules._convert import _setup, _unstructure
from cardrules._fastdata import GIVE_UP, Quick
from cardrules._forms import _as_text, _packed
from cardrules._load import _quick_read
from cardrules.game import AnyGame
from cardrules.serialize import MAX_SIZE
from tests._depth import scaled

GAMES = ("allegra", "beggar", "biggenbende")


def _states(game: AnyGame, seed: int, count: int = 12) -> list[Any]:
    """Some states of a seeded random game, spread over its length, the end included."""
    rules = game.Rules() if game.name == "beggar" else game.Rules(players=3 + seed % 2)
    choose = random.Random(seed).choice
    states = [game.new_game(rules, seed=seed)]
    while (legal := game.legal_moves(states[-1])) and len(states) < 3000:
        states.append(game.apply(states[-1], choose(legal)))
    step = max(1, len(states) // count)
    return [*states[::step], states[-1]]


def _slow_read(game: AnyGame, data: Any, cls: type) -> Any:
    return _setup(game).conv.structure(data, cls)


def _kinds(game: AnyGame, state: Any) -> list[tuple[type, Any]]:
    return [
        (game.State, state),
        (game.View, game.view(state, 0)),
        (game.Rules, state.rules),
    ]


@pytest.mark.parametrize("name", GAMES)
def test_every_game_has_quick_forms(name: str) -> None:
    game = cardrules.get_game(name)
    quick = _setup(game).quick
    for cls in (game.State, game.View, game.Rules):
        assert quick.reader(cls) is not None, cls


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_quick_forms_equal_the_detailed_hooks(name: str, seed: int) -> None:
    game = cardrules.get_game(name)
    setup = _setup(game)
    for state in _states(game, seed):
        for cls, obj in _kinds(game, state):
            data = cardrules.to_data(obj)
            detailed = setup.conv.unstructure(obj)
            assert data == detailed
            assert repr(data) == repr(detailed)  # lists stay lists, ints stay ints
            read = setup.quick.reader(cls)(json.loads(json.dumps(data)))  # type: ignore[misc]
            assert read == obj
            assert repr(read) == repr(obj)
            assert cardrules.loads(cardrules.dumps(obj)) == obj


def _other_values(value: Any) -> list[Any]:
    """Values of other JSON shapes than ``value`` (and near misses of the same one)."""
    out: list[Any] = [None, True, 0, 1.0, "1", [], {}, [value], -1, 2**70]
    if type(value) is int:
        out += [value + 1, -value - 1, bool(value % 2)]
    if type(value) is str:
        out += [value + "x", value[:-1]]
    return [v for v in out if not (type(v) is type(value) and v == value)]


def _paths(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into ``data`` (dict keys and list indices)."""
    out = [path]
    if isinstance(data, dict):
        for key, value in data.items():
            out += _paths(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            out += _paths(value, (*path, index))
    return out


def _mutate(data: Any, rng: random.Random) -> Any:
    """``data`` with one random change: a value replaced, a key dropped or added, an
    item dropped or added."""
    data = copy.deepcopy(data)
    paths = _paths(data)[1:]
    if not paths:  # all gone: the reader sees {} or []
        return data
    path = rng.choice(paths)
    parent = data
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    action = rng.randrange(4)
    if action == 0 or action == 1:
        parent[last] = rng.choice(_other_values(parent[last]))
    elif action == 2:
        del parent[last]
    elif isinstance(parent, dict):
        parent["extra"] = 1
    else:
        parent.insert(last, rng.choice([parent[last], None, True, 1, "x"]))
    return data


@settings(max_examples=scaled(50, 150), deadline=None)
@given(st.sampled_from(GAMES), st.integers(0, 2**32), st.integers(0, 2))
def test_quick_readers_take_only_what_the_detailed_hooks_take(
    name: str, seed: int, which: int
) -> None:
    game = cardrules.get_game(name)
    setup = _setup(game)
    rng = random.Random(seed)
    state = rng.choice(_states(game, seed % 7, count=4))
    cls, obj = _kinds(game, state)[which]
    data = json.loads(json.dumps(setup.conv.unstructure(obj)))
    for _ in range(3):
        data = _mutate(data, rng)
        quick = setup.quick.reader(cls)(copy.deepcopy(data))  # type: ignore[misc]
        if quick is GIVE_UP:
            continue
        slow = _slow_read(game, copy.deepcopy(data), cls)  # must not raise
        assert quick == slow
        assert repr(quick) == repr(slow)


def test_a_quick_read_never_shares_the_data_lists() -> None:
    game = cardrules.get_game("biggenbende")
    state = _states(game, 3, count=2)[1]
    data = json.loads(json.dumps(_setup(game).conv.unstructure(state)))
    read = _setup(game).quick.reader(game.State)(data)  # type: ignore[misc]
    data["chips"].append(99)  # (the count tuples travel as text, format version 2)
    assert read == state


# --------------------------------------------------------------------------- loads


def _quick_loads(text: str, max_size: int, game: object, kind: object) -> Any:
    """What the quick way of ``loads`` gives for ``text``: the object, or ``GIVE_UP``."""
    return _quick_read(text, max_size, game, kind, serialize.GAMES)


def _state_text(name: str) -> tuple[Any, str]:
    game = cardrules.get_game(name)
    state = _states(game, 5, count=2)[1]
    return state, cardrules.dumps(state)


@pytest.mark.parametrize("name", GAMES)
def test_loads_takes_the_quick_way_for_what_dumps_writes(name: str) -> None:
    state, text = _state_text(name)
    assert _quick_loads(text, MAX_SIZE, None, None) == state
    assert _quick_loads(text, MAX_SIZE, name, "state") == state
    assert _quick_loads(text, MAX_SIZE, None, "view") is GIVE_UP  # loads words it


@pytest.mark.parametrize(
    ("name", "old", "new"),
    [
        # A repeated key whose last value gives a valid state: the parse without the
        # duplicate-key hook keeps one, and only the count of ':' tells.
        ("beggar", '"max_cards":', '"max_cards":7,"max_cards":'),
        ("beggar", '"turn":', '"turn":0,"turn":'),
        ("allegra", '"round":', '"round":9,"round":'),
        ("biggenbende", '"players":', '"players":5,"players":'),
        ("biggenbende", '{"format":', '{"format":"x","format":'),
    ],
)
def test_a_repeated_key_is_refused_on_the_quick_way_too(name: str, old: str, new: str) -> None:
    _, text = _state_text(name)
    assert old in text
    forged = text.replace(old, new, 1)
    assert _quick_loads(forged, MAX_SIZE, None, None) is GIVE_UP
    with pytest.raises(cardrules.SerializationError, match="duplicate key"):
        cardrules.loads(forged)


def test_spaces_around_a_colon_keep_the_quick_way() -> None:
    state, text = _state_text("beggar")
    spaced = text.replace('"data":', '"data" : ', 1)
    assert _quick_loads(spaced, MAX_SIZE, None, None) == state


# --------------------------------------------------------------------------- text classes


@_as_text("^[a-z]{1,3}[0-9]$", "ab1", "A made-up code: letters, then a digit.")
@attrs.frozen
class _Code:
    letters: str
    digit: int

    @classmethod
    def from_str(cls, text: str) -> _Code:
        if not text[:-1].isalpha() or not text[:-1].islower() or not text[-1:].isdigit():
            raise ValueError(f"not a code: {text!r}")
        return cls(text[:-1], int(text[-1]))

    def __str__(self) -> str:
        return f"{self.letters}{self.digit}"


@attrs.frozen
class _Box:
    codes: tuple[_Code, ...]
    rows: tuple[tuple[_Code, ...], ...]
    first: _Code | None
    n: int


def _describe(exc: BaseException, path: str) -> str:
    from cardrules._load import _describe as describe

    return describe(exc, path)


def _quick_and_conv() -> tuple[Quick, cattrs.Converter]:
    from cardrules._convert import _configure_base

    conv = cattrs.Converter(detailed_validation=True, forbid_extra_keys=True)
    _configure_base(conv)
    return Quick(conv, frozenset()), conv


def test_a_class_written_as_text_is_read_through_a_table() -> None:
    quick, conv = _quick_and_conv()
    box = _Box((_Code("ab", 1), _Code("x", 0)), ((_Code("q", 9),), ()), None, 3)
    data = conv.unstructure(box)
    assert data == {
        "codes": ["ab1", "x0"],
        "rows": [["q9"], []],
        "first": None,
        "n": 3,
    }
    read = quick.reader(_Box)
    assert read is not None
    assert read(data) == conv.structure(data, _Box) == box
    again = read({**data, "first": "ab1"})
    assert again.first is again.codes[0]  # one shared object per text
    pairs = [0]  # the reader adds the key-value pairs it read
    assert read(data, pairs) == box
    assert pairs == [4]
    # Anything the strict hook refuses is left to it, which words the error.
    for bad in ("AB1", "ab", "ab1 ", " ab1", "ab12", 5, None, ["ab1"], {"letters": "ab"}):
        assert read({**data, "codes": ["x0", bad]}) is GIVE_UP, bad
        with pytest.raises(cattrs.ClassValidationError) as info:
            conv.structure({**data, "codes": ["x0", bad]}, _Box)
        message = _describe(info.value, "$")
        assert "expected a _Code as text, for example 'ab1'" in message, message
        assert message.endswith("@ $.codes[1]")
    assert read({**data, "codes": "ab1"}) is GIVE_UP  # a string is not a list of codes


def test_a_text_table_keeps_only_good_texts_and_is_bounded() -> None:
    from cardrules._fastdata import _MEMO_SIZE

    quick, _ = _quick_and_conv()
    read = quick.reader(_Box)
    assert read is not None
    table = quick._table(_Code)
    assert table is not None
    for i in range(3 * _MEMO_SIZE):
        text = "abc"[i % 3] * (1 + i // 3 % 3) + str(i % 10)
        read({"codes": [text, "bad"], "rows": [], "first": None, "n": 0})
        assert len(table) <= _MEMO_SIZE
    assert all(type(key) is str and str(value) == key for key, value in table.items())


def test_a_replaced_text_hook_is_never_bypassed() -> None:
    quick, conv = _quick_and_conv()
    conv.register_structure_hook(_Code, lambda data, _: _Code("zz", 0))
    assert quick.reader(_Box) is None


def test_a_text_writer_holds_what_it_learnt_and_is_bounded() -> None:
    from cardrules._fastdata import _MEMO_SIZE, _TextWriter

    writer = _TextWriter(str)
    codes = [_Code("abc"[i % 3] * (1 + i // 3 % 3), i % 10) for i in range(3 * _MEMO_SIZE)]
    assert writer.many(codes) == [str(code) for code in codes]
    assert len(writer._known) <= _MEMO_SIZE
    # Every id it knows is that of an object it holds, so no other object can have it.
    assert all(id(value) == key for key, (value, _) in writer._known.items())
    assert writer.many(codes[-5:]) == [str(code) for code in codes[-5:]]
    assert writer.one(_Code("zz", 1)) == "zz1"


# --------------------------------------------------------------------------- compact text

_FLAGS = _packed((False, True), "some flags", "101", "Flags.", length=3)
_NUMBERS = _packed((-1, *range(65), None), "some numbers", "-0a.", "Numbers.")


@attrs.frozen
class _Packs:
    flags: Annotated[tuple[bool, ...], _FLAGS]
    rows: tuple[Annotated[tuple[int | None, ...], _NUMBERS], ...]
    maybe: Annotated[tuple[int | None, ...], _NUMBERS] | None
    n: int


def test_a_tuple_written_as_compact_text_is_read_through_a_table() -> None:
    quick, conv = _quick_and_conv()
    packs = _Packs((True, False, True), ((-1, 0, 64, None), ()), None, 3)
    data = conv.unstructure(packs)
    assert data == {
        "flags": "101",
        "rows": ["-0%.", ""],
        "maybe": None,
        "n": 3,
    }
    read = quick.reader(_Packs)
    assert read is not None
    assert read(data) == conv.structure(data, _Packs) == packs
    assert type(read(data).flags[0]) is bool
    again = read({**data, "maybe": "-0%."})
    assert again.maybe is again.rows[0]  # one shared tuple per text
    pairs = [0]
    assert read(data, pairs) == packs
    assert pairs == [4]
    bad_rows: list[Any] = ["-0%!", "-0%&", "+", "-0 %", 5, None, [1, 2], "\u0661"]
    for bad in bad_rows:
        assert read({**data, "rows": ["", bad]}) is GIVE_UP, bad
        with pytest.raises(cattrs.ClassValidationError) as info:
            conv.structure({**data, "rows": ["", bad]}, _Packs)
        message = _describe(info.value, "$")
        assert "expected some numbers as text" in message, message
        assert message.endswith("@ $.rows[1]")
    for flags in ("10", "1011", "102", [True, False, True], "1O1"):
        assert read({**data, "flags": flags}) is GIVE_UP, flags
        with pytest.raises(cattrs.ClassValidationError) as info:
            conv.structure({**data, "flags": flags}, _Packs)
        message = _describe(info.value, "$")
        assert "expected some flags as text" in message, message
        assert message.endswith("@ $.flags")


def test_a_replaced_compact_text_hook_is_never_bypassed() -> None:
    quick, conv = _quick_and_conv()
    flags = Annotated[tuple[bool, ...], _FLAGS]
    conv.register_structure_hook_func(lambda tp: tp == flags, lambda data, _: ())
    assert quick.reader(_Packs) is None


# --------------------------------------------------------------------------- JSON text


def _data_way(obj: Any) -> str:
    """``dumps(obj)`` written the plain way: cattrs' data in the envelope, then
    ``json.dumps``."""
    setup, kind = serialize._classify(obj, None)
    envelope = serialize._envelope(setup.game, kind, _unstructure(setup, kind, obj))
    return json.dumps(envelope, separators=(",", ":"), allow_nan=False)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_dumps_writes_what_the_encoder_writes_of_the_data(name: str, seed: int) -> None:
    game = cardrules.get_game(name)
    for state in _states(game, seed):
        objs = [state, state.rules, *(game.view(state, s) for s in range(game.players(state)))]
        for obj in objs:
            assert cardrules.dumps(obj) == _data_way(obj)
            assert cardrules.loads(cardrules.dumps(obj)) == obj


def _odd_values(value: Any) -> list[Any]:
    """Values of other types than a field's ``value``: what a tampered object holds."""
    out: list[Any] = [None, True, False, 0, 7, -1, 2**70, "x", 'q"\\\u00e9', (), [], (1,), (True,)]
    if isinstance(value, tuple):
        out += [list(value), tuple(reversed(value)), (*value, None)]
        if value and isinstance(value[0], tuple):
            out += [tuple(map(list, value)), ((True,) * len(value[0]), *value[1:])]
    return [v for v in out if not (type(v) is type(value) and v == value)]


@pytest.mark.parametrize("name", GAMES)
def test_an_odd_field_gives_the_text_or_the_error_of_the_data_way(name: str) -> None:
    # A tampered object (a frozen class's field set by force) is written as the data
    # way writes it, or refused with the same error.
    game = cardrules.get_game(name)
    state = _states(game, 3, count=3)[1]
    objs = [state, state.rules, game.view(state, 0)]
    tried = 0
    for obj in objs:
        for field in attrs.fields(type(obj)):
            for odd in _odd_values(getattr(obj, field.name)):
                bent = copy.copy(obj)
                object.__setattr__(bent, field.name, odd)
                try:
                    expected: Any = _data_way(bent)
                except Exception as exc:
                    expected = type(exc)
                try:
                    got: Any = cardrules.dumps(bent)
                except Exception as exc:
                    got = type(exc)
                assert got == expected, (type(obj).__name__, field.name, odd)
                tried += 1
    assert tried > 100


# --------------------------------------------------------------------------- typed checks


@pytest.mark.parametrize("name", ["allegra", "biggenbende"])
def test_loads_runs_the_typed_check_and_else_check_state(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cardrules import _fastdata
    from cardrules.errors import InvalidStateError

    game = cardrules.get_game(name)
    typed = _fastdata._TYPED_CHECKS.get(game.check_state)
    assert typed is not None  # the game registered its typed fast path
    state = _states(game, 5, count=3)[1]
    text = cardrules.dumps(state)
    assert typed(cardrules.loads(text)) is True
    # A state that breaks an invariant but reads quickly: the typed path is not sure,
    # and check_state words the error, the same as without the typed path.
    broken = re.sub(r'"round":\d+,', '"round":9,', text, count=1)
    assert broken != text
    with pytest.raises(InvalidStateError) as info:
        cardrules.loads(broken)
    with monkeypatch.context() as patch:
        patch.delitem(_fastdata._TYPED_CHECKS, game.check_state)
        with pytest.raises(InvalidStateError) as plain:
            cardrules.loads(broken)
    assert str(info.value) == str(plain.value)
    assert "round" in str(info.value)
    # The registry is what loads consults: a typed path that passes everything lets
    # the broken state through (so it must be right), one that raises or says False
    # leaves it to check_state.
    monkeypatch.setitem(_fastdata._TYPED_CHECKS, game.check_state, lambda s: True)
    assert cardrules.loads(broken).round == 9
    for unsure in (lambda s: False, lambda s: 1 / 0, lambda s: 1):
        monkeypatch.setitem(_fastdata._TYPED_CHECKS, game.check_state, unsure)
        with pytest.raises(InvalidStateError):
            cardrules.loads(broken)
        assert cardrules.loads(text) == state


# --------------------------------------------------------------------------- layout


def test_the_load_path_imports_only_downwards() -> None:
    # Issue 27: loads goes down serialize -> _load -> _upgrade -> _convert -> _fastdata
    # -> _format, with the value forms the games declare (_forms) at the bottom; no
    # module imports one above it, and _forms imports none of them.
    import ast
    from pathlib import Path

    root = Path(cardrules.__file__).parent
    order = ["serialize", "_load", "_upgrade", "_convert", "_fastdata", "_format", "_forms"]
    for at, name in enumerate(order):
        tree = ast.parse((root / f"{name}.py").read_text(encoding="utf-8"))
        imported = {
            node.module.removeprefix("cardrules.")
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.module
        }
        assert imported & set(order[: at + 1]) == set(), name
