"""XP, XL and Level-Up Rewards: the compiled twin of ``game/experience.py`` (the choice is ``policy.reward``)."""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True)
def levels_for(xp, xl, max_xl):
    while xl < max_xl and xp >= xl + 1:
        xp -= xl + 1
        xl += 1
    return xl, xp


@njit(cache=True)
def gain(st, R, s, n):
    if n <= 0 or st.active[s] == 0:
        return
    st.xp[s] += n
    while st.xl[s] < R.max_xl and st.xp[s] >= st.xl[s] + 1:
        st.xp[s] -= st.xl[s] + 1
        st.xl[s] += 1
        st.rewards_due[s] += 1


@njit(cache=True)
def is_option(st, R, s, kind, i):
    """Whether ("knowledge" 0 | "tactic" 1, i) is a reward the seat may take (``reward_options``)."""
    if kind == 0:
        return 0 <= i < R.nc and st.knowledge_left[i] > 0 and st.knowledge[s, i] == 0
    return 0 <= i < R.ntac and R.cmw_deck[i] == 1 and st.tactics[s, i] == 0


@njit(cache=True)
def count_options(st, R, s):
    n = 0
    for c in range(R.nc):
        if is_option(st, R, s, np.int64(0), c):
            n += 1
    for k in range(R.ntac):
        t = R.deck_order[k]
        if t >= 0 and is_option(st, R, s, np.int64(1), t):
            n += 1
    return n


@njit(cache=True)
def option_at(st, R, s, k):
    """The k-th reward option in ``reward_options`` order (knowledge first, then tactics)."""
    for c in range(R.nc):
        if is_option(st, R, s, np.int64(0), c):
            if k == 0:
                return 0, c
            k -= 1
    for j in range(R.ntac):
        t = R.deck_order[j]
        if t >= 0 and is_option(st, R, s, np.int64(1), t):
            if k == 0:
                return 1, t
            k -= 1
    return -1, -1


@njit(cache=True)
def take_reward(st, R, s, kind, i):
    if kind < 0:
        return
    if not is_option(st, R, s, kind, i):
        st.illegal += 1
        return
    if kind == 0:
        st.knowledge_left[i] -= 1
        st.knowledge[s, i] += 1
        st.hand[s, i] += 1
    else:
        st.tactics[s, i] = 1
