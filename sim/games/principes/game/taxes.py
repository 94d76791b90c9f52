"""The Taxes Action: People Support −1, then gold equal to the Might of controlled lands (Silesia +2)."""

from __future__ import annotations

from sim.games.principes.game.control import might
from sim.games.principes.game.state import IllegalAction, State, clamp_track


def can_collect_taxes(state: State, player: str) -> bool:
    return state.people[player] >= state.rules.values["taxes"]["min_people"]


def tax_gold(state: State, player: str) -> int:
    """Gold owed before the coin supply is checked: controlled Might (Division lands are not controlled)."""
    v = state.rules.values
    bonus = v["factions"][player].get("tax_bonus", 0)  # Silesia, Color of Gold
    held = might(state, player)
    if not v["tracks"]["might_uncapped"]:  # the token's position rather than the actual holdings
        held = min(held, state.rules.track_high)
    return held * v["taxes"]["gold_per_might"] + bonus


def taxes(state: State, player: str) -> State:
    if not can_collect_taxes(state, player):
        raise IllegalAction(f"{player} is at People Support 0: the subjects refuse to pay tribute")
    out = state.copy()
    out.people[player] = clamp_track(out.people[player] - state.rules.values["taxes"]["people_cost"], out.rules)
    # "no gold can be collected by the players until Coin Tokens are spent to replenish the pool"
    out.gold[player] += min(tax_gold(state, player), state.gold_in_supply())
    return out
