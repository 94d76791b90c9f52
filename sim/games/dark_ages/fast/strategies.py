"""The built-in strategies (``strategies/dark_ages``) as parameter rows, and their decisions as njit functions.

A row of ``ST`` holds a strategy: column 0 its kind (random_legal or a scripted plan), then the plan's parameters,
reaction order, Culture card ranks and priority list (``compile_strategy``). The decision functions take the legal
moves in a move buffer and return a row index (or -1 for "none"), drawing from the stream exactly where the
reference strategies call ``game.rng``.
"""

# ruff: noqa: F403, F405
from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.dark_ages.fast.kernels import *
from sim.games.dark_ages.fast.layout import *

K_RANDOM, K_SCRIPTED = 0, 1
S_PASS_AT, S_RESERVE, S_MARGIN, S_SETTLE, S_CAPITALS, S_SELL_ALL, S_NREACT, S_REACT = 1, 2, 3, 4, 5, 6, 7, 8
S_RANK, S_NTYPES, S_NPRIO, S_PRIO, PRIO_W, MAX_PRIO = 14, 19, 20, 32, 16, 24
ST_W = S_PRIO + PRIO_W * MAX_PRIO
INTENTS = {
    "build": BUILD_WHAT,
    "development_of_culture": ("any",),
    "research": RESEARCH_HOW,
    "recruit": ("infantry", "archer", "cavalry", "best"),
    "manoeuvre": ("expand", "barbarians", "players"),
}
CONDITIONS = ("min_gold", "max_units", "min_units", "max_cities", "min_resources", "max_farms")
DEFAULT_CARD_TYPES = ("common_technology", "military_technology", "cognomen", "relic")
CHEAP_FIRST = np.array([A_DOC, A_MANOEUVRE, A_RECRUIT, A_RESEARCH, A_BUILD], np.int64)
BY_NAME = np.array([A_BUILD, A_DOC, A_MANOEUVRE, A_RECRUIT, A_RESEARCH], np.int64)  # sorted action names
FALLBACK = np.array([A_DOC, A_MANOEUVRE, A_BUILD, A_RESEARCH, A_RECRUIT], np.int64)


def compile_strategy(name: str, params: dict | None = None) -> np.ndarray:
    """One row of ``ST`` for a built-in strategy (``strategies.dark_ages.make``) with parameter overrides."""
    from strategies.dark_ages.scripted import SCRIPTED, load_plan

    row = np.zeros(ST_W, np.int64)
    if name == "random_legal":
        row[0] = K_RANDOM
        return row
    if name not in SCRIPTED:
        raise Unsupported(f"strategy {name!r} is not built in")
    plan = load_plan(name, params)
    p = plan["params"]
    row[0] = K_SCRIPTED
    row[S_PASS_AT] = p.get("pass_at_nobles", 0)
    row[S_RESERVE] = p.get("upkeep_gold_reserve", 2)
    row[S_MARGIN] = p.get("attack_margin", 1)
    row[S_SETTLE] = bool(p.get("settle", True))
    row[S_CAPITALS] = bool(p.get("attack_capitals", False))
    row[S_SELL_ALL] = bool(p.get("sell_all", False))
    order = list(p.get("reactions") or [])
    if len(order) > 6 or any(r not in REACTIONS for r in order):
        raise Unsupported(f"reactions {order}")
    row[S_NREACT] = len(order)
    for i, r in enumerate(order):
        row[S_REACT + i] = REACTIONS.index(r)
    types = list(p.get("card_types") or DEFAULT_CARD_TYPES)
    if len(set(types)) != len(types):
        raise Unsupported(f"card_types {types} (a type listed twice)")
    rank: dict[str, int] = {t: i for i, t in enumerate(types)}  # like the reference: a repeat keeps its last index
    row[S_NTYPES] = len(rank)
    for t, ct in enumerate(CARD_TYPES):
        row[S_RANK + t] = rank.get(ct, len(rank))
    prios = plan["priorities"]
    if len(prios) > MAX_PRIO:
        raise Unsupported(f"{len(prios)} priorities (at most {MAX_PRIO})")
    row[S_NPRIO] = len(prios)
    for i, (action, intent, when) in enumerate(prios):
        b = S_PRIO + i * PRIO_W
        row[b] = ACTIONS.index(action)
        row[b + 1] = INTENTS[action].index(intent)
        row[b + 2] = len(when)
        for j, (k, v) in enumerate(when.items()):
            if isinstance(v, bool) or not isinstance(v, int):
                raise Unsupported(f"condition {k}: {v!r} (an integer)")
            row[b + 3 + 2 * j] = CONDITIONS.index(k)
            row[b + 4 + 2 * j] = v
    return row


