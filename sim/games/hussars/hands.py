"""Random Tactic hands (Scenario S draws them): every hand a deck can deal, with its probability."""

from __future__ import annotations

import itertools
import math

from sim.errors import ConfigError

MAX_DEALS = 200_000


def deals(deck: dict[str, int], size: int, source: str = "rules") -> list[tuple[float, frozenset[str]]]:
    """Distinct sets of tactics in a hand of ``size`` cards drawn without replacement, with probabilities."""
    cards = [name for name, count in deck.items() for _ in range(int(count))]
    if size < 1 or size > len(cards):
        raise ConfigError(source, "hands.size", f"1..{len(cards)} (the deck size)", size)
    total = math.comb(len(cards), size)
    if total > MAX_DEALS:
        raise ConfigError(source, "hands", f"at most {MAX_DEALS} possible hands", total)
    out: dict[frozenset[str], int] = {}
    for combo in itertools.combinations(range(len(cards)), size):
        hand = frozenset(cards[i] for i in combo)
        out[hand] = out.get(hand, 0) + 1
    return sorted(((n / total, hand) for hand, n in out.items()), key=lambda ph: sorted(ph[1]))
