"""The rollout searcher's Winged Hussars hooks (``sim.search``, ``uses: rollout``, ``strategies.hussars.rollout``): a
seat that chooses its secret Action cards by playing candidates to the end of the game; the budget, its allocation and
the common random numbers are ``sim.search.searcher``'s, the hooks here (``plan_start``, ``plan_value``) its ``start``
and ``value``.

At every Action Phase's planning ("each player secretly chooses Action cards … up to the star limit"), every seat
asks its plan for its cards as usual (``policy.cards``, drawing from the game's own stream, in seat order as
``turn.plan`` does). A searching seat then lists candidates (``candidates``): the policy's cards first, the policy's
cards with one card left out, with one more card from the hand within the star limit, and with one card swapped for
another within the limit, up to ``MAXC``. Each candidate is weighed by playouts (``plan_value``): from the position
before anyone planned, the candidate is the seat's plan, every other seat plans again by its own plan on the
playout's stream (their cards are secret: the searcher does not see what they chose), and the game is played to its
end by every seat's plan (``loop.segment``: the searcher plays its ``policy``). A candidate's value is 1 for a win,
else 0 (``objective: score``: its share of the players' final VP); ties keep the policy's choice. Playout k of the
decision at Action Phase p of seat s in game g draws from the stream (seed, g, p·4 + s, k) (``sim.rng``), the same
for every candidate (common random numbers) and independent of workers and chunks; the game's own stream is never
drawn from by a playout, so with budget 0 a searcher plays its policy's game exactly.

What the searcher sees: by default (``determinize: true``) playout k first resamples, from its own stream, the order
of the face-down decks that are left (``determinize``): the Yellow deck and the Event deck (Favour debts included,
which are shuffled in at random). The cards are sorted and then shuffled, so the resample cannot depend on their
actual order. The other seats' Tactic cards and the Attack deck are not resampled (the playouts see them). With
``sees_hidden: true`` the playouts keep the decks' true order: the cheating upper bound, labelled "sees hidden
cards". Either way the other seats' secret cards are planned again in each playout.

Not searched (their plans decide): orders, movement and raid targets, bids in the card, lease and title auctions,
and the Event-phase choices. The reference engine does not search (``fast.dispatch``), so the functions here name
the reference question they answer as their twin.
"""

from __future__ import annotations

import json

import numpy as np
from numba import njit

from sim import numba_cache
from sim.games.hussars.fast import loop as LO
from sim.games.hussars.fast import policy as PO
from sim.games.hussars.fast import rng
from sim.games.hussars.fast import setup as SU
from sim.games.hussars.fast import turn as TU
from sim.games.hussars.fast import victory as V
from sim.games.hussars.fast.chunk import _row
from sim.rng import mix, trial_state
from sim.search.searcher import X_BUDGET, X_DETERMINIZE, X_GAME, X_OBJECTIVE, searcher
from sim.search.settings import NOT_SEARCHING, search_row

NS = 4
NX = X_GAME  # a plan's search row: the shared columns only (``sim.search.searcher``; budget -1: a plain plan)
MAXC = 32  # candidates at most
SALT = np.uint64(0x48555353415253AB)  # the playouts' streams: apart from the games' own
S_DECISIONS, S_CHANGED, S_PLAYOUTS, NSTAT = range(4)  # per-game statistics
NO = np.bool_(False)


@njit(cache=True)
def add(cand, n, counts):
    """Candidate ``n`` := ``counts`` (cards by type) unless an earlier candidate is the same; the new count."""
    for c in range(n):
        if (cand[c] == counts).all():
            return n
    cand[n] = counts
    return n + 1


