"""The six reactions in the compiled engine: move rows ``(M_REACT, reaction, ...)`` for the player whose disc was
pushed out, and their effects. Twin of ``game/reacting.py``."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.dark_ages.fast.culture import apply_culture
from sim.games.dark_ages.fast.economy import gain_culture
from sim.games.dark_ages.fast.layout import M_REACT, X_EXCHANGE, X_RECRUIT, X_REGROUP, X_WL, X_WS
from sim.games.dark_ages.fast.military import apply_recruit, apply_regroup, manoeuvre_options, recruit_options
from sim.games.dark_ages.fast.state import hand_remove, put
from sim.games.dark_ages.fast.stream import J


@njit(**J)
def react_options(S, T, seat, reaction, MV, k0):
    """Twin: ``game.reacting.options`` appended at row ``k0``. Row: M_REACT, reaction, then the inner move's
    columns (recruit: kind, q; regroup: src, dst, g0, g1 * 16 + g2; exchange: 0 discard card | 1 buy slot; sell
    goods: 1 Gold | 0 Culture, the resource; a resource reaction: the resource)."""
    k = k0
    if reaction == X_WL or reaction == X_WS:
        k = put(MV, k, M_REACT, reaction, 0, 0, 0, 0)
        k = put(MV, k, M_REACT, reaction, 1 if reaction == X_WL else 2, 0, 0, 0)
    elif reaction == X_RECRUIT or reaction == X_REGROUP:
        if reaction == X_RECRUIT:
            k2 = recruit_options(S, T, seat, MV, k0)
        else:
            k2 = manoeuvre_options(S, T, seat, MV, k0, True)
        for i in range(k0, k2):  # inner move: (kind, x1, x2, x3, x4, x5) → (REACT, reaction, x1..x4)
            a1, a2, a3, a4, a5 = MV[i, 1], MV[i, 2], MV[i, 3], MV[i, 4], MV[i, 5]
            MV[i, 0], MV[i, 1], MV[i, 2], MV[i, 3], MV[i, 4], MV[i, 5] = M_REACT, reaction, a1, a2, a3, a4 * 16 + a5
        k = k2
    elif reaction == X_EXCHANGE:
        last = -1
        n = S.nhand[seat]
        for _ in range(n):  # sorted(set(hand))
            nxt = T.nc + 1
            for j in range(n):
                c = S.hand[seat, j]
                if last < c < nxt:
                    nxt = c
            if nxt > T.nc:
                break
            last = nxt
            k = put(MV, k, M_REACT, reaction, 0, nxt, 0, 0)
        if S.gold[seat] >= T.exch_buy_gold:
            for slot in range(S.offer_n):
                k = put(MV, k, M_REACT, reaction, 1, slot, 0, 0)
    else:  # sell goods: column 2 is 1 for Gold, 0 for Culture; column 3 the resource
        if S.res[seat, 3] > 0:
            k = put(MV, k, M_REACT, reaction, 1, 3, 0, 0)
        for r in range(4):
            if S.res[seat, r] > 0:
                k = put(MV, k, M_REACT, reaction, 0, r, 0, 0)
    return k


@njit(**J)
def apply_reaction(S, T, seat, row, ST, R):
    """Twin: ``game.reacting.apply``: the reaction in move row ``row``."""
    x = row[1]
    if x == X_WL or x == X_WS:
        S.res[seat, row[2]] += T.react_res
    elif x == X_RECRUIT:
        apply_recruit(S, T, seat, row[2], row[3], ST, R)
    elif x == X_REGROUP:
        g = np.empty(3, np.int64)
        g[0], g[1], g[2] = row[4], row[5] // 16, row[5] % 16
        apply_regroup(S, seat, row[2], row[3], g)
    elif x == X_EXCHANGE:
        if row[2] == 0:
            hand_remove(S, seat, row[3])
            S.gold[seat] += T.exch_discard_gold
        else:
            S.gold[seat] -= T.exch_buy_gold
            apply_culture(S, T, seat, row[3], False, ST, R)
    else:
        r = row[3]
        S.res[seat, r] -= 1
        if row[2] == 1:
            S.gold[seat] += T.iron_gold
        else:
            gain_culture(S, T, seat, T.trade[r])
