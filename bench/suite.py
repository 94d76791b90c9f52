"""The cross-engine suite: for every registered battle game, throughput on 1 and 2 workers, the ratio to the
machine's raw RNG throughput (the ceiling), and cost and peak memory from 10^4 to 10^8 trials.

Each scaling point runs in a fresh process so its peak RSS is its own. Cost should grow linearly with the
trials and memory stay flat (counts are aggregated in the kernel). Sizes whose predicted time exceeds the
budget are skipped and say so.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
from numba import njit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import record  # noqa: E402
from sim.battles import load_scenario, run_battle  # noqa: E402
from sim.config import CONFIG_DIR  # noqa: E402
from sim.games import having  # noqa: E402
from sim.rng import experiment_key, trial_state  # noqa: E402

SIZES = [10**4, 10**5, 10**6, 10**7, 10**8]
BUDGET_S = 60.0  # per scaling point
BENCH_SCENARIO = {"principes": "six-vs-six"}  # otherwise the game's first scenario file

POINT = """
import json, resource, sys, time
from sim.battles import load_scenario, run_battle
scenario = load_scenario(sys.argv[1])
run_battle(scenario["game"], scenario, trials=1000, seed=1)  # compile / load the kernel outside the timing
start = time.perf_counter()
run_battle(scenario["game"], scenario, trials=int(sys.argv[2]), seed=1)
print(json.dumps({"seconds": time.perf_counter() - start,
                  "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


@njit(cache=True)
def _rng_words(key, n):
    acc = np.uint64(0)
    for i in range(n):
        acc ^= trial_state(key, i)
    return acc


def rng_ceiling() -> float:
    """Trial streams started per second on one core: no kernel can draw its dice faster."""
    key = experiment_key(1)
    _rng_words(key, 1000)
    n = 200_000_000
    start = time.perf_counter()
    _rng_words(key, n)
    return n / (time.perf_counter() - start)


def scenario_path(game: str) -> Path:
    files = sorted((CONFIG_DIR / game / "battles").glob("*.yaml"))
    named = [f for f in files if f.stem == BENCH_SCENARIO.get(game)]
    return (named or files)[0]


def throughput(game: str, path: Path, workers: int, seconds: float = 3.0) -> float:
    scenario = load_scenario(path)
    run_battle(game, scenario, trials=64, seed=1, workers=workers, chunk=1)  # start and warm the workers
    n = 10_000
    while True:
        start = time.perf_counter()
        run_battle(game, scenario, trials=n, seed=1, workers=workers)
        took = time.perf_counter() - start
        if took > seconds / 4 or n >= 10**9:
            return n / took
        n *= 4


def main() -> None:
    ceiling = rng_ceiling()
    print(f"  raw RNG ceiling: {ceiling / 1e6:,.0f} M trial streams/s on one core")
    results = {"rng_ceiling_per_s": ceiling, "engines": {}}
    for game in having("battle"):
        path = scenario_path(game)
        one, two = throughput(game, path, 1), throughput(game, path, 2)
        print(f"\n  {game} ({path.stem}): {one / 1e6:,.2f} M/s on 1 worker, {two / 1e6:,.2f} M/s on 2 "
              f"({one / ceiling:.0%} of the RNG ceiling on one core)")
        print(f"  {'trials':>12} {'seconds':>9} {'ns/trial':>9} {'peak MB':>8}")
        scaling = []
        for n in SIZES:
            if n / one > BUDGET_S:
                print(f"  {n:>12,} skipped (about {n / one:,.0f} s)")
                continue
            out = subprocess.run([sys.executable, "-c", POINT, str(path), str(n)], capture_output=True, text=True,
                                 check=True)
            point = json.loads(out.stdout.strip().splitlines()[-1])
            scaling.append({"trials": n, **point})
            print(f"  {n:>12,} {point['seconds']:>9.3f} {point['seconds'] / n * 1e9:>9.1f} {point['peak_mb']:>8.0f}")
        results["engines"][game] = {"scenario": path.stem, "per_s_1_worker": one, "per_s_2_workers": two,
                                    "fraction_of_rng_ceiling": one / ceiling, "scaling": scaling}
    record("suite", results)


if __name__ == "__main__":
    main()
