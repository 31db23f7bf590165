"""
The named sub-cases of Allegra's rules (``GAME.rule_cases``): derived from an event
and the state before its move, never saved.

>>> from cardrules.allegra._event_types import Ignored
>>> [name for name, test in RULE_CASES if test(Ignored(seat=1), None)]
['AL-7/ignored']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardrules.allegra._event_types import Exchanged, Ignored

__all__ = ["RULE_CASES"]


def _kind(kind: type) -> Callable[[Any, Any], bool]:
    def test(event: Any, before: Any) -> bool:
        return isinstance(event, kind)

    return test


RULE_CASES: tuple[tuple[str, Callable[[Any, Any], bool]], ...] = (
    ("AL-7/exchange", _kind(Exchanged)),
    ("AL-7/ignored", _kind(Ignored)),
)
"""Knocks answered by an exchange, or ignored by the drawer, who keeps the card (AL-7)."""
