"""The five Noble actions in the compiled engine as one table: legal move rows for an action and how to apply
one. Twin of ``game/actions.py``."""

from __future__ import annotations

from numba import njit

from sim.games.dark_ages.fast.alchemists import researched
from sim.games.dark_ages.fast.building import apply_build, build_options
from sim.games.dark_ages.fast.culture import apply_culture, apply_research, culture_options, research_options
from sim.games.dark_ages.fast.economy import on_action
from sim.games.dark_ages.fast.layout import A_BUILD, A_DOC, A_MANOEUVRE, A_RECRUIT, A_RESEARCH, MOD_ALCH, MOD_ROP
from sim.games.dark_ages.fast.military import apply_manoeuvre, apply_recruit, manoeuvre_options, recruit_options
from sim.games.dark_ages.fast.rise_of_poland import action_done
from sim.games.dark_ages.fast.stream import J


@njit(**J)
def action_options(S, T, seat, action, MV):
    """Twin: ``game.actions.options``: the legal moves of ``action`` into ``MV``; how many."""
    if action == A_BUILD:
        return build_options(S, T, seat, MV)
    if action == A_DOC:
        return culture_options(S, T, seat, MV)
    if action == A_RESEARCH:
        return research_options(S, T, seat, MV)
    if action == A_RECRUIT:
        return recruit_options(S, T, seat, MV, 0)
    return manoeuvre_options(S, T, seat, MV, 0, False)


@njit(**J)
def apply_action(S, T, seat, mv, ST, R):
    """Twin: ``game.actions.apply``: resolve the move row ``mv``; whether it initiated a battle."""
    a = mv[0]
    S.actions[seat] += 1
    if a == A_BUILD:
        apply_build(S, T, seat, mv[1], mv[2], mv[3], R)
        on_action(S, T, seat, A_BUILD)
    elif a == A_DOC:
        apply_culture(S, T, seat, mv[1], True, ST, R)
        on_action(S, T, seat, A_DOC)
    elif a == A_RESEARCH:
        apply_research(S, T, seat, mv[1], mv[2], mv[3], mv[4])
        on_action(S, T, seat, A_RESEARCH)
        if S.mods & MOD_ALCH:  # module hook point (Module 4, Alchemists)
            researched(S, T, seat)
    elif a == A_RECRUIT:
        apply_recruit(S, T, seat, mv[1], mv[2], ST, R)  # its own on_action: the reaction triggers it too
    else:
        battle = apply_manoeuvre(S, T, seat, mv[1], mv[2], mv[3], mv[4], mv[5], ST, R)
        on_action(S, T, seat, A_MANOEUVRE)
        if S.mods & MOD_ROP:  # module hook point (Module 15A: aiding Poland against the Veleti)
            action_done(S, T, seat, a, ST, R)
        return battle
    if S.mods & MOD_ROP:  # module hook point (Module 15A: aiding Poland, a flipped card's benefit)
        action_done(S, T, seat, a, ST, R)
    return False
