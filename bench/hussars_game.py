"""Winged Hussars and Cossacks full games: complete 4-family, 2-round games/s of the compiled (numba) engine on 1 and
2 workers with Simplified and with Full battles, against the plain-Python reference engine measured in the same run
(on fewer games), and peak memory as the games grow (it should stay flat: games are counted, not kept).

Two configurations (``--configs``), both ``configs/hussars/experiments/family-balance.yaml`` (the four scripted
plans rotated over the four families), played with ``engine: auto`` (the engine ``fast.dispatch`` picks, named in
the output) and ``engine: reference``: ``simplified`` (the file as it is) and ``full`` (``battles: full``). Every
measurement runs in a fresh process that first warms its workers up (imports, numba's cached machine code) on a
few games, so the timings are steady-state play; peak memory is the maximum resident set (``VmHWM``) of the main
process and of its largest worker.

Usage: ``python bench/hussars_game.py [--sizes 10000 100000] [--million] [--reference-games 100]
[--configs simplified full]``; ``--million`` adds a 10^6-game run of each configuration on 2 workers (several
minutes). ``python -m bench`` (``make bench``) runs the defaults; ``bench/suite.py`` lists it among the full-game
benches.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.common import descendants, peak_kb, record  # noqa: E402

STUDY = ROOT / "configs/hussars/experiments/family-balance.yaml"
CONFIGS = {"simplified": {"battles": "simplified"}, "full": {"battles": "full"}}
TARGETS = {"simplified": 2000, "full": 500}  # issue 17, section 7: games/s on this 2-core machine


def raw_of(config: str, engine: str) -> dict:
    from sim.experiments import load_experiment

    return {**load_experiment(STUDY), **CONFIGS[config], "engine": engine}


def engine_of(config: str, engine: str) -> str:
    """The engine ``engine`` (auto | fast | reference) resolves to for ``config``."""
    from sim.experiments import RUN_KEYS
    from sim.games.hussars import experiment

    body = {k: v for k, v in raw_of(config, engine).items() if k not in RUN_KEYS}
    return experiment.experiment_from_dict(body, str(STUDY)).engine


def one(n: int, workers: int, engine: str, config: str) -> dict:
    """In this (fresh) process: warm up, then play ``n`` games; the numbers as a dict."""
    from sim.backends import session
    from sim.experiments import run_experiment

    raw = raw_of(config, engine)
    with session("local", workers) as _:
        run_experiment(raw, games=4 * workers, seed=2, workers=workers, chunk=1)  # start workers, load the engine
        started = time.perf_counter()
        result = run_experiment(raw, games=n, seed=1, workers=workers)
        seconds = time.perf_counter() - started
        worker_kb = max((peak_kb(pid) for pid in descendants(os.getpid())), default=0)
    return {
        "config": config,
        "engine": engine_of(config, engine),
        "games": n,
        "workers": workers,
        "seconds": seconds,
        "games_per_s": n / seconds,
        "battles_per_game": sum(result.metrics["battles"]["per_game"].values()),
        "peak_rss_mb": peak_kb(os.getpid()) / 1024,
        "worker_peak_rss_mb": worker_kb / 1024,
    }


def fresh(n: int, workers: int, engine: str, config: str) -> dict:
    out = subprocess.run([sys.executable, __file__, "--one", str(n), str(workers), engine, config],
                         capture_output=True, text=True, check=True, cwd=ROOT)  # fmt: skip
    return json.loads(out.stdout.strip().splitlines()[-1])


def show(r: dict) -> None:
    print(
        f"  {r['config']:>10} {r['engine']:>9} {r['games']:>9,} games, {r['workers']} worker(s): "
        f"{r['games_per_s']:8,.0f} games/s {r['seconds']:7.1f} s  {r['battles_per_game']:5.1f} battles/game  "
        f"peak RSS main {r['peak_rss_mb']:.0f} MB, worker {r['worker_peak_rss_mb']:.0f} MB",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="*", default=[10_000, 100_000])
    parser.add_argument("--million", action="store_true", help="also 10^6 games of each configuration on 2 workers")
    parser.add_argument("--reference-games", type=int, default=100)
    parser.add_argument("--configs", nargs="*", default=list(CONFIGS), choices=list(CONFIGS))
    parser.add_argument("--one", nargs=4, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        n, workers, engine, config = args.one
        print(json.dumps(one(int(n), int(workers), engine, config)))
        return
    print(f"  (machine load: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; the numbers are wall-clock)")
    rows, summary = [], {}
    for config in args.configs:
        auto = engine_of(config, "auto")
        for workers in (1, 2):
            rows.append(fresh(args.reference_games, workers, "reference", config))
            show(rows[-1])
        if auto == "fast":
            for n in sorted(set(args.sizes + ([1_000_000] if args.million else []))):
                for workers in (1, 2):
                    if workers == 1 and n > 100_000:
                        continue  # the 2-worker run says enough
                    rows.append(fresh(n, workers, "auto", config))
                    show(rows[-1])
        mine = [r for r in rows if r["config"] == config]

        def top(engine, w, mine=mine):
            return max(r["games_per_s"] for r in mine if r["engine"] == engine and r["workers"] == w)

        ref = {w: top("reference", w) for w in (1, 2)}
        best = {w: top(auto, w) for w in (1, 2)}
        ratio = {w: best[w] / ref[w] for w in (1, 2)}
        runs = sorted((r for r in mine if r["engine"] == auto and r["workers"] == 2), key=lambda r: r["games"])
        memory = {r["games"]: max(r["peak_rss_mb"], r["worker_peak_rss_mb"]) for r in runs}
        print(
            f"  {config}: auto plays on the {auto} engine: {best[1]:,.0f} games/s on 1 worker, {best[2]:,.0f} on 2 "
            f"(target {TARGETS[config]:,}); {ratio[1]:.0f}x / {ratio[2]:.0f}x the reference engine; peak memory on 2 "
            f"workers by games: " + ", ".join(f"{n:,}: {mb:.0f} MB" for n, mb in memory.items()),
            flush=True,
        )
        summary[config] = {"engine": auto, "games_per_s": best, "reference_games_per_s": ref, "speedup": ratio,
                           "target_games_per_s": TARGETS[config], "peak_mb_by_games": memory}  # fmt: skip
    from bench.common import RESULTS

    try:  # a run of one configuration keeps the other's last numbers
        earlier = json.loads(RESULTS.read_text()).get("hussars_game", {}).get("configs", {})
    except (OSError, ValueError):
        earlier = {}
    record("hussars_game", {"runs": rows, "configs": {**earlier, **summary}, "targets_games_per_s": TARGETS,
                            "load_average": os.getloadavg()[0]})  # fmt: skip


if __name__ == "__main__":
    main()
