"""The built-in strategies' turn decisions in the compiled engine: which action and move, a Title's repeat, free
settling, reactions. Twin of ``strategies/dark_ages`` (``scripted.Scripted``, ``random_legal.RandomLegal``). Each
takes the legal moves in a move buffer and returns a row (or -1 / False for "none"), drawing from the stream
exactly where the reference strategy calls ``game.rng``; the loop then applies the chosen move
(``policy.decide → rules.apply``: ``loop.take_turn``)."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.dark_ages.fast.actions import action_options
from sim.games.dark_ages.fast.building import church_vp
from sim.games.dark_ages.fast.choices import group_strength3
from sim.games.dark_ages.fast.culture import tech_level
from sim.games.dark_ages.fast.layout import (
    A_BUILD,
    A_DOC,
    A_RECRUIT,
    A_RESEARCH,
    B_CHURCH,
    B_CITY,
    B_KEEP,
    B_PROD,
    K_COMMANDER,
    R_MIL,
    R_RAISE,
    X_EXCHANGE,
    X_RECRUIT,
    X_SELL,
    X_WL,
    X_WS,
)  # fmt: skip
from sim.games.dark_ages.fast.plans import (
    BY_NAME,
    C_ALONE,
    FALLBACK,
    K_RANDOM,
    PRIO_W,
    S_CAPITALS,
    S_COMMANDER,
    S_MARGIN,
    S_NPRIO,
    S_NREACT,
    S_NTYPES,
    S_PASS_AT,
    S_PRIO,
    S_RANK,
    S_REACT,
    S_RESEARCH_AFTER,
    S_SETTLE,
    compile_strategy,  # noqa: F401 (re-exported: sim.balance builds plan rows through it)
)  # fmt: skip
from sim.games.dark_ages.fast.state import capital, controller, units_at, units_in_play
from sim.games.dark_ages.fast.stream import J, rand_below, rand_float


@njit(**J)
def barbarian_strength(S, T, seat, q):
    """Twin: ``strategies.dark_ages.scripted.barbarian_strength``."""
    tok = S.barbarian[q]
    tr = min(S.trophies[seat], T.ntroph - 1)
    t = 0
    for k in range(3):
        v = 1 + (k == 2)
        t += (T.tok_units[tok, k] + T.trophy_units[tr, k]) * v
    return t


@njit(**J)
def defender_strength(S, d, q):
    """Twin: ``strategies.dark_ages.scripted.defender_strength``."""
    t = group_strength3(S, d, S.units[d, q, 0], S.units[d, q, 1], S.units[d, q, 2])
    return t + S.farms[q] + S.city[q] + 2 * S.keep[q]


@njit(**J)
def holds(S, T, seat, ST, sid, pb):
    """Twin: ``strategies.dark_ages.scripted.Scripted._holds``: every condition of the priority at ``pb``."""
    for j in range(ST[sid, pb + 2]):
        c, v = ST[sid, pb + 3 + 2 * j], ST[sid, pb + 4 + 2 * j]
        if c == 0:
            ok = S.gold[seat] >= v
        elif c == 1:
            ok = units_in_play(S, T, seat) <= v
        elif c == 2:
            ok = units_in_play(S, T, seat) >= v
        elif c == 3:
            t = 0
            for q in range(T.np):
                if S.city[q] and controller(S, q) == seat:
                    t += 1
            ok = t <= v
        elif c == 4:
            ok = S.res[seat, 0] + S.res[seat, 1] + S.res[seat, 2] + S.res[seat, 3] >= v
        else:
            ok = S.farms_off[seat] <= v
        if not ok:
            return False
    return True


@njit(**J)
def pick_build(S, T, seat, what, MV, k):
    """Twin: ``strategies.dark_ages.scripted.Scripted._build``."""
    best, bk = -1, 0
    for i in range(k):
        if MV[i, 1] != what:
            continue
        q = MV[i, 2]
        if what == B_CITY:
            key = (S.farms[q] > 0) * 10 + T.pres[q]
        elif what == B_PROD:
            key = (T.pres[q] == MV[i, 3]) * 10 + MV[i, 3]
        elif what == B_CHURCH:
            key = church_vp(S, T, q)
        elif what == B_KEEP:
            key = 0
            for j in range(T.nein[q]):
                key += controller(S, T.nei[q, j]) == seat
        else:
            return i
        if best < 0 or key > bk:
            best, bk = i, key
    return best


@njit(**J)
def pick_culture(S, T, ST, sid, MV, k):
    """Twin: ``strategies.dark_ages.scripted.Scripted._development_of_culture``."""
    best, bk = -1, 0
    for i in range(k):
        slot = MV[i, 1]
        key = ST[sid, S_RANK + T.c_type[S.offer[slot]]] * 100 - slot
        if best < 0 or key < bk:
            best, bk = i, key
    if best >= 0 and ST[sid, S_RANK + T.c_type[S.offer[MV[best, 1]]]] < ST[sid, S_NTYPES]:
        return best
    return -1


@njit(**J)
def pick_research(S, T, seat, how, MV, k):
    """Twin: ``strategies.dark_ages.scripted.Scripted._research``."""
    best, bk = -1, 0
    for i in range(k):
        if MV[i, 1] != how:
            continue
        if how == R_RAISE:
            c = MV[i, 2]
            key = T.lv_vp[c, tech_level(S, seat, c)]
        elif how == R_MIL:
            key = MV[i, 4] * 10 + MV[i, 3]
        else:
            return i
        if best < 0 or key > bk:
            best, bk = i, key
    return best


@njit(**J)
def pick_recruit(S, T, seat, ST, sid, intent, MV, k0, k, c_kind, c_q):
    """Twin: ``strategies.dark_ages.scripted.Scripted._recruit`` over rows k0..k-1 whose unit type is column
    ``c_kind`` and Province ``c_q``; Module 6's hiring rows: taken first (the last Province id) with
    params.commander alone, else left out."""
    hire = -1
    for i in range(k0, k):
        if MV[i, c_kind] == K_COMMANDER:
            hire = i  # rows by Province id: the last one is max(hires, key=Province)
    if hire >= 0 and ST[sid, S_COMMANDER] == C_ALONE:
        return hire
    kind = intent
    if intent == 3:
        kind, kk = -1, -1
        for i in range(k0, k):
            t = MV[i, c_kind]
            if t == K_COMMANDER:
                continue
            key = S.military[seat, t] * 10 + t
            if key > kk:
                kind, kk = t, key
    best, bk = -1, 0
    for i in range(k0, k):
        if MV[i, c_kind] != kind:
            continue
        q = MV[i, c_q]
        c = 0
        for j in range(T.nein[q]):
            c += S.barbarian[T.nei[q, j]] >= 0
        key = c * 100 + q
        if best < 0 or key > bk:
            best, bk = i, key
    return best


@njit(**J)
def pick_manoeuvre(S, T, seat, ST, sid, intent, MV, k):
    """Twin: ``strategies.dark_ages.scripted.Scripted._manoeuvre``."""
    margin = ST[sid, S_MARGIN]
    best, bk = -1, 0
    for i in range(k):
        src, dst = MV[i, 1], MV[i, 2]
        if MV[i, 3] + MV[i, 4] + MV[i, 5] == 0:  # Module 6: plans never move a Commander alone
            continue
        if intent == 0:
            if S.barbarian[dst] >= 0 or controller(S, dst) >= 0:
                continue
            if not (S.farms[src] > 0 or MV[i, 3] + MV[i, 4] + MV[i, 5] < units_at(S, seat, src)):
                continue
            key = T.settle_cost[S.ruler[seat], dst] * 100 + dst
            if best < 0 or key < bk:
                best, bk = i, key
            continue
        gs = group_strength3(S, seat, MV[i, 3], MV[i, 4], MV[i, 5])
        if intent == 1:
            if S.barbarian[dst] < 0 or gs < barbarian_strength(S, T, seat, dst) + margin:
                continue
        else:
            o = controller(S, dst)
            if o < 0 or o == seat or S.barbarian[dst] >= 0:
                continue
            if dst == capital(S, T, o) and not ST[sid, S_CAPITALS]:
                continue
            if gs < defender_strength(S, o, dst) + margin:
                continue
        if best < 0 or gs > bk:
            best, bk = i, gs
    return best


@njit(**J)
def pick_intent(S, T, seat, ST, sid, action, intent, MV, k):
    """Twin: ``strategies.dark_ages.scripted.Scripted._first`` (its ``getattr(self, f"_{action}")``)."""
    if action == A_BUILD:
        return pick_build(S, T, seat, intent, MV, k)
    if action == A_DOC:
        return pick_culture(S, T, ST, sid, MV, k)
    if action == A_RESEARCH:
        return pick_research(S, T, seat, intent, MV, k)
    if action == A_RECRUIT:
        return pick_recruit(S, T, seat, ST, sid, intent, MV, 0, k, 1, 2)
    return pick_manoeuvre(S, T, seat, ST, sid, intent, MV, k)


@njit(**J)
def first(S, T, seat, ST, sid, MVA, NK, only, mv):
    """Twin: ``strategies.dark_ages.scripted.Scripted._first``: the first priority with a fitting move, copied
    into ``mv``; False if none. ``NK[a]`` caches how many moves action ``a`` has (-1: not listed yet); ``only`` >= 0
    restricts to one action."""
    early = S.passes[seat] < ST[sid, S_RESEARCH_AFTER]
    for i in range(ST[sid, S_NPRIO]):
        pb = S_PRIO + i * PRIO_W
        a = ST[sid, pb]
        if (only >= 0 and a != only) or (a == A_RESEARCH and early):
            continue
        if NK[a] < 0:
            NK[a] = action_options(S, T, seat, a, MVA[a])
        if NK[a] == 0:
            continue
        if ST[sid, pb + 2] and not holds(S, T, seat, ST, sid, pb):
            continue
        j = pick_intent(S, T, seat, ST, sid, a, ST[sid, pb + 1], MVA[a], NK[a])
        if j >= 0:
            for c in range(6):
                mv[c] = MVA[a][j, c]
            return True
    return False


@njit(**J)
def choose_action(S, T, seat, ST, sid, MVA, NK, can_pass, mv, R):
    """Twin: ``strategies.dark_ages.random_legal.RandomLegal.choose_action``,
    ``strategies.dark_ages.scripted.Scripted.choose_action``: True with the move in ``mv``, False to Pass."""
    if ST[sid, 0] == K_RANDOM:
        kinds = np.empty(6, np.int64)
        m = 0
        for i in range(5):
            if NK[BY_NAME[i]] > 0:
                kinds[m] = BY_NAME[i]
                m += 1
        if can_pass:
            kinds[m] = -1
            m += 1
        a = kinds[rand_below(R, m)]
        if a < 0:
            return False
        j = rand_below(R, NK[a])
        for c in range(6):
            mv[c] = MVA[a][j, c]
        return True
    if can_pass and S.nobles_free[seat] <= ST[sid, S_PASS_AT]:
        return False
    if first(S, T, seat, ST, sid, MVA, NK, -1, mv):
        return True
    if can_pass:
        return False
    for i in range(5):
        a = FALLBACK[i]
        if NK[a] < 0:
            NK[a] = action_options(S, T, seat, a, MVA[a])
        if NK[a] > 0:
            for c in range(6):
                mv[c] = MVA[a][0, c]
            return True
    return False


@njit(**J)
def repeat_with_title(S, T, seat, ST, sid, action, MVA, NK, mv, R):
    """Twin: ``strategies.dark_ages.random_legal.RandomLegal.repeat_with_title``,
    ``strategies.dark_ages.scripted.Scripted.repeat_with_title``, over freshly listed moves of ``action``."""
    NK[action] = action_options(S, T, seat, action, MVA[action])
    k = NK[action]
    if ST[sid, 0] == K_RANDOM:
        if k > 0 and rand_float(R) < 0.5:
            j = rand_below(R, k)
            for c in range(6):
                mv[c] = MVA[action][j, c]
            return True
        return False
    if k == 0:
        return False
    return first(S, T, seat, ST, sid, MVA, NK, action, mv)


@njit(**J)
def choose_settle(S, T, seat, ST, sid, MV, k, R):
    """Twin: ``strategies.dark_ages.random_legal.RandomLegal.settle``,
    ``strategies.dark_ages.scripted.Scripted.settle``: a row or -1."""
    if ST[sid, 0] == K_RANDOM:
        if rand_float(R) < 0.5:
            return rand_below(R, k)
        return -1
    if not ST[sid, S_SETTLE]:
        return -1
    ruler = S.ruler[seat]
    best, bk = -1, 0
    for i in range(k):
        q = MV[i, 1]
        key = T.settle_cost[ruler, q] * 100 + q
        if best < 0 or key < bk:
            best, bk = i, key
    return best


@njit(**J)
def choose_react(S, T, seat, ST, sid, MV, k, R):
    """Twin: ``strategies.dark_ages.random_legal.RandomLegal.react``, ``strategies.dark_ages.scripted.Scripted.react``:
    a row."""
    if ST[sid, 0] == K_RANDOM:
        return rand_below(R, k)
    nord = ST[sid, S_NREACT]
    for oi in range(nord + 6):
        kind = ST[sid, S_REACT + oi] if oi < nord else oi - nord
        f = -1
        for i in range(k):
            if MV[i, 1] == kind:
                f = i
                break
        if f < 0:
            continue
        if kind == X_RECRUIT:
            e = f
            while e < k and MV[e, 1] == kind:  # one reaction's moves are contiguous
                e += 1
            j = pick_recruit(S, T, seat, ST, sid, 3, MV, f, e, 2, 3)
            return j if j >= 0 else f
        if kind == X_WL or kind == X_WS:
            best, bk = -1, 0
            for i in range(k):
                if MV[i, 1] == kind:
                    key = S.res[seat, MV[i, 2]]
                    if best < 0 or key < bk:
                        best, bk = i, key
            return best
        if kind == X_SELL:
            best, bk = -1, 0
            for i in range(k):
                if MV[i, 1] == kind and MV[i, 2] == 0:
                    key = 3 - MV[i, 3]
                    if best < 0 or key < bk:
                        best, bk = i, key
            return best if best >= 0 else f
        if kind == X_EXCHANGE:
            last = -1
            for i in range(k):
                if MV[i, 1] == kind and MV[i, 2] == 1:
                    last = i
            return last if last >= 0 and S.gold[seat] >= 2 else f
        return f
    return 0
