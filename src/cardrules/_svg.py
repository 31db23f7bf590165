"""
The drawing kit that every game's pictures share: a canvas, cards, backs, slots, labels.

A game's ``_svg`` module lays out its own table with these pieces, so that all games look
alike: the same card shape, the same back, the same marks for the seat to move and for
the last move. Every piece carries a ``<title>`` that says what it is (screen readers,
hover text), and the output is plain text built in a fixed order: the same input gives
the same bytes.

>>> canvas = Canvas(120, 70, "a card")
>>> canvas.card(10, 10, "7", "a seven, face up")
>>> canvas.back(60, 10, "a card, face down")
>>> svg = canvas.render()
>>> svg.startswith("<svg")
True
>>> svg.count("<title>")
3
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from html import escape

__all__ = ["CARD_H", "CARD_W", "Canvas", "esc"]

CARD_W = 34
"""The width of a card, in SVG units (pixels at natural size)."""
CARD_H = 48
"""The height of a card."""

_FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
_INK = "#1f2933"
_MUTED = "#5f6b7a"
_MARK = "#e8590c"  # the last move
_TURN = "#2b8a3e"  # the seat to move
_BACK = "#34568b"

# One <defs> for every picture: the back's pattern. Ids are fixed and carry a prefix so
# that several pictures on one HTML page share them harmlessly (they are identical).
_DEFS = (
    "<defs>"
    '<pattern id="cr-back" width="6" height="6" patternUnits="userSpaceOnUse" '
    'patternTransform="rotate(45)">'
    f'<rect width="6" height="6" fill="{_BACK}"/>'
    '<rect width="2" height="6" fill="#5b7db8"/>'
    "</pattern>"
    "</defs>"
)

_STYLE = (
    "<style>"
    f".cr text{{font-family:{_FONT};fill:{_INK}}}"
    f".cr .m{{fill:{_MUTED}}}"
    ".cr .b{font-weight:bold}"
    "</style>"
)


@lru_cache(maxsize=8192)
def _escaped(text: str) -> str:
    return escape(text, quote=True)


def esc(text: object) -> str:
    """
    Text made safe for SVG and HTML: ``&``, ``<``, ``>`` and quotes escaped.

    >>> esc('a < b & "c"')
    'a &lt; b &amp; &quot;c&quot;'
    """
    return _escaped(str(text))


# A card's look, drawn at the origin: the same for every card of one kind, so made once
# (each card is moved into place by its group's transform).
@lru_cache(maxsize=1024)
def _face(
    label: str,
    color: str,
    face: str,
    corner: str | None,
    badge: str | None,
    mark: bool,
    w: int,
    h: int,
) -> str:
    stroke, sw = (_MARK, 3) if mark else ("#7b8794", 1)
    size = 17 if len(label) <= 2 else 12 if len(label) <= 4 else 9
    small = label if corner is None else corner
    out = (
        f'<rect width="{w}" height="{h}" rx="4" fill="{face}" stroke="{stroke}" '
        f'stroke-width="{sw}"/>'
    )
    if small:
        out += (
            f'<text x="3" y="10" font-size="9" class="b" style="fill:{color}">{esc(small)}</text>'
        )
    out += (
        f'<text x="{w / 2:g}" y="{h / 2 + size / 3 + 2:g}" font-size="{size}" class="b" '
        f'text-anchor="middle" style="fill:{color}">{esc(label)}</text>'
    )
    if badge:
        out += (
            f'<rect x="{w - 17}" y="{h - 13}" width="19" height="14" rx="7" fill="{_INK}"/>'
            f'<text x="{w - 7.5:g}" y="{h - 2.5:g}" font-size="9" class="b" '
            f'text-anchor="middle" style="fill:#ffffff">{esc(badge)}</text>'
        )
    return out


@lru_cache(maxsize=1024)
def _back(mark: bool, w: int, h: int, depth: int, note: str | None, note_y: float | None) -> str:
    stroke, sw = (_MARK, 3) if mark else ("#1b2b48", 1)
    out = ""
    for layer in range(depth, 0, -1):
        out += (
            f'<rect x="{2 * layer}" y="{-2 * layer}" width="{w}" height="{h}" rx="4" '
            f'fill="{_BACK}" stroke="#1b2b48"/>'
        )
    out += (
        f'<rect width="{w}" height="{h}" rx="4" fill="url(#cr-back)" stroke="{stroke}" '
        f'stroke-width="{sw}"/>'
    )
    if note:
        base = h / 2 + 3.5 if note_y is None else note_y
        out += (
            f'<rect x="3" y="{base - 11.5:g}" width="{w - 6}" height="15" rx="3" '
            'fill="#ffffff" fill-opacity="0.9"/>'
            f'<text x="{w / 2:g}" y="{base:g}" font-size="10" class="b" '
            f'text-anchor="middle">{esc(note)}</text>'
        )
    return out


class Canvas:
    """
    An SVG picture built piece by piece, in drawing order.

    Args:
        width: the natural width in pixels (the picture scales: it has a ``viewBox``).
        height: the natural height.
        title: what the whole picture shows (its first ``<title>``).
    """

    __slots__ = ("_parts", "height", "title", "width")

    def __init__(self, width: int, height: int, title: str) -> None:
        self.width = width
        self.height = height
        self.title = title
        self._parts: list[str] = []

    # ------------------------------------------------------------------ pieces

    def raw(self, markup: str) -> None:
        """Add markup as it is (already escaped)."""
        self._parts.append(markup)

    def text(
        self,
        x: float,
        y: float,
        text: str,
        *,
        size: int = 12,
        bold: bool = False,
        muted: bool = False,
        anchor: str = "start",
        fill: str | None = None,
        title: str | None = None,
    ) -> None:
        """A line of text whose baseline starts (or is centred, ``anchor``) at ``x, y``."""
        cls = " ".join(c for c in ("b" if bold else "", "m" if muted else "") if c)
        attrs = f' class="{cls}"' if cls else ""
        if fill is not None:
            attrs += f' style="fill:{fill}"'
        if anchor != "start":
            attrs += f' text-anchor="{anchor}"'
        inner = f"<title>{esc(title)}</title>" if title else ""
        self._parts.append(
            f'<text x="{x:g}" y="{y:g}" font-size="{size}"{attrs}>{inner}{esc(text)}</text>'
        )

    def box(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        title: str,
        *,
        fill: str = "none",
        stroke: str = "#c9d1d9",
        width: float = 1,
        dash: bool = False,
        radius: int = 6,
        cls: str = "area",
    ) -> None:
        """A rounded rectangle (a seat's area, a band), with its title."""
        dashed = ' stroke-dasharray="4 3"' if dash else ""
        self._parts.append(
            f'<g class="{cls}"><title>{esc(title)}</title>'
            f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="{radius}" '
            f'fill="{fill}" stroke="{stroke}" stroke-width="{width:g}"{dashed}/></g>'
        )

    def card(
        self,
        x: float,
        y: float,
        label: str,
        title: str,
        *,
        color: str = _INK,
        face: str = "#ffffff",
        corner: str | None = None,
        badge: str | None = None,
        mark: bool = False,
        w: int = CARD_W,
        h: int = CARD_H,
        data: str = "",
    ) -> None:
        """
        A face-up card: ``label`` large in the middle, ``corner`` (default ``label``)
        small at the top left, an optional ``badge`` (``x3``) at the bottom right, and an
        orange edge when ``mark`` (the last move touched it).
        """
        extra = f' data-card="{esc(data)}"' if data else ""
        self._parts.append(
            f'<g class="card up"{extra} transform="translate({x:g} {y:g})">'
            f"<title>{esc(title)}</title>"
            f"{_face(label, color, face, corner, badge, mark, w, h)}</g>"
        )

    def back(
        self,
        x: float,
        y: float,
        title: str,
        *,
        mark: bool = False,
        w: int = CARD_W,
        h: int = CARD_H,
        depth: int = 0,
        note: str | None = None,
        note_y: float | None = None,
    ) -> None:
        """
        A face-down card (the back): ``depth`` extra edges behind it make a stack;
        ``note`` is small text on the back (a count, or what a full table knows), centred
        or with its baseline ``note_y`` below the card's top.
        """
        self._parts.append(
            f'<g class="card down" transform="translate({x:g} {y:g})">'
            f"<title>{esc(title)}</title>{_back(mark, w, h, depth, note, note_y)}</g>"
        )

    def slot(
        self,
        x: float,
        y: float,
        title: str,
        *,
        mark: bool = False,
        w: int = CARD_W,
        h: int = CARD_H,
    ) -> None:
        """An empty place where a card was (dashed outline)."""
        stroke = _MARK if mark else "#9aa5b1"
        self._parts.append(
            f'<g class="card gone" transform="translate({x:g} {y:g})">'
            f'<title>{esc(title)}</title><rect width="{w}" height="{h}" rx="4" fill="none" '
            f'stroke="{stroke}" stroke-dasharray="3 3"/></g>'
        )

    def seat_label(
        self,
        x: float,
        y: float,
        name: str,
        detail: str,
        *,
        to_move: bool = False,
        you: bool = False,
        note: str = "",
    ) -> None:
        """A seat's name (bold), a detail after it, and a green ``▶`` when it is to move."""
        title = name + (" (this view's seat)" if you else "") + (", to move" if to_move else "")
        if detail:
            title += f": {detail}"
        out = f'<g class="seat"><title>{esc(title)}</title>'
        if to_move:
            out += (
                f'<text x="{x:g}" y="{y:g}" font-size="13" class="b" '
                f'style="fill:{_TURN}">\u25b6</text>'
            )
        left = x + (15 if to_move else 0)
        shown = name + (" (you)" if you else "")
        out += (
            f'<text x="{left:g}" y="{y:g}" font-size="13" class="b"'
            + (f' style="fill:{_TURN}"' if to_move else "")
            + f">{esc(shown)}"
            + (
                f'<tspan class="m" font-weight="normal"> \u00b7 {esc(detail)}</tspan>'
                if detail
                else ""
            )
            + (
                f'<tspan font-weight="bold" style="fill:{_TURN}"> {esc(note)}</tspan>'
                if note
                else ""
            )
            + "</text></g>"
        )
        self._parts.append(out)

    def banner(self, y: float, text: str, *, title: str | None = None) -> None:
        """The last move, in orange, across the picture's width."""
        self._parts.append(
            f'<g class="last"><title>{esc(title or text)}</title>'
            f'<rect x="6" y="{y - 14:g}" width="{self.width - 12}" height="20" rx="4" '
            f'fill="#fff4e6" stroke="{_MARK}"/>'
            f'<text x="12" y="{y:g}" font-size="12">{esc(text)}</text></g>'
        )

    # ------------------------------------------------------------------ output

    def render(self) -> str:
        """The picture as one standalone SVG document (no XML declaration)."""
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" class="cr" width="{self.width}" '
            f'height="{self.height}" viewBox="0 0 {self.width} {self.height}" role="img">'
            f"<title>{esc(self.title)}</title>{_STYLE}{_DEFS}"
            f'<rect width="{self.width}" height="{self.height}" fill="#f7f9fb"/>'
        )
        return head + "".join(self._parts) + "</svg>"


