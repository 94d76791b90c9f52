"""``sim balance``: the policy-space response oracle loop over populations of plans, one population per faction.

Round r:

1. fill the payoff table for the current populations (``payoff.Table``; every cell on the same games, each cell
   played once and checkpointed), drop plans that are dominated beyond the cells' noise;
2. solve it (``equilibrium.solve``): one mixture per faction;
3. for each faction, ``tune`` a best response against the others' mixtures (its baseline: its own mixture, on the
   same held-out games): the held-out gain is that faction's exploitability, and their sum ``nash_conv``;
4. add each best response that gains more than ε to its population (at most ``max_plans`` per faction: the plan
   with the least equilibrium weight goes), and go on while some faction gained more than ε and rounds remain.

``meta="average"`` answers, in step 3, the average of the rounds' table equilibria so far instead of the round's
own (fictitious play over the meta-game: Brown 1951; in PSRO, Lanctot et al. 2017). When each round's table has a
pure equilibrium and a best response outside the table beats it, the pure profiles cycle; their running average
keeps every plan that ever took part in play, so a new plan must beat a mixture of the old ones, not the last one.
The average may keep a plan the population cap dropped from the table: every plan is kept for play.

``start`` (``--start FILE``, repeatable) seeds each faction's population with the plans that other experiments seat
it with, instead of the built-in plans: pooling several runs' equilibrium files puts their plans in one table.
``library`` (``--library FILE``, repeatable) adds to the check every plan those experiments seat, each tried as one
faction's deviation from the verdict in the payoff table: a tuning run searches near the plan it starts from, and a
plan found elsewhere in the space can beat an equilibrium that tuning cannot. A faction's exploitability is the
larger of the two gains. With ``library_joins`` (``--library-joins``) the library is also an oracle of the rounds:
each round, a faction's best library plan that gains more than ε against the round's equilibrium joins its
population beside the tuned best response (PSRO with two oracles), so the verdict answers the plans other runs found.

The verdict is the least exploitable of the rounds' equilibria (or averages; the least nash_conv measured: a
meta-game without a pure equilibrium can cycle, so the last round need not be the best): each faction's win rate
under it on fresh games (with a 95% interval, how games end, their length), beside the experiment's own field. Its
exploitability is measured once more, by a fresh tuning run per faction on seeds of its own (the check): picking the
least of several noisy measures favours a lucky one. The check also tries every other plan of the verdict round's
own table (``table_check``): a solver that stops short of an exact equilibrium leaves a table regret, and a plan
already in the table that beats the verdict counts as much as a new one.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from tqdm import tqdm

from sim.balance.evaluate import RUN_KEYS, field_payload, run_field, summarize
from sim.balance.games import adapter
from sim.balance.mix import Field, Seat
from sim.balance.payoff import Table, cap, dominated, group_games
from sim.balance.store import RunStore, derive_seed, digest
from sim.balance.tune import DEFAULT_BUDGET, DEFAULT_CANDIDATES, DEFAULT_HOLDOUT, check_budget, tune
from sim.errors import ConfigError

DEFAULT_ROUNDS, DEFAULT_EPSILON, DEFAULT_PRECISION = 3, 1.0, 0.02
DEFAULT_MAX_PLANS, DEFAULT_EVAL = 4, 20_000
METAS = ("nash", "average")  # what the best responses answer: the round's table equilibrium, or the rounds' average
SOLVERS = ("logit", "dynamics")  # with or without the logit path (equilibrium.solve)


@dataclass
class BalanceResult:
    game: str
    title: str
    seed: int
    factions: tuple[str, ...]
    equilibrium: dict  # faction -> {label: weight}
    metrics: dict  # equilibrium field: win_rate, win_rate_ci95, win_type, mean_rounds, plan_matrix
    rotated: dict  # the experiment's own field: win_rate, win_rate_ci95
    exploitability: dict  # faction -> {"gain", "gain_ci95", "best_response"}
    rounds: list  # per round: equilibrium, table regret, exploitability, nash_conv, populations, cells
    populations: dict  # faction -> [labels]
    plans: dict  # label -> plan spec (every plan in a population)
    options: dict
    seconds: float
    games: int
    pruned: list = field(default_factory=list)
    verdict_round: int = 0  # the round whose equilibrium is the verdict: the least nash_conv measured
    start_checks: list = field(default_factory=list)  # each --start file's profile in the pooled table
    library_check: dict = field(default_factory=dict)  # --library: the files, and each faction's best plan of them
    table_check: dict = field(default_factory=dict)  # each faction's best plan of the verdict round's table

    @property
    def nash_conv(self) -> float:
        return float(sum(max(0.0, e["gain"]) for e in self.exploitability.values()))

    def to_json(self) -> dict:
        return {
            "game": self.game, "title": self.title, "seed": self.seed, "factions": list(self.factions),
            "equilibrium": self.equilibrium, "win_rate": self.metrics["win_rate"],
            "win_rate_ci95": self.metrics["win_rate_ci95"], "win_type": self.metrics["win_type"],
            "mean_rounds": self.metrics["mean_rounds"], "mean_rounds_ci95": self.metrics["mean_rounds_ci95"],
            "exploitability": {f: e["gain"] for f, e in self.exploitability.items()},
            "exploitability_ci95": {f: e["gain_ci95"] for f, e in self.exploitability.items()},
            "best_responses": {f: e["best_response"] for f, e in self.exploitability.items()},
            "nash_conv": self.nash_conv, "exploitability_check": True, "rounds": self.rounds,
            "rotated_win_rate": self.rotated["win_rate"],
            "rotated_win_rate_ci95": self.rotated["win_rate_ci95"], "populations": self.populations,
            "pruned": self.pruned, "verdict_round": self.verdict_round, "options": self.options,
            "games_played": self.games, "seconds": round(self.seconds, 3),
            **({"start_checks": self.start_checks} if self.start_checks else {}),
            **({"library_check": self.library_check} if self.library_check else {}),
            **({"table_check": self.table_check} if self.table_check else {}),
        }  # fmt: skip


def balance(
    raw: dict,
    *,
    budget: int = DEFAULT_BUDGET,
    rounds: int = DEFAULT_ROUNDS,
    epsilon: float = DEFAULT_EPSILON,
    precision: float = DEFAULT_PRECISION,
    holdout: int = DEFAULT_HOLDOUT,
    candidates: int = DEFAULT_CANDIDATES,
    max_plans: int = DEFAULT_MAX_PLANS,
    eval_games: int = DEFAULT_EVAL,
    meta: str = "nash",
    solver: str = "logit",
    start: tuple = (),
    library: tuple = (),
    library_joins: bool = False,
    oracle_seeds: int = 1,
    seed: int | None = None,
    workers: int = 1,
    progress: bool = False,
    save=None,
    resume: bool = False,
    source: str = "arguments",
    log=None,
) -> BalanceResult:
    from sim.experiments import DEFAULT_SEED, run_experiment

    game = raw.get("game")
    a = adapter(game, source)
    body = {k: v for k, v in raw.items() if k not in RUN_KEYS}
    base_field, _ = a.field(body, source)
    factions = base_field.factions
    for name, value, least in (("--budget", budget, 1), ("--holdout", holdout, 1), ("--eval-games", eval_games, 1),
                               ("--rounds", rounds, 1), ("--max-plans", max_plans, 2),
                               ("--oracle-seeds", oracle_seeds, 1)):  # fmt: skip
        check_budget(value, name, least)
    if isinstance(epsilon, bool) or not isinstance(epsilon, (int, float)) or not 0 <= epsilon < math.inf:
        raise ConfigError("--epsilon", "", "points of win rate ≥ 0", epsilon)
    if isinstance(precision, bool) or not isinstance(precision, (int, float)) or not 0 < precision < 0.5:
        raise ConfigError("--precision", "", "a 95% half-width between 0 and 0.5", precision)
    if library_joins and not library:
        raise ConfigError("--library-joins", "", "at least one --library FILE", "none")
    if meta not in METAS:
        raise ConfigError("--meta", "", " or ".join(METAS), meta)
    if solver not in SOLVERS:
        raise ConfigError("--solver", "", " or ".join(SOLVERS), solver)
    root = seed if seed is not None else raw.get("seed", DEFAULT_SEED)
    options = {"budget": budget, "rounds": rounds, "epsilon": epsilon, "precision": precision, "holdout": holdout,
               "candidates": candidates, "max_plans": max_plans, "eval_games": eval_games,
               **({"meta": meta} if meta != "nash" else {}),
               **({"solver": solver} if solver != "logit" else {}),
               **({"start": [src for src, _ in start]} if start else {}),
               **({"library": [src for src, _ in library], "library_joins": True} if library_joins else {}),
               **({"oracle_seeds": oracle_seeds} if oracle_seeds != 1 else {}),
               }  # fmt: skip
    # a round's steps depend neither on how many rounds follow nor on how many oracle seeds come after a gain
    store = RunStore(save, {"game": game, "experiment": body, "seed": root, **options}, resume, "balance",
                     grow=("rounds", "oracle_seeds"))  # fmt: skip
    say = log or (lambda _: None)
    table_seed = derive_seed(root, "table")
    played = [0]
    bar = [None]  # the payoff table's progress bar while a table is filled

    def evaluate(group, plans):
        n_cell = n_games[group]
        name = "cell-" + "|".join(f"{f}={plans[f].label}" for f in group)
        key = json.dumps([[f, plans[f].uses, plans[f].params] for f in group], sort_keys=True)
        saved = store.get(name)
        played[0] += n_cell  # the games the run comprises, whether played now or read back
        if bar[0] is not None:
            bar[0].update(n_cell)
        if saved is not None and saved["key"] == key:
            return saved["wins"], saved["games"]
        fld = Field(group, tuple(Seat((plans[f].label,), (1.0,)) for f in group))
        seated = a.group_body(body, group) if hasattr(a, "group_body") else body  # Dark Ages: rulers, players
        out = run_field(field_payload(game, seated, fld, {plans[f].label: plans[f] for f in group}), n_cell, table_seed,
                        workers=workers)  # fmt: skip
        wins, games = out.counts["wins"].tolist(), out.counts["games"].tolist()
        store.put(name, {"key": key, "wins": wins, "games": games})
        return wins, games

    def respond(f, start, name, parts, label, field_, own, k):
        """A best response of ``f`` to ``field_`` (tuning run ``k`` from ``start``), checked against ``own``."""
        if k:  # the first run keeps the names and seed it had before --oracle-seeds
            name, label, parts = f"{name}-s{k + 1}", f"{label}-s{k + 1}", (*parts, k)
        seed = derive_seed(root, *parts)
        sub = store.sub(name)
        res = tune(raw, f, plan=start.spec if start else None, budget=budget, holdout=holdout, candidates=candidates,
                   seed=seed, label=label, against=field_, baseline=own, workers=workers, progress=progress, save=sub,
                   resume=sub is not None and (sub / "manifest.json").exists(), source=source)  # fmt: skip
        played[0] += res.budget + 2 * res.holdout_games
        say(f"  {f}: best response{f' (seed {k + 1})' if k else ''} gains {100 * res.gain:+.1f} points "
            f"[{100 * res.gain_ci95[0]:+.1f}, {100 * res.gain_ci95[1]:+.1f}]")  # fmt: skip
        return res

    def oracle(f, start, name, parts, label, field_, own, every=False) -> tuple[dict, list]:
        """``f``'s exploitability by up to ``oracle_seeds`` tuning runs from ``start``, each on seeds of its own: one
        more only while none gained more than ε, or all of them (``every``: the check). The largest gain, and the
        plan that joins (if any)."""
        best = None
        for k in range(oracle_seeds):
            res = respond(f, start, name, parts, label, field_, own, k)
            best = _gain(res) if best is None or res.gain > best["gain"] else best
            if 100 * res.gain > epsilon and not every:
                return best, [res.plan]
        return best, []

    groups = a.groups(body) if hasattr(a, "groups") else ((factions, 1.0),)  # who sits together, and how often
    n_games = group_games(groups, precision)  # each faction's payoff to ±precision, whatever groups it sits in
    table = Table(factions, tuple(groups), evaluate, {})
    populations = {f: [a.plan(p, "built-in plans") for p in a.builtin] for f in factions}
    starts, start_checks = [], []  # each --start file's profile, and how it fares in the pooled table
    if start:
        populations, starts = _seeded(a, game, factions, start)
    pools = _seeded(a, game, factions, library)[0] if library else {}  # read now: a bad file fails before any game
    history, pruned = [], []
    measured = None
    known: dict = {}  # every plan a population has held (an averaged profile may still play a dropped one)
    average: dict = {}  # meta="average": the running mean of the rounds' table equilibria
    for r in range(1, rounds + 1):
        games = sum(n * int(np.prod([len(populations[f]) for f in g])) for g, n in n_games.items())
        bar[0] = tqdm(total=games, unit="game", unit_scale=True, delay=2.0, disable=not progress, leave=False,
                      desc=f"round {r}: payoff table")  # fmt: skip
        try:
            tensors = table.tensors(populations)
        finally:
            bar[0].close()
            bar[0] = None
        noise = table.halfwidth()
        if r == 1 and starts:
            start_checks = [_start_check(source, profile, tensors, populations, factions)
                            for source, profile in starts]  # fmt: skip
        drop = dominated(tensors, 2 * noise)
        for j, f in enumerate(factions):
            if drop[j] and len(drop[j]) < len(populations[f]):
                pruned += [{"round": r, "faction": f, "plan": populations[f][i].label, "why": "dominated"}
                           for i in drop[j]]  # fmt: skip
                populations[f] = [p for i, p in enumerate(populations[f]) if i not in drop[j]]
        tensors = table.tensors(populations)
        sigma, regret = _solve(store, r, tensors, noise, solver == "logit")
        mix = {f: {p.label: float(w) for p, w in zip(populations[f], sigma[j], strict=True) if w > 0}
               for j, f in enumerate(factions)}  # fmt: skip
        say(f"round {r}: equilibrium " + "; ".join(f"{f} " + ", ".join(f"{k} {v:.2f}" for k, v in m.items())
                                                   for f, m in mix.items()))  # fmt: skip
        payoff = table_payoff(tensors, sigma, factions)
        rivals = _rivals(tensors, sigma, populations, factions, noise)
        if rivals:
            say(f"round {r}: {len(rivals)} other profile(s) within the cells' noise of an equilibrium; win rates "
                f"under them differ by up to {100 * rival_spread(rivals, payoff):.1f} points (a smaller "
                "--precision tells them apart)")  # fmt: skip
        kings = kingmakers(tensors, sigma, populations, factions, noise)
        if kings:
            g, (lo, hi) = max(kings[0]["others"].items(), key=lambda kv: kv[1][1] - kv[1][0])
            say(f"round {r}: {kings[0]['faction']} has {len(kings[0]['plans'])} plans within the noise of its best; "
                f"over them {g} wins {lo:.1%}-{hi:.1%}")  # fmt: skip
        plans = {p.label: p for pop in populations.values() for p in pop}
        table_mix = mix
        if meta == "average":
            known.update(plans)
            plans = dict(known)
            average = {f: {k: ((r - 1) * average.get(f, {}).get(k, 0.0) + mix[f].get(k, 0.0)) / r
                           for k in {*average.get(f, {}), *mix[f]}} for f in factions}  # fmt: skip
            mix = {f: dict(sorted(m.items(), key=lambda kw: (-kw[1], kw[0]))) for f, m in average.items()}
            say(f"round {r}: average of the rounds' equilibria " + "; ".join(
                f"{f} " + ", ".join(f"{k} {v:.2f}" for k, v in m.items()) for f, m in mix.items()))  # fmt: skip
        seats = tuple(Seat(tuple(mix[f]), tuple(mix[f].values())) for f in factions)
        against = (Field(factions, seats), plans)
        gains, found, library_round = {}, {}, {}
        for j, f in enumerate(factions):
            v = _values(tensors, sigma, j)
            order = [i for i in np.argsort(-v, kind="stable") if populations[f][i].space is not None]
            start = populations[f][order[0]] if order else None
            gains[f], found[f] = oracle(f, start, f"tune-r{r}-{f}", ("round", r, f), f"br-{f}-r{r}",
                                         against, seats[j])  # fmt: skip
            if library_joins:  # the second oracle: the best plan other runs found that this population lacks
                held = {p.label for p in populations[f]}
                lib = _library_check(table, factions, mix, plans, j, [p for p in pools[f] if p.label not in held])
                library_round[f] = lib
                gains[f] = _larger(gains[f], lib)  # the round's exploitability: the larger of the two oracles'
                if 100 * lib["gain"] > epsilon:
                    say(f"  {f}: library plan {lib['best_plan']} gains {100 * lib['gain']:+.1f} points")
                    found[f].append(next(p for p in pools[f] if p.label == lib["best_plan"]))
        history.append({
            "round": r, "equilibrium": mix, **({"table_equilibrium": table_mix} if meta == "average" else {}),
            "table_regret": dict(zip(factions, map(float, regret), strict=True)),
            "table_nash_conv": float(regret.sum()), "table_payoff": payoff,
            "table_noise": noise,
            "rivals": rivals, "kingmakers": kings,
            "exploitability": {f: g["gain"] for f, g in gains.items()},
            "exploitability_ci95": {f: g["gain_ci95"] for f, g in gains.items()},
            "nash_conv": float(sum(max(0.0, g["gain"]) for g in gains.values())),
            "populations": {f: [p.label for p in pop] for f, pop in populations.items()}, "cells": len(table.cells),
            "table_games": max(n_games.values()),
            **({"library": library_round} if library_joins else {}),
        })  # fmt: skip
        if measured is None or history[-1]["nash_conv"] < measured[3]:  # the verdict: the least exploitable so far
            measured = (mix, plans, r, history[-1]["nash_conv"])
        better = [f for f in factions if found[f]]
        if not better or r == rounds:
            break
        for f in better:
            populations[f] += found[f]
            weights = np.array([mix[f].get(p.label, 0.0) for p in populations[f]])
            populations[f], out = cap(populations[f], weights, max_plans, {p.label for p in found[f]})
            pruned += [{"round": r, "faction": f, "plan": x, "why": f"at most {max_plans} plans"} for x in out]
    mix, plans, verdict_round, _ = measured
    mix = {f: rounded(m) for f, m in mix.items()}  # as the equilibrium file writes them, so sim run replays these games
    eq_field = Field(factions, tuple(Seat(tuple(mix[f]), tuple(mix[f].values())) for f in factions))
    # The verdict is the round whose measured nash_conv was least: of several noisy measures, the luckiest. So each
    # faction's exploitability is measured again, by a fresh tuning run on seeds of its own against the verdict.
    gains = {}
    say(f"check of round {verdict_round}'s equilibrium:")
    for j, f in enumerate(factions):
        start = max((plans[k] for k in mix[f] if plans[k].space is not None), key=lambda p: mix[f][p.label],
                    default=None)  # fmt: skip
        gains[f] = oracle(f, start, f"check-r{verdict_round}-{f}", ("check", f), f"check-{f}",
                           (eq_field, plans), eq_field.seats[j], every=True)[0]  # fmt: skip
    library_checks, table_checks = {}, {}
    if library:  # a tuning run searches near its start: every plan of the library is tried against the verdict too
        for j, f in enumerate(factions):
            library_checks[f] = _library_check(table, factions, mix, plans, j, pools[f])
            gains[f] = _larger(gains[f], library_checks[f])
    table_plans = history[verdict_round - 1]["populations"]  # and every other plan of the verdict's own table
    for j, f in enumerate(factions):
        own = [plans[k] for k in table_plans[f] if k not in mix[f]]
        if own:
            table_checks[f] = _library_check(table, factions, mix, plans, j, own)
            gains[f] = _larger(gains[f], table_checks[f])
    final = store.get("final")
    played[0] += 2 * eval_games
    if final is None or final.get("mix") != mix:  # a checkpoint of another verdict (an older sim) is replayed
        out = run_field(field_payload(game, body, eq_field, plans), eval_games, final_seed(root), workers=workers,
                        progress=progress)  # fmt: skip
        metrics = summarize(out.counts, out.n, eq_field, game)
        rot = run_experiment(raw, games=eval_games, seed=derive_seed(root, "rotated"), workers=workers)
        final = {"metrics": metrics, "rotated": {k: rot.metrics[k] for k in ("win_rate", "win_rate_ci95")},
                 "mix": mix}  # fmt: skip
        store.put("final", final)
    used = {label for m in mix.values() for label in m} | {p.label for pop in populations.values() for p in pop}
    return BalanceResult(
        game, raw.get("title", ""), root, factions, mix, final["metrics"], final["rotated"], gains, history,
        {f: [p.label for p in pop] for f, pop in populations.items()},
        {label: plans[label].spec if label in plans else None for label in sorted(used) if label in plans},
        options, store.elapsed(), played[0], pruned, verdict_round, start_checks,
        {"files": [str(src) for src, _ in library], "checks": library_checks} if library else {}, table_checks,
    )  # fmt: skip


def _seeded(a, game: str, factions: tuple, start) -> tuple[dict, list]:
    """Each faction's first population: the plans that the ``start`` experiments ((source, mapping) pairs, such as
    other runs' equilibrium files) seat it with, in order, each plan once: several runs' equilibria pooled in one
    table. Also each file's profile: (source, {faction: {plan: weight}})."""
    pools: dict = {f: {} for f in factions}
    profiles = []
    for source, raw in start:
        profile = {}
        if raw.get("game") != game:
            raise ConfigError(source, "game", f"an experiment of {game}", raw.get("game"))
        fld, plans = a.field({k: v for k, v in raw.items() if k not in RUN_KEYS}, source)
        if set(fld.factions) != set(factions):
            raise ConfigError(source, "seats", "seats for " + ", ".join(factions), ", ".join(fld.factions))
        for f in factions:
            seat = fld.seat_of(f)
            if seat is None:
                raise ConfigError(source, "rotate", "fixed seats (rotate: false), as an equilibrium file has", True)
            for label in seat.labels:
                pools[f].setdefault(label, plans[label])
            profile[f] = dict(zip(seat.labels, seat.weights, strict=True))
        profiles.append((source, profile))
    return {f: list(pool.values()) for f, pool in pools.items()}, profiles


