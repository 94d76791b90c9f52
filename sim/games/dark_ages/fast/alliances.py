"""Module 5, Alliances, on the compiled engine: Alliance cards numbered in sorted id order; ``S.ally_hand`` the cards
a player has not yet given, ``S.ally_active[h, a]`` the card + 1 of ally ``a`` that ``h`` has in play (0: none),
``S.ally_met[a, b]`` (a < b) whether the pair has shared a border. Twin of ``game/modules/alliances.py``."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.dark_ages.fast.economy import gain, gain_vp
from sim.games.dark_ages.fast.layout import G_VP, V_MODULES
from sim.games.dark_ages.fast.state import controller
from sim.games.dark_ages.fast.stream import J, shuffle


@njit(**J)
def neighbours(S, T, a, b):
    """Twin: ``game.modules.alliances._neighbours``: 'share a border (control Provinces neighbouring each other)'."""
    for q in range(T.np):
        if controller(S, q) == a:
            for i in range(T.nein[q]):
                if controller(S, T.nei[q, i]) == b:
                    return True
    return False


@njit(**J)
def install(S, T, R):
    """Twin: ``game.modules.alliances.Alliances.install``: 'shuffle the 8 Alliance cards, and deal 2 to each
    player'; the pairs already sharing a border have met."""
    cards = np.arange(T.ally_n)
    shuffle(R, cards, T.ally_n)
    k = T.ally_dealt
    for s in range(S.n):
        lo, hi = min(k * s, T.ally_n), min(k * (s + 1), T.ally_n)
        hand = np.sort(cards[lo:hi])
        S.ally_hand_n[s] = hi - lo
        for j in range(hi - lo):
            S.ally_hand[s, j] = hand[j]
    for a in range(S.n):
        for b in range(a + 1, S.n):
            if neighbours(S, T, a, b):
                S.ally_met[a, b] = 1


@njit(**J)
def ally_gain(S, T, seat, what, amount):
    """Twin: ``game.modules.alliances.Alliances._gain``: VP are booked as ``modules``."""
    if what == G_VP:
        gain_vp(S, seat, amount, V_MODULES)
    else:
        gain(S, T, seat, what, amount)


@njit(**J)
def give_first(S, seat):
    """Twin: none (a helper: ``hand[seat].pop(0)``)."""
    c = S.ally_hand[seat, 0]
    n = S.ally_hand_n[seat]
    for j in range(n - 1):
        S.ally_hand[seat, j] = S.ally_hand[seat, j + 1]
    S.ally_hand[seat, n - 1] = 0
    S.ally_hand_n[seat] = n - 1
    return c


@njit(**J)
def turn_ended(S, T):
    """Twin: ``game.modules.alliances.Alliances.turn_ended``: pairs sharing a border for the first time exchange
    their first Alliance cards when both have one (assumed: always agreed)."""
    for a in range(S.n):
        for b in range(a + 1, S.n):
            if S.ally_met[a, b] or not neighbours(S, T, a, b):
                continue
            S.ally_met[a, b] = 1
            if S.ally_hand_n[a] and S.ally_hand_n[b]:
                give_a, give_b = give_first(S, a), give_first(S, b)
                S.ally_active[b, a], S.ally_active[a, b] = give_a + 1, give_b + 1
                ally_gain(S, T, b, T.ally_recv[give_a, 0], T.ally_recv[give_a, 1])
                ally_gain(S, T, a, T.ally_recv[give_b, 0], T.ally_recv[give_b, 1])


@njit(**J)
def battle_started(S, T, seat, ds):
    """Twin: ``game.modules.alliances.Alliances.battle_started``: attacking an ally breaks the Alliance: the
    attacker loses 5 VP and their unused Noble discs."""
    if not S.ally_active[seat, ds] and not S.ally_active[ds, seat]:
        return
    S.ally_active[seat, ds] = 0
    S.ally_active[ds, seat] = 0
    gain_vp(S, seat, -T.ally_break, V_MODULES)
    S.exhausted[seat] += S.nobles_free[seat]
    S.nobles_free[seat] = 0


@njit(**J)
def passed(S, T, seat):
    """Twin: ``game.modules.alliances.Alliances.passed``: each active Alliance's Pass benefit, by ally."""
    for a in range(S.n):
        c = S.ally_active[seat, a]
        if c:
            ally_gain(S, T, seat, T.ally_pass[c - 1, 0], T.ally_pass[c - 1, 1])
