"""Paying and gaining in the compiled engine: resources with Gold standing in, Culture and its red spaces, VP,
the Common Technologies' effects. Twin of ``game/economy.py``. A cost is a -1 padded row of resource indices."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.dark_ages.fast.layout import E_ACTION, G_CULTURE, G_GOLD, V_CARDS
from sim.games.dark_ages.fast.stream import J


@njit(**J)
def effect_sum(S, T, seat, kind, action):
    """Twin: ``game.economy.effects``, ``game.economy.discount``: the summed ``amount`` of the in-force effects of
    ``kind`` (for ``action`` when >= 0)."""
    t = 0
    for j in range(S.ntech[seat]):
        c, lev = S.tech_card[seat, j], S.tech_level[seat, j]
        for e in range(T.vis_n[c, lev]):
            k = T.vis_lv[c, lev, e]
            if T.lv_kind[c, k] == kind and (action < 0 or T.lv_act[c, k] == action):
                t += T.lv_amt[c, k]
    return t


@njit(**J)
def discounted(S, seat, cost, amount, out):
    """Twin: ``game.economy.discounted`` into ``out`` (ordered, -1 padded): the resources the player lacks first."""
    for i in range(4):
        out[i] = cost[i]
    if amount <= 0:
        return
    n = 0
    while n < 4 and out[n] >= 0:
        n += 1
    if n == 0:
        return
    for _ in range(min(amount, n)):
        pick = -1
        for i in range(n):
            r = out[i]
            c = 0
            for j in range(n):
                if out[j] == r:
                    c += 1
            if c > S.res[seat, r]:
                pick = i
                break
        if pick < 0:
            hi = -1
            for i in range(n):
                if out[i] > hi:
                    hi = out[i]
            for i in range(n):
                if out[i] == hi:
                    pick = i
                    break
        for i in range(pick, n - 1):
            out[i] = out[i + 1]
        out[n - 1] = -1
        n -= 1


@njit(**J)
def shortfall(S, seat, cost):
    """Twin: ``costs.shortfall``: resources missing for ``cost`` (each paid with a Gold)."""
    need = np.zeros(4, np.int64)
    for i in range(4):
        if cost[i] >= 0:
            need[cost[i]] += 1
    m = 0
    for r in range(4):
        if need[r] > S.res[seat, r]:
            m += need[r] - S.res[seat, r]
    return m


@njit(**J)
def affordable(S, seat, cost):
    """Twin: ``game.economy.affordable``."""
    return shortfall(S, seat, cost) <= S.gold[seat]


@njit(**J)
def spend(S, seat, cost):
    """Twin: ``game.economy.spend``: resources first, Gold for what is missing."""
    m = shortfall(S, seat, cost)
    for i in range(4):
        if cost[i] >= 0:
            r = cost[i]
            S.res[seat, r] = max(0, S.res[seat, r] - 1)
    S.gold[seat] -= m


@njit(**J)
def gain_vp(S, seat, amount, source):
    """Twin: ``game.economy.gain_vp``: booked by source; VP never go below 0."""
    amount = max(amount, -S.vp[seat])
    S.vp[seat] += amount
    S.vp_by[seat, source] += amount


@njit(**J)
def gain_culture(S, T, seat, amount):
    """Twin: ``game.economy.gain_culture``: the first to reach a red space gains Gold."""
    old = S.culture[seat]
    new = min(old + amount, T.cult_last)
    S.culture[seat] = new
    for i in range(T.nred):
        r = T.red[i]
        if old < r <= new and not (S.red_reached >> i) & 1:
            S.red_reached |= 1 << i
            S.gold[seat] += T.red_gold


@njit(**J)
def gain(S, T, seat, what, amount):
    """Twin: ``game.economy.gain``: a resource, Gold, Culture or VP named on a card."""
    if what < 4:
        S.res[seat, what] += amount
    elif what == G_GOLD:
        S.gold[seat] += amount
    elif what == G_CULTURE:
        gain_culture(S, T, seat, amount)
    else:
        gain_vp(S, seat, amount, V_CARDS)


@njit(**J)
def on_action(S, T, seat, action):
    """Twin: ``game.economy.on_action``: the gain_on_action effects, in Technology order."""
    for j in range(S.ntech[seat]):
        c, lev = S.tech_card[seat, j], S.tech_level[seat, j]
        for e in range(T.vis_n[c, lev]):
            k = T.vis_lv[c, lev, e]
            if T.lv_kind[c, k] == E_ACTION and T.lv_act[c, k] == action:
                gain(S, T, seat, T.lv_gain[c, k], T.lv_amt[c, k])
