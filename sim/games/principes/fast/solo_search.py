"""The rollout searcher in Principes solo games (``mode: solo``, a ``uses: rollout`` strategy or the experiment's
``search:`` block): the player's Round plan weighed by playouts, with the hooks ``start`` and ``value`` that
``sim.search.searcher`` spends its budget with.

Each Round, once the player's policy has planned (``solo.solo_plan``, drawn from the game's own stream as usual), the
searcher weighs the candidate plans of ``search.candidates`` (the policy's plan first, then each other action moved
to the lead, or with ``choices: all`` every ordered plan): each candidate's playout k plays that Round from the plan,
then the game to its end by the policy (``solo.solo_on``), from the same start (``solo_start``: the position, and
determinized, what the player cannot see resampled by ``search.determinize``: the face-down Progress stacks and the
History Cards to come; the player's hand is its own and the non-players hold none). It keeps the best by win rate or
(``objective: score``) by the solo score (``solo.score``: the 3 track positions plus 3 per Capital held beyond the
player's own) as a share of its most; ties keep the policy's plan. Playout k of Round r of game i draws from the
stream (seed, i, r, k) salted apart from the games' own (``sim.rng``), so results do not depend on workers or
chunks, and with budget 0 the searcher plays its policy's games exactly.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim import numba_cache
from sim.games.principes.fast.driver import new_game
from sim.games.principes.fast.search import CHOICES, MAXCAND, NACT, NX, X_CHOICES, candidates, determinize
from sim.games.principes.fast.solo import outcome, score, solo_on, solo_plan, solo_round
from sim.games.principes.fast.solo_experiment import NCOLS, compiled, solo_row
from sim.games.principes.fast.state import NP
from sim.rng import mix, trial_state
from sim.search.searcher import X_BUDGET, X_DETERMINIZE, X_OBJECTIVE, searcher
from sim.search.settings import NOT_SEARCHING, search_row

SALT = np.uint64(0x50105EA5C4D1A7C0)  # the solo playouts' streams: apart from the games' own
ST_DECISIONS, ST_CHANGED, ST_PLAYOUTS, NSTAT = range(4)  # per game: plans weighed, plans changed, playouts played


@njit(cache=True)
def solo_value(S, C, me, objective):
    """The end of a solo game for the player: 1 for a win else 0 (``objective: score``: ``solo.score`` over its
    most, the 3 tracks at the top and every other Capital held)."""
    if objective == 0:
        return 1.0 if S.crowned == me else 0.0
    return score(S, C, me) / (3.0 * C.track_hi + 3.0 * (NP - 1))


@njit(cache=True)
def plan_start(ctx, rs):
    """``solo.play_solo``'s position at a solo Round's plan, as ``sim.search.searcher``'s ``start``: the position
    into ``Sd[0]``, determinized for the player with ``X_DETERMINIZE``."""
    S, C, P, F, sid, me, level, x, cand, Sd, Sp, plan, trace, tn, count = ctx
    Sd[0] = S
    if x[X_DETERMINIZE]:
        determinize(Sd[0], C, me, rs)


@njit(cache=True)
def plan_value(ctx, c, rs):
    """``solo.play_solo`` from a Round's plan, as ``sim.search.searcher``'s ``value``: candidate plan ``c`` played
    from a copy of the start to the end of the game (``solo.solo_on``), scored by ``solo_value``."""
    S, C, P, F, sid, me, level, x, cand, Sd, Sp, plan, trace, tn, count = ctx
    Sp[0] = Sd[0]
    plan[: C.planned] = cand[c, : C.planned]
    solo_on(Sp[0], C, P, F, sid, me, level, rs, plan, trace, tn, count)
    return solo_value(Sp[0], C, me, x[X_OBJECTIVE])


decide_plan = searcher(plan_start, plan_value)


@njit(cache=True)
def play_searched(S0, C, P, F, X, sid, me, level, rs, base, Sa, Sd, Sp, stats):
    """``solo.play_solo`` with the player's Round plan chosen by ``decide_plan`` (decision: the Round) when its
    strategy row searches; returns what ``solo.play_solo`` does."""
    Sa[0] = S0
    S = Sa[0]
    new_game(S, C, rs)
    trace = np.empty(0, Sa.dtype)
    tn = np.zeros(1, np.int64)
    count = np.zeros(2, np.int64)
    plan = np.empty(NACT, np.int64)
    cand = np.empty((MAXCAND, NACT), np.int64)
    values = np.empty(MAXCAND, np.float64)
    counts = np.empty(MAXCAND, np.int64)
    x = X[sid[me]]
    ctx = (S, C, P, F, sid, me, level, x, cand, Sd, Sp, np.empty(NACT, np.int64), trace, tn, np.zeros(2, np.int64))
    while S.round <= S.final_round:
        count[0] = S.round
        solo_plan(S, C, P, F, sid, me, rs, plan)
        if x[X_BUDGET] > 0:
            nc = candidates(C, plan, x[X_CHOICES], cand)
            best = decide_plan(ctx, nc, x, trial_state(base, S.round), values, counts)
            stats[ST_DECISIONS] += 1
            stats[ST_CHANGED] += best > 0
            stats[ST_PLAYOUTS] += counts[:nc].sum()
            plan[: C.planned] = cand[best, : C.planned]
        if solo_round(S, C, P, F, sid, me, level, rs, plan, trace, tn, count):
            break
    return outcome(S, me), count[0], count[1]


@njit(cache=True)
def play_games(starts, Ca, P, F, X, where, levels, key, start, count, out, stats):
    """``solo.play_solo`` game by game with searching strategies (``fast.solo_experiment.play_games``'s twin):
    ``stats`` (count, NSTAT)."""
    C = Ca[0]
    Sa = np.empty(1, starts.dtype)
    Sd = np.empty(1, starts.dtype)
    Sp = np.empty(1, starts.dtype)
    rs = np.empty(1, np.uint64)
    sid = np.zeros(NP, np.int64)
    skey = mix(key ^ SALT)
    k, n_p, n_s = levels.shape[0], where.shape[0], P.shape[0]
    for gi in range(count):
        i = start + gi
        d, g = i % k, i // k
        p, s = g % n_p, (g // n_p) % n_s
        me = where[p]
        sid[me] = s
        rs[0] = trial_state(key, g)
        res, begun, actions = play_searched(starts[me], C, P, F, X, sid, me, levels[d], rs, trial_state(skey, i), Sa,
                                            Sd, Sp, stats[gi])  # fmt: skip
        solo_row(Sa[0], C, me, d, p, s, res, begun, actions, out[gi])


def search_table(payload) -> np.ndarray:
    """Each strategy's search row (``fast.search.NX`` columns: the shared ones of ``sim.search.settings.search_row``,
    budget -1 for a plain plan; then ``choices``)."""
    from strategies.principes.rollout import Rollout

    rows = []
    for uses, params in payload.specs:
        if uses != "rollout":
            rows.append((*NOT_SEARCHING, 0, 0, 0, 0))
            continue
        p = Rollout(**params).p
        rows.append((*search_row(p), CHOICES.index(p["choices"]), 0, 0, 0))
    return np.array(rows, np.int64).reshape(len(rows), NX)


def searching(payload) -> bool:
    """Some strategy of the ``SoloExperiment`` is a rollout searcher."""
    return any(uses == "rollout" for uses, _ in payload.specs)


def run_games(payload, key, start: int, count: int) -> tuple[np.ndarray, np.ndarray]:
    """``solo_experiment.run_games`` with searching strategies: (the per-game table, the per-game statistics)."""
    starts, c, p, f, where, levels = compiled(payload)
    out = np.zeros((count, NCOLS), np.int64)
    stats = np.zeros((count, NSTAT), np.int64)
    numba_cache.call(play_games, starts, c, p, f, search_table(payload), where, levels, np.uint64(key), int(start),
                     int(count), out, stats)  # fmt: skip
    return out, stats
