"""Playing a solo game (Module 1) in the compiled engine: the Lordlings and the player alternate, the Lordlings
first; Raid counterattacks replace a player's Noble action; the solo end triggers, the final round, the Raiders'
closing attack, the Lordlings' scoring. Twin of ``game/solo_loop.py``."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.dark_ages.fast.choices import choose_counterattack
from sim.games.dark_ages.fast.counting import level3
from sim.games.dark_ages.fast.ending import keep_vp, title_vp
from sim.games.dark_ages.fast.grand_buildings import final_vp as gb_final_vp
from sim.games.dark_ages.fast.layout import (
    HUMAN,
    LORDLINGS,
    MOD_GB,
    MOD_POPE,
    NVPS,
    O_AT_TRIGGER,
    O_TECH1,
    V_CHURCH,
    V_COG,
    V_MODULES,
    V_PROVINCES,
    V_REDSP,
    V_RESEARCH,
    V_TITLE,
)  # fmt: skip
from sim.games.dark_ages.fast.loop import react, take_turn
from sim.games.dark_ages.fast.lordlings import do_pass as lordling_pass
from sim.games.dark_ages.fast.lordlings import turn as lordling_turn_card
from sim.games.dark_ages.fast.passing import do_pass
from sim.games.dark_ages.fast.pope import final_vp
from sim.games.dark_ages.fast.raiders import attack, counterattack
from sim.games.dark_ages.fast.state import controller, holds_card, units_at
from sim.games.dark_ages.fast.stream import J


@njit(**J)
def trigger(S, T):
    """Twin: ``game.solo_loop.trigger``: the index in ``SOLO_TRIGGERS`` or -1."""
    if S.cities_left <= 0:
        return 0
    if S.churches_built >= T.end_churches_solo:
        return 1
    for s in range(2):
        if S.culture[s] >= T.cult_last:
            return 2
    if level3(S, HUMAN) >= T.end_l3:
        return 3
    if S.deck_ran_out:
        return 4
    up = S.solo_techs
    for k in range(3):
        up += S.military[LORDLINGS, k] - 1
    if up >= T.l_end_upgrades:
        return 5
    return -1


@njit(**J)
def lordling_score(S, T, out):
    """Twin: ``game.solo_loop.lordling_score`` into ``out``: LORDLING_CATEGORIES, "modules" and the
    total."""
    L = LORDLINGS
    out[0] = (T.diff_tech_vp if S.options & O_TECH1 else T.l_tech_vp) * S.solo_techs
    ctrl = np.zeros(T.np, np.int64)
    for q in range(T.np):
        ctrl[q] = controller(S, q) == L
    out[1] = keep_vp(S, T, ctrl, T.l_keep_vp)
    out[2] = T.cult_vp[min(S.culture[L], T.cult_last)]
    out[3] = T.farm_vp[min(S.farms_off[L], T.nfarmsp - 1)]
    out[4] = title_vp(S, T, L)
    out[5] = S.vp_by[L, V_CHURCH]
    out[6] = S.vp_by[L, V_RESEARCH]
    out[7] = S.vp_by[L, V_PROVINCES]
    out[8] = S.vp_by[L, V_TITLE]
    out[9] = S.vp_by[L, V_COG]
    out[10] = S.vp_by[L, V_REDSP]
    out[11] = S.vp_by[L, V_MODULES] + (final_vp(S, T, L) if S.mods & MOD_POPE else 0)  # "modules": the Pope's VP,
    if S.mods & MOD_GB:
        out[11] += gb_final_vp(S, T, L)  # Grand Buildings in Provinces the Lordlings control
    tot = 0
    for i in range(12):
        tot += out[i]
    for i in range(NVPS):  # any other in-game source (none expected)
        if i not in (V_CHURCH, V_RESEARCH, V_PROVINCES, V_TITLE, V_COG, V_REDSP, V_MODULES):
            tot += S.vp_by[L, i]
    out[12] = tot


# inline: a compiled function links and optimizes everything it calls again, so each level of the game loop
# with one caller is inlined into it rather than compiled on its own (a third less compiling on a cold cache)
@njit(**J, inline="always")
def lordling_turn(S, T, ST, MV, R):
    """Twin: ``game.solo_loop._lordling_turn``."""
    result = lordling_turn_card(S, T, R)
    if result:
        lordling_pass(S, T, result == 2, True, S.trigger >= 0, R)
    else:
        react(S, T, ST, MV, R)


@njit(**J, inline="always")
def player_turn(S, T, ST, MVA, NK, MV, mv, R):
    """Twin: ``game.solo_loop._player_turn``, ``game.raiders.counterattack_options``."""
    src = -1
    if not S.raids_off and S.party[0] + S.party[1] + S.party[2] > 0 and holds_card(S, HUMAN, T.rc_raid):
        places = np.empty(T.np, np.int64)
        m = 0
        for q in range(T.np):
            if units_at(S, HUMAN, q) > 0:
                places[m] = q
                m += 1
        if m:
            src = choose_counterattack(S, T, ST, S.strategy[HUMAN], places, m, R)
    if src >= 0:
        counterattack(S, T, src, ST, R)
    else:
        take_turn(S, T, HUMAN, ST, MVA, NK, MV, mv, R)


@njit(**J)
def end(S, T, why, ST, R):
    """Twin: ``game.solo_loop._end``."""
    S.trigger = why
    if S.options & O_AT_TRIGGER:
        attack(S, T, True, R)
        S.raided_at_end = 1
    S.raids_off = 1
    do_pass(S, T, HUMAN, ST, False, False, True, R)
    lordling_pass(S, T, False, False, False, R)


@njit(**J, inline="always")
def step(S, T, seat, ST, MVA, NK, MV, mv, R):
    """Twin: ``game.solo_loop.play_solo`` (one turn and the end check after it)."""
    if seat == LORDLINGS:
        lordling_turn(S, T, ST, MV, R)
    else:
        player_turn(S, T, ST, MVA, NK, MV, mv, R)
    turn_done(S, T, ST, R)


@njit(**J)
def turn_done(S, T, ST, R):
    """Twin: ``game.solo_loop.play_solo`` (the end check after a turn)."""
    S.turns += 1
    if S.trigger < 0:
        why = trigger(S, T)
        if why >= 0:
            end(S, T, why, ST, R)


@njit(**J)
def next_seat(S, seat):
    """Twin: ``game.solo_loop.play_solo`` (who plays next: an extra turn keeps the player)."""
    if seat == HUMAN and S.extra_turn and not S.finished[HUMAN]:
        return seat
    if not S.finished[1 - seat]:
        return 1 - seat
    return seat


@njit(**J, inline="always")
def play_solo(S, T, ST, max_turns, R, MVA, NK, MV, mv):
    """Twin: ``game.solo_loop.play_solo`` from the position ``S``."""
    seat = S.current
    while not (S.finished[HUMAN] and S.finished[LORDLINGS]):
        if S.turns >= max_turns:
            S.trigger = 6
            break
        step(S, T, seat, ST, MVA, NK, MV, mv, R)
        seat = next_seat(S, seat)
    S.current = seat
    if not S.raided_at_end:
        attack(S, T, True, R)
