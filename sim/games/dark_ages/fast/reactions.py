"""Noble discs on the Action cards in the compiled engine, and the reaction a full stack triggers. Twin of
``reactions.py``."""

from __future__ import annotations

from numba import njit

from sim.games.dark_ages.fast.layout import ACTION_SPACES
from sim.games.dark_ages.fast.stream import J


@njit(**J)
def place_noble(S, seat, action):
    """Twin: ``reactions.place_noble``, ``game.lordlings._place_noble``: on the space holding ``action``; the disc
    leaves the player's supply."""
    sp = 0
    while S.action_at[sp] != action:
        sp += 1
    S.stack[sp, S.stack_n[sp]] = seat
    S.stack_n[sp] += 1
    S.nobles_free[seat] -= 1


@njit(**J)
def trigger_reaction(S, T):
    """Twin: ``reactions.trigger_reaction``: the owner and the space of a pushed-out disc (-1, -1 if none); the
    disc goes to the Exhausted Nobles area."""
    for sp in range(ACTION_SPACES):
        n = S.stack_n[sp]
        if n >= T.stack_limit:
            owner = S.stack[sp, 0]
            for i in range(n - 1):
                S.stack[sp, i] = S.stack[sp, i + 1]
            S.stack[sp, n - 1] = 0
            S.stack_n[sp] = n - 1
            S.exhausted[owner] += 1
            return owner, sp
    return -1, -1


@njit(**J)
def retrieve_nobles(S, seat):
    """Twin: ``reactions.retrieve_nobles``: the player's discs leave every stack; the others keep their order."""
    for sp in range(ACTION_SPACES):
        n = S.stack_n[sp]
        m = 0
        for i in range(n):
            x = S.stack[sp, i]
            if x != seat:
                S.stack[sp, m] = x
                m += 1
        for i in range(m, n):
            S.stack[sp, i] = 0
        S.stack_n[sp] = m
