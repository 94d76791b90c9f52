"""Who won and how: coronation, the last Prince standing, the Princeps after the last Round, or a draw."""

from __future__ import annotations

from sim.games.principes.game.state import State

CORONATION, LAST_PRINCE, PRINCEPS, DRAW = "coronation", "last_prince", "princeps", "draw"


def result(state: State) -> tuple[str | None, str] | None:
    """(winner, win type) once the game is over, else None. A draw has no winner."""
    if state.crowned is not None:
        return state.crowned, CORONATION
    alive = state.players
    if not alive:  # "If the last players eliminate each other in a single battle, the game ends in a draw"
        return None, DRAW
    if len(alive) == 1:
        return alive[0], LAST_PRINCE
    if state.round > state.final_round:
        return state.princeps, PRINCEPS
    return None
