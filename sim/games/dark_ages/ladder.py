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
games (``sim.ladder.profiles``). The ladder itself (``run_ladder``) and the command are ``sim.ladder``; this module
holds its Dark Ages hooks.
"""

from __future__ import annotations

import itertools
import json
import sys

import numpy as np

from sim.errors import ConfigError
from sim.experiments import RUN_KEYS
from sim.games.dark_ages import multiplayer as X
from sim.games.dark_ages.experiment import experiment_from_dict
from sim.games.dark_ages.fast import search
from sim.games.dark_ages.fast.experiment import HEAD, context_of, run_seated
from sim.games.dark_ages.fast.layout import OUT_COLS, Index
from sim.games.dark_ages.fast.search import S_CHANGED, S_DECISIONS, changes, reaction_changes
from sim.ladder import Ladder, run_ladder

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


def experiment(raw: dict, seats, source: str):
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
    return run_ladder(sys.modules[__name__], raw, seat, budgets, games=games, seed=seed, workers=workers,
                      progress=progress, source=source, determinize=determinize, allocation=allocation,
                      tactics=tactics)  # fmt: skip


def check(raw: dict, source: str) -> None:
    if raw.get("game") != "dark_ages" or raw.get("mode", "multiplayer") != "multiplayer":
        raise ConfigError(source, "mode", "a Dark Ages multiplayer experiment (the searcher plays multiplayer games)",
                          raw.get("mode"))  # fmt: skip


def check_seat(base, seat: str, source: str) -> None:
    if seat not in base.rulers:
        raise ConfigError("--seat", "", f"one of {', '.join(base.rulers)} (a Ruler of the experiment)", seat)
    if len(base.players) != 1:
        raise ConfigError(source, "players", "one player count for the ladder", list(base.players))
    if not base.seats:
        raise ConfigError(source, "seats", "a plan per Ruler (seats: {ruler: plan}) for the ladder", None)


def field(base) -> dict:
    """Each Ruler's plan as a seat mapping ({name, uses, params})."""
    return {r: {"name": base.seats[r], "uses": u, "params": json.loads(p)}
            for r in base.rulers for u, p in [base.specs[base.strategies.index(base.seats[r])]]}  # fmt: skip


def seat_key(experiment, seat: str) -> str:
    return seat


def search_options(options: dict) -> dict:
    return {"reactions": options.get("tactics", False)}


def rung_parts(stats: np.ndarray, options: dict) -> dict:
    return {"decisions": stats[S_DECISIONS], "changed": stats[S_CHANGED], "changes": changes(stats),
            "reactions": reaction_changes(stats) if options.get("tactics") else None}  # fmt: skip


def change_text(c: dict) -> str:
    """``build instead of research``; ``another research move`` when the searcher kept the action."""
    name = lambda k: k.replace("_", " ")  # noqa: E731
    if c["from"] == c["to"]:
        return f"another {name(c['to'])} move"
    return f"{name(c['to'])} instead of {name(c['from'])}"
