"""
Beggar's notation: a field of too many parts is refused at the separator too many, with
the text quoted (issue 23: passing no text to ``parts`` lived, as if it never read it).
"""

from __future__ import annotations

import pytest

from cardrules import beggar as bg
from cardrules.errors import NotationError

_START = bg.new_game(bg.Rules(players=2), seed=0)


@pytest.mark.parametrize(
    ("parse", "text", "field"),
    [
        (bg.parse_state, bg.format_state(_START), 1),  # the stacks
        (bg.parse_view, bg.format_view(bg.view(_START, 0)), 2),  # the stack sizes
    ],
    ids=["state", "view"],
)
def test_a_field_of_more_than_1024_parts_is_refused_at_the_separator_too_many(
    parse: object, text: str, field: int
) -> None:
    fields = text.split(" ")
    fields[field] = "/".join(["1"] * 1100)
    bad = " ".join(fields)
    where = len(" ".join(fields[:field]))
    for _ in range(1024):
        where = bad.index("/", where + 1)
    with pytest.raises(NotationError) as info:
        parse(bad)  # type: ignore[operator]
    assert info.value.text == bad[:200]
    assert str(info.value).startswith(
        f"column {where + 1}: at most 1,024 parts separated by '/' in a field: "
    )
