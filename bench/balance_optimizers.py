"""Which optimizer ``sim tune`` uses: TPE (optuna), NGOpt (nevergrad) and random search on the same budgets.

1. A synthetic noisy objective over a mixed space shaped like a plan's (integers, reals, booleans, a choice, a
   permutation, an ordered subset), with a known optimum: the true score of the best-scoring point found.
2. Tuning Masovia's plan in the Principes part-1 game (fixed seats) from a deliberately poor start: the tuned
   plan's held-out win rate (``sim.balance.tune``, the same budget and seed for each optimizer).
"""

from __future__ import annotations

import math
import sys

import numpy as np

from bench.common import record, timed
from sim.balance.space import parse_search
from sim.balance.tune import optimize

PARAMS = {"x": 0, "y": 0.95, "b": False, "t": "a", "perm": list("abcdef"), "sub": []}
SEARCH = {"x": [0, 20], "y": [0.0, 1.0], "b": "bool", "t": ["a", "b", "c", "d"], "perm": "permutation",
          "sub": {"subset_of": list("pqrstuvw"), "ordered": True, "max": 4}}  # fmt: skip
BEST_PERM, BEST_SUB = list("cafdbe"), list("rtp")


def truth(p: dict) -> float:
    """1.0 at the optimum (x 13, y 0.3, b true, t c, perm cafdbe, sub r t p); each part takes off up to 1/6."""
    perm = sum(a != b for a, b in zip(p["perm"], BEST_PERM, strict=True)) / 6
    sub = len(set(p["sub"]) ^ set(BEST_SUB)) / 7 + (p["sub"][: len(BEST_SUB)] != BEST_SUB) * 0.25
    parts = [abs(p["x"] - 13) / 13, abs(p["y"] - 0.3) / 0.7, 1.0 - p["b"], p["t"] != "c", perm, min(1.0, sub)]
    return 1.0 - sum(parts) / 6


def synthetic(optimizer: str, seed: int, budget: int, noise: float) -> float:
    space = parse_search(SEARCH, PARAMS, "bench")
    rng = np.random.default_rng(seed)
    found = optimize(space, lambda p: truth(p) + rng.normal(0, noise), budget, optimizer, seed, PARAMS)
    return truth(max(found, key=lambda t: t[0])[1])


def real(optimizer: str, seed: int, budget: int) -> tuple[float, float, float]:
    from sim.balance.tune import tune

    raw = {"game": "principes", "history": False, "rotate": False,
           "seats": {"polonia_maior": "builder", "masovia": "politician", "polonia_minor": "conqueror",
                     "silesia": "politician"}}  # fmt: skip
    poor = {"name": "poor", "uses": "politician", "params": {"priorities": ["movement", "progress", "assembly",
            "taxes", "building", "politics"], "draw_court": 0}}  # fmt: skip
    r, seconds = timed(tune, raw, "masovia", plan=poor, budget=budget, holdout=10_000, candidates=30, seed=seed,
                       optimizer=optimizer)  # fmt: skip
    return r.tuned_win_rate, r.gain, seconds


def main() -> None:
    quick = "--quick" in sys.argv
    seeds = range(3 if quick else 8)
    numbers = {}
    print("synthetic objective (true score of the best-scoring point, mean over seeds; 1.0 is the optimum):")
    for budget, noise in ((40, 0.05), (80, 0.1)):
        for opt in ("tpe", "ngopt", "random"):
            scores = [synthetic(opt, s, budget, noise) for s in seeds]
            numbers[f"synthetic_{opt}_{budget}"] = round(float(np.mean(scores)), 3)
            print(f"  {opt:<7} {budget:>3} evaluations, noise {noise}: {np.mean(scores):.3f} "
                  f"(± {1.96 * np.std(scores) / math.sqrt(len(scores)):.3f})")  # fmt: skip
    print("Principes part 1, Masovia from a poor plan (30 candidates, 24,000 search games, 10,000 held-out):")
    for opt in ("tpe", "ngopt", "random"):
        rows = [real(opt, s, 24_000) for s in range(2 if quick else 3)]
        rate = float(np.mean([r[0] for r in rows]))
        numbers[f"principes_{opt}_tuned_win_rate"] = round(rate, 4)
        print(f"  {opt:<7} tuned win rate {rate:.2%} (seeds: {', '.join(f'{r[0]:.2%}' for r in rows)}), "
              f"{np.mean([r[2] for r in rows]):.1f} s a run")  # fmt: skip
    record("balance_optimizers", numbers)


if __name__ == "__main__":
    main()
