"""Who won and how, compiled: the twin of ``game.victory``."""

from __future__ import annotations

from numba import njit

from sim.games.principes.fast.state import NP, is_player

CORONATION, LAST_PRINCE, PRINCEPS, DRAW = 0, 1, 2, 3  # ``driver.WIN_TYPES`` indices


@njit(cache=True)
def result(S):
    """``victory.result``: (winner, win type) or (-1, -1) while the game goes on; a draw is (-1, DRAW)."""
    if S.crowned >= 0:
        return S.crowned, CORONATION
    alive = 0
    last = -1
    for p in range(NP):
        if is_player(S, p):  # ``state.players``
            alive += 1
            last = p
    if alive == 0:
        return -1, DRAW
    if alive == 1:
        return last, LAST_PRINCE
    if S.round > S.final_round:
        return S.princeps, PRINCEPS
    return -1, -1