def _start_check(source: str, profile: dict, tensors, populations: dict, factions: tuple) -> dict:
    """A --start file's profile in the pooled round-1 table: each faction's payoff, and what its best plan of the
    pool would gain against the others (another run's equilibrium, checked against every plan the runs found)."""
    from sim.balance.equilibrium import payoffs, values

    sigma = [np.array([profile[f].get(p.label, 0.0) for p in populations[f]]) for f in factions]
    paid = payoffs(tensors, sigma)
    out = {"source": str(source), "payoff": {}, "gain": {}, "best_plan": {}}
    for j, f in enumerate(factions):
        v = values(tensors, sigma, j)
        best = int(np.argmax(v))
        out["payoff"][f] = float(paid[j])
        out["gain"][f] = float(v[best] - paid[j])
        out["best_plan"][f] = populations[f][best].label
    return out


def table_payoff(tensors, sigma, factions: tuple) -> dict:
    """Each faction's payoff in the table under the mixtures ``sigma``."""
    from sim.balance.equilibrium import payoffs

    return dict(zip(factions, map(float, payoffs(tensors, sigma)), strict=True))


def _rivals(tensors, sigma, populations: dict, factions: tuple, noise: float) -> list:
    """The pure profiles other than the equilibrium found that the table cannot tell from an equilibrium: no
    faction gains more than a paired difference's noise (√2 times a payoff's half-width) by switching plans. Each
    with the factions' payoffs under it and its largest regret."""
    from sim.balance.equilibrium import near_equilibria, regrets

    chosen = tuple(int(np.argmax(s)) for s in sigma) if all(s.max() > 1 - 1e-9 for s in sigma) else None
    out = []
    for p in near_equilibria(tensors, float(np.sqrt(2) * noise)):
        if p == chosen:
            continue
        pure = [np.eye(len(populations[f]))[i] for f, i in zip(factions, p, strict=True)]
        out.append({"profile": {f: populations[f][i].label for f, i in zip(factions, p, strict=True)},
                    "payoff": table_payoff(tensors, pure, factions),
                    "regret": float(regrets(tensors, pure).max())})  # fmt: skip
    return out