# ---------------------------------------------------------------- helpers
@njit(**J)
def group_strength3(S, seat, g0, g1, g2):
    b = seat * PS
    return g0 * S[b + P_MIL] + g1 * S[b + P_MIL + 1] + g2 * (S[b + P_MIL + 2] + 1)


@njit(**J)
def barbarian_strength(S, seat, q):
    tok = S[G_BARB + q]
    tr = min(S[seat * PS + P_TROPH], len(TROPHY_UNITS) - 1)
    t = 0
    for k in range(3):
        v = 1 + (k == 2)
        t += (TOK_UNITS[tok, k] + TROPHY_UNITS[tr, k]) * v
    return t


@njit(**J)
def defender_strength(S, d, q):
    b = d * PS
    t = group_strength3(S, d, S[b + P_UNITS + q * 3], S[b + P_UNITS + q * 3 + 1], S[b + P_UNITS + q * 3 + 2])
    return t + S[G_FN + q] + S[G_CITY + q] + 2 * S[G_KEEP + q]


@njit(**J)
def holds(S, seat, ST, sid, pb):
    b = seat * PS
    for j in range(ST[sid, pb + 2]):
        c, v = ST[sid, pb + 3 + 2 * j], ST[sid, pb + 4 + 2 * j]
        if c == 0:
            ok = S[b + P_GOLD] >= v
        elif c == 1:
            ok = units_in_play(S, seat) <= v
        elif c == 2:
            ok = units_in_play(S, seat) >= v
        elif c == 3:
            t = 0
            for q in range(NP):
                if S[G_CITY + q] and controller(S, q) == seat:
                    t += 1
            ok = t <= v
        elif c == 4:
            ok = S[b + P_RES] + S[b + P_RES + 1] + S[b + P_RES + 2] + S[b + P_RES + 3] >= v
        else:
            ok = S[b + P_FOFF] <= v
        if not ok:
            return False
    return True


# ---------------------------------------------------------------- intents (``Scripted._<action>``)
@njit(**J)
def pick_build(S, seat, what, MV, k):
    best, bk = -1, 0
    for i in range(k):
        if MV[i, 1] != what:
            continue
        q = MV[i, 2]
        if what == B_CITY:
            key = (S[G_FN + q] > 0) * 10 + PRES[q]
        elif what == B_PROD:
            key = (PRES[q] == MV[i, 3]) * 10 + MV[i, 3]
        elif what == B_CHURCH:
            key = church_vp(S, q)
        elif what == B_KEEP:
            key = 0
            for j in range(NEIN[q]):
                key += controller(S, NEI[q, j]) == seat
        else:
            return i
        if best < 0 or key > bk:
            best, bk = i, key
    return best


@njit(**J)
def pick_culture(S, ST, sid, MV, k):
    best, bk = -1, 0
    for i in range(k):
        slot = MV[i, 1]
        key = ST[sid, S_RANK + C_TYPE[S[G_OFF + slot]]] * 100 - slot
        if best < 0 or key < bk:
            best, bk = i, key
    if best >= 0 and ST[sid, S_RANK + C_TYPE[S[G_OFF + MV[best, 1]]]] < ST[sid, S_NTYPES]:
        return best
    return -1


@njit(**J)
def pick_research(S, seat, how, MV, k):
    best, bk = -1, 0
    for i in range(k):
        if MV[i, 1] != how:
            continue
        if how == R_RAISE:
            c = MV[i, 2]
            key = LV_VP[c, tech_level(S, seat, c)]
        elif how == R_MIL:
            key = MV[i, 4] * 10 + MV[i, 3]
        else:
            return i
        if best < 0 or key > bk:
            best, bk = i, key
    return best


@njit(**J)
def pick_recruit(S, seat, intent, MV, k0, k, c_kind, c_q):
    """``Scripted._recruit`` over rows k0..k-1 whose unit type is column ``c_kind`` and Province ``c_q``."""
    b = seat * PS
    kind = intent
    if intent == 3:
        kind, kk = -1, -1
        for i in range(k0, k):
            t = MV[i, c_kind]
            key = S[b + P_MIL + t] * 10 + t
            if key > kk:
                kind, kk = t, key
    best, bk = -1, 0
    for i in range(k0, k):
        if MV[i, c_kind] != kind:
            continue
        q = MV[i, c_q]
        c = 0
        for j in range(NEIN[q]):
            c += S[G_BARB + NEI[q, j]] >= 0
        key = c * 100 + q
        if best < 0 or key > bk:
            best, bk = i, key
    return best


