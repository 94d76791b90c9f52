"""Mixed fields: games/s of the shipped every-module Principes equilibrium (each seat a mixture of tuned plans, so the
plans change from game to game), the games ``sim tune`` and ``sim balance`` play against the others' mixtures, on the
compiled engine (``sim.balance.evaluate.run_field``, 1 worker, in this process), against the plain-Python reference
engine on the same field in the same run. Each run of equal plans is one kernel call, so this measures the per-call
cost too (``sim.numba_cache.call`` types a kernel's arguments once per kind, not per call).

Usage: ``python bench/balance_field.py [--games 20000]``; ``python -m bench`` runs the default (about a minute).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.common import record  # noqa: E402

EQUILIBRIUM = ROOT / "studies/principes/faction-balance-full-council/equilibrium.yaml"  # the current verdict


def rate(raw: dict, games: int) -> tuple[float, float]:
    """(games/s, the share of games whose plans differ from the game before's) of ``games`` games of ``raw``."""
    from sim.balance.evaluate import RUN_KEYS, field_payload, run_field
    from sim.balance.games import adapter

    body = {k: v for k, v in raw.items() if k not in RUN_KEYS}
    field, plans = adapter("principes", "bench").field(body, "bench")
    payload = field_payload("principes", body, field, plans)
    run_field(payload, 50, 1)  # imports, the engine's machine code, the tables
    started = time.perf_counter()
    run_field(payload, games, 2)
    seconds = time.perf_counter() - started
    table = field.table(0, 0, games)
    return games / seconds, float((table[1:] != table[:-1]).any(axis=1).mean())


def main() -> None:
    from sim.experiments import load_experiment

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20_000)
    args = parser.parse_args()
    raw = load_experiment(EQUILIBRIUM)
    fast, changes = rate(raw, args.games)
    slow, _ = rate({**raw, "engine": "reference"}, max(20, args.games // 400))
    print(f"every-module equilibrium field ({changes:.0%} of games change plans): compiled {fast:,.0f} games/s, "
          f"reference {slow:,.1f} games/s ({fast / slow:,.0f}x), 1 worker")  # fmt: skip
    record("principes_mixed_field", {"games": args.games, "compiled_games_per_s": fast, "reference_games_per_s": slow,
                                     "plan_changes": changes})  # fmt: skip


if __name__ == "__main__":
    main()
