"""Development of Culture and Research in the compiled engine: the offer, legal moves and effects, Cognomens.
Twin of ``game/culture.py`` (and ``offer.py``). A move row: kind, then its arguments (``actions``)."""

from __future__ import annotations

from numba import njit

from sim.games.dark_ages.fast.benjamin import card_taken
from sim.games.dark_ages.fast.counting import count
from sim.games.dark_ages.fast.economy import gain, gain_vp
from sim.games.dark_ages.fast.layout import (
    A_DOC,
    A_RESEARCH,
    CT_COG,
    CT_COMMON,
    CT_MIL,
    CT_RAIDER,
    CT_TOB,
    MOD_ROP,
    MOD_TOB,
    MOD_WYRD,
    R_MIL,
    R_PLAY,
    R_RAISE,
    V_COG,
)
from sim.games.dark_ages.fast.raiders import discarded, revealed
from sim.games.dark_ages.fast.rise_of_poland import card_taken as rop_taken
from sim.games.dark_ages.fast.rise_of_poland import offer_revealed as rop_revealed
from sim.games.dark_ages.fast.state import hand_add, hand_remove, put
from sim.games.dark_ages.fast.stream import J
from sim.games.dark_ages.fast.wyrd import card_taken as wyrd_taken
from sim.games.dark_ages.fast.wyrd import extra_slots
from sim.games.dark_ages.fast.wyrd import offer_discarded as wyrd_discarded


@njit(**J)
def take_card(S, slot):
    """Twin: ``offer.take``: the card in ``slot``; the offer slides left and refills from the deck."""
    n = S.offer_n
    card = S.offer[slot]
    for i in range(slot, n - 1):
        S.offer[i] = S.offer[i + 1]
    S.offer[n - 1] = -1
    n -= 1
    if S.deck_p < S.deck_n:
        S.offer[n] = S.deck[S.deck_p]
        n += 1
        S.deck_p += 1
        if S.deck_p == S.deck_n:
            S.deck_ran_out = 1
    S.offer_n = n
    return card


@njit(**J)
def offer_take(S, T, slot, cyc, R):
    """Twin: ``game.culture._draw_into``, ``game.culture.take_card``, ``game.culture.cycle_offer``: take (or,
    ``cyc``, discard) the card in ``slot``; solo: the Raider cards act."""
    drew = S.deck_p < S.deck_n
    card = take_card(S, slot)
    if drew and S.mods & MOD_ROP:  # module hook point (Module 15A: the Chrobry card never stays)
        rop_revealed(S, T, R)
    if cyc and S.mods & MOD_WYRD:  # module hook point (Module 8: a Wyrd follows its discarded card)
        wyrd_discarded(S, card)
    if S.solo:
        if cyc and T.c_type[card] == CT_RAIDER:
            discarded(S, T, card, R)
        if drew:
            revealed(S, T, S.offer[S.offer_n - 1], R)
    return card


@njit(**J)
def accessible(S, T, seat):
    """Twin: ``offer.accessible_slots``."""
    c = S.culture[seat]
    reached = 0
    for i in range(T.nred):
        if T.red[i] <= c:
            reached += 1
    return min(T.base_access + reached, T.offer_slots)


@njit(**J)
def culture_options(S, T, seat, MV):
    """Twin: ``game.culture.culture_options``."""
    n = min(accessible(S, T, seat), S.offer_n)
    for i in range(n):
        put(MV, i, A_DOC, i, 0, 0, 0, 0)
    if S.mods & MOD_WYRD:  # module hook point (Module 8: a card with a Wyrd is accessible to all)
        return extra_slots(S, MV, n, n)
    return n


