"""The printed Progress Tiles (``progress: tiles``), compiled: the twin of ``game.tiles``.

A printed tile is ``colour * 4 + n`` (``state.tile_ids``); ``C.tile_kind`` / ``C.tile_par`` / ``C.tile_par2`` hold
its effect kind and parameters. The Market is the generic model's stacks and face-up row (``progress``), but taken
tiles are replaced only once the player finishes (``refill``) and German Settlers adds a space (``slots``). The
questions the other rules ask are in ``effects``; the Progress Action itself, which asks a seat's policy one tile
at a time, is ``driver.progress_action``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.principes.fast.cards import draw_into, enforce_hand_limit
from sim.games.principes.fast.effects import tile_mask, tile_param, tiltyards
from sim.games.principes.fast.progress import reveal, take_tile
from sim.games.principes.fast.state import (
    A_ASSEMBLY,
    NCOL,
    TK_ACTION_GOLD,
    TK_CHRONICLE,
    TK_THIRD_SLOT,
    TK_TRAINING,
    clamp,
    gold_in_supply,
)

PEOPLE, CLERGY = 1, 2  # a support track (``tiles.gain_support``'s ``track``)


@njit(cache=True)
def refill(S, C):
    """``tiles.refill``: each colour's empty face-up spaces from its stack (duplicates redrawn: ``progress.reveal``)."""
    d = C.distinct
    for c in range(NCOL):
        while S.stacks_n[c] > 0:
            n = 0
            for i in range(S.market_n):
                n += S.market[i] // d == c
            if n >= C.market_per_color:
                break
            reveal(S, c)


@njit(cache=True)
def slots(S, C, p, c, incoming):
    """``tiles.slots``: the player's spaces of colour ``c``; German Settlers counts as soon as it is drawn
    (``incoming``: the tile being taken, -1 none)."""
    base = C.slots
    extra = tile_param(S, C, p, TK_THIRD_SLOT)
    if extra < 0 and incoming >= 0 and C.tile_kind[incoming] == TK_THIRD_SLOT:
        extra = C.tile_par[incoming]
    if extra < 0:
        return base
    return base + extra if C.gs_colour < 0 or c == C.gs_colour else base


@njit(cache=True)
def pairs(S, C, p):
    """``tiles._pairs``: pairs of same-coloured tiles the player holds."""
    d = C.distinct
    per = np.zeros(NCOL, np.int64)
    for j in range(S.tiles_n[p]):
        per[S.tiles[p, j] // d] += 1
    n = 0
    for c in range(NCOL):
        n += per[c] // 2
    return n


@njit(cache=True)
def place(S, C, p, t, given):
    """``tiles.place``: take Market tile ``t`` into a free space (``given`` -1) or for the own tile ``given``, which
    goes face up onto the Market; no refill. Returns the Chronicle support points now due (1 per pair held on
    acquiring it, then per newly formed pair), each on a track the seat chooses (``gain_support``)."""
    before = pairs(S, C, p)
    take_tile(S, C, p, t, given, False)
    tile_mask(S, C, p)
    if tile_param(S, C, p, TK_CHRONICLE) < 0:
        return 0
    return pairs(S, C, p) - (0 if C.tile_kind[t] == TK_CHRONICLE else before)


@njit(cache=True)
def gain_support(S, C, p, track):
    """``tiles.gain_support`` (``effects.gain_support``): Chronicle's points on ``track`` (PEOPLE or CLERGY)."""
    n = tile_param(S, C, p, TK_CHRONICLE)
    if track == PEOPLE:
        S.people[p] = clamp(C, S.people[p] + n)
    else:
        S.clergy[p] = clamp(C, S.clergy[p] + n)


@njit(cache=True)
def after_action(S, C, p, action, rs):
    """``tiles.after_action``: the assumed +1 gold of the unexplained tiles of the action's colour
    (``C.action_colour``: ``tiles.colour_of_action``), and Training Grounds' Battle Card per Tiltyard after an
    Assembly."""
    if not C.tiles or S.tiles_n[p] == 0:
        return
    d = C.distinct
    gold = 0
    for j in range(S.tiles_n[p]):
        t = S.tiles[p, j]
        if t // d == C.action_colour[action] and C.tile_kind[t] == TK_ACTION_GOLD:
            gold += C.tile_par[t]
    training = tile_param(S, C, p, TK_TRAINING) if action == A_ASSEMBLY else -1
    if gold == 0 and training < 0:
        return
    S.gold[p] += min(gold, gold_in_supply(S, C))
    if training >= 0:
        for _ in range(training * tiltyards(S, C, p)):
            draw_into(S, C, p, 0, rs)
        enforce_hand_limit(S, C, p)
