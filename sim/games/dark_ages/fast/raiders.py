"""Module 1 Raiders in the compiled engine: Raider cards revealed into and discarded from the offer, the Raiding
Party, its attacks on the player's Provinces and the player's counterattacks with a Raid card. Twin of
``game/raiders.py``."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.dark_ages.fast.battle_sequence import fight, muster, survivors
from sim.games.dark_ages.fast.combat import card_effects, keep_bonus, lose_farms, record, retreat, ties
from sim.games.dark_ages.fast.commanders import battle_begun
from sim.games.dark_ages.fast.commanders import province_razed as cmd_razed
from sim.games.dark_ages.fast.economy import gain_vp
from sim.games.dark_ages.fast.grand_buildings import defence_bonus, province_razed
from sim.games.dark_ages.fast.layout import (
    CT_RAIDER,
    F_PLAYER,
    F_RAIDER,
    FX_ADD,
    FX_ATTACK,
    FX_UPGRADE,
    HUMAN,
    K_COUNTER,
    K_RAIDER,
    MAX_UNITS,
    MOD_CMD,
    MOD_GB,
    O_UPG_LOSS,
    V_RAIDERS,
)  # fmt: skip
from sim.games.dark_ages.fast.military import upkeep
from sim.games.dark_ages.fast.state import add_units, capital, controller, hand_remove, holds_card, place, units_at
from sim.games.dark_ages.fast.stream import J, rand_below


@njit(**J)
def d20(T, R):
    """Twin: ``game.raiders.d20``."""
    return 1 + rand_below(R, T.l_die)


@njit(**J)
def rolled_type(T, R):
    """Twin: ``game.raiders.rolled_type``: Upgrading Unit Types (solo.yaml raiders.upgrade_roll)."""
    r = d20(T, R)
    for i in range(T.n_upgrade_roll):
        if r <= T.upgrade_roll[i, 0]:
            return T.upgrade_roll[i, 1]
    return T.upgrade_roll[T.n_upgrade_roll - 1, 1]


@njit(**J)
def upgrade_raider(S, T, R):
    """Twin: ``game.raiders.upgrade_raider``."""
    k = rolled_type(T, R)
    S.raider_level[k] = min(S.raider_level[k] + 1, T.raider_max)


@njit(**J)
def draw_tokens(S, T, n):
    """Twin: ``game.raiders.draw_tokens``: tokens onto the Raiding Party, from the end of the pool."""
    for _ in range(n):
        if S.pool_n > 0:
            S.pool_n -= 1
            t = S.pool[S.pool_n]
            S.pool[S.pool_n] = 0
            S.party_tokens[S.party_tokens_n] = t
            S.party_tokens_n += 1
            for k in range(3):
                S.party[k] += T.tok_units[t, k]


@njit(**J)
def disband(S):
    """Twin: ``game.raiders.disband``: the party's tokens go to the front of the pool."""
    npt, ntp = S.party_tokens_n, S.pool_n
    for i in range(ntp - 1, -1, -1):
        S.pool[npt + i] = S.pool[i]
    for i in range(npt):
        S.pool[i] = S.party_tokens[i]
        S.party_tokens[i] = 0
    S.pool_n = ntp + npt
    S.party_tokens_n = 0
    for k in range(3):
        S.party[k] = 0


@njit(**J)
def pool_front(S, t):
    """Twin: ``game.solo_state.SoloState.board_pool`` (``insert(0, token)``): Module 7's map pool when it is split
    from the Raiding Party's."""
    if S.map_split:
        S.map_pool_n = insert_front(S.map_pool, S.map_pool_n, t)
    else:
        S.pool_n = insert_front(S.pool, S.pool_n, t)


@njit(**J)
def insert_front(pool, n, t):
    """Twin: none (a helper: ``pool.insert(0, t)`` on the ``n`` tokens of ``pool``; returns the new count)."""
    for i in range(n - 1, -1, -1):
        pool[i + 1] = pool[i]
    pool[0] = t
    return n + 1


@njit(**J)
def board_pop(S):
    """Twin: ``game.solo_state.SoloState.board_pool`` (``pop()``): the token for the map, -1 when none is left."""
    if S.map_split:
        if S.map_pool_n == 0:
            return -1
        S.map_pool_n -= 1
        return take_last(S.map_pool, S.map_pool_n)
    if S.pool_n == 0:
        return -1
    S.pool_n -= 1
    return take_last(S.pool, S.pool_n)


@njit(**J)
def take_last(pool, n):
    """Twin: none (a helper: the token at ``pool[n]``, its slot cleared)."""
    t = pool[n]
    pool[n] = 0
    return t


