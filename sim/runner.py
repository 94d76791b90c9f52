"""Run a chunked kernel over trial indices on a backend, with a progress bar, a precision target and checkpoints.

A kernel is a module-level function ``fn(payload, key, start, count, keep_trials)`` returning
``(counts, trials)``: ``counts`` maps names to integer numpy arrays that add up across chunks, and
``trials`` is ``None`` or a dict of per-trial columns for trials ``start .. start+count-1``. Because
streams are counter-based (``sim.rng``) and counts are integer sums, the totals do not depend on the
chunking, on the order chunks finish in, on the number of workers or on the backend.

The chunk plan is a generator, never a list: a run of 10^20 trials starts at once, shows its progress and
estimated time, and stops cleanly on SIGINT or SIGTERM ("stopped after N of M chunks"), its finished chunks saved
when it has a checkpoint store.
"""

from __future__ import annotations

import signal
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

import numpy as np

from sim import numba_cache
from sim import progress as progress_bars
from sim.checkpoint import ChunkStore
from sim.errors import Interrupted, SimError, Stopped, note
from sim.rng import experiment_key

MIN_CHUNK, MAX_CHUNK = 1 << 16, 1 << 24
FIRST_PRECISION_ROUND = 1 << 16
_noted: set[tuple[int, int]] = set()  # (workers, chunks) clamps already said in this process


@dataclass
class RunOutput:
    counts: dict[str, np.ndarray]
    trials: dict[str, np.ndarray] | None
    n: int
    seconds: float
    chunks_loaded: int = 0  # finished chunks read back from a checkpoint instead of run
    startup: dict = field(default_factory=dict)  # seconds loading or compiling the engine before play (not in
    # ``seconds``): {"seconds": all of it, "compiled": the real compiles}


def default_chunk(n: int) -> int:
    """Trials per chunk: about 16 chunks a run, so both workers stay busy and progress moves, within bounds that
    amortise dispatch (≥ 65,536) and bound the work lost to a crash (≤ 16.8 M). It depends only on ``n``, so a
    resumed run plans the same chunks."""
    return min(MAX_CHUNK, max(MIN_CHUNK, -(-n // 16)))


def chunk_plan(start: int, n: int, chunk: int) -> Iterator[tuple[int, int]]:
    """The (start, count) pieces of trials ``start .. start+n-1``, generated one at a time."""
    for s in range(start, start + n, chunk):
        yield s, min(chunk, start + n - s)


def chunks_in(n: int, chunk: int) -> int:
    return -(-n // chunk)


def _add(total: dict[str, np.ndarray], part: dict[str, np.ndarray]) -> None:
    for name, value in part.items():
        total[name] = total[name] + value if name in total else np.array(value, copy=True)


def clamp_workers(workers: int, chunks: int) -> int:
    """At most one worker per chunk (more would only cost memory); the clamp is said once, in one line."""
    if workers <= chunks:
        return workers
    if (workers, chunks) not in _noted:
        _noted.add((workers, chunks))
        note(f"--workers {workers}: using {chunks}, one per chunk of this run")
    return max(1, chunks)


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
    each finished chunk is saved as it arrives and chunks already saved (and sound) are loaded instead of rerun;
    per-trial columns then stay on disk (``store``) rather than in memory, so memory stays flat however long the
    run."""
    key = experiment_key(seed)
    chunk = chunk or default_chunk(n)
    total = chunks_in(n, chunk)
    own = backend is None
    if own:
        from sim.backends import make_backend

        backend = make_backend("local", clamp_workers(workers, total))
    elif getattr(backend, "max_workers", 1) > 1:
        backend.limit(clamp_workers(backend.max_workers, total))
    startup = warm_up(fn, payload, key, keep_trials) if unit == "game" else {"seconds": 0.0, "compiled": 0.0}
    started = time.perf_counter()
    counts: dict[str, np.ndarray] = {}
    pieces: dict[int, dict[str, np.ndarray]] = {}
    done = loaded = finished = 0
    hold = keep_trials and store is None
    saved = store.index(chunk) if store is not None else {}
    bar = progress_bars.bar(n, unit, progress)  # the command's bar when it opened one (sim.progress.task)
    try:
        while done < n:
            size = n - done if precision is None else min(n - done, max(FIRST_PRECISION_ROUND, done))
            reused: set[int] = set()
            planned = (s for s in sorted(saved) if done <= s < done + size and (s - done) % chunk == 0)
            for s in [s for s in planned if saved[s] == min(chunk, done + size - s)]:  # others: clean() removes them
                part = store.load(s, saved.pop(s), keep_trials)
                if part is not None:
                    reused.add(s)
                    loaded += 1
                    finished += 1
                    _collect(counts, pieces, hold, s, *part)
                    bar.update(part[2])
            tasks = ((fn, payload, key, s, c, keep_trials) for s, c in chunk_plan(done, size, chunk) if s not in reused)
            for start, count, part, trial_cols in backend.map_unordered(_run_piece, tasks):
                if store is not None:
                    store.save(start, count, part, trial_cols)
                _collect(counts, pieces, hold, start, part, trial_cols)
                finished += 1
                bar.update(count)
            done += size
            if precision is not None and halfwidth is not None and halfwidth(counts, done) <= precision:
                break
    except (KeyboardInterrupt, Interrupted) as exc:
        _abort(backend)
        signum = getattr(exc, "signum", signal.SIGINT)
        raise Stopped(finished, total if precision is None else None, signum, store is not None) from None
    except OSError as exc:  # a full disk or a vanished directory while saving: what is saved stays resumable
        _abort(backend)
        where = exc.filename or (store.dir if store is not None else "")
        then = f"; the {finished:,} finished chunks are saved: free space and rerun with --resume" if store else ""
        raise SimError(f"{where}: cannot write ({exc.strerror or exc}){then}") from None
    finally:
        bar.close()
        if own:
            backend.close()
    if store is not None:
        store.clean()
    trials = None
    if hold:
        order = sorted(pieces)
        trials = {name: np.concatenate([pieces[s][name] for s in order]) for name in pieces[order[0]]}
    return RunOutput(counts, trials, done, time.perf_counter() - started, loaded, startup)


def warm_up(fn: Callable, payload: object, key: int, keep_trials: bool) -> dict[str, float]:
    """Compile (or load) the engine in this process by playing no game, before any worker starts: a cold compile is
    then announced once, on this terminal (``sim.numba_cache.compile_notice``), the workers load its machine code
    instead of compiling it again, and the run's time splits into start-up and play. Returns the start-up seconds
    (``seconds``) and those of them spent compiling (``compiled``)."""
    before = dict(numba_cache.STARTUP)
    try:
        fn(payload, key, 0, 0, keep_trials)
    except Exception:  # noqa: BLE001 - an engine that cannot play no game (the reference) compiles nothing here;
        pass  # the run's own chunks then raise any real error
    return {k: numba_cache.STARTUP[k] - before[k] for k in before}


def _abort(backend) -> None:
    """Stop the workers now (they hold no state worth waiting for: every finished chunk is already saved)."""
    abort = getattr(backend, "abort", None)
    if abort is not None:
        abort()


def _collect(counts, pieces, hold, start, part, trial_cols, *_) -> None:
    _add(counts, part)
    if hold:
        pieces[start] = trial_cols


def _run_piece(fn, payload, key, start, count, keep_trials):
    part, trial_cols = fn(payload, key, start, count, keep_trials)
    return start, count, part, trial_cols
