"""The searcher written once (``sim.search``) on both games with a searcher in every seat, determinized, on the
compiled engines, one core:

- searched games per CPU-second with every seat searching (``search: {budget: B}``: each seat's own plan as its
  policy), the playouts per decision, and the cost of one playout against the plain game's tail (the same field
  without search: a playout from a decision plays on from there, so its fair price is the part of a plain game
  still to come, estimated as the mean share of the game after a decision: (R + 1) / 2R of a game of R Rounds in
  Principes, where every seat decides at each Round's start, and one half in Dark Ages, where decisions are spread
  evenly over the turns);
- the bandit against the uniform allocation at an equal budget: every seat searching with ``allocation: uniform``,
  and one seat with ``allocation: halving`` instead, the same games (seed, seats fixed), the paired gains in that
  seat's win rate and final score share with their 95% intervals (``sim.compare.paired_ci``), and the playouts
  spent per decision.

The fields: Principes ``configs/principes/experiments/faction-balance.yaml`` (History off; Masovia the one-seat
searcher), Dark Ages three Rulers of ``studies/dark_ages/ruler-balance-3p/equilibrium.yaml`` with their
equilibrium plans (Boleslaus the Cruel the one-seat searcher). A benchmark reports; it never fails on wall-clock.

Usage: ``python bench/search_every_seat.py [--budget 64] [--games 6] [--head 400 150] [--head-budget 32]`` (about
five minutes on an idle core).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.common import record  # noqa: E402

PRINCIPES = ROOT / "configs/principes/experiments/faction-balance.yaml"
EQUILIBRIUM = ROOT / "studies/dark_ages/ruler-balance-3p/equilibrium.yaml"
RULERS = ("boleslaus_the_cruel", "tomislav", "gero_the_great")
MEASURED = "tomislav"  # the head to head's seat: Boleslaus's plan alone wins about 97% of this field's games
KEY = 20261206


def principes_raw() -> dict:
    from sim.experiments import load_experiment

    raw = load_experiment(PRINCIPES)
    return {k: v for k, v in raw.items() if k not in ("game", "games", "seed", "title", "question")} | {"rotate": False}


def dark_ages_raw() -> dict:
    from sim.experiments import load_experiment

    raw = load_experiment(EQUILIBRIUM)
    plans = {r: next(iter(raw["seats"][r]["mix"])) for r in RULERS}  # each a single plan (weight 1.0)
    return {"players": 3, "rulers": list(RULERS), "seats": plans}


def play(game: str, raw: dict, games: int):
    """(per-game table, per-game search statistics or None, CPU seconds) of ``games`` games of ``raw``."""
    if game == "principes":
        from sim.games.principes.experiment import experiment_from_dict
        from sim.games.principes.fast import chunk, search

        e = experiment_from_dict(raw, "bench")
        started = time.process_time()
        if search.searching(e):
            table, stats = search.run_games(e, KEY, 0, games)
        else:
            table, stats = chunk.run_games(e, KEY, 0, games), None
        return table, stats, time.process_time() - started
    from sim.games.dark_ages.experiment import compile as compile_payload
    from sim.games.dark_ages.experiment import experiment_from_dict
    from sim.games.dark_ages.fast import experiment as fast_experiment
    from sim.games.dark_ages.fast import search

    e = experiment_from_dict(raw, "bench")
    started = time.process_time()
    if search.searching(e):
        table, stats = search.run_games(e, KEY, 0, games)
    else:
        table, stats = fast_experiment.run_games(compile_payload(e), KEY, 0, games), None
    return table, stats, time.process_time() - started


def every_seat(game: str, budget: int, games: int) -> dict:
    """Every seat searching at ``budget``: games per CPU-second, playouts per decision, playout cost vs the tail."""
    raw = principes_raw() if game == "principes" else dark_ages_raw()
    play(game, raw, 4)  # load the engines (numba's cached machine code)
    play(game, {**raw, "search": {"budget": budget}}, 1)
    plain, _, plain_s = play(game, raw, 400)
    table, stats, seconds = play(game, {**raw, "search": {"budget": budget}}, games)
    mod = __import__(f"sim.games.{game}.fast.search", fromlist=["S_PLAYOUTS"])
    playouts = int(stats[:, mod.S_PLAYOUTS].sum())
    decisions = int(stats[:, mod.S_DECISIONS].sum())
    if game == "principes":
        from sim.games.principes.fast.chunk import COL

        rounds = plain[:, COL["rounds"]].mean()
        decisions += int(stats[:, mod.S_MOVEMENT].sum() + stats[:, mod.S_POLITICS].sum())
        tail = (rounds + 1) / (2 * rounds)
    else:
        decisions += int(stats[:, mod.S_RDECISIONS].sum())
        tail = 0.5
    game_s = plain_s / len(plain)
    playout_s = seconds / max(playouts, 1)  # an upper bound: the searched game's own play and listing included
    return {"budget": budget, "games": games, "games_per_cpu_s": games / seconds,
            "decisions_per_game": decisions / games,
            "playouts_per_decision": playouts / max(decisions, 1), "plain_games_per_cpu_s": len(plain) / plain_s,
            "playout_ms": 1000 * playout_s, "plain_game_ms": 1000 * game_s, "tail_share": tail,
            "playout_vs_tail": playout_s / (game_s * tail)}  # fmt: skip


def _searchers(seats, budget: int, measured, allocation: str, objective: str = "win"):
    """Every seat of ``seats`` (a list or a mapping) a uniform searcher at ``budget`` with its own plan as policy,
    the ``measured`` one with ``allocation`` instead."""
    def one(key, plan):
        a = allocation if key == measured else "uniform"
        name = "searcher" if key == measured else f"{plan if isinstance(plan, str) else key}+uniform"
        params = {"budget": budget, "allocation": a, "policy": plan, "objective": objective}
        return {"name": name, "uses": "rollout", "params": params}

    if isinstance(seats, dict):
        return {k: one(k, v) for k, v in seats.items()}
    return [one(i, v) for i, v in enumerate(seats)]


def head_to_head(game: str, budget: int, games: int, objective: str = "win") -> dict:
    """Every seat searching at ``budget`` with the uniform allocation, and one of them (Masovia, Tomislav) with
    sequential halving instead, on the same games: each one's win rate in that seat and its share of the final
    Might or VP, the paired gains of halving with their 95% intervals, the playouts per decision of all seats.
    (Against plain plans one searcher wins almost every Dark Ages game at this budget, whatever its allocation: the
    strong field keeps the question open.)"""
    from sim.compare import paired_ci

    raw = principes_raw() if game == "principes" else dark_ages_raw()
    out = {}
    for allocation in ("uniform", "halving"):
        if game == "principes":
            seats = _searchers(raw["seats"], budget, 1, allocation, objective)
            table, stats, seconds = play(game, {**raw, "seats": seats}, games)
            won = (table[:, 0] == 1).astype(float)
            from sim.games.principes.fast.chunk import COL

            might = table[:, [COL[f"might_{i}"] for i in range(4)]].astype(float)
            share = might[:, 1] / np.maximum(might.sum(axis=1), 1)
        else:
            from sim.games.dark_ages.experiment import experiment_from_dict
            from sim.games.dark_ages.fast import search
            from sim.games.dark_ages.fast.experiment import HEAD
            from sim.games.dark_ages.fast.layout import OUT_COLS
            from sim.games.dark_ages.ladder import seating

            seats = _searchers(raw["seats"], budget, MEASURED, allocation, objective)
            e = experiment_from_dict({**raw, "seats": seats}, "bench")
            npl, rul, st, chair = seating(e, MEASURED, 0, games)
            started = time.process_time()
            table, stats = search.run_seated(e, KEY, 0, games, npl, rul, st)
            seconds = time.process_time() - started
            totals = table[:, HEAD : HEAD + 3 * OUT_COLS].reshape(games, 3, OUT_COLS)[:, :, OUT_COLS - 1]
            won = (totals[np.arange(games), chair] == totals.max(axis=1)).astype(float)
            share = totals[np.arange(games), chair] / np.maximum(totals.sum(axis=1), 1)
        mod = __import__(f"sim.games.{game}.fast.search", fromlist=["S_PLAYOUTS"])
        per = float(stats[:, mod.S_PLAYOUTS].sum() / max(stats[:, mod.S_DECISIONS].sum(), 1))
        out[allocation] = {"win_rate": float(won.mean()), "won": won, "share": share, "cpu_seconds": seconds,
                           "playouts_per_decision_all_seats": per}  # fmt: skip
    u, h = out["uniform"].pop("won"), out["halving"].pop("won")
    su, sh = out["uniform"].pop("share"), out["halving"].pop("share")
    return {"budget": budget, "games": games, "objective": objective, **out, "gain": float((h - u).mean()),
            "gain_ci95": paired_ci(u, h), "share_gain": float((sh - su).mean()),
            "share_gain_ci95": paired_ci(su, sh)}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--budget", type=int, default=64)
    parser.add_argument("--games", type=int, default=6, help="Games with every seat searching, per game.")
    parser.add_argument("--head", type=int, nargs=2, default=[400, 150], metavar=("PRINCIPES", "DARK_AGES"),
                        help="Games of the head to head, per game.")
    parser.add_argument("--head-budget", type=int, default=32)
    parser.add_argument("--objective", choices=["win", "score"], default="win", help="The head to head's searchers'.")
    parser.add_argument("--games-of", nargs="*", default=["principes", "dark_ages"], help="Which games to measure.")
    args = parser.parse_args()
    print(f"  (machine load: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; per CPU-second of one core)")
    numbers = {}
    for game in args.games_of:
        e = every_seat(game, args.budget, args.games)
        print(f"  {game}: every seat searching, determinized, budget {e['budget']}: {e['games_per_cpu_s']:.2f} "
              f"games per CPU-second ({e['decisions_per_game']:.0f} decisions a game, "
              f"{e['playouts_per_decision']:.1f} playouts each); a playout {e['playout_ms']:.2f} ms, a plain game "
              f"{e['plain_game_ms']:.2f} ms ({e['plain_games_per_cpu_s']:.0f}/s): a playout costs "
              f"{e['playout_vs_tail']:.2f}x the plain game's tail (target at most 2x)", flush=True)  # fmt: skip
        h = head_to_head(game, args.head_budget, args.head[game != "principes"], args.objective)
        lo, hi = h["gain_ci95"]
        print(f"  {game}: every seat uniform at budget {h['budget']} ({h['objective']}), {h['games']} games, one seat: "
              f"halving wins "
              f"{100 * h['halving']['win_rate']:.1f}% "
              f"(all seats {h['halving']['playouts_per_decision_all_seats']:.1f} playouts a decision), uniform "
              f"{100 * h['uniform']['win_rate']:.1f}% ({h['uniform']['playouts_per_decision_all_seats']:.1f}); "
              f"paired gain {100 * h['gain']:+.1f} points [{100 * lo:+.1f}, {100 * hi:+.1f}]; final share "
              f"{100 * h['share_gain']:+.2f} points [{100 * h['share_gain_ci95'][0]:+.2f}, "
              f"{100 * h['share_gain_ci95'][1]:+.2f}]", flush=True)  # fmt: skip
        numbers[game] = {"every_seat": e, "head_to_head": h}
    record("search_every_seat", {**numbers, "load_average": os.getloadavg()[0]})


if __name__ == "__main__":
    main()