def kingmakers(tensors, sigma, populations: dict, factions: tuple, noise: float) -> list:
    """The factions whose choice decides others' win rates: against the others' equilibrium mixtures, each faction's
    plans within a paired difference's noise (√2 times a payoff's half-width) of its best, which the table cannot
    rank for it, and every other faction's lowest and highest payoff over them. A faction with two or more such
    plans is indifferent within the noise, so which one it plays is the seed's choice, and the others' win rates
    move with it. Largest swing of another faction's payoff first."""
    from sim.balance.equilibrium import values

    out = []
    for j, f in enumerate(factions):
        own = values(tensors, sigma, j)
        near = np.flatnonzero(own.max() - own <= np.sqrt(2) * noise)
        if len(near) < 2:
            continue
        others = {g: values(tensors, sigma, j, of=k)[near] for k, g in enumerate(factions) if k != j}
        out.append({"faction": f, "plans": [populations[f][i].label for i in near],
                    "own": [float(own[near].min()), float(own[near].max())],
                    "others": {g: [float(v.min()), float(v.max())] for g, v in others.items()}})  # fmt: skip
    return sorted(out, key=lambda m: -max(hi - lo for lo, hi in m["others"].values()))


def rival_spread(rivals: list, payoff: dict) -> float:
    """The largest difference, over factions and rival profiles, between a faction's payoff under a rival and under
    the equilibrium found."""
    return max(abs(r["payoff"][f] - v) for r in rivals for f, v in payoff.items())


