"""Helpers shared by the icon modules, compiled: the twin of ``game.history.common``."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.principes.fast.control import control_all, land_clergy, land_might, land_people
from sim.games.principes.fast.state import NL, NP
from sim.games.principes.fast.turn_order import turn_order


@njit(cache=True)
def rivals_by_strength(S, C, me, out):
    """``common.rivals_by_strength``: other players strongest first (``common.score``: the sum of the three tracks,
    the Might from one pass over the lands), ties in turn order; returns how many."""
    ctrl = np.empty(NL, np.int64)
    control_all(S, C, ctrl)
    mt = np.zeros(NP, np.int64)
    for land in range(NL):
        o = ctrl[land]
        if 0 <= o < NP:
            mt[o] += land_might(S, C, land)
    order = np.empty(NP, np.int64)
    no = turn_order(S, C, order)
    sc = np.empty(NP, np.int64)
    n = 0
    for o in range(no):
        q = order[o]
        if q == me:
            continue
        x = min(mt[q], C.track_hi) + S.people[q] + S.clergy[q]
        i = n
        while i > 0 and sc[i - 1] < x:  # stable: equal scores keep turn order
            sc[i] = sc[i - 1]
            out[i] = out[i - 1]
            i -= 1
        sc[i] = x
        out[i] = q
        n += 1
    return n


@njit(cache=True)
def richness(S, C, land):
    """``common.richness``: Might, support points and a building."""
    return land_might(S, C, land) + land_people(S, C, land) + land_clergy(S, C, land) + (S.buildings[land] != 0)