@njit(cache=True)
def candidates(st, R, s, cards, n, cand):
    """Twin: ``strategies.hussars.scripted.Scripted.cards`` (its answer the searcher weighs) into ``cand`` (MAXC,
    cards by type): the policy's ``cards[:n]`` first, then that plan with one card left out, with one more card of
    the hand, and with one card swapped for another, each within the star limit; returns how many."""
    base = np.zeros(R.nc, np.int64)
    for i in range(n):
        base[cards[i]] += 1
    if not TU.legal_plan(st, R, s, cards, n, np.zeros(R.nc, np.int64)):
        base[:] = 0  # the engine refuses the plan: it plays none (``turn.set_plan``)
    stars = 0
    for c in range(R.nc):
        stars += base[c] * R.c_stars[c]
    k = add(cand, 0, base)
    tmp = np.empty(R.nc, np.int64)
    for a in range(R.nc):  # one card fewer
        if base[a] > 0 and k < MAXC:
            tmp[:] = base
            tmp[a] -= 1
            k = add(cand, k, tmp)
    for b in range(R.nc):  # one card more
        if st.hand[s, b] > base[b] and stars + R.c_stars[b] <= R.star_limit and k < MAXC:
            tmp[:] = base
            tmp[b] += 1
            k = add(cand, k, tmp)
    for a in range(R.nc):  # one card swapped
        for b in range(R.nc):
            if (a != b and base[a] > 0 and st.hand[s, b] > base[b] and k < MAXC
                    and stars - R.c_stars[a] + R.c_stars[b] <= R.star_limit):  # fmt: skip
                tmp[:] = base
                tmp[a] -= 1
                tmp[b] += 1
                k = add(cand, k, tmp)
    return k


@njit(cache=True)
def as_cards(counts, out):
    """The card types of ``counts`` listed into ``out``; how many."""
    n = 0
    for c in range(counts.shape[0]):
        for _ in range(counts[c]):
            out[n] = c
            n += 1
    return n


@njit(cache=True)
def determinize(st, R, rs):
    """Twin: ``game.setup.new_state``'s shuffles again for the decks still face down: the Yellow deck's undrawn
    cards and the Event deck's (kind, parameter) cards, each sorted, then shuffled from ``rs``."""
    m = R.ny - st.yellow_top
    if m > 1:
        pool = np.sort(st.yellow[st.yellow_top : R.ny])
        rng.shuffle(rs, pool, m)
        st.yellow[st.yellow_top : R.ny] = pool
    m = st.ev_len - st.ev_top
    if m > 1:
        keys = np.empty(m, np.int64)
        for i in range(m):
            keys[i] = (st.ev_kind[st.ev_top + i] + 1) * (1 << 32) + st.ev_param[st.ev_top + i] + 1
        keys.sort()
        rng.shuffle(rs, keys, m)
        for i in range(m):
            st.ev_kind[st.ev_top + i] = keys[i] // (1 << 32) - 1
            st.ev_param[st.ev_top + i] = keys[i] % (1 << 32) - 1


@njit(cache=True)
def advance(st, R, BT, P, sp, rs, mode, flat, trace, tn, p):
    """``loop.segment`` compiled once for the searched games and their playouts."""
    return LO.segment(st, R, BT, P, sp, rs, mode, flat, trace, tn, p)


@njit(cache=True)
def score(st, R, s, objective):
    """Twin: ``game.victory.leader`` for seat ``s`` at the end: 1.0 for a win, else 0 (``objective`` 1: its share
    of the players' final VP)."""
    if objective == 0:
        return 1.0 if V.leader(st, R) == s else 0.0
    mine, total = 0, 0
    for q in range(NS):
        if st.active[q]:
            t = V.total(st, R, q, NO)
            total += t
            if q == s:
                mine = t
    return mine / total if total > 0 else 0.0


@njit(cache=True)
def playout(st, R, BT, P, sp, rs, mode, s, p, fc, fn, objective):
    """Twin: ``game.loop.play`` from Action Phase ``p``'s planning on ``st`` (changed in place): seat ``s`` plays the
    cards ``fc[:fn]``, every other seat plans by its plan, then every seat its plan to the end; ``score`` for ``s``."""
    flat = np.zeros(1, np.int64)
    trace = np.zeros((0, 1), np.int64)
    tn = np.zeros(1, np.int64)
    TU.plan_forced(st, R, P, sp, rs, s, fc, fn)
    q = p
    while advance(st, R, BT, P, sp, rs, mode, flat, trace, tn, q):
        q += 1
        TU.plan(st, R, P, sp, rs)
    LO.ends(st, R, rs, flat, trace, tn)
    return score(st, R, s, objective)


