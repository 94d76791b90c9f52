"""The printed Progress Tiles (``game.tiles``, ``progress: tiles``) as njit functions over ``S`` and ``C``.

A printed tile is ``colour * 4 + n`` (``layout.tile_ids``); ``C_TILEKIND`` / ``C_TILEPAR`` / ``C_TILEPAR2`` hold its
effect kind and parameters. The Market is the generic model's stacks and face-up row (``kernels.setup_market`` lays
it out the same way), but taken tiles are replaced only once the player finishes (``refill``) and German Settlers
adds a slot (``kernels.slots``, asked by ``kernels.tile_picks``). The effects the other rules ask about are the
small queries in ``kernels`` (``tile_param``, ``holds``, ``hand_limit``, ``guarded``, ``move_points``,
``council_bonus``) and the hooks in ``kernels.battle`` (Learning Chess), ``kernels.build`` (French Style),
``princesses.court_effect`` (Lady of the Court) and the strategies (Heralds of Peace, Three-Field, Mounts for
Infantry). Here: the Market refill, a tile's placement (Chronicle), the whole Progress Action (Church Schools,
the hand limit) and the tiles that fire after an action (Training Grounds, the assumed +1 gold).

The strategies' tile choices are passed in as plain values (``scripted``, the wishlist ``rank`` per tile, its
length ``nwish``, ``take_tiles``), so this module needs only ``kernels``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.principes.fast import kernels as K
from sim.games.principes.fast.layout import (
    A_ASSEMBLY,
    C_DISTINCT,
    C_MARKET_PER_COLOR,
    C_TILEALPHA,
    C_TILEKIND,
    C_TILEPAR,
    C_TILEPAR2,
    C_TILES,
    C_TILES_PER_PERIOD,
    MAXHELD,
    NCOL,
    S_CLERGY,
    S_GOLD,
    S_MARKET,
    S_MARKETN,
    S_PEOPLE,
    S_STACKN,
    S_TILES,
    S_TILESN,
    TK_ACTION_GOLD,
    TK_CHRONICLE,
    TK_CHURCH_SCHOOLS,
    TK_TRAINING,
)

NPICKS = 2 * MAXHELD + 24  # rows of a picks array: 12 face-up tiles, each up to 3 exchanges


@njit(cache=True)
def refill(S, C):
    """``tiles.refill``: each colour's empty face-up spaces from its stack (duplicates redrawn: ``kernels.reveal``)."""
    d = C[C_DISTINCT]
    for c in range(NCOL):
        while S[S_STACKN + c] > 0:
            n = 0
            for i in range(S[S_MARKETN]):
                n += S[S_MARKET + i] // d == c
            if n >= C[C_MARKET_PER_COLOR]:
                break
            K.reveal(S, c)


@njit(cache=True)
def best_wish(C, rank, nwish, pk, n):
    """``Scripted.wished(...)[0]``: the row of ``pk`` with the most wanted tile (an exchange only giving back a less
    wanted one; a free space before an exchange, then giving back the least wanted, then by tile id), or -1."""
    best = -1
    best_key = 0
    for i in range(n):
        t, g = pk[i, 0], pk[i, 1]
        rt = rank[t]
        if rt >= nwish:
            continue
        rg = nwish if g < 0 else rank[g]
        if g >= 0 and rg <= rt:
            continue
        key = (((rt * 2 + (g >= 0)) * 128 + (127 - rg)) * 32 + C[C_TILEALPHA + t]) * 32
        if g >= 0:
            key += C[C_TILEALPHA + g]
        if best < 0 or key < best_key:
            best = i
            best_key = key
    return best


@njit(cache=True)
def first_free(pk, n):
    """The first pick into a free space (``Scripted.free_picks(...)[0]``), or -1."""
    for i in range(n):
        if pk[i, 1] < 0:
            return i
    return -1


