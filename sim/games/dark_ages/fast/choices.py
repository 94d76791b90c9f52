"""The small choices the rules ask a player for mid-effect, for the built-in strategies: Gold at the Army limit
check, the resource a reward gives, the Title to claim, what to sell and discard, a Raid counterattack. Twin of the
small choices of ``strategies/dark_ages`` (``base.Strategy``'s defaults, ``random_legal``, ``scripted``). Each
draws from the stream exactly where the reference strategy calls ``game.rng``; the rule modules call these, the
way the reference's rules call ``p.strategy``."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.dark_ages.fast.layout import CT_MIL
from sim.games.dark_ages.fast.plans import C_NEVER, K_RANDOM, S_COMMANDER, S_RESERVE, S_SELL_ALL, S_WYRD, TRADE_ORDER
from sim.games.dark_ages.fast.stream import J, rand_below, rand_float


@njit(**J)
def group_strength3(S, seat, g0, g1, g2):
    """Twin: ``strategies.dark_ages.base.group_strength`` of a group by type counts."""
    return g0 * S.military[seat, 0] + g1 * S.military[seat, 1] + g2 * (S.military[seat, 2] + 1)


@njit(**J)
def pick_resource(S, seat):
    """Twin: ``strategies.dark_ages.base.Strategy.pick_resource`` (no built-in strategy overrides it): the
    scarcest, ties to the first."""
    best = 0
    for r in range(1, 4):
        if S.res[seat, r] < S.res[seat, best]:
            best = r
    return best


@njit(**J)
def upkeep_gold(S, seat, ST, sid, excess, R):
    """Twin: ``strategies.dark_ages.random_legal.RandomLegal.upkeep_gold``,
    ``strategies.dark_ages.scripted.Scripted.upkeep_gold``: excess units to pay for."""
    if ST[sid, 0] == K_RANDOM:
        return rand_below(R, excess + 1)
    return max(0, S.gold[seat] - ST[sid, S_RESERVE])


@njit(**J)
def hire_commander(S, seat, ST, R):
    """Twin: ``strategies.dark_ages.random_legal.RandomLegal.hire_commander`` (half the time),
    ``strategies.dark_ages.scripted.Scripted.hire_commander`` (unless params.commander is never)."""
    sid = S.strategy[seat]
    if ST[sid, 0] == K_RANDOM:
        return rand_float(R) < 0.5
    return ST[sid, S_COMMANDER] != C_NEVER


@njit(**J)
def wyrd_activate(S, seat, ST, R):
    """Twin: ``strategies.dark_ages.random_legal.RandomLegal.wyrd_activate`` (half the time),
    ``strategies.dark_ages.scripted.Scripted.wyrd_activate`` (params.wyrd), asked only when not forced."""
    sid = S.strategy[seat]
    if ST[sid, 0] == K_RANDOM:
        return rand_float(R) < 0.5
    return ST[sid, S_WYRD] == 0


@njit(**J)
def choose_title(S, T, seat, ST, sid, titles, k, R):
    """Twin: ``strategies.dark_ages.random_legal.RandomLegal.claim_title``,
    ``strategies.dark_ages.base.Strategy.claim_title``: a Title index or -1."""
    if ST[sid, 0] == K_RANDOM:
        j = rand_below(R, k + 1)
        return titles[j] if j < k else -1
    best, bk = -1, 0
    for i in range(k):
        t = titles[i]
        key = T.t_vp[t] * 100 + t
        if best < 0 or key > bk:
            best, bk = t, key
    return best


@njit(**J)
def choose_sell(S, T, seat, ST, sid, n, out, R):
    """Twin: ``strategies.dark_ages.random_legal.RandomLegal.sell``, ``strategies.dark_ages.base.Strategy.sell``,
    ``strategies.dark_ages.scripted.Scripted.sell``: how many resources into ``out``, in selling order."""
    if ST[sid, 0] == K_RANDOM:
        pool = np.empty(S.res[seat, 0] + S.res[seat, 1] + S.res[seat, 2] + S.res[seat, 3], np.int64)
        m = 0
        for r in range(4):
            for _ in range(S.res[seat, r]):
                pool[m] = r
                m += 1
        kk = rand_below(R, min(n, m) + 1)
        for i in range(kk):
            j = i + rand_below(R, m - i)
            t = pool[i]
            pool[i] = pool[j]
            pool[j] = t
        for i in range(kk):
            out[i] = pool[i]
        return kk
    tot = S.res[seat, 0] + S.res[seat, 1] + S.res[seat, 2] + S.res[seat, 3]
    cap = n if ST[sid, S_SELL_ALL] else min(n, max(0, tot - T.wh_hold[S.warehouses[seat]]))
    m = 0
    for i in range(4):
        r = TRADE_ORDER[i]
        left = S.res[seat, r]
        while left > 0 and m < cap:
            out[m] = r
            m += 1
            left -= 1
    return m


@njit(**J)
def choose_discard_resource(S, seat, ST, sid, R):
    """Twin: ``strategies.dark_ages.random_legal.RandomLegal.discard_resource``,
    ``strategies.dark_ages.base.Strategy.discard_resource``."""
    if ST[sid, 0] == K_RANDOM:
        m = 0
        for r in range(4):
            if S.res[seat, r] > 0:
                m += 1
        j = rand_below(R, m)
        for r in range(4):
            if S.res[seat, r] > 0:
                if j == 0:
                    return r
                j -= 1
    best = 0
    for r in range(1, 4):
        if S.res[seat, r] > S.res[seat, best]:
            best = r
    return best


@njit(**J)
def choose_discard_card(S, T, seat, ST, sid, R):
    """Twin: ``strategies.dark_ages.random_legal.RandomLegal.discard_card``,
    ``strategies.dark_ages.base.Strategy.discard_card``: Military Technologies that no longer fit, else the oldest."""
    if ST[sid, 0] == K_RANDOM:
        return S.hand[seat, rand_below(R, S.nhand[seat])]
    for j in range(S.nhand[seat]):
        c = S.hand[seat, j]
        if T.c_type[c] == CT_MIL:
            l2, l3 = T.c_l2[c], T.c_l3[c]
            fits = (l2 >= 0 and S.military[seat, l2] == 1) or (l3 >= 0 and S.military[seat, l3] == 2)
            if not fits:
                return c
    return S.hand[seat, 0]


@njit(**J)
def choose_counterattack(S, T, ST, sid, places, m, R):
    """Twin: ``strategies.dark_ages.random_legal.RandomLegal.counterattack``,
    ``strategies.dark_ages.base.Strategy.counterattack`` (solo, the player's Raid card): a Province or -1."""
    if ST[sid, 0] == K_RANDOM:
        if rand_float(R) < 0.2:
            return places[rand_below(R, m)]
        return -1
    party = 0
    for k in range(3):
        party += S.party[k] * (S.raider_level[k] + (k == 2))
    best, bs = -1, 0
    for i in range(m):
        q = places[i]
        gs = group_strength3(S, 0, S.units[0, q, 0], S.units[0, q, 1], S.units[0, q, 2])
        if gs >= party + T.c_margin and (best < 0 or gs >= bs):
            best, bs = q, gs
    return best
