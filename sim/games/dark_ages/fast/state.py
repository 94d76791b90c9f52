"""Queries and edits of a position in the compiled engine (the record ``S``, ``layout.STATE``; ``T`` the tables,
``context.TABLES``). Twin of ``game/state.py``."""

from __future__ import annotations

from numba import njit

from sim.games.dark_ages.fast.stream import J


@njit(**J)
def units_at(S, seat, q):
    """Twin: ``game.state.Player.units`` (a Province's units, summed)."""
    return S.units[seat, q, 0] + S.units[seat, q, 1] + S.units[seat, q, 2]


@njit(**J)
def units_in_play(S, T, seat):
    """Twin: ``game.state.Player.units_in_play``."""
    t = 0
    for q in range(T.np):
        t += S.units[seat, q, 0] + S.units[seat, q, 1] + S.units[seat, q, 2]
    return t


@njit(**J)
def controller(S, q):
    """Twin: ``game.state.Game.controller``: the Farm's owner, else the player with units there, else -1."""
    if S.farms[q] > 0:
        return S.farm_owner[q]
    for s in range(S.n):
        if S.units[s, q, 0] + S.units[s, q, 1] + S.units[s, q, 2] > 0:
            return s
    return -1


@njit(**J)
def slots_used(S, q):
    """Twin: ``game.state.Game.slots_used``."""
    return S.buildings[q, 0] + S.buildings[q, 1] + S.buildings[q, 2] + S.buildings[q, 3] + S.church_in[q]


@njit(**J)
def capital(S, T, seat):
    """Twin: ``game.state.Player.capital``: -1 for the Lordlings (no Ruler)."""
    r = S.ruler[seat]
    return T.r_cap[r] if r >= 0 else -1


@njit(**J)
def weakest(S, seat, q):
    """Twin: ``game.military.apply_settle`` (its ``min(units, key=(level, type index))`` among the types in ``q``)."""
    best, bl = -1, 99
    for k in range(3):
        if S.units[seat, q, k] > 0 and S.military[seat, k] < bl:
            best, bl = k, S.military[seat, k]
    return best


@njit(**J)
def largest_stack(S, T, seat):
    """Twin: ``game.modules.wyrd.suffer`` (its ``max(p.units, key=(units there, Province id))``): the Province
    holding most of the seat's units, ties to the highest id (-1: no unit on the board)."""
    best, bn = -1, 0
    for q in range(T.np):
        u = units_at(S, seat, q)
        if u > 0 and u >= bn:
            best, bn = q, u
    return best


@njit(**J)
def groups(S, seat, src, g):
    """Twin: ``game.military._groups``: the moving groups from ``src`` into ``g`` (every unit there in ``g[:3]``, all
    but the weakest in ``g[3:]``); how many (0: no unit there)."""
    tot = units_at(S, seat, src)
    if tot == 0:
        return 0
    for t in range(3):
        g[t] = S.units[seat, src, t]
        g[3 + t] = g[t]
    if tot == 1:
        return 1
    g[3 + weakest(S, seat, src)] -= 1
    return 2


@njit(**J)
def strongest_neighbour(S, T, seat, q):
    """Twin: ``game.combat.retreat`` (a player's ``max(places, key=(units there, Province id))``): the in-play
    neighbour of ``q`` the seat controls holding most of its units, ties to the highest id (-1: none)."""
    best, bt = -1, -1
    for i in range(T.nein[q]):
        x = T.nei[q, i]
        if S.in_play[x] and controller(S, x) == seat:
            t = units_at(S, seat, x)
            if t > bt or (t == bt and x > best):
                best, bt = x, t
    return best


@njit(**J)
def add_units(S, seat, q, k, n):
    """Twin: ``game.state.add_units``."""
    S.units[seat, q, k] += n


@njit(**J)
def remove_units(S, seat, q, k, n, to_supply):
    """Twin: ``game.state.remove_units``."""
    S.units[seat, q, k] -= n
    if to_supply:
        S.supply[seat, k] += n


@njit(**J)
def place(S, seat, q, units):
    """Twin: ``game.combat._place``."""
    for k in range(3):
        if units[k]:
            S.units[seat, q, k] += units[k]


@njit(**J)
def hand_remove(S, seat, cid):
    """Twin: ``game.state.Player.hand`` (``hand.remove``: the first copy)."""
    n = S.nhand[seat]
    j = 0
    while S.hand[seat, j] != cid:
        j += 1
    for i in range(j, n - 1):
        S.hand[seat, i] = S.hand[seat, i + 1]
    S.hand[seat, n - 1] = 0
    S.nhand[seat] = n - 1


@njit(**J)
def holds_card(S, seat, cid):
    """Twin: ``game.state.Player.hand`` (``cid in hand``)."""
    for j in range(S.nhand[seat]):
        if S.hand[seat, j] == cid:
            return 1
    return 0


@njit(**J)
def hand_add(S, seat, cid):
    """Twin: ``game.state.Player.hand`` (``hand.append``)."""
    S.hand[seat, S.nhand[seat]] = cid
    S.nhand[seat] += 1


@njit(**J)
def most_held(S, seat):
    """Twin: ``game.modules.pope.pay_any`` (its ``max(RESOURCES, key=(held, -index))``): the resource held in
    the largest number, ties to the first."""
    r = 0
    for x in range(1, 4):
        if S.res[seat, x] > S.res[seat, r]:
            r = x
    return r


@njit(**J)
def popcount(x):
    """Twin: none (a helper: ``len`` of a set held as bits)."""
    c = 0
    while x:
        c += x & 1
        x >>= 1
    return c


@njit(**J)
def put(MV, k, a, b, c, d, e, f):
    """Twin: none (a helper: writes move row ``k`` of the buffer ``MV``, returns ``k + 1``)."""
    MV[k, 0], MV[k, 1], MV[k, 2], MV[k, 3], MV[k, 4], MV[k, 5] = a, b, c, d, e, f
    return k + 1
