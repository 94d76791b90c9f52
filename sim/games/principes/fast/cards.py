"""Cards in hand, compiled: the twin of ``game.cards``. A card is its index in ``state.CARDS``; a card type is 0
battle, 1 court, 2 neighbor."""

from __future__ import annotations

from numba import njit

from sim.games.principes.fast.effects import tile_param
from sim.games.principes.fast.state import NC, TK_HAND_LIMIT, gold_in_supply
from sim.games.principes.fast.stream import rand_below


@njit(cache=True)
def hand_size(S, p):
    """``cards.hand_size``."""
    t = 0
    for c in range(NC):
        t += S.hands[p, c]
    return t


@njit(cache=True)
def discard(S, p, card):
    """``cards.discard``: one card from the hand to the bottom of its deck."""
    S.hands[p, card] -= 1
    S.decks[card] += 1


@njit(cache=True)
def draw_into(S, C, p, kind, rs):
    """``cards.draw_into``: one card of type ``kind`` into the hand; the card index or -1."""
    left = 0
    nd = C.n_draw[kind]
    for j in range(nd):
        left += S.decks[C.draw_order[kind, j]]
    if left == 0:
        return -1
    pick = rand_below(rs, left)
    for j in range(nd):
        card = C.draw_order[kind, j]
        n = S.decks[card]
        if pick < n:
            S.decks[card] -= 1
            S.hands[p, card] += 1
            return card
        pick -= n
    return -1


@njit(cache=True)
def trade_for_gold(S, C, p, card):
    """``cards.trade_for_gold``."""
    discard(S, p, card)
    S.gold[p] += min(C.gold_per_card, gold_in_supply(S, C))


@njit(cache=True)
def hand_limit(S, C, p):
    """``cards.hand_limit``: game.yaml's, or Bishop's Chancery's (``effects.extra_hand``)."""
    cards = tile_param(S, C, p, TK_HAND_LIMIT)
    return cards if cards >= 0 else C.hand_limit


@njit(cache=True)
def enforce_hand_limit(S, C, p):
    """``cards.enforce_hand_limit``: over the limit, trade the excess for gold (Neighbor, then Court, then Battle)."""
    limit = C.hand_limit
    if C.tiles and (S.tile_kinds[p] >> TK_HAND_LIMIT) & 1:  # (no call in the hot path without it)
        limit = hand_limit(S, C, p)
    while hand_size(S, p) > limit:
        for j in range(NC):
            card = C.trade_order[j]
            if S.hands[p, card] > 0:
                trade_for_gold(S, C, p, card)
                break