def rival_ranges(rivals: list, payoff: dict) -> dict:
    """Each faction's lowest and highest payoff over the equilibrium found and its rivals: the win rate a verdict
    cannot pin down closer than its table can tell the profiles apart."""
    return {f: (min(v, *(r["payoff"][f] for r in rivals)), max(v, *(r["payoff"][f] for r in rivals)))
            for f, v in payoff.items()}  # fmt: skip


def _library_check(table, factions: tuple, mix: dict, plans: dict, j: int, library: list) -> dict:
    """What faction ``j``'s best plan of ``library`` gains against the others' equilibrium mixtures, over its own
    mixture: the payoff table's cells (each played once and checkpointed), so its 95% interval is the paired
    difference's, at most √2 times a faction payoff's half-width."""
    from sim.balance.equilibrium import values

    f = factions[j]
    own = [plans[k] for k in mix[f]]
    tried = [p for p in library if p.label not in mix[f]]
    if not tried:
        return {"gain": 0.0, "gain_ci95": [0.0, 0.0], "best_plan": None, "plans": 0}
    support = {g: [plans[k] for k in mix[g]] for g in factions}
    tensors = table.tensors({**support, f: own + tried})
    sigma = [np.array(list(mix[g].values())) for g in factions]
    sigma[j] = np.concatenate([sigma[j], np.zeros(len(tried))])
    v = values(tensors, sigma, j)
    best = len(own) + int(np.argmax(v[len(own) :]))
    gain, half = float(v[best] - v @ sigma[j]), float(np.sqrt(2) * table.halfwidth())
    return {"gain": gain, "gain_ci95": [gain - half, gain + half], "best_plan": tried[best - len(own)].label,
            "plans": len(tried)}  # fmt: skip


