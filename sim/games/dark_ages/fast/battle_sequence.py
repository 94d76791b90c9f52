"""The Battle Sequence in the compiled engine: armies as unit rows, dice, Keep +1s, the Technologies' battle
effects, the solo hit list. Twin of ``game/battle_sequence.py`` and its primitives in ``reference.py``.

A unit row of ``U``: kind, level, transient, volley/charge/melee thresholds, armour, damage, alive. Every die
rolled is counted in ``dice`` (the position's ``S.dice``, by face).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.dark_ages.fast.stream import J, rand_below


@njit(**J)
def muster(U, n, T, faction, levels, own, extra):
    """Twin: ``game.combat._groups``, ``reference.muster``: own units then Transients, each in type order."""
    for transient in range(2):
        for k in range(3):
            c = extra[k] if transient else own[k]
            lev = levels[k]
            if n + c > U.shape[0]:
                raise ValueError("more units on one side of a battle than the compiled engine's buffer (MAX_UNITS)")
            for _ in range(c):
                U[n, 0] = k
                U[n, 1] = T.stat[faction, k, lev, 4]
                U[n, 2] = transient
                U[n, 3] = T.stat[faction, k, lev, 0]
                U[n, 4] = T.stat[faction, k, lev, 1]
                U[n, 5] = T.stat[faction, k, lev, 2]
                U[n, 6] = T.stat[faction, k, lev, 3]
                U[n, 7] = 0
                U[n, 8] = 1
                n += 1
    return n


@njit(**J)
def _hit_rank(kind):
    """Twin: ``rules.TYPE_HIT_RANK``: Cavalry first, Archers second, Infantry last."""
    return 0 if kind == 2 else (1 if kind == 1 else 2)


@njit(**J)
def _tie(U, i):
    """Twin: ``reference.Unit.tie_key`` as one number: (-level, hit rank, transient)."""
    return ((10 - U[i, 1]) * 4 + _hit_rank(U[i, 0])) * 2 + U[i, 2]


@njit(**J)
def _rolls_after(U, i, phase):
    """Twin: ``reference.Unit.rolls_after``."""
    for p in range(phase + 1, 3):
        if U[i, 3 + p] > 0:
            return True
    return False


@njit(**J)
def _sort_by(idx, keys, m):
    """Twin: none (a helper: stable insertion sort of ``idx[:m]`` by ``keys[:m]``, as Python's ``sorted``)."""
    for i in range(1, m):
        ki, xi = keys[i], idx[i]
        j = i - 1
        while j >= 0 and keys[j] > ki:
            keys[j + 1] = keys[j]
            idx[j + 1] = idx[j]
            j -= 1
        keys[j + 1] = ki
        idx[j + 1] = xi


@njit(**J)
def allocate_solo(U, n, hits, phase):
    """Twin: ``reference.allocate_solo``."""
    idx = np.empty(n, np.int64)
    keys = np.empty(n, np.int64)
    m = 0
    for i in range(n):
        if U[i, 8] and U[i, 7]:
            idx[m] = i
            keys[m] = (U[i, 6] - U[i, 7]) * 1000 + _tie(U, i)
            m += 1
    _sort_by(idx, keys, m)
    for j in range(m):
        i = idx[j]
        rem = U[i, 6] - U[i, 7]
        if hits >= rem:
            hits -= rem
            U[i, 8] = 0
            U[i, 7] = 0
    m = 0
    for i in range(n):
        if U[i, 8] and not U[i, 7]:
            idx[m] = i
            keys[m] = ((0 if _rolls_after(U, i, phase) else 1) * 100 + U[i, 6]) * 1000 + _tie(U, i)
            m += 1
    _sort_by(idx, keys, m)
    for j in range(m):
        i = idx[j]
        if hits >= U[i, 6]:
            hits -= U[i, 6] - U[i, 7]
            U[i, 8] = 0
            U[i, 7] = 0
    if hits > 0:
        best, bk = -1, 0
        for i in range(n):
            if U[i, 8]:
                key = ((0 if _rolls_after(U, i, phase) else 1) * 100 + U[i, 6] - U[i, 7]) * 1000 + _tie(U, i)
                if best < 0 or key < bk:
                    best, bk = i, key
        if best >= 0:
            U[best, 7] += hits


@njit(**J)
def _bonus_hits(d2, nd, budget):
    """Twin: ``reference.bonus_hits``: most misses turned into hits with ``budget`` +1s, cheapest first."""
    extra = 0
    for i in range(nd):
        if d2[i] > budget:
            break
        budget -= d2[i]
        extra += 1
    return extra


@njit(**J)
def roll(U, n, phase, budget, card, reinforce, faces, dice, R):
    """Twin: ``reference.roll``: 2 * hits + whether the Reinforce card (held: ``card``, + ``reinforce`` on one die)
    was played; Keep +1s (``budget``) turn the cheapest misses."""
    hits = 0
    d = np.empty(n, np.int64)
    nd = 0
    for i in range(n):
        t = U[i, 3 + phase]
        if U[i, 8] and t > 0:
            v = 1 + rand_below(R, faces)
            dice[v - 1] += 1
            if v >= t:
                hits += 1
            else:
                d[nd] = t - v
                nd += 1
    d2 = np.sort(d[:nd])
    extra = _bonus_hits(d2, nd, budget)
    if card and _bonus_hits(d2, nd, budget + reinforce) > extra:
        return 2 * (hits + extra + 1) + 1
    return 2 * (hits + extra)


@njit(**J)
def extra_dice(U, n, phase, k, faces, dice, R):
    """Twin: ``game.battle_sequence._extra_dice``: ``k`` more dice at the side's best skill for the phase."""
    if k == 0:
        return 0
    best = 0
    for i in range(n):
        t = U[i, 3 + phase]
        if U[i, 8] and t > 0 and (best == 0 or t < best):
            best = t
    if best == 0:
        return 0
    h = 0
    for _ in range(k):
        v = 1 + rand_below(R, faces)
        dice[v - 1] += 1
        if v >= best:
            h += 1
    return h


@njit(**J)
def fight(UA, na, UD, nd, bonus_a, bonus_d, br_d, effa, effd, cards, ties, T, dice, R):
    """Twin: ``game.battle_sequence.fight`` (both sides assign hits by the solo list): whether the attacker won.
    ``eff*``: extra dice per phase [0:3], extra hits per phase [3:6], cancel [6]; ``cards[s]`` 1 if side ``s``
    holds a Reinforce card, 2 on return if it was played; ``ties``: the attacker wins ties with a unit left."""
    faces, reinforce = T.faces, T.reinforce_bonus
    cancel_a, cancel_d = effa[6], effd[6]
    for phase in range(3):
        x = roll(UA, na, phase, bonus_a if phase == 2 else 0, cards[0] == 1, reinforce, faces, dice, R)
        if x & 1:
            cards[0] = 2
        ha = x // 2
        ha += extra_dice(UA, na, phase, effa[phase], faces, dice, R)
        if ha:
            ha += effa[3 + phase]
        x = roll(UD, nd, phase, bonus_d if phase == 2 else 0, cards[1] == 1, reinforce, faces, dice, R)
        if x & 1:
            cards[1] = 2
        hd = x // 2
        hd += extra_dice(UD, nd, phase, effd[phase], faces, dice, R)
        if hd:
            hd += effd[3 + phase]
        saved = min(cancel_a, hd)
        cancel_a -= saved
        if hd - saved:
            allocate_solo(UA, na, hd - saved, phase)
        saved = min(cancel_d, ha)
        cancel_d -= saved
        if ha - saved:
            allocate_solo(UD, nd, ha - saved, phase)
    bra, brd = 0, br_d
    for i in range(na):
        if UA[i, 8]:
            bra += UA[i, 1]
    for i in range(nd):
        if UD[i, 8]:
            brd += UD[i, 1]
    if bra > brd:
        return True
    if ties and bra == brd:
        for i in range(na):
            if UA[i, 8]:
                return True
    return False


@njit(**J)
def survivors(U, n, out):
    """Twin: ``game.combat._survivors``: surviving non-Transient units by type."""
    for k in range(3):
        out[k] = 0
    for i in range(n):
        if U[i, 8] and not U[i, 2]:
            out[U[i, 0]] += 1


@njit(**J)
def lost(U, n):
    """Twin: ``game.battle_sequence.fight`` (its ``lost``: dead non-Transient units)."""
    t = 0
    for i in range(n):
        if not U[i, 8] and not U[i, 2]:
            t += 1
    return t
