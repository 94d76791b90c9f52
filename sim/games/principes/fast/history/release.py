"""Release to Home, compiled: the twin of ``game.history.release``."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.principes.fast.control import retrack, support_all
from sim.games.principes.fast.movement import return_pomeranians
from sim.games.principes.fast.state import FOOTMAN, KNIGHT, NL, NP, add_units, figures


@njit(cache=True)
def candidates(S, p, out):
    """``release.candidates``: (land, kind) rows, each land in board order, its Footmen before its Knights."""
    n = 0
    for land in range(NL):
        for k in (FOOTMAN, KNIGHT):
            if S.units[land, p, k] > 0:
                out[n, 0] = land
                out[n, 1] = k
                n += 1
    return n


@njit(cache=True)
def default_choice(S, p, opts, n):
    """``release.default_choice``: a Footman before a Knight, from the land with the most of the player's figures
    (an index into ``opts``)."""
    pick = 0
    for i in range(1, n):
        a, b = opts[i], opts[pick]
        ka, kb = a[1] == KNIGHT, b[1] == KNIGHT
        fa, fb = figures(S, a[0], p), figures(S, b[0], p)
        if ka < kb or (ka == kb and fa > fb):
            pick = i
    return pick


@njit(cache=True)
def remove(S, C, p, land, k):
    """``release.remove``: one figure of ``k`` from ``land`` to the pool; control and tracks follow."""
    people0 = np.empty(NP, np.int64)
    clergy0 = np.empty(NP, np.int64)
    support_all(S, C, people0, clergy0)
    add_units(S, land, p, k, -1)
    S.pool[p, k] += 1
    return_pomeranians(S, C)
    retrack(S, C, people0, clergy0)
