"""Run a chunked kernel over trial indices on joblib workers, with a progress bar and a precision target.

A kernel is a module-level function ``fn(payload, key, start, count, keep_trials)`` returning
``(counts, trials)``: ``counts`` maps names to integer numpy arrays that add up across chunks, and
``trials`` is ``None`` or a dict of per-trial columns for trials ``start .. start+count-1``. Because
streams are counter-based (``sim.rng``) and counts are integer sums, the totals do not depend on the
chunking, on the order chunks finish in, or on the number of workers.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from joblib import Parallel, delayed
from tqdm import tqdm

from sim.rng import experiment_key

CHUNK = 1 << 22  # trials per chunk: big enough to amortise dispatch, small enough to show progress
FIRST_PRECISION_ROUND = 1 << 16


@dataclass
class RunOutput:
    counts: dict[str, np.ndarray]
    trials: dict[str, np.ndarray] | None
    n: int
    seconds: float


def chunk_plan(start: int, n: int, chunk: int = CHUNK) -> list[tuple[int, int]]:
    """Split trials ``start .. start+n-1`` into (start, count) pieces."""
    return [(s, min(chunk, start + n - s)) for s in range(start, start + n, chunk)]


def _add(total: dict[str, np.ndarray], part: dict[str, np.ndarray]) -> None:
    for name, value in part.items():
        if name in total:
            total[name] = total[name] + value
        else:
            total[name] = np.array(value, copy=True)


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
    chunk: int = CHUNK,
) -> RunOutput:
    """Run ``n`` trials (or, with ``precision``, rounds of doubling size until ``halfwidth`` ≤ it, at most ``n``)."""
    key = experiment_key(seed)
    started = time.perf_counter()
    counts: dict[str, np.ndarray] = {}
    pieces: dict[int, dict[str, np.ndarray]] = {}
    done = 0
    bar = tqdm(total=n, unit="trial", unit_scale=True, delay=2.0, disable=not progress, leave=False)
    pool = Parallel(n_jobs=workers, return_as="generator_unordered") if workers > 1 else None
    try:
        while done < n:
            size = n - done if precision is None else min(n - done, max(FIRST_PRECISION_ROUND, done))
            plan = chunk_plan(done, size, chunk)
            tasks = (delayed(_run_piece)(fn, payload, key, s, c, keep_trials) for s, c in plan)
            results = pool(tasks) if pool is not None else (t[0](*t[1], **t[2]) for t in tasks)
            for start, count, part, trial_cols in results:
                _add(counts, part)
                if keep_trials:
                    pieces[start] = trial_cols
                bar.update(count)
            done += size
            if precision is not None and halfwidth is not None and halfwidth(counts, done) <= precision:
                break
    finally:
        bar.close()
    trials = None
    if keep_trials:
        order = sorted(pieces)
        trials = {name: np.concatenate([pieces[s][name] for s in order]) for name in pieces[order[0]]}
    return RunOutput(counts, trials, done, time.perf_counter() - started)


def _run_piece(fn, payload, key, start, count, keep_trials):
    part, trial_cols = fn(payload, key, start, count, keep_trials)
    return start, count, part, trial_cols