def fan(count: int, room: float, *, step: float = 24, w: int = CARD_W) -> float:
    """
    The step between overlapping cards so that ``count`` of them fit in ``room``.

    >>> fan(3, 200), fan(20, 200)
    (24, 8.736842105263158)
    """
    if count <= 1:
        return step
    return min(step, (room - w) / (count - 1))


def table_canvas(
    width: int,
    height: int,
    game: str,
    you: int | None,
    players: int,
    standing: str,
    standing_title: str,
) -> Canvas:
    """
    A game's picture with its heading: the game's name, and on the right where the game
    stands (``standing``, told in full by ``standing_title``). ``you`` is the seat whose
    view it is, or ``None`` for the whole table.
    """
    kind = "the whole table" if you is None else f"seat {you}'s view"
    canvas = Canvas(width, height, f"{game}, {kind}: {plural(players, 'player')}")
    canvas.text(8, 20, game, size=15, bold=True)
    canvas.text(width - 8, 20, standing, muted=True, anchor="end", title=standing_title)
    return canvas


def plural(number: int, word: str) -> str:
    """
    ``1 card``, ``2 cards``.

    >>> plural(0, "card")
    '0 cards'
    """
    return f"{number} {word}" if number == 1 else f"{number} {word}s"


def words(items: Sequence[str]) -> str:
    """
    Items joined as prose: ``a, b and c``.

    >>> words(["a", "b", "c"]), words([])
    ('a, b and c', 'none')
    """
    if not items:
        return "none"
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " and " + items[-1]
