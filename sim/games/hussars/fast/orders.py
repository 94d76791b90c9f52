"""One activation of an army: the compiled twin of ``game/orders.py``. An order is (army, goal, action, target) with
the actions of ``orders.ACTIONS`` by index (0 none, 1 raid, 2 attack, 3 occupy, 4 siege, 5 expedition, 6 burn)."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.hussars.fast import armies as A
from sim.games.hussars.fast import combat as CB
from sim.games.hussars.fast import movement as M
from sim.games.hussars.fast import raids as RD
from sim.games.hussars.fast import sieges as SG

NONE, RAID, ATTACK, OCCUPY, SIEGE, EXPEDITION, BURN = 0, 1, 2, 3, 4, 5, 6
GARRISON = -2

YES, NO = np.bool_(True), np.bool_(False)  # non-literal flags: one compiled specialization


@njit(cache=True)
def split_recruits(st, R, a):
    any_fresh = False
    for t in range(R.nt):
        if st.a_fresh[a, t]:
            any_fresh = True
    if not any_fresh:
        return
    rest = A.new_army(st, R, st.a_force[a], st.a_field[a])
    for t in range(R.nt):
        n = st.a_fresh[a, t]
        if n:
            A.move_tokens(st, R, a, rest, t, R.recruit_vet[t], np.int64(1), n)


@njit(cache=True)
def finish_recruits(st, R, a):
    for t in range(R.nt):
        n = st.a_fresh[a, t]
        if n:
            v = R.recruit_vet[t]
            st.a_units[a, t, v, 1] -= n
            st.a_units[a, t, v, 0] += n
            st.a_fresh[a, t] = 0


@njit(cache=True)
def action_cost(st, R, a, action):
    if action == RAID:
        return R.raid_mp
    if action == OCCUPY:
        return R.occupy_mp
    if action == SIEGE:
        return R.siege_mp
    if action == ATTACK:
        return 0 if st.a_attacks[a] == 0 else R.extra_attack_mp
    return 0


@njit(cache=True)
def can_order(st, R, s, a):
    if not 0 <= a < A.NA or st.a_force[a] != s or st.a_away[a] != 0 or st.a_used[a]:
        return False
    fresh = 0
    for t in range(R.nt):
        fresh += st.a_fresh[a, t]
    return A.army_tokens(st, R, a) > fresh


@njit(cache=True)
def spend(st, a, spent, speed):
    if st.a_force[a] < 0:
        return
    st.a_moved[a] += spent
    if spent > speed:
        st.a_loose[a] = 1


@njit(cache=True)
def can_attack(st, R, a, target):
    f, force = st.a_field[a], st.a_force[a]
    if target == GARRISON:
        return st.besieger[f] == a and A.block_tokens(st.garrison[f], R.nt) > 0
    return (0 <= target < A.NA and st.a_force[target] != -1 and st.a_force[target] != force
            and st.a_field[target] == f and st.a_away[target] == 0 and A.army_tokens(st, R, target) > 0)  # fmt: skip


@njit(cache=True, inline="always")
def attack(st, R, BT, P, sp, rs, mode, a, target):
    if not can_attack(st, R, a, target):
        return False
    st.a_attacks[a] += 1
    if target == GARRISON:
        CB.fight(st, R, BT, P, sp, rs, mode, a, np.int64(GARRISON), NO, YES)
    else:
        CB.fight(st, R, BT, P, sp, rs, mode, a, target, NO, NO)
    return True


@njit(cache=True, inline="always")
def act(st, R, BT, P, sp, rs, mode, a, action, target):
    if action == RAID and RD.can_raid(st, R, a):
        RD.raid(st, R, a)
        return True
    if action == OCCUPY and RD.can_occupy(st, R, a):
        RD.occupy(st, R, a)
        return True
    if action == BURN and RD.can_burn(st, R, a):
        RD.burn(st, R, a)
        return False
    if action == SIEGE and SG.can_besiege(st, R, a):
        SG.start(st, R, a)
        return True
    if action == ATTACK:
        return attack(st, R, BT, P, sp, rs, mode, a, target)
    return False


@njit(cache=True)
def set_out(st, R, s, a, road, carry):
    k = -1
    for i in range(R.nroad):
        if R.roads[i] == road:
            k = i
            break
    if k < 0 or not st.expedition[k]:
        return False
    origin = st.a_field[a]
    finish_recruits(st, R, a)
    st.a_used[a] = 1
    st.a_march[a] = 0
    st.a_away[a] = 1
    st.a_road[a] = k
    st.a_field[a] = road
    if carry >= 0:
        st.figure[carry] = road
    SG.check(st, R, origin)
    RD.check_occupations(st, R)
    return True


@njit(cache=True)
def execute(st, R, BT, P, sp, rs, mode, s, army, goal, action, target, with_figure):
    if army < 0:
        if not with_figure or st.captor[s] >= 0 or st.figure[s] < 0 or not 0 <= goal < R.nf:
            return False
        M.move_figure(st, R, s, goal)
        return True
    a = army
    if not can_order(st, R, s, a) or not 0 <= goal < R.nf or not 0 <= action <= 6:
        return False
    carry = s if (with_figure and st.figure[s] == st.a_field[a] and st.captor[s] < 0) else -1
    if with_figure and carry < 0:
        return False
    if action == EXPEDITION:
        return set_out(st, R, s, a, goal, carry)
    split_recruits(st, R, a)
    st.a_used[a] = 1
    st.a_march[a] = 0
    origin = st.a_field[a]
    speed = M.speed(st, R, a)
    budget = speed + R.extra_mp
    if carry >= 0:
        budget = min(budget, R.figure_mp)
    reserve = action_cost(st, R, a, action)
    spent, icpt = M.move(st, R, P, sp, rs, a, goal, max(0, budget - reserve), carry)
    if st.a_field[a] != origin:
        SG.check(st, R, origin)
        RD.check_occupations(st, R)
    if icpt >= 0:
        spend(st, a, spent, speed)
        CB.fight(st, R, BT, P, sp, rs, mode, a, np.int64(GARRISON), YES, NO)
        return True
    if st.a_field[a] == goal and spent + reserve <= budget:
        if act(st, R, BT, P, sp, rs, mode, a, action, target):
            spent += reserve
    spend(st, a, spent, speed)
    return True


@njit(cache=True)
def march(st, R, BT, P, sp, rs, mode, a):
    force = st.a_force[a]
    if st.a_march[a] <= 0 or st.a_away[a] != 0 or st.a_used[a]:
        return
    goal = M.home_of(st, R, force, st.a_field[a])
    if st.a_field[a] == goal:
        return
    origin = st.a_field[a]
    spent, icpt = M.move(st, R, P, sp, rs, a, goal, M.speed(st, R, a), np.int64(-1))
    st.a_moved[a] += spent
    if st.a_field[a] != origin:
        st.a_march[a] -= 1
    if icpt >= 0:
        CB.fight(st, R, BT, P, sp, rs, mode, a, np.int64(GARRISON), YES, NO)
