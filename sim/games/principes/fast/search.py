"""The rollout searcher on the compiled engine: a seat that chooses its Round's plan by playing every candidate to
the end of the game (flat Monte Carlo), ``uses: rollout`` (``strategies.principes.rollout``).

At each Round, after every seat has planned (``driver.round_start``: its policy's plan, drawn from the game's own
stream as usual), a searching seat scores each candidate plan by ``rollouts`` playouts from that position
(``driver.round_rest`` then ``driver.play_on``: the others re-plan this Round with their own plans, since plans are
secret, and every seat plays its own plan from then on, the searcher its ``policy``) and keeps the best by win
rate (or by final Might share: ``objective: score``); ties keep the policy's plan. Candidates are the policy's
plan with each action moved to the lead (``choices: lead``, up to 6) or every ordered plan (``choices: all``, 120
for 3 actions). Playout k of decision d of game g draws from the stream (seed, g, d, k) (``sim.rng``), the same
for every candidate (common random numbers) and independent of workers and chunks; the searched game's own stream
is never touched by a playout, so with 0 rollouts a searcher plays its policy's game exactly. The playouts start
from the true position: the searcher sees the others' hands and the deck order (the cheating upper bound; no
determinization yet).

The reference engine does not search (``fast.dispatch.choose_engine`` refuses a rollout seat there), so the
functions here name the reference question they answer as their twin.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim import numba_cache
from sim.games.principes.fast.chunk import COLUMNS, compiled, seating, write_row
from sim.games.principes.fast.control import might
from sim.games.principes.fast.driver import new_game, play_on, round_rest, round_start
from sim.games.principes.fast.policy import hooks
from sim.games.principes.fast.state import NP
from sim.games.principes.fast.turn_order import turn_order
from sim.games.principes.fast.victory import result
from sim.rng import mix, trial_state

NACT = 6  # the Action Tokens (``state.ACTIONS``)
X_ROLLOUTS, X_OBJECTIVE, X_CHOICES, NX = 0, 1, 2, 3  # a strategy's search row (-1 rollouts: not a searcher)
OBJECTIVES = ("win", "score")
CHOICES = ("lead", "all")
MAXCAND = 720  # every ordered plan of up to 6 actions
SALT = np.uint64(0x5EA5C4D1A7C0FFEE)  # the playouts' streams: apart from the games' own
S_DECISIONS, S_CHANGED, S_LEAD = 0, 1, 2  # per-game statistics: decisions, plans changed, (policy lead, chosen lead)
NSTAT = S_LEAD + NACT * NACT


@njit(cache=True)
def candidates(C, base, choices, out):
    """``base.Strategy.plan``'s answers the searcher weighs (each a legal plan: different actions, as
    rounds.check_plan wants), into ``out`` (MAXCAND, 6); the policy's plan ``base`` first. Returns how many."""
    m = C.planned
    out[0, :m] = base[:m]
    n = 1
    if choices == 0:  # each other action moved to the lead, the policy's order kept behind it
        for a in range(NACT):
            if a == base[0]:
                continue
            out[n, 0] = a
            k = 1
            for i in range(m):
                if k < m and base[i] != a:
                    out[n, k] = base[i]
                    k += 1
            n += 1
        return n
    digits = np.zeros(m, np.int64)
    for _ in range(NACT**m):  # every ordered plan of m different actions
        distinct = True
        same = True
        for i in range(m):
            same = same and digits[i] == base[i]
            for j in range(i):
                distinct = distinct and digits[i] != digits[j]
        if distinct and not same:
            out[n, :m] = digits
            n += 1
        i = m - 1
        while i >= 0:
            digits[i] += 1
            if digits[i] < NACT:
                break
            digits[i] = 0
            i -= 1
    return n


@njit(cache=True)
def value(S, C, q, winner, objective):
    """``victory.result`` scored for seat ``q``: 1 for a win, else 0 (``objective: score``: its share of the
    Principalities' final Might, 0 when eliminated)."""
    if objective == 0:
        return 1.0 if winner == q else 0.0
    if S.eliminated[q]:
        return 0.0
    total = 0
    for j in range(NP):
        if not S.eliminated[j]:
            total += might(S, C, j)
    return might(S, C, q) / total if total > 0 else 0.0


@njit(cache=True)
def playout(Sr, C, P, F, sid, q, plan, rs, Sp, trace, tn, objective):
    """``driver.play_game`` from a Round's plans to the end: seat ``q`` plays ``plan`` this Round, the others plan
    again from ``Sr`` (``base.Strategy.plan``), then every seat its own plan; returns ``value``."""
    Sp[0] = Sr
    S = Sp[0]
    order = np.empty(NP, np.int64)
    plans = np.empty((NP, NACT), np.int64)
    no = turn_order(S, C, order)
    for o in range(no):
        r = order[o]
        if r == q:
            plans[q, : C.planned] = plan[: C.planned]
        else:
            hooks.plan(S, C, P, F, sid, r, rs, plans[r])
    count = np.zeros(3, np.int64)
    winner, wt = round_rest(S, C, P, F, sid, rs, order, no, plans, Sr, False, trace, tn, count)
    if wt < 0:
        winner, wt = play_on(S, C, P, F, sid, rs, Sr, False, trace, tn, count)
    return value(S, C, q, winner, objective)


