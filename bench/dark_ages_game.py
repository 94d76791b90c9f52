"""Dark Ages full games: complete 3-player games/s and turns/s of the fast (numba) engine on 1 and 2 workers, its
ratio to the plain-Python reference engine measured in the same run (on fewer games), and peak memory as runs grow.

The experiment is ``configs/dark_ages/experiments/ruler-balance.yaml`` at 3 players (the 7 base Rulers, the four
built-in strategies), played with ``engine: auto`` (the fast engine, ``sim/games/dark_ages/fast``) and
``engine: reference``. Warm-up runs first start the workers and load numba's cached machine code, so the timings
are steady-state play. Peak memory is the maximum resident set of this process and of its finished workers
(``ru_maxrss``), runs in increasing size: flat means aggregates stream.

A third fast run plays the same experiment with ``rules:`` overrides (an eight-sided die, a cheaper City): the
compiled engine builds its tables from that rule set, so it runs at the same speed.

Solo (Module 1, Lordlings and Raiders): ``configs/dark_ages/experiments/solo-difficulty.yaml`` (every difficulty
option, all Rulers, the four strategies) with ``engine: auto`` (the engine it picks is printed), solo games/s on 1
and 2 workers against the 5,000 games/s target, and the reference (``--solo-reference-games``) for the ratio.

Usage: ``python bench/dark_ages_game.py [N ...]`` (default 2000 20000 fast games; ``--reference-games 200``;
``--solo-games 22000``, 0 skips solo; ``--solo-reference-games 220``; ``--solo-only``).
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import cpu_seconds, record  # noqa: E402
from sim.experiments import RUN_KEYS, load_experiment, run_experiment  # noqa: E402

EXPERIMENT = Path(__file__).resolve().parent.parent / "configs/dark_ages/experiments/ruler-balance.yaml"
SOLO_EXPERIMENT = EXPERIMENT.parent / "solo-difficulty.yaml"
TARGET = 2000  # 3-player games/s on this 2-core machine
SOLO_TARGET = 5000  # solo games/s on this 2-core machine


def peak_mb() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    kids = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return max(own, kids) / 1024  # Linux reports kB


def measure(raw: dict, n: int, workers: int) -> dict:
    cpu = cpu_seconds(os.getpid())
    result = run_experiment(raw, games=n, seed=1, workers=workers)
    cpu = cpu_seconds(os.getpid()) - cpu
    seconds = result.seconds
    turns = result.metrics["mean_turns"] * n
    # 1 worker plays in this process, so its CPU time is the run's: games per CPU-second of one core, which a shared
    # machine does not lower (its wall-clock rate is only a floor)
    per_cpu = n / cpu if workers == 1 and cpu > 0 else None
    return {"engine": raw["engine"], "games": n, "workers": workers, "seconds": seconds, "games_per_s": n / seconds,
            "games_per_cpu_s": per_cpu, "turns_per_s": turns / seconds, "peak_rss_mb": peak_mb()}  # fmt: skip


def show(r: dict) -> None:
    print(f"  {r.get('mode', ''):>5} {r['engine']:>9} {r['games']:>7,} games, {r['workers']} worker(s): "
          f"{r['games_per_s']:8.1f} games/s "
          + (f"({r['games_per_cpu_s']:,.0f} per CPU-second) " if r.get("games_per_cpu_s") else "")
          + f"{r['turns_per_s']:11,.0f} turns/s  {r['seconds']:7.2f} s  "
          f"peak RSS {r['peak_rss_mb']:.0f} MB",
          flush=True)  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("sizes", nargs="*", type=int, default=[2000, 20000])
    ap.add_argument("--reference-games", type=int, default=200)
    ap.add_argument("--solo-games", type=int, default=22000)
    ap.add_argument("--solo-reference-games", type=int, default=220)
    ap.add_argument("--solo-only", action="store_true")
    args = ap.parse_args()
    if args.solo_games > 0:
        bench_solo(args.solo_games, args.solo_reference_games)
    if args.solo_only:
        return
    base = {**load_experiment(EXPERIMENT), "players": 3}
    fast, ref = {**base, "engine": "auto"}, {**base, "engine": "reference"}
    from sim.games.dark_ages.experiment import experiment_from_dict

    body = {k: v for k, v in fast.items() if k not in RUN_KEYS}
    engine = experiment_from_dict(body, str(EXPERIMENT)).engine
    print(f"  engine: auto plays on the {engine} engine")
    for workers in (1, 2):  # warm-up: workers, imports, numba's cached code
        run_experiment(fast, games=200, seed=2, workers=workers)
        run_experiment(ref, games=8, seed=2, workers=workers)
    rows = []
    for workers in (1, 2):
        rows.append(measure(ref, args.reference_games, workers))
        show(rows[-1])
    for n in sorted(args.sizes):
        for workers in (1, 2):
            rows.append(measure(fast, n, workers))
            show(rows[-1])
    ruled = {**fast, "rules": {"die.faces": 8, "costs.city": ["wood", "wood"]}}  # overrides stay compiled
    run_experiment(ruled, games=200, seed=2, workers=1)
    rows.append({**measure(ruled, max(args.sizes), 1), "mode": "rules"})
    show(rows[-1])
    ref_rate = {w: r["games_per_s"] for r in rows if r["engine"] == "reference" for w in [r["workers"]]}
    fast_rows = [r for r in rows if r["engine"] == "auto" and r.get("mode") != "rules"]
    best = max(r["games_per_s"] for r in fast_rows)
    for w in (1, 2):
        rate = max(r["games_per_s"] for r in fast_rows if r["workers"] == w)
        print(f"  {w} worker(s): fast {rate:,.0f} games/s = {rate / ref_rate[w]:,.0f}x the reference "
              f"({ref_rate[w]:,.1f} games/s)")  # fmt: skip
    print(f"  best {best:,.0f} games/s, {best / TARGET:.0%} of the {TARGET:,} games/s target "
          f"(1 M games would take {1e6 / best / 60:,.1f} min)")  # fmt: skip
    record("dark_ages_game", {"engine": engine, "runs": rows, "best_games_per_s": best, "target_games_per_s": TARGET,
                              "ratio_to_reference": {str(w): max(r["games_per_s"] for r in fast_rows
                                                                 if r["workers"] == w) / ref_rate[w]
                                                     for w in (1, 2)}})  # fmt: skip


def bench_solo(n: int, n_ref: int) -> None:
    """Solo games/s of ``engine: auto`` on 1 and 2 workers (the engine it picks is reported), recorded as
    ``dark_ages_solo``."""
    from sim.games.dark_ages.experiment import experiment_from_dict

    raw = {**load_experiment(SOLO_EXPERIMENT), "engine": "auto"}
    body = {k: v for k, v in raw.items() if k not in RUN_KEYS}
    engine = getattr(experiment_from_dict(body, str(SOLO_EXPERIMENT)), "engine", "reference")
    print(f"  solo: engine: auto plays on the {engine} engine")
    ref = {**raw, "engine": "reference"}
    for workers in (1, 2):  # warm-up
        run_experiment(raw, games=220, seed=2, workers=workers)
        run_experiment(ref, games=11, seed=2, workers=workers)
    rows = [{**measure(ref, n_ref, 1), "mode": "solo"}]
    show(rows[-1])
    for workers in (1, 2):
        rows.append({**measure(raw, n, workers), "mode": "solo", "played_on": engine})
        show(rows[-1])
    best = max(r["games_per_s"] for r in rows[1:])
    ratio = {str(r["workers"]): r["games_per_s"] / rows[0]["games_per_s"] for r in rows[1:]}
    print(f"  solo best {best:,.0f} games/s on the {engine} engine, {best / SOLO_TARGET:.0%} of the "
          f"{SOLO_TARGET:,} games/s target; {ratio['1']:,.0f}x the reference on one core")  # fmt: skip
    record("dark_ages_solo", {"engine": engine, "runs": rows, "best_games_per_s": best,
                              "target_games_per_s": SOLO_TARGET, "ratio_to_reference_1_core": ratio})  # fmt: skip


if __name__ == "__main__":
    main()
