"""The solo plan's own decisions, compiled: the twin of ``strategies.principes.solo`` (``SoloPlanner``).

The rest of the plan is the scripted plans' (``scripted``: its early priorities in ``scripted_plan``, its target and
the figures it keeps on a held foreign Capital in ``scripted_target``), read from the same compiled row
(``params.SOLO``).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.principes.fast.control import control_all
from sim.games.principes.fast.policy.params import P_DRAW_COURT, P_KEEP_NB
from sim.games.principes.fast.policy.scripted import COUNCIL, support_plan
from sim.games.principes.fast.politics import positions_all
from sim.games.principes.fast.state import A_POLITICS, A_PROGRESS, A_TAXES, NC, NL, NP


@njit(cache=True)
def capitals_held(S, C, p):
    """``game.solo.capitals_held``: the Capitals ``p`` controls."""
    ctrl = np.empty(NL, np.int64)
    control_all(S, C, ctrl)
    n = 0
    for q in range(NP):
        n += ctrl[C.capital[q]] == p
    return n


@njit(cache=True)
def can_win(S, C, p):
    """``solo.SoloPlanner.can_win``: the Council would crown: every track at the top after the cards in hand
    (``scripted.Scripted.support_plan``) and all the Capitals held."""
    stand = np.empty((NP, 3), np.int64)
    positions_all(S, C, stand)
    mine = stand[p].copy()
    plays = np.empty((NC * 12, 2), np.int64)
    support_plan(S, C, p, mine, plays)
    if capitals_held(S, C, p) < C.solo_capitals:
        return False
    return mine[0] >= C.coronation and mine[1] >= C.coronation and mine[2] >= C.coronation


@njit(cache=True)
def winning_plan(C, plan):
    """``solo.SoloPlanner.plan`` when it can win: Politics first, then Taxes and Progress."""
    acts = (A_POLITICS, A_TAXES, A_PROGRESS)
    for i in range(min(C.planned, 3)):
        plan[i] = acts[i]


@njit(cache=True)
def politics(S, C, Pp, p):
    """``solo.SoloPlanner.politics``: a Council only when it wins, else draw ``draw_court`` Court Cards."""
    return COUNCIL if can_win(S, C, p) else Pp[P_DRAW_COURT]


@njit(cache=True)
def support(S, C, Pp, p, plays):
    """``solo.SoloPlanner.solo_support``: every support card at once, each on the lower of its tracks below the
    top, keeping ``keep_neighbor`` Neighbor Cards to block with; rows (card, 1 People | 2 Clergy), returns how many."""
    mine = np.empty(3, np.int64)
    mine[1] = S.people[p]
    mine[2] = S.clergy[p]
    held = 0
    for card in range(NC):
        if C.card_type[card] == 2:
            held += S.hands[p, card]
    return support_plan(S, C, p, mine, plays, max(0, held - Pp[P_KEEP_NB]))
