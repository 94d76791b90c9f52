"""Balt Raid, compiled: the twin of ``game.history.balt_raid``."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.principes.fast.control import retrack, support_all
from sim.games.principes.fast.history import invaders
from sim.games.principes.fast.state import F_TEUTONIC, NP


@njit(cache=True)
def prussians_blocked(S):
    """``balt_raid.active_tribes``: with the Teutonic Knights on the Map only the Lithuanians come."""
    return invaders.on_map(S, F_TEUTONIC)


@njit(cache=True)
def raid(S, C, tribe, moves, nm, rs):
    """``balt_raid.raid``: one tribe's moves from the Balts, battles, devastation, back to the spots."""
    people0 = np.empty(NP, np.int64)
    clergy0 = np.empty(NP, np.int64)
    support_all(S, C, people0, clergy0)
    invaders.move(S, C, tribe, moves, nm, rs)
    invaders.leave(S, C, tribe)
    retrack(S, C, people0, clergy0)
