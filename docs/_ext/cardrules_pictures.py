"""
A Sphinx directive that draws a real position into the page when the docs are built.

The pictures are never pasted: each is drawn from code by :func:`cardrules.svg.render_svg`
at build time, so they always show what the library draws. In MyST::

    ```{cardrules-picture}
    :game: beggar
    :seed: 7
    :moves: 23
    :seat: 1
    :notation:
    ```

deals ``game`` with ``seed`` (``:players:`` sets the players), plays ``:moves:`` moves
picked by ``random.Random(seed)`` from the legal moves, and shows the whole table, or
``:seat:``'s view, with the last move marked. ``:notation:`` shows the position in the
game's text notation above the picture. The picture is inline SVG in HTML output and
left out of the other builders.
"""

from __future__ import annotations

import random
from html import escape
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

import cardrules
from cardrules.svg import render_svg


def position(game_name: str, seed: int, moves: int, players: int | None) -> tuple[Any, ...]:
    """The game, the state after ``moves`` random moves, the last move and its mover."""
    game = cardrules.get_game(game_name)
    rules = game.Rules() if players is None else game.Rules(players=players)
    state = game.new_game(rules, seed=seed)
    rng = random.Random(seed)
    move = mover = None
    for _ in range(moves):
        if game.is_over(state):
            break
        mover = game.to_move(state)
        move = rng.choice(game.legal_moves(state))
        state = game.apply(state, move)
    return game, state, move, mover


class CardrulesPicture(SphinxDirective):
    """``cardrules-picture``: a position drawn at build time."""

    has_content = False
    option_spec: ClassVar[dict[str, Any]] = {
        "game": directives.unchanged_required,
        "seed": directives.nonnegative_int,
        "moves": directives.nonnegative_int,
        "players": directives.positive_int,
        "seat": directives.nonnegative_int,
        "notation": directives.flag,
        "width": directives.positive_int,
        "caption": directives.unchanged,
    }

    def run(self) -> list[nodes.Node]:
        name = self.options.get("game")
        if not name:
            raise self.error("cardrules-picture needs :game:")
        try:
            game, state, move, mover = position(
                name,
                self.options.get("seed", 1),
                self.options.get("moves", 0),
                self.options.get("players"),
            )
            seat = self.options.get("seat")
            shown = state if seat is None else game.view(state, seat)
            svg = render_svg(shown, game=game, last_move=move, mover=mover)
        except cardrules.CardrulesError as exc:
            raise self.error(f"cardrules-picture: {exc}") from exc
        out: list[nodes.Node] = []
        if "notation" in self.options and game.notation is not None:
            text = (
                game.notation.format_state(state)
                if seat is None
                else game.notation.format_view(shown)
            )
            out.append(nodes.literal_block(text, text))
        width = self.options.get("width", 440)
        whose = "the whole table" if seat is None else f"seat {seat}'s view"
        caption = self.options.get(
            "caption",
            f"{game.name}, seed {self.options.get('seed', 1)}, after "
            f"{self.options.get('moves', 0)} moves: {whose} (drawn by cardrules.svg when "
            "these docs were built)",
        )
        styled = svg.replace("<svg ", '<svg style="width:100%;height:auto" ', 1)
        html = (
            f'<figure class="cardrules-picture" style="max-width:{width}px;margin:1em 0">'
            f"{styled}"
            f'<figcaption style="font-size:0.85em;color:#5f6b7a">{escape(caption)}'
            "</figcaption></figure>"
        )
        out.append(nodes.raw("", html, format="html"))
        return out


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directive."""
    app.add_directive("cardrules-picture", CardrulesPicture)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
