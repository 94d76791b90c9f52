"""Checks that hold after every step of a game in the compiled engine (debug runs and the tests). Twin of
``game/invariants.py``."""

from __future__ import annotations

from numba import njit

from sim.games.dark_ages.fast.crusades import units_away
from sim.games.dark_ages.fast.layout import ACTION_SPACES, HAND, NVPS
from sim.games.dark_ages.fast.rise_of_poland import farms_away
from sim.games.dark_ages.fast.state import capital, controller, slots_used, units_at
from sim.games.dark_ages.fast.stream import J


@njit(**J, inline="always")
def check(S, T):
    """Twin: ``game.invariants.check``: 0, or the number of the first failed check."""
    n = S.n
    for s in range(n):
        for k in range(3):
            on = 0
            for q in range(T.np):
                on += S.units[s, q, k]
            if S.supply[s, k] < 0:
                return 1
            if on + S.supply[s, k] + units_away(S, s, k) != T.supply[k]:
                return 2
        for q in range(T.np):
            if units_at(S, s, q) > 0:
                if not S.in_play[q]:
                    return 3
                if S.barbarian[q] >= 0:
                    return 4
                for o in range(n):
                    if o != s and units_at(S, o, q) > 0:
                        return 5
        if S.gold[s] < 0:
            return 6
        for r in range(4):
            if S.res[s, r] < 0:
                return 6
        on = S.exhausted[s]
        for sp in range(ACTION_SPACES):
            for i in range(S.stack_n[sp]):
                on += S.stack[sp, i] == s
        if S.nobles_free[s] < 0 or S.nobles_free[s] + on != S.nobles_total[s]:
            return 7
        t = 0
        for i in range(NVPS):
            t += S.vp_by[s, i]
        if S.vp[s] < 0 or S.vp[s] != t:
            return 8
        f = 0
        for q in range(T.np):
            if S.farms[q] > 0 and S.farm_owner[q] == s:
                f += S.farms[q]
        if f + farms_away(S, s) != S.farms_off[s] + 1:
            return 9
        if S.ruler[s] >= 0 and controller(S, capital(S, T, s)) != s:
            return 10
        if S.titles_ready[s] & ~S.titles[s]:
            return 11
        if S.nhand[s] > HAND - 2:
            return 12
    cities = 0
    for q in range(T.np):
        cities += S.city[q]
        if S.farms[q] > 0:
            if S.farms[q] > T.farms_per_province + S.tob_third[S.farm_owner[q]] or S.barbarian[q] >= 0:
                return 13
            for o in range(n):
                if o != S.farm_owner[q] and units_at(S, o, q) > 0:
                    return 14
        if S.city[q]:
            if slots_used(S, q) > T.city_slots:
                return 15
        elif S.in_play[q]:
            if S.buildings[q, 0] + S.buildings[q, 1] + S.buildings[q, 2] + S.buildings[q, 3] != 1:
                return 16
            if S.church_in[q] or S.keep[q]:
                return 17
    if not S.solo and cities + S.cities_left != T.setup_cities[n]:  # Raiders destroy Cities for good in solo play
        return 18
    seen = 0
    for s in range(n):
        if S.titles[s] & seen:
            return 19
        seen |= S.titles[s]
    return 0
