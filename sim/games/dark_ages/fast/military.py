"""Recruit, Settling, Manoeuvre (the Army limit check, moves, battles) and Regroup in the compiled engine: legal
moves and their effects. Twin of ``game/military.py`` (and ``upkeep.py``). A Manoeuvre row: A_MANOEUVRE, src, dst,
then the moving group's count of each unit type (every unit there, or all but the weakest)."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.dark_ages.fast.choices import hire_commander, upkeep_gold
from sim.games.dark_ages.fast.combat import army_limit, attack_barbarians, attack_player
from sim.games.dark_ages.fast.commanders import can_hire, hire, manoeuvres, moved, recruits
from sim.games.dark_ages.fast.crusades import manoeuvre_started as cru_started
from sim.games.dark_ages.fast.distant_campaigns import manoeuvre_started as dc_started
from sim.games.dark_ages.fast.distant_campaigns import manoeuvres as dc_manoeuvres
from sim.games.dark_ages.fast.distant_campaigns import settle_cost as dc_settle_cost
from sim.games.dark_ages.fast.distant_campaigns import settled
from sim.games.dark_ages.fast.economy import affordable, discounted, effect_sum, on_action, spend
from sim.games.dark_ages.fast.grand_buildings import recruit_discount
from sim.games.dark_ages.fast.layout import (
    A_MANOEUVRE,
    A_RECRUIT,
    A_SETTLE,
    E_DISCOUNT,
    K_COMMANDER,
    M_SETTLE,
    MOD_CMD,
    MOD_CRU,
    MOD_DC,
    MOD_GB,
)  # fmt: skip
from sim.games.dark_ages.fast.state import (
    add_units,
    controller,
    groups,
    place,
    put,
    remove_units,
    units_at,
    units_in_play,
    weakest,
)  # fmt: skip
from sim.games.dark_ages.fast.stream import J


@njit(**J)
def recruit_cost(S, T, seat, kind, q, out):
    """Twin: ``game.military._recruit_cost`` into ``out`` (``q``: the Province recruited in)."""
    cut = effect_sum(S, T, seat, E_DISCOUNT, A_RECRUIT)
    if S.mods & MOD_GB:  # module hook point (Module 3: a Grand Building's recruit discount there)
        cut += recruit_discount(S, T, seat, q)
    discounted(S, seat, T.recruit[kind, S.military[seat, kind]], cut, out)


@njit(**J)
def recruit_options(S, T, seat, MV, k0):
    """Twin: ``game.military.recruit_options``, appended at row ``k0``: (A_RECRUIT, kind, q)."""
    k = k0
    tmp = np.empty(4, np.int64)
    for kind in range(3):
        if S.supply[seat, kind] <= 0:
            continue
        if S.mods & MOD_GB:  # costs may differ by Province (Module 3)
            for q in range(T.np):
                if S.city[q] and controller(S, q) == seat:
                    recruit_cost(S, T, seat, kind, q, tmp)
                    if affordable(S, seat, tmp):
                        k = put(MV, k, A_RECRUIT, kind, q, 0, 0, 0)
            continue
        recruit_cost(S, T, seat, kind, -1, tmp)
        if affordable(S, seat, tmp):
            for q in range(T.np):
                if S.city[q] and controller(S, q) == seat:
                    k = put(MV, k, A_RECRUIT, kind, q, 0, 0, 0)
    if S.mods & MOD_CMD:  # module hook point (Module 6: a Recruit that hires only a Commander)
        k = recruits(S, T, seat, MV, k)
    return k


@njit(**J)
def apply_recruit(S, T, seat, kind, q, ST, R):
    """Twin: ``game.military.apply_recruit``, ``game.modules.commanders.Commanders.recruited``,
    ``game.modules.commanders.Commanders.module_recruit``."""
    if kind == K_COMMANDER:  # module hook point (Module 6: the Recruit hires only a Commander)
        if can_hire(S, T, seat):
            hire(S, T, seat, q)
        on_action(S, T, seat, A_RECRUIT)
        return
    tmp = np.empty(4, np.int64)
    recruit_cost(S, T, seat, kind, q, tmp)
    spend(S, seat, tmp)
    S.supply[seat, kind] -= 1
    add_units(S, seat, q, kind, 1)
    on_action(S, T, seat, A_RECRUIT)
    if S.mods & MOD_CMD and can_hire(S, T, seat) and hire_commander(S, seat, ST, R):  # module hook point
        hire(S, T, seat, q)


@njit(**J)
def settle_cost(S, T, seat, q):
    """Twin: ``game.military._settle_cost``: the Ruler card's value less settle discounts, at least the floor."""
    cost = max(T.settle_min, T.settle_cost[S.ruler[seat], q] - effect_sum(S, T, seat, E_DISCOUNT, A_SETTLE))
    if S.mods & MOD_DC:  # module hook point (Module 10: a won Campaign's settle cost)
        return dc_settle_cost(S, T, seat, q, cost)
    return cost


@njit(**J)
def strength(S, T, seat, q):
    """Twin: ``game.military._strength``, ``game.military.settle_weight``."""
    t = 0
    for k in range(3):
        t += T.settle_weight[S.military[seat, k]] * S.units[seat, q, k]
    return t


