"""Module 14A, Crusades, on the compiled engine: ``S.cru_called`` Crusades revealed (the active one is
``cru_called - 1``), ``S.cru_units[s]`` seat ``s``'s units next to it by type, ``S.cru_order[s, :cru_nk[s]]`` those
types in the order first sent (the order the reference rolls their dice). Twin of ``game/modules/crusades.py``."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.dark_ages.fast.combat import army_limit
from sim.games.dark_ages.fast.economy import gain_vp
from sim.games.dark_ages.fast.layout import F_PLAYER, V_MODULES
from sim.games.dark_ages.fast.state import add_units, capital, remove_units, units_at, units_in_play, weakest
from sim.games.dark_ages.fast.stream import J, rand_float

NAME_RANK = (2, 0, 1)  # UNIT_TYPES by name (archer, cavalry, infantry): the reference sorts units by (level, name)


@njit(**J)
def manoeuvre_started(S, T, seat, src):
    """Twin: ``game.modules.crusades.Crusades.manoeuvre_started``: while a Crusade is active, the units above the
    Army limit go to it (the weakest of the biggest other stack first, as the Army limit check would take them)."""
    if S.cru_called == 0 or S.cru_called > T.cru_n:
        return
    excess = max(0, units_in_play(S, T, seat) - army_limit(S, T, seat))
    for _ in range(excess):
        best, bt = -1, -1
        for q in range(T.np):
            if q != src:
                t = units_at(S, seat, q)
                if t > 0 and t >= bt:
                    best, bt = q, t
        q = best if best >= 0 else src
        k = weakest(S, seat, q)
        remove_units(S, seat, q, k, 1, False)
        if S.cru_units[seat, k] == 0:
            S.cru_order[seat, S.cru_nk[seat]] = k
            S.cru_nk[seat] += 1
        S.cru_units[seat, k] += 1


@njit(**J)
def units_away(S, seat, k):
    """Twin: ``game.modules.crusades.Crusades.units_away``."""
    return S.cru_units[seat, k]


@njit(**J)
def church_built(S, T, R):
    """Twin: ``game.modules.crusades.Crusades.church_built``: a Church with a Gold token under it resolves the active
    Crusade and reveals the next."""
    if not T.cru_gold_at[S.churches_built]:
        return
    if S.cru_called:
        resolve(S, T, False, R)
    if S.cru_called < T.cru_n:
        S.cru_called += 1


@njit(**J)
def hits(S, T, s, R):
    """Twin: ``sim.games.dark_ages.crusade.hit_chances`` (one die per unit at its best skill, in the order sent)."""
    h = 0
    for j in range(S.cru_nk[s]):
        k = S.cru_order[s, j]
        thr = 99
        for p in range(3):
            x = T.stat[F_PLAYER, k, S.military[s, k], p]
            if 0 < x < thr:
                thr = x
        c = (T.faces - thr + 1) / T.faces
        for _ in range(S.cru_units[s, k]):
            if rand_float(R) < c:
                h += 1
    return h


@njit(**J)
def resolve(S, T, final, R):
    """Twin: ``game.modules.crusades.Crusades.resolve``, ``game.modules.crusades.rank_vp``: the contributors roll,
    VP by rank on a victory, the stay-at-homes' penalty, then (unless ``final``) one unit dies on a victory (the
    weakest) or only one comes back to the Capital on a defeat (the strongest)."""
    n = S.n
    c = S.cru_called - 1
    markers = np.full(n, -1, np.int64)
    total = 0
    for s in range(n):
        if S.cru_nk[s]:
            markers[s] = hits(S, T, s, R)
            total += markers[s]
    if markers.max() < 0:
        return
    won = total >= T.cru_def[c]
    for s in range(n):
        if markers[s] < 0:
            gain_vp(S, s, -T.cru_pen[c] if won else T.cru_pen[c], V_MODULES)
        elif won:
            ahead = 0
            for o in range(n):
                ahead += markers[o] > markers[s]
            if markers[s] > 0 and ahead < T.cru_nvp[c]:
                gain_vp(S, s, T.cru_vp[c, ahead], V_MODULES)
    if final:
        return
    for s in range(n):
        if markers[s] < 0:
            continue
        lo, hi, lk, hk = -1, -1, 99, -1
        for k in range(3):
            if S.cru_units[s, k]:
                key = S.military[s, k] * 3 + NAME_RANK[k]
                if key < lk:
                    lo, lk = k, key
                if key > hk:
                    hi, hk = k, key
        home = capital(S, T, s)
        for k in range(3):
            m = S.cru_units[s, k]
            if won:
                back = m - 1 if k == lo else m
            else:
                back = 1 if k == hi else 0
            S.supply[s, k] += m - back
            if back:
                add_units(S, s, home, k, back)
            S.cru_units[s, k] = 0
            S.cru_order[s, k] = 0
        S.cru_nk[s] = 0


@njit(**J)
def game_over(S, T, R):
    """Twin: ``game.modules.crusades.Crusades.game_over``: the last Crusade is resolved at the final scoring."""
    if S.cru_called:
        resolve(S, T, True, R)
