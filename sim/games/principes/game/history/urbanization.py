"""Urbanization (p. 27): each player in turn order may found 1 City for free on any land they do not control
(a neutral land, another player's land, or a land of their own Principality with a Division Token).

The next Gord's City token must be in the supply. A City raises the Might of whoever controls the land, which
control reads off the map, so no track moves.
"""

from __future__ import annotations

import random

from sim.games.principes.game.building import next_city
from sim.games.principes.game.control import controller
from sim.games.principes.game.state import IllegalAction, State
from sim.games.principes.game.turn_order import turn_order


def candidates(state: State, player: str) -> list[str]:
    out = []
    for land in state.board.lands:
        kind = next_city(state, land.id)
        if kind is not None and state.supply.get(kind, 0) > 0 and controller(state, land.id) != player:
            out.append(land.id)
    return out


def default_choice(state: State, player: str) -> str | None:
    """A land of the player's own Principality under a Division Token (to take back), else a neutral land next
    to one the player holds (to take later); the most Might first. Otherwise none: a City helps its holder."""
    lands = candidates(state, player)
    own = [x for x in lands if x in state.division and state.board.land(x).principality == player]
    mine = {x for x in state.board.index if controller(state, x) == player}
    near = [x for x in lands if controller(state, x) is None and mine.intersection(state.board.land(x).adjacent)]
    for group in (own, near):
        if group:
            return max(group, key=lambda x: (state.board.land(x).might, -state.board.index[x]))
    return None


def found(state: State, player: str, land: str) -> State:
    if land not in candidates(state, player):
        raise IllegalAction(f"{player} cannot found a City on {land} during Urbanization")
    out = state.copy()
    out.supply[next_city(state, land)] -= 1
    out.cities[land] = out.cities.get(land, 0) + 1
    return out


def resolve(state: State, strategies: dict, rng: random.Random) -> State:
    out = state
    for player in turn_order(state):
        land = strategies[player].history_urbanization(out, player, rng)
        if land is not None:
            out = found(out, player, land)
    return out