@njit(**J)
def settle_options(S, T, seat, MV):
    """Twin: ``game.military.settle_options``: (M_SETTLE, q)."""
    if S.farms_off[seat] >= T.track_farms:
        return 0
    k = 0
    for q in range(T.np):
        if units_at(S, seat, q) > 0 and S.farms[q] == 0 and strength(S, T, seat, q) >= settle_cost(S, T, seat, q):
            k = put(MV, k, M_SETTLE, q, 0, 0, 0, 0)
    return k


@njit(**J)
def apply_settle(S, T, seat, q):
    """Twin: ``game.military.apply_settle``: return units worth the settle cost, weakest first; place a Farm."""
    need = settle_cost(S, T, seat, q)
    while need > 0:
        k = weakest(S, seat, q)
        remove_units(S, seat, q, k, 1, True)
        need -= T.settle_weight[S.military[seat, k]]
    S.farm_owner[q] = seat
    S.farms[q] = 1
    S.farms_off[seat] += 1
    if S.mods & MOD_DC:  # module hook point (Module 10: the Campaign card is used)
        settled(S, T, seat, q)


@njit(**J)
def manoeuvre_options(S, T, seat, MV, k0, regroup):
    """Twin: ``game.military.manoeuvre_options``, ``game.military.regroup_options`` (``regroup``: its filter)."""
    k = k0
    g = np.zeros(6, np.int64)
    for src in range(T.np):
        ng = groups(S, seat, src, g)
        if ng == 0:
            continue
        for i in range(T.nein[src]):
            dst = T.nei[src, i]
            if not S.in_play[dst]:
                continue
            if regroup:
                if S.barbarian[dst] >= 0:
                    continue
                o = controller(S, dst)
                if o >= 0 and o != seat:
                    continue
            for j in range(ng):
                k = put(MV, k, A_MANOEUVRE, src, dst, g[3 * j], g[3 * j + 1], g[3 * j + 2])
    if S.mods & MOD_DC:  # module hook point (Module 10: Campaign moves)
        k = dc_manoeuvres(S, T, seat, MV, k, regroup)
    if S.mods & MOD_CMD:  # module hook point (Module 6: the Commander moving alone; regroup-safe by its rule)
        k = manoeuvres(S, T, seat, MV, k)
    return k


@njit(**J)
def upkeep(S, T, seat, src, ST, R):
    """Twin: ``game.military.upkeep``, ``upkeep.excess_units``: the Army limit check; the strategy names how many
    excess units it pays Gold for, the rest go back to the supply (the biggest other stack's weakest unit first)."""
    excess = max(0, units_in_play(S, T, seat) - army_limit(S, T, seat))
    if not excess:
        return
    price = T.excess_gold
    can = S.gold[seat] // price if price else excess
    paid = max(0, min(excess, can, upkeep_gold(S, seat, ST, S.strategy[seat], excess, R)))
    S.gold[seat] -= paid * price
    for _ in range(excess - paid):
        best, bt = -1, -1
        for q in range(T.np):
            if q != src:
                t = units_at(S, seat, q)
                if t > 0 and t >= bt:  # ties: the larger Province id
                    best, bt = q, t
        q = best if best >= 0 else src
        remove_units(S, seat, q, weakest(S, seat, q), 1, True)


@njit(**J)
def apply_manoeuvre(S, T, seat, src, dst, g0, g1, g2, ST, R):
    """Twin: ``game.military.apply_manoeuvre``: the Army limit check, then the move; whether a battle was fought."""
    if S.mods & MOD_CRU:  # module hook point (Module 14A: contributing to a Crusade before the Army limit check)
        cru_started(S, T, seat, src)
    if S.mods & MOD_DC:  # module hook point (Module 10: a Campaign card played)
        dc_started(S, T, seat, src, dst)
    if S.mods & MOD_CMD:  # module hook point (Module 6: the Commander goes with the group)
        moved(S, seat, src, dst)
    upkeep(S, T, seat, src, ST, R)
    moving = np.empty(3, np.int64)
    moving[0], moving[1], moving[2] = g0, g1, g2
    tot = 0
    for k in range(3):
        moving[k] = min(moving[k], S.units[seat, src, k])
        tot += moving[k]
    if tot == 0:
        return False
    for k in range(3):
        if moving[k]:
            remove_units(S, seat, src, k, moving[k], False)
    if S.barbarian[dst] >= 0:
        attack_barbarians(S, T, seat, src, dst, moving, R)
        return True
    o = controller(S, dst)
    if o >= 0 and o != seat:
        attack_player(S, T, seat, src, dst, moving, o, R)
        return True
    place(S, seat, dst, moving)
    return False


@njit(**J)
def apply_regroup(S, seat, src, dst, g):
    """Twin: ``game.military.apply_regroup``."""
    if S.mods & MOD_CMD:  # module hook point (Module 6: a Commander regroups with the group, or alone)
        moved(S, seat, src, dst)
    for t in range(3):
        if g[t]:
            remove_units(S, seat, src, t, g[t], False)
            add_units(S, seat, dst, t, g[t])
