"""Module 8, The Wyrd, on the compiled engine: the Wyrd cards are numbered in sorted id order (CY01 = 0, ...);
``S.wyrd_on[c]`` is the Wyrd + 1 tucked under Culture card ``c`` in the offer (0: none), ``S.wyrd_deck[:wyrd_deck_n]``
the face-down Wyrd deck (top first), ``S.wyrd_act[s, :wyrd_act_n[s]]`` seat ``s``'s active Wyrds in the order played
with ``S.wyrd_mark`` markers on each, ``S.wyrd_done[s]`` its fulfilled Wyrds. Twin of ``game/modules/wyrd.py``."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.dark_ages.fast.choices import wyrd_activate
from sim.games.dark_ages.fast.economy import gain_vp
from sim.games.dark_ages.fast.layout import A_DOC, V_MODULES, W_GOLD, W_NOBLE, W_RES, W_UNIT, W_VP
from sim.games.dark_ages.fast.state import largest_stack, most_held, remove_units, units_in_play, weakest
from sim.games.dark_ages.fast.stream import J, shuffle


@njit(**J)
def install(S, T, R):
    """Twin: ``game.modules.wyrd.Wyrd.install``: the Wyrd cards shuffled, the top one under the rightmost offer
    card."""
    n = T.wyrd_n
    deck = np.arange(n)
    shuffle(R, deck, n)
    S.wyrd_deck[:n] = deck
    S.wyrd_deck_n = n
    attach(S)


@njit(**J)
def free_slot(S):
    """Twin: none (a helper: the rightmost offer slot whose card has no Wyrd, -1: none)."""
    for i in range(S.offer_n - 1, -1, -1):
        if S.wyrd_on[S.offer[i]] == 0:
            return i
    return -1


@njit(**J)
def attach(S):
    """Twin: ``game.modules.wyrd.Wyrd._attach``: the next Wyrd under the rightmost offer card without one; 0 when
    the Wyrd deck is empty."""
    if S.wyrd_deck_n == 0:
        return 0
    i = free_slot(S)
    if i >= 0:
        S.wyrd_on[S.offer[i]] = S.wyrd_deck[0] + 1
        for j in range(S.wyrd_deck_n - 1):
            S.wyrd_deck[j] = S.wyrd_deck[j + 1]
        S.wyrd_deck_n -= 1
        S.wyrd_deck[S.wyrd_deck_n] = 0
    return 1


@njit(**J)
def extra_slots(S, MV, k, n):
    """Twin: ``game.modules.wyrd.Wyrd.extra_slots``: the Development of Culture moves to cards beyond the first
    ``n`` offer slots that have a Wyrd ('considered accessible for all players'), after the ``k`` rows in ``MV``."""
    for i in range(n, S.offer_n):
        if S.wyrd_on[S.offer[i]]:
            MV[k, 0], MV[k, 1] = A_DOC, i
            MV[k, 2:] = 0
            k += 1
    return k


@njit(**J)
def card_taken(S, T, seat, card, forced, ST, R):
    """Twin: ``game.modules.wyrd.Wyrd.card_taken``, ``game.modules.wyrd.Wyrd.culture_chosen``: the Wyrd under the
    taken card is activated (forced when the card was only accessible through it, else the strategy's choice) or
    removed from play; the next Wyrd is attached, and with none left every active Wyrd is fulfilled."""
    w = S.wyrd_on[card] - 1
    if w < 0:
        return
    S.wyrd_on[card] = 0
    if forced or wyrd_activate(S, seat, ST, R):
        activate(S, T, seat, w)
    else:
        S.wyrd_removed += 1
    if not attach(S):
        for k in range(S.n):
            s = (seat + k) % S.n
            while S.wyrd_act_n[s] > 0:
                fulfil(S, T, s, 0)


@njit(**J)
def activate(S, T, seat, w):
    """Twin: ``game.modules.wyrd.Wyrd.activate``, ``game.modules.wyrd.Wyrd.markers_free``,
    ``game.modules.wyrd.Wyrd._order``: one marker off every other active Wyrd, the new one with a marker per
    player (short of markers, as many as are left), then the Wyrds with no marker left are fulfilled (from the
    current player, clockwise; the new one last)."""
    n = S.n
    old = S.wyrd_act_n.copy()
    for s in range(n):
        for j in range(old[s]):
            S.wyrd_mark[s, j] -= 1
    free = T.wyrd_markers
    for j in range(old[seat]):
        free -= S.wyrd_mark[seat, j]
    a = S.wyrd_act_n[seat]
    S.wyrd_act[seat, a], S.wyrd_mark[seat, a] = w, min(n, free)
    S.wyrd_act_n[seat] = a + 1
    for k in range(n):
        s = (seat + k) % n
        j, left = 0, old[s]
        while left > 0:
            left -= 1
            if S.wyrd_mark[s, j] <= 0:
                fulfil(S, T, s, j)
            else:
                j += 1
    last = S.wyrd_act_n[seat] - 1
    if S.wyrd_mark[seat, last] <= 0:
        fulfil(S, T, seat, last)


@njit(**J)
def can_pay(S, T, seat, what):
    """Twin: ``game.modules.wyrd.can_pay``."""
    if what == W_VP:
        return S.vp[seat]
    if what == W_GOLD:
        return S.gold[seat]
    if what == W_RES:
        return S.res[seat, 0] + S.res[seat, 1] + S.res[seat, 2] + S.res[seat, 3]
    if what == W_UNIT:
        return units_in_play(S, T, seat)
    return S.nobles_free[seat]


@njit(**J)
def choose_penalty(S, T, seat, w):
    """Twin: ``game.modules.wyrd.choose_penalty``: the column (0 top, 2 bottom) of the penalty in ``T.wyrd_pen``."""
    h0, h1 = can_pay(S, T, seat, T.wyrd_pen[w, 0]), can_pay(S, T, seat, T.wyrd_pen[w, 2])
    f0, f1 = h0 >= T.wyrd_pen[w, 1], h1 >= T.wyrd_pen[w, 3]
    if f0 != f1:
        return 0 if f0 else 2
    if not f0:
        if (h0 > 0) != (h1 > 0):
            return 0 if h0 > 0 else 2
        return 2
    c0 = T.wyrd_weight[T.wyrd_pen[w, 0]] * T.wyrd_pen[w, 1]
    c1 = T.wyrd_weight[T.wyrd_pen[w, 2]] * T.wyrd_pen[w, 3]
    return 0 if c0 <= c1 else 2


@njit(**J)
def suffer(S, T, seat, what, n):
    """Twin: ``game.modules.wyrd.suffer``."""
    for _ in range(n):
        if what == W_VP:
            gain_vp(S, seat, -1, V_MODULES)
        elif what == W_GOLD and S.gold[seat] > 0:
            S.gold[seat] -= 1
        elif what == W_RES and can_pay(S, T, seat, W_RES) > 0:
            S.res[seat, most_held(S, seat)] -= 1
        elif what == W_UNIT:
            q = largest_stack(S, T, seat)
            if q >= 0:
                remove_units(S, seat, q, weakest(S, seat, q), 1, True)
        elif what == W_NOBLE and S.nobles_free[seat] > 0:
            S.nobles_free[seat] -= 1
            S.exhausted[seat] += 1


@njit(**J)
def fulfil(S, T, seat, j):
    """Twin: ``game.modules.wyrd.Wyrd.fulfil``: seat's active Wyrd ``j`` leaves play and its owner suffers one of
    its penalties."""
    w = S.wyrd_act[seat, j]
    for i in range(j, S.wyrd_act_n[seat] - 1):
        S.wyrd_act[seat, i], S.wyrd_mark[seat, i] = S.wyrd_act[seat, i + 1], S.wyrd_mark[seat, i + 1]
    S.wyrd_act_n[seat] -= 1
    a = S.wyrd_act_n[seat]
    S.wyrd_act[seat, a], S.wyrd_mark[seat, a] = 0, 0
    c = choose_penalty(S, T, seat, w)
    suffer(S, T, seat, T.wyrd_pen[w, c], T.wyrd_pen[w, c + 1])
    S.wyrd_done[seat] += 1


@njit(**J)
def offer_discarded(S, card):
    """Twin: ``game.modules.wyrd.Wyrd.offer_discarded``: the Wyrd of a discarded card moves under the rightmost
    offer card without one, else back on top of the Wyrd deck."""
    w = S.wyrd_on[card]
    if w == 0:
        return
    S.wyrd_on[card] = 0
    i = free_slot(S)
    if i >= 0:
        S.wyrd_on[S.offer[i]] = w
        return
    for j in range(S.wyrd_deck_n, 0, -1):
        S.wyrd_deck[j] = S.wyrd_deck[j - 1]
    S.wyrd_deck[0] = w - 1
    S.wyrd_deck_n += 1


@njit(**J)
def final_vp(S, T, seat):
    """Twin: ``game.modules.wyrd.Wyrd.final_vp``, ``game.modules.wyrd.Wyrd.held``: most Wyrd cards (active or
    fulfilled), every tied player."""
    most = 0
    for s in range(S.n):
        most = max(most, S.wyrd_act_n[s] + S.wyrd_done[s])
    return T.wyrd_vp if most > 0 and S.wyrd_act_n[seat] + S.wyrd_done[seat] == most else 0
