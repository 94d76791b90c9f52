"""End-of-game triggers and final scoring in the compiled engine. Twin of ``game/ending.py`` (and
``scoring.py``)."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.dark_ages.fast.ages_of_war import final_vp as aow_final_vp
from sim.games.dark_ages.fast.counting import count, level3
from sim.games.dark_ages.fast.grand_buildings import final_vp as gb_final_vp
from sim.games.dark_ages.fast.layout import (
    E_END,
    MOD_AOW,
    MOD_GB,
    MOD_POPE,
    MOD_ROP,
    MOD_WYRD,
    OUT_COLS,
    V_MODULES,
    V_RAIDERS,
)
from sim.games.dark_ages.fast.pope import final_vp
from sim.games.dark_ages.fast.rise_of_poland import final_vp as rop_final_vp
from sim.games.dark_ages.fast.state import controller, slots_used
from sim.games.dark_ages.fast.stream import J
from sim.games.dark_ages.fast.wyrd import final_vp as wyrd_final_vp


@njit(**J)
def trigger(S, T):
    """Twin: ``game.ending.trigger``: the trigger's index in ``TRIGGERS`` or -1."""
    n = S.n
    if S.cities_left <= 0:
        return 0
    if S.churches_built >= T.end_church[n]:
        return 1
    for s in range(n):
        if S.culture[s] >= T.cult_last:
            return 2
    for s in range(n):
        if level3(S, s) >= T.end_l3:
            return 3
    if S.deck_ran_out:
        return 4
    if S.mods & MOD_AOW and S.aow_left == 0:  # module hook point (Module 9: the last War token)
        return 6
    return -1


@njit(**J)
def keep_vp(S, T, ctrl, per):
    """Twin: ``scoring.keep_vp``: each Keep level controlled scores ``per`` VP per neighbouring Province
    controlled."""
    t = 0
    for q in range(T.np):
        if S.keep[q] > 0 and ctrl[q]:
            c = 0
            for i in range(T.nein[q]):
                c += ctrl[T.nei[q, i]]
            t += per * S.keep[q] * c
    return t


@njit(**J)
def title_vp(S, T, seat):
    """Twin: ``scoring.title_vp``: the VP shown on each Title held."""
    t = 0
    for i in range(T.nt):
        if (S.titles[seat] >> i) & 1:
            t += T.t_vp[i]
    return t


@njit(**J)
def score(S, T, seat, out):
    """Twin: ``game.ending.score``, ``scoring.final_score`` into ``out``: the 16 categories of
    ``experiment.CATEGORIES`` and the total (which also counts the solo Raiders' VP)."""
    for i in range(OUT_COLS):
        out[i] = 0
    t = 0
    for j in range(S.ntech[seat]):
        t += T.lv_vp[S.tech_card[seat, j], S.tech_level[seat, j] - 1]
    out[0] = t
    ctrl = np.zeros(T.np, np.int64)
    for q in range(T.np):
        ctrl[q] = controller(S, q) == seat
    t = 0
    for q in range(T.np):
        if S.city[q] and ctrl[q]:
            t += T.city_vp[slots_used(S, q)]
    out[1] = t
    out[2] = keep_vp(S, T, ctrl, T.keep_vp)
    out[3] = T.cult_vp[min(S.culture[seat], T.cult_last)]
    out[4] = T.wh_vp[S.warehouses[seat]]
    out[5] = T.farm_vp[min(S.farms_off[seat], T.nfarmsp - 1)]
    out[6] = title_vp(S, T, seat)
    out[7] = T.gold_vp * S.gold[seat]
    t = 0
    for j in range(S.ntech[seat]):
        c, lev = S.tech_card[seat, j], S.tech_level[seat, j]
        for e in range(T.vis_n[c, lev]):
            k = T.vis_lv[c, lev, e]
            if T.lv_kind[c, k] == E_END:
                t += T.lv_evp[c, k] * count(S, T, seat, T.lv_per[c, k])
    out[8] = t
    for i in range(6):
        out[9 + i] = S.vp_by[seat, i]
    out[15] = S.vp_by[seat, V_MODULES]  # VP from modules: in-game (Alliances) and at the end (the Pope)
    if S.mods & MOD_POPE:  # module hook points
        out[15] += final_vp(S, T, seat)
    if S.mods & MOD_GB:
        out[15] += gb_final_vp(S, T, seat)
    if S.mods & MOD_AOW:
        out[15] += aow_final_vp(S, T, seat)
    if S.mods & MOD_WYRD:
        out[15] += wyrd_final_vp(S, T, seat)
    if S.mods & MOD_ROP:
        out[15] += rop_final_vp(S, T, seat)
    tot = S.vp_by[seat, V_RAIDERS]  # solo: VP lost to the Raiders finding no target (0 in multiplayer)
    for i in range(16):
        tot += out[i]
    out[16] = tot
