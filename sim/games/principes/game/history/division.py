"""Division (p. 27): each player in turn order may place 1 Division Token on 1 land of another player that has
no units; at most 1 token per land; when the pool runs out the later players place none.

A token takes the land from its owner at once, with its points ("as if foreign units had taken over the land");
``control.controller`` already reads the tokens. It leaves when a player's units end a move there
(``movement.move`` removes it and charges the Clergy penalty). Reading: "a land of another player" is a land
inside another player's Principality that the player controls (a land with units is excluded anyway).
"""

from __future__ import annotations

import random

from sim.games.principes.game.control import controller, retrack
from sim.games.principes.game.history.common import richness, rivals_by_strength
from sim.games.principes.game.state import IllegalAction, State
from sim.games.principes.game.turn_order import turn_order


def candidates(state: State, player: str) -> list[str]:
    """Lands of other players without units or a Division Token, in board order."""
    out = []
    for land in state.board.lands:
        owner = land.principality
        if owner == player or owner not in state.players:  # a player's land (not an eliminated or non-player one)
            continue
        if land.id in state.units or land.id in state.division or controller(state, land.id) != owner:
            continue
        if land.id in state.princesses.values():
            continue  # "a Princess counts as a unit"
        out.append(land.id)
    return out


def default_choice(state: State, player: str) -> str | None:
    """The richest candidate of the strongest rival who has one."""
    lands = candidates(state, player)
    for rival in rivals_by_strength(state, player):
        theirs = [x for x in lands if state.board.land(x).principality == rival]
        if theirs:
            return max(theirs, key=lambda x: (richness(state, x), -state.board.index[x]))
    return None


def place(state: State, player: str, land: str) -> State:
    if state.supply["division"] <= 0:
        raise IllegalAction("no Division Token left in the pool")
    if land not in candidates(state, player):
        raise IllegalAction(f"{player} cannot place a Division Token on {land}")
    out = state.copy()
    out.supply["division"] -= 1
    out.division.add(land)
    return retrack(state, out)  # the owner loses the land's points at once


def resolve(state: State, strategies: dict, rng: random.Random) -> State:
    out = state
    for player in turn_order(state):
        if out.supply["division"] <= 0:
            break  # "resolved only by the first players in turn order"
        land = strategies[player].history_division(out, player, rng)
        if land is not None:
            out = place(out, player, land)
    return out
