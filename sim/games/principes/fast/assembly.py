"""The Assembly Action, compiled: the twin of ``game.assembly``."""

from __future__ import annotations

from numba import njit

from sim.games.principes.fast.control import controller, land_might
from sim.games.principes.fast.state import FOOTMAN, KNIGHT, NL, PRINCE, add_units


@njit(cache=True)
def prince_land(S, p):
    """``assembly.prince_land`` (``legal.prince_on``): the land of the player's Prince, or -1."""
    for land in range(NL):
        if S.units[land, p, PRINCE] > 0:
            return land
    return -1


@njit(cache=True)
def sort_by_rank(C, lands, n):
    """``legal.assembly_room``'s ``sorted`` lands: insertion sort of ``lands[:n]`` by land id (``C.rank``)."""
    for i in range(1, n):
        x = lands[i]
        j = i - 1
        while j >= 0 and C.rank[lands[j]] > C.rank[x]:
            lands[j + 1] = lands[j]
            j -= 1
        lands[j + 1] = x


@njit(cache=True)
def assembly_lands(S, C, p, out):
    """``assembly.assembly_lands``, sorted by id (``legal.assembly_room``); returns how many."""
    n = 0
    capital = C.capital[p]
    if controller(S, C, capital) == p:
        out[n] = capital
        n += 1
    pl = prince_land(S, p)
    if pl >= 0 and pl != capital:
        out[n] = pl
        n += 1
    elif pl >= 0 and n == 0:
        out[n] = pl
        n += 1
    if n == 0:
        top = -1
        for land in range(NL):
            if controller(S, C, land) == p:
                m = land_might(S, C, land)
                if m > top:
                    top = m
                    n = 0
                if m == top:
                    out[n] = land
                    n += 1
    sort_by_rank(C, out, n)
    return n


@njit(cache=True)
def assemble(S, C, p, land, k, f):
    """``assembly.assemble`` of ``k`` Knights and ``f`` Footmen onto ``land`` (legal by construction)."""
    S.gold[p] -= k * C.knight_cost + f * C.footman_cost
    S.pool[p, KNIGHT] -= k
    S.pool[p, FOOTMAN] -= f
    add_units(S, land, p, KNIGHT, k)
    add_units(S, land, p, FOOTMAN, f)
