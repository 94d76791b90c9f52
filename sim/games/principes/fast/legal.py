"""Legal choices read off a position, compiled: the twin of ``sim.games.principes.legal``. The policies build their
decisions from these lists, in the reference's order, so the random-legal seats draw the same numbers."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.principes.fast.assembly import assembly_lands
from sim.games.principes.fast.building import next_city
from sim.games.principes.fast.control import control_all
from sim.games.principes.fast.effects import guard_mask, holds, tile_param
from sim.games.principes.fast.state import (
    FOOTMAN,
    KNIGHT,
    NK,
    NL,
    NP,
    TK_ASSEMBLY_UNITS,
    TK_HERALDS,
    TK_THIRD_SLOT,
    figures,
)
from sim.games.principes.fast.tiles import slots

COURT0 = 3  # the first Court Card in ``state.CARDS`` (the Battle Cards are 0-2)


@njit(cache=True)
def on_map(S, p):
    """``legal.stacks`` summed: the player's figures on the Map."""
    n = 0
    for land in range(NL):
        n += figures(S, land, p)
    return n


@njit(cache=True)
def stacks(S, C, p, out):
    """``legal.stacks``: rows (land, kind, figures) by land id, then kind; returns how many."""
    n = 0
    for r in range(NL):
        land = C.byrank[r]
        for k in range(NK):
            if S.units[land, p, k] > 0:
                out[n, 0] = land
                out[n, 1] = k
                out[n, 2] = S.units[land, p, k]
                n += 1
    return n


@njit(cache=True)
def assembly_room(S, C, p, lands):
    """``legal.assembly_room``: (number of lands, most Knights affordable, Footmen in the pool, units per action;
    Three-Field: ``effects.extra_units``)."""
    n = assembly_lands(S, C, p, lands)
    cost = C.knight_cost
    knights = S.pool[p, KNIGHT]
    if cost:
        knights = min(knights, S.gold[p] // cost)
    extra = tile_param(S, C, p, TK_ASSEMBLY_UNITS) if C.tiles else -1  # Three-Field: more units
    return n, knights, S.pool[p, FOOTMAN], C.asm_units + (extra if extra > 0 else 0)


@njit(cache=True)
def reachable(S, C, p, start, points, out):
    """``legal.reachable`` (``legal.reach`` with a kind's points): lands reachable from ``start`` in at most ``points``
    steps, foreign units stopping a move, and (printed tiles) the first land of another player holding Border Guards
    (``effects.guarded``); ``out[land]`` = 1 for each (start excluded). Returns how many."""
    guards = guard_mask(S, C) & ~(1 << p)  # 0 without the printed tiles
    ctrl = np.empty(NL if guards else 0, np.int64)
    if guards:
        control_all(S, C, ctrl)
    dist = np.full(NL, -1, np.int64)
    queue = np.empty(NL, np.int64)
    dist[start] = 0
    queue[0] = start
    head, tail = 0, 1
    while head < tail:
        land = queue[head]
        head += 1
        if dist[land] >= points:
            continue
        if land != start and S.presence[land] & ~(1 << p):
            continue  # moving units must stop on a land holding another colour's units
        if guards and land != start and 0 <= ctrl[land] < NP and (guards >> ctrl[land]) & 1:
            continue  # Border Guards: "Foreign units stop at the first of your lands they enter"
        for e in range(C.adjptr[land], C.adjptr[land + 1]):
            nxt = C.adj[e]
            if dist[nxt] < 0:
                dist[nxt] = dist[land] + 1
                queue[tail] = nxt
                tail += 1
    n = 0
    for land in range(NL):
        out[land] = dist[land] > 0
        n += dist[land] > 0
    return n


@njit(cache=True)
def city_sites(S, C, ctrl, p, lands, costs):
    """``legal.city_sites``: controlled lands (board order; ``ctrl`` from ``control_all``) where a City can be
    founded now; returns how many."""
    n = 0
    for land in range(NL):
        if ctrl[land] != p:
            continue
        kind = next_city(S, C, land)
        if kind < 0 or S.supply[kind] <= 0:
            continue
        cost = C.token_might[kind]
        if cost <= S.gold[p]:
            lands[n] = land
            costs[n] = cost
            n += 1
    return n


@njit(cache=True)
def building_sites(S, C, ctrl, p, out):
    """``legal.building_sites``: controlled lands without a building, board order."""
    n = 0
    for land in range(NL):
        if ctrl[land] == p and S.buildings[land] == 0:
            out[n] = land
            n += 1
    return n


@njit(cache=True)
def first_support_card(S, C, p):
    """``legal.support_cards`` starts at the Court Cards, or with Heralds of Peace at the Battle Cards
    (``effects.battle_cards_for_support``)."""
    return 0 if C.tiles and holds(S, C, p, TK_HERALDS) else COURT0


@njit(cache=True)
def tile_picks(S, C, p, out):
    """``legal.tile_picks`` / ``tiles.picks``: rows (Market tile, own tile given back or -1) in Market order; returns
    how many."""
    n = 0
    d = C.distinct
    held = S.tiles_n[p]
    settlers = C.tiles and tile_param(S, C, p, TK_THIRD_SLOT) >= 0  # else ``slots`` only for German Settlers
    for i in range(S.market_n):
        t = S.market[i]
        dup = False
        for j in range(i):
            if S.market[j] == t:
                dup = True
        if dup:
            continue
        own = False
        same = 0
        for j in range(held):
            if S.tiles[p, j] == t:
                own = True
            if S.tiles[p, j] // d == t // d:
                same += 1
        if own:
            continue
        room = C.slots
        if C.tiles and (settlers or C.tile_kind[t] == TK_THIRD_SLOT):
            room = slots(S, C, p, t // d, t)
        if same < room:
            out[n, 0] = t
            out[n, 1] = -1
            n += 1
        else:
            for j in range(held):
                if S.tiles[p, j] // d == t // d:
                    out[n, 0] = t
                    out[n, 1] = S.tiles[p, j]
                    n += 1
    return n
