"""
``loads`` keeps its promise for every input inside its size cap (issue 25, rows L1
and L2): an error message costs no sorting of the input's key names, however many,
and parsing any text under 4 MiB peaks under 100 MB. No time is asserted: the first
rows count comparisons, the others measure memory with ``tracemalloc``.
"""

from __future__ import annotations

import json
import tracemalloc
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import cattrs
import pytest

import cardrules
from cardrules import beggar
from cardrules.errors import SerializationError
from cardrules.serialize import MAX_SIZE

_KEYS = 20_000
_PEAK_LIMIT = 100_000_000


class _Counted(str):
    """A key name that counts how often it is compared."""

    compared = 0

    def __lt__(self, other: object) -> bool:
        _Counted.compared += 1
        return str.__lt__(self, other)  # type: ignore[operator]

    def __gt__(self, other: object) -> bool:
        _Counted.compared += 1
        return str.__gt__(self, other)  # type: ignore[operator]

    __hash__ = str.__hash__


class _Name:
    """What cattrs holds as an extra field: ``str()`` of it gives a counted name."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __str__(self) -> str:
        return _Counted(self.text)


def _names(count: int) -> Iterator[str]:
    # Not in order: sorting them costs n log n comparisons, finding the least five n.
    return (f"k{(i * 7919) % count:06d}" for i in range(count))


@attrs.frozen
class _Box:
    a: int


def _extra_fields_message() -> str:
    from cardrules import _load

    exc = cattrs.ForbiddenExtraKeysError("", _Box, {_Name(n) for n in _names(_KEYS)})  # type: ignore[misc]
    return _load._format_exception(exc, _Box)


def _envelope_message() -> str:
    from cardrules import _load, serialize

    doc: dict[str, Any] = {
        "format": "cardrules",
        "version": 2,
        "game": "beggar",
        "rules_version": 1,
        "type": "move",
        "data": {"type": "Turn"},
    }
    doc.update((_Counted(n), 0) for n in _names(_KEYS))
    try:
        _load._check_envelope(doc, serialize.GAMES)
    except SerializationError as exc:
        return str(exc)
    raise AssertionError("not refused")


def _record_message() -> str:
    from cardrules import _load

    data: dict[str, Any] = {"rules": {"players": 2, "max_cards": None}, "seed": "1", "moves": []}
    data.update((_Counted(n), 0) for n in _names(_KEYS))
    try:
        _load._read(beggar.GAME, "record", beggar.GAME.format_version, data, "$.data")
    except SerializationError as exc:
        return str(exc)
    raise AssertionError("not refused")


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        (
            _extra_fields_message,
            "extra fields found (k000000, k000001, k000002, k000003, k000004, ...)",
        ),
        (
            _envelope_message,
            "$: unknown envelope keys k000000, k000001, k000002, k000003, k000004",
        ),
        (
            _record_message,
            "$.data: unknown record keys k000000, k000001, k000002, k000003, k000004, ...",
        ),
    ],
    ids=["extra fields", "envelope keys", "record keys"],
)
def test_l1_a_message_about_many_unknown_keys_sorts_none_of_them(
    message: Callable[[], str], expected: str
) -> None:
    # Sorting 20,000 names takes some 260,000 comparisons; the five least take one
    # pass (about one comparison each, and a few more).
    _Counted.compared = 0
    text = message()
    assert text.startswith(expected) or expected in text, text
    assert len(text) < 400
    assert _Counted.compared < 2 * _KEYS, _Counted.compared


@pytest.mark.slow
def test_l1_loads_of_340000_unknown_keys_gives_a_short_message() -> None:
    doc = json.loads(cardrules.dumps(beggar.new_game(seed=1)))
    doc["data"].update((f"k{i:06d}", 0) for i in range(340_000))
    text = json.dumps(doc, separators=(",", ":"))
    assert len(text) < MAX_SIZE
    with pytest.raises(SerializationError) as info:
        cardrules.loads(text)
    assert str(info.value) == (
        "invalid data: extra fields found (k000000, k000001, k000002, k000003, k000004, ...)"
        " @ $.data"
    )


def _record_text(moves: str) -> str:
    rules = json.dumps(cardrules.to_data(beggar.Rules()), separators=(",", ":"))
    return (
        '{"format":"cardrules","version":2,"game":"beggar","rules_version":1,'
        f'"type":"record","data":{{"rules":{rules},"seed":"1","start":null,"moves":[{moves}]}}}}'
    )


def _filled(unit: str, chars: int) -> str:
    return (unit * (chars // len(unit)))[:-1]


def _peak(text: str | bytes) -> tuple[int, Any]:
    """The peak bytes allocated while ``loads`` reads ``text``, and what it gave."""
    tracemalloc.start()
    try:
        try:
            result: Any = cardrules.loads(text)
        except SerializationError as exc:
            result = exc
        return tracemalloc.get_traced_memory()[1], result
    finally:
        tracemalloc.stop()


def test_l2_a_million_empty_objects_are_refused_before_parsing() -> None:
    text = _record_text(_filled("{},", MAX_SIZE - 400))
    assert len(text) <= MAX_SIZE
    peak, result = _peak(text)
    assert isinstance(result, SerializationError)
    assert "JSON objects and arrays" in str(result)
    assert "over the limit of 262144" in str(result)
    assert peak < _PEAK_LIMIT, peak


@pytest.mark.slow
@pytest.mark.parametrize(
    "moves",
    [
        # The most objects allowed, each as costly as eleven characters make one, and
        # two-character strings (a new object each) in the rest.
        _filled('{"a":"bc"},', 262_000 * 11)
        + ","
        + _filled('"ab",', MAX_SIZE - 262_000 * 11 - 500),
        _filled('{"type":"Turn"},', MAX_SIZE - 400),  # read whole: 262,000 moves
        _filled("[],", 262_000 * 3) + "," + _filled("0.5,", MAX_SIZE - 262_000 * 3 - 500),
    ],
    ids=["objects and strings", "valid moves", "lists and floats"],
)
@pytest.mark.parametrize("as_bytes", [False, True], ids=["str", "bytes"])
def test_l2_any_text_under_the_cap_peaks_under_100_mb(moves: str, as_bytes: bool) -> None:
    text = _record_text(moves)
    assert len(text) <= MAX_SIZE
    peak, _ = _peak(text.encode() if as_bytes else text)
    assert peak < _PEAK_LIMIT, peak


def test_l2_the_object_limit_grows_with_max_size() -> None:
    text = _record_text(_filled("{},", 300_000 * 3))  # 300,000 objects, over 262,144
    with pytest.raises(SerializationError, match="over the limit of 262144"):
        cardrules.loads(text)
    with pytest.raises(SerializationError, match=r"unknown 'type' None.* @ \$\.data\.moves\[0\]"):
        cardrules.loads(text, max_size=2 * MAX_SIZE)  # 524,288 allowed: parsed, then refused


@pytest.mark.slow
def test_l2_an_honest_long_record_is_read() -> None:
    record = cardrules.Record(game="beggar", rules=beggar.Rules(), seed=3)
    record = attrs.evolve(record, moves=(beggar.Turn(),) * 100_000)
    assert cardrules.loads(cardrules.dumps(record)) == record
