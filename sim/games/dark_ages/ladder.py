"""``sim ladder`` for Dark Ages: the rollout searcher (``fast.search``) at doubling budgets in one Ruler's seat
against the experiment's other Rulers, and how much it gains over that Ruler's own plan.

The seat is a Ruler: it plays every game, against each set of the other Rulers in turn (at 3 players each pair of
the other six), and sits in each chair in turn: game g seats the Ruler with ``opponents[g % k]`` (``k`` the number
of sets, in ``itertools.combinations`` order) in chair ``(g // k) % players`` (``seating``), each Ruler with its own
plan from ``seats``. For each budget the Ruler's seat becomes ``{uses: rollout, params: {rollouts: N, policy: <its
plan>}}`` and plays the same games (same seed, same seating) as its plan does: the searcher's win rate, its paired
gain over the plan (``sim.compare.paired_ci`` on the per-game wins; a shared first place is a win, as in ``sim
run``), the searched games per second, and the choices it changes most often (the kind of choice the policy made,
an action or Pass, and the one the searcher made instead). Mixed seats play each profile of plans its share of the
games (``sim.ladder.profiles``). The shared pieces are ``sim.ladder``.
"""

from __future__ import annotations

import itertools
from collections import Counter

import numpy as np

from sim.balance.store import derive_seed
from sim.errors import ConfigError
from sim.experiments import RUN_KEYS
from sim.games.dark_ages import multiplayer as X
from sim.games.dark_ages.experiment import experiment_from_dict
from sim.games.dark_ages.fast import search
from sim.games.dark_ages.fast.experiment import HEAD, context_of, run_seated
from sim.games.dark_ages.fast.layout import OUT_COLS, Index
from sim.games.dark_ages.fast.search import S_CHANGED, S_DECISIONS, changes, reaction_changes
from sim.ladder import Ladder, budget_settings, chunk_size, profiles, rung, shares
from sim.runner import run
from sim.stats import wilson

CHUNK = 10  # searched games per chunk: a few seconds of one core at 16 playouts, so both workers stay busy


