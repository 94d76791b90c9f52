"""Court Cards' text effects (experiment key ``court: true``; ``configs/principes/princesses.yaml`` ``court``).

A Court Card carries a support symbol and a gold symbol (``cards``: traded for 1 support or 1 gold) and a text
effect played "in accordance with the indication on the white bar" (e.g. "before your Politics Action"). The 32
texts are not printed, so every Court Card has one assumed, modest generic text effect: played before one of the
player's own actions, it gives 2 gold (one more than trading it for gold). The card then goes to the bottom of
the deck like any played card.
"""

from __future__ import annotations

from sim.games.principes.game import cards
from sim.games.principes.game.princesses import princess_values
from sim.games.principes.game.state import IllegalAction, State


def text_gold(rules=None) -> int:
    return princess_values(rules)["court"]["text_effect"]["gold"]


def play_text(state: State, player: str, card: str) -> State:
    """Play a Court Card for its (generic) text effect before one of the player's actions."""
    if not card.startswith("court."):
        raise IllegalAction(f"{card} is not a Court Card")
    if "court" not in state.variants:
        raise IllegalAction("Court Card text effects are switched off (court: false)")
    out = state.copy()
    cards.discard(out, player, card)
    out.gold[player] += min(text_gold(out.rules), out.gold_in_supply())
    return out
