"""Balt Raid (p. 28): the Princeps may move the Prussians (foot, 2 lands), then the Lithuanians (cavalry, 3),
each tribe entering from the Balts and fighting its battles before the next moves. Invaders do not stay: after
their battles and devastation they return to their spots. With the Teutonic Knights on the Map only the
Lithuanians come ("the Teutonic Knights will block movement of the Prussians").
"""

from __future__ import annotations

import random

from sim.games.principes.game.control import retrack
from sim.games.principes.game.history import invaders
from sim.games.principes.game.history.teutonic import present
from sim.games.principes.game.state import State

TRIBES = ("prussians", "lithuanians")  # "First, the Princeps may move the Prussians ... then the Lithuanians"


def active_tribes(state: State) -> tuple[str, ...]:
    return TRIBES[1:] if present(state) else TRIBES


def raid(state: State, tribe: str, moves: list, rng: random.Random, withdraw_to: dict | None = None) -> State:
    """One tribe's raid for the Princeps: move from the Balts, fight, devastate, go back to the spots."""
    stock = dict(invaders.spec(tribe, state.rules)["units"])
    out = invaders.move(state, tribe, moves, state.princeps, rng, stock, withdraw_to)
    return retrack(state, invaders.leave(out, tribe))


def resolve(state: State, strategies: dict, rng: random.Random) -> State:
    out = state
    for tribe in active_tribes(state):
        mover = out.princeps
        stock = dict(invaders.spec(tribe, out.rules)["units"])
        out = raid(out, tribe, strategies[mover].history_invaders(out, mover, tribe, stock, rng), rng)
    return out
