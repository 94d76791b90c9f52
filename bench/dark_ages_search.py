"""Dark Ages rollout search: searched games/s of a 3-player game with one rollout seat (16 playouts per candidate,
``choices: actions``: the policy's choice, its move restricted to each other action space, and Pass, up to 7
candidates each turn) on the compiled engine, on 1 and 2 workers, with games per CPU-second on 1 worker (on a
shared machine the wall-clock rate is only a floor).

The field is three Rulers of the shipped 3-player equilibrium
(``studies/dark_ages/ruler-balance-3p/equilibrium.yaml``: Boleslaus the Cruel, Tomislav and Gero the Great,
each with its equilibrium plan), Boleslaus's plan replaced by ``{uses: rollout, params: {rollouts: 16, policy: <its
plan>}}``; the Rulers rotate over the chairs, so the searcher plays every game. Every measurement runs in a fresh
process that first warms its workers up (imports, numba's cached machine code) on a few games; the timings are
wall-clock, steady-state play.

Usage: ``python bench/dark_ages_search.py [--sizes 40] [--rollouts 16]``; ``python -m bench`` runs the defaults
(about a minute).
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

from bench.common import record  # noqa: E402

EQUILIBRIUM = ROOT / "studies/dark_ages/ruler-balance-3p/equilibrium.yaml"
RULERS = ("boleslaus_the_cruel", "tomislav", "gero_the_great")


def experiment(rollouts: int) -> dict:
    from sim.experiments import load_experiment

    raw = load_experiment(EQUILIBRIUM)
    plans = {r: next(iter(raw["seats"][r]["mix"])) for r in RULERS}  # each a single plan (weight 1.0)
    seats = {**plans, RULERS[0]: {"name": "searcher", "uses": "rollout",
                                  "params": {"rollouts": rollouts, "policy": plans[RULERS[0]]}}}  # fmt: skip
    return {"game": "dark_ages", "players": 3, "rulers": list(RULERS), "seats": seats}


def one(n: int, workers: int, rollouts: int) -> dict:
    """In this (fresh) process: warm up, then play ``n`` searched games; the numbers as a dict."""
    from sim.backends import session
    from sim.experiments import run_experiment

    raw = experiment(rollouts)
    with session("local", workers) as _:
        run_experiment(raw, games=2 * workers, seed=2, workers=workers, chunk=1)  # start workers, load the engine
        started, cpu = time.perf_counter(), time.process_time()
        run_experiment(raw, games=n, seed=1, workers=workers)
        seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
    return {
        "games": n,
        "workers": workers,
        "rollouts": rollouts,
        "seconds": seconds,
        "games_per_s": n / seconds,
        "games_per_cpu_s": n / cpu if workers == 1 else None,  # 1 worker plays in this process: load-independent
    }


def fresh(n: int, workers: int, rollouts: int) -> dict:
    out = subprocess.run([sys.executable, __file__, "--one", str(n), str(workers), str(rollouts)],
                         capture_output=True, text=True, check=True, cwd=ROOT)  # fmt: skip
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="*", default=[40])
    parser.add_argument("--rollouts", type=int, default=16)
    parser.add_argument("--one", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        n, workers, rollouts = map(int, args.one)
        print(json.dumps(one(n, workers, rollouts)))
        return
    print(f"  (machine load: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; the numbers are wall-clock)")
    rows = []
    for n in sorted(args.sizes):
        for workers in (1, 2):
            rows.append(fresh(n, workers, args.rollouts))
            r = rows[-1]
            print(f"  {r['games']:>6,} searched games ({r['rollouts']} playouts), {r['workers']} worker(s): "
                  f"{r['games_per_s']:6.2f} games/s {r['seconds']:6.1f} s"
                  + (f" ({r['games_per_cpu_s']:.2f} per CPU-second)" if r["games_per_cpu_s"] else ""),
                  flush=True)  # fmt: skip
    best = {w: max(r["games_per_s"] for r in rows if r["workers"] == w) for w in (1, 2)}
    cpu = max(r["games_per_cpu_s"] for r in rows if r["workers"] == 1)
    print(f"  rollout seat, {args.rollouts} playouts: {best[1]:.2f} searched games/s on 1 worker, {best[2]:.2f} on 2; "
          f"{cpu:.2f} per CPU-second", flush=True)  # fmt: skip
    record("dark_ages_search", {"runs": rows, "games_per_s": best, "games_per_cpu_s": cpu,
                                "load_average": os.getloadavg()[0]})  # fmt: skip


if __name__ == "__main__":
    main()
