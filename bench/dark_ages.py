"""Dark Ages battles: 4 vs 4 Monte Carlo battles/s (1 and 2 workers), the plain-Python ratio, both kernel paths.

Target (issue 3): ≥ 25 M 4-vs-4 battles/s on 2 cores with every output aggregated (win counts, the joint
Battle Result histogram, each side's final state → survivors by type and losses, Reinforce use).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import record, timed  # noqa: E402
from sim.config import load_rules  # noqa: E402
from sim.games.dark_ages import battle as b  # noqa: E402
from sim.games.dark_ages import reference  # noqa: E402
from sim.games.dark_ages.payload import compile_battle  # noqa: E402
from sim.runner import run  # noqa: E402

FOUR = {"attacker": {"units": {"infantry": 3, "cavalry": 1}}, "defender": {"units": {"infantry": 2, "archer": 2}}}
RULES = load_rules("dark_ages")


def main() -> None:
    scenario = b.scenario_from_dict(FOUR, "bench", RULES)
    p, _ = timed(b.compile, RULES, scenario)  # validation and tables: everything after reading the YAML
    per_side = compile_battle(scenario, 6, 16, pair_limit=0)  # the fallback path for battles too big for pairs
    run(b.run_chunk, p, 1000, seed=1, workers=1, progress=False)  # compile the kernels
    run(b.run_chunk, per_side, 1000, seed=1, workers=1, progress=False)
    n = 200_000_000
    one = run(b.run_chunk, p, n, seed=1, workers=1, progress=False)
    run(b.run_chunk, p, 64, seed=1, workers=2, progress=False, chunk=1)  # start both workers, load the kernel
    two = run(b.run_chunk, p, n, seed=1, workers=2, progress=False)
    side_n = 20_000_000
    side = run(b.run_chunk, per_side, side_n, seed=1, workers=1, progress=False)
    base_n = 50_000
    _, base_s = timed(reference.simulate, scenario, 6, base_n, 1)
    _, compile_s = timed(b.compile, RULES, scenario)
    rate1, rate2, rate_side, base = n / one.seconds, n / two.seconds, side_n / side.seconds, base_n / base_s
    rows = [
        ("Monte Carlo 4v4, 1 worker", f"{rate1 / 1e6:,.1f} M battles/s", f"{rate1 / base:,.0f}x plain Python"),
        ("Monte Carlo 4v4, 2 workers", f"{rate2 / 1e6:,.1f} M battles/s", f"{rate2 / base:,.0f}x (target 25 M/s)"),
        ("per-side tables, 1 worker", f"{rate_side / 1e6:,.1f} M battles/s", "fallback for big battles"),
        ("plain-Python loop", f"{base / 1e3:,.1f} k battles/s", "baseline (reference.py)"),
        ("compile (tables)", f"{compile_s * 1e3:,.1f} ms", "once per question"),
    ]
    for row in rows:
        print(f"  {row[0]:<30} {row[1]:>24}  {row[2]}")
    record(
        "dark_ages_battle",
        {
            "mc_1_worker_per_s": rate1,
            "mc_2_workers_per_s": rate2,
            "mc_per_side_1_worker_per_s": rate_side,
            "python_per_s": base,
            "ratio_2_workers_to_python": rate2 / base,
            "compile_ms": compile_s * 1e3,
        },
    )


if __name__ == "__main__":
    main()
