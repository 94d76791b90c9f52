"""The Build action in the compiled engine: its six options as move rows ``(A_BUILD, what, q, detail)`` and their
effects. Twin of ``game/building.py`` (and ``church.py``)."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.dark_ages.fast.benjamin import extra_farm
from sim.games.dark_ages.fast.crusades import church_built as cru_church_built
from sim.games.dark_ages.fast.economy import affordable, discounted, effect_sum, gain_culture, gain_vp, spend
from sim.games.dark_ages.fast.layout import (
    A_BUILD,
    B_CHURCH,
    B_CITY,
    B_FARM,
    B_KEEP,
    B_PROD,
    B_WH,
    CT_RELIC,
    E_DISCOUNT,
    MOD_CRU,
    MOD_POPE,
    MOD_TOB,
    V_CHURCH,
)
from sim.games.dark_ages.fast.pope import church_built
from sim.games.dark_ages.fast.state import controller, hand_remove, put, slots_used
from sim.games.dark_ages.fast.stream import J


@njit(**J)
def can_cost(S, seat, cost, cut, tmp):
    """Twin: ``game.building.options`` (its ``can``: a cost after the discount is affordable)."""
    if cut > 0:
        discounted(S, seat, cost, cut, tmp)
        return affordable(S, seat, tmp)
    return affordable(S, seat, cost)


@njit(**J)
def church_relic(S, T, seat):
    """Twin: ``game.building._relic_rank``: the best Relic in hand for a Church, or -1."""
    best, bk = -1, -1
    for j in range(S.nhand[seat]):
        c = S.hand[seat, j]
        if T.c_type[c] == CT_RELIC:
            key = (T.c_relic[c] == 0) * 1000 + T.c_amt[c]
            if key > bk:
                best, bk = c, key
    return best


@njit(**J)
def church_cost(S, T, seat, out):
    """Twin: ``game.building._church_cost``: the cost into ``out``; returns the Relic used (-1)."""
    relic = church_relic(S, T, seat)
    cut = effect_sum(S, T, seat, E_DISCOUNT, A_BUILD)
    if relic >= 0 and T.c_relic[relic] == 0:
        cut += T.c_amt[relic]
    discounted(S, seat, T.cost_church, cut, out)
    return relic


@njit(**J)
def church_vp(S, T, q):
    """Twin: ``church.church_vp``."""
    has = np.zeros(T.nreg, np.int64)
    for i in range(S.church_n):
        has[T.region[S.churches[i]]] = 1
    own = T.region[q]
    t = T.ch_base
    if not has[own]:
        t += T.ch_first
    seen = np.zeros(T.nreg, np.int64)
    for i in range(T.nein[q]):
        r = T.region[T.nei[q, i]]
        if r != own and not has[r] and not seen[r]:
            seen[r] = 1
            t += T.ch_per
    return t


@njit(**J)
def farm_room(S, T, seat, q):
    """Twin: ``game.building.farm_room``: the player's Farm is there and another fits."""
    return S.farms[q] >= 1 and S.farm_owner[q] == seat and S.farms[q] < T.farms_per_province


