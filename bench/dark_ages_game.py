"""Dark Ages full games: complete 3-player games/s and turns/s on 1 and 2 workers, and peak memory as runs grow.

The engine is plain Python (``sim.games.dark_ages.game``) driven by the four strategies of
``configs/dark_ages/experiments/ruler-balance.yaml`` at 3 players. Issue 9's target (2,000 3-player games/s) needs a
compiled (numba) engine, which is not built yet; this reports the honest number for the plain-Python one.

Usage: ``python bench/dark_ages_game.py [N ...]`` (default 200 2000 games). Peak memory is the maximum resident set
of this process and of its finished workers (``ru_maxrss``), runs in increasing size: flat means aggregates stream.
"""

from __future__ import annotations

import resource
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import record  # noqa: E402
from sim.experiments import load_experiment, run_experiment  # noqa: E402

EXPERIMENT = Path(__file__).resolve().parent.parent / "configs/dark_ages/experiments/ruler-balance.yaml"
TARGET = 2000


def peak_mb() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    kids = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return max(own, kids) / 1024  # Linux reports kB


def measure(raw: dict, n: int, workers: int) -> dict:
    chunk = max(1, -(-n // (8 * workers)))  # the default chunk (≥ 65,536 games) would give one chunk: no parallelism
    result = run_experiment(raw, games=n, seed=1, workers=workers, chunk=chunk)
    seconds = result.seconds
    turns = result.metrics["mean_turns"] * n
    return {"games": n, "workers": workers, "seconds": seconds, "games_per_s": n / seconds,
            "turns_per_s": turns / seconds, "peak_rss_mb": peak_mb()}  # fmt: skip


def main() -> None:
    sizes = [int(a) for a in sys.argv[1:]] or [200, 2000]
    raw = {**load_experiment(EXPERIMENT), "players": 3}
    run_experiment(raw, games=8, seed=1, workers=2, chunk=1)  # start the workers, import the engine
    rows = []
    for n in sizes:
        for workers in (1, 2):
            rows.append(measure(raw, n, workers))
            r = rows[-1]
            print(f"  {n:>7,} games, {workers} worker(s): {r['games_per_s']:7.1f} games/s "
                  f"{r['turns_per_s']:9,.0f} turns/s  {r['seconds']:7.1f} s  peak RSS {r['peak_rss_mb']:.0f} MB",
                  flush=True)  # fmt: skip
    best = max(r["games_per_s"] for r in rows)
    print(
        f"  best {best:,.1f} games/s, {best / TARGET:.1%} of the {TARGET:,} games/s target "
        f"(1 M games would take {1e6 / best / 3600:,.1f} h)"
    )
    record("dark_ages_game", {"runs": rows, "best_games_per_s": best, "target_games_per_s": TARGET})


if __name__ == "__main__":
    main()
