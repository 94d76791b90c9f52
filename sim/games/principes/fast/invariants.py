"""Invariants every state must keep, compiled: the twin of ``game.invariants``. ``violations`` returns a bit mask
(0 when sound); ``chunk.play_games(debug=True)`` ORs it over every action and every Round's History icons."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.principes.fast.control import controller
from sim.games.principes.fast.state import (
    F_LITHUANIANS,
    F_MONGOLS,
    F_PRUSSIANS,
    F_TEUTONIC,
    FOOTMAN,
    KNIGHT,
    NC,
    NCOL,
    NF,
    NK,
    NKINDS,
    NL,
    NP,
    PRINCE,
    T_DIVISION,
    figures,
    gold_in_supply,
    n_factions_on,
)


@njit(cache=True)
def violations(S, C, S0):
    """``invariants.violations`` as a bit mask (0 when sound; ``invariants._invader_violations``,
    ``invariants._tile_violations``, ``invariants._princess_violations``, ``neighbors.violations`` included): 1 units
    not conserved (map + pool) or a stale presence mask, 2 gold < 0 or more than the coins, 4 a track out of range, 8 a
    battle left unresolved, 16 Division Tokens, 32 Cities, 64 token supply, 128 cards not conserved, 256 Progress Tiles
    not conserved (printed tiles: also more face up than a colour's spaces, 2 identical tiles held, more of a colour
    than 3), 512 control out of range or held by an eliminated player, 1024 Invaders left on the Map (or Teutonic
    Knights lost or made), 2048 Neighbor figures not conserved (Neighbors on), 4096 battle statistics out of step (a
    count below 0, more attacker wins than battles), 8192 a non-player with gold or cards, or eliminated. ``S0`` is
    the starting position (before the deal)."""
    bad = 0
    for p in range(NP):
        for k in range(NK):
            on_map = 0
            for land in range(NL):
                on_map += S.units[land, p, k]
            if on_map + S.pool[p, k] != C.pools[k]:
                bad |= 1
        if S.gold[p] < 0:
            bad |= 2
        if S.nonplayer[p] and (S.gold[p] or S.eliminated[p] or S.hands[p].sum()):
            bad |= 8192  # 2-3 players: a non-player has no Treasury, no hand, and is never eliminated
        if not C.track_lo <= S.people[p] <= C.track_hi or not C.track_lo <= S.clergy[p] <= C.track_hi:
            bad |= 4
    if gold_in_supply(S, C) < 0:
        bad |= 2
    placed = 0
    for land in range(NL):
        if n_factions_on(S, land) > 1:
            bad |= 8
        if S.division[land]:
            placed += 1
            if n_factions_on(S, land) > 0:
                bad |= 16
        if not 0 <= S.cities[land] <= C.gords[land]:
            bad |= 32
        m = 0
        for f in range(NF):
            if figures(S, land, f) > 0:
                m |= 1 << f
        if m != S.presence[land]:
            bad |= 1
        o = controller(S, C, land)
        if o < -1 or o >= NF or (0 <= o < NP and S.eliminated[o]):
            bad |= 512
    if S.supply[T_DIVISION] < 0 or S.supply[T_DIVISION] + placed != S0.supply[T_DIVISION] + count_division(S0):
        bad |= 16
    for t in range(7):
        if S.supply[t] < 0:
            bad |= 64
    for f in (F_PRUSSIANS, F_LITHUANIANS, F_MONGOLS):  # Invaders leave the Map once their event is over
        for land in range(NL):
            if figures(S, land, f) > 0:
                bad |= 1024
    knights = 0
    for land in range(NL):
        knights += figures(S, land, F_TEUTONIC)
    for k in range(NK):
        knights += S.pomerania_off[F_TEUTONIC - NP, k]
    if knights != (C.inv_n[F_TEUTONIC - F_PRUSSIANS] if S.teutonic else 0):
        bad |= 1024
    if C.neighbors:  # Neighbor figures conserved (``neighbors.violations``; the cards below)
        for j in range(6):
            f = C.nb_fac[j]
            for k in (KNIGHT, FOOTMAN):
                placed = 0
                for land in range(NL):
                    placed += S.units[land, f, k]
                total = C.nb_k[j] if k == KNIGHT else C.nb_f[j]
                if C.nb_major[j]:
                    if placed > total:
                        bad |= 2048
                elif placed + S.pomerania_off[f - NP, k] != total:
                    bad |= 2048
            for land in range(NL):
                if S.units[land, f, PRINCE]:
                    bad |= 2048
    for c in range(NC):
        total = S.decks[c]
        total0 = S0.decks[c]
        for p in range(NP):
            total += S.hands[p, c]
            total0 += S0.hands[p, c]
            if S.hands[p, c] < 0:
                bad |= 128
        if total != total0 or S.decks[c] < 0:
            bad |= 128
    for c in range(NCOL):
        n = S.stacks_n[c]
        for i in range(S.market_n):
            n += S.market[i] // C.distinct == c
        for p in range(NP):
            for i in range(S.tiles_n[p]):
                n += S.tiles[p, i] // C.distinct == c
        if n != C.distinct * C.copies:
            bad |= 256
    if C.tiles:  # ``invariants._tile_violations``: the face-up row, no 2 identical tiles, the spaces
        d = C.distinct
        shown = np.zeros(NCOL, np.int64)
        for i in range(S.market_n):
            shown[S.market[i] // d] += 1
        for c in range(NCOL):
            if shown[c] > C.market_per_color:
                bad |= 256
        for p in range(NP):
            per = np.zeros(NCOL, np.int64)
            for i in range(S.tiles_n[p]):
                per[S.tiles[p, i] // d] += 1
                for j in range(i):
                    if S.tiles[p, j] == S.tiles[p, i]:
                        bad |= 256
            for c in range(NCOL):
                if per[c] > C.slots_max:
                    bad |= 256
    for i in range(NKINDS):
        if S.battles[i] < 0 or not 0 <= S.attacker_wins[i] <= S.battles[i]:
            bad |= 4096
        if S.attacker_lost[i] < 0 or S.defender_lost[i] < 0:
            bad |= 4096
    return bad


@njit(cache=True)
def count_division(S):
    """``invariants.violations``' count: Division Tokens on the Map."""
    n = 0
    for land in range(NL):
        n += S.division[land]
    return n