@njit(**J)
def build_options(S, T, seat, MV):
    """Twin: ``game.building.options``."""
    cut = effect_sum(S, T, seat, E_DISCOUNT, A_BUILD)
    tmp = np.empty(4, np.int64)
    k = 0
    ctrl = np.zeros(T.np, np.int64)
    for q in range(T.np):
        ctrl[q] = controller(S, q) == seat
    if S.cities_left > 0 and can_cost(S, seat, T.cost_city, cut, tmp):
        for q in range(T.np):
            if ctrl[q] and not S.city[q]:
                k = put(MV, k, A_BUILD, B_CITY, q, -1, 0, 0)
    church_ok = -1
    churches_left = S.churches_built < T.setup_churches
    for q in range(T.np):
        if not ctrl[q] or not S.city[q]:
            continue
        if slots_used(S, q) < T.city_slots:
            for r in range(4):
                w = T.prod_cost[q, r]
                if w == 1 and can_cost(S, seat, T.cost_pown, cut, tmp):
                    k = put(MV, k, A_BUILD, B_PROD, q, r, 0, 0)
                elif w == 2 and can_cost(S, seat, T.cost_pnei, cut, tmp):
                    k = put(MV, k, A_BUILD, B_PROD, q, r, 0, 0)
            if churches_left and not S.church_in[q]:
                if church_ok < 0:
                    church_cost(S, T, seat, tmp)
                    church_ok = 1 if affordable(S, seat, tmp) else 0
                if church_ok == 1:
                    k = put(MV, k, A_BUILD, B_CHURCH, q, -1, 0, 0)
        lev = S.keep[q] + 1
        if lev <= T.max_keep and can_cost(S, seat, T.cost_keep[lev], cut, tmp):
            k = put(MV, k, A_BUILD, B_KEEP, q, -1, 0, 0)
    if S.farms_off[seat] < T.track_farms and can_cost(S, seat, T.cost_farm, cut, tmp):
        for q in range(T.np):
            if ctrl[q] and farm_room(S, T, seat, q):
                k = put(MV, k, A_BUILD, B_FARM, q, -1, 0, 0)
        if S.mods & MOD_TOB:  # module hook point (Module 13A: a third Farm per Province)
            for q in range(T.np):
                if ctrl[q] and extra_farm(S, seat, q):
                    k = put(MV, k, A_BUILD, B_FARM, q, -1, 0, 0)
    w = S.warehouses[seat]
    if w + 1 < T.nwh:
        for i in range(T.wh_nalt[w + 1]):
            if can_cost(S, seat, T.wh_cost[w + 1, i], cut, tmp):
                k = put(MV, k, A_BUILD, B_WH, -1, i, 0, 0)
    return k


@njit(**J)
def apply_build(S, T, seat, what, q, detail, R):
    """Twin: ``game.building.apply``."""
    cut = effect_sum(S, T, seat, E_DISCOUNT, A_BUILD)
    tmp = np.empty(4, np.int64)
    if what == B_CITY:
        discounted(S, seat, T.cost_city, cut, tmp)
        spend(S, seat, tmp)
        S.city[q] = 1
        S.cities_left -= 1
        gain_culture(S, T, seat, T.city_culture)
    elif what == B_PROD:
        discounted(S, seat, T.cost_pown if T.prod_cost[q, detail] == 1 else T.cost_pnei, cut, tmp)
        spend(S, seat, tmp)
        S.buildings[q, detail] += 1
    elif what == B_CHURCH:
        relic = church_cost(S, T, seat, tmp)
        spend(S, seat, tmp)
        gain_vp(S, seat, church_vp(S, T, q), V_CHURCH)
        S.churches[S.church_n] = q
        S.church_n += 1
        S.church_in[q] = 1
        S.churches_built += 1
        if relic >= 0:
            hand_remove(S, seat, relic)
            if T.c_relic[relic] == 1:
                gain_vp(S, seat, T.c_amt[relic], V_CHURCH)
            elif T.c_relic[relic] == 2:
                gain_culture(S, T, seat, T.c_amt[relic])
        if S.mods & MOD_POPE:  # module hook point (Module 12A, the Pope)
            church_built(S, T, seat)
        if S.mods & MOD_CRU:  # (Module 14A: a Church with a Gold token calls the next Crusade)
            cru_church_built(S, T, R)
    elif what == B_KEEP:
        discounted(S, seat, T.cost_keep[S.keep[q] + 1], cut, tmp)
        spend(S, seat, tmp)
        S.keep[q] += 1
    elif what == B_FARM:
        discounted(S, seat, T.cost_farm, cut, tmp)
        spend(S, seat, tmp)
        S.farms[q] += 1
        S.farms_off[seat] += 1
    else:
        discounted(S, seat, T.wh_cost[S.warehouses[seat] + 1, detail], cut, tmp)
        spend(S, seat, tmp)
        S.warehouses[seat] += 1
