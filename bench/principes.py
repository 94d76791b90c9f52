"""Principes battles: Monte Carlo battles/s (1 and 2 workers), the exact solver's time, the plain-Python ratio.

Targets (issue 2): ≥ 200 M battles/s for 6 vs 6 without cards on 2 cores; exact 20 vs 20 with 6 cards a side < 5 ms.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import record, timed  # noqa: E402
from sim.config import load_rules  # noqa: E402
from sim.games.principes import battle as b  # noqa: E402
from sim.games.principes import reference  # noqa: E402
from sim.runner import run  # noqa: E402

SIX = {"attacker": {"knight": 3, "footman": 3}, "defender": {"knight": 2, "footman": 4}, "site": "city"}
BIG = {
    "attacker": {"knight": 8, "footman": 10, "prince": 2},
    "defender": {"knight": 9, "footman": 10, "prince": 1},
    "site": "city",
    "castle": True,
    "attacker_faction": "masovia",
    "defender_tiles": ["learning_chess"],
    "attacker_cards": {"sword": 2, "shield": 2, "either": 2},
    "defender_cards": {"sword": 2, "shield": 2, "either": 2},
}


RULES = load_rules("principes")


def compile_(raw):
    """Validate the scenario, solve card play and die choices: everything after reading the YAML."""
    return b.compile(RULES, b.scenario_from_dict(raw, "bench", RULES))


def main() -> None:
    p = compile_(SIX)
    run(b.run_chunk, p, 1000, seed=1, workers=1, progress=False)  # compile the kernel
    n = 400_000_000
    one = run(b.run_chunk, p, n, seed=1, workers=1, progress=False)
    run(b.run_chunk, p, 64, seed=1, workers=2, progress=False, chunk=1)  # start both workers, load the kernel
    two = run(b.run_chunk, p, n, seed=1, workers=2, progress=False)
    base_n = 100_000
    _, base_s = timed(
        reference.monte_carlo,
        SIX["attacker"],
        SIX["defender"],
        2,
        ["sword", "sword", "shield", "shield", "coin", "blank"],
        base_n,
    )
    compile_(BIG)
    b.exact(compile_(BIG))
    solves = 50
    _, exact_s = timed(lambda: [b.exact(compile_(BIG)) for _ in range(solves)])
    rate1, rate2, base = n / one.seconds, n / two.seconds, base_n / base_s
    rows = [
        ("Monte Carlo 6v6, 1 worker", f"{rate1 / 1e6:,.1f} M battles/s", f"{rate1 / base:,.0f}x plain Python"),
        ("Monte Carlo 6v6, 2 workers", f"{rate2 / 1e6:,.1f} M battles/s", f"{rate2 / base:,.0f}x (target 200 M/s)"),
        ("plain-Python loop", f"{base / 1e3:,.1f} k battles/s", "baseline"),
        ("exact 20v20, 6 cards a side", f"{exact_s / solves * 1e3:.2f} ms per solve", "target < 5 ms"),
    ]
    for row in rows:
        print(f"  {row[0]:<30} {row[1]:>24}  {row[2]}")
    record(
        "principes_battle",
        {
            "mc_1_worker_per_s": rate1,
            "mc_2_workers_per_s": rate2,
            "python_per_s": base,
            "ratio_2_workers_to_python": rate2 / base,
            "exact_20v20_ms": exact_s / solves * 1e3,
        },
    )


if __name__ == "__main__":
    main()
