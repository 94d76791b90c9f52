"""The solo searchers measured (issue 40, point 6): Principes and Dark Ages solo games with the player searching at
a budget, checkpointed chunk by chunk, and their win rates by Principality / Ruler and difficulty with 95% intervals,
with how far the Principes player's tracks and Capitals get.

    python bench/solo_search.py principes --budget 64 --objective score --games 1200 --out /tmp/solo-p64.npz
    python bench/solo_search.py report /tmp/solo-p64.npz
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np

from sim.compare import paired_ci
from sim.rng import experiment_key
from sim.stats import wilson

SEED = 20261201


def payload(game: str, budget: int, objective: str, strategies: list[str] | None, choices: str | None = None,
            every_level: bool = False):
    search = {"budget": budget, "objective": objective, **({"choices": choices} if choices else {})}
    if game == "principes":
        from sim.games.principes import experiment

        raw = {"mode": "solo", "difficulties": ["normal", "hard", "legendary"], "principalities": "all",
               "history": True, "strategies": strategies or ["solo"], "search": search}  # fmt: skip
    else:
        from sim.games.dark_ages import experiment

        raw = {"mode": "solo", "strategies": strategies or ["culture"], "search": search,
               **({} if every_level else {"difficulties": ["standard"]})}  # fmt: skip
    return experiment.experiment_from_dict(raw, "bench/solo_search.py")


def run(game: str, budget: int, objective: str, games: int, chunk: int, out: Path, strategies, choices=None,
        every_level: bool = False) -> None:
    e = payload(game, budget, objective, strategies, choices, every_level)
    key = experiment_key(SEED)
    done = dict(np.load(out)) if out.exists() else {"table": np.zeros((0, 0), np.int64)}
    tables = [done["table"]] if len(done["table"]) else []
    start = sum(len(t) for t in tables)
    t0 = time.time()
    while start < games:
        n = min(chunk, games - start)
        if game == "principes":
            from sim.games.principes.fast import solo_search

            table, _ = solo_search.run_games(e, key, start, n)
        else:
            from sim.games.dark_ages.fast import solo_search

            d, table, _ = solo_search.run_games(e, key, start, n)
            table = np.column_stack([d, table])
        tables.append(table)
        start += n
        np.savez(out, table=np.vstack(tables), budget=budget, objective=objective, game=game, every_level=every_level)
        print(f"{start}/{games} games, {start and (time.time() - t0):.0f} s, RSS {rss_mb():.0f} MB", flush=True)


def rss_mb() -> float:
    """This process's resident memory now (Linux), to see that it stays flat as games are played."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def report(path: Path, baseline: Path | None = None) -> None:
    z = np.load(path)
    t, game = z["table"], str(z["game"])
    print(f"{game}: budget {int(z['budget'])}, objective {z['objective']}, {len(t)} games")
    if game == "principes":
        from sim.games.principes.game.solo import DIFFICULTIES
        from sim.games.principes.solo_experiment import COLUMNS

        col = {c: t[:, i] for i, c in enumerate(COLUMNS)}
        names = ("polonia_maior", "masovia", "polonia_minor", "silesia")
        for p, name in enumerate(names):
            for d, level in enumerate(DIFFICULTIES):
                m = (col["principality"] == p) & (col["difficulty"] == d)
                w, n = int(col["won"][m].sum()), int(m.sum())
                lo, hi = wilson(w, n)
                print(f"{name:14s} {level:9s} {w:3d}/{n:3d} = {w / max(n, 1):.1%} [{lo:.1%}, {hi:.1%}]  "
                      f"might {col['might'][m].mean():4.1f} (max {col['might'][m].max()}) "
                      f"people {col['people'][m].mean():4.1f} (max {col['people'][m].max()}) "
                      f"clergy {col['clergy'][m].mean():4.1f} (max {col['clergy'][m].max()}) "
                      f"capitals {col['capitals'][m].mean():.2f} (max {col['capitals'][m].max()}) "
                      f"score {col['score'][m].mean():4.1f} (max {col['score'][m].max()})")
        return
    from sim.games.dark_ages.fast.layout import OUT_COLS
    from sim.games.dark_ages.fast.solo_experiment import BATTLE_AT, HEAD
    from sim.games.dark_ages.game.solo_experiment import deal

    e = payload("dark_ages", int(z["budget"]), str(z["objective"]), None, None, bool(z.get("every_level", False)))

    def won(table):
        rows = table[:, 1:]
        return (rows[:, HEAD + OUT_COLS - 1] > rows[:, BATTLE_AT - 1]).astype(float)

    d, w_all = t[:, 0], won(t)
    base = won(np.load(baseline)["table"][: len(t)]) if baseline else None
    rulers = np.array([deal(e, i)[2] for i in range(len(t))])
    for ruler in (*e.rulers, "all"):
        for k, level in enumerate(e.difficulties):
            m = ((rulers == ruler) | (ruler == "all")) & (d == k)
            w, n = int(w_all[m].sum()), int(m.sum())
            lo, hi = wilson(w, n)
            line = f"{ruler:22s} {level:10s} {w:3d}/{n:3d} = {w / max(n, 1):.1%} [{lo:.1%}, {hi:.1%}]"
            if base is not None:
                b = base[m]
                plo, phi = paired_ci(b, w_all[m])
                gain = 100 * (w_all[m].mean() - b.mean())
                line += f"  policy {b.mean():.1%}, gain {gain:+.1f} [{100 * plo:+.1f}, {100 * phi:+.1f}]"
            print(line)