def seating(e, ruler: str, start: int, count: int):
    """Games ``start .. start+count-1`` of the ladder for ``ruler``: (player counts (count,), Ruler ids (count, 4),
    plan rows (count, 4)) as ``fast.experiment.seatings`` gives them, and each game's chair of ``ruler``."""

    n = e.players[0]
    others = [r for r in e.rulers if r != ruler]
    sets = list(itertools.combinations(others, n - 1))
    ix = Index.of(context_of(e))
    plans = dict(zip(e.rulers, X.ruler_plans(e), strict=True))
    npl = np.full(count, n, np.int64)
    rul = np.zeros((count, X.MAX_SEATS), np.int64)
    st = np.zeros((count, X.MAX_SEATS), np.int64)
    chair = np.zeros(count, np.int64)
    for j, g in enumerate(range(start, start + count)):
        table = list(sets[g % len(sets)])
        chair[j] = (g // len(sets)) % n
        table.insert(int(chair[j]), ruler)
        rul[j, :n] = [ix.rids.index(r) for r in table]
        st[j, :n] = [plans[r] for r in table]
    return npl, rul, st, chair


def ladder_chunk(payload, key, start: int, count: int, keep_trials: bool):
    """The runner's kernel on ``payload`` = (a multiplayer ``Experiment``, the seat's Ruler): (counts: games, wins,
    search statistics; trials: the per-game win of the Ruler)."""

    e, ruler = payload
    npl, rul, st, chair = seating(e, ruler, start, count)
    if search.searching(e):
        out, stats = search.run_seated(e, key, start, count, npl, rul, st)
    else:
        out, stats = run_seated(e, key, start, count, npl, rul, st), np.zeros((count, search.NSTAT), np.int64)

    n = npl[0]
    totals = out[:, HEAD : HEAD + n * OUT_COLS].reshape(count, n, OUT_COLS)[:, :, OUT_COLS - 1]
    won = (totals[np.arange(count), chair] == totals.max(axis=1)).astype(np.int64)
    counts = {"games": np.array([count]), "wins": np.array([won.sum()]), "stats": stats.sum(axis=0)}
    return counts, ({"won": won} if keep_trials else None)


def _experiment(raw: dict, seats, source: str):

    body = {k: v for k, v in raw.items() if k not in RUN_KEYS}
    if seats is not None:
        body["seats"] = seats
    return experiment_from_dict(body, source)


def ladder(raw: dict, seat: str, budgets: list[int], *, games: int = 200, seed: int | None = None, workers: int = 1,
           progress: bool = False, source: str = "arguments", determinize: bool = True,
           tactics: bool = False, allocation: str | None = None) -> Ladder:  # fmt: skip
    """The searcher at each of ``budgets`` playouts in Ruler ``seat`` against the experiment ``raw``'s other Rulers
    (with ``determinize``, the searcher's ``determinize: true``; with ``tactics``, its ``reactions: true``; with an
    ``allocation``, each budget is the searcher's ``budget`` per decision spent by it, else its ``rollouts``)."""

    if raw.get("game") != "dark_ages" or raw.get("mode", "multiplayer") != "multiplayer":
        raise ConfigError(source, "mode", "a Dark Ages multiplayer experiment (the searcher plays multiplayer games)",
                          raw.get("mode"))  # fmt: skip
    seed = raw.get("seed", 1) if seed is None else seed
    found = profiles(raw, source)
    parts = [_ladder_profile(raw, seats, seat, budgets, n, seed if len(found) == 1 else derive_seed(seed, "profile", k),
                             workers, progress, source, determinize, tactics, allocation)
             for k, ((seats, _), n) in enumerate(zip(found, shares(games, [w for _, w in found]), strict=True))
             if n]  # fmt: skip
    plans = Counter()
    for label, won, _ in parts:
        plans[label] += len(won)
    label = ", ".join(f"{k} {n / games:.2f}" for k, n in plans.items()) if len(plans) > 1 else next(iter(plans))
    plan_won = np.concatenate([p[1] for p in parts])
    rungs = []
    for r, n in enumerate(budgets):
        won = np.concatenate([p[2][r][0] for p in parts])
        stats = sum(p[2][r][1] for p in parts)
        seconds = sum(p[2][r][2] for p in parts)
        rungs.append(rung(n, won, plan_won, seconds, stats[S_DECISIONS], stats[S_CHANGED], changes(stats),
                          reactions=reaction_changes(stats) if tactics else None))  # fmt: skip
    return Ladder(seat, label, games, int(seed), float(plan_won.mean()), wilson(plan_won.sum(), games), rungs,
                  determinize, tactics, allocation=allocation)  # fmt: skip


def _ladder_profile(raw, seats, seat, budgets, games, seed, workers, progress, source, determinize, tactics,
                    allocation):  # fmt: skip
    """One profile's games: (the seat's plan label, its per-game wins, [(searcher's wins, search statistics,
    seconds) per budget])."""
    base = _experiment(raw, seats, source)
    if seat not in base.rulers:
        raise ConfigError("--seat", "", f"one of {', '.join(base.rulers)} (a Ruler of the experiment)", seat)
    if len(base.players) != 1:
        raise ConfigError(source, "players", "one player count for the ladder", list(base.players))
    if not base.seats:
        raise ConfigError(source, "seats", "a plan per Ruler (seats: {ruler: plan}) for the ladder", None)
    if base.engine != "fast":
        raise ConfigError(source, "engine", "an experiment the compiled engine plays (the searcher's playouts)",
                          base.engine)  # fmt: skip
    label = base.seats[seat]
    uses, params = base.specs[base.strategies.index(label)]
    if uses == "rollout":
        raise ConfigError(source, f"seats.{seat}", "a plan for the ladder to search with", "rollout")
    import json

    field = {r: {"name": base.seats[r], "uses": u, "params": json.loads(p)}
             for r in base.rulers for u, p in [base.specs[base.strategies.index(base.seats[r])]]}  # fmt: skip

    def play(experiment):
        out = run(ladder_chunk, (experiment, seat), games, seed, workers, keep_trials=True, progress=progress,
                  chunk=chunk_size(games, workers, CHUNK), unit="game")  # fmt: skip
        return out, out.trials["won"].astype(float)

    _, plan_won = play(base)
    rungs = []
    for n in budgets:
        policy = field[seat]
        settings = {**budget_settings(n, allocation), "policy": policy, "determinize": determinize,
                    "reactions": tactics}  # fmt: skip
        searcher = {"name": f"{label}+rollout{n}", "uses": "rollout", "params": settings}
        out, won = play(_experiment(raw, {**field, seat: searcher}, source))
        rungs.append((won, out.counts["stats"], out.seconds))
    return label, plan_won, rungs


def change_text(c: dict) -> str:
    """``build instead of research``; ``another research move`` when the searcher kept the action."""
    name = lambda k: k.replace("_", " ")  # noqa: E731
    if c["from"] == c["to"]:
        return f"another {name(c['to'])} move"
    return f"{name(c['to'])} instead of {name(c['from'])}"
