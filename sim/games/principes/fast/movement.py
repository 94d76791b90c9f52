"""The Movement Action, compiled: the twin of ``game.movement``. The moves come from a seat's policy, legal by
construction (``legal.reachable``), so nothing is re-checked here."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.principes.fast.battles import battle
from sim.games.principes.fast.control import control_all, controller, retrack, support_all
from sim.games.principes.fast.effects import tile_param
from sim.games.principes.fast.state import (
    NF,
    NK,
    NL,
    NP,
    T_CASTLE,
    T_DIVISION,
    TK_INFANTRY,
    add_units,
    clamp,
    n_factions_on,
)


@njit(cache=True)
def movement_points(C, kind):
    """``movement.movement_points`` without a player: cavalry or infantry (rules.yaml ``units.<kind>.class``)."""
    return C.cav_points if C.cavalry[kind] else C.inf_points


@njit(cache=True)
def move_points(S, C, p, kind):
    """``movement.movement_points`` of the player's unit ``kind``: Mounts for Infantry adds to infantry's
    (``effects.extra_points``)."""
    if C.cavalry[kind]:
        return C.cav_points
    if not C.tiles:
        return C.inf_points
    extra = tile_param(S, C, p, TK_INFANTRY)
    return C.inf_points + (extra if extra > 0 else 0)


@njit(cache=True)
def pay_penalty(S, C, p, indulgence):
    """``movement.pay_penalty``: lose Clergy or pay gold (``indulgence`` prefers gold); at Clergy 0 with no gold,
    nothing."""
    can_pay = S.gold[p] >= C.indulgence
    if can_pay and (indulgence or S.clergy[p] == 0):
        S.gold[p] -= C.indulgence
    elif S.clergy[p] > 0:
        S.clergy[p] = clamp(C, S.clergy[p] - C.clergy_penalty)


@njit(cache=True)
def destroy(S, C, p, land):
    """``movement._destroy``: the City (or Cities) and building of a land just taken go; the taker loses support."""
    founded = S.cities[land]
    building = S.buildings[land]
    S.cities[land] = 0
    S.buildings[land] = 0
    if founded == 0 and building == 0:
        return
    for g in range(founded):
        S.supply[C.tok[land, g]] += 1
    if building:
        S.supply[T_CASTLE + building - 1] += 1
    S.people[p] = clamp(C, S.people[p] - C.destroy_people)
    S.clergy[p] = clamp(C, S.clergy[p] - C.destroy_clergy)


@njit(cache=True)
def return_pomeranians(S, C):
    """``movement.return_pomeranians``: once foreign units leave a Pomerania (or the Teutonic Knights' land), its
    removed units return."""
    for j in range(NF - NP):
        f = NP + j
        off = S.pomerania_off[j, 0] + S.pomerania_off[j, 1] + S.pomerania_off[j, 2]
        if off == 0:
            continue
        land = C.pomland[j]
        if land >= 0 and not S.presence[land] & ~(1 << f):
            for k in range(NK):
                add_units(S, land, f, k, S.pomerania_off[j, k])
                S.pomerania_off[j, k] = 0


@njit(cache=True)
def place_moves(S, f, moves, nm, ends):
    """``neighbors.move``'s and ``invaders.move``'s first step: the moves of a neutral faction ``f`` (rows start or
    -1 for its off-map area, kind, n, end) leave and arrive; ``ends`` gets the distinct ends in the order the moves
    name them. Returns how many."""
    ne = 0
    for i in range(nm):
        a, k, n, b = moves[i, 0], moves[i, 1], moves[i, 2], moves[i, 3]
        if a >= 0:
            add_units(S, a, f, k, -n)
        add_units(S, b, f, k, n)
        new = True
        for j in range(ne):
            if ends[j] == b:
                new = False
        if new:
            ends[ne] = b
            ne += 1
    return ne


@njit(cache=True)
def move(S, C, p, moves, nm, rs, indulgence, ruin):
    """``movement.move``: ``moves`` (nm, 4) rows of (from, kind, n, to); ``ruin`` a land whose City and building to
    destroy if taken, or -1. The Clergy penalty where ``movement.penalized``; battles in order of the destinations."""
    ctrl0 = np.empty(NL, np.int64)
    control_all(S, C, ctrl0)
    people0 = np.empty(NP, np.int64)
    clergy0 = np.empty(NP, np.int64)
    support_all(S, C, people0, clergy0)
    dests = np.empty(nm, np.int64)
    nd = 0
    for i in range(nm):
        a, k, n, b = moves[i, 0], moves[i, 1], moves[i, 2], moves[i, 3]
        add_units(S, a, p, k, -n)
        add_units(S, b, p, k, n)
        if a != b:
            new = True
            for j in range(nd):
                if dests[j] == b:
                    new = False
            if new:
                dests[nd] = b
                nd += 1
    for j in range(nd):
        land = dests[j]
        home = C.princ[land]
        if (home >= 0 and home != p and ctrl0[land] != p) or S.division[land]:
            pay_penalty(S, C, p, indulgence)
        if S.division[land]:
            S.division[land] = 0
            S.supply[T_DIVISION] += 1
    contested = np.empty(nd, np.int64)
    nc = 0
    for j in range(nd):
        if n_factions_on(S, dests[j]) > 1:
            contested[nc] = dests[j]
            nc += 1
    for j in range(nc):
        if n_factions_on(S, contested[j]) > 1:
            battle(S, C, contested[j], p, rs)
    return_pomeranians(S, C)
    if ruin >= 0 and ctrl0[ruin] != p and controller(S, C, ruin) == p:
        destroy(S, C, p, ruin)
    retrack(S, C, people0, clergy0)
