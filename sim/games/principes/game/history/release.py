"""Release to Home (p. 27): each player in turn order must remove 1 of their Footmen or Knights from the Map
(to their pool). A player with neither removes nothing. Control and tracks follow (a land outside the borders
held by that one figure is lost; a Pomerania left by the last foreigner gets its units back).
"""

from __future__ import annotations

import random

from sim.games.principes.game.control import retrack
from sim.games.principes.game.movement import return_pomeranians
from sim.games.principes.game.state import IllegalAction, State
from sim.games.principes.game.turn_order import turn_order

KINDS = ("footman", "knight")


def candidates(state: State, player: str) -> list[tuple[str, str]]:
    """(land, kind) of each group of the player's Footmen and Knights, in board order."""
    out = []
    for land in sorted(state.units, key=state.board.index.__getitem__):
        here = state.units[land].get(player, {})
        out += [(land, kind) for kind in KINDS if here.get(kind)]
    return out


def default_choice(state: State, player: str) -> tuple[str, str] | None:
    """A Footman before a Knight, from the land where the player has the most figures (keeps every land)."""
    options = candidates(state, player)
    if not options:
        return None

    def cost(option):
        land, kind = option
        return (KINDS.index(kind), -sum(state.units_of(land, player).values()), state.board.index[land])

    return min(options, key=cost)


def remove(state: State, player: str, land: str, kind: str) -> State:
    if (land, kind) not in candidates(state, player):
        raise IllegalAction(f"{player} has no {kind} on {land} to release")
    out = state.copy()
    out.add_units(land, player, kind, -1)
    out.pool[player][kind] += 1
    return_pomeranians(out)
    return retrack(state, out)


def resolve(state: State, strategies: dict, rng: random.Random) -> State:
    out = state
    for player in turn_order(state):
        if not candidates(out, player):
            continue
        land, kind = strategies[player].history_release(out, player, rng) or default_choice(out, player)
        out = remove(out, player, land, kind)  # "must remove": a strategy cannot skip it
    return out
