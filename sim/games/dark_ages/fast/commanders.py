"""Module 6, Commanders, on the compiled engine: Commander cards numbered in sorted id order; ``S.cmd_avail`` the
cards next to the board (the random set-up order), ``S.cmd_card[s]`` seat ``s``'s card + 1 (0: none),
``S.cmd_at[s]`` / ``S.cmd_from[s]`` the Province + 1 of its miniature and the one it last left with a group (0:
none), ``S.cmd_ready[s]`` its card is ready, ``S.cmd_engaged[s]`` it lends its effect to the current battle. A
Recruit hiring only the Commander is the recruit row of kind ``K_COMMANDER``; the Commander moving alone is a
Manoeuvre (or Regroup) row whose group is empty. Twin of ``game/modules/commanders.py``."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.dark_ages.fast.layout import A_MANOEUVRE, A_RECRUIT, HUMAN, K_COMMANDER, LORDLINGS
from sim.games.dark_ages.fast.state import add_units, capital, controller, put, units_at
from sim.games.dark_ages.fast.stream import J, rand_below, shuffle

ARCHER = 1  # UNIT_TYPES index


@njit(**J)
def install(S, T, R):
    """Twin: ``game.modules.commanders.Commanders.install``: 'Randomly select one more Commanders than the number
    of players in the game'; solo: 'randomly draw a Commander'."""
    cards = np.arange(T.cmd_n)
    shuffle(R, cards, T.cmd_n)
    k = min(T.cmd_solo_drawn if S.solo else S.n + T.cmd_drawn_extra, T.cmd_n)
    S.cmd_avail[:k] = cards[:k]
    S.cmd_avail_n = k


@njit(**J)
def solo_setup(S, T, R):
    """Twin: ``game.modules.commanders.Commanders.solo_setup``: the suggested 4th Lordling Ruler, a Lordling Farm and 1
    Archer in a base Ruler's Capital not yet taken (its Barbarian token goes back to the front of the pool)."""
    if not T.cmd_fourth:
        return
    homes = np.empty(T.cmd_caps_n, np.int64)
    m = 0
    for i in range(T.cmd_caps_n):
        q = T.cmd_caps[i]
        if q != capital(S, T, HUMAN) and not (S.farms[q] > 0 and S.farm_owner[q] == LORDLINGS):
            homes[m] = q
            m += 1
    if m == 0 or S.supply[LORDLINGS, ARCHER] == 0:
        return
    q = homes[rand_below(R, m)]
    tok = S.barbarian[q]
    if tok >= 0:
        S.barbarian[q] = -1
        for i in range(S.pool_n - 1, -1, -1):
            S.pool[i + 1] = S.pool[i]
        S.pool[0] = tok
        S.pool_n += 1
    S.farm_owner[q] = LORDLINGS
    S.farms[q] = 1
    S.farms_off[LORDLINGS] += 1
    S.supply[LORDLINGS, ARCHER] -= 1
    add_units(S, LORDLINGS, q, ARCHER, 1)


@njit(**J)
def can_hire(S, T, seat):
    """Twin: ``game.modules.commanders.Commanders._can_hire``: 1 Commander per player, one available, 2 Gold, not the
    Lordlings."""
    return S.cmd_card[seat] == 0 and S.cmd_avail_n > 0 and S.gold[seat] >= T.cmd_hire_gold and S.ruler[seat] >= 0


@njit(**J)
def hire(S, T, seat, q):
    """Twin: ``game.modules.commanders.Commanders._hire``: the first available Commander, its miniatures in the
    recruiting City."""
    S.gold[seat] -= T.cmd_hire_gold
    S.cmd_card[seat] = S.cmd_avail[0] + 1
    for i in range(S.cmd_avail_n - 1):
        S.cmd_avail[i] = S.cmd_avail[i + 1]
    S.cmd_avail_n -= 1
    S.cmd_avail[S.cmd_avail_n] = 0
    S.cmd_at[seat], S.cmd_from[seat], S.cmd_ready[seat] = q + 1, q + 1, 1


@njit(**J)
def recruits(S, T, seat, MV, k):
    """Twin: ``game.modules.commanders.Commanders.recruits``: a Recruit hiring only the Commander, in every City the
    player controls."""
    if can_hire(S, T, seat):
        for q in range(T.np):
            if S.city[q] and controller(S, q) == seat:
                k = put(MV, k, A_RECRUIT, K_COMMANDER, q, 0, 0, 0)
    return k


