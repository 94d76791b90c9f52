"""Passing in the compiled engine (the nine steps), claiming a Title, and the whole-table Pass at the end.
Twin of ``game/passing.py`` (and ``titles.py``, ``reactions.py``' retrieval)."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.dark_ages.fast.ages_of_war import title_claimed
from sim.games.dark_ages.fast.alliances import passed as alliances_passed
from sim.games.dark_ages.fast.choices import choose_discard_resource, choose_sell, choose_title
from sim.games.dark_ages.fast.commanders import passed as cmd_passed
from sim.games.dark_ages.fast.culture import offer_take, resolve_cognomens
from sim.games.dark_ages.fast.distant_campaigns import settled as dc_settled
from sim.games.dark_ages.fast.economy import effect_sum, gain, gain_culture, gain_vp
from sim.games.dark_ages.fast.grand_buildings import passed as gb_passed
from sim.games.dark_ages.fast.layout import (
    E_HOLD,
    E_PASS,
    MOD_ALLY,
    MOD_AOW,
    MOD_CMD,
    MOD_DC,
    MOD_GB,
    MOD_POPE,
    MOD_ROP,
    MOD_TRIB,
    TITLES,
    V_TITLE,
)
from sim.games.dark_ages.fast.pope import passed as pope_passed
from sim.games.dark_ages.fast.reactions import retrieve_nobles
from sim.games.dark_ages.fast.rise_of_poland import passed as rop_passed
from sim.games.dark_ages.fast.state import controller
from sim.games.dark_ages.fast.stream import J
from sim.games.dark_ages.fast.tribute import passed as tribute_passed


@njit(**J)
def claimable(S, T, seat, out):
    """Twin: ``titles.claimable`` (Title dict order) into ``out``; how many."""
    k = 0
    for ti in range(T.nt):
        t = T.t_order[ti]
        if T.t_players[t] > S.n or (S.titles[seat] >> t) & 1:
            continue
        held, tot = 0, 0
        for q in range(T.np):
            if T.t_prov[t, q]:
                tot += 1
                if controller(S, q) == seat:
                    held += 1
        if held >= (tot + 1) // 2 and S.nobles_free[seat] >= tot - held:
            out[k] = t
            k += 1
    return k


@njit(**J)
def claim(S, T, seat, t):
    """Twin: ``game.passing.claim_title``, ``titles.claim_vp``: the claim; VP only for establishing it."""
    for s in range(S.n):
        S.titles[s] &= ~(1 << t)
        S.titles_ready[s] &= ~(1 << t)
    gain_vp(S, seat, 0 if (S.established >> t) & 1 else T.t_vp[t], V_TITLE)
    S.established |= 1 << t
    S.titles[seat] |= 1 << t


@njit(**J)
def claim_title(S, T, seat, ST, R):
    """Twin: ``game.passing.claim_title``: step 2, at most one Title, the strategy's choice."""
    titles = np.empty(TITLES + 1, np.int64)
    k = claimable(S, T, seat, titles)
    if k:
        t = choose_title(S, T, seat, ST, S.strategy[seat], titles, k, R)
        if t >= 0:
            claim(S, T, seat, t)
            if S.mods & MOD_AOW:  # module hook point (Module 9: the Title's Combat card)
                title_claimed(S, T, seat, t)


@njit(**J)
def retrieve(S, seat):
    """Twin: ``game.passing.retrieve``: every disc back from the Action cards and the Exhausted Nobles area."""
    retrieve_nobles(S, seat)
    S.exhausted[seat] = 0
    S.nobles_free[seat] = S.nobles_total[seat]


@njit(**J)
def sell_and_hold(S, T, seat, ST, R):
    """Twin: ``game.passing.sell_and_hold``: sell up to the Warehouse's 'sell', then discard down to 'hold'."""
    sid = S.strategy[seat]
    w = S.warehouses[seat]
    sell = np.empty(64, np.int64)
    m = choose_sell(S, T, seat, ST, sid, T.wh_sell[w], sell, R)
    for i in range(min(m, T.wh_sell[w])):
        r = sell[i]
        if S.res[seat, r] > 0:
            S.res[seat, r] -= 1
            gain_culture(S, T, seat, T.trade[r])
    hold = T.wh_hold[w] + effect_sum(S, T, seat, E_HOLD, -1)
    over = S.res[seat, 0] + S.res[seat, 1] + S.res[seat, 2] + S.res[seat, 3] - hold
    for _ in range(max(0, over)):
        r = choose_discard_resource(S, seat, ST, sid, R)
        if S.res[seat, r] <= 0:
            r = 0
            for x in range(1, 4):
                if S.res[seat, x] > S.res[seat, r]:
                    r = x
        S.res[seat, r] -= 1


@njit(**J)
def produce(S, T, seat):
    """Twin: ``game.passing.produce``, ``production.province_yield``: each controlled Province's buildings."""
    for q in range(T.np):
        if controller(S, q) == seat:
            for r in range(4):
                S.res[seat, r] += T.yield_[S.buildings[q, r]]


@njit(**J)
def do_pass(S, T, seat, ST, cycle, final, end_bonus, R):
    """Twin: ``game.passing.do_pass``: ``final`` stops after step 3 and finishes the player's game; ``end_bonus``
    (the whole-table Pass at the trigger) gives players with every disc one more Gold."""
    all_available = S.nobles_free[seat] == S.nobles_total[seat]
    if cycle and S.offer_n > 0:
        offer_take(S, T, 0, True, R)
    claim_title(S, T, seat, ST, R)
    retrieve(S, seat)
    S.passes[seat] += 1
    if final:
        S.finished[seat] = 1
        return
    sell_and_hold(S, T, seat, ST, R)
    S.gold[seat] += T.pass_gold
    if end_bonus and all_available:
        S.gold[seat] += T.end_pass_gold
    for j in range(S.ntech[seat]):
        c, lev = S.tech_card[seat, j], S.tech_level[seat, j]
        for e in range(T.vis_n[c, lev]):
            k = T.vis_lv[c, lev, e]
            if T.lv_kind[c, k] == E_PASS:
                gain(S, T, seat, T.lv_gain[c, k], T.lv_amt[c, k])
    resolve_cognomens(S, T, seat)
    produce(S, T, seat)
    S.titles_ready[seat] = S.titles[seat]
    if S.mods:  # module hook point: end of Passing (Alliances, Tribute, the Pope), in the reference's order
        if S.mods & MOD_ALLY:
            alliances_passed(S, T, seat)
        if S.mods & MOD_TRIB:
            tribute_passed(S, T, seat)
        if S.mods & MOD_POPE:
            pope_passed(S, seat)
        if S.mods & MOD_DC:
            dc_settled(S, T, seat, -1)
        if S.mods & MOD_GB:
            gb_passed(S, T, seat)
        if S.mods & MOD_CMD:
            cmd_passed(S, seat)
        if S.mods & MOD_ROP:
            rop_passed(S, seat)