def _larger(tuned: dict, library: dict) -> dict:
    """A faction's exploitability from its two oracles: the tuning run's gain, or the library check's if larger."""
    if library["gain"] > tuned["gain"]:
        return {**library, "best_response": library["best_plan"], "params": None}
    return tuned


def _gain(res) -> dict:
    """A tuning run's held-out gain, as the rounds and the check record it."""
    return {"gain": res.gain, "gain_ci95": list(res.gain_ci95), "best_response": res.plan.label,
            "params": res.searched}  # fmt: skip


def _solve(store, r: int, tensors, noise: float, logit: bool):
    """The round's equilibrium, checkpointed with the table it solved (a resumed run reads it back)."""
    from sim.balance.equilibrium import solve

    key = digest([t.tolist() for t in tensors])
    saved = store.get(f"solve-r{r}")
    if saved is not None and saved["key"] == key:
        return [np.array(s) for s in saved["sigma"]], np.array(saved["regret"])
    sigma, regret = solve(tensors, tolerance=noise / 4, logit=logit)  # a regret far inside the noise is no gain
    store.put(f"solve-r{r}", {"key": key, "sigma": [s.tolist() for s in sigma], "regret": regret.tolist()})
    return sigma, regret


def rounded(weights: dict) -> dict:
    """Weights to 6 decimals, the first absorbing the rounding so that they sum to 1."""
    out = {k: round(w, 6) for k, w in weights.items()}
    keys = list(out)
    out[keys[0]] = round(1.0 - sum(out[k] for k in keys[1:]), 6)
    return out


