"""Battles inside a game in the compiled engine: armies from the position, the Battle Sequence, and the outcome
applied to the position (retreats, Farms and Revanchism, Capital raids, trophies and rewards), each battle
recorded by kind. Twin of ``game/combat.py``."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.dark_ages.fast.ages_of_war import battle_effects as aow_battle_effects
from sim.games.dark_ages.fast.ages_of_war import battle_ended as aow_battle_ended
from sim.games.dark_ages.fast.ages_of_war import battle_started as aow_battle_started
from sim.games.dark_ages.fast.alliances import battle_started
from sim.games.dark_ages.fast.battle_sequence import fight, lost, muster, survivors
from sim.games.dark_ages.fast.choices import pick_resource
from sim.games.dark_ages.fast.commanders import battle_begun, battle_effects, battle_won
from sim.games.dark_ages.fast.distant_campaigns import attacker_retreat as dc_retreat
from sim.games.dark_ages.fast.distant_campaigns import battle_won as dc_battle_won
from sim.games.dark_ages.fast.economy import gain_culture, gain_vp
from sim.games.dark_ages.fast.grand_buildings import defence_bonus
from sim.games.dark_ages.fast.layout import (
    E_CANCEL,
    E_DIE,
    E_HIT,
    F_LORDLING,
    F_PLAYER,
    F_RAIDER,
    K_BARBARIAN,
    K_LORDLING,
    K_PLAYER,
    MAX_UNITS,
    MOD_ALLY,
    MOD_AOW,
    MOD_CMD,
    MOD_DC,
    MOD_GB,
    MOD_TRIB,
    O_CUMUL,
    V_BARB,
    V_RAID,
)  # fmt: skip
from sim.games.dark_ages.fast.state import (
    add_units,
    capital,
    controller,
    hand_remove,
    holds_card,
    most_held,
    place,
    strongest_neighbour,
    units_at,
)  # fmt: skip
from sim.games.dark_ages.fast.stream import J, rand_below
from sim.games.dark_ages.fast.tribute import capital_won


@njit(**J)
def card_effects(S, T, seat, eff):
    """Twin: ``game.combat._card_effects``, ``game.battle_sequence.effects_from_cards``,
    ``game.battle_sequence.Effects``: eff[0:3] extra dice, eff[3:6] extra hits, eff[6] cancel."""
    for i in range(7):
        eff[i] = 0
    if seat < 0:
        return
    for j in range(S.ntech[seat]):
        c, lev = S.tech_card[seat, j], S.tech_level[seat, j]
        for e in range(T.vis_n[c, lev]):
            k = T.vis_lv[c, lev, e]
            kind = T.lv_kind[c, k]
            if kind == E_DIE:
                eff[T.lv_phase[c, k]] += T.lv_amt[c, k]
            elif kind == E_HIT:
                eff[3 + T.lv_phase[c, k]] += T.lv_amt[c, k]
            elif kind == E_CANCEL:
                eff[6] += T.lv_amt[c, k]
    if S.mods & MOD_AOW:  # module hook point (Module 9: a played Combat card's benefits)
        aow_battle_effects(S, T, seat, eff)
    if S.mods & MOD_CMD:  # (Module 6: the Commander present at the battle)
        battle_effects(S, T, seat, eff)


@njit(**J)
def ties(S, T):
    """Twin: ``game.modules.ages_of_war._context``: 'the attacker wins ties in Battle, as long as at least one of
    their units survives' (Module 9, also against Barbarians), or the rules' own ``attacker_wins_ties``."""
    return T.attacker_wins_ties or (S.mods & MOD_AOW) != 0


@njit(**J)
def keep_bonus(S, T, seat, q, contested):
    """Twin: ``game.combat._keep_bonus``: +1s for each Keep level the side controls around (and in) ``q``."""
    t = 0
    for i in range(T.nein[q]):
        x = T.nei[q, i]
        if S.keep[x] > 0 and controller(S, x) == seat:
            t += S.keep[x]
    if contested and S.keep[q] > 0 and controller(S, q) == seat:
        t += S.keep[q]
    return min(t * T.keep_bonus, T.max_neigh_keeps)


@njit(**J)
def record(S, kind, won, UA, na, UD, nd):
    """Twin: ``game.state.BattleLog.record``, ``game.combat._lost``."""
    S.battles[kind] += 1
    S.attacker_wins[kind] += won
    S.attacker_lost[kind] += lost(UA, na)
    S.defender_lost[kind] += lost(UD, nd)


@njit(**J)
def attack_barbarians(S, T, seat, src, dst, group, R):
    """Twin: ``game.combat.attack_barbarians``, ``game.combat._reward``; the group has left ``src``."""
    tok = S.barbarian[dst]
    tr = S.trophies[seat]
    UA = np.empty((MAX_UNITS, 9), np.int64)
    UD = np.empty((MAX_UNITS, 9), np.int64)
    lv = np.empty(3, np.int64)
    for k in range(3):
        lv[k] = S.military[seat, k]
    na = muster(UA, 0, T, F_PLAYER, lv, group, np.zeros(3, np.int64))
    for k in range(3):
        lv[k] = T.barb_level
    row = min(tr, T.ntroph - 1)
    extra = T.trophy_units[row].copy()
    cards = np.zeros(2, np.int64)
    if S.solo:
        if S.options & O_CUMUL:
            extra = T.trophy_cum[row].copy()
        for k in range(3):
            extra[k] += S.barbarian_extra[dst, k]
        cards[0] = holds_card(S, seat, T.rc_reinforce)
    nd = muster(UD, 0, T, F_RAIDER, lv, T.tok_units[tok], extra)
    if S.mods & MOD_CMD:  # module hook point (Module 6: a Commander present at the battle)
        battle_begun(S, T, seat, -1, dst)
    effa = np.empty(7, np.int64)
    effd = np.zeros(7, np.int64)
    card_effects(S, T, seat, effa)
    win = fight(UA, na, UD, nd, keep_bonus(S, T, seat, dst, False), 0, 0, effa, effd, cards, ties(S, T), T, S.dice, R)
    record(S, K_BARBARIAN, win, UA, na, UD, nd)
    if cards[0] == 2:
        hand_remove(S, seat, T.rc_reinforce)
    alive = np.empty(3, np.int64)
    survivors(UA, na, alive)
    for k in range(3):
        S.supply[seat, k] += group[k] - alive[k]
    if S.mods & MOD_DC:  # module hook point (Module 10: a Campaign's battle)
        dc_battle_won(S, T, seat, dst, win)
    if S.mods & MOD_CMD:
        battle_won(S, seat, dst, win)
    if not win:
        retreat_attacker(S, T, seat, src, dst, alive)
        return False
    S.barbarian[dst] = -1
    for k in range(3):
        S.barbarian_extra[dst, k] = 0
    gain_vp(S, seat, T.trophy_vp[min(tr, T.ntroph_vp - 1)], V_BARB)
    S.trophies[seat] += 1
    kind = T.tok_rkind[tok]
    if kind == 0:
        S.gold[seat] += T.tok_ramt[tok]
    elif kind == 1:
        for _ in range(T.tok_ramt[tok]):
            S.res[seat, pick_resource(S, seat)] += 1
    elif kind == 2:
        gain_culture(S, T, seat, T.tok_ramt[tok])
    elif kind == 3:
        gain_vp(S, seat, T.tok_rvp[tok], V_BARB)
    else:
        S.extra_turn = 1
    place(S, seat, dst, alive)
    return True


@njit(**J)
def attack_player(S, T, seat, src, dst, group, ds, R):
    """Twin: ``game.combat.attack_player``, ``game.combat._raid_capital``; the group has left ``src``."""
    if S.mods & MOD_ALLY:  # module hook point (Module 5, breaking an Alliance)
        battle_started(S, T, seat, ds)
    if S.mods & MOD_AOW:  # (Module 9: a Combat card played)
        aow_battle_started(S, seat)
    farms = S.farms[dst]
    extra = np.zeros(3, np.int64)
    extra[T.farm_transient] += farms
    if S.city[dst]:
        extra[T.city_transient] += 1
    keep = S.keep[dst]
    if S.mods & MOD_GB:  # module hook point (Module 3: a defensive Grand Building adds to the Battle Result)
        keep += defence_bonus(S, T, ds, dst)
    defending = np.empty(3, np.int64)
    for k in range(3):
        defending[k] = S.units[ds, dst, k]
    UA = np.empty((MAX_UNITS, 9), np.int64)
    UD = np.empty((MAX_UNITS, 9), np.int64)
    lv = np.empty(3, np.int64)
    for k in range(3):
        lv[k] = S.military[seat, k]
    na = muster(UA, 0, T, F_PLAYER, lv, group, np.zeros(3, np.int64))
    for k in range(3):
        lv[k] = S.military[ds, k]
    lordling = S.ruler[ds] < 0
    nd = muster(UD, 0, T, F_LORDLING if lordling else F_PLAYER, lv, defending, extra)
    bonus_a = keep_bonus(S, T, seat, dst, False)
    bonus_d = keep_bonus(S, T, ds, dst, True)
    if S.mods & MOD_CMD:  # module hook point (Module 6: Commanders present at the battle)
        battle_begun(S, T, seat, ds, dst)
    effa = np.empty(7, np.int64)
    effd = np.empty(7, np.int64)
    card_effects(S, T, seat, effa)
    card_effects(S, T, ds, effd)
    cards = np.zeros(2, np.int64)
    if S.solo:
        cards[0] = holds_card(S, seat, T.rc_reinforce)
        cards[1] = holds_card(S, ds, T.rc_reinforce)
    win = fight(UA, na, UD, nd, bonus_a, bonus_d, keep, effa, effd, cards, ties(S, T), T, S.dice, R)
    record(S, K_LORDLING if lordling else K_PLAYER, win, UA, na, UD, nd)
    if S.mods & MOD_AOW:  # module hook point (Module 9: War tokens and Reclaim bonuses)
        aow_battle_ended(S, T, seat, ds, win)
    if S.mods & MOD_DC:  # module hook point (Module 10: a Campaign's battle)
        dc_battle_won(S, T, seat, dst, win)
    if S.mods & MOD_CMD:
        battle_won(S, seat, dst, win)
    if cards[0] == 2:
        hand_remove(S, seat, T.rc_reinforce)
    if cards[1] == 2:
        hand_remove(S, ds, T.rc_reinforce)
    alive = np.empty(3, np.int64)
    held = np.empty(3, np.int64)
    survivors(UA, na, alive)
    survivors(UD, nd, held)
    for k in range(3):
        S.supply[seat, k] += group[k] - alive[k]
        S.units[ds, dst, k] = 0
        S.supply[ds, k] += defending[k] - held[k]
    if not win or dst == capital(S, T, ds):
        place(S, ds, dst, held)
        if win:
            place(S, seat, src, alive)
        else:
            retreat_attacker(S, T, seat, src, dst, alive)
        if win:  # raid the Capital
            for _ in range(T.capital_theft):
                if S.gold[ds] > 0:
                    S.gold[ds] -= 1
                    S.gold[seat] += 1
                else:
                    rich = most_held(S, ds)
                    if S.res[ds, rich] > 0:
                        S.res[ds, rich] -= 1
                        S.res[seat, rich] += 1
            gain_vp(S, seat, army_limit(S, T, ds), V_RAID)
            if S.mods & MOD_TRIB:  # module hook point (Module 11, Tribute)
                capital_won(S, seat, ds)
        return win
    retreat(S, T, ds, dst, held, R)
    if farms:
        lose_farms(S, T, ds, dst, R)
    place(S, seat, dst, alive)
    return True


@njit(**J)
def retreat_attacker(S, T, seat, src, dst, alive):
    """Twin: ``game.combat._retreat_attacker``: a beaten attacker goes back where it came from; after a distant
    Campaign (Module 10) next to the target, or it dies."""
    back = dc_retreat(S, T, seat, src, dst) if S.mods & MOD_DC else src
    if back < 0:
        for k in range(3):
            S.supply[seat, k] += alive[k]
    else:
        place(S, seat, back, alive)


@njit(**J)
def army_limit(S, T, seat):
    """Twin: ``upkeep.army_limit``: the rightmost visible value on the Farm track."""
    return T.farm_limit[min(S.farms_off[seat], T.nfarmsp - 1)]


@njit(**J)
def fewest(S, T, seat, lost_q, R):
    """Twin: ``game.combat._fewest`` over the in-play neighbours of ``lost_q`` the seat controls (-1 if none)."""
    low, m = 1 << 40, 0
    for i in range(T.nein[lost_q]):
        x = T.nei[lost_q, i]
        if S.in_play[x] and controller(S, x) == seat:
            low = min(low, units_at(S, seat, x))
            m += 1
    if m == 0:
        return -1
    m = 0
    for i in range(T.nein[lost_q]):  # neighbours are sorted ids
        x = T.nei[lost_q, i]
        if S.in_play[x] and controller(S, x) == seat and units_at(S, seat, x) == low:
            m += 1
    j = rand_below(R, m)
    for i in range(T.nein[lost_q]):
        x = T.nei[lost_q, i]
        if S.in_play[x] and controller(S, x) == seat and units_at(S, seat, x) == low:
            if j == 0:
                return x
            j -= 1
    return -1


@njit(**J)
def retreat(S, T, ds, dst, held, R):
    """Twin: ``game.combat.retreat``: a player to the neighbour holding most of their units, the Lordlings to the
    fewest."""
    if held[0] + held[1] + held[2] == 0:
        return
    best = fewest(S, T, ds, dst, R) if S.ruler[ds] < 0 else strongest_neighbour(S, T, ds, dst)
    if best < 0:
        for k in range(3):
            S.supply[ds, k] += held[k]
    else:
        place(S, ds, best, held)


@njit(**J)
def lose_farms(S, T, ds, dst, R):
    """Twin: ``game.combat.lose_farms``: the Farms go back to the track; Revanchism (the Lordlings: next to
    ``dst``)."""
    farms = S.farms[dst]
    S.farms[dst] = 0
    S.farm_owner[dst] = -1
    S.farms_off[ds] -= farms
    for _ in range(farms):
        home = capital(S, T, ds)
        if home < 0:
            home = fewest(S, T, ds, dst, R)
        if home >= 0 and S.supply[ds, 0] > 0:
            S.supply[ds, 0] -= 1
            add_units(S, ds, home, 0, 1)
