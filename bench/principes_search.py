"""Principes rollout search: searched games/s of a 4-player game with one rollout seat (16 playouts per candidate
plan, ``choices: lead``: up to 6 candidates each Round) on the compiled engine, on 1 and 2 workers, and the peak
memory as games grow (it stays flat: every playout reuses one state record).

The field is ``configs/principes/experiments/faction-balance.yaml`` (History off) with Masovia's plan replaced by
``{uses: rollout, params: {rollouts: 16, policy: conqueror}}`` and rotation left on (the searcher moves round the
table). Every measurement runs in a fresh process that first warms its workers up (imports, numba's cached machine
code) on a few games; the timings are wall-clock, steady-state play.

Last, the same searcher with ``actions: true`` (the choices inside its Movement and Politics weighed too) on 1
worker, per CPU-second.

Usage: ``python bench/principes_search.py [--sizes 100 400] [--rollouts 16]``; ``python -m bench`` runs the
defaults (about a minute and a half).
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

EXPERIMENT = ROOT / "configs/principes/experiments/faction-balance.yaml"
TARGET = 20  # searched games/s at 16 playouts, one searcher seat, 2 workers (issue 20)


def experiment(rollouts: int, actions: bool = False) -> dict:
    from sim.experiments import load_experiment

    raw = load_experiment(EXPERIMENT)
    seats = list(raw["seats"])
    params = {"rollouts": rollouts, "policy": seats[1], "actions": actions}
    seats[1] = {"name": "searcher", "uses": "rollout", "params": params}
    return {**raw, "seats": seats}


def one(n: int, workers: int, rollouts: int, actions: bool = False) -> dict:
    """In this (fresh) process: warm up, then play ``n`` searched games; the numbers as a dict."""
    from sim.backends import session
    from sim.experiments import run_experiment

    raw = experiment(rollouts, actions)
    with session("local", workers) as _:
        run_experiment(raw, games=2 * workers, seed=2, workers=workers, chunk=1)  # start workers, load the engine
        started, cpu = time.perf_counter(), time.process_time()
        run_experiment(raw, games=n, seed=1, workers=workers)
        seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
        worker_kb = max((peak_kb(pid) for pid in descendants(os.getpid())), default=0)
    return {
        "games": n,
        "workers": workers,
        "rollouts": rollouts,
        "actions": actions,
        "seconds": seconds,
        "games_per_s": n / seconds,
        "games_per_cpu_s": n / cpu if workers == 1 else None,  # 1 worker plays in this process: load-independent
        "peak_rss_mb": peak_kb(os.getpid()) / 1024,
        "worker_peak_rss_mb": worker_kb / 1024,
    }


def fresh(n: int, workers: int, rollouts: int, actions: bool = False) -> dict:
    out = subprocess.run(
        [sys.executable, __file__, "--one", str(n), str(workers), str(rollouts), str(int(actions))],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="*", default=[100, 400])
    parser.add_argument("--rollouts", type=int, default=16)
    parser.add_argument("--one", nargs=4, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        n, workers, rollouts, actions = map(int, args.one)
        print(json.dumps(one(n, workers, rollouts, bool(actions))))
        return
    print(f"  (machine load: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; the numbers are wall-clock)")
    rows = []
    for n in sorted(args.sizes):
        for workers in (1, 2):
            rows.append(fresh(n, workers, args.rollouts))
            r = rows[-1]
            print(
                f"  {r['games']:>6,} searched games ({r['rollouts']} playouts), {r['workers']} worker(s): "
                f"{r['games_per_s']:6.1f} games/s {r['seconds']:6.1f} s"
                + (f" ({r['games_per_cpu_s']:.1f} per CPU-second)" if r["games_per_cpu_s"] else "")
                + f"  peak RSS main {r['peak_rss_mb']:.0f} MB, "
                f"worker {r['worker_peak_rss_mb']:.0f} MB",
                flush=True,
            )
    best = {w: max(r["games_per_s"] for r in rows if r["workers"] == w) for w in (1, 2)}
    cpu = max(r["games_per_cpu_s"] for r in rows if r["workers"] == 1)
    print(f"  rollout seat, {args.rollouts} playouts: {best[1]:.1f} searched games/s on 1 worker, {best[2]:.1f} on 2 "
          f"(target {TARGET}); {cpu:.1f} per CPU-second, {2 * cpu:.1f} on two idle cores", flush=True)  # fmt: skip
    aimed = fresh(min(args.sizes), 1, args.rollouts, actions=True)
    print(f"  with actions: true, {aimed['games']:,} searched games on 1 worker: {aimed['games_per_s']:.1f} games/s "
          f"({aimed['games_per_cpu_s']:.1f} per CPU-second)", flush=True)  # fmt: skip
    record(
        "principes_search",
        {
            "runs": rows,
            "games_per_s": best,
            "games_per_cpu_s": cpu,
            "actions": aimed,
            "target_games_per_s": TARGET,
            "load_average": os.getloadavg()[0],
        },  # fmt: skip
    )


if __name__ == "__main__":
    main()
