"""Module 12A, the Pope, on the compiled engine: ``S.pope_holder`` is the holder + 1 (0: the card is in the
offer), ``S.pope_ready`` whether it is ready for its holder (the Lordlings never use it). Twin of
``game/modules/pope.py``."""

from __future__ import annotations

from numba import njit

from sim.games.dark_ages.fast.layout import HUMAN, LORDLINGS, MOD_POPE
from sim.games.dark_ages.fast.state import controller, most_held, popcount
from sim.games.dark_ages.fast.stream import J


@njit(**J)
def pope_cost(T, churches):
    """Twin: ``game.modules.pope.pope_cost``."""
    cost = 0
    for i in range(T.pope_nrow):
        if churches >= T.pope_cost[i, 0]:
            cost = T.pope_cost[i, 1]
    return cost


@njit(**J)
def pay_any(S, seat, n):
    """Twin: ``game.modules.pope.pay_any``: the resources held in the largest numbers first, then Gold."""
    if S.res[seat, 0] + S.res[seat, 1] + S.res[seat, 2] + S.res[seat, 3] + S.gold[seat] < n:
        return False
    for _ in range(n):
        r = most_held(S, seat)
        if S.res[seat, r] > 0:
            S.res[seat, r] -= 1
        else:
            S.gold[seat] -= 1
    return True


@njit(**J)
def church_built(S, T, seat):
    """Twin: ``game.modules.pope.Pope.church_built``: claimed, ready at once, whenever affordable (policy)."""
    if S.pope_holder == seat + 1 or not T.pope_claim:
        return
    if not pay_any(S, seat, pope_cost(T, S.church_n)):
        return
    S.pope_holder = seat + 1
    S.pope_ready = 1


@njit(**J)
def lordling_church(S):
    """Twin: ``game.modules.pope.Pope.lordling_church``: the Lordlings take it when they control at least as many
    Churches as the player."""
    mine, theirs = 0, 0
    for i in range(S.church_n):
        c = controller(S, S.churches[i])
        if c == HUMAN:
            mine += 1
        elif c == LORDLINGS:
            theirs += 1
    if theirs >= mine and S.pope_holder != LORDLINGS + 1:
        S.pope_holder = LORDLINGS + 1
        S.pope_ready = 0


@njit(**J)
def passed(S, seat):
    """Twin: ``game.modules.pope.Pope.passed``: refreshed as the other Titles."""
    if S.pope_holder == seat + 1:
        S.pope_ready = 1


@njit(**J)
def final_vp(S, T, seat):
    """Twin: ``game.modules.pope.Pope.final_vp``."""
    return T.pope_vp if S.pope_holder == seat + 1 else 0


@njit(**J)
def title_ready(S, seat):
    """Twin: ``game.modules.pope.Pope.ready_titles``, ``game.state.Player.titles_ready`` (non-empty): a ready
    Kingdom Title or the Pope."""
    return S.titles_ready[seat] != 0 or (S.mods & MOD_POPE and S.pope_ready and S.pope_holder == seat + 1)


@njit(**J)
def exhaust_title(S, T, seat):
    """Twin: ``game.loop.noble_action`` (``titles_ready.remove(min(titles_ready))``): the ready Title of the
    lowest id, the Pope's among the Kingdom Titles' (``pope_rank`` of them sort before it)."""
    t = S.titles_ready[seat]
    pope = S.mods & MOD_POPE and S.pope_ready and S.pope_holder == seat + 1
    if t and (not pope or popcount((t & -t) - 1) < T.pope_rank):
        S.titles_ready[seat] = t & (t - 1)
    else:
        S.pope_ready = 0
