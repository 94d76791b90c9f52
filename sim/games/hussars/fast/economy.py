"""Harvest: Income minus Upkeep, deficits, Influence from Prestige, ransoms (the compiled twin of
``game/economy.py``)."""

from __future__ import annotations

from numba import njit

from sim.games.hussars.fast import armies as A
from sim.games.hussars.fast import estates as E
from sim.games.hussars.fast import reactions
from sim.games.hussars.fast import succession as SC

NS = 4
DEFICIT_CAT = 13  # VP_CATS.index("deficit")


@njit(cache=True)
def count_units(st, R, s, t):
    n = 0
    for a in range(A.NA):
        if st.a_force[a] == s:
            n += st.a_units[a, t, 0, 0] + st.a_units[a, t, 0, 1] + st.a_units[a, t, 1, 0] + st.a_units[a, t, 1, 1]
    for f in range(R.nf):
        if st.garrison_force[f] == s:
            n += st.garrison[f, t, 0, 0] + st.garrison[f, t, 0, 1] + st.garrison[f, t, 1, 0] + st.garrison[f, t, 1, 1]
    return n


@njit(cache=True)
def prestige_level(st, R, s):
    titles = 0
    for t in range(4):
        if st.title_holder[t] == s:
            titles += R.t_prestige[t]
    level = st.prestige[s] + titles + count_units(st, R, s, R.winged_hussar) * R.hussar_prestige
    return min(R.n_prestige - 1, level)


@njit(cache=True)
def influence_gain(st, R, s):
    return R.prestige_infl[prestige_level(st, R, s)]


@njit(cache=True)
def ruined_income(st, R, s):
    n = 0
    for f in range(R.nf):
        if st.owner[f] == s and st.occupier[f] < 0 and (st.ruins[f] or st.famine[f] or st.besieger[f] >= 0):
            n += E.gross(st, R, f)
    return n


@njit(cache=True)
def ransom(R, xl):
    return R.ransom_base + R.ransom_xl * xl


@njit(cache=True)
def harvest(st, R, P, sp, rs):
    for s in range(NS):
        if st.active[s] == 0:
            continue
        profit = st.income[s] - st.upkeep[s]
        st.st_income[s] += st.income[s]
        st.st_upkeep[s] += st.upkeep[s]
        st.st_ruined[s] += ruined_income(st, R, s)
        if profit >= 0:
            st.gold[s] += profit
        else:
            paid = min(st.gold[s], -profit)
            st.gold[s] -= paid
            unpaid = -profit - paid
            st.st_deficit[s] += unpaid
            st.vp[s, DEFICIT_CAT] -= unpaid * R.deficit_vp
        st.influence[s] += influence_gain(st, R, s)
    for s in range(NS):
        if st.active[s] == 0 or st.captor[s] < 0:
            continue
        price = ransom(R, st.xl[s])
        captor = st.a_force[st.captor[s]]
        if st.gold[s] >= price and reactions.ransom(st, R, P, sp, rs, s):
            st.gold[s] -= price
            if 0 <= captor < NS:
                st.gold[captor] += price
            st.captor[s] = -1
            st.figure[s] = E.home(st, R, s)
        else:
            st.influence[s] -= R.ransom_infl
            st.health[s] -= R.ransom_health
            if st.health[s] < 0:
                SC.magnate_dies(st, R, s)
