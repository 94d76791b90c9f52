"""Turn order: start with the Princeps and go clockwise or counterclockwise (Round Order 1)."""

from __future__ import annotations

from sim.games.principes.game.state import State


def turn_order(state: State) -> list[str]:
    """Players in this Round's order, from the Princeps in the direction the token points; eliminated skipped."""
    seats = list(state.rules.seats_clockwise)
    start = seats.index(state.princeps)
    step = 1 if state.clockwise else -1
    ring = [seats[(start + step * i) % len(seats)] for i in range(len(seats))]
    return [p for p in ring if p not in state.eliminated and p not in state.non_players]


def set_direction(state: State, clockwise: bool) -> State:
    """The Princeps flips or keeps the token at the start of a Round; the direction holds for the Round."""
    out = state.copy()
    out.clockwise = clockwise
    return out


def pass_princeps(state: State, to: str) -> State:
    """A Council hands over the token; the turn order set at the start of the Round stays (Council)."""
    out = state.copy()
    out.princeps = to
    return out