@njit(**J)
def moved(S, seat, src, dst):
    """Twin: ``game.modules.commanders.Commanders.manoeuvre_started``, ``game.modules.commanders.Commanders.regrouped``:
    the Commander goes with every group (or alone) leaving its Province."""
    if S.cmd_at[seat] == src + 1 and dst != src:
        S.cmd_at[seat], S.cmd_from[seat] = dst + 1, src + 1


@njit(**J)
def valid(S, seat, q):
    """Twin: ``game.modules.commanders.Commanders._valid``: never alone where its owner has no unit and no Farm."""
    return units_at(S, seat, q) > 0 or (S.farms[q] > 0 and S.farm_owner[q] == seat)


@njit(**J)
def manoeuvres(S, T, seat, MV, k):
    """Twin: ``game.modules.commanders.Commanders.manoeuvres``: the Commander alone, to a neighbouring Province in play
    with its owner's units or Farm and neither an opponent's nor Barbarians."""
    q = S.cmd_at[seat] - 1
    if q < 0:
        return k
    for i in range(T.nein[q]):
        dst = T.nei[q, i]
        if S.in_play[dst] and S.barbarian[dst] < 0 and valid(S, seat, dst):
            o = controller(S, dst)
            if o < 0 or o == seat:
                k = put(MV, k, A_MANOEUVRE, q, dst, 0, 0, 0)
    return k


@njit(**J)
def normalize(S, T, seat):
    """Twin: ``game.modules.commanders.Commanders.normalize``: a Commander left alone goes to the closest Province its
    owner controls (ties: the one it came from, then most of its owner's units, then the last id)."""
    q = S.cmd_at[seat] - 1
    if q < 0 or valid(S, seat, q):
        return
    dist = np.full(T.np, 999, np.int64)
    queue = np.empty(T.np, np.int64)
    dist[q] = 0
    queue[0] = q
    head, tail = 0, 1
    while head < tail:
        x = queue[head]
        head += 1
        for i in range(T.nein[x]):
            y = T.nei[x, i]
            if S.in_play[y] and dist[y] == 999 and y != q:
                dist[y] = dist[x] + 1
                queue[tail] = y
                tail += 1
    home = S.cmd_from[seat] - 1
    best, bd, bh, bu = -1, 0, 0, 0
    for r in range(T.np):
        if controller(S, r) != seat:
            continue
        d, h, u = -dist[r], int(r == home), units_at(S, seat, r)
        if best < 0 or d > bd or (d == bd and (h > bh or (h == bh and u >= bu))):
            best, bd, bh, bu = r, d, h, u
    if best >= 0:
        S.cmd_at[seat] = best + 1


@njit(**J)
def turn_ended(S, T):
    """Twin: ``game.modules.commanders.Commanders.turn_ended``."""
    for s in range(S.n):
        if S.cmd_at[s]:
            normalize(S, T, s)


@njit(**J)
def battle_begun(S, T, a, d, q):
    """Twin: ``game.modules.commanders.Commanders.battle_begun``: each side's Commander present with its card ready is
    used (and exhausted); a Commander stranded by an earlier battle this turn moves first. ``a``, ``d``: the seats (-1:
    none)."""
    for s in range(S.n):
        S.cmd_engaged[s] = 0
    for j in range(2):
        seat = a if j == 0 else d
        if seat < 0 or S.cmd_at[seat] == 0:
            continue
        if S.cmd_at[seat] != q + 1:
            normalize(S, T, seat)
        if S.cmd_at[seat] == q + 1 and S.cmd_ready[seat]:
            S.cmd_ready[seat] = 0
            S.cmd_engaged[seat] = 1


@njit(**J)
def battle_won(S, seat, q, won):
    """Twin: ``game.modules.commanders.Commanders.battle_won``: a beaten defender's Commander retreats with no
    preference for where it came from."""
    if not won:
        return
    for s in range(S.n):
        if s != seat and S.cmd_at[s] == q + 1:
            S.cmd_from[s] = 0


@njit(**J)
def province_razed(S, q):
    """Twin: ``game.modules.commanders.Commanders.province_razed``."""
    for s in range(S.n):
        if S.cmd_at[s] == q + 1:
            S.cmd_from[s] = 0


@njit(**J)
def battle_effects(S, T, seat, eff):
    """Twin: ``game.modules.commanders.Commanders.battle_effects``: the engaged Commander's effects added to ``eff``
    (``combat.card_effects`` layout)."""
    if S.cmd_engaged[seat]:
        c = S.cmd_card[seat] - 1
        for i in range(7):
            eff[i] += T.cmd_eff[c, i]


@njit(**J)
def passed(S, seat):
    """Twin: ``game.modules.commanders.Commanders.passed``: refreshed with the Titles."""
    if S.cmd_card[seat]:
        S.cmd_ready[seat] = 1
