"""Progress bars: rich's bar with rate and time left on a terminal, nothing elsewhere."""

from __future__ import annotations

import io

import pytest

from cardrules._progress import progress


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_terminal_gets_a_bar_with_count_and_rate() -> None:
    pytest.importorskip("rich", reason="the progress extra is not installed")
    stream = _Terminal()
    with progress("simulating beggar", total=20, stream=stream) as bar:
        for _ in range(20):
            bar.advance()
    text = stream.getvalue()
    assert "simulating beggar" in text
    assert "20/20" in text
    assert "/s" in text
    assert bar.done == 20


def test_a_pipe_gets_nothing() -> None:
    stream = io.StringIO()
    with progress("simulating beggar", total=5, stream=stream) as bar:
        bar.advance(5)
    assert stream.getvalue() == ""
    assert bar.done == 5