@njit(cache=True)
def _pairs(S, C, p):
    d = C[C_DISTINCT]
    per = np.zeros(NCOL, np.int64)
    for j in range(S[S_TILESN + p]):
        per[S[S_TILES + p * MAXHELD + j] // d] += 1
    n = 0
    for c in range(NCOL):
        n += per[c] // 2
    return n


@njit(cache=True)
def place(S, C, p, t, given, scripted, rs):
    """``tiles.place``: take Market tile ``t`` into a free space (``given`` -1) or for the own tile ``given``, which
    goes face up onto the Market; no refill. Chronicle: 1 support per pair held on acquiring it, then per newly
    formed pair, on the track the strategy chooses (``support_track``: the lower, People on a tie; random:
    uniform)."""
    before = _pairs(S, C, p)
    K.take_tile(S, C, p, t, given, False)
    K.tile_mask(S, C, p)
    support = K.tile_param(S, C, p, TK_CHRONICLE)
    if support >= 0:
        new = _pairs(S, C, p) - (0 if C[C_TILEKIND + t] == TK_CHRONICLE else before)
        for _ in range(new):
            if scripted:
                people = S[S_PEOPLE + p] <= S[S_CLERGY + p]
            else:
                people = K.rand_below(rs, 2) == 0  # rng.choice(("people", "clergy"))
            track = S_PEOPLE if people else S_CLERGY
            S[track + p] = K.clamp(C, S[track + p] + support)


@njit(cache=True)
def progress_action(S, C, p, rs, scripted, rank, nwish, take_tiles):
    """``tiles.progress_action``: one tile at a time up to the Period's number (+ Church Schools' extra tile for 2
    gold: scripted plans always pay, random with probability 1/2), then the Market refills and the hand limit is
    checked. The scripted pick is ``best_wish``, else the first free space with ``take_tiles``; random is uniform
    among ``picks``. Returns whether a tile was placed (the action was performed)."""
    allowed = K.period(S, C) * C[C_TILES_PER_PERIOD]
    taken = 0
    pk = np.empty((NPICKS, 2), np.int64)
    while taken < allowed:
        n = K.tile_picks(S, C, p, pk)
        pick = -1
        if not scripted:
            if n:
                pick = K.rand_below(rs, n)
        else:
            pick = best_wish(C, rank, nwish, pk, n)
            if pick < 0 and take_tiles:
                pick = first_free(pk, n)
        if pick < 0:
            break
        t = pk[pick, 0]
        place(S, C, p, t, pk[pick, 1], scripted, rs)
        taken += 1
        if C[C_TILEKIND + t] == TK_CHURCH_SCHOOLS:
            cost = C[C_TILEPAR + t]
            if S[S_GOLD + p] >= cost and (scripted or K.rand_float(rs) < 0.5):
                S[S_GOLD + p] -= cost  # back to the general pool
                allowed += C[C_TILEPAR2 + t]
    if taken == 0:
        return False
    refill(S, C)
    K.enforce_hand_limit(S, C, p)
    return True


@njit(cache=True)
def after_action(S, C, p, action, rs):
    """``tiles.after_action``: the assumed +1 gold of the unexplained tiles of the action's colour (the colours are
    listed in the actions' order), and Training Grounds' Battle Card per Tiltyard after an Assembly."""
    if not C[C_TILES] or S[S_TILESN + p] == 0:
        return
    d = C[C_DISTINCT]
    gold = 0
    for j in range(S[S_TILESN + p]):
        t = S[S_TILES + p * MAXHELD + j]
        if t // d == action and C[C_TILEKIND + t] == TK_ACTION_GOLD:
            gold += C[C_TILEPAR + t]
    training = K.tile_param(S, C, p, TK_TRAINING) if action == A_ASSEMBLY else -1
    if gold == 0 and training < 0:
        return
    S[S_GOLD + p] += min(gold, K.gold_in_supply(S, C))
    if training >= 0:
        for _ in range(training * K.tiltyards(S, C, p)):
            K.draw_into(S, C, p, 0, rs)
        K.enforce_hand_limit(S, C, p)


@njit(cache=True)
def any_wished(S, C, p, rank, nwish):
    """``Scripted.wished`` is not empty."""
    if not C[C_TILES] or nwish == 0:
        return False
    pk = np.empty((NPICKS, 2), np.int64)
    n = K.tile_picks(S, C, p, pk)
    return best_wish(C, rank, nwish, pk, n) >= 0


@njit(cache=True)
def any_free(S, C, p):
    """``Scripted.free_picks`` is not empty."""
    pk = np.empty((NPICKS, 2), np.int64)
    n = K.tile_picks(S, C, p, pk)
    return first_free(pk, n) >= 0
