"""The active variant's Combined Actions (2-3 players), compiled: the twin of ``game.nonplayers``'s Combined Actions.

After a player performs an Assembly, Movement or Building Action it may take the Combined Action of that type for
one non-player Principality (players.yaml ``combined_actions``): assemble up to ``C.ca_units`` Knights and Footmen
for free onto lands it controls; move ``C.ca_knights`` Knight and ``C.ca_footmen`` Footman like a Neighbor's units
(a non-player Principality ``q`` is the Neighbor row ``setup.NB_PRINCIPALITY0 + q``, so ``neighbors.reach``,
``plan_moves`` and ``move`` serve it as they serve the Neighbors); found 1 City or build 1 building for free on a
land it controls. A choice is ``ch`` (4,): the Principality, then (land, Knights, Footmen) for an Assembly or (City
land or -1, building land or -1, building kind 1-3) for a Building; a Movement's are ``moves`` rows (start, kind,
n, end) and ``ruin`` (NL,) (``neighbors.move``). The 2-3 player setup itself runs in Python (``setup.compile_tables``).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.principes.fast.building import next_city
from sim.games.principes.fast.control import control_all
from sim.games.principes.fast.history.common import richness, rivals_by_strength
from sim.games.principes.fast.neighbors import _plan as plan_with
from sim.games.principes.fast.neighbors import move, reach
from sim.games.principes.fast.setup import NB_PRINCIPALITY0
from sim.games.principes.fast.state import (
    A_ASSEMBLY,
    A_BUILDING,
    A_MOVEMENT,
    FOOTMAN,
    KNIGHT,
    NL,
    NP,
    T_CASTLE,
    add_units,
)
from sim.games.principes.fast.stream import choose_land, rand_below, rand_float

NBUILD = 3  # castle, tiltyard, abbey (``building.BUILDINGS``; ``S.buildings`` 1-3)


@njit(cache=True)
def non_players(S, out):
    """``nonplayers.active``'s non-player Principalities (``S.nonplayer``), in board order; returns how many."""
    n = 0
    for q in range(NP):
        if S.nonplayer[q]:
            out[n] = q
            n += 1
    return n


@njit(cache=True)
def assembly_lands(S, C, f, ctrl, out):
    """``nonplayers.assembly_lands``: the Principality's own lands it controls, in board order; returns how many."""
    n = 0
    for land in range(NL):
        if C.princ[land] == f and ctrl[land] == f:
            out[n] = land
            n += 1
    return n


@njit(cache=True)
def city_sites(S, C, f, ctrl, out):
    """``nonplayers.city_sites``: its controlled lands where the next City's token is in the supply."""
    n = 0
    for i in range(assembly_lands(S, C, f, ctrl, out)):  # filtered in place
        kind = next_city(S, C, out[i])
        if kind >= 0 and S.supply[kind] > 0:
            out[n] = out[i]
            n += 1
    return n


@njit(cache=True)
def building_sites(S, C, f, ctrl, out):
    """``nonplayers.building_sites``: its controlled lands without a building."""
    n = 0
    for i in range(assembly_lands(S, C, f, ctrl, out)):  # filtered in place
        if S.buildings[out[i]] == 0:
            out[n] = out[i]
            n += 1
    return n


@njit(cache=True)
def assemble(S, f, land, knights, footmen):
    """``nonplayers.assemble``: the figures from the pool onto the land (legal by construction)."""
    for k, n in ((KNIGHT, knights), (FOOTMAN, footmen)):
        if n:
            S.pool[f, k] -= n
            add_units(S, land, f, k, n)


@njit(cache=True)
def build(S, C, city, land, kind):
    """``nonplayers.build``: a City on ``city`` (-1 none) or a building ``kind`` (1-3) on ``land`` (-1 none)."""
    if city >= 0:
        S.supply[next_city(S, C, city)] -= 1
        S.cities[city] += 1
    if land >= 0:
        S.supply[T_CASTLE + kind - 1] -= 1
        S.buildings[land] = kind


@njit(cache=True)
def perform(S, C, player, action, ch, moves, nm, ruin, rs):
    """``nonplayers.perform``: apply ``player``'s Combined Action of type ``action`` for ``ch[0]``."""
    if action == A_ASSEMBLY:
        assemble(S, ch[0], ch[1], ch[2], ch[3])
    elif action == A_MOVEMENT:
        if nm:
            move(S, C, NB_PRINCIPALITY0 + ch[0], moves, nm, player, rs, ruin)
    else:
        build(S, C, ch[1], ch[2], ch[3])


@njit(cache=True)
def exposure(S, C, land, rival, ctrl):
    """``nonplayers._frontier``'s measure: the lands next to ``land`` that ``rival`` controls (0: not frontier)."""
    n = 0
    for e in range(C.adjptr[land], C.adjptr[land + 1]):
        n += ctrl[C.adj[e]] == rival
    return n


