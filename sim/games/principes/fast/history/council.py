"""Common Council, compiled: the twin of ``game.history.council``."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.principes.fast.effects import council_bonus
from sim.games.principes.fast.politics import play_support, positions_all, tracks_needed
from sim.games.principes.fast.state import NP, is_player
from sim.games.principes.fast.turn_order import turn_order


@njit(cache=True)
def common_council(S, C, plays, nplays):
    """``council.common_council``: every player's support plays in turn order (``plays[q, i]`` = (card, track) for
    i < nplays[q]); then a coronation beats a claim of the Princeps Token, ties in turn order."""
    order = np.empty(NP, np.int64)
    no = turn_order(S, C, order)
    if C.tiles:
        council_bonus(S, C)  # Knightly Culture "activates every time a Council occurs"
    for o in range(no):
        q = order[o]
        for i in range(nplays[q]):
            play_support(S, C, q, plays[q, i, 0], plays[q, i, 1])
    stand = np.empty((NP, 3), np.int64)
    positions_all(S, C, stand)
    top = np.full(3, -1, np.int64)
    for t in range(3):
        for q in range(NP):
            if is_player(S, q) and stand[q, t] > top[t]:
                top[t] = stand[q, t]
    crown = -1
    claim = -1
    for o in range(no):
        q = order[o]
        leads = 0
        crowned = True
        for t in range(3):
            leads += stand[q, t] == top[t]
            crowned = crowned and stand[q, t] >= C.coronation
        if crowned and crown < 0:
            crown = q
        if leads >= tracks_needed(S, C, q) and claim < 0:
            claim = q
    if crown >= 0:
        S.crowned = crown
    elif claim >= 0:
        S.princeps = claim
