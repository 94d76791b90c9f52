"""The Culture card offer: which cards a player may take, and how the offer slides (Development of Culture).

An offer is a tuple of card ids, slot 0 leftmost (the most accessible); a deck is a tuple, top card first.
"""

from __future__ import annotations

from sim.games.dark_ages.tracks import Tracks


def accessible_slots(tracks: Tracks, culture_position: int) -> int:
    """How many offer cards, from the left, the player may take: one from the start space plus one per red space
    reached ('Each red space you have reached gives you access to an additional Culture card')."""
    reached = sum(1 for r in tracks.red_spaces if r <= culture_position)
    return min(tracks.base_access + reached, tracks.offer_slots)


def is_accessible(tracks: Tracks, culture_position: int, slot: int) -> bool:
    """'A card on the Culture card offer is accessible if it is below or to the left of your Culture marker.'"""
    return 0 <= slot < accessible_slots(tracks, culture_position)


def take(offer: tuple[str, ...], slot: int, deck: tuple[str, ...]) -> tuple[str, tuple[str, ...], tuple[str, ...]]:
    """Take the card in ``slot``: 'slide every card in the offer to the left ... then draw a new card and put it on
    the rightmost space'. Returns (card, offer, deck); the offer shrinks once the deck is empty."""
    card = offer[slot]
    rest = offer[:slot] + offer[slot + 1 :]
    if deck:
        return card, rest + (deck[0],), deck[1:]
    return card, rest, deck


def cycle(offer: tuple[str, ...], deck: tuple[str, ...]) -> tuple[str, tuple[str, ...], tuple[str, ...]]:
    """Passing, step 1: 'Discard the leftmost card of the Culture card offer' and refill. Returns the discard too."""
    return take(offer, 0, deck)