@njit(**J)
def pick_manoeuvre(S, seat, ST, sid, intent, MV, k):
    b = seat * PS
    margin = ST[sid, S_MARGIN]
    best, bk = -1, 0
    for i in range(k):
        src, dst = MV[i, 1], MV[i, 2]
        if intent == 0:
            if S[G_BARB + dst] >= 0 or controller(S, dst) >= 0:
                continue
            if not (S[G_FN + src] > 0 or MV[i, 3] + MV[i, 4] + MV[i, 5] < units_at(S, seat, src)):
                continue
            key = SETTLE_COST[S[b + P_RULER], dst] * 100 + dst
            if best < 0 or key < bk:
                best, bk = i, key
            continue
        gs = group_strength3(S, seat, MV[i, 3], MV[i, 4], MV[i, 5])
        if intent == 1:
            if S[G_BARB + dst] < 0 or gs < barbarian_strength(S, seat, dst) + margin:
                continue
        else:
            o = controller(S, dst)
            if o < 0 or o == seat or S[G_BARB + dst] >= 0:
                continue
            if dst == capital(S, o) and not ST[sid, S_CAPITALS]:
                continue
            if gs < defender_strength(S, o, dst) + margin:
                continue
        if best < 0 or gs > bk:
            best, bk = i, gs
    return best


@njit(**J)
def pick_intent(S, seat, ST, sid, action, intent, MV, k):
    if action == A_BUILD:
        return pick_build(S, seat, intent, MV, k)
    if action == A_DOC:
        return pick_culture(S, ST, sid, MV, k)
    if action == A_RESEARCH:
        return pick_research(S, seat, intent, MV, k)
    if action == A_RECRUIT:
        return pick_recruit(S, seat, intent, MV, 0, k, 1, 2)
    return pick_manoeuvre(S, seat, ST, sid, intent, MV, k)


@njit(**J)
def first(S, seat, ST, sid, MVA, NK, only, mv):
    """``Scripted._first``: the first priority with a fitting move, copied into ``mv``; False if none. ``NK[a]``
    caches how many moves action ``a`` has (-1: not listed yet); ``only`` >= 0 restricts to one action."""
    for i in range(ST[sid, S_NPRIO]):
        pb = S_PRIO + i * PRIO_W
        a = ST[sid, pb]
        if only >= 0 and a != only:
            continue
        if NK[a] < 0:
            NK[a] = action_options(S, seat, a, MVA[a])
        if NK[a] == 0:
            continue
        if ST[sid, pb + 2] and not holds(S, seat, ST, sid, pb):
            continue
        j = pick_intent(S, seat, ST, sid, a, ST[sid, pb + 1], MVA[a], NK[a])
        if j >= 0:
            for c in range(6):
                mv[c] = MVA[a][j, c]
            return True
    return False


# ---------------------------------------------------------------- decisions
@njit(**J)
def choose_action(S, seat, ST, sid, MVA, NK, can_pass, mv, R):
    """``choose_action``: True with the move in ``mv``, False to Pass. ``NK`` must hold every action's count."""
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
    if can_pass and S[seat * PS + P_NFREE] <= ST[sid, S_PASS_AT]:
        return False
    if first(S, seat, ST, sid, MVA, NK, -1, mv):
        return True
    if can_pass:
        return False
    for i in range(5):
        a = FALLBACK[i]
        if NK[a] < 0:
            NK[a] = action_options(S, seat, a, MVA[a])
        if NK[a] > 0:
            for c in range(6):
                mv[c] = MVA[a][0, c]
            return True
    return False


@njit(**J)
def repeat_with_title(S, seat, ST, sid, action, MVA, NK, mv, R):
    """``repeat_with_title`` over freshly listed moves of ``action``."""
    NK[action] = action_options(S, seat, action, MVA[action])
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
    return first(S, seat, ST, sid, MVA, NK, action, mv)


@njit(**J)
def choose_settle(S, seat, ST, sid, MV, k, R):
    if ST[sid, 0] == K_RANDOM:
        if rand_float(R) < 0.5:
            return rand_below(R, k)
        return -1
    if not ST[sid, S_SETTLE]:
        return -1
    ruler = S[seat * PS + P_RULER]
    best, bk = -1, 0
    for i in range(k):
        q = MV[i, 1]
        key = SETTLE_COST[ruler, q] * 100 + q
        if best < 0 or key < bk:
            best, bk = i, key
    return best


