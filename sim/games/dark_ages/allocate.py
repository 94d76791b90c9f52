"""Hit-allocation policies on a side's groups, as njit functions (used to build the kernel's tables).

A side is ``alive[s, g]`` units per group and ``damage[s, g]``, the damage on the group's one injured unit
(both policies finish an injured unit before starting another, so a group never holds two).
"""

from __future__ import annotations

from numba import njit

SOLO, FOCUS = 0, 1


@njit(cache=True)
def allocate_solo(alive, damage, v, s, p, hits, ng, armour, rolls_later, tie_pos, kill_order):
    """Module 1 solo list: kill injured units, then as many units as possible (later rollers, least
    armour first), then put what is left on one unit (later rollers, least armour remaining, tie_pos)."""
    while hits > 0:  # kill injured units, those needing fewest hits first
        best, best_rem, best_tie = -1, 1 << 30, 1 << 30
        for g in range(ng):
            if alive[s, g] > 0 and damage[s, g] > 0:
                rem = armour[v, s, g] - damage[s, g]
                if rem <= hits and (rem < best_rem or (rem == best_rem and tie_pos[v, s, g] < best_tie)):
                    best, best_rem, best_tie = g, rem, tie_pos[v, s, g]
        if best < 0:
            break
        alive[s, best] -= 1
        damage[s, best] = 0
        hits -= best_rem
    for j in range(ng):  # kill fresh units, cheapest first: this maximises the number killed
        if hits <= 0:
            return
        g = kill_order[v, s, p, j]
        fresh = alive[s, g] - (1 if damage[s, g] > 0 else 0)
        a = armour[v, s, g]
        if fresh > 0 and hits >= a:
            k = min(fresh, hits // a)
            alive[s, g] -= k
            hits -= k * a
    if hits > 0:  # every unit left needs more than `hits`: injure one
        best, best_key = -1, 1 << 40
        for g in range(ng):
            if alive[s, g] > 0:
                rem = armour[v, s, g] - damage[s, g]
                key = ((1 - rolls_later[v, s, p, g]) << 20) + (rem << 10) + tie_pos[v, s, g]
                if key < best_key:
                    best, best_key = g, key
        if best >= 0:
            damage[s, best] += hits


@njit(cache=True)
def allocate_focus(alive, damage, v, s, hits, ng, armour, focus_order):
    """focus-strongest: all hits on the highest-level unit until it dies, then the next one."""
    for j in range(ng):
        g = focus_order[v, s, j]
        while alive[s, g] > 0 and hits > 0:
            rem = armour[v, s, g] - damage[s, g]
            if hits >= rem:
                alive[s, g] -= 1
                damage[s, g] = 0
                hits -= rem
            else:
                damage[s, g] += hits
                return
        if hits <= 0:
            return