def trace(paths: list[Path]) -> None:
    """The skill trace of solo searchers at doubling budgets on the same games: each budget's win rate (Principes:
    mean solo score) and its paired gain over the budget before it."""
    prev = None
    for path in paths:
        z = np.load(path)
        t, game = z["table"], str(z["game"])
        if game == "principes":
            from sim.games.principes.solo_experiment import COLUMNS

            v, unit = t[:, COLUMNS.index("score")].astype(float), "score"
        else:
            from sim.games.dark_ages.fast.layout import OUT_COLS
            from sim.games.dark_ages.fast.solo_experiment import BATTLE_AT, HEAD

            v, unit = (t[:, 1 + HEAD + OUT_COLS - 1] > t[:, BATTLE_AT]).astype(float) * 100, "win %"
        line = f"{game} budget {int(z['budget']):4d}: {len(v)} games, {unit} {v.mean():.2f}"
        if prev is not None:
            n = min(len(v), len(prev))
            lo, hi = paired_ci(prev[:n], v[:n])
            line += f", gain over the budget before {v[:n].mean() - prev[:n].mean():+.2f} [{lo:+.2f}, {hi:+.2f}]"
        print(line)
        prev = v


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("game", choices=["principes", "dark_ages", "report", "trace"])
    ap.add_argument("path", nargs="*")
    ap.add_argument("--budget", type=int, default=64)
    ap.add_argument("--objective", default="score")
    ap.add_argument("--games", type=int, default=1200)
    ap.add_argument("--chunk", type=int, default=60)
    ap.add_argument("--strategies", default=None)
    ap.add_argument("--choices", default=None, help="the searcher's choices (Principes: lead or all)")
    ap.add_argument("--every-level", action="store_true", help="Dark Ages: every difficulty option, not standard only")
    ap.add_argument("--out", type=Path)
    ap.add_argument("--baseline", type=Path, help="report: the same games at budget 0, for the paired gain")
    a = ap.parse_args()
    if a.game == "report":
        report(Path(a.path[0]), a.baseline)
    elif a.game == "trace":
        trace([Path(p) for p in a.path])
    else:
        run(a.game, a.budget, a.objective, a.games, a.chunk, a.out, a.strategies and a.strategies.split(","), a.choices,
            a.every_level)


if __name__ == "__main__":
    main()