@njit(cache=True)
def plan_start(ctx, rs):
    """Twin: none (``sim.search.searcher``'s ``start``: the position before the planning into ``Sd[0]``, with
    ``X_DETERMINIZE`` its ``determinize``)."""
    snap, Sd, Sp, R, BT, P, sp, mode, s, p, cand, x, fc = ctx
    Sd[0] = snap[0]
    if x[X_DETERMINIZE]:
        determinize(Sd[0], R, rs)


@njit(cache=True)
def plan_value(ctx, c, rs):
    """Twin: ``game.loop.play`` (``sim.search.searcher``'s ``value``: candidate ``c`` played from a copy of the
    start to the end, ``playout``)."""
    snap, Sd, Sp, R, BT, P, sp, mode, s, p, cand, x, fc = ctx
    Sp[0] = Sd[0]
    fn = as_cards(cand[c], fc)
    return playout(Sp[0], R, BT, P, sp, rs, mode, s, p, fc, fn, x[X_OBJECTIVE])


decide_plan = searcher(plan_start, plan_value)


@njit(cache=True)
def searched_plan(st, R, BT, P, sp, rs, mode, X, root, p, snap, Sd, Sp, stats):
    """Twin: ``turn.plan`` with each searching seat's cards chosen by ``decide_plan`` among ``candidates`` (every
    seat's plan asked first, drawing from ``rs`` exactly as ``turn.plan`` draws); ``stats`` counts the decisions."""
    snap[0] = st  # before anyone plans: the playouts plan the others again
    cards = np.empty(64, np.int64)
    fc = np.empty(64, np.int64)
    counts = np.zeros(R.nc, np.int64)
    cand = np.zeros((MAXC, R.nc), np.int64)
    values = np.zeros(MAXC, np.float64)
    played = np.zeros(MAXC, np.int64)
    for s in range(NS):
        if st.active[s] == 0:
            continue
        n = PO.cards(st, R, P, sp, rs, s, cards)
        x = X[sp[s]]
        if x[X_BUDGET] > 0:
            nc = candidates(st, R, s, cards, n, cand)
            if nc > 1:
                ctx = (snap, Sd, Sp, R, BT, P, sp, mode, s, p, cand, x, fc)
                best = decide_plan(ctx, nc, x, trial_state(root, p * NS + s), values, played)
                stats[S_DECISIONS] += 1
                stats[S_PLAYOUTS] += played[:nc].sum()
                if best > 0:
                    stats[S_CHANGED] += 1
                    n = as_cards(cand[best], cards)
        TU.set_plan(st, R, s, cards, n, counts)


@njit(cache=True)
def play_searched(st, R, BT, P, sp, rs, mode, X, root, snap, Sd, Sp, flat, trace, tn, stats):
    """Twin: ``game.loop.play`` with ``searched_plan`` at every Action Phase; ``trace`` (when it has rows) gets the
    position after each planning and at the end (the invariants tests); returns the winning seat."""
    st.round = 1
    st.season = 0
    TU.phase_begins(st, R, P, sp, rs)
    p = 0
    none = np.zeros((0, 1), np.int64)
    while True:
        searched_plan(st, R, BT, P, sp, rs, mode, X, root, p, snap, Sd, Sp, stats)
        TU.acted(flat, trace, tn)
        if not advance(st, R, BT, P, sp, rs, mode, flat, none, tn, p):
            break
        p += 1
    LO.ends(st, R, rs, flat, none, tn)
    TU.acted(flat, trace, tn)
    return V.leader(st, R)


@njit(cache=True)
def play_games(Rs, BT, P, X, families, plan_ids, fam_pos, rounds, mode, key, start, titles, leases, S, flat, rows,
               stats, trace, tn):  # fmt: skip
    """Twin: ``chunk.play_games`` with searching seats (``X``: each plan id's search row): ``stats`` (count, NSTAT)
    each game's search statistics."""
    R = Rs[0]
    st = S[0]
    rs = np.empty(1, np.uint64)
    snap = np.empty(1, S.dtype)
    Sd = np.empty(1, S.dtype)
    Sp = np.empty(1, S.dtype)
    skey = mix(key ^ SALT)
    for k in range(families.shape[0]):
        flat[:] = 0
        rs[0] = trial_state(key, np.uint64(start + k))
        SU.new_state(st, R, families[k], rounds, rs, titles, leases)
        root = trial_state(skey, np.uint64(start + k))
        winner = play_searched(st, R, BT, P, plan_ids[k], rs, mode, X, root, snap, Sd, Sp, flat, trace, tn, stats[k])
        _row(st, R, winner, plan_ids[k], fam_pos[k], rows[k])


