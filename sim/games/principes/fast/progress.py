"""The Progress Market and tiles taken (the generic tile model), compiled: the twin of ``game.progress``. A tile is
``colour * distinct + n`` (its colour, ``progress.colour``, is ``t // distinct``); the printed tiles (``tiles``) use the
same stacks and face-up row."""

from __future__ import annotations

from numba import njit

from sim.games.principes.fast.state import NCOL, NP
from sim.games.principes.fast.stream import rand_below


@njit(cache=True)
def in_market(S, t):
    """``progress.reveal_next``' test: the tile ``t`` is on the Market."""
    for i in range(S.market_n):
        if S.market[i] == t:
            return True
    return False


@njit(cache=True)
def pop_stack(S, c):
    """``progress.reveal_next``' draw: the top tile of colour ``c`` off its stack."""
    t = S.stacks[c, 0]
    n = S.stacks_n[c]
    for i in range(n - 1):
        S.stacks[c, i] = S.stacks[c, i + 1]
    S.stacks[c, n - 1] = 0  # vacated slots stay 0, so equal positions are equal records
    S.stacks_n[c] = n - 1
    return t


@njit(cache=True)
def reveal(S, c):
    """``progress.reveal_next``: the next tile of colour ``c`` onto the Market, duplicates to the bottom."""
    n = S.stacks_n[c]
    for _ in range(n):
        t = pop_stack(S, c)
        if not in_market(S, t) or S.stacks_n[c] == 0:
            S.market[S.market_n] = t
            S.market_n += 1
            return
        S.stacks[c, S.stacks_n[c]] = t
        S.stacks_n[c] += 1
    if S.stacks_n[c]:
        S.market[S.market_n] = pop_stack(S, c)
        S.market_n += 1


@njit(cache=True)
def setup_market(S, C, rs):
    """``progress.setup_market`` (and ``tiles.setup_market``): shuffle each colour's stack, reveal the Market."""
    d, copies = C.distinct, C.copies
    for c in range(NCOL):
        n = d * copies
        for i in range(d):
            for j in range(copies):
                S.stacks[c, i * copies + j] = c * d + i
        for i in range(n - 1, 0, -1):
            j = rand_below(rs, i + 1)
            S.stacks[c, i], S.stacks[c, j] = S.stacks[c, j], S.stacks[c, i]
        S.stacks_n[c] = n
    S.market_n = 0
    for p in range(NP):
        S.tiles_n[p] = 0
        S.tile_kinds[p] = 0
    for c in range(NCOL):
        for _ in range(C.market_per_color):
            reveal(S, c)


@njit(cache=True)
def take_tile(S, C, p, t, given, reveal_now):
    """``progress.take`` of one tile: into a free space (``given`` -1) or for the own tile ``given``, which goes face
    up onto the Market. The generic model refills its space at once (``reveal_now``); the printed tiles refill once
    the player finishes (``tiles.refill``)."""
    m = S.market_n
    for i in range(m):
        if S.market[i] == t:
            for j in range(i, m - 1):
                S.market[j] = S.market[j + 1]
            S.market[m - 1] = 0
            S.market_n = m - 1
            break
    if given < 0:
        if reveal_now:
            reveal(S, t // C.distinct)
    else:
        held = S.tiles_n[p]
        for i in range(held):
            if S.tiles[p, i] == given:
                for j in range(i, held - 1):
                    S.tiles[p, j] = S.tiles[p, j + 1]
                S.tiles[p, held - 1] = 0
                S.tiles_n[p] = held - 1
                break
        S.market[S.market_n] = given
        S.market_n += 1
    S.tiles[p, S.tiles_n[p]] = t
    S.tiles_n[p] += 1
