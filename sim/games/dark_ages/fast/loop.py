"""Playing a whole game in the compiled engine: turns of a Noble action or a Pass, Titles, free settling,
reactions, the end. Twin of ``game/loop.py``. Each turn asks the strategy for a decision (``strategies``) and then
applies it (``actions``, ``military``, ``reacting``): decisions and rule effects never share a function."""

from __future__ import annotations

from numba import njit

from sim.games.dark_ages.fast.actions import action_options, apply_action
from sim.games.dark_ages.fast.alliances import turn_ended
from sim.games.dark_ages.fast.choices import choose_discard_card
from sim.games.dark_ages.fast.commanders import turn_ended as cmd_turn_ended
from sim.games.dark_ages.fast.crusades import game_over
from sim.games.dark_ages.fast.ending import trigger
from sim.games.dark_ages.fast.grand_buildings import turn_action
from sim.games.dark_ages.fast.invariants import check
from sim.games.dark_ages.fast.layout import A_MANOEUVRE, LORDLINGS, MOD_ALLY, MOD_CMD, MOD_CRU, MOD_GB, MOD_TRIB
from sim.games.dark_ages.fast.lordlings import react as lordling_react
from sim.games.dark_ages.fast.military import apply_settle, settle_options
from sim.games.dark_ages.fast.passing import do_pass
from sim.games.dark_ages.fast.plans import CHEAP_FIRST, K_RANDOM
from sim.games.dark_ages.fast.pope import exhaust_title, title_ready
from sim.games.dark_ages.fast.reacting import apply_reaction, react_options
from sim.games.dark_ages.fast.reactions import place_noble, trigger_reaction
from sim.games.dark_ages.fast.state import hand_remove
from sim.games.dark_ages.fast.strategies import choose_action, choose_react, choose_settle, repeat_with_title
from sim.games.dark_ages.fast.stream import J
from sim.games.dark_ages.fast.tribute import free_actions


@njit(**J)
def settle_free(S, T, seat, ST, MV, R):
    """Twin: ``game.loop.settle_free``."""
    sid = S.strategy[seat]
    while True:
        k = settle_options(S, T, seat, MV)
        if k == 0:
            return
        j = choose_settle(S, T, seat, ST, sid, MV, k, R)
        if j < 0:
            return
        apply_settle(S, T, seat, MV[j, 1])


@njit(**J, inline="always")
def react(S, T, ST, MV, R):
    """Twin: ``game.loop.react``: a full stack pushes out its bottom disc and its owner reacts."""
    owner, k, j = pushed_out(S, T, ST, MV, R)
    if k > 0:
        apply_reaction(S, T, owner, MV[j], ST, R)


# pushed_out, policy_choice and act have two callers each (this loop and fast.search's searched game); they are
# small, and inlined they compile faster than on their own (8 s less on a cold cache, measured)
@njit(**J, inline="always")
def pushed_out(S, T, ST, MV, R):
    """Twin: ``game.loop.react`` up to the decision: a full stack pushes out its bottom disc; (its owner, how many
    reaction moves ``MV`` holds for them, the row their plan chooses). No move (0) when no disc is pushed out, when
    a Lordling reacted (solo: done here) or when neither reaction has a legal move."""
    owner, sp = trigger_reaction(S, T)
    if owner < 0:
        return owner, 0, 0
    if S.solo and owner == LORDLINGS:
        lordling_react(S, T, sp, R)
        return owner, 0, 0
    k = react_options(S, T, owner, T.react_at[sp], MV, 0)
    k = react_options(S, T, owner, T.react_at[sp + 1], MV, k)
    if k == 0:
        return owner, 0, 0
    return owner, k, choose_react(S, T, owner, ST, S.strategy[owner], MV, k, R)


# inline: a compiled function links and optimizes everything it calls again, so each level of the game loop
# with one caller is inlined into it rather than compiled on its own (a third less compiling on a cold cache)
@njit(**J, inline="always")
def noble_action(S, T, seat, ST, MVA, NK, mv, R):
    """Twin: ``game.loop.noble_action``: the chosen action in ``mv``, then a ready Title may repeat it."""
    sid = S.strategy[seat]
    action = mv[0]
    place_noble(S, seat, action)
    battle = apply_action(S, T, seat, mv, ST, R)
    if title_ready(S, seat) and not (action == A_MANOEUVRE and battle):
        if repeat_with_title(S, T, seat, ST, sid, action, MVA, NK, mv, R):
            exhaust_title(S, T, seat)  # the lowest Title id
            apply_action(S, T, seat, mv, ST, R)


@njit(**J)
def turn_begins(S, T, seat, ST, MV, R):
    """Twin: ``game.loop.take_turn`` up to the Noble action or Pass: free actions, free settling, a module action;
    True when the turn's Noble action or Pass is still to come (no module action took its place)."""
    S.extra_turn = 0
    if S.mods & MOD_TRIB:  # module hook point: free actions (Module 11, paying off a tribute)
        free_actions(S, T, seat)
    settle_free(S, T, seat, ST, MV, R)
    if S.mods & MOD_GB and turn_action(S, T, seat):  # module hook point: a module action (Module 3)
        settle_free(S, T, seat, ST, MV, R)
        return False
    return True


