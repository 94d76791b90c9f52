"""The exact odds of an attack from the Battle Dice alone, compiled: the twin of ``strategies.principes.odds``.

``fill`` counts, for every pair of armies of at most ``ODDS_PRINCES``/``ODDS_KNIGHTS``/``ODDS_FOOTMEN`` figures and
every site's shields up to ``ODDS_SHIELDS``, the (attacker face, defender face) pairs of the rule set's Battle Die
(``C.die``) the attacker wins with, each decided by ``battles.outcome`` (``reference.fight``); ``setup`` stores the
counts in ``TABLES.win_odds``. ``win_count`` reads the table, and counts directly for armies beyond it.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.principes.fast.battles import SHIELD, SWORD, army, outcome, toughness_total
from sim.games.principes.fast.state import FOOTMAN, KNIGHT, NK, PRINCE

ODDS_PRINCES, ODDS_KNIGHTS, ODDS_FOOTMEN, ODDS_SHIELDS = 1, 4, 6, 7  # the table's reach (a layout, not rules)
ODDS_SHAPE = (ODDS_PRINCES + 1, ODDS_KNIGHTS + 1, ODDS_FOOTMEN + 1) * 2 + (ODDS_SHIELDS + 1,)


@njit(cache=True)
def count(C, ua, ud, sh):
    """``odds.win_count``: the face pairs the attacker ``ua`` (NK,) wins with against ``ud`` holding ``sh``."""
    tab_a = np.empty((toughness_total(C, ua) + 1, NK + 1), np.int64)
    tab_d = np.empty((toughness_total(C, ud) + 1, NK + 1), np.int64)
    na, sa, ta = army(C, ua, tab_a)
    nd, sd, td = army(C, ud, tab_d)
    top = np.empty(2 * NK, np.int64)
    wins = 0
    for i in range(C.n_faces):
        fa = C.die[i]
        for j in range(C.n_faces):
            fd = C.die[j]
            wins += outcome(
                tab_a, na, ta, sa, tab_d, nd, td, sd, int(fa == SWORD), int(fa == SHIELD), int(fd == SWORD),
                sh + int(fd == SHIELD), top,
            )  # fmt: skip
    return wins


@njit(cache=True)
def fill(C):
    """``odds.win_count`` for every entry of ``C.win_odds`` (``setup.compile_tables`` calls it)."""
    ua = np.zeros(NK, np.int64)
    ud = np.zeros(NK, np.int64)
    for pa in range(ODDS_PRINCES + 1):
        for ka in range(ODDS_KNIGHTS + 1):
            for fa in range(ODDS_FOOTMEN + 1):
                ua[PRINCE], ua[KNIGHT], ua[FOOTMAN] = pa, ka, fa
                for pd in range(ODDS_PRINCES + 1):
                    for kd in range(ODDS_KNIGHTS + 1):
                        for fd in range(ODDS_FOOTMEN + 1):
                            ud[PRINCE], ud[KNIGHT], ud[FOOTMAN] = pd, kd, fd
                            for sh in range(ODDS_SHIELDS + 1):
                                C.win_odds[pa, ka, fa, pd, kd, fd, sh] = count(C, ua, ud, sh)


@njit(cache=True)
def win_count(C, ua, ud, sh):
    """``odds.win_count``: the table's count, or ``count`` for armies or shields beyond it."""
    if (
        max(ua[PRINCE], ud[PRINCE]) <= ODDS_PRINCES
        and max(ua[KNIGHT], ud[KNIGHT]) <= ODDS_KNIGHTS
        and max(ua[FOOTMAN], ud[FOOTMAN]) <= ODDS_FOOTMEN
        and sh <= ODDS_SHIELDS
    ):
        return C.win_odds[ua[PRINCE], ua[KNIGHT], ua[FOOTMAN], ud[PRINCE], ud[KNIGHT], ud[FOOTMAN], sh]
    return count(C, ua, ud, sh)


@njit(cache=True)
def win_probability(C, ua, ud, sh):
    """``odds.win_probability``: ``win_count`` over the number of face pairs."""
    return win_count(C, ua, ud, sh) / (C.n_faces * C.n_faces)