@njit(cache=True)
def position_candidates(Rs, P, sp, states, s, seed, cand):
    """Twin: ``turn.plan``'s question to seat ``s`` on the position ``states[0]`` (its plan asked on the stream
    ``seed``): the candidates into ``cand``; how many."""
    rs = np.empty(1, np.uint64)
    rs[0] = seed
    cards = np.empty(64, np.int64)
    n = PO.cards(states[0], Rs[0], P, sp, rs, s, cards)
    return candidates(states[0], Rs[0], s, cards, n, cand)


@njit(cache=True)
def position_decide(Rs, BT, P, sp, X, mode, states, s, p, cand, nc, root, values):
    """Twin: ``searched_plan``'s search for seat ``s`` on the position ``states[0]`` at Action Phase ``p``'s
    planning with the candidates ``cand[:nc]``; ``values`` gets each one's summed value; returns the one chosen."""
    Sd = np.empty(1, states.dtype)
    Sp = np.empty(1, states.dtype)
    fc = np.empty(64, np.int64)
    played = np.zeros(MAXC, np.int64)
    ctx = (states, Sd, Sp, Rs[0], BT, P, sp, mode, s, p, cand, X[sp[s]], fc)
    return decide_plan(ctx, nc, X[sp[s]], root, values, played)


# ---------------------------------------------------------------- Python side
def searching(specs) -> bool:
    """Some plan of ``specs`` ((class reference, JSON parameters) per plan id) is a rollout searcher."""
    return any(uses == "rollout" for uses, _ in specs)


def search_table(specs) -> np.ndarray:
    """``X``: one search row per plan id: ``sim.search.settings.search_row`` (budget -1: a plain plan)."""
    from strategies.hussars.rollout import Rollout

    rows = [search_row(Rollout(**json.loads(p)).p) if uses == "rollout" else NOT_SEARCHING for uses, p in specs]
    return np.array(rows, np.int64).reshape(-1, NX)


def run(R, BT, P, specs, fams, plans, pos, rounds: int, mode: int, key, start: int, titles, leases, S, flat,
        trace=None):  # fmt: skip
    """The searched games' rows (count, COLUMNS) and statistics (count, NSTAT) (``play_games``); ``trace``: a
    (rows, len(flat)) buffer for the positions after each planning and at each game's end, or None."""
    count = len(fams)
    out = np.zeros((count, len(_columns())), np.int64)
    stats = np.zeros((count, NSTAT), np.int64)
    trace = np.zeros((0, flat.shape[0]), np.int64) if trace is None else trace
    tn = np.zeros(1, np.int64)
    numba_cache.call(play_games, R, BT, P, search_table(specs), fams, plans, pos, rounds, mode, np.uint64(key), start,
                     titles, leases, S, flat, out, stats, trace, tn)  # fmt: skip
    return out, stats, trace[: tn[0]]


def _columns():
    from sim.games.hussars.tally import COLUMNS

    return COLUMNS


def search_position(e, states, seat: int, p: int, root: int = 1, plan_seed: int = 0):
    """The search of ``seat`` (a rollout seat of the experiment ``e``, whose plans sit in seat order) on the position
    ``states`` at Action Phase ``p``'s planning: (the candidates (n, card types), each one's summed value, the one
    chosen)."""
    from sim.games.hussars.fast.chunk import _compiled

    setup = e.variants[0]
    _, R, BT, P = _compiled(setup.rules, e.specs)
    sp = np.array(e.seats, np.int64)
    cand = np.zeros((MAXC, int(R[0]["nc"])), np.int64)
    nc = numba_cache.call(position_candidates, R, P, sp, states, np.int64(seat), np.uint64(plan_seed), cand)
    values = np.zeros(MAXC)
    mode = 1 if setup.battles == "full" else 0
    best = numba_cache.call(position_decide, R, BT, P, sp, search_table(e.specs), mode, states, np.int64(seat),
                            np.int64(p), cand, nc, np.uint64(root), values)  # fmt: skip
    return cand[:nc].copy(), values[:nc].copy(), int(best)
