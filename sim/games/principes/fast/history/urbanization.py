"""Urbanization, compiled: the twin of ``game.history.urbanization``."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.principes.fast.building import next_city
from sim.games.principes.fast.control import control_all
from sim.games.principes.fast.state import NL


@njit(cache=True)
def candidates(S, C, p, out):
    """``urbanization.candidates``: lands the player does not control with a Gord left and its token in supply."""
    ctrl = np.empty(NL, np.int64)
    control_all(S, C, ctrl)
    n = 0
    for land in range(NL):
        kind = next_city(S, C, land)
        if kind >= 0 and S.supply[kind] > 0 and ctrl[land] != p:
            out[n] = land
            n += 1
    return n


@njit(cache=True)
def default_choice(S, C, p):
    """``urbanization.default_choice``: an own land under a Division Token, else a neutral land next to one the
    player holds; the most Might first (then board order). Otherwise -1."""
    lands = np.empty(NL, np.int64)
    n = candidates(S, C, p, lands)
    ctrl = np.empty(NL, np.int64)
    control_all(S, C, ctrl)
    for group in range(2):
        best = -1
        for i in range(n):
            x = lands[i]
            if group == 0:
                ok = S.division[x] != 0 and C.princ[x] == p
            else:
                ok = False
                if ctrl[x] == -1:
                    for e in range(C.adjptr[x], C.adjptr[x + 1]):
                        if ctrl[C.adj[e]] == p:
                            ok = True
            if ok and (best < 0 or C.might[x] > C.might[best]):
                best = x
        if best >= 0:
            return best
    return -1


@njit(cache=True)
def found(S, C, land):
    """``urbanization.found``: a free City on ``land``."""
    S.supply[next_city(S, C, land)] -= 1
    S.cities[land] += 1
