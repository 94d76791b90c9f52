"""Mongol Invasion (p. 29): 4 Mongols (one fewer each later invasion) wait in the Rus' Duchies; each player in
turn order, from the Princeps, may move them from where they stand (the area, or the lands they hold). They
fight and devastate like the Balts, but a beaten group may withdraw to a land without units or tokens (the
mover's choice; ``battles.withdraw_options``), else it leaves the Map. Movements stop once every player has
moved them or none is left; then the survivors go off the Map ("to the Kurultai").
"""

from __future__ import annotations

import random

from sim.games.principes.game.control import retrack
from sim.games.principes.game.history import invaders
from sim.games.principes.game.movement import Move
from sim.games.principes.game.state import State
from sim.games.principes.game.turn_order import turn_order

MONGOLS = "mongols"


def wave_size(state: State) -> int:
    v = invaders.spec(MONGOLS, state.rules)
    return max(0, v["first_wave"] - v["fewer_each_wave"] * state.mongol_waves)


def invade(state: State, moves_of, rng: random.Random, withdraw_to: dict | None = None) -> State:
    """``moves_of(state, player, stock) → [Move]`` gives each player's movement in turn order."""
    n = wave_size(state)
    out = state.copy()
    out.mongol_waves += 1
    if n == 0:
        return out
    (kind,) = invaders.spec(MONGOLS, state.rules)["units"]
    stock = {kind: n}  # still in the Rus' Duchies
    area = invaders.spec(MONGOLS, state.rules)["area"]
    for player in turn_order(state):
        if player in out.eliminated:
            continue
        if not stock[kind] and not invaders.on_map(out, MONGOLS):
            break  # "until ... all Mongols have been removed"
        moves: list[Move] = moves_of(out, player, dict(stock))
        out = invaders.move(out, MONGOLS, moves, player, rng, dict(stock), withdraw_to)
        stock[kind] -= sum(m.n for m in moves if m.path[0] == area)
    return retrack(state, invaders.leave(out, MONGOLS))


def resolve(state: State, strategies: dict, rng: random.Random) -> State:
    def moves_of(now: State, player: str, stock: dict) -> list[Move]:
        return strategies[player].history_invaders(now, player, MONGOLS, stock, rng)

    return invade(state, moves_of, rng)
