"""
Progress bars for long runs: rich's bar with rate and time left, on a terminal only.

The bar comes from the optional ``progress`` extra (``pip install
'cardrules[progress]'``, which brings `rich`). Without it, or when the stream is not a
terminal (a pipe, a file, CI), nothing is drawn and nothing is printed.

>>> import io
>>> with progress("simulating", total=3, stream=io.StringIO()) as bar:
...     bar.advance(3)
>>> bar.done
3
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, TextIO


class Bar:
    """Counts what is done and, when drawing, moves the bar."""

    def __init__(self, task: Any = None, progress: Any = None) -> None:
        self.done = 0
        """How much is done."""
        self._task = task
        self._progress = progress

    def advance(self, amount: int = 1) -> None:
        """``amount`` more is done."""
        self.done += amount
        if self._progress is not None:
            self._progress.update(self._task, advance=amount)


def _rich() -> Any:
    try:
        import rich.progress
    except ImportError:
        return None
    return rich.progress


@contextmanager
def progress(label: str, *, total: int, stream: TextIO) -> Iterator[Bar]:
    """
    A progress bar of ``total`` steps on ``stream``, drawn only on a terminal with rich.

    The bar shows the count, the rate and the time left; it is removed when done.
    """
    rich = _rich() if stream.isatty() else None
    if rich is None:
        yield Bar()
        return
    from rich.console import Console

    with rich.Progress(
        rich.TextColumn("{task.description}"),
        rich.BarColumn(),
        rich.MofNCompleteColumn(),
        _rate_column(rich),
        rich.TimeRemainingColumn(),
        console=Console(file=stream),
        transient=True,
    ) as bar:
        task = bar.add_task(label, total=total)
        yield Bar(task, bar)


def _rate_column(rich: Any) -> Any:
    """A column of the current rate (items per second)."""

    class RateColumn(rich.ProgressColumn):  # type: ignore[misc]
        def render(self, task: Any) -> Any:
            from rich.text import Text

            speed = task.finished_speed or task.speed
            return Text("" if speed is None else f"{speed:,.0f}/s")

    return RateColumn()
