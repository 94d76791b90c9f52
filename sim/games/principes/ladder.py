"""``sim ladder``: the rollout searcher (``fast.search``) at doubling budgets in one seat against an experiment's
field, and how much it gains over the seat's own plan.

For each budget the seat becomes ``{uses: rollout, params: {rollouts: N, policy: <the seat's plan>}}`` and plays
the same games (same seed, seats fixed: no rotation) as the seat's plan does; the searcher's win rate, its paired
gain over the plan (``sim.compare.paired_ci`` on the per-game wins), the games per second, and the plan changes it
makes most often (the action the policy's plan led with and the one the searcher's leads with).

Mixed seats: each profile of plans plays its share of the games (``sim.ladder.profiles``); the searcher's policy is
the seat's plan in that profile. The ladder itself (``run_ladder``), ``Ladder``, ``Rung`` and the command are
``sim.ladder``; this module holds its Principes hooks.
"""

from __future__ import annotations

import sys

import numpy as np

from sim.errors import ConfigError
from sim.ladder import DEFAULT_GAMES, Ladder, Rung, run_ladder  # noqa: F401 (shared: sim.ladder)
from sim.ladder import shares as _shares  # noqa: F401 (tests)

CHUNK = 25  # searched games per chunk: a few seconds of one core, so both workers stay busy and progress moves


def ladder_chunk(payload, key, start: int, count: int, keep_trials: bool):
    """The runner's kernel on ``payload`` = (a study ``Experiment``, the seat's index): (counts: games, wins, search
    statistics; trials: the per-game win of the seat)."""
    from sim.games.principes.fast import chunk, search

    payload, seat = payload
    if search.searching(payload):
        table, stats = search.run_games(payload, key, start, count)
    else:
        table, stats = chunk.run_games(payload, key, start, count), np.zeros((count, search.NSTAT), np.int64)
    won = (table[:, 0] == seat).astype(np.int64)
    counts = {"games": np.array([count]), "wins": np.array([won.sum()]), "stats": stats.sum(axis=0)}
    return counts, ({"won": won} if keep_trials else None)


def experiment(raw: dict, seats: dict, source: str):
    from sim.experiments import RUN_KEYS
    from sim.games.principes.study import experiment_from_dict

    body = {k: v for k, v in raw.items() if k not in RUN_KEYS and k != "mode"}
    if seats is not None:
        body["seats"] = seats
    return experiment_from_dict({**body, "rotate": False}, source)


def _changes(stats: np.ndarray, top: int = 5) -> list[dict]:
    from sim.games.principes.fast.search import NACT, S_LEAD
    from sim.games.principes.fast.state import ACTIONS

    m = stats[S_LEAD : S_LEAD + NACT * NACT].reshape(NACT, NACT)
    pairs = sorted(((int(m[a, b]), a, b) for a in range(NACT) for b in range(NACT) if m[a, b]), reverse=True)
    return [{"from": ACTIONS[a], "to": ACTIONS[b], "count": n} for n, a, b in pairs[:top]]


def _actions(stats: np.ndarray) -> dict:
    from sim.games.principes.fast.search import MOVEMENT_CHANGES, POLITICS_CHANGES, S_MOVEMENT, S_POLITICS

    decisions, changes = {}, []
    for action, at, texts in (("movement", S_MOVEMENT, MOVEMENT_CHANGES), ("politics", S_POLITICS, POLITICS_CHANGES)):
        decisions[action] = int(stats[at])
        changes += [{"action": action, "change": c, "count": int(n)}
                    for c, n in zip(texts, stats[at + 1 : at + 1 + len(texts)], strict=True) if n]  # fmt: skip
    changes.sort(key=lambda c: -c["count"])
    return {"decisions": sum(decisions.values()), "by_action": decisions, "changed": sum(c["count"] for c in changes),
            "changes": changes}  # fmt: skip


def _tactics(stats: np.ndarray) -> list[dict]:
    from sim.games.principes.fast.search import NTACT, S_TACTIC
    from strategies.principes.rollout import TACTICS

    chosen = sorted(zip(stats[S_TACTIC : S_TACTIC + NTACT].tolist(), TACTICS, strict=True), key=lambda t: -t[0])
    return [{"tactic": name, "count": n} for n, name in chosen if n]


def ladder(raw: dict, seat: str, budgets: list[int], *, games: int = DEFAULT_GAMES, seed: int | None = None,
           workers: int = 1, progress: bool = False, source: str = "arguments",
           determinize: bool = True, tactics: bool = False, actions: bool = False,
           allocation: str | None = None) -> Ladder:  # fmt: skip
    """The searcher at each of ``budgets`` playouts in ``seat`` against the experiment ``raw``'s field (with
    ``determinize``, ``tactics`` or ``actions``, the searcher's ``determinize``, ``tactics`` or ``actions: true``;
    with an ``allocation``, each budget is the searcher's ``budget`` per decision spent by it, else its
    ``rollouts``)."""
    return run_ladder(sys.modules[__name__], raw, seat, budgets, games=games, seed=seed, workers=workers,
                      progress=progress, source=source, determinize=determinize, allocation=allocation,
                      tactics=tactics, actions=actions)  # fmt: skip


def check(raw: dict, source: str) -> None:
    if raw.get("game") != "principes" or raw.get("mode", "multiplayer") != "multiplayer":
        raise ConfigError(source, "game", "a Principes multiplayer experiment (the searcher plays Principes)",
                          raw.get("game"))  # fmt: skip


def check_seat(base, seat: str, source: str) -> None:
    if seat not in base.factions:
        raise ConfigError("--seat", "", f"one of {', '.join(base.factions)}", seat)


def field(base) -> dict:
    """Each Principality's plan as a seat mapping ({name, uses, params})."""
    specs = dict(zip(base.factions, (base.seats[i] for i in range(len(base.factions))), strict=True))
    return {f: {"name": base.labels[i], "uses": u, "params": p} for f, i in specs.items() for u, p in [base.specs[i]]}


def seat_key(experiment, seat: str) -> int:
    return experiment.factions.index(seat)


def search_options(options: dict) -> dict:
    return {"tactics": options.get("tactics", False), "actions": options.get("actions", False)}


def rung_parts(stats: np.ndarray, options: dict) -> dict:
    from sim.games.principes.fast.search import S_CHANGED, S_DECISIONS

    return {"decisions": stats[S_DECISIONS], "changed": stats[S_CHANGED], "changes": _changes(stats),
            "tactics": _tactics(stats),
            "actions": _actions(stats) if options.get("actions") else None}  # fmt: skip


def change_text(c: dict) -> str:
    """One of the searcher's changes in words ("assembly first, not politics")."""
    if c["from"] != c["to"]:
        return f"{c['to']} first, not {c['from']}"
    return f"other actions after {c['to']}"