@njit(**J)
def pick_target(S, T, R):
    """Twin: ``game.raiders.pick_target``: a random Province the player controls other than the Capital."""
    cap = capital(S, T, HUMAN)
    m = 0
    for q in range(T.np):
        if q != cap and controller(S, q) == HUMAN:
            m += 1
    if m == 0:
        S.target = -1
        return
    j = rand_below(R, m)
    for q in range(T.np):
        if q != cap and controller(S, q) == HUMAN:
            if j == 0:
                S.target = q
                return
            j -= 1


@njit(**J)
def ensure_target(S, T, R):
    """Twin: ``game.raiders.ensure_target``."""
    t = S.target
    if t < 0 or controller(S, t) != HUMAN:
        pick_target(S, T, R)


@njit(**J, inline="always")
def fight_raid(S, T, where, R):
    """Twin: ``game.raiders._fight_raid``: the Raiding Party attacks the player's Province ``where``."""
    hb = HUMAN
    farms = S.farms[where]
    extra = np.zeros(3, np.int64)
    extra[T.farm_transient] += farms
    if S.city[where]:
        extra[T.city_transient] += 1
    defending = np.empty(3, np.int64)
    for k in range(3):
        defending[k] = S.units[hb, where, k]
    keep = S.keep[where]
    if S.mods & MOD_GB:  # module hook point (Module 3: a defensive Grand Building)
        keep += defence_bonus(S, T, hb, where)
    if S.mods & MOD_CMD:  # (Module 6: a Commander present)
        battle_begun(S, T, -1, hb, where)
    UA = np.empty((MAX_UNITS, 9), np.int64)
    UD = np.empty((MAX_UNITS, 9), np.int64)
    lv = np.empty(3, np.int64)
    party = np.empty(3, np.int64)
    for k in range(3):
        lv[k] = S.raider_level[k]
        party[k] = S.party[k]
    na = muster(UA, 0, T, F_RAIDER, lv, party, np.zeros(3, np.int64))
    for k in range(3):
        lv[k] = S.military[hb, k]
    nd = muster(UD, 0, T, F_PLAYER, lv, defending, extra)
    effa = np.zeros(7, np.int64)
    effd = np.empty(7, np.int64)
    card_effects(S, T, hb, effd)
    cards = np.zeros(2, np.int64)
    cards[1] = holds_card(S, hb, T.rc_reinforce)
    win = fight(UA, na, UD, nd, 0, keep_bonus(S, T, hb, where, True), keep, effa, effd, cards, ties(S, T), T, S.dice, R)
    record(S, K_RAIDER, win, UA, na, UD, nd)
    if cards[1] == 2:
        hand_remove(S, hb, T.rc_reinforce)
    held = np.empty(3, np.int64)
    survivors(UD, nd, held)
    for k in range(3):
        S.units[hb, where, k] = 0
        S.supply[hb, k] += defending[k] - held[k]
    if not win:
        place(S, hb, where, held)
        S.gold[hb] += T.raid_win_gold
        disband(S)
        if S.options & O_UPG_LOSS:
            upgrade_raider(S, T, R)
        return
    retreat(S, T, hb, where, held, R)
    if S.farms[where] > 0:
        lose_farms(S, T, hb, where, R)
    for r in range(4):
        S.buildings[where, r] = 0
    S.buildings[where, T.pres[where]] = 1
    if S.mods & MOD_GB:  # module hook point (Module 3: 'remove all buildings (including Grand Buildings)')
        province_razed(S, where)
    if S.mods & MOD_CMD:  # (Module 6: the Commander retreats as a beaten defender's)
        cmd_razed(S, where)
    S.city[where] = 0
    S.keep[where] = 0
    if S.church_in[where]:
        n = S.church_n
        j = 0
        while S.churches[j] != where:
            j += 1
        for i in range(j, n - 1):
            S.churches[i] = S.churches[i + 1]
        S.churches[n - 1] = 0
        S.church_n = n - 1
        S.church_in[where] = 0
    left = np.empty(3, np.int64)
    survivors(UA, na, left)
    disband(S)
    t = board_pop(S)
    if t >= 0:
        S.barbarian[where] = t
        for k in range(3):
            S.barbarian_extra[where, k] = left[k]
    ensure_target(S, T, R)


@njit(**J)
def attack(S, T, forced, R):
    """Twin: ``game.raiders.attack``: 5 VP lost with no target; else the target or a neighbour of it."""
    if S.raids_off and not forced:
        return
    ensure_target(S, T, R)
    S.raider_attacks += 1
    where = S.target
    if where < 0:
        gain_vp(S, HUMAN, -T.no_target_vp, V_RAIDERS)
        return
    if d20(T, R) >= T.attack_nb_from:
        cap = capital(S, T, HUMAN)
        low, best = 1 << 40, -1
        for i in range(T.nein[where]):
            x = T.nei[where, i]
            if x != cap and controller(S, x) == HUMAN:
                t = units_at(S, HUMAN, x)
                if t < low or (t == low and x < best):
                    low, best = t, x
        if best >= 0:
            where = best
    if S.party[0] + S.party[1] + S.party[2] > 0:
        fight_raid(S, T, where, R)
    draw_tokens(S, T, T.raid_new_tokens)


