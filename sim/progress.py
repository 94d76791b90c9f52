"""Progress bars for long commands: one bar with an ETA on stderr, silent with ``--no-progress`` and when stderr
is not a terminal.

A command that makes several runs (``compare``, ``sweep``, ``report``, ``demo``, and later ``tune`` and
``balance``) opens one ``task`` with the total work in trials or games; every ``sim.runner.run`` inside it then
advances that one bar instead of drawing its own, so the ETA covers the whole command::

    with progress.task(total=2 * trials, unit="trial", desc="compare", enabled=opts["progress"]):
        a = run_battle(...)
        b = run_battle(...)

Outside a task, a run draws its own bar (``bar``), as ``sim run`` and ``sim battle`` always did.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager

from tqdm import tqdm

_active: list[tqdm] = []  # the open task bars, innermost last


def shown(enabled: bool) -> bool:
    """A bar is drawn only when asked for and stderr is a terminal (never into a log file or a pipe)."""
    return bool(enabled) and sys.stderr.isatty()


def _new(total: float | None, unit: str, desc: str | None, enabled: bool, delay: float) -> tqdm:
    return tqdm(
        total=total, unit=unit, unit_scale=True, desc=desc, delay=delay, disable=not shown(enabled), leave=False,
        file=sys.stderr, dynamic_ncols=True,
    )  # fmt: skip


@contextmanager
def task(total: float | None, unit: str = "trial", desc: str | None = None, enabled: bool = True) -> Iterator[tqdm]:
    """One bar for a whole command; runs inside it advance it. ``total`` may be None when it is not known."""
    bar = _new(total, unit, desc, enabled, delay=0.5)
    _active.append(bar)
    try:
        yield bar
    finally:
        _active.remove(bar)
        bar.close()


class _Forward:
    """A run's view of the enclosing task's bar: updates go to the task, closing leaves it open."""

    def __init__(self, parent: tqdm):
        self.parent = parent

    def update(self, n: float = 1) -> None:
        self.parent.update(n)

    def close(self) -> None:
        pass


def bar(total: float | None, unit: str = "trial", enabled: bool = True):
    """The bar one run advances: the enclosing task's when a command opened one, else a bar of its own (drawn
    after 2 s, so short runs stay quiet)."""
    if _active:
        return _Forward(_active[-1])
    return _new(total, unit, None, enabled, delay=2.0)


def advance(n: float = 1) -> None:
    """Advance the enclosing task by ``n`` units of work done outside ``sim.runner`` (e.g. an exact solve)."""
    if _active:
        _active[-1].update(n)
