"""The questions the core rules ask of the printed Progress Tiles, compiled: the twin of ``game.effects``.

Each answer is a no-op without ``progress: tiles`` (``C.tiles`` 0) or for a player without printed tiles, so the
hot paths of the other games pay one comparison. ``S.tile_kinds[p]`` has bit k set when player ``p`` holds a tile
of effect kind k (``state.TILE_KINDS``), kept in step by ``tile_mask``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.principes.fast.control import BUILD_TILTYARD, control_all, controller
from sim.games.principes.fast.state import NL, NP, TK_BORDER_GUARDS, TK_KNIGHTLY, clamp
from sim.games.principes.fast.turn_order import turn_order


@njit(cache=True)
def tile_param(S, C, p, kind):
    """``effects.params``: the first parameter (``C.tile_par``) of the player's printed tile with effect ``kind``
    (the first such tile in the order taken), or -1 when it holds none; always -1 without the printed tiles."""
    if not C.tiles or p < 0 or p >= NP or not (S.tile_kinds[p] >> kind) & 1:
        return -1
    for j in range(S.tiles_n[p]):
        t = S.tiles[p, j]
        if C.tile_kind[t] == kind:
            return C.tile_par[t]
    return -1


@njit(cache=True)
def tile_mask(S, C, p):
    """``effects.holds`` of every kind at once: recompute ``S.tile_kinds[p]`` after the player's tiles changed."""
    m = 0
    for j in range(S.tiles_n[p]):
        k = C.tile_kind[S.tiles[p, j]]
        if k >= 0:
            m |= 1 << k
    S.tile_kinds[p] = m


@njit(cache=True)
def holds(S, C, p, kind):
    """``effects.holds``: the player holds a printed tile with effect ``kind``."""
    return tile_param(S, C, p, kind) >= 0


@njit(cache=True)
def guard_mask(S, C):
    """``effects.holders`` of Border Guards as bits (0 without the printed tiles)."""
    m = 0
    if C.tiles:
        for q in range(NP):
            if (S.tile_kinds[q] >> TK_BORDER_GUARDS) & 1:
                m |= 1 << q
    return m


@njit(cache=True)
def guarded(S, C, land, mover, consent):
    """``effects.guarded``: Border Guards, "Foreign units stop at the first of your lands they enter": ``land`` is
    controlled by a holder other than ``mover`` (any faction) and other than ``consent`` (the faction whose consent
    lets them pass, -1 none)."""
    if not C.tiles:
        return False
    owner = controller(S, C, land)
    return 0 <= owner < NP and owner != mover and owner != consent and holds(S, C, owner, TK_BORDER_GUARDS)


@njit(cache=True)
def tiltyards(S, C, p):
    """``effects.council_bonus``' count: Tiltyards on the lands ``p`` controls."""
    ctrl = np.empty(NL, np.int64)
    control_all(S, C, ctrl)
    n = 0
    for land in range(NL):
        n += ctrl[land] == p and S.buildings[land] == BUILD_TILTYARD
    return n


@njit(cache=True)
def council_bonus(S, C):
    """``effects.council_bonus``: Knightly Culture at any Council, People per Tiltyard the holder controls (in turn
    order)."""
    if not C.tiles:
        return
    order = np.empty(NP, np.int64)
    no = turn_order(S, C, order)
    for o in range(no):
        q = order[o]
        per = tile_param(S, C, q, TK_KNIGHTLY)
        if per >= 0:
            S.people[q] = clamp(C, S.people[q] + per * tiltyards(S, C, q))