@njit(**J)
def choose_react(S, seat, ST, sid, MV, k, R):
    if ST[sid, 0] == K_RANDOM:
        return rand_below(R, k)
    b = seat * PS
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
            j = pick_recruit(S, seat, 3, MV, f, e, 2, 3)
            return j if j >= 0 else f
        if kind == X_WL or kind == X_WS:
            best, bk = -1, 0
            for i in range(k):
                if MV[i, 1] == kind:
                    key = S[b + P_RES + MV[i, 2]]
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
            return last if last >= 0 and S[b + P_GOLD] >= 2 else f
        return f
    return 0


@njit(**J)
def upkeep_gold(S, seat, ST, sid, excess, R):
    if ST[sid, 0] == K_RANDOM:
        return rand_below(R, excess + 1)
    return max(0, S[seat * PS + P_GOLD] - ST[sid, S_RESERVE])


@njit(**J)
def choose_title(S, seat, ST, sid, titles, k, R):
    if ST[sid, 0] == K_RANDOM:
        j = rand_below(R, k + 1)
        return titles[j] if j < k else -1
    best, bk = -1, 0
    for i in range(k):
        t = titles[i]
        key = T_VP[t] * 100 + t
        if best < 0 or key > bk:
            best, bk = t, key
    return best


@njit(**J)
def choose_sell(S, seat, ST, sid, n, out, R):
    """``sell(n)`` into ``out``: how many resources, in selling order."""
    b = seat * PS
    if ST[sid, 0] == K_RANDOM:
        pool = np.empty(S[b + P_RES] + S[b + P_RES + 1] + S[b + P_RES + 2] + S[b + P_RES + 3], np.int64)
        m = 0
        for r in range(4):
            for _ in range(S[b + P_RES + r]):
                pool[m] = r
                m += 1
        kk = rand_below(R, min(n, m) + 1)
        for i in range(kk):
            j = i + rand_below(R, m - i)
            t = pool[i]
            pool[i] = pool[j]
            pool[j] = t
        for i in range(kk):
            out[i] = pool[i]
        return kk
    tot = S[b + P_RES] + S[b + P_RES + 1] + S[b + P_RES + 2] + S[b + P_RES + 3]
    cap = n if ST[sid, S_SELL_ALL] else min(n, max(0, tot - WH_HOLD[S[b + P_WARE]]))
    m = 0
    for i in range(4):
        r = TRADE_ORDER[i]
        left = S[b + P_RES + r]
        while left > 0 and m < cap:
            out[m] = r
            m += 1
            left -= 1
    return m


@njit(**J)
def choose_discard_resource(S, seat, ST, sid, R):
    b = seat * PS
    if ST[sid, 0] == K_RANDOM:
        m = 0
        for r in range(4):
            if S[b + P_RES + r] > 0:
                m += 1
        j = rand_below(R, m)
        for r in range(4):
            if S[b + P_RES + r] > 0:
                if j == 0:
                    return r
                j -= 1
    best = 0
    for r in range(1, 4):
        if S[b + P_RES + r] > S[b + P_RES + best]:
            best = r
    return best


@njit(**J)
def choose_discard_card(S, seat, ST, sid, R):
    b = seat * PS
    if ST[sid, 0] == K_RANDOM:
        return S[b + P_HAND + rand_below(R, S[b + P_NHAND])]
    for j in range(S[b + P_NHAND]):
        c = S[b + P_HAND + j]
        if C_TYPE[c] == CT_MIL:
            fits = (C_L2[c] >= 0 and S[b + P_MIL + C_L2[c]] == 1) or (C_L3[c] >= 0 and S[b + P_MIL + C_L3[c]] == 2)
            if not fits:
                return c
    return S[b + P_HAND]


@njit(**J)
def choose_counterattack(S, ST, sid, places, m, R):
    """``counterattack`` (solo, the player's Raid card): a Province or -1."""
    if ST[sid, 0] == K_RANDOM:
        if rand_float(R) < 0.2:
            return places[rand_below(R, m)]
        return -1
    party = 0
    for k in range(3):
        party += S[G_PARTY + k] * (S[G_RLEV + k] + (k == 2))
    best, bs = -1, 0
    for i in range(m):
        q = places[i]
        gs = group_strength3(S, 0, S[P_UNITS + q * 3], S[P_UNITS + q * 3 + 1], S[P_UNITS + q * 3 + 2])
        if gs >= party + C_MARGIN and (best < 0 or gs >= bs):
            best, bs = q, gs
    return best
