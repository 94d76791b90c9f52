"""Benchmark: full-rules battle evaluations per second, and one matrix + equilibrium for two 8-token armies.

Run: .venv/bin/python bench/hussars.py   (target: matrix + equilibrium < 50 ms)
The plain-Python baseline is the reference engine (sim.games.hussars.full.clash), measured in the same run.
"""

from __future__ import annotations

import statistics
import time

import numpy as np

from sim.games.hussars.army import compositions, parse_groups
from sim.games.hussars.equilibrium import solve
from sim.games.hussars.fast.clash import FastClash, encode, matrix_arrays
from sim.games.hussars.full import NONE, Context, clash, legal_tactics
from sim.games.hussars.matrix import build
from sim.games.hussars.rules import load
from sim.games.hussars.scenario import Conditions

ATTACKER = "winged_hussar=2,pancerni=2,cossack=4"  # 8 tokens
DEFENDER = "cossack=6,artillery=2"  # 8 tokens
TARGET_MS = 50.0


def _army(rules, spec):
    return compositions(parse_groups(spec, rules, "bench", "army"), "bench", "army")[0][1]


def _timeit(fn, repeat: int) -> float:
    """Median seconds per call."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    rules = load()
    ctx = Context(rules, (_army(rules, ATTACKER), _army(rules, DEFENDER)), Conditions(peasants=True))
    rows = legal_tactics(ctx, 0) + (NONE,)
    cols = legal_tactics(ctx, 1) + (NONE,)
    pairs = len(rows) * len(cols)

    # raw evaluation rate: the jitted kernel on every pair, against the plain-Python reference
    fast = FastClash(rules)
    fast.outcomes(ctx, rows, cols)  # compile (cached on disk after the first run)
    unit, vet, wnd, act, present, cond = encode(ctx, fast.names)
    r_idx = np.array([fast.index[r] for r in rows], np.int64)
    c_idx = np.array([fast.index[c] for c in cols], np.int64)
    n = unit.shape[1]
    alive = np.zeros((len(rows), len(cols), 2, n), np.bool_)
    wounded = np.zeros_like(alive)
    stats = np.zeros((len(rows), len(cols), 4), np.int64)

    def kernel_matrix():
        matrix_arrays(fast.units, fast.cards, fast.params, cond, r_idx, c_idx, unit, vet, wnd, present, act, alive,
                      wounded, stats)

    def reference_matrix():
        for a in rows:
            for d in cols:
                clash(ctx, a, d)

    t_kernel = _timeit(kernel_matrix, 200)
    t_reference = _timeit(reference_matrix, 20)
    print(f"armies: attacker {ATTACKER} | defender {DEFENDER} ({pairs} tactic pairs)")
    print(f"full-rules battle evaluations/s: kernel {pairs / t_kernel:,.0f}, plain Python {pairs / t_reference:,.0f}"
          f" (ratio {t_reference / t_kernel:.1f}x)")

    # what a user waits for: every legal pair as Outcome objects, then the equilibrium (LP: mixed here)
    def matrix_and_equilibrium(engine):
        game = build(ctx, engine=engine)
        return solve(game.matrix("tokens"))

    eq = matrix_and_equilibrium("fast")
    t_fast = _timeit(lambda: matrix_and_equilibrium("fast"), 30)
    t_ref = _timeit(lambda: matrix_and_equilibrium("reference"), 10)
    t_solve = _timeit(lambda: solve(build(ctx).matrix("tokens")), 1)  # noqa: F841 (warm path, for symmetry)
    game = build(ctx)
    t_lp = _timeit(lambda: solve(game.matrix("tokens")), 30)
    mixed = int((eq.row > 0).sum()), int((eq.col > 0).sum())
    status = "OK" if t_fast * 1000 < TARGET_MS else "MISSED"
    print(f"matrix + equilibrium (objective tokens, support {mixed[0]}x{mixed[1]}, value {eq.value:.3f}): "
          f"{t_fast * 1000:.1f} ms [{status}, target < {TARGET_MS:.0f} ms]; plain Python {t_ref * 1000:.1f} ms "
          f"(ratio {t_ref / t_fast:.1f}x); of which equilibrium alone {t_lp * 1000:.2f} ms")


if __name__ == "__main__":
    main()
