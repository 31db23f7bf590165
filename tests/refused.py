"""
Pin *which* refusal an error is, not its wording: the path of the bad field and the rule
ID it cites. The wording of messages may change (and is checked elsewhere); the path and
the rule are what a caller, a log reader and the mutation tests rely on.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from cardrules.errors import CardrulesError, IllegalMoveError


@contextmanager
def refused(
    kind: type[CardrulesError], path: str | None = None, rule: str | None = None
) -> Iterator[None]:
    """
    Expect ``kind`` raised in the block, whose message starts with ``path:`` (an
    :class:`~cardrules.errors.InvalidStateError` or a serialisation error) and cites
    ``rule`` (``"BM-5"``; for an :class:`~cardrules.errors.IllegalMoveError`, its
    ``rule`` attribute).

    >>> from cardrules.errors import InvalidStateError
    >>> with refused(InvalidStateError, "turn", "BM-4"):
    ...     raise InvalidStateError("turn: seat 5 out of range (BM-4)")
    """
    with pytest.raises(kind) as caught:
        yield
    text = str(caught.value)
    if path is not None:
        assert text.startswith(f"{path}: "), f"expected the path {path!r} in {text!r}"
    if rule is not None:
        if isinstance(caught.value, IllegalMoveError):
            assert caught.value.rule == rule, f"expected rule {rule}, not {caught.value.rule}"
        else:
            cited = re.search(rf"(?<![\w-]){re.escape(rule)}(?![\w-])", text)
            assert cited, f"expected the rule {rule} in {text!r}"
