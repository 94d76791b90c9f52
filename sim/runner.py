"""Run a chunked kernel over trial indices on a backend, with a progress bar, a precision target and checkpoints.

A kernel is a module-level function ``fn(payload, key, start, count, keep_trials)`` returning
``(counts, trials)``: ``counts`` maps names to integer numpy arrays that add up across chunks, and
``trials`` is ``None`` or a dict of per-trial columns for trials ``start .. start+count-1``. Because
streams are counter-based (``sim.rng``) and counts are integer sums, the totals do not depend on the
chunking, on the order chunks finish in, on the number of workers or on the backend.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from sim import progress as progress_bars
from sim.checkpoint import ChunkStore
from sim.rng import experiment_key

MIN_CHUNK, MAX_CHUNK = 1 << 16, 1 << 24
FIRST_PRECISION_ROUND = 1 << 16


@dataclass
class RunOutput:
    counts: dict[str, np.ndarray]
    trials: dict[str, np.ndarray] | None
    n: int
    seconds: float
    chunks_loaded: int = 0  # finished chunks read back from a checkpoint instead of run


def default_chunk(n: int) -> int:
    """Trials per chunk: about 16 chunks a run, so both workers stay busy and progress moves, within bounds that
    amortise dispatch (≥ 65,536) and bound the work lost to a crash (≤ 16.8 M). It depends only on ``n``, so a
    resumed run plans the same chunks."""
    return min(MAX_CHUNK, max(MIN_CHUNK, -(-n // 16)))


def chunk_plan(start: int, n: int, chunk: int) -> list[tuple[int, int]]:
    """Split trials ``start .. start+n-1`` into (start, count) pieces."""
    return [(s, min(chunk, start + n - s)) for s in range(start, start + n, chunk)]


def _add(total: dict[str, np.ndarray], part: dict[str, np.ndarray]) -> None:
    for name, value in part.items():
        total[name] = total[name] + value if name in total else np.array(value, copy=True)


def run(
    fn: Callable,
    payload: object,
    n: int,
    seed: int,
    workers: int = 1,
    keep_trials: bool = False,
    precision: float | None = None,
    halfwidth: Callable[[dict[str, np.ndarray], int], float] | None = None,
    progress: bool = True,
    chunk: int | None = None,
    backend=None,
    store: ChunkStore | None = None,
    unit: str = "trial",
) -> RunOutput:
    """Run ``n`` trials, or with ``precision`` rounds of doubling size until ``halfwidth`` ≤ it (at most ``n``).

    ``backend`` (see ``sim.backends``) defaults to joblib processes when ``workers`` > 1. With a ``store``,
    each finished chunk is saved as it arrives and chunks already saved are loaded instead of rerun; per-trial
    columns then stay on disk (``store``) rather than in memory, so memory stays flat however long the run.
    """
    if backend is None:
        from sim.backends import make_backend

        backend = make_backend("local", workers)
    key = experiment_key(seed)
    chunk = chunk or default_chunk(n)
    started = time.perf_counter()
    counts: dict[str, np.ndarray] = {}
    pieces: dict[int, dict[str, np.ndarray]] = {}
    done = loaded = 0
    hold = keep_trials and store is None
    bar = progress_bars.bar(n, unit, progress)  # the command's bar when it opened one (sim.progress.task)
    try:
        while done < n:
            size = n - done if precision is None else min(n - done, max(FIRST_PRECISION_ROUND, done))
            todo = []
            for s, c in chunk_plan(done, size, chunk):
                saved = store.load(s, c) if store is not None else None
                if saved is None:
                    todo.append((fn, payload, key, s, c, keep_trials))
                    continue
                loaded += 1
                _collect(counts, pieces, hold, s, *saved)
                bar.update(c)
            for start, count, part, trial_cols in backend.map_unordered(_run_piece, todo):
                if store is not None:
                    store.save(start, count, part, trial_cols)
                _collect(counts, pieces, hold, start, part, trial_cols)
                bar.update(count)
            done += size
            if precision is not None and halfwidth is not None and halfwidth(counts, done) <= precision:
                break
    finally:
        bar.close()
    trials = None
    if hold:
        order = sorted(pieces)
        trials = {name: np.concatenate([pieces[s][name] for s in order]) for name in pieces[order[0]]}
    return RunOutput(counts, trials, done, time.perf_counter() - started, loaded)


def _collect(counts, pieces, hold, start, part, trial_cols) -> None:
    _add(counts, part)
    if hold:
        pieces[start] = trial_cols


def _run_piece(fn, payload, key, start, count, keep_trials):
    part, trial_cols = fn(payload, key, start, count, keep_trials)
    return start, count, part, trial_cols
