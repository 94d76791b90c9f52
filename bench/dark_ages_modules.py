"""Dark Ages with the optional modules on: 3-player games/s and solo games/s of ``engine: auto`` with every module
the compiled engine plays switched on (``fast.dispatch.COMPILED``), on 1 worker, against the plain-Python reference
in the same run (on fewer games), next to the issue's targets (every compatible module: 2,000 games/s at 3
players; the six solo modules: 4,000 games/s). The engine ``auto`` picks is printed: with a module that is not
compiled it is the reference.

The experiments are ``configs/dark_ages/experiments/ruler-balance.yaml`` at 3 players and ``solo-difficulty.yaml``
with ``modules:`` set; warm-up runs load numba's cached machine code first.

Usage: ``python bench/dark_ages_modules.py`` (``--games 20000``, ``--reference-games 200``, ``--solo-games 22000``,
``--solo-reference-games 220``).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import record  # noqa: E402
from bench.dark_ages_game import EXPERIMENT, SOLO_EXPERIMENT, measure, show  # noqa: E402
from sim.experiments import RUN_KEYS, load_experiment, run_experiment  # noqa: E402
from sim.games.dark_ages.experiment import experiment_from_dict  # noqa: E402
from sim.games.dark_ages.fast.dispatch import COMPILED  # noqa: E402

TARGET = {"multiplayer": 2000, "solo": 4000}  # games/s with every compatible (solo: every solo) module on


def bench(mode: str, raw: dict, n: int, n_ref: int) -> dict:
    mods = dict.fromkeys(COMPILED[mode], True)
    fast = {**raw, "modules": mods, "engine": "auto"}
    ref = {**fast, "engine": "reference"}
    engine = experiment_from_dict({k: v for k, v in fast.items() if k not in RUN_KEYS}, "bench").engine
    print(f"  {mode}, modules {', '.join(mods)}: engine: auto plays on the {engine} engine", flush=True)
    run_experiment(fast, games=max(n // 100, 50), seed=2, workers=1)  # warm-up
    run_experiment(ref, games=8, seed=2, workers=1)
    rows = [{**measure(ref, n_ref, 1), "mode": mode}, {**measure(fast, n, 1), "mode": mode}]
    for r in rows:
        show(r)
    rate, ratio = rows[1]["games_per_s"], rows[1]["games_per_s"] / rows[0]["games_per_s"]
    per_cpu = rows[1]["games_per_cpu_s"]
    print(f"  {mode}: {rate:,.0f} games/s on 1 worker ({per_cpu:,.0f} per CPU-second) = {ratio:,.0f}x the reference, "
          f"{rate / TARGET[mode]:.0%} of the {TARGET[mode]:,} games/s target (which counts every module; these are "
          f"{len(mods)})")  # fmt: skip
    return {"engine": engine, "modules": list(mods), "runs": rows, "games_per_s": rate, "games_per_cpu_s": per_cpu,
            "ratio_to_reference": ratio, "target_games_per_s": TARGET[mode]}  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20000)
    ap.add_argument("--reference-games", type=int, default=200)
    ap.add_argument("--solo-games", type=int, default=22000)
    ap.add_argument("--solo-reference-games", type=int, default=220)
    args = ap.parse_args()
    mp = bench("multiplayer", {**load_experiment(EXPERIMENT), "players": 3}, args.games, args.reference_games)
    solo = bench("solo", load_experiment(SOLO_EXPERIMENT), args.solo_games, args.solo_reference_games)
    record("dark_ages_modules", {"multiplayer_3p": mp, "solo": solo})


if __name__ == "__main__":
    main()