@njit(**J)
def turn_ends(S, T, seat, ST, R):
    """Twin: ``game.loop.take_turn`` after the Noble action or Pass, ``game.culture.enforce_hand_limit``."""
    sid = S.strategy[seat]
    while S.nhand[seat] > T.hand_limit:
        hand_remove(S, seat, choose_discard_card(S, T, seat, ST, sid, R))
    if S.mods & MOD_ALLY:  # module hook point: end of a turn (Module 5, first shared borders)
        turn_ended(S, T)
    if S.mods & MOD_CMD:  # (Module 6: a Commander left alone moves)
        cmd_turn_ended(S, T)


@njit(**J, inline="always")
def take_turn(S, T, seat, ST, MVA, NK, MV, mv, R):
    """Twin: ``game.loop.take_turn``, ``game.culture.enforce_hand_limit``."""
    if turn_begins(S, T, seat, ST, MV, R):
        action_or_pass(S, T, seat, ST, MVA, NK, MV, mv, R)
    turn_ends(S, T, seat, ST, R)


@njit(**J, inline="always")
def action_or_pass(S, T, seat, ST, MVA, NK, MV, mv, R):
    """Twin: ``game.loop._action_or_pass``."""
    carry_out(S, T, seat, ST, MVA, NK, MV, mv, policy_choice(S, T, seat, ST, MVA, NK, mv, R), R)


@njit(**J, inline="always")
def policy_choice(S, T, seat, ST, MVA, NK, mv, R):
    """Twin: ``game.loop._action_or_pass`` up to the decision: True for the Noble action ``mv``, False for a Pass."""
    sid = S.strategy[seat]
    for a in range(5):
        NK[a] = -1
    has = False
    if S.nobles_free[seat] > 0:  # the legal moves, listed lazily (a scripted plan stops at its first priority)
        if ST[sid, 0] == K_RANDOM:
            for a in range(5):
                NK[a] = action_options(S, T, seat, a, MVA[a])
                has = has or NK[a] > 0
        else:
            for i in range(5):
                a = CHEAP_FIRST[i]
                NK[a] = action_options(S, T, seat, a, MVA[a])
                if NK[a] > 0:
                    has = True
                    break
    can_pass = S.nobles_free[seat] < S.nobles_total[seat] or not has
    if has:
        return choose_action(S, T, seat, ST, sid, MVA, NK, can_pass, mv, R)
    return False


@njit(**J, inline="always")
def carry_out(S, T, seat, ST, MVA, NK, MV, mv, chosen, R):
    """Twin: ``game.loop._action_or_pass`` once decided: the Noble action ``mv`` (``chosen``), or a Pass."""
    if act(S, T, seat, ST, MVA, NK, MV, mv, chosen, R):
        react(S, T, ST, MV, R)


@njit(**J, inline="always")
def act(S, T, seat, ST, MVA, NK, MV, mv, chosen, R):
    """Twin: ``game.loop._action_or_pass`` once decided, up to the reaction: the Noble action ``mv`` and free
    settling (``chosen``; True: a stack may push out a disc), or a Pass (False)."""
    if not chosen:
        do_pass(S, T, seat, ST, True, S.trigger >= 0, False, R)
        return False
    noble_action(S, T, seat, ST, MVA, NK, mv, R)
    settle_free(S, T, seat, ST, MV, R)
    return True


@njit(**J, inline="always")
def end_now(S, T, why, ST, R):
    """Twin: ``game.loop.end_now``: 'Each player immediately Passes ... except the first step'."""
    S.trigger = why
    for s in range(S.n):
        do_pass(S, T, s, ST, False, False, True, R)


@njit(**J)
def game_done(S):
    """Twin: ``game.loop.play``'s loop test: every seat has finished."""
    for s in range(S.n):
        if not S.finished[s]:
            return False
    return True


@njit(**J)
def turn_over(S, T, seat, ST, debug, R):
    """Twin: ``game.loop.play`` after ``seat``'s turn: the turn counted, the invariants (``debug``), the end
    trigger, and the seat to play next; returns (the first failed invariant or 0, that seat)."""
    S.turns += 1
    if debug:
        bad = check(S, T)
        if bad:
            return bad, seat
    if S.trigger < 0:
        why = trigger(S, T)
        if why >= 0:
            end_now(S, T, why, ST, R)
    if S.extra_turn and not S.finished[seat]:
        return 0, seat
    n = S.n
    for step in range(1, n + 1):
        nxt = (seat + step) % n
        if not S.finished[nxt]:
            return 0, nxt
    return 0, seat


@njit(**J, inline="always")
def play(S, T, ST, max_turns, debug, R, MVA, NK, MV, mv):
    """Twin: ``game.loop.play`` from the position ``S`` (``S.current`` to play); returns the first failed invariant
    (``debug``) or 0."""
    seat = S.current
    while not game_done(S):
        if S.turns >= max_turns:
            S.trigger = 5
            break
        take_turn(S, T, seat, ST, MVA, NK, MV, mv, R)
        bad, seat = turn_over(S, T, seat, ST, debug, R)
        if bad:
            return bad
    game_ends(S, T, seat, R)
    return 0


@njit(**J)
def game_ends(S, T, seat, R):
    """Twin: ``game.loop.play`` once every seat has finished: the seat to play kept, the last Crusade."""
    S.current = seat
    if S.mods & MOD_CRU:  # module hook point: before final scoring (Module 14A, the last Crusade)
        game_over(S, T, R)
