"""Moving Invader figures (Balts, Teutonic Knights, Mongols) and their devastation, compiled: the twin of
``game.history.invaders``. A group starts on a land, or at -1 for the faction's off-map area (its ``stock``)."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.principes.fast.battles import battle
from sim.games.principes.fast.control import control_all
from sim.games.principes.fast.effects import guard_mask, guarded
from sim.games.principes.fast.history.common import richness, rivals_by_strength
from sim.games.principes.fast.movement import movement_points, place_moves, return_pomeranians
from sim.games.principes.fast.princesses import devastated
from sim.games.principes.fast.state import F_PRUSSIANS, NK, NL, NP, T_CASTLE, UNITS, add_units, n_factions_on

MAXGROUPS = 2 * NL + 2  # Invader groups: the off-map stock and (land, kind) on the Map
KIND_ORDER = tuple(sorted(range(NK), key=lambda k: UNITS[k]))  # ``invaders.on_map`` sorts kinds by name


@njit(cache=True)
def reach(S, C, f, start, area, kind, mover, ctrl, ok):
    """``invaders.reach``: ``ok[land]`` = 1 where a figure of ``kind`` starting on land ``start`` (or, with start
    -1, in the off-map ``area``, entered from ``invaders._entry_lands`` at ``invaders.entry_cost``) may end its move
    for ``mover``. Returns how many."""
    points = movement_points(C, kind)
    guards = guard_mask(S, C) if C.tiles else 0
    dist = np.full(NL, -1, np.int64)
    queue = np.empty(NL, np.int64)
    head, tail = 0, 0
    if start >= 0:
        dist[start] = 0
        queue[0] = start
        tail = 1
    elif C.entry_cost <= points:
        for land in range(NL):
            if C.border[land, area]:
                dist[land] = C.entry_cost
                queue[tail] = land
                tail += 1
    while head < tail:
        land = queue[head]
        head += 1
        if dist[land] >= points or (land != start and S.presence[land] & ~(1 << f)):
            continue
        if guards and land != start and guarded(S, C, land, f, -1):
            continue  # Border Guards: foreign units stop at the holder's lands
        for e in range(C.adjptr[land], C.adjptr[land + 1]):
            nxt = C.adj[e]
            if dist[nxt] < 0:
                dist[nxt] = dist[land] + 1
                queue[tail] = nxt
                tail += 1
    n = 0
    for land in range(NL):
        ok[land] = dist[land] >= 0 and land != start and ctrl[land] != mover
        n += ok[land]
    return n


@njit(cache=True)
def groups(S, C, f, stock, out):
    """``invaders.default_moves``' groups: (start land or -1 for the off-map area, kind, figures), the stock first,
    then the Map in board order (``invaders.on_map``)."""
    n = 0
    j = f - F_PRUSSIANS
    if stock > 0:
        out[n, 0] = -1
        out[n, 1] = C.inv_kind[j]
        out[n, 2] = stock
        n += 1
    for land in range(NL):
        if S.presence[land] & (1 << f):
            for k in KIND_ORDER:
                if S.units[land, f, k] > 0:
                    out[n, 0] = land
                    out[n, 1] = k
                    out[n, 2] = S.units[land, f, k]
                    n += 1
    return n


@njit(cache=True)
def default_moves(S, C, mover, f, stock, moves):
    """``invaders.default_moves``: each group goes whole to the richest reachable land of the strongest rival that
    has one in reach; rows (start or -1, kind, n, destination); returns how many."""
    grp = np.empty((MAXGROUPS, 3), np.int64)
    ng = groups(S, C, f, stock, grp)
    area = C.inv_area[f - F_PRUSSIANS]
    ctrl = np.empty(NL, np.int64)
    control_all(S, C, ctrl)
    ok = np.empty(NL, np.int64)
    rivals = np.empty(NP, np.int64)
    nr = rivals_by_strength(S, C, mover, rivals)
    pos = np.full(NP, -1, np.int64)
    for r in range(nr):
        pos[rivals[r]] = r
    nm = 0
    for g in range(ng):
        reach(S, C, f, grp[g, 0], area, grp[g, 1], mover, ctrl, ok)
        best = -1
        best_pos = 0
        best_rich = 0
        for land in range(NL):
            o = ctrl[land]
            if not ok[land] or o < 0 or o >= NP or pos[o] < 0:
                continue
            rich = richness(S, C, land)
            if best < 0 or pos[o] < best_pos or (pos[o] == best_pos and rich > best_rich):
                best = land
                best_pos = pos[o]
                best_rich = rich
        if best >= 0:
            moves[nm, 0] = grp[g, 0]
            moves[nm, 1] = grp[g, 1]
            moves[nm, 2] = grp[g, 2]
            moves[nm, 3] = best
            nm += 1
    return nm


@njit(cache=True)
def devastate(S, C, land):
    """``invaders.devastate``: every City and building of ``land`` back to the supply; its Princess goes."""
    for g in range(S.cities[land]):
        S.supply[C.tok[land, g]] += 1
    S.cities[land] = 0
    b = S.buildings[land]
    if b:
        S.supply[T_CASTLE + b - 1] += 1
        S.buildings[land] = 0
    devastated(S, C, land)


@njit(cache=True)
def move(S, C, f, moves, nm, rs):
    """``invaders.move``: move, fight in the order the moves name their ends, devastate what the Invaders hold."""
    ends = np.empty(max(nm, 1), np.int64)
    ne = place_moves(S, f, moves, nm, ends)
    for j in range(ne):
        if n_factions_on(S, ends[j]) > 1:
            battle(S, C, ends[j], f, rs)
    for j in range(ne):
        if S.presence[ends[j]] == 1 << f:
            devastate(S, C, ends[j])


@njit(cache=True)
def leave(S, C, f):
    """``invaders.leave``: all the faction's figures leave the Map."""
    for land in range(NL):
        if S.presence[land] & (1 << f):
            for k in range(NK):
                n = S.units[land, f, k]
                if n:
                    add_units(S, land, f, k, -n)
    return_pomeranians(S, C)


@njit(cache=True)
def on_map(S, f):
    """``invaders.on_map`` is not empty."""
    for land in range(NL):
        if S.presence[land] & (1 << f):
            return True
    return False
