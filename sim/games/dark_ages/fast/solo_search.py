"""The rollout searcher in Dark Ages solo games (Module 1, ``mode: solo`` with ``search:``): the player's Noble action
or Pass weighed by playouts each turn, with the hooks ``start`` (``search.turn_start``) and ``value``
(``solo_value``) that ``sim.search.searcher`` spends its budget with.

At each of the player's turns that is not a Raid counterattack (``solo_loop.player_turn``'s choice stays the plan's),
once the turn's free steps are done, the candidates are ``search.candidates``' (the policy's choice, Pass when
allowed, the policy's move restricted to each other action space; ``choices: all`` every legal move). Each
candidate's playout k carries it out from the same start (determinized: ``solo_determinize``, the undrawn
Culture cards dealt again within what the player knows of the piles, the Lordling deck's and the Raider token pool's
order; the Lordlings hold no hand), ends the turn, then plays the solo game to its end by the policy
(``solo_loop.play_solo``) and scores it: 1 when the player's VP beat the Lordlings' ("the player wins if they have
more VP than the Lordlings"), else 0, or with ``objective: score`` the player's share of both sides' VP. Playout k
of turn t of game i draws from the stream (seed, i, t, k) salted apart from the games' own (``sim.rng``), so results
do not depend on workers or chunks, and with budget 0 the player plays its policy's games exactly. Reactions stay
the policy's in solo games.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim import numba_cache
from sim.games.dark_ages.fast.actions import action_options
from sim.games.dark_ages.fast.choices import choose_counterattack
from sim.games.dark_ages.fast.context import solo_tables
from sim.games.dark_ages.fast.ending import score
from sim.games.dark_ages.fast.experiment import buffers, new_state, strategy_table
from sim.games.dark_ages.fast.layout import HUMAN, LORDLING_COLS, LORDLINGS, O_HARDER, OUT_COLS
from sim.games.dark_ages.fast.loop import act, carry_out, react, turn_begins, turn_ends
from sim.games.dark_ages.fast.modules import bits, install
from sim.games.dark_ages.fast.raiders import attack, counterattack
from sim.games.dark_ages.fast.search import (
    MAXC,
    NSTAT,
    PASS,
    S_CHANGED,
    S_DECISIONS,
    S_KIND,
    S_PLAYOUTS,
    X_CHOICES,
    candidates,
    search_table,
    searching,
)
from sim.games.dark_ages.fast.solo_experiment import COLUMNS, deals, solo_row
from sim.games.dark_ages.fast.solo_loop import (
    lordling_score,
    lordling_turn,
    next_seat,
    play_solo,
    player_turn,
    turn_done,
)
from sim.games.dark_ages.fast.solo_setup import solo_setup
from sim.games.dark_ages.fast.state import holds_card, units_at
from sim.games.dark_ages.fast.strategies import choose_action
from sim.games.dark_ages.fast.stream import J, shuffle
from sim.games.dark_ages.game.context import cached_context
from sim.games.dark_ages.game.loop import MAX_TURNS
from sim.rng import mix, trial_state
from sim.search.searcher import X_BUDGET, X_DETERMINIZE, X_OBJECTIVE, searcher

SALT = np.uint64(0xDA50105EA5C4D1A7)  # the solo playouts' streams: apart from the games' own

__all__ = ["resampled", "run_games", "searching"]


@njit(**J)
def solo_value(S, T, objective, sc):
    """Twin: ``game.solo_experiment.play_one``'s ``won`` for the player (objective 0), or its share of both sides'
    VP (``objective: score``)."""
    score(S, T, HUMAN, sc)
    lc = np.zeros(LORDLING_COLS, np.int64)
    lordling_score(S, T, lc)
    mine, theirs = sc[OUT_COLS - 1], lc[LORDLING_COLS - 1]
    if objective == 0:
        return 1.0 if mine > theirs else 0.0
    return mine / (mine + theirs) if mine + theirs > 0 else 0.0


@njit(**J)
def resample(x, n, rs):
    """Twin: none (a determinization step). ``x[:n]`` sorted, then shuffled from ``rs``: a face-down pile's order
    drawn again, whatever it was."""
    x[:n].sort()
    shuffle(rs, x, n)


@njit(**J)
def solo_determinize(S, T, rs):
    """Twin: ``game.solo_setup.new_solo_game``'s deals again for what the player cannot see: the Culture deck's
    undrawn cards (the common cards pooled over every pile, each Raider card kept in its pile: the Raider cards are
    dealt one share to each pile, ``solo_setup``), the Lordling deck's order and the Raider token pool's order."""
    h = 1 if S.options & O_HARDER else 0
    raider = np.zeros(T.pile_c.max() + 2, np.bool_)
    special = 0
    for i in range(T.npiles):
        special += T.pile_n[h, i]
        for j in range(T.pile_n[h, i]):
            raider[T.pile_c[h, i, j]] = True
    bounds = np.empty(T.npiles + 1, np.int64)
    m = S.deck_n - special
    bounds[0] = 0
    for i in range(T.npiles):
        bounds[i + 1] = bounds[i] + m // T.npiles + (1 if i < m % T.npiles else 0) + T.pile_n[h, i]
    pool = np.empty(S.deck_n, np.int64)
    k = 0
    for i in range(S.deck_p, S.deck_n):
        if not (S.deck[i] < raider.shape[0] and raider[S.deck[i]]):
            pool[k] = S.deck[i]
            k += 1
    resample(pool, k, rs)
    k = 0
    for i in range(S.deck_p, S.deck_n):
        if not (S.deck[i] < raider.shape[0] and raider[S.deck[i]]):
            S.deck[i] = pool[k]
            k += 1
    if bounds[T.npiles] == S.deck_n:  # the piles as dealt (a module that changed the deck keeps Raider cards put)
        for i in range(T.npiles):
            lo = max(bounds[i], S.deck_p)
            if lo < bounds[i + 1]:
                resample(S.deck[lo : bounds[i + 1]], bounds[i + 1] - lo, rs)
    resample(S.ldeck, S.ldeck_n, rs)
    resample(S.pool, S.pool_n, rs)


@njit(**J)
def solo_turn_start(ctx, rs):
    """Twin: none (``sim.search.searcher``'s ``start``: the position into ``Sd[0]``, with ``X_DETERMINIZE`` its
    ``solo_determinize``)."""
    S, T, ST, x, seat, me, cand, Sd, Sp, MVA, NK, MV, mv, max_turns, sc = ctx
    Sd[0] = S
    if x[X_DETERMINIZE]:
        solo_determinize(Sd[0], T, rs)


@njit(**J)
def solo_turn_value(ctx, c, rs):
    """Twin: ``game.solo_loop.play_solo`` from candidate ``c`` of the player's turn (``sim.search.searcher``'s
    ``value``): carried out on a copy of the start, the turn ended, then the solo game to its end."""
    S, T, ST, x, seat, me, cand, Sd, Sp, MVA, NK, MV, mv, max_turns, sc = ctx
    Sp[0] = Sd[0]
    P = Sp[0]
    for i in range(6):
        mv[i] = cand[c, 1 + i]
    carry_out(P, T, HUMAN, ST, MVA, NK, MV, mv, cand[c, 0] != PASS, rs)
    turn_ends(P, T, HUMAN, ST, rs)
    turn_done(P, T, ST, rs)
    P.current = next_seat(P, HUMAN)
    play_solo(P, T, ST, max_turns, rs, MVA, NK, MV, mv)
    return solo_value(P, T, x[X_OBJECTIVE], sc)


decide_solo_turn = searcher(solo_turn_start, solo_turn_value, nogil=True)


@njit(**J, inline="always")
def searched_player_turn(S, T, ST, X, MVA, NK, MV, mv, R, root, Sd, Sp, max_turns, stats, cand, values, counts):
    """Twin: ``game.solo_loop._player_turn`` with the Noble action or Pass chosen by ``decide_solo_turn`` (a Raid
    counterattack stays the plan's choice)."""
    src = -1
    if not S.raids_off and S.party[0] + S.party[1] + S.party[2] > 0 and holds_card(S, HUMAN, T.rc_raid):
        places = np.empty(T.np, np.int64)
        m = 0
        for q in range(T.np):
            if units_at(S, HUMAN, q) > 0:
                places[m] = q
                m += 1
        if m:
            src = choose_counterattack(S, T, ST, S.strategy[HUMAN], places, m, R)
    if src >= 0:
        counterattack(S, T, src, ST, R)
        return
    sid = S.strategy[HUMAN]
    if turn_begins(S, T, HUMAN, ST, MV, R):
        for a in range(5):
            NK[a] = -1
        has = False
        if S.nobles_free[HUMAN] > 0:
            for a in range(5):
                NK[a] = action_options(S, T, HUMAN, a, MVA[a])
                has = has or NK[a] > 0
        can_pass = S.nobles_free[HUMAN] < S.nobles_total[HUMAN] or not has
        chosen = False
        if has:
            chosen = choose_action(S, T, HUMAN, ST, sid, MVA, NK, can_pass, mv, R)
        nc = candidates(S, T, HUMAN, ST, MVA, NK, can_pass, chosen, mv, X[sid, X_CHOICES], cand)
        if nc > 1:
            x = X[sid]
            bMVA, bNK, bMV, bmv = buffers()
            ctx = (S, T, ST, x, HUMAN, HUMAN, cand, Sd, Sp, bMVA, bNK, bMV, bmv, max_turns,
                   np.zeros(OUT_COLS, np.int64))  # fmt: skip
            best = decide_solo_turn(ctx, nc, x, trial_state(root, S.turns), values, counts)
            stats[S_PLAYOUTS] += counts[:nc].sum()
            stats[S_DECISIONS] += 1
            if best > 0:
                stats[S_CHANGED] += 1
                stats[S_KIND + 6 * cand[0, 0] + cand[best, 0]] += 1
                chosen = cand[best, 0] != PASS
                for i in range(6):
                    mv[i] = cand[best, 1 + i]
        if act(S, T, HUMAN, ST, MVA, NK, MV, mv, chosen, R):
            react(S, T, ST, MV, R)
    turn_ends(S, T, HUMAN, ST, R)


@njit(**J, inline="always")
def play_searched(S, T, ST, X, max_turns, R, root, Sd, Sp, stats):
    """Twin: ``game.solo_loop.play_solo`` with the player's turns by ``searched_player_turn`` when its strategy row
    searches (``X`` budget ≥ 0)."""
    MVA, NK, MV, mv = buffers()
    cand = np.zeros((MAXC, 7), np.int64)
    values = np.zeros(MAXC, np.float64)
    counts = np.zeros(MAXC, np.int64)
    searches = X[S.strategy[HUMAN], X_BUDGET] >= 0
    seat = S.current
    while not (S.finished[HUMAN] and S.finished[LORDLINGS]):
        if S.turns >= max_turns:
            S.trigger = 6
            break
        if seat == LORDLINGS:
            lordling_turn(S, T, ST, MV, R)
        elif searches:
            searched_player_turn(S, T, ST, X, MVA, NK, MV, mv, R, root, Sd, Sp, max_turns, stats, cand, values, counts)
        else:
            player_turn(S, T, ST, MVA, NK, MV, mv, R)
        turn_done(S, T, ST, R)
        seat = next_seat(S, seat)
    S.current = seat
    if not S.raided_at_end:
        attack(S, T, True, R)


@njit(**J)
def play_solo_games(key, start, DEAL, RUL, STR, OPT, ST, X, T, states, flat, max_turns, mods, out, stats):
    """Twin: ``game.solo_experiment.play_one`` with a searching player (``fast.solo_experiment.play_solo_games``):
    ``stats`` (count, ``search.NSTAT``)."""
    S = states[0]
    R = np.zeros(1, np.uint64)
    sc = np.zeros(OUT_COLS, np.int64)
    lc = np.zeros(LORDLING_COLS, np.int64)
    Sd = np.empty(1, states.dtype)
    Sp = np.empty(1, states.dtype)
    skey = mix(key ^ SALT)
    for g in range(len(DEAL)):
        R[0] = trial_state(key, DEAL[g])
        flat[:] = 0
        solo_setup(S, T, RUL[g], OPT[g], mods, R)
        install(S, T, mods, R)
        S.strategy[0] = STR[g]
        play_searched(S, T, ST, X, max_turns, R, trial_state(skey, start + g), Sd, Sp, stats[g])
        solo_row(S, T, sc, lc, out[g])


@njit(**J)
def resampled(states, T, setup, key, rul, opt, mods, flat, seed, out):
    """Twin: none (the swap test's kernel): with ``setup`` a solo game set up into ``states[0]`` (``solo_setup`` on
    the stream ``key``); then ``solo_determinize`` of ``states[0]`` from the stream ``seed`` into ``out[0]``."""
    if setup:
        R = np.zeros(1, np.uint64)
        R[0] = key
        flat[:] = 0
        solo_setup(states[0], T, rul, opt, mods, R)
        install(states[0], T, mods, R)
    out[0] = states[0]
    rs = np.zeros(1, np.uint64)
    rs[0] = seed
    solo_determinize(out[0], T, rs)


def run_games(e, key, start: int, count: int, mods=None):
    """``solo_experiment.run_games`` with a searching player: (difficulty indices, rows, per-game statistics)."""
    mods = e.modules if mods is None else mods
    d, dl, rul, st, opt = deals(e, start, count)
    out = np.zeros((count, COLUMNS), np.int64)
    stats = np.zeros((count, NSTAT), np.int64)
    states, flat = new_state()
    T = solo_tables(cached_context(e.overrides), "skirmishers" in mods)[0]
    numba_cache.call(play_solo_games, np.uint64(key), int(start), dl, rul, st, opt, strategy_table(e), search_table(e),
                     T, states, flat, e.max_turns or MAX_TURNS, bits(mods), out, stats)  # fmt: skip
    return d, out, stats