@njit(cache=True)
def default_choice(S, C, me, action, ch, moves, ruin):
    """``nonplayers.default_choice``: against the strongest rival, assemble (Knights first) on, or build a Castle
    on, the non-player land next to most of its lands (board order on ties); move the Knight and Footman that take
    the richest lands (``neighbors.plan_moves``, the best of the non-players). Returns the moves (Movement), else 1
    for a choice, 0 for none."""
    rv = np.empty(NP, np.int64)
    nr = rivals_by_strength(S, C, me, rv)
    if nr == 0:
        return 0
    fs = np.empty(NP, np.int64)
    nf = non_players(S, fs)
    ctrl = np.empty(NL, np.int64)
    control_all(S, C, ctrl)
    if action == A_MOVEMENT:  # ``neighbors.plan_moves`` for each, the rivals and controllers read once
        rank = np.full(NP, -1, np.int64)
        for i in range(nr):
            rank[rv[i]] = i
        best, nbest = -1, 0
        mv = np.empty_like(moves)
        dr = np.empty_like(ruin)
        for i in range(nf):
            dr[:] = 0
            j = NB_PRINCIPALITY0 + fs[i]
            n = plan_with(S, C, me, j, C.ca_knights, C.ca_footmen, rank, ctrl, 1.0, True, mv, dr)
            value = 0
            for land in range(NL):
                if dr[land]:
                    value += richness(S, C, land)
            if n and (nbest == 0 or value > best):
                best, nbest = value, n
                ch[0] = fs[i]
                moves[:n] = mv[:n]
                ruin[:] = dr
        return nbest
    if action == A_BUILDING and S.supply[T_CASTLE] <= 0:
        return 0
    pick, most = -1, 0
    for i in range(nf):
        f = fs[i]
        if action == A_ASSEMBLY and S.pool[f, KNIGHT] + S.pool[f, FOOTMAN] == 0:
            continue
        for land in range(NL):
            if C.princ[land] != f or ctrl[land] != f or (action == A_BUILDING and S.buildings[land]):
                continue
            x = exposure(S, C, land, rv[0], ctrl)
            if x > most or (x == most and x > 0 and land < pick):
                pick, most = land, x
                ch[0] = f
    if pick < 0:
        return 0
    ch[1] = pick
    if action == A_ASSEMBLY:
        f = ch[0]
        ch[2] = min(C.ca_units, S.pool[f, KNIGHT])
        ch[3] = min(C.ca_units - ch[2], S.pool[f, FOOTMAN])
    else:
        ch[1], ch[2], ch[3] = -1, pick, 1  # a Castle
    return 1


@njit(cache=True)
def random_choice(S, C, me, action, share, rs, ch, moves, ruin):
    """``nonplayers.random_choice``: with probability ``share`` a uniform legal Combined Action for a uniform
    non-player Principality, drawn as the reference draws. Returns the moves (Movement), else 1 for a choice, 0 for
    none."""
    fs = np.empty(NP, np.int64)
    nf = non_players(S, fs)
    if nf == 0 or rand_float(rs) >= share:
        return 0
    f = fs[rand_below(rs, nf)]
    ch[0] = f
    ctrl = np.empty(NL, np.int64)
    control_all(S, C, ctrl)
    lands = np.empty(NL, np.int64)
    if action == A_ASSEMBLY:
        n = assembly_lands(S, C, f, ctrl, lands)
        if n == 0:
            return 0
        k = rand_below(rs, min(C.ca_units, S.pool[f, KNIGHT]) + 1)
        m = rand_below(rs, min(C.ca_units - k, S.pool[f, FOOTMAN]) + 1)
        ch[1], ch[2], ch[3] = lands[rand_below(rs, n)], k, m
        return 1
    if action == A_MOVEMENT:
        nm = 0
        ok = np.empty(NL, np.int64)
        for kind, limit in ((KNIGHT, C.ca_knights), (FOOTMAN, C.ca_footmen)):
            ng = 0
            for land in range(NL):  # ``nonplayers.movable``: its figures of the kind, board order
                ng += S.units[land, f, kind] > 0
            if ng == 0 or not limit:
                continue
            g = rand_below(rs, ng)
            start = -1
            for land in range(NL):
                if S.units[land, f, kind] > 0:
                    if g == 0:
                        start = land
                        break
                    g -= 1
            n = reach(S, C, NB_PRINCIPALITY0 + f, start, kind, me, ctrl, ok)
            if n:
                moves[nm, 0], moves[nm, 1], moves[nm, 2] = start, kind, 1
                moves[nm, 3] = choose_land(C, ok, n, rs)
                nm += 1
        for i in range(nm):
            if rand_float(rs) < 0.5:
                ruin[moves[i, 3]] = 3  # ("city", "building")
        return nm
    if rand_float(rs) < 0.5:
        n = city_sites(S, C, f, ctrl, lands)
        if n == 0:
            return 0
        ch[1], ch[2], ch[3] = lands[rand_below(rs, n)], -1, 0
        return 1
    n = building_sites(S, C, f, ctrl, lands)
    kinds = np.empty(NBUILD, np.int64)
    nk = 0
    for k in range(NBUILD):
        if S.supply[T_CASTLE + k] > 0:
            kinds[nk] = k + 1
            nk += 1
    if n == 0 or nk == 0:
        return 0
    ch[1] = -1
    ch[2] = lands[rand_below(rs, n)]
    ch[3] = kinds[rand_below(rs, nk)]
    return 1
