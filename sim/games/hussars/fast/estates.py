"""Estates, their Income and what is built on them: the compiled twin of ``game/estates.py``."""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from sim.games.hussars.fast import armies as A

NS, OH = 4, 4

YES, NO = np.bool_(True), np.bool_(False)  # non-literal flags: one compiled specialization


@njit(cache=True)
def gross(st, R, f):
    if st.owner[f] < 0:
        return 0
    return st.bright[f] + st.incited[f] + R.town_income * st.town[f]


@njit(cache=True)
def blocked(st, f, occupied):
    red = st.ruins[f] > 0 or st.famine[f] > 0 or st.besieger[f] >= 0
    return red or (st.relief[f] > 0 and not occupied)


@njit(cache=True)
def share(st, R, f):
    if st.owner[f] < 0:
        return -1, 0
    if st.occupier[f] >= 0:
        return st.occupier[f], (0 if blocked(st, f, YES) else gross(st, R, f))
    return st.owner[f], (0 if blocked(st, f, NO) else gross(st, R, f))


@njit(cache=True)
def settle(st, R, f, who, amount):
    w2, a2 = share(st, R, f)
    if 0 <= who < NS:
        st.income[who] -= amount
    if 0 <= w2 < NS:
        st.income[w2] += a2


@njit(cache=True)
def is_estate(st, f):
    return st.owner[f] >= 0


@njit(cache=True)
def buildings(st, f):
    return st.fortress[f] + (1 if st.family_seat[f] >= 0 else 0)


@njit(cache=True)
def set_owner(st, R, f, owner):
    who, amount = share(st, R, f)
    old = st.owner[f]
    st.owner[f] = owner
    settle(st, R, f, who, amount)
    if st.garrison_force[f] == old and old >= 0:
        A.change_garrison_force(st, R, f, owner)


@njit(cache=True)
def add_peasants(st, R, f, bright, incited):
    who, amount = share(st, R, f)
    st.bright[f] += bright
    st.incited[f] += incited
    settle(st, R, f, who, amount)


@njit(cache=True)
def add_ruins(st, R, f, n):
    who, amount = share(st, R, f)
    st.ruins[f] += n
    settle(st, R, f, who, amount)


@njit(cache=True)
def add_relief(st, R, f, n):
    who, amount = share(st, R, f)
    st.relief[f] += n
    settle(st, R, f, who, amount)


@njit(cache=True)
def add_famine(st, R, f, n):
    who, amount = share(st, R, f)
    st.famine[f] += n
    settle(st, R, f, who, amount)


@njit(cache=True)
def set_occupier(st, R, f, force):
    who, amount = share(st, R, f)
    st.occupier[f] = force
    settle(st, R, f, who, amount)


@njit(cache=True)
def set_besieger(st, R, f, a):
    who, amount = share(st, R, f)
    st.besieger[f] = a
    settle(st, R, f, who, amount)


@njit(cache=True)
def town_cost(st, R, f):
    gold = R.town_gold - (R.town_river if R.f_river[f] else 0)
    for k in range(R.f_nnb[f]):
        nb = R.f_nb[f, k]
        if is_estate(st, nb) and st.bright[nb] + st.incited[nb] > 0 and st.town[nb] == 0:
            gold -= R.town_nb
    return max(0, gold), R.town_infl


@njit(cache=True)
def can_found_town(st, R, s, f):
    if f < 0 or f >= R.nf or st.owner[f] != s or st.town[f] or st.bright[f] + st.incited[f] == 0:
        return False
    gold, infl = town_cost(st, R, f)
    return st.gold[s] >= gold and st.influence[s] >= infl


@njit(cache=True)
def found_town(st, R, s, f):
    if not can_found_town(st, R, s, f):
        return False
    gold, infl = town_cost(st, R, f)
    st.gold[s] -= gold
    st.influence[s] -= infl
    who, amount = share(st, R, f)
    st.town[f] = 1
    settle(st, R, f, who, amount)
    return True


@njit(cache=True)
def room(st, R, f):
    return R.peasant_limit - st.bright[f] - st.incited[f]


@njit(cache=True)
def settle_peasants(st, R, f, n):
    n = min(n, room(st, R, f))
    incited = min(n, st.bank_incited)
    bright_bank = min(n - incited, st.bank_bright)
    st.bank_incited -= incited
    st.bank_bright -= bright_bank
    add_peasants(st, R, f, n - incited, incited)


@njit(cache=True)
def can_settle(st, R, s, f):
    return (0 <= f < R.nf and st.owner[f] == s and st.occupier[f] < 0 and room(st, R, f) > 0
            and st.gold[s] >= R.settle_gold)  # fmt: skip


