"""Pictures as pixels: the raster extra (CairoSVG) and PettingZoo's ``rgb_array``."""

from __future__ import annotations

import sys

import pytest

import cardrules
from cardrules import beggar
from cardrules.errors import CardrulesError
from cardrules.svg import RASTER_EXTRA, render_svg, to_rgb_array


def test_without_the_extra_the_error_names_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "cairosvg", None)  # as if not installed
    with pytest.raises(CardrulesError, match=rf"pip install 'cardrules\[{RASTER_EXTRA}\]'"):
        to_rgb_array(render_svg(beggar.new_game(seed=1)))


def test_a_picture_in_pixels() -> None:
    pytest.importorskip("cairosvg", reason="CairoSVG is not installed (the raster extra)")
    numpy = pytest.importorskip("numpy")
    state = beggar.new_game(seed=1)
    pixels = to_rgb_array(render_svg(state))
    assert pixels.shape == (344, 420, 3)
    assert pixels.dtype == numpy.uint8
    assert (pixels[0, 0] == (0xF7, 0xF9, 0xFB)).all()  # the background
    assert len(numpy.unique(pixels.reshape(-1, 3), axis=0)) > 20  # cards, text, marks
    after = beggar.apply(state, beggar.Turn())
    assert (to_rgb_array(render_svg(after)) != pixels).any()
    assert to_rgb_array(render_svg(state), scale=2).shape == (688, 840, 3)


def test_pettingzoo_renders_rgb_arrays() -> None:
    pytest.importorskip("cairosvg", reason="CairoSVG is not installed (the raster extra)")
    pytest.importorskip("pettingzoo", reason="PettingZoo is not installed")
    from cardrules.pettingzoo import CardrulesEnv

    game = cardrules.get_game("allegra")
    env = CardrulesEnv(game, render_mode="rgb_array", players=3)
    assert "rgb_array" in list(env.metadata["render_modes"])  # type: ignore[call-overload]
    env.reset(seed=3)
    frame = env.render()
    assert frame.ndim == 3
    assert frame.shape[2] == 3
    seat = int(env.agent_selection.split("_")[1])
    expected = to_rgb_array(render_svg(env.state_, seat=seat))
    assert (frame == expected).all()  # the view of the seat to move, as ansi shows it
