"""Module 15A, Rise of Poland, on the compiled engine: Mieszko I and the Chrobry card (CR01, CR02) are numbered in
every Index (type ``CT_POLAND``); per seat and category (``CATEGORIES``: Veleti, Santok, the Polish Church)
``S.rop_status`` (``P_OPEN``, ``P_FLIPPED``, ``P_REMOVED``), ``S.rop_steps`` (aid steps done) and ``S.rop_ready``
(a flipped card's benefit ready); ``S.rop_farms[s]`` Farms on flipped cards, ``S.rop_events[:rop_events_n]`` the
Chrobry event deck (top first), ``S.rop_first[cat]`` the first seat + 1 to flip a category (0: none). Twin of
``game/modules/rise_of_poland.py``."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.dark_ages.fast.choices import choose_discard_card
from sim.games.dark_ages.fast.economy import gain, gain_vp
from sim.games.dark_ages.fast.layout import P_FLIPPED, P_OPEN, P_REMOVED, V_MODULES
from sim.games.dark_ages.fast.state import hand_remove, largest_stack, most_held, remove_units, units_in_play, weakest
from sim.games.dark_ages.fast.stream import J, shuffle

STEP_UNITS, STEP_RESOURCES, STEP_CARDS = 0, 1, 2  # a step's kind (column 0 of T.rop_step)
LEVY_GOLD, LEVY_VP = 0, 1  # T.rop_levy column 0 (-1: the others remove their card)
PER_STEPS, PER_FLIPPED, PER_NO_AID = 0, 1, 2  # an event's count (column 0 of T.rop_ev)


@njit(**J)
def shuffle_into_top(S, card, k, R):
    """Twin: ``game.modules.rise_of_poland._shuffle_into_top``: ``card`` shuffled into the top ``k`` cards of the
    Culture deck."""
    p = S.deck_p
    m = min(k, S.deck_n - p)
    top = np.empty(m + 1, np.int64)
    top[:m] = S.deck[p : p + m]
    top[m] = card
    shuffle(R, top, m + 1)
    for i in range(S.deck_n, p + m, -1):
        S.deck[i] = S.deck[i - 1]
    S.deck[p : p + m + 1] = top
    S.deck_n += 1


@njit(**J)
def install(S, T, R):
    """Twin: ``game.modules.rise_of_poland.RiseOfPoland.install``: the Chrobry events shuffled, Mieszko I into the
    top cards of the deck."""
    n = T.rop_nev
    ev = np.arange(n)
    shuffle(R, ev, n)
    S.rop_events[:n] = ev
    S.rop_events_n = n
    shuffle_into_top(S, T.rop_mieszko, T.rop_mieszko_top, R)


@njit(**J)
def action_done(S, T, seat, action, ST, R):
    """Twin: ``game.modules.rise_of_poland.RiseOfPoland.action_done``: a ready flipped card's benefit on its
    Action, then aid on the open cards linked to it."""
    for c in range(3):
        if S.rop_status[seat, c] == P_FLIPPED and S.rop_ready[seat, c] and T.rop_ben_action[c] == action:
            gain(S, T, seat, T.rop_ben_gain[c, 0], T.rop_ben_gain[c, 1])
            S.rop_ready[seat, c] = 0
    for i in range(3):
        c = T.rop_aid_order[i]
        if T.rop_cat_action[c] == action and S.rop_status[seat, c] == P_OPEN:
            aid(S, T, seat, c, ST, R)


@njit(**J)
def aid(S, T, seat, c, ST, R):
    """Twin: ``game.modules.rise_of_poland.RiseOfPoland.aid``: the step below the marker when its requirement is met
    (Veleti: the weakest unit of the biggest stack, VP by its resources; Santok: the most-held resources; the Polish
    Church: the strategy's discards), then the marker slides down; the last step flips the card."""
    row = S.rop_steps[seat, c]
    kind, k, vp, flip_it = T.rop_step[c, row, 0], T.rop_step[c, row, 1], T.rop_step[c, row, 2], T.rop_step[c, row, 3]
    if kind == STEP_UNITS:
        if units_in_play(S, T, seat) < max(k, T.rop_veleti_min):
            return False
        vp = 0
        for _ in range(k):
            q = largest_stack(S, T, seat)
            u = weakest(S, seat, q)
            vp += T.rop_ucost[u, S.military[seat, u]]
            remove_units(S, seat, q, u, 1, True)
    elif kind == STEP_RESOURCES:
        if S.res[seat, 0] + S.res[seat, 1] + S.res[seat, 2] + S.res[seat, 3] < k:
            return False
        for _ in range(k):
            S.res[seat, most_held(S, seat)] -= 1
    else:
        if S.nhand[seat] < k + 2:
            return False
        for _ in range(k):
            hand_remove(S, seat, choose_discard_card(S, T, seat, ST, S.strategy[seat], R))
    gain_vp(S, seat, vp, V_MODULES)
    S.rop_steps[seat, c] += 1
    if flip_it:
        flip(S, T, seat, c, True, R)
    return True


@njit(**J)
def flip(S, T, seat, c, finished, R):
    """Twin: ``game.modules.rise_of_poland.RiseOfPoland.flip``: a Farm from the track onto the card, the Chrobry
    card into the deck at the first flip, and the first to finish a category subjects the others to its Levy (paid
    when able, then their card is flipped too, else removed). Not recursive (numba: one specialization)."""
    turn_over(S, T, seat, c, R)
    if not finished or S.rop_first[c] > 0:
        return
    S.rop_first[c] = seat + 1
    what, amount = T.rop_levy[c, 0], T.rop_levy[c, 1]
    for i in range(1, S.n):
        s = (seat + i) % S.n
        if S.rop_status[s, c] != P_OPEN:
            continue
        if what < 0:
            S.rop_status[s, c] = P_REMOVED
            continue
        if what == LEVY_GOLD and S.gold[s] >= amount:
            S.gold[s] -= amount
            S.gold[seat] += amount
        elif what == LEVY_VP and S.vp[s] >= amount:
            gain_vp(S, s, -amount, V_MODULES)
            gain_vp(S, seat, amount, V_MODULES)
        else:
            S.rop_status[s, c] = P_REMOVED
            continue
        turn_over(S, T, s, c, R)  # the reference's flip(finished=False)


@njit(**J)
def turn_over(S, T, seat, c, R):
    """Twin: none (a helper: the part of ``flip`` every flipped card gets: the Farm, the Chrobry card)."""
    S.rop_status[seat, c] = P_FLIPPED
    S.rop_ready[seat, c] = 1
    if S.farms_off[seat] < T.track_farms:
        S.farms_off[seat] += 1
        S.rop_farms[seat] += 1
    if not S.rop_chrobry_out and S.rop_events_n > 0:
        S.rop_chrobry_out = 1
        shuffle_into_top(S, T.rop_chrobry, T.rop_chrobry_top, R)


@njit(**J)
def passed(S, seat):
    """Twin: ``game.modules.rise_of_poland.RiseOfPoland.passed``: the flipped cards are refreshed."""
    for c in range(3):
        if S.rop_status[seat, c] == P_FLIPPED:
            S.rop_ready[seat, c] = 1


@njit(**J)
def card_taken(S, T, seat, card):
    """Twin: ``game.modules.rise_of_poland.RiseOfPoland.card_taken``: Mieszko I scores its VP and is discarded
    (True: it does not go to the hand)."""
    if card != T.rop_mieszko:
        return False
    gain_vp(S, seat, T.rop_mieszko_vp, V_MODULES)
    return True


@njit(**J)
def offer_revealed(S, T, R):
    """Twin: ``game.modules.rise_of_poland.RiseOfPoland.offer_revealed``: a revealed Chrobry card resolves the next
    event instead, goes back into the deck while events remain, and the space is refilled."""
    while S.offer_n > 0 and S.offer[S.offer_n - 1] == T.rop_chrobry:
        S.offer_n -= 1
        S.offer[S.offer_n] = -1
        e = S.rop_events[0]
        for j in range(S.rop_events_n - 1):
            S.rop_events[j] = S.rop_events[j + 1]
        S.rop_events_n -= 1
        S.rop_events[S.rop_events_n] = 0
        event(S, T, e)
        if S.rop_events_n > 0:
            shuffle_into_top(S, T.rop_chrobry, T.rop_chrobry_top, R)
        if S.deck_p < S.deck_n:
            S.offer[S.offer_n] = S.deck[S.deck_p]
            S.offer_n += 1
            S.deck_p += 1
            if S.deck_p == S.deck_n:
                S.deck_ran_out = 1


@njit(**J)
def event(S, T, e):
    """Twin: ``game.modules.rise_of_poland.RiseOfPoland.event``: every player gains or loses VP or Gold per card
    flipped, per aid step, or for never having aided."""
    per, what, amount = T.rop_ev[e, 0], T.rop_ev[e, 1], T.rop_ev[e, 2]
    for s in range(S.n):
        flipped, steps = 0, 0
        for c in range(3):
            flipped += S.rop_status[s, c] == P_FLIPPED
            steps += S.rop_steps[s, c]
        if per == PER_STEPS:
            k = steps
        elif per == PER_FLIPPED:
            k = flipped
        else:
            k = 1 if steps == 0 and flipped == 0 else 0
        if what == 0:
            gain_vp(S, s, amount * k, V_MODULES)
        else:
            S.gold[s] = max(0, S.gold[s] + amount * k)


@njit(**J)
def final_vp(S, T, seat):
    """Twin: ``game.modules.rise_of_poland.RiseOfPoland.final_vp``: VP per flipped Poland card."""
    f = 0
    for c in range(3):
        f += S.rop_status[seat, c] == P_FLIPPED
    return T.rop_end_vp * f


@njit(**J)
def farms_away(S, seat):
    """Twin: ``game.modules.rise_of_poland.RiseOfPoland.farms_away``."""
    return S.rop_farms[seat]