def final_seed(root: int) -> int:
    """The seed of the equilibrium's replay (the equilibrium file's ``seed``)."""
    return derive_seed(root, "final")


def _values(tensors, sigma, j):
    from sim.balance.equilibrium import values

    return values(tensors, sigma, j)


def equilibrium_experiment(result: BalanceResult, raw: dict, plan_dir: Path, prefix: str | None = None
                           ) -> tuple[dict, dict]:  # fmt: skip
    """The equilibrium as an experiment mapping (mixed seats; ``sim run`` replays it) and the tuned plans' files
    ({path: plan mapping}) it names, written under ``plan_dir``. With a ``prefix`` (a shipped study's name) the
    experiment names ``plan_dir/<label>.yaml`` through the study, ``<prefix>/<label>`` (``plan_dir`` being the
    study's plans folder); otherwise by its path."""
    files, names = {}, {}
    support = {label for m in result.equilibrium.values() for label in m}
    for label, spec in result.plans.items():
        if prefix and label not in support:
            continue  # a shipped study carries the plans its equilibrium plays, not every plan it tried
        if isinstance(spec, dict):  # a tuned plan: its own file
            path = plan_dir / f"{label}.yaml"
            files[str(path)] = {"uses": spec["uses"], "params": spec.get("params") or {}}
            names[label] = f"{prefix}/{label}" if prefix else str(path)
        else:
            names[label] = spec
    seats = {f: {"mix": {names[k]: w for k, w in rounded(m).items()}} for f, m in result.equilibrium.items()}
    body = {k: v for k, v in raw.items() if k not in ("seats", "rotate", *RUN_KEYS)}
    title = raw.get("title") or raw["game"]
    exp = {"game": raw["game"], "title": f"Equilibrium of {title}",
           "question": f"Who wins when every faction plays its equilibrium mixture of plans ({title})?",
           "games": result.options["eval_games"], "seed": final_seed(result.seed),
           **adapter(raw["game"], "balance").profile_body(body, seats)}  # fmt: skip
    return exp, files
