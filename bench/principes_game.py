"""Principes full games: complete games/s and actions/s of the fast (numba) engine on 1 and 2 workers, its
ratio to the plain-Python reference engine measured in the same run (on fewer games), and peak memory as games grow.

Six configurations (``--configs``), each played with ``engine: auto`` (the engine ``fast.dispatch`` picks, named
in the output) and ``engine: reference``: ``part1`` = ``configs/principes/experiments/faction-balance.yaml``
(History off); ``history`` = ``faction-balance-history.yaml`` (the History Cards); ``full`` =
``faction-balance-full.yaml`` (History, Neighbors, printed Progress Tiles, Court texts, Princesses: every module
on); ``3p`` = ``three-players.yaml`` (3 players, Silesia neutral, History on) and ``2p`` =
``duel-masovia-silesia.yaml`` (the rulebook's recommended duel, History on), ``3p-active`` and ``2p-active`` the
same with ``variant: active`` (the Combined Actions Tiles: ``fast.nonplayers``); ``solo`` = ``solo-difficulty.yaml``
(solo mode, the 3 levels, History on: ``fast.solo``); ``cards`` = ``history-card-effects.yaml`` (each History Card
blanked in turn: a "game" is one History-on game and its blanked replays, about 5 of them). A configuration the
fast engine cannot play runs on the reference only (``auto`` = reference; its games/s is then the reference's, on
``--reference-games`` games). Every measurement runs in a fresh process that first warms
its workers up (imports, numba's cached machine code) on a few games, so the timings are steady-state play; peak
memory is the maximum resident set (``VmHWM``) of the main process and of its largest worker.

Usage: ``python bench/principes_game.py [--sizes 10000 100000] [--million] [--reference-games 300]
[--configs part1 history full]``; ``--million`` adds a 10^6-game run of ``part1`` on 2 workers (about 4-8
minutes on this machine). ``python -m bench`` runs the defaults.
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

from bench.common import cpu_seconds, descendants, peak_kb, record  # noqa: E402

EXPERIMENTS = {
    "part1": ROOT / "configs/principes/experiments/faction-balance.yaml",
    "history": ROOT / "configs/principes/experiments/faction-balance-history.yaml",
    "full": ROOT / "configs/principes/experiments/faction-balance-full.yaml",
    "3p": ROOT / "configs/principes/experiments/three-players.yaml",
    "2p": ROOT / "configs/principes/experiments/duel-masovia-silesia.yaml",
    "3p-active": ROOT / "configs/principes/experiments/three-players.yaml",
    "2p-active": ROOT / "configs/principes/experiments/duel-masovia-silesia.yaml",
    "solo": ROOT / "configs/principes/experiments/solo-difficulty.yaml",
    "cards": ROOT / "configs/principes/experiments/history-card-effects.yaml",
}
TARGET = 5000  # part 1 (History off)
TARGET_FULL = 3000  # every module on
TARGETS = {"part1": TARGET, "full": TARGET_FULL, "3p": 6000, "2p": 8000, "3p-active": 6000, "2p-active": 8000,
           "solo": 8000}  # games/s (issue 16)  # fmt: skip
KEYS = {"3p-active": {"variant": "active"}, "2p-active": {"variant": "active"}}  # on top of the configuration's file


def engine_of(config: str, engine: str) -> str:
    """The engine ``engine`` (auto | fast | reference) resolves to for ``config``."""
    from sim.experiments import RUN_KEYS, load_experiment
    from sim.games.principes import experiment, module_effects

    raw = {**load_experiment(EXPERIMENTS[config]), **KEYS.get(config, {}), "engine": engine}
    body = {k: v for k, v in raw.items() if k not in RUN_KEYS}
    build = module_effects if body.get("mode") == "module_effects" else experiment
    return build.experiment_from_dict(body, str(EXPERIMENTS[config])).engine


def one(n: int, workers: int, engine: str, config: str = "part1") -> dict:
    """In this (fresh) process: warm up, then play ``n`` games; the numbers as a dict."""
    from sim.experiments import load_experiment, run_experiment

    raw = {**load_experiment(EXPERIMENTS[config]), **KEYS.get(config, {}), "engine": engine}
    from sim.backends import session

    with session("local", workers) as _:
        run_experiment(raw, games=4 * workers, seed=2, workers=workers, chunk=1)  # start workers, load the engine
        started, cpu = time.perf_counter(), cpu_seconds(os.getpid())
        result = run_experiment(raw, games=n, seed=1, workers=workers)
        seconds = time.perf_counter() - started
        cpu = cpu_seconds(os.getpid()) - cpu  # the workers stay up (the session), so theirs is counted
        worker_kb = max((peak_kb(pid) for pid in descendants(os.getpid())), default=0)
    return {
        "config": config,
        "engine": engine_of(config, engine),
        "games": n,
        "workers": workers,
        "seconds": seconds,
        "games_per_s": n / seconds,
        "games_per_cpu_s": n / cpu if cpu > 0 else float("inf"),
        "actions_per_s": result.metrics.get("mean_actions", 0) * n / seconds,  # not kept by module effects
        "peak_rss_mb": peak_kb(os.getpid()) / 1024,
        "worker_peak_rss_mb": worker_kb / 1024,
    }


def fresh(n: int, workers: int, engine: str, config: str = "part1") -> dict:
    out = subprocess.run(
        [sys.executable, __file__, "--one", str(n), str(workers), engine, config],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def show(r: dict) -> None:
    print(
        f"  {r['config']:>7} {r['engine']:>9} {r['games']:>9,} games, {r['workers']} worker(s): "
        f"{r['games_per_s']:8,.0f} games/s ({r['games_per_cpu_s']:,.0f} per CPU-second) "
        f"{r['actions_per_s']:11,.0f} actions/s {r['seconds']:7.1f} s  peak RSS main {r['peak_rss_mb']:.0f} MB, "
        f"worker {r['worker_peak_rss_mb']:.0f} MB",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="*", default=[10_000, 100_000])
    parser.add_argument("--million", action="store_true", help="also 10^6 games of part1 on 2 workers")
    parser.add_argument("--reference-games", type=int, default=300)
    parser.add_argument("--configs", nargs="*", default=list(EXPERIMENTS), choices=list(EXPERIMENTS))
    parser.add_argument("--one", nargs=4, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        n, workers, engine, config = args.one
        print(json.dumps(one(int(n), int(workers), engine, config)))
        return
    print(f"  (machine load: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; the numbers are wall-clock)")
    rows = []
    summary = {}
    for config in args.configs:
        auto = engine_of(config, "auto")
        for workers in (1, 2):
            rows.append(fresh(args.reference_games, workers, "reference", config))
            show(rows[-1])
        if auto == "fast":
            sizes = sorted(set(args.sizes + ([1_000_000] if args.million and config == "part1" else [])))
            for n in sizes:
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
        per_cpu = max(r["games_per_cpu_s"] for r in mine if r["engine"] == auto and r["workers"] == 1)
        ratio = {w: best[w] / ref[w] for w in (1, 2)}
        target = TARGETS.get(config)
        aim = f" (target {target:,})" if target else ""
        print(
            f"  {config}: auto plays on the {auto} engine: {best[1]:,.0f} games/s on 1 worker, {best[2]:,.0f} on 2"
            f"{aim}, {per_cpu:,.0f} per CPU-second of one core; "
            f"{ratio[1]:.0f}x / {ratio[2]:.0f}x the reference engine; "
            f"1 M games take {1e6 / best[2] / 60:.1f} min",
            flush=True,
        )
        summary[config] = {"engine": auto, "games_per_s": best, "games_per_cpu_s": per_cpu,
                           "reference_games_per_s": ref, "speedup": ratio, "target_games_per_s": target}  # fmt: skip
    from bench.common import RESULTS

    try:  # a run of some configurations keeps the others' last numbers
        earlier = json.loads(RESULTS.read_text()).get("principes_game", {}).get("configs", {})
    except (OSError, ValueError):
        earlier = {}
    summary = {**earlier, **summary}
    part1 = summary.get("part1")
    record(
        "principes_game",
        {
            "runs": rows,  # this run's measurements only
            "configs": summary,
            "fast_games_per_s": part1["games_per_s"] if part1 else None,
            "reference_games_per_s": part1["reference_games_per_s"] if part1 else None,
            "speedup": part1["speedup"] if part1 else None,
            "best_games_per_s": max(part1["games_per_s"].values()) if part1 else None,
            "target_games_per_s": TARGET,
            "load_average": os.getloadavg()[0],
        },
    )


if __name__ == "__main__":
    main()