@njit(**J)
def apply_effect(S, T, fx, R):
    """Twin: ``game.raiders._apply``: add a Raider, upgrade one, or attack."""
    if fx == FX_ADD:
        S.party[rolled_type(T, R)] += 1
    elif fx == FX_UPGRADE:
        upgrade_raider(S, T, R)
    elif fx == FX_ATTACK:
        attack(S, T, False, R)


@njit(**J)
def revealed(S, T, card, R):
    """Twin: ``game.raiders.revealed`` (a Surprise leaves the offer, which refills, and the new card is
    revealed)."""
    while T.c_type[card] == CT_RAIDER:
        if S.target < 0:
            pick_target(S, T, R)
        fx = T.reveal_fx[card - T.rc_raid]
        if card == T.rc_surprise:
            n = S.offer_n
            j = 0
            while S.offer[j] != card:
                j += 1
            for i in range(j, n - 1):
                S.offer[i] = S.offer[i + 1]
            S.offer[n - 1] = -1
            n -= 1
            S.offer_n = n
            if S.deck_p < S.deck_n:
                S.offer[n] = S.deck[S.deck_p]
                S.offer_n = n + 1
                S.deck_p += 1
                if S.deck_p == S.deck_n:
                    S.deck_ran_out = 1
                apply_effect(S, T, fx, R)
                card = S.offer[n]
                continue
        apply_effect(S, T, fx, R)
        return


@njit(**J)
def discarded(S, T, card, R):
    """Twin: ``game.raiders.discarded``: a Raider card leaving the offer untaken triggers its penalty."""
    if T.c_type[card] == CT_RAIDER:
        apply_effect(S, T, T.discard_fx[card - T.rc_raid], R)


@njit(**J)
def counterattack(S, T, src, ST, R):
    """Twin: ``game.raiders.counterattack``: the Raid card, an Army limit check, then the units in ``src`` fight
    the Raiding Party."""
    hand_remove(S, HUMAN, T.rc_raid)
    upkeep(S, T, HUMAN, src, ST, R)
    group = np.empty(3, np.int64)
    for k in range(3):
        group[k] = S.units[HUMAN, src, k]
        S.units[HUMAN, src, k] = 0
    if group[0] + group[1] + group[2] == 0:
        return
    UA = np.empty((MAX_UNITS, 9), np.int64)
    UD = np.empty((MAX_UNITS, 9), np.int64)
    lv = np.empty(3, np.int64)
    party = np.empty(3, np.int64)
    for k in range(3):
        lv[k] = S.military[HUMAN, k]
    na = muster(UA, 0, T, F_PLAYER, lv, group, np.zeros(3, np.int64))
    for k in range(3):
        lv[k] = S.raider_level[k]
        party[k] = S.party[k]
    nd = muster(UD, 0, T, F_RAIDER, lv, party, np.zeros(3, np.int64))
    if S.mods & MOD_CMD:  # module hook point (Module 6: a Commander present at the counterattack)
        battle_begun(S, T, HUMAN, -1, src)
    effa = np.empty(7, np.int64)
    effd = np.zeros(7, np.int64)
    card_effects(S, T, HUMAN, effa)
    cards = np.zeros(2, np.int64)
    cards[0] = holds_card(S, HUMAN, T.rc_reinforce)
    before = party[0] + party[1] + party[2]
    win = fight(UA, na, UD, nd, 0, 0, 0, effa, effd, cards, ties(S, T), T, S.dice, R)
    record(S, K_COUNTER, win, UA, na, UD, nd)
    if cards[0] == 2:
        hand_remove(S, HUMAN, T.rc_reinforce)
    alive = np.empty(3, np.int64)
    left = np.empty(3, np.int64)
    survivors(UA, na, alive)
    survivors(UD, nd, left)
    for k in range(3):
        S.supply[HUMAN, k] += group[k] - alive[k]
    place(S, HUMAN, src, alive)
    if win:
        S.gold[HUMAN] += (before - (left[0] + left[1] + left[2])) * T.counter_gold
        for k in range(3):
            for _ in range(left[k]):
                if S.supply[HUMAN, k] > 0:
                    S.supply[HUMAN, k] -= 1
                    add_units(S, HUMAN, src, k, 1)
        disband(S)
        draw_tokens(S, T, 1)
    else:
        for k in range(3):
            S.party[k] = left[k]