@njit(cache=True)
def settle_estate(st, R, s, f):
    if not can_settle(st, R, s, f):
        return False
    st.gold[s] -= R.settle_gold
    settle_peasants(st, R, f, R.settle_peasants)
    add_relief(st, R, f, R.settle_relief)
    return True


@njit(cache=True)
def is_lokator_site(st, R, s, f):
    if st.owner[f] >= 0 or R.f_wasteland[f] or R.f_trail[f] or R.f_sich[f] or R.f_via[f] or R.f_zone_hi[f]:
        return False
    near = False
    for k in range(R.f_nnb[f]):
        if st.owner[R.f_nb[f, k]] == s:
            near = True
    return near and not A.enemy_troops(st, R, f, s)


@njit(cache=True)
def can_lokator(st, R, s, f):
    return 0 <= f < R.nf and is_lokator_site(st, R, s, f) and st.gold[s] >= R.lok_gold


@njit(cache=True)
def lokator(st, R, s, f):
    if not can_lokator(st, R, s, f):
        return False
    st.gold[s] -= R.lok_gold
    st.relief[f] = R.lok_relief
    st.owner[f] = s
    settle_peasants(st, R, f, R.lok_peasants)
    return True


@njit(cache=True)
def province_price(st, R, f):
    peasants = st.bright[f] + st.incited[f]
    return R.prov_peasant * peasants + R.prov_town * st.town[f] + R.prov_fortress * st.fortress[f]


@njit(cache=True)
def can_buy(st, R, s, f):
    return (0 <= f < R.nf and st.owner[f] == OH and R.lease_at[f] < 0 and R.endow[f] < 0
            and st.bright[f] + st.incited[f] > 0 and st.occupier[f] < 0 and st.besieger[f] < 0
            and st.gold[s] >= province_price(st, R, f))  # fmt: skip


@njit(cache=True)
def buy_province(st, R, s, f):
    if not can_buy(st, R, s, f):
        return False
    st.gold[s] -= province_price(st, R, f)
    for a in range(A.NA):
        if st.a_force[a] == OH and st.a_field[a] == f and st.a_away[a] == 0:
            A.clear_army(st, R, a, YES)
    if st.garrison_force[f] == OH:
        A.empty_garrison(st, R, f)
    set_owner(st, R, f, s)
    return True


@njit(cache=True)
def can_build_seat(st, R, s, f):
    return (0 <= f < R.nf and st.seat_built[s] == 0 and st.owner[f] == s and R.lease_at[f] < 0
            and R.endow[f] < 0 and st.gold[s] >= R.seat_gold)  # fmt: skip


@njit(cache=True)
def build_seat(st, R, s, f):
    if not can_build_seat(st, R, s, f):
        return False
    st.gold[s] -= R.seat_gold
    st.family_seat[f] = s
    st.seat_built[s] = 1
    st.prestige[s] = min(R.n_prestige - 1, st.prestige[s] + R.seat_prestige)
    return True


@njit(cache=True)
def can_fortify(st, R, s, f):
    return (0 <= f < R.nf and st.owner[f] == s and st.fortress[f] < 2 and st.building[f] == 0 and st.besieger[f] < 0
            and st.occupier[f] < 0 and st.gold[s] >= R.fort_gold[st.fortress[f]])  # fmt: skip


@njit(cache=True)
def fortify(st, R, s, f):
    if not can_fortify(st, R, s, f):
        return False
    st.gold[s] -= R.fort_gold[st.fortress[f]]
    st.building[f] = 1
    return True


@njit(cache=True)
def home(st, R, s):
    for f in range(R.nf):
        if st.family_seat[f] == s and st.owner[f] == s:
            return f
    best = -1
    for f in range(R.nf):
        if st.owner[f] != s:
            continue
        if best < 0:
            best = f
            continue
        a = (-st.fortress[f], -gross(st, R, f), f)
        b = (-st.fortress[best], -gross(st, R, best), best)
        if a < b:
            best = f
    if best < 0:
        return R.seat_figure[s]
    return best


@njit(cache=True)
def agreement_loss(st, R, s, occupier):
    income = 0
    for f in range(R.nf):
        if st.owner[f] == s and st.occupier[f] == occupier:
            income += gross(st, R, f)
    return int(math.ceil(income * R.agreement_vp - 1e-9))


@njit(cache=True)
def estates_count(st, R, s):
    n = 0
    for f in range(R.nf):
        if st.owner[f] == s:
            n += 1
    return n


__all__ = ["np"]