@njit(**J)
def research_options(S, T, seat, MV):
    """Twin: ``game.culture.research_options``."""
    k = 0
    for j in range(S.nhand[seat]):
        c = S.hand[seat, j]
        if T.c_type[c] == CT_COMMON and S.ntech[seat] < T.max_techs:
            k = put(MV, k, A_RESEARCH, R_PLAY, c, -1, 0, 0)
        elif T.c_type[c] == CT_MIL and S.gold[seat] >= T.miltech_gold:
            l2, l3 = T.c_l2[c], T.c_l3[c]
            if l2 >= 0 and S.military[seat, l2] == 1:
                k = put(MV, k, A_RESEARCH, R_MIL, c, l2, 2, 0)
            if l3 >= 0 and S.military[seat, l3] == 2:
                k = put(MV, k, A_RESEARCH, R_MIL, c, l3, 3, 0)
    if S.gold[seat] >= T.upgrade_gold:
        nt = S.ntech[seat]  # sorted(p.techs.items()): by card index
        done = 0
        last = -1
        while done < nt:
            nxt, at = T.nc + 1, -1
            for j in range(nt):
                c = S.tech_card[seat, j]
                if last < c < nxt:
                    nxt, at = c, j
            last = nxt
            done += 1
            lev = S.tech_level[seat, at]
            if 1 <= lev < T.tech_levels:
                k = put(MV, k, A_RESEARCH, R_RAISE, nxt, -1, 0, 0)
    return k


@njit(**J)
def reveal(S, T, seat, c, lev):
    """Twin: ``game.culture._reveal``: show level ``lev``; an 'Immediate!' level resolves at once."""
    at = -1
    for j in range(S.ntech[seat]):
        if S.tech_card[seat, j] == c:
            at = j
    if at < 0:
        at = S.ntech[seat]
        S.tech_card[seat, at] = c
        S.ntech[seat] += 1
    S.tech_level[seat, at] = lev
    if T.lv_imm[c, lev - 1]:
        gain(S, T, seat, T.lv_gain[c, lev - 1], T.lv_amt[c, lev - 1])


@njit(**J)
def tech_level(S, seat, c):
    """Twin: ``game.state.Player.techs`` (a card's visible levels, 0 if not played)."""
    for j in range(S.ntech[seat]):
        if S.tech_card[seat, j] == c:
            return S.tech_level[seat, j]
    return 0


@njit(**J)
def apply_research(S, T, seat, how, c, unit, lev):
    """Twin: ``game.culture.apply_research``."""
    if how == R_PLAY:
        hand_remove(S, seat, c)
        reveal(S, T, seat, c, 1)
    elif how == R_RAISE:
        S.gold[seat] -= T.upgrade_gold
        reveal(S, T, seat, c, tech_level(S, seat, c) + 1)
    else:
        S.gold[seat] -= T.miltech_gold
        hand_remove(S, seat, c)
        S.military[seat, unit] = lev


@njit(**J)
def apply_culture(S, T, seat, slot, doc, ST, R):
    """Twin: ``game.culture.apply_culture``, ``game.culture.to_hand``: ``doc`` for the action (a card beyond the
    Culture track is taken through its Wyrd), else the Cultural Exchange's buy."""
    forced = doc and slot >= min(accessible(S, T, seat), S.offer_n)
    card = offer_take(S, T, slot, False, R)
    taken = False  # module hook points, in module order
    if S.mods & MOD_TOB and T.c_type[card] == CT_TOB:  # into play, not the hand (Module 13A)
        card_taken(S, T, seat)
        taken = True
    if S.mods & MOD_WYRD:  # the Wyrd under the card (Module 8)
        wyrd_taken(S, T, seat, card, forced, ST, R)
    if S.mods & MOD_ROP and rop_taken(S, T, seat, card):  # Mieszko I scores and is discarded (Module 15A)
        taken = True
    if not taken:
        hand_add(S, seat, card)


@njit(**J)
def resolve_cognomens(S, T, seat):
    """Twin: ``game.culture.resolve_cognomens``: every Cognomen in hand scores and is discarded."""
    j = 0
    while j < S.nhand[seat]:
        c = S.hand[seat, j]
        if T.c_type[c] == CT_COG:
            gain_vp(S, seat, min(T.c_cmax[c], T.c_cvp[c] * count(S, T, seat, T.c_per[c])), V_COG)
            hand_remove(S, seat, c)
        else:
            j += 1