@njit(cache=True)
def search_plan(S, C, P, F, X, sid, q, plan, base, decision, Sp, trace, tn, stats):
    """``base.Strategy.plan`` by rollouts: replaces the policy's ``plan`` of seat ``q`` with the candidate of the best
    mean ``value`` over ``X[sid[q], X_ROLLOUTS]`` playouts; ``stats`` (NSTAT,) counts the decision."""
    x = X[sid[q]]
    cand = np.empty((MAXCAND, NACT), np.int64)
    nc = candidates(C, plan, x[X_CHOICES], cand)
    root = trial_state(base, decision)
    rs = np.empty(1, np.uint64)
    best, best_v = 0, -1.0
    for c in range(nc):
        v = 0.0
        for k in range(x[X_ROLLOUTS]):
            rs[0] = trial_state(root, k)
            v += playout(S, C, P, F, sid, q, cand[c], rs, Sp, trace, tn, x[X_OBJECTIVE])
        if v > best_v:
            best, best_v = c, v
    stats[S_DECISIONS] += 1
    if best > 0:
        stats[S_CHANGED] += 1
        stats[S_LEAD + NACT * plan[0] + cand[best, 0]] += 1
        plan[: C.planned] = cand[best, : C.planned]


@njit(cache=True)
def play_searched(S0, C, P, F, X, sid, rs, base, Sa, Sp, debug, stats):
    """``driver.play_game`` with each searching seat's plan chosen by ``search_plan`` (decision ``round * NP +
    seat``); returns what ``driver.play_game`` does."""
    Sa[0] = S0
    S = Sa[0]
    new_game(S, C, rs)
    trace = np.empty(0, Sa.dtype)
    tn = np.zeros(1, np.int64)
    count = np.zeros(3, np.int64)  # actions, violation bits, Rounds begun
    order = np.empty(NP, np.int64)
    plans = np.empty((NP, NACT), np.int64)
    winner, wt = result(S)
    while wt < 0:
        count[2] = S.round
        no = round_start(S, C, P, F, sid, rs, order, plans)
        for o in range(no):
            q = order[o]
            if X[sid[q], X_ROLLOUTS] > 0:
                search_plan(S, C, P, F, X, sid, q, plans[q], base, S.round * NP + q, Sp, trace, tn, stats)
        winner, wt = round_rest(S, C, P, F, sid, rs, order, no, plans, S0, debug, trace, tn, count)
    return winner, wt, count[2], count[0], count[1]


@njit(cache=True)
def play_games(S0a, Ca, P, F, X, seats, rotate, key, start, count, debug, out, stats):
    """``experiment.play_chunk``'s loop (``chunk.play_games``) with searching seats: ``stats`` (count, NSTAT)."""
    S0, C = S0a[0], Ca[0]
    Sa = np.empty(1, S0a.dtype)
    Sp = np.empty(1, S0a.dtype)
    rs = np.empty(1, np.uint64)
    sid = np.empty(NP, np.int64)
    skey = mix(key ^ SALT)
    everyone = np.arange(NP)  # a searching game seats 4 players (fast.dispatch)
    for g in range(count):
        game = start + g
        seating(seats, everyone, game, rotate, sid)
        rs[0] = trial_state(key, game)
        winner, wt, rounds, actions, bad = play_searched(
            S0, C, P, F, X, sid, rs, trial_state(skey, game), Sa, Sp, debug, stats[g]
        )
        write_row(Sa[0], C, sid, winner, wt, rounds, actions, bad, out[g])


def search_rows(payload) -> np.ndarray:
    """Each strategy's search row (len(specs), NX): rollouts (-1 for a plain plan), objective, choices."""
    x = np.zeros((len(payload.specs), NX), np.int64)
    for i, (uses, params) in enumerate(payload.specs):
        if uses != "rollout":
            x[i, X_ROLLOUTS] = -1
            continue
        from strategies.principes.rollout import Rollout

        p = Rollout(**params).p
        x[i] = (p["rollouts"], OBJECTIVES.index(p["objective"]), CHOICES.index(p["choices"]))
    return x


def searching(payload) -> bool:
    """Some seat of ``payload`` is a rollout searcher."""
    return any(uses == "rollout" for uses, _ in payload.specs)


def run_games(payload, key, start: int, count: int, debug: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """``chunk.run_games`` with searching seats: (the per-game table, the per-game statistics (count, NSTAT))."""
    s0, c, p, f = compiled(payload)
    out = np.zeros((count, len(COLUMNS)), np.int64)
    stats = np.zeros((count, NSTAT), np.int64)
    seats = np.array(payload.seats, np.int64)
    x = search_rows(payload)
    numba_cache.call(
        play_games, s0, c, p, f, x, seats, bool(payload.rotate), np.uint64(key), int(start), int(count), debug, out,
        stats,
    )  # fmt: skip
    return out, stats
