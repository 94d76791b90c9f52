"""Cards in hand: draws, the hand limit, and trading a card for gold or support.

A card is ``"<type>.<symbol>"``: ``battle.sword|shield|either`` and ``court|neighbor.people|clergy|either``.
Only the symbols are modelled (the text effects come with part 2). Deck order is not tracked: a draw takes a
symbol with probability proportional to the cards of that symbol left in the deck, and a card played or
traded goes back to the deck, as the rulebook returns it face down to the bottom.
"""

from __future__ import annotations

import random

from sim.games.principes.game import effects
from sim.games.principes.game.state import IllegalAction, State, clamp_track

TRADE_ORDER = ("neighbor", "court", "battle")  # the hand limit trades political cards before battle cards


def hand_size(state: State, player: str) -> int:
    return sum(state.hands[player].values())


def discard(state: State, player: str, card: str) -> None:
    """Move one card from the hand to the bottom of its deck (mutates ``state``)."""
    hand = state.hands[player]
    if hand.get(card, 0) <= 0:
        raise IllegalAction(f"{player} holds no {card} card")
    hand[card] -= 1
    if not hand[card]:
        del hand[card]
    kind, symbol = card.split(".")
    state.decks[kind][symbol] += 1


def draw_into(state: State, player: str, kind: str, rng: random.Random) -> str | None:
    """Draw one card of ``kind`` into the hand (mutates ``state``, a fresh copy owned by the caller)."""
    deck = state.decks[kind]
    left = sum(deck.values())
    if left == 0:
        return None
    pick = rng.randrange(left)
    for symbol, n in deck.items():
        if pick < n:
            deck[symbol] -= 1
            card = f"{kind}.{symbol}"
            state.hands[player][card] = state.hands[player].get(card, 0) + 1
            return card
        pick -= n
    raise AssertionError("unreachable")


def trade_for_gold(state: State, player: str, card: str) -> State:
    out = state.copy()
    discard(out, player, card)
    out.gold[player] += min(out.rules.values["cards"]["gold_per_card"], out.gold_in_supply())
    return out


def support_symbol(state: State, card: str) -> str:
    """A Court or Neighbor Card's support symbol (people|clergy|either). With Neighbors on, a Neighbor Card is
    ``neighbor.<card id>`` and its symbol is in configs/principes/neighbors.yaml."""
    return effects.support_symbol(card, state.rules)


def trade_for_support(state: State, player: str, card: str, track: str) -> State:
    """A Court or Neighbor Card's symbol: +1 on the People or Clergy track the symbol allows."""
    kind, symbol = card.split(".")
    if kind == "battle":  # Heralds of Peace: "exchange 1 Battle Card for 1 People or 1 Clergy Support Point"
        if not effects.battle_cards_for_support(state, player) or track not in ("people", "clergy"):
            raise IllegalAction(f"{card} does not give {track} support")
    elif support_symbol(state, card) not in (track, "either"):
        raise IllegalAction(f"{card} does not give {track} support")
    out = state.copy()
    discard(out, player, card)
    track_values = out.people if track == "people" else out.clergy
    track_values[player] = clamp_track(track_values[player] + 1, out.rules)
    return out


def hand_limit(state: State, player: str) -> int:
    """6 cards, or 9 with Bishop's Chancery."""
    return state.rules.hand_limit + (effects.extra_hand(state, player) if state.tiles else 0)


def enforce_hand_limit(state: State, player: str) -> State:
    """Over the limit, trade the excess for gold at once ("discard the excess cards by playing them")."""
    out = state
    limit = hand_limit(state, player)
    while hand_size(out, player) > limit:
        card = min(out.hands[player], key=lambda c: (TRADE_ORDER.index(c.split(".")[0]), c))
        out = trade_for_gold(out, player, card)
    return out
