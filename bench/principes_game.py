"""Principes full games: complete 4-player games/s and actions/s (1 and 2 workers), peak memory as games grow.

The engine is the plain-Python reference (``sim.games.principes.game``) driven by the scripted strategies of
``configs/principes/experiments/faction-balance.yaml``. Issue 5's target (5,000 games/s) needs a compiled
engine, which is not built yet; this reports the honest number for the reference engine.

Usage: ``python bench/principes_game.py [N ...]`` (default 100 1000 10000 games). Peak memory is the process's
maximum resident set (``ru_maxrss``) after each size, runs in increasing size: flat means aggregates stream.
"""

from __future__ import annotations

import resource
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import record  # noqa: E402
from sim.experiments import load_experiment, run_experiment  # noqa: E402

EXPERIMENT = Path(__file__).resolve().parent.parent / "configs/principes/experiments/faction-balance.yaml"


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # Linux reports kB


def measure(raw: dict, n: int, workers: int, save: Path | None = None) -> dict:
    chunk = max(1, -(-n // (8 * workers)))  # the default (≥ 65,536 games) would give one chunk: no parallelism
    result = run_experiment(raw, games=n, seed=1, workers=workers, chunk=chunk, save=save)
    seconds = result.seconds
    actions = result.metrics["mean_actions"] * n
    return {
        "games": n,
        "workers": workers,
        "seconds": seconds,
        "games_per_s": n / seconds,
        "actions_per_s": actions / seconds,
        "peak_rss_mb": peak_mb(),
    }


def main() -> None:
    sizes = [int(a) for a in sys.argv[1:]] or [100, 1000, 10_000]
    raw = load_experiment(EXPERIMENT)
    run_experiment(raw, games=8, seed=1, workers=2, chunk=1)  # start the workers, import the engine
    rows = []
    for n in sizes:
        for workers in (1, 2):
            if workers == 1 and n > 1000:
                continue  # about 25 s per 1,000 games on one worker: the 2-worker run says enough
            rows.append(measure(raw, n, workers))
            r = rows[-1]
            print(
                f"  {n:>7,} games, {workers} worker(s): {r['games_per_s']:7.1f} games/s "
                f"{r['actions_per_s']:9,.0f} actions/s  {r['seconds']:7.1f} s  peak RSS {r['peak_rss_mb']:.0f} MB",
                flush=True,
            )
    with tempfile.TemporaryDirectory() as tmp:  # per-game rows streamed to disk chunk by chunk
        r = measure(raw, sizes[-1], 2, Path(tmp) / "run")
        print(
            f"  {sizes[-1]:>7,} games, 2 workers, --save rows: {r['games_per_s']:7.1f} games/s  "
            f"peak RSS {r['peak_rss_mb']:.0f} MB",
            flush=True,
        )
        rows.append({**r, "save": True})
    best = max(r["games_per_s"] for r in rows)
    print(f"  best {best:,.1f} games/s: 1 M games would take {1e6 / best / 3600:,.1f} h (target 5,000 games/s)")
    record("principes_game", {"runs": rows, "best_games_per_s": best, "target_games_per_s": 5000})


if __name__ == "__main__":
    main()
