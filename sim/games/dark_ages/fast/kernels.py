"""The Dark Ages rules without decisions, as njit functions over the state vector ``S`` (``layout``).

``R`` is a 1-element uint64 array holding the game's counter-based stream (``sim.rng``); ``MV`` a move buffer
(rows: kind, then arguments). Each function ports the reference function named in its docstring, drawing in the
same order, so a reference game driven by ``sim.lockstep.LockstepRandom`` plays identically.
"""

# ruff: noqa: F403, F405
from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.dark_ages.fast.layout import *
from sim.rng import below, high32, next_word

J = dict(cache=True, nogil=True)


# ---------------------------------------------------------------- random stream
@njit(**J)
def rand_below(R, n):
    s, w = next_word(R[0])
    R[0] = s
    return below(high32(w), n)


@njit(**J)
def rand_float(R):
    s, w = next_word(R[0])
    R[0] = s
    return np.float64(w >> np.uint64(11)) * (1.0 / 9007199254740992.0)


@njit(**J)
def shuffle(R, x, n):
    """``random.shuffle`` as ``LockstepRandom`` does it (Fisher-Yates from the end)."""
    for i in range(n - 1, 0, -1):
        j = rand_below(R, i + 1)
        t = x[i]
        x[i] = x[j]
        x[j] = t


# ---------------------------------------------------------------- queries
@njit(**J)
def units_at(S, seat, q):
    b = seat * PS + P_UNITS + q * 3
    return S[b] + S[b + 1] + S[b + 2]


@njit(**J)
def units_in_play(S, seat):
    b = seat * PS + P_UNITS
    t = 0
    for i in range(NP * 3):
        t += S[b + i]
    return t


@njit(**J)
def controller(S, q):
    """``Game.controller``: the Farm's owner, else the player with units there, else -1."""
    if S[G_FN + q] > 0:
        return S[G_FOWN + q]
    for s in range(S[G_N]):
        if units_at(S, s, q) > 0:
            return s
    return -1


@njit(**J)
def slots_used(S, q):
    b = G_BLD + q * 4
    return S[b] + S[b + 1] + S[b + 2] + S[b + 3] + S[G_CHIN + q]


@njit(**J)
def capital(S, seat):
    """The seat's Capital; -1 for the Lordlings (no Ruler)."""
    r = S[seat * PS + P_RULER]
    return R_CAP[r] if r >= 0 else -1


@njit(**J)
def weakest(S, seat, q):
    """``min(units, key=(level, type index))`` among the types present in ``q``."""
    b = seat * PS
    best, bl = -1, 99
    for k in range(3):
        if S[b + P_UNITS + q * 3 + k] > 0 and S[b + P_MIL + k] < bl:
            best, bl = k, S[b + P_MIL + k]
    return best


@njit(**J)
def add_units(S, seat, q, k, n):
    S[seat * PS + P_UNITS + q * 3 + k] += n


@njit(**J)
def remove_units(S, seat, q, k, n, to_supply):
    S[seat * PS + P_UNITS + q * 3 + k] -= n
    if to_supply:
        S[seat * PS + P_SUP + k] += n


@njit(**J)
def hand_remove(S, seat, cid):
    b = seat * PS
    n = S[b + P_NHAND]
    j = 0
    while S[b + P_HAND + j] != cid:
        j += 1
    for i in range(j, n - 1):
        S[b + P_HAND + i] = S[b + P_HAND + i + 1]
    S[b + P_HAND + n - 1] = 0
    S[b + P_NHAND] = n - 1


@njit(**J)
def holds_card(S, seat, cid):
    b = seat * PS
    for j in range(S[b + P_NHAND]):
        if S[b + P_HAND + j] == cid:
            return 1
    return 0


@njit(**J)
def hand_add(S, seat, cid):
    b = seat * PS
    S[b + P_HAND + S[b + P_NHAND]] = cid
    S[b + P_NHAND] += 1


# ---------------------------------------------------------------- effects, paying, gaining
@njit(**J)
def effect_sum(S, seat, kind, action):
    """Sum of ``amount`` over the in-force effects of ``kind`` (for ``action`` when >= 0) (``economy.effects``)."""
    b = seat * PS
    t = 0
    for j in range(S[b + P_NTECH]):
        c, lev = S[b + P_TECHC + j], S[b + P_TECHL + j]
        for e in range(VIS_N[c, lev]):
            k = VIS_LV[c, lev, e]
            if LV_KIND[c, k] == kind and (action < 0 or LV_ACT[c, k] == action):
                t += LV_AMT[c, k]
    return t


@njit(**J)
def discounted(S, seat, cost, amount, out):
    """``economy.discounted`` into ``out`` (ordered, -1 padded)."""
    for i in range(4):
        out[i] = cost[i]
    if amount <= 0:
        return
    n = 0
    while n < 4 and out[n] >= 0:
        n += 1
    if n == 0:
        return
    b = seat * PS + P_RES
    for _ in range(min(amount, n)):
        pick = -1
        for i in range(n):
            r = out[i]
            c = 0
            for j in range(n):
                if out[j] == r:
                    c += 1
            if c > S[b + r]:
                pick = i
                break
        if pick < 0:
            hi = -1
            for i in range(n):
                if out[i] > hi:
                    hi = out[i]
            for i in range(n):
                if out[i] == hi:
                    pick = i
                    break
        for i in range(pick, n - 1):
            out[i] = out[i + 1]
        out[n - 1] = -1
        n -= 1


@njit(**J)
def shortfall(S, seat, cost):
    b = seat * PS + P_RES
    need = np.zeros(4, np.int64)
    for i in range(4):
        if cost[i] >= 0:
            need[cost[i]] += 1
    m = 0
    for r in range(4):
        if need[r] > S[b + r]:
            m += need[r] - S[b + r]
    return m


@njit(**J)
def affordable(S, seat, cost):
    return shortfall(S, seat, cost) <= S[seat * PS + P_GOLD]


@njit(**J)
def spend(S, seat, cost):
    m = shortfall(S, seat, cost)
    b = seat * PS
    for i in range(4):
        if cost[i] >= 0:
            r = cost[i]
            S[b + P_RES + r] = max(0, S[b + P_RES + r] - 1)
    S[b + P_GOLD] -= m


@njit(**J)
def gain_vp(S, seat, amount, source):
    b = seat * PS
    amount = max(amount, -S[b + P_VP])
    S[b + P_VP] += amount
    S[b + P_VPBY + source] += amount


@njit(**J)
def gain_culture(S, seat, amount):
    b = seat * PS
    old = S[b + P_CULT]
    new = min(old + amount, CULT_LAST)
    S[b + P_CULT] = new
    for i in range(len(RED)):
        r = RED[i]
        if old < r <= new and not (S[G_REDR] >> i) & 1:
            S[G_REDR] |= 1 << i
            S[b + P_GOLD] += RED_GOLD


@njit(**J)
def gain(S, seat, what, amount):
    b = seat * PS
    if what < 4:
        S[b + P_RES + what] += amount
    elif what == G_GOLD:
        S[b + P_GOLD] += amount
    elif what == G_CULTURE:
        gain_culture(S, seat, amount)
    else:
        gain_vp(S, seat, amount, V_CARDS)


@njit(**J)
def on_action(S, seat, action):
    """``economy.on_action``: the gain_on_action effects, in Technology order."""
    b = seat * PS
    for j in range(S[b + P_NTECH]):
        c, lev = S[b + P_TECHC + j], S[b + P_TECHL + j]
        for e in range(VIS_N[c, lev]):
            k = VIS_LV[c, lev, e]
            if LV_KIND[c, k] == E_ACTION and LV_ACT[c, k] == action:
                gain(S, seat, LV_GAIN[c, k], LV_AMT[c, k])


# ---------------------------------------------------------------- counting, scoring, triggers
@njit(**J)
def level3(S, seat):
    b = seat * PS
    t = 0
    for j in range(S[b + P_NTECH]):
        if S[b + P_TECHL + j] >= 3:
            t += 1
    for k in range(3):
        if S[b + P_MIL + k] >= 3:
            t += 1
    return t


@njit(**J)
def popcount(x):
    c = 0
    while x:
        c += x & 1
        x >>= 1
    return c


@njit(**J)
def count(S, seat, per):
    """``counting.count``."""
    b = seat * PS
    if per == 0 or per == 1 or per == 5 or per == 7:
        t = 0
        for q in range(NP):
            if controller(S, q) == seat:
                if per == 0:
                    t += S[G_CITY + q]
                elif per == 1:
                    t += S[G_CHIN + q]
                elif per == 5:
                    t += S[G_KEEP + q]
                else:
                    t += 1
        return t
    if per == 2:
        t = 0
        for q in range(NP):
            if S[G_FN + q] > 0 and S[G_FOWN + q] == seat:
                t += S[G_FN + q]
        return t
    if per == 3:
        return popcount(S[b + P_TITLES])
    if per == 4:
        return S[b + P_TROPH]
    if per == 6:
        return level3(S, seat)
    if per == 8:
        return S[b + P_NTECH]
    return units_in_play(S, seat)


@njit(**J)
def trigger(S):
    """``ending.trigger``: the trigger's index or -1."""
    n = S[G_N]
    if S[G_CLEFT] <= 0:
        return 0
    if S[G_CHBUILT] >= END_CHURCH[n]:
        return 1
    for s in range(n):
        if S[s * PS + P_CULT] >= CULT_LAST:
            return 2
    for s in range(n):
        if level3(S, s) >= END_L3:
            return 3
    if S[G_RANOUT]:
        return 4
    return -1


@njit(**J)
def score(S, seat, out):
    """``ending.score`` into ``out``: the 16 categories of ``experiment.CATEGORIES`` and the total (which also
    counts the solo Raiders' VP, a category of its own in solo reports)."""
    b = seat * PS
    for i in range(OUT_COLS):
        out[i] = 0
    t = 0
    for j in range(S[b + P_NTECH]):
        t += LV_VP[S[b + P_TECHC + j], S[b + P_TECHL + j] - 1]
    out[0] = t
    ctrl = np.zeros(NP, np.int64)
    for q in range(NP):
        ctrl[q] = controller(S, q) == seat
    t = 0
    for q in range(NP):
        if S[G_CITY + q] and ctrl[q]:
            t += CITY_VP[slots_used(S, q)]
    out[1] = t
    t = 0
    for q in range(NP):
        if S[G_KEEP + q] > 0 and ctrl[q]:
            c = 0
            for i in range(NEIN[q]):
                c += ctrl[NEI[q, i]]
            t += KEEP_VP * S[G_KEEP + q] * c
    out[2] = t
    out[3] = CULT_VP[min(S[b + P_CULT], CULT_LAST)]
    out[4] = WH_VP[S[b + P_WARE]]
    out[5] = FARM_VP[min(S[b + P_FOFF], NFARMSP - 1)]
    t = 0
    for i in range(NT):
        if (S[b + P_TITLES] >> i) & 1:
            t += T_VP[i]
    out[6] = t
    out[7] = GOLD_VP * S[b + P_GOLD]
    t = 0
    for j in range(S[b + P_NTECH]):
        c, lev = S[b + P_TECHC + j], S[b + P_TECHL + j]
        for e in range(VIS_N[c, lev]):
            k = VIS_LV[c, lev, e]
            if LV_KIND[c, k] == E_END:
                t += LV_EVP[c, k] * count(S, seat, LV_PER[c, k])
    out[8] = t
    for i in range(6):
        out[9 + i] = S[b + P_VPBY + i]
    tot = S[b + P_VPBY + V_RAIDERS]  # solo: VP lost to the Raiders finding no target (0 in multiplayer)
    for i in range(16):
        tot += out[i]
    out[16] = tot


# ---------------------------------------------------------------- the offer
@njit(**J)
def take_card(S, slot):
    """``culture.take_card`` / ``offer.take``: returns the card; refills from the deck."""
    n = S[G_OFFN]
    card = S[G_OFF + slot]
    for i in range(slot, n - 1):
        S[G_OFF + i] = S[G_OFF + i + 1]
    S[G_OFF + n - 1] = -1
    n -= 1
    if S[G_DECKP] < S[G_DECKN]:
        S[G_OFF + n] = S[G_DECK + S[G_DECKP]]
        n += 1
        S[G_DECKP] += 1
        if S[G_DECKP] == S[G_DECKN]:
            S[G_RANOUT] = 1
    S[G_OFFN] = n
    return card


@njit(**J)
def accessible(S, seat):
    c = S[seat * PS + P_CULT]
    reached = 0
    for i in range(len(RED)):
        if RED[i] <= c:
            reached += 1
    return min(BASE_ACCESS + reached, OFFER_SLOTS)


# ---------------------------------------------------------------- legal moves
@njit(**J)
def _put(MV, k, a, b, c, d, e, f):
    MV[k, 0], MV[k, 1], MV[k, 2], MV[k, 3], MV[k, 4], MV[k, 5] = a, b, c, d, e, f
    return k + 1


@njit(**J)
def can_cost(S, seat, cost, cut, tmp):
    if cut > 0:
        discounted(S, seat, cost, cut, tmp)
        return affordable(S, seat, tmp)
    return affordable(S, seat, cost)


@njit(**J)
def church_relic(S, seat):
    """The best Relic in hand for a Church (``building._church_cost``), or -1."""
    b = seat * PS
    best, bk = -1, -1
    for j in range(S[b + P_NHAND]):
        c = S[b + P_HAND + j]
        if C_TYPE[c] == CT_RELIC:
            key = (C_RELIC[c] == 0) * 1000 + C_AMT[c]
            if key > bk:
                best, bk = c, key
    return best


@njit(**J)
def church_cost(S, seat, out):
    relic = church_relic(S, seat)
    cut = effect_sum(S, seat, E_DISCOUNT, A_BUILD)
    if relic >= 0 and C_RELIC[relic] == 0:
        cut += C_AMT[relic]
    discounted(S, seat, COST_CHURCH, cut, out)
    return relic


@njit(**J)
def build_options(S, seat, MV):
    """``building.options``."""
    b = seat * PS
    cut = effect_sum(S, seat, E_DISCOUNT, A_BUILD)
    tmp = np.empty(4, np.int64)
    k = 0
    ctrl = np.zeros(NP, np.int64)
    for q in range(NP):
        ctrl[q] = controller(S, q) == seat
    if S[G_CLEFT] > 0 and can_cost(S, seat, COST_CITY, cut, tmp):
        for q in range(NP):
            if ctrl[q] and not S[G_CITY + q]:
                k = _put(MV, k, A_BUILD, B_CITY, q, -1, 0, 0)
    church_ok = -1
    churches_left = S[G_CHBUILT] < SETUP_CHURCHES
    for q in range(NP):
        if not ctrl[q] or not S[G_CITY + q]:
            continue
        if slots_used(S, q) < CITY_SLOTS:
            for r in range(4):
                w = PROD_COST[q, r]
                if w == 1 and can_cost(S, seat, COST_POWN, cut, tmp):
                    k = _put(MV, k, A_BUILD, B_PROD, q, r, 0, 0)
                elif w == 2 and can_cost(S, seat, COST_PNEI, cut, tmp):
                    k = _put(MV, k, A_BUILD, B_PROD, q, r, 0, 0)
            if churches_left and not S[G_CHIN + q]:
                if church_ok < 0:
                    church_cost(S, seat, tmp)
                    church_ok = 1 if affordable(S, seat, tmp) else 0
                if church_ok == 1:
                    k = _put(MV, k, A_BUILD, B_CHURCH, q, -1, 0, 0)
        lev = S[G_KEEP + q] + 1
        if lev <= MAX_KEEP and can_cost(S, seat, COST_KEEP[lev], cut, tmp):
            k = _put(MV, k, A_BUILD, B_KEEP, q, -1, 0, 0)
    if S[b + P_FOFF] < TRACK_FARMS and can_cost(S, seat, COST_FARM, cut, tmp):
        for q in range(NP):
            if ctrl[q] and S[G_FN + q] == 1 and S[G_FOWN + q] == seat:
                k = _put(MV, k, A_BUILD, B_FARM, q, -1, 0, 0)
    w = S[b + P_WARE]
    if w + 1 < NWH:
        for i in range(WH_NALT[w + 1]):
            if can_cost(S, seat, WH_COST[w + 1, i], cut, tmp):
                k = _put(MV, k, A_BUILD, B_WH, -1, i, 0, 0)
    return k


@njit(**J)
def culture_options(S, seat, MV):
    n = min(accessible(S, seat), S[G_OFFN])
    for i in range(n):
        _put(MV, i, A_DOC, i, 0, 0, 0, 0)
    return n


@njit(**J)
def research_options(S, seat, MV):
    """``culture.research_options``."""
    b = seat * PS
    k = 0
    for j in range(S[b + P_NHAND]):
        c = S[b + P_HAND + j]
        if C_TYPE[c] == CT_COMMON and S[b + P_NTECH] < MAX_TECHS:
            k = _put(MV, k, A_RESEARCH, R_PLAY, c, -1, 0, 0)
        elif C_TYPE[c] == CT_MIL and S[b + P_GOLD] >= MILTECH_GOLD:
            if C_L2[c] >= 0 and S[b + P_MIL + C_L2[c]] == 1:
                k = _put(MV, k, A_RESEARCH, R_MIL, c, C_L2[c], 2, 0)
            if C_L3[c] >= 0 and S[b + P_MIL + C_L3[c]] == 2:
                k = _put(MV, k, A_RESEARCH, R_MIL, c, C_L3[c], 3, 0)
    if S[b + P_GOLD] >= UPGRADE_GOLD:
        # sorted(p.techs.items()): by card index
        nt = S[b + P_NTECH]
        done = 0
        last = -1
        while done < nt:
            nxt, at = NC + 1, -1
            for j in range(nt):
                c = S[b + P_TECHC + j]
                if last < c < nxt:
                    nxt, at = c, j
            last = nxt
            done += 1
            lev = S[b + P_TECHL + at]
            if 1 <= lev < 3:
                k = _put(MV, k, A_RESEARCH, R_RAISE, nxt, -1, 0, 0)
    return k


@njit(**J)
def recruit_cost(S, seat, kind, out):
    discounted(S, seat, RECRUIT[kind, S[seat * PS + P_MIL + kind]], effect_sum(S, seat, E_DISCOUNT, A_RECRUIT), out)


@njit(**J)
def recruit_options(S, seat, MV, k0):
    b = seat * PS
    k = k0
    tmp = np.empty(4, np.int64)
    for kind in range(3):
        if S[b + P_SUP + kind] <= 0:
            continue
        recruit_cost(S, seat, kind, tmp)
        if affordable(S, seat, tmp):
            for q in range(NP):
                if S[G_CITY + q] and controller(S, q) == seat:
                    k = _put(MV, k, A_RECRUIT, kind, q, 0, 0, 0)
    return k


@njit(**J)
def manoeuvre_options(S, seat, MV, k0, regroup):
    """``military.manoeuvre_options`` (``regroup``: ``regroup_options``' filter). Row: kind, src, dst, 3 counts."""
    b = seat * PS
    k = k0
    g = np.zeros(6, np.int64)
    for src in range(NP):
        tot = units_at(S, seat, src)
        if tot == 0:
            continue
        ng = 1
        for t in range(3):
            g[t] = S[b + P_UNITS + src * 3 + t]
            g[3 + t] = g[t]
        if tot > 1:
            ng = 2
            g[3 + weakest(S, seat, src)] -= 1
        for i in range(NEIN[src]):
            dst = NEI[src, i]
            if not S[G_INP + dst]:
                continue
            if regroup:
                if S[G_BARB + dst] >= 0:
                    continue
                o = controller(S, dst)
                if o >= 0 and o != seat:
                    continue
            for j in range(ng):
                k = _put(MV, k, A_MANOEUVRE, src, dst, g[3 * j], g[3 * j + 1], g[3 * j + 2])
    return k


@njit(**J)
def settle_cost(S, seat, q):
    return max(1, SETTLE_COST[S[seat * PS + P_RULER], q] - effect_sum(S, seat, E_DISCOUNT, A_SETTLE))


@njit(**J)
def strength(S, seat, q):
    b = seat * PS
    t = 0
    for k in range(3):
        t += S[b + P_MIL + k] * S[b + P_UNITS + q * 3 + k]
    return t


@njit(**J)
def settle_options(S, seat, MV):
    if S[seat * PS + P_FOFF] >= TRACK_FARMS:
        return 0
    k = 0
    for q in range(NP):
        if units_at(S, seat, q) > 0 and S[G_FN + q] == 0 and strength(S, seat, q) >= settle_cost(S, seat, q):
            k = _put(MV, k, M_SETTLE, q, 0, 0, 0, 0)
    return k


@njit(**J)
def action_options(S, seat, action, MV):
    if action == A_BUILD:
        return build_options(S, seat, MV)
    if action == A_DOC:
        return culture_options(S, seat, MV)
    if action == A_RESEARCH:
        return research_options(S, seat, MV)
    if action == A_RECRUIT:
        return recruit_options(S, seat, MV, 0)
    return manoeuvre_options(S, seat, MV, 0, False)


@njit(**J)
def react_options(S, seat, reaction, MV, k0):
    """``reacting.options`` appended at row ``k0``. Row: M_REACT, reaction, then the inner move's columns 0..3."""
    b = seat * PS
    k = k0
    if reaction == X_WL or reaction == X_WS:
        k = _put(MV, k, M_REACT, reaction, 0, 0, 0, 0)
        k = _put(MV, k, M_REACT, reaction, 1 if reaction == X_WL else 2, 0, 0, 0)
    elif reaction == X_RECRUIT or reaction == X_REGROUP:
        if reaction == X_RECRUIT:
            k2 = recruit_options(S, seat, MV, k0)
        else:
            k2 = manoeuvre_options(S, seat, MV, k0, True)
        for i in range(k0, k2):  # inner move: (kind, x1, x2, x3, x4, x5) → (REACT, reaction, x1..x4)
            a1, a2, a3, a4, a5 = MV[i, 1], MV[i, 2], MV[i, 3], MV[i, 4], MV[i, 5]
            MV[i, 0], MV[i, 1], MV[i, 2], MV[i, 3], MV[i, 4], MV[i, 5] = M_REACT, reaction, a1, a2, a3, a4 * 16 + a5
        k = k2
    elif reaction == X_EXCHANGE:
        last = -1
        n = S[b + P_NHAND]
        for _ in range(n):  # sorted(set(hand))
            nxt = NC + 1
            for j in range(n):
                c = S[b + P_HAND + j]
                if last < c < nxt:
                    nxt = c
            if nxt > NC:
                break
            last = nxt
            k = _put(MV, k, M_REACT, reaction, 0, nxt, 0, 0)
        if S[b + P_GOLD] >= 1:
            for slot in range(S[G_OFFN]):
                k = _put(MV, k, M_REACT, reaction, 1, slot, 0, 0)
    else:  # sell goods: column 2 is 1 for Gold, 0 for Culture; column 3 the resource
        if S[b + P_RES + 3] > 0:
            k = _put(MV, k, M_REACT, reaction, 1, 3, 0, 0)
        for r in range(4):
            if S[b + P_RES + r] > 0:
                k = _put(MV, k, M_REACT, reaction, 0, r, 0, 0)
    return k


@njit(**J)
def claimable(S, seat, out):
    """``titles.claimable`` (Title dict order) into ``out``; returns how many."""
    b = seat * PS
    n = S[G_N]
    k = 0
    for ti in range(NT):
        t = T_ORDER[ti]
        if T_PLAYERS[t] > n or (S[b + P_TITLES] >> t) & 1:
            continue
        held, tot = 0, 0
        for q in range(NP):
            if T_PROV[t, q]:
                tot += 1
                if controller(S, q) == seat:
                    held += 1
        if held >= (tot + 1) // 2 and S[b + P_NFREE] >= tot - held:
            out[k] = t
            k += 1
    return k


# ---------------------------------------------------------------- applying moves without decisions
@njit(**J)
def church_vp(S, q):
    has = np.zeros(NREG, np.int64)
    for i in range(S[G_CHN]):
        has[REGION[S[G_CHL + i]]] = 1
    own = REGION[q]
    t = CH_BASE
    if not has[own]:
        t += CH_FIRST
    seen = np.zeros(NREG, np.int64)
    for i in range(NEIN[q]):
        r = REGION[NEI[q, i]]
        if r != own and not has[r] and not seen[r]:
            seen[r] = 1
            t += CH_PER
    return t


@njit(**J)
def apply_build(S, seat, what, q, detail):
    """``building.apply``."""
    b = seat * PS
    cut = effect_sum(S, seat, E_DISCOUNT, A_BUILD)
    tmp = np.empty(4, np.int64)
    if what == B_CITY:
        discounted(S, seat, COST_CITY, cut, tmp)
        spend(S, seat, tmp)
        S[G_CITY + q] = 1
        S[G_CLEFT] -= 1
        gain_culture(S, seat, CITY_CULTURE)
    elif what == B_PROD:
        discounted(S, seat, COST_POWN if PROD_COST[q, detail] == 1 else COST_PNEI, cut, tmp)
        spend(S, seat, tmp)
        S[G_BLD + q * 4 + detail] += 1
    elif what == B_CHURCH:
        relic = church_cost(S, seat, tmp)
        spend(S, seat, tmp)
        gain_vp(S, seat, church_vp(S, q), V_CHURCH)
        S[G_CHL + S[G_CHN]] = q
        S[G_CHN] += 1
        S[G_CHIN + q] = 1
        S[G_CHBUILT] += 1
        if relic >= 0:
            hand_remove(S, seat, relic)
            if C_RELIC[relic] == 1:
                gain_vp(S, seat, C_AMT[relic], V_CHURCH)
            elif C_RELIC[relic] == 2:
                gain_culture(S, seat, C_AMT[relic])
    elif what == B_KEEP:
        discounted(S, seat, COST_KEEP[S[G_KEEP + q] + 1], cut, tmp)
        spend(S, seat, tmp)
        S[G_KEEP + q] += 1
    elif what == B_FARM:
        discounted(S, seat, COST_FARM, cut, tmp)
        spend(S, seat, tmp)
        S[G_FN + q] += 1
        S[b + P_FOFF] += 1
    else:
        discounted(S, seat, WH_COST[S[b + P_WARE] + 1, detail], cut, tmp)
        spend(S, seat, tmp)
        S[b + P_WARE] += 1


@njit(**J)
def reveal(S, seat, c, lev):
    b = seat * PS
    at = -1
    for j in range(S[b + P_NTECH]):
        if S[b + P_TECHC + j] == c:
            at = j
    if at < 0:
        at = S[b + P_NTECH]
        S[b + P_TECHC + at] = c
        S[b + P_NTECH] += 1
    S[b + P_TECHL + at] = lev
    if LV_IMM[c, lev - 1]:
        gain(S, seat, LV_GAIN[c, lev - 1], LV_AMT[c, lev - 1])


@njit(**J)
def tech_level(S, seat, c):
    b = seat * PS
    for j in range(S[b + P_NTECH]):
        if S[b + P_TECHC + j] == c:
            return S[b + P_TECHL + j]
    return 0


@njit(**J)
def apply_research(S, seat, how, c, unit, lev):
    b = seat * PS
    if how == R_PLAY:
        hand_remove(S, seat, c)
        reveal(S, seat, c, 1)
    elif how == R_RAISE:
        S[b + P_GOLD] -= UPGRADE_GOLD
        reveal(S, seat, c, tech_level(S, seat, c) + 1)
    else:
        S[b + P_GOLD] -= MILTECH_GOLD
        hand_remove(S, seat, c)
        S[b + P_MIL + unit] = lev


@njit(**J)
def apply_recruit(S, seat, kind, q):
    tmp = np.empty(4, np.int64)
    recruit_cost(S, seat, kind, tmp)
    spend(S, seat, tmp)
    S[seat * PS + P_SUP + kind] -= 1
    add_units(S, seat, q, kind, 1)
    on_action(S, seat, A_RECRUIT)


@njit(**J)
def apply_settle(S, seat, q):
    b = seat * PS
    need = settle_cost(S, seat, q)
    while need > 0:
        k = weakest(S, seat, q)
        remove_units(S, seat, q, k, 1, True)
        need -= S[b + P_MIL + k]
    S[G_FOWN + q] = seat
    S[G_FN + q] = 1
    S[b + P_FOFF] += 1


@njit(**J)
def army_limit(S, seat):
    return FARM_LIMIT[min(S[seat * PS + P_FOFF], NFARMSP - 1)]


@njit(**J)
def upkeep_excess(S, seat):
    return max(0, units_in_play(S, seat) - army_limit(S, seat))


@njit(**J)
def upkeep_return(S, seat, src):
    """One excess unit back to the supply: the biggest other stack's weakest unit (``military.upkeep``)."""
    best, bt = -1, -1
    for q in range(NP):
        if q != src:
            t = units_at(S, seat, q)
            if t > 0 and t >= bt:  # ties: the larger Province id
                best, bt = q, t
    q = best if best >= 0 else src
    remove_units(S, seat, q, weakest(S, seat, q), 1, True)


@njit(**J)
def place(S, seat, q, units):
    for k in range(3):
        if units[k]:
            add_units(S, seat, q, k, units[k])


# ---------------------------------------------------------------- battles
@njit(**J)
def battle_effects(S, seat, eff):
    """``combat._card_effects``: eff[0:3] extra dice, eff[3:6] extra hits, eff[6] cancel."""
    for i in range(7):
        eff[i] = 0
    if seat < 0:
        return
    b = seat * PS
    for j in range(S[b + P_NTECH]):
        c, lev = S[b + P_TECHC + j], S[b + P_TECHL + j]
        for e in range(VIS_N[c, lev]):
            k = VIS_LV[c, lev, e]
            kind = LV_KIND[c, k]
            if kind == E_DIE:
                eff[LV_PHASE[c, k]] += LV_AMT[c, k]
            elif kind == E_HIT:
                eff[3 + LV_PHASE[c, k]] += LV_AMT[c, k]
            elif kind == E_CANCEL:
                eff[6] += LV_AMT[c, k]


@njit(**J)
def muster(U, n, faction, levels, own, extra):
    """``reference.muster`` of ``combat._groups``: own units then transients, each in type order. U rows: kind,
    level, transient, t0, t1, t2, armour, damage, alive."""
    for transient in range(2):
        for k in range(3):
            c = extra[k] if transient else own[k]
            lev = levels[k]
            for _ in range(c):
                U[n, 0] = k
                U[n, 1] = STAT[faction, k, lev, 4]
                U[n, 2] = transient
                U[n, 3] = STAT[faction, k, lev, 0]
                U[n, 4] = STAT[faction, k, lev, 1]
                U[n, 5] = STAT[faction, k, lev, 2]
                U[n, 6] = STAT[faction, k, lev, 3]
                U[n, 7] = 0
                U[n, 8] = 1
                n += 1
    return n


@njit(**J)
def _hit_rank(kind):
    return 0 if kind == 2 else (1 if kind == 1 else 2)


@njit(**J)
def _tie(U, i):
    """``Unit.tie_key`` as one number: (-level, hit rank, transient)."""
    return ((10 - U[i, 1]) * 4 + _hit_rank(U[i, 0])) * 2 + U[i, 2]


@njit(**J)
def _rolls_after(U, i, phase):
    for p in range(phase + 1, 3):
        if U[i, 3 + p] > 0:
            return True
    return False


@njit(**J)
def _sort_by(idx, keys, m):
    """Stable insertion sort of idx[:m] by keys[:m]."""
    for i in range(1, m):
        ki, xi = keys[i], idx[i]
        j = i - 1
        while j >= 0 and keys[j] > ki:
            keys[j + 1] = keys[j]
            idx[j + 1] = idx[j]
            j -= 1
        keys[j + 1] = ki
        idx[j + 1] = xi


@njit(**J)
def allocate_solo(U, n, hits, phase):
    """``reference.allocate_solo``."""
    idx = np.empty(n, np.int64)
    keys = np.empty(n, np.int64)
    m = 0
    for i in range(n):
        if U[i, 8] and U[i, 7]:
            idx[m] = i
            keys[m] = (U[i, 6] - U[i, 7]) * 1000 + _tie(U, i)
            m += 1
    _sort_by(idx, keys, m)
    for j in range(m):
        i = idx[j]
        rem = U[i, 6] - U[i, 7]
        if hits >= rem:
            hits -= rem
            U[i, 8] = 0
            U[i, 7] = 0
    m = 0
    for i in range(n):
        if U[i, 8] and not U[i, 7]:
            idx[m] = i
            keys[m] = ((0 if _rolls_after(U, i, phase) else 1) * 100 + U[i, 6]) * 1000 + _tie(U, i)
            m += 1
    _sort_by(idx, keys, m)
    for j in range(m):
        i = idx[j]
        if hits >= U[i, 6]:
            hits -= U[i, 6] - U[i, 7]
            U[i, 8] = 0
            U[i, 7] = 0
    if hits > 0:
        best, bk = -1, 0
        for i in range(n):
            if U[i, 8]:
                key = ((0 if _rolls_after(U, i, phase) else 1) * 100 + U[i, 6] - U[i, 7]) * 1000 + _tie(U, i)
                if best < 0 or key < bk:
                    best, bk = i, key
        if best >= 0:
            U[best, 7] += hits


@njit(**J)
def roll(U, n, phase, budget, R):
    """``reference.roll`` without the Reinforce card: hits, with Keep +1s turning the cheapest misses."""
    return roll_card(U, n, phase, budget, False, R) // 2


@njit(**J)
def _bonus_hits(d2, nd, budget):
    extra = 0
    for i in range(nd):
        if d2[i] > budget:
            break
        budget -= d2[i]
        extra += 1
    return extra


@njit(**J)
def roll_card(U, n, phase, budget, card, R):
    """``reference.roll``: 2 * hits + whether the Reinforce card (held: ``card``) was played."""
    hits = 0
    d = np.empty(n, np.int64)
    nd = 0
    for i in range(n):
        t = U[i, 3 + phase]
        if U[i, 8] and t > 0:
            v = 1 + rand_below(R, FACES)
            if v >= t:
                hits += 1
            else:
                d[nd] = t - v
                nd += 1
    d2 = np.sort(d[:nd])
    extra = _bonus_hits(d2, nd, budget)
    if card and _bonus_hits(d2, nd, budget + 1) > extra:
        return 2 * (hits + extra + 1) + 1
    return 2 * (hits + extra)


@njit(**J)
def extra_dice(U, n, phase, k, R):
    if k == 0:
        return 0
    best = 0
    for i in range(n):
        t = U[i, 3 + phase]
        if U[i, 8] and t > 0 and (best == 0 or t < best):
            best = t
    if best == 0:
        return 0
    h = 0
    for _ in range(k):
        if 1 + rand_below(R, FACES) >= best:
            h += 1
    return h


@njit(**J)
def fight(UA, na, UD, nd, bonus_a, bonus_d, br_d, effa, effd, R):
    """``battle_sequence.fight`` (both sides assign hits by the solo list): whether the attacker won."""
    return fight_cards(UA, na, UD, nd, bonus_a, bonus_d, br_d, effa, effd, np.zeros(2, np.int64), R)


@njit(**J)
def fight_cards(UA, na, UD, nd, bonus_a, bonus_d, br_d, effa, effd, cards, R):
    """``fight`` with the solo Reinforce cards: ``cards[s]`` 1 if side ``s`` holds one; 2 on return if played."""
    cancel_a, cancel_d = effa[6], effd[6]
    for phase in range(3):
        x = roll_card(UA, na, phase, bonus_a if phase == 2 else 0, cards[0] == 1, R)
        if x & 1:
            cards[0] = 2
        ha = x // 2
        ha += extra_dice(UA, na, phase, effa[phase], R)
        if ha:
            ha += effa[3 + phase]
        x = roll_card(UD, nd, phase, bonus_d if phase == 2 else 0, cards[1] == 1, R)
        if x & 1:
            cards[1] = 2
        hd = x // 2
        hd += extra_dice(UD, nd, phase, effd[phase], R)
        if hd:
            hd += effd[3 + phase]
        saved = min(cancel_a, hd)
        cancel_a -= saved
        if hd - saved:
            allocate_solo(UA, na, hd - saved, phase)
        saved = min(cancel_d, ha)
        cancel_d -= saved
        if ha - saved:
            allocate_solo(UD, nd, ha - saved, phase)
    bra, brd = 0, br_d
    for i in range(na):
        if UA[i, 8]:
            bra += UA[i, 1]
    for i in range(nd):
        if UD[i, 8]:
            brd += UD[i, 1]
    if bra > brd:
        return True
    if ATTACKER_WINS_TIES and bra == brd:
        for i in range(na):
            if UA[i, 8]:
                return True
    return False


@njit(**J)
def survivors(U, n, out):
    for k in range(3):
        out[k] = 0
    for i in range(n):
        if U[i, 8] and not U[i, 2]:
            out[U[i, 0]] += 1


@njit(**J)
def keep_bonus(S, seat, q, contested):
    t = 0
    for i in range(NEIN[q]):
        x = NEI[q, i]
        if S[G_KEEP + x] > 0 and controller(S, x) == seat:
            t += S[G_KEEP + x]
    if contested and S[G_KEEP + q] > 0 and controller(S, q) == seat:
        t += S[G_KEEP + q]
    return min(t * KEEP_BONUS, MAX_NEIGH_KEEPS)


@njit(**J)
def pick_resource(S, seat):
    """``Strategy.pick_resource`` (no built-in strategy overrides it): the scarcest, ties to the first."""
    b = seat * PS + P_RES
    best = 0
    for r in range(1, 4):
        if S[b + r] < S[b + best]:
            best = r
    return best


@njit(**J)
def attack_barbarians(S, seat, src, dst, group, R):
    """``combat.attack_barbarians``; the group has left ``src``."""
    b = seat * PS
    tok = S[G_BARB + dst]
    tr = S[b + P_TROPH]
    UA = np.empty((MAX_UNITS, 9), np.int64)
    UD = np.empty((MAX_UNITS, 9), np.int64)
    lv = np.empty(3, np.int64)
    for k in range(3):
        lv[k] = S[b + P_MIL + k]
    na = muster(UA, 0, 0, lv, group, np.zeros(3, np.int64))
    for k in range(3):
        lv[k] = BARB_LEVEL
    extra = TROPHY_UNITS[min(tr, len(TROPHY_UNITS) - 1)].copy()
    cards = np.zeros(2, np.int64)
    if S[G_SOLO]:
        if S[G_OPTS] & O_CUMUL:
            for k in range(3):
                extra[k] = 1 if tr > k else 0
        for k in range(3):
            extra[k] += S[G_BX + dst * 3 + k]
        cards[0] = holds_card(S, seat, RC_REINFORCE)
    nd = muster(UD, 0, 1, lv, TOK_UNITS[tok], extra)
    effa = np.empty(7, np.int64)
    effd = np.zeros(7, np.int64)
    battle_effects(S, seat, effa)
    win = fight_cards(UA, na, UD, nd, keep_bonus(S, seat, dst, False), 0, 0, effa, effd, cards, R)
    if cards[0] == 2:
        hand_remove(S, seat, RC_REINFORCE)
    alive = np.empty(3, np.int64)
    survivors(UA, na, alive)
    for k in range(3):
        S[b + P_SUP + k] += group[k] - alive[k]
    if not win:
        place(S, seat, src, alive)
        return False
    S[G_BARB + dst] = -1
    for k in range(3):
        S[G_BX + dst * 3 + k] = 0
    gain_vp(S, seat, TROPHY_VP[min(tr, len(TROPHY_VP) - 1)], V_BARB)
    S[b + P_TROPH] += 1
    kind = TOK_RKIND[tok]
    if kind == 0:
        S[b + P_GOLD] += TOK_RAMT[tok]
    elif kind == 1:
        for _ in range(TOK_RAMT[tok]):
            S[b + P_RES + pick_resource(S, seat)] += 1
    elif kind == 2:
        gain_culture(S, seat, TOK_RAMT[tok])
    elif kind == 3:
        gain_vp(S, seat, TOK_RVP[tok], V_BARB)
    else:
        S[G_EXTRA] = 1
    place(S, seat, dst, alive)
    return True


@njit(**J)
def attack_player(S, seat, src, dst, group, ds, R):
    """``combat.attack_player``; the group has left ``src``."""
    b, db = seat * PS, ds * PS
    farms = S[G_FN + dst]
    extra = np.zeros(3, np.int64)
    extra[FARM_TRANSIENT] += farms
    if S[G_CITY + dst]:
        extra[CITY_TRANSIENT] += 1
    keep = S[G_KEEP + dst]
    defending = np.empty(3, np.int64)
    for k in range(3):
        defending[k] = S[db + P_UNITS + dst * 3 + k]
    UA = np.empty((MAX_UNITS, 9), np.int64)
    UD = np.empty((MAX_UNITS, 9), np.int64)
    lv = np.empty(3, np.int64)
    for k in range(3):
        lv[k] = S[b + P_MIL + k]
    na = muster(UA, 0, 0, lv, group, np.zeros(3, np.int64))
    for k in range(3):
        lv[k] = S[db + P_MIL + k]
    lordling = S[db + P_RULER] < 0
    nd = muster(UD, 0, 2 if lordling else 0, lv, defending, extra)
    bonus_a = keep_bonus(S, seat, dst, False)
    bonus_d = keep_bonus(S, ds, dst, True)
    effa = np.empty(7, np.int64)
    effd = np.empty(7, np.int64)
    battle_effects(S, seat, effa)
    battle_effects(S, ds, effd)
    cards = np.zeros(2, np.int64)
    if S[G_SOLO]:
        cards[0] = holds_card(S, seat, RC_REINFORCE)
        cards[1] = holds_card(S, ds, RC_REINFORCE)
    win = fight_cards(UA, na, UD, nd, bonus_a, bonus_d, keep, effa, effd, cards, R)
    if cards[0] == 2:
        hand_remove(S, seat, RC_REINFORCE)
    if cards[1] == 2:
        hand_remove(S, ds, RC_REINFORCE)
    alive = np.empty(3, np.int64)
    held = np.empty(3, np.int64)
    survivors(UA, na, alive)
    survivors(UD, nd, held)
    for k in range(3):
        S[b + P_SUP + k] += group[k] - alive[k]
        S[db + P_UNITS + dst * 3 + k] = 0
        S[db + P_SUP + k] += defending[k] - held[k]
    if not win or dst == capital(S, ds):
        place(S, ds, dst, held)
        place(S, seat, src, alive)
        if win:  # raid the Capital
            if S[db + P_GOLD] > 0:
                S[db + P_GOLD] -= 1
                S[b + P_GOLD] += 1
            else:
                rich = 0
                for r in range(1, 4):
                    if S[db + P_RES + r] > S[db + P_RES + rich]:
                        rich = r
                if S[db + P_RES + rich] > 0:
                    S[db + P_RES + rich] -= 1
                    S[b + P_RES + rich] += 1
            gain_vp(S, seat, army_limit(S, ds), V_RAID)
        return win
    retreat(S, ds, dst, held, R)
    if farms:
        lose_farms(S, ds, dst, R)
    place(S, seat, dst, alive)
    return True


@njit(**J)
def fewest(S, seat, lost, R):
    """``combat._fewest`` over the in-play neighbours of ``lost`` the seat controls (-1 if none)."""
    low, m = 1 << 40, 0
    for i in range(NEIN[lost]):
        x = NEI[lost, i]
        if S[G_INP + x] and controller(S, x) == seat:
            low = min(low, units_at(S, seat, x))
            m += 1
    if m == 0:
        return -1
    m = 0
    for x in range(NP):  # sorted ids
        for i in range(NEIN[lost]):
            if NEI[lost, i] == x and S[G_INP + x] and controller(S, x) == seat and units_at(S, seat, x) == low:
                m += 1
    j = rand_below(R, m)
    for x in range(NP):
        for i in range(NEIN[lost]):
            if NEI[lost, i] == x and S[G_INP + x] and controller(S, x) == seat and units_at(S, seat, x) == low:
                if j == 0:
                    return x
                j -= 1
    return -1


@njit(**J)
def retreat(S, ds, dst, held, R):
    """``combat.retreat``: a player to the neighbour holding most of their units, the Lordlings to the fewest."""
    db = ds * PS
    if held[0] + held[1] + held[2] == 0:
        return
    if S[db + P_RULER] < 0:
        best = fewest(S, ds, dst, R)
    else:
        best, bt = -1, -1
        for i in range(NEIN[dst]):
            x = NEI[dst, i]
            if S[G_INP + x] and controller(S, x) == ds:
                t = units_at(S, ds, x)
                if t > bt or (t == bt and x > best):
                    best, bt = x, t
    if best < 0:
        for k in range(3):
            S[db + P_SUP + k] += held[k]
    else:
        place(S, ds, best, held)


@njit(**J)
def lose_farms(S, ds, dst, R):
    """``combat.lose_farms``: the Farms go back to the track; Revanchism (the Lordlings: next to ``dst``)."""
    db = ds * PS
    farms = S[G_FN + dst]
    S[G_FN + dst] = 0
    S[G_FOWN + dst] = -1
    S[db + P_FOFF] -= farms
    for _ in range(farms):
        home = capital(S, ds)
        if home < 0:
            home = fewest(S, ds, dst, R)
        if home >= 0 and S[db + P_SUP + 0] > 0:
            S[db + P_SUP + 0] -= 1
            add_units(S, ds, home, 0, 1)


@njit(**J)
def manoeuvre_move(S, seat, src, dst, g0, g1, g2, R):
    """``military.apply_manoeuvre`` after the Army limit check: whether a battle was fought."""
    b = seat * PS
    moving = np.empty(3, np.int64)
    moving[0], moving[1], moving[2] = g0, g1, g2
    tot = 0
    for k in range(3):
        moving[k] = min(moving[k], S[b + P_UNITS + src * 3 + k])
        tot += moving[k]
    if tot == 0:
        return False
    for k in range(3):
        if moving[k]:
            remove_units(S, seat, src, k, moving[k], False)
    if S[G_BARB + dst] >= 0:
        attack_barbarians(S, seat, src, dst, moving, R)
        return True
    o = controller(S, dst)
    if o >= 0 and o != seat:
        attack_player(S, seat, src, dst, moving, o, R)
        return True
    place(S, seat, dst, moving)
    return False


# ---------------------------------------------------------------- passing, stacks
@njit(**J)
def place_noble(S, seat, action):
    sp = 0
    while S[G_ACTAT + sp] != action:
        sp += 1
    S[G_STK + sp * 4 + S[G_STKN + sp]] = seat
    S[G_STKN + sp] += 1
    S[seat * PS + P_NFREE] -= 1


@njit(**J)
def pop_reaction(S):
    """``reactions.trigger_reaction``: the owner and the space of a pushed-out disc (-1 if none)."""
    for sp in range(5):
        n = S[G_STKN + sp]
        if n >= STACK_LIMIT:
            owner = S[G_STK + sp * 4]
            for i in range(n - 1):
                S[G_STK + sp * 4 + i] = S[G_STK + sp * 4 + i + 1]
            S[G_STK + sp * 4 + n - 1] = 0
            S[G_STKN + sp] = n - 1
            S[G_EXH + owner] += 1
            return owner, sp
    return -1, -1


@njit(**J)
def retrieve(S, seat):
    for sp in range(5):
        n = S[G_STKN + sp]
        m = 0
        for i in range(n):
            x = S[G_STK + sp * 4 + i]
            if x != seat:
                S[G_STK + sp * 4 + m] = x
                m += 1
        for i in range(m, 4):
            S[G_STK + sp * 4 + i] = 0
        S[G_STKN + sp] = m
    S[G_EXH + seat] = 0
    S[seat * PS + P_NFREE] = S[seat * PS + P_NTOT]


@njit(**J)
def claim(S, seat, t):
    for s in range(S[G_N]):
        S[s * PS + P_TITLES] &= ~(1 << t)
        S[s * PS + P_TREADY] &= ~(1 << t)
    gain_vp(S, seat, 0 if (S[G_EST] >> t) & 1 else T_VP[t], V_TITLE)
    S[G_EST] |= 1 << t
    S[seat * PS + P_TITLES] |= 1 << t


@njit(**J)
def pass_income(S, seat, end_bonus, all_available):
    """Passing steps 6-9 after selling: Gold, gain_on_pass effects, Cognomens, production, Titles ready."""
    b = seat * PS
    S[b + P_GOLD] += PASS_GOLD
    if end_bonus and all_available:
        S[b + P_GOLD] += END_PASS_GOLD
    for j in range(S[b + P_NTECH]):
        c, lev = S[b + P_TECHC + j], S[b + P_TECHL + j]
        for e in range(VIS_N[c, lev]):
            k = VIS_LV[c, lev, e]
            if LV_KIND[c, k] == E_PASS:
                gain(S, seat, LV_GAIN[c, k], LV_AMT[c, k])
    j = 0
    while j < S[b + P_NHAND]:
        c = S[b + P_HAND + j]
        if C_TYPE[c] == CT_COG:
            gain_vp(S, seat, min(C_CMAX[c], C_CVP[c] * count(S, seat, C_PER[c])), V_COG)
            hand_remove(S, seat, c)
        else:
            j += 1
    for q in range(NP):
        if controller(S, q) == seat:
            for r in range(4):
                S[b + P_RES + r] += YIELD[S[G_BLD + q * 4 + r]]
    S[b + P_TREADY] = S[b + P_TITLES]


# ---------------------------------------------------------------- setup
@njit(**J)
def setup(S, n, rulers, R):
    """``setup.new_game``; ``rulers`` holds the Ruler index of each seat."""
    S[:] = 0
    S[G_N] = n
    for q in range(NP):
        S[G_INP + q] = INPLAY[n, q]
        S[G_FOWN + q] = -1
        S[G_BARB + q] = -1
    acts = ACTION_IDS.copy()
    shuffle(R, acts, 5)
    for i in range(5):
        S[G_ACTAT + i] = acts[i]
    m = DRAWN[n]
    deck = DRAW[n, :m].copy()
    shuffle(R, deck, m)
    for i in range(OFFER_SLOTS):
        S[G_OFF + i] = deck[i]
    S[G_OFFN] = OFFER_SLOTS
    for i in range(OFFER_SLOTS, m):
        S[G_DECK + i - OFFER_SLOTS] = deck[i]
    S[G_DECKN] = m - OFFER_SLOTS
    S[G_CLEFT] = SETUP_CITIES[n]
    for s in range(n):
        b = s * PS
        S[b + P_RULER] = rulers[s]
        S[b + P_GOLD] = SETUP_GOLD
        for r in range(4):
            S[b + P_RES + r] = SETUP_RES[r]
        for k in range(3):
            S[b + P_SUP + k] = SUPPLY[k]
            S[b + P_MIL + k] = 1
        S[b + P_NTOT] = SETUP_NOBLES[n]
        S[b + P_NFREE] = SETUP_NOBLES[n]
        hand_add(S, s, R_START[rulers[s], 0])
        hand_add(S, s, R_START[rulers[s], 1])
    for s in range(n):
        cap = R_CAP[rulers[s]]
        S[G_CITY + cap] = 1
        S[G_CLEFT] -= 1
        S[G_FOWN + cap] = s
        S[G_FN + cap] = 1
        add_units(S, s, cap, 0, SETUP_INF)
        S[s * PS + P_SUP] -= SETUP_INF
    tokens = np.arange(NTOK)
    shuffle(R, tokens, NTOK)
    left = NTOK
    for q in range(NP):
        if S[G_INP + q] and S[G_FN + q] == 0:
            left -= 1
            S[G_BARB + q] = tokens[left]
    for q in range(NP):
        if S[G_INP + q]:
            S[G_BLD + q * 4 + PRES[q]] = 1
    for s in range(SETUP_EXH[n]):
        S[G_EXH + s] += 1
        S[s * PS + P_NFREE] -= 1
    S[G_TRIG] = -1


# ---------------------------------------------------------------- invariants (debug mode)
@njit(**J)
def check(S):
    """``invariants.check`` on the state vector: returns 0 or the number of the first failed check."""
    n = S[G_N]
    for s in range(n):
        b = s * PS
        for k in range(3):
            on = 0
            for q in range(NP):
                on += S[b + P_UNITS + q * 3 + k]
            if S[b + P_SUP + k] < 0:
                return 1
            if on + S[b + P_SUP + k] != SUPPLY[k]:
                return 2
        for q in range(NP):
            if units_at(S, s, q) > 0:
                if not S[G_INP + q]:
                    return 3
                if S[G_BARB + q] >= 0:
                    return 4
                for o in range(n):
                    if o != s and units_at(S, o, q) > 0:
                        return 5
        if S[b + P_GOLD] < 0:
            return 6
        for r in range(4):
            if S[b + P_RES + r] < 0:
                return 6
        on = S[G_EXH + s]
        for sp in range(5):
            for i in range(S[G_STKN + sp]):
                on += S[G_STK + sp * 4 + i] == s
        if S[b + P_NFREE] < 0 or S[b + P_NFREE] + on != S[b + P_NTOT]:
            return 7
        t = 0
        for i in range(NVPS):
            t += S[b + P_VPBY + i]
        if S[b + P_VP] < 0 or S[b + P_VP] != t:
            return 8
        f = 0
        for q in range(NP):
            if S[G_FN + q] > 0 and S[G_FOWN + q] == s:
                f += S[G_FN + q]
        if f != S[b + P_FOFF] + 1:
            return 9
        if controller(S, capital(S, s)) != s:
            return 10
        if S[b + P_TREADY] & ~S[b + P_TITLES]:
            return 11
        if S[b + P_NHAND] > HMAX - 2:
            return 12
    cities = 0
    for q in range(NP):
        cities += S[G_CITY + q]
        if S[G_FN + q] > 0:
            if S[G_FN + q] > 2 or S[G_BARB + q] >= 0:
                return 13
            for o in range(n):
                if o != S[G_FOWN + q] and units_at(S, o, q) > 0:
                    return 14
        if S[G_CITY + q]:
            if slots_used(S, q) > CITY_SLOTS:
                return 15
        elif S[G_INP + q]:
            if S[G_BLD + q * 4] + S[G_BLD + q * 4 + 1] + S[G_BLD + q * 4 + 2] + S[G_BLD + q * 4 + 3] != 1:
                return 16
            if S[G_CHIN + q] or S[G_KEEP + q]:
                return 17
    if cities + S[G_CLEFT] != SETUP_CITIES[n]:
        return 18
    seen = 0
    for s in range(n):
        if S[s * PS + P_TITLES] & seen:
            return 19
        seen |= S[s * PS + P_TITLES]
    return 0


# ---------------------------------------------------------------- solo (Module 1): Raiders (``game/raiders.py``)
@njit(**J)
def d20(R):
    return 1 + rand_below(R, 20)


@njit(**J)
def rolled_type(R):
    """Upgrading Unit Types: 1-8 Infantry, 9-15 Cavalry, 16-20 Archer."""
    r = d20(R)
    return 0 if r <= 8 else (2 if r <= 15 else 1)


@njit(**J)
def upgrade_raider(S, R):
    k = rolled_type(R)
    S[G_RLEV + k] = min(S[G_RLEV + k] + 1, RAIDER_MAX)


@njit(**J)
def draw_tokens(S, n):
    for _ in range(n):
        if S[G_TPN] > 0:
            S[G_TPN] -= 1
            t = S[G_TP + S[G_TPN]]
            S[G_TP + S[G_TPN]] = 0
            S[G_PT + S[G_PTN]] = t
            S[G_PTN] += 1
            for k in range(3):
                S[G_PARTY + k] += TOK_UNITS[t, k]


@njit(**J)
def disband(S):
    """The party's tokens go to the front of the pool."""
    npt, ntp = S[G_PTN], S[G_TPN]
    for i in range(ntp - 1, -1, -1):
        S[G_TP + npt + i] = S[G_TP + i]
    for i in range(npt):
        S[G_TP + i] = S[G_PT + i]
        S[G_PT + i] = 0
    S[G_TPN] = ntp + npt
    S[G_PTN] = 0
    for k in range(3):
        S[G_PARTY + k] = 0


@njit(**J)
def pool_front(S, t):
    n = S[G_TPN]
    for i in range(n - 1, -1, -1):
        S[G_TP + i + 1] = S[G_TP + i]
    S[G_TP] = t
    S[G_TPN] = n + 1


@njit(**J)
def pick_target(S, R):
    cap = capital(S, 0)
    m = 0
    for q in range(NP):
        if q != cap and controller(S, q) == 0:
            m += 1
    if m == 0:
        S[G_TARGET] = -1
        return
    j = rand_below(R, m)
    for q in range(NP):
        if q != cap and controller(S, q) == 0:
            if j == 0:
                S[G_TARGET] = q
                return
            j -= 1


@njit(**J)
def ensure_target(S, R):
    t = S[G_TARGET]
    if t < 0 or controller(S, t) != 0:
        pick_target(S, R)


@njit(**J)
def fight_raid(S, where, R):
    """``raiders._fight_raid``: the Raiding Party attacks the player's Province ``where``."""
    hb = 0
    farms = S[G_FN + where]
    extra = np.zeros(3, np.int64)
    extra[FARM_TRANSIENT] += farms
    if S[G_CITY + where]:
        extra[CITY_TRANSIENT] += 1
    defending = np.empty(3, np.int64)
    for k in range(3):
        defending[k] = S[hb + P_UNITS + where * 3 + k]
    keep = S[G_KEEP + where]
    UA = np.empty((MAX_UNITS, 9), np.int64)
    UD = np.empty((MAX_UNITS, 9), np.int64)
    lv = np.empty(3, np.int64)
    party = np.empty(3, np.int64)
    for k in range(3):
        lv[k] = S[G_RLEV + k]
        party[k] = S[G_PARTY + k]
    na = muster(UA, 0, 1, lv, party, np.zeros(3, np.int64))
    for k in range(3):
        lv[k] = S[hb + P_MIL + k]
    nd = muster(UD, 0, 0, lv, defending, extra)
    effa = np.zeros(7, np.int64)
    effd = np.empty(7, np.int64)
    battle_effects(S, 0, effd)
    cards = np.zeros(2, np.int64)
    cards[1] = holds_card(S, 0, RC_REINFORCE)
    win = fight_cards(UA, na, UD, nd, 0, keep_bonus(S, 0, where, True), keep, effa, effd, cards, R)
    if cards[1] == 2:
        hand_remove(S, 0, RC_REINFORCE)
    held = np.empty(3, np.int64)
    survivors(UD, nd, held)
    for k in range(3):
        S[hb + P_UNITS + where * 3 + k] = 0
        S[hb + P_SUP + k] += defending[k] - held[k]
    if not win:
        place(S, 0, where, held)
        S[hb + P_GOLD] += RAID_WIN_GOLD
        disband(S)
        if S[G_OPTS] & O_UPG_LOSS:
            upgrade_raider(S, R)
        return
    retreat(S, 0, where, held, R)
    if S[G_FN + where] > 0:
        lose_farms(S, 0, where, R)
    for r in range(4):
        S[G_BLD + where * 4 + r] = 0
    S[G_BLD + where * 4 + PRES[where]] = 1
    S[G_CITY + where] = 0
    S[G_KEEP + where] = 0
    if S[G_CHIN + where]:
        n = S[G_CHN]
        j = 0
        while S[G_CHL + j] != where:
            j += 1
        for i in range(j, n - 1):
            S[G_CHL + i] = S[G_CHL + i + 1]
        S[G_CHL + n - 1] = 0
        S[G_CHN] = n - 1
        S[G_CHIN + where] = 0
    left = np.empty(3, np.int64)
    survivors(UA, na, left)
    disband(S)
    if S[G_TPN] > 0:
        S[G_TPN] -= 1
        S[G_BARB + where] = S[G_TP + S[G_TPN]]
        S[G_TP + S[G_TPN]] = 0
        for k in range(3):
            S[G_BX + where * 3 + k] = left[k]
    ensure_target(S, R)


@njit(**J)
def raiders_attack(S, forced, R):
    """``raiders.attack``."""
    if S[G_ROFF] and not forced:
        return
    ensure_target(S, R)
    S[G_RATT] += 1
    where = S[G_TARGET]
    if where < 0:
        gain_vp(S, 0, -NO_TARGET_VP, V_RAIDERS)
        return
    if d20(R) >= 16:
        cap = capital(S, 0)
        low, best = 1 << 40, -1
        for i in range(NEIN[where]):
            x = NEI[where, i]
            if x != cap and controller(S, x) == 0:
                t = units_at(S, 0, x)
                if t < low or (t == low and x < best):
                    low, best = t, x
        if best >= 0:
            where = best
    if S[G_PARTY] + S[G_PARTY + 1] + S[G_PARTY + 2] > 0:
        fight_raid(S, where, R)
    draw_tokens(S, RAID_NEW_TOKENS)


@njit(**J)
def raider_effect(S, fx, R):
    if fx == FX_ADD:
        S[G_PARTY + rolled_type(R)] += 1
    elif fx == FX_UPGRADE:
        upgrade_raider(S, R)
    elif fx == FX_ATTACK:
        raiders_attack(S, False, R)


@njit(**J)
def raider_revealed(S, card, R):
    """``raiders.revealed`` (a Surprise leaves the offer, which refills, and the new card is revealed)."""
    while C_TYPE[card] == CT_RAIDER:
        if S[G_TARGET] < 0:
            pick_target(S, R)
        fx = REVEAL_FX[card - RC_RAID]
        if card == RC_SURPRISE:
            n = S[G_OFFN]
            j = 0
            while S[G_OFF + j] != card:
                j += 1
            for i in range(j, n - 1):
                S[G_OFF + i] = S[G_OFF + i + 1]
            S[G_OFF + n - 1] = -1
            n -= 1
            S[G_OFFN] = n
            if S[G_DECKP] < S[G_DECKN]:
                S[G_OFF + n] = S[G_DECK + S[G_DECKP]]
                S[G_OFFN] = n + 1
                S[G_DECKP] += 1
                if S[G_DECKP] == S[G_DECKN]:
                    S[G_RANOUT] = 1
                raider_effect(S, fx, R)
                card = S[G_OFF + n]
                continue
        raider_effect(S, fx, R)
        return


@njit(**J)
def offer_take(S, slot, cyc, R):
    """``culture._draw_into``: take (or, ``cyc``, discard) the card in ``slot``; solo: the Raider cards act."""
    drew = S[G_DECKP] < S[G_DECKN]
    card = take_card(S, slot)
    if S[G_SOLO]:
        if cyc and C_TYPE[card] == CT_RAIDER:
            raider_effect(S, DISCARD_FX[card - RC_RAID], R)
        if drew:
            raider_revealed(S, S[G_OFF + S[G_OFFN] - 1], R)
    return card


# ---------------------------------------------------------------- solo: the Lordlings (``game/lordlings.py``)
@njit(**J)
def l_culture(S, amount):
    b = PS
    old = S[b + P_CULT]
    new = min(old + amount, CULT_LAST)
    S[b + P_CULT] = new
    for i in range(len(RED)):
        r = RED[i]
        if old < r <= new and not (S[G_REDR] >> i) & 1:
            S[G_REDR] |= 1 << i
            if S[G_OPTS] & O_RED_VP:
                gain_vp(S, 1, 2, V_REDSP)


@njit(**J)
def l_upgrade(S, kind, R):
    if kind < 0:
        kind = rolled_type(R)
    S[PS + P_MIL + kind] = min(S[PS + P_MIL + kind] + 1, L_MAX)


@njit(**J)
def distance_to_player(S, dist):
    queue = np.empty(NP, np.int64)
    h, t = 0, 0
    for q in range(NP):
        dist[q] = -1
        if controller(S, q) == 0:
            dist[q] = 0
            queue[t] = q
            t += 1
    while h < t:
        q = queue[h]
        h += 1
        for i in range(NEIN[q]):
            r = NEI[q, i]
            if S[G_INP + r] and dist[r] < 0:
                dist[r] = dist[q] + 1
                queue[t] = r
                t += 1
    for q in range(NP):
        if dist[q] < 0:
            dist[q] = 99


@njit(**J)
def pick_min(cand, key, m, R):
    """``lordlings.pick``: the lowest key among ``cand[:m]`` (ascending ids), ties at random; -1 if none."""
    if m == 0:
        return -1
    best = key[0]
    for i in range(1, m):
        if key[i] < best:
            best = key[i]
    c = 0
    for i in range(m):
        if key[i] == best:
            c += 1
    j = rand_below(R, c)
    for i in range(m):
        if key[i] == best:
            if j == 0:
                return cand[i]
            j -= 1
    return -1


@njit(**J)
def l_recruit(S, noble, R):
    b = PS
    if noble:
        place_noble(S, 1, A_RECRUIT)
    kind, kk = -1, 0
    for k in range(3):
        if S[b + P_SUP + k] > 0:
            on = 0
            for q in range(NP):
                on += S[b + P_UNITS + q * 3 + k]
            key = (on * 100 - S[b + P_MIL + k]) * 10 + k
            if kind < 0 or key < kk:
                kind, kk = k, key
    cand = np.empty(NP, np.int64)
    key = np.empty(NP, np.int64)
    m = 0
    for q in range(NP):
        if controller(S, q) == 1:
            cand[m] = q
            m += 1
    if kind < 0 or m == 0:
        return
    dist = np.empty(NP, np.int64)
    distance_to_player(S, dist)
    for i in range(m):
        key[i] = dist[cand[i]] * 1000 + units_at(S, 1, cand[i])
    where = pick_min(cand, key, m, R)
    S[b + P_SUP + kind] -= 1
    add_units(S, 1, where, kind, 1)
    if d20(R) >= 16:
        l_upgrade(S, kind, R)


@njit(**J)
def l_research(S, R):
    if not S[G_PREP] & 1:
        S[G_PREP] |= 1
        return
    S[G_PREP] &= ~1
    place_noble(S, 1, A_RESEARCH)
    roll = d20(R)
    if roll <= 4:
        l_culture(S, 3)
    elif roll <= 12:
        l_upgrade(S, -1, R)
    else:
        gain_vp(S, 1, 2 + S[G_STECH], V_RESEARCH)


@njit(**J)
def l_manoeuvre(S, R):
    if not S[G_PREP] & 2:
        S[G_PREP] |= 2
        return
    S[G_PREP] &= ~2
    place_noble(S, 1, A_MANOEUVRE)
    b = PS
    near = np.zeros(NP, np.int64)
    for q in range(NP):
        if controller(S, q) == 1:
            for i in range(NEIN[q]):
                r = NEI[q, i]
                if S[G_BARB + r] >= 0:
                    near[r] = 1
    m = 0
    for q in range(NP):
        m += near[q]
    if m == 0 or S[b + P_SUP] == 0:
        return
    j = rand_below(R, m)
    q = 0
    while True:
        if near[q]:
            if j == 0:
                break
            j -= 1
        q += 1
    pool_front(S, S[G_BARB + q])
    S[G_BARB + q] = -1
    for k in range(3):
        S[G_BX + q * 3 + k] = 0
    S[b + P_SUP] -= 1
    add_units(S, 1, q, 0, 1)


@njit(**J)
def l_church_places(S, cand):
    if S[G_CHBUILT] >= SETUP_CHURCHES:
        return 0
    m = 0
    for q in range(NP):
        if S[G_CITY + q] and not S[G_CHIN + q] and controller(S, q) == 1 and slots_used(S, q) < CITY_SLOTS:
            cand[m] = q
            m += 1
    return m


@njit(**J)
def l_church(S, R):
    cand = np.empty(NP, np.int64)
    key = np.empty(NP, np.int64)
    m = l_church_places(S, cand)
    if m == 0:
        return False
    for i in range(m):
        key[i] = -church_vp(S, cand[i])
    q = pick_min(cand, key, m, R)
    gain_vp(S, 1, church_vp(S, q), V_CHURCH)
    S[G_CHL + S[G_CHN]] = q
    S[G_CHN] += 1
    S[G_CHIN + q] = 1
    S[G_CHBUILT] += 1
    return True


@njit(**J)
def l_take(S, card, R):
    t = C_TYPE[card]
    if t == CT_COMMON:
        S[G_STECH] += 1
    elif t == CT_MIL:
        l_upgrade(S, -1, R)
    elif t == CT_RELIC:
        l_church(S, R)
    elif t == CT_COG:
        gain_vp(S, 1, 10 if S[G_OPTS] & O_COG10 else L_COG_VP, V_COG)
    elif t == CT_GB:
        gain_vp(S, 1, L_GB_VP, V_COG)
    elif t == CT_RAIDER:
        raider_effect(S, DISCARD_FX[card - RC_RAID], R)


@njit(**J)
def l_doc(S, R):
    place_noble(S, 1, A_DOC)
    n = min(accessible(S, 1), S[G_OFFN])
    if n:
        l_take(S, offer_take(S, n - 1, False, R), R)


@njit(**J)
def l_build(S, R):
    b = PS
    mine = np.zeros(NP, np.int64)
    for q in range(NP):
        mine[q] = controller(S, q) == 1
    cities = np.empty(NP, np.int64)
    keeps = np.empty(NP, np.int64)
    farms = np.empty(NP, np.int64)
    churches = np.empty(NP, np.int64)
    key = np.empty(NP, np.int64)
    nc, nk, nf = 0, 0, 0
    for q in range(NP):
        if not mine[q]:
            continue
        if S[G_CLEFT] > 0 and not S[G_CITY + q]:
            cities[nc] = q
            nc += 1
        if S[G_CITY + q] and S[G_KEEP + q] < KEEP_LEVELS:
            keeps[nk] = q
            nk += 1
        if S[b + P_FOFF] < TRACK_FARMS and S[G_FN + q] == 1 and S[G_FOWN + q] == 1:
            farms[nf] = q
            nf += 1
    nh = l_church_places(S, churches)
    if nc + nk + nf + nh == 0:
        return False
    place_noble(S, 1, A_BUILD)
    dist = np.empty(NP, np.int64)
    distance_to_player(S, dist)
    while True:
        roll = d20(R)
        if roll <= 8 and nc:
            for i in range(nc):
                key[i] = dist[cities[i]]
            q = pick_min(cities, key, nc, R)
            S[G_CITY + q] = 1
            S[G_CLEFT] -= 1
            l_culture(S, CITY_CULTURE)
            return True
        if 9 <= roll <= 13 and nk:
            for i in range(nk):
                q = keeps[i]
                c = 0
                for j in range(NEIN[q]):
                    c += mine[NEI[q, j]]
                key[i] = -c * 1000 + dist[q]
            q = pick_min(keeps, key, nk, R)
            S[G_KEEP + q] += 1
            return True
        if 14 <= roll <= 17 and nf:
            for i in range(nf):
                key[i] = dist[farms[i]]
            q = pick_min(farms, key, nf, R)
            S[G_FN + q] = 2
            S[b + P_FOFF] += 1
            return True
        if roll >= 18 and nh:
            return l_church(S, R)


@njit(**J)
def l_settle(S, R):
    b = PS
    m = 0
    for q in range(NP):
        if S[G_FN + q] == 0 and controller(S, q) == 1:
            m += 1
    if m == 0 or S[b + P_FOFF] >= TRACK_FARMS:
        return False
    j = rand_below(R, m)
    for q in range(NP):
        if S[G_FN + q] == 0 and controller(S, q) == 1:
            if j == 0:
                S[G_FOWN + q] = 1
                S[G_FN + q] = 1
                S[b + P_FOFF] += 1
                return True
            j -= 1
    return False


@njit(**J)
def l_pop(S):
    """The Lordling deck's top card onto the discard pile."""
    n = S[G_LDN]
    card = S[G_LD]
    for i in range(n - 1):
        S[G_LD + i] = S[G_LD + i + 1]
    S[G_LD + n - 1] = 0
    S[G_LDN] = n - 1
    S[G_LX + S[G_LXN]] = card
    S[G_LXN] += 1
    return card


@njit(**J)
def l_resolve(S, card, depth, R):
    """``lordlings.resolve``: 0, or 1 (Pass) / 2 (Rush) when the Lordlings Pass instead."""
    while True:
        if card == L_RESEARCH:
            l_research(S, R)
            return 0
        if card == L_RECRUIT:
            l_recruit(S, True, R)
            return 0
        if card == L_MANOEUVRE:
            l_manoeuvre(S, R)
            return 0
        if card == L_DOC:
            l_doc(S, R)
            return 0
        if card == L_BUILD:
            return 0 if l_build(S, R) else 1
        if card == L_SETTLE:
            if l_settle(S, R):
                return 0
            depth += 1
            if S[G_LDN] == 0 or depth > 20:
                return 1
            card = l_pop(S)
            continue
        if card == L_PERSEVERE:
            earlier = -1
            for i in range(S[G_LXN] - 1, -1, -1):
                c = S[G_LX + i]
                if c != L_PERSEVERE and c != L_SETTLE:
                    earlier = c
                    break
            depth += 1
            if earlier >= 0:
                card = earlier
                continue
            if S[G_LDN] == 0:
                return 1
            if S[G_LXN] and S[G_LX + S[G_LXN] - 1] == L_PERSEVERE:
                S[G_LXN] -= 1
                S[G_LX + S[G_LXN]] = 0
            n = S[G_LDN]
            nxt = S[G_LD]
            for i in range(n - 1):
                S[G_LD + i] = S[G_LD + i + 1]
            n -= 1
            at = rand_below(R, n + 1)
            for i in range(n, at, -1):
                S[G_LD + i] = S[G_LD + i - 1]
            S[G_LD + at] = L_PERSEVERE
            S[G_LDN] = n + 1
            S[G_LX + S[G_LXN]] = nxt
            S[G_LXN] += 1
            card = nxt
            continue
        return 2 if S[PS + P_NFREE] <= 2 else 0  # Rush


@njit(**J)
def l_turn(S, R):
    if S[PS + P_NFREE] == 0 or S[G_LDN] == 0:
        return 1
    return l_resolve(S, l_pop(S), 0, R)


@njit(**J)
def l_react(S, sp, R):
    """``lordlings.react``: never a resource reaction; Recruit over the others."""
    a, b2 = REACT_AT[sp], REACT_AT[sp + 1]
    choice = -1
    if a != X_WL and a != X_WS:
        choice = a
    elif b2 != X_WL and b2 != X_WS:
        choice = b2
    if a == X_RECRUIT or b2 == X_RECRUIT:
        choice = X_RECRUIT
    if choice < 0:
        return
    if choice == X_RECRUIT:
        l_recruit(S, False, R)
    elif choice == X_SELL:
        l_culture(S, 2)
    elif choice == X_EXCHANGE:
        if S[G_OFFN]:
            l_take(S, offer_take(S, S[G_OFFN] - 1, False, R), R)
    elif choice == X_REGROUP:
        S[G_PREP] = 3


@njit(**J)
def l_pass(S, rush, cyc, final, R):
    """``lordlings.do_pass``."""
    b = PS
    if cyc and S[G_OFFN] > 0:
        offer_take(S, 0, True, R)
    mine = np.zeros(NP, np.int64)
    nm, ncity = 0, 0
    for q in range(NP):
        if controller(S, q) == 1:
            mine[q] = 1
            nm += 1
            ncity += S[G_CITY + q]
    for ti in range(NT):
        t = T_ORDER[ti]
        held, tot = 0, 0
        for q in range(NP):
            if T_PROV[t, q]:
                tot += 1
                held += mine[q]
        need = (tot + 1) // 2 if rush else tot
        if held >= need and not (S[b + P_TITLES] >> t) & 1:
            for s in range(2):
                S[s * PS + P_TITLES] &= ~(1 << t)
                S[s * PS + P_TREADY] &= ~(1 << t)
            if not (S[G_EST] >> t) & 1:
                gain_vp(S, 1, T_VP[t], V_TITLE)
                S[G_EST] |= 1 << t
            S[b + P_TITLES] |= 1 << t
    retrieve(S, 1)
    S[b + P_PASSES] += 1
    if final:
        S[b + P_FIN] = 1
        return
    n = S[G_LDN]
    for i in range(S[G_LXN]):
        S[G_LD + n + i] = S[G_LX + i]
        S[G_LX + i] = 0
    n += S[G_LXN]
    S[G_LDN] = n
    S[G_LXN] = 0
    shuffle(R, S[G_LD : G_LD + n], n)
    l_culture(S, 3 if S[G_OPTS] & O_CULT3 else L_PASS_CULTURE)
    counted = ncity if S[G_OPTS] & O_CITY_ONLY else nm
    for i in range(len(L_PASS_VP)):
        if counted < L_PASS_VP[i, 0]:
            gain_vp(S, 1, L_PASS_VP[i, 1], V_PROVINCES)
            break
    if S[G_OPTS] & O_TITLE_VP:
        gain_vp(S, 1, 2 * popcount(S[b + P_TITLES]), V_TITLE)


@njit(**J)
def solo_trigger(S):
    """``solo_loop.trigger``: the index in SOLO_TRIGGERS or -1."""
    if S[G_CLEFT] <= 0:
        return 0
    if S[G_CHBUILT] >= 7:
        return 1
    for s in range(2):
        if S[s * PS + P_CULT] >= CULT_LAST:
            return 2
    if level3(S, 0) >= END_L3:
        return 3
    if S[G_RANOUT]:
        return 4
    up = S[G_STECH]
    for k in range(3):
        up += S[PS + P_MIL + k] - 1
    if up >= L_END_UPGRADES:
        return 5
    return -1


@njit(**J)
def lordling_score(S, out):
    """``solo_loop.lordling_score`` into ``out``: LORDLING_CATEGORIES and the total."""
    b = PS
    out[0] = (1 if S[G_OPTS] & O_TECH1 else L_TECH_VP) * S[G_STECH]
    ctrl = np.zeros(NP, np.int64)
    for q in range(NP):
        ctrl[q] = controller(S, q) == 1
    t = 0
    for q in range(NP):
        if S[G_KEEP + q] > 0 and ctrl[q]:
            c = 0
            for i in range(NEIN[q]):
                c += ctrl[NEI[q, i]]
            t += KEEP_VP * S[G_KEEP + q] * c
    out[1] = t
    out[2] = CULT_VP[min(S[b + P_CULT], CULT_LAST)]
    out[3] = FARM_VP[min(S[b + P_FOFF], NFARMSP - 1)]
    t = 0
    for i in range(NT):
        if (S[b + P_TITLES] >> i) & 1:
            t += T_VP[i]
    out[4] = t
    out[5] = S[b + P_VPBY + V_CHURCH]
    out[6] = S[b + P_VPBY + V_RESEARCH]
    out[7] = S[b + P_VPBY + V_PROVINCES]
    out[8] = S[b + P_VPBY + V_TITLE]
    out[9] = S[b + P_VPBY + V_COG]
    out[10] = S[b + P_VPBY + V_REDSP]
    tot = 0
    for i in range(11):
        tot += out[i]
    for i in range(NVPS):  # any other in-game source (none expected)
        if i not in (V_CHURCH, V_RESEARCH, V_PROVINCES, V_TITLE, V_COG, V_REDSP):
            tot += S[b + P_VPBY + i]
    out[11] = tot


@njit(**J)
def solo_setup(S, ruler, opts, R):
    """``solo_setup.new_solo_game`` (no modules); ``ruler`` the player's Ruler index."""
    S[:] = 0
    S[G_N] = 2
    S[G_SOLO] = 1
    S[G_OPTS] = opts
    for q in range(NP):
        S[G_INP + q] = INPLAY_SOLO[q]
        S[G_FOWN + q] = -1
        S[G_BARB + q] = -1
    nc = L_CAND_N[ruler]
    pool = L_CAND[ruler, :nc].copy()
    for i in range(L_HOMES):
        j = i + rand_below(R, nc - i)
        t = pool[i]
        pool[i] = pool[j]
        pool[j] = t
    acts = ACTION_IDS.copy()
    shuffle(R, acts, 5)
    for i in range(5):
        S[G_ACTAT + i] = acts[i]
    m = len(SOLO_DRAW)
    deck = SOLO_DRAW.copy()
    shuffle(R, deck, m)
    b = 0
    S[b + P_RULER] = ruler
    S[b + P_GOLD] = SETUP_GOLD
    for r in range(4):
        S[b + P_RES + r] = SETUP_RES[r]
    for k in range(3):
        S[b + P_SUP + k] = SUPPLY[k]
        S[b + P_MIL + k] = 1
        S[PS + P_SUP + k] = SUPPLY[k]
        S[PS + P_MIL + k] = 1
        S[G_RLEV + k] = 1
    S[b + P_NTOT] = SOLO_NOBLES
    S[b + P_NFREE] = SOLO_NOBLES
    hand_add(S, 0, R_START[ruler, 0])
    hand_add(S, 0, R_START[ruler, 1])
    S[PS + P_RULER] = -1
    S[PS + P_NTOT] = L_NOBLES
    S[PS + P_NFREE] = L_NOBLES
    S[PS + P_FOFF] = L_FARMS_OFF
    S[G_CLEFT] = SOLO_CITIES
    for i in range(len(LDECK0)):
        S[G_LD + i] = LDECK0[i]
    S[G_LDN] = len(LDECK0)
    h = 1 if opts & O_HARDER else 0
    size, extra = m // 5, m % 5
    start, at = 0, 0
    pile = np.empty(m + 16, np.int64)
    for i in range(5):
        end = start + size + (1 if i < extra else 0)
        n = 0
        for j in range(start, end):
            pile[n] = deck[j]
            n += 1
        for j in range(PILE_N[h, i]):
            pile[n] = PILE_C[h, i, j]
            n += 1
        shuffle(R, pile, n)
        for j in range(n):
            S[G_DECK + at] = pile[j]
            at += 1
        start = end
    S[G_DECKN] = at
    S[G_DECKP] = 0
    shuffle(R, S[G_LD : G_LD + S[G_LDN]], S[G_LDN])
    cap = R_CAP[ruler]
    S[G_CITY + cap] = 1
    S[G_FOWN + cap] = 0
    S[G_FN + cap] = 1
    add_units(S, 0, cap, 0, SETUP_INF)
    S[P_SUP] -= SETUP_INF
    for i in range(L_HOMES):
        q = pool[i]
        S[G_CITY + q] = 1
        S[G_FOWN + q] = 1
        S[G_FN + q] = 1
    S[G_CLEFT] -= 1 + L_HOMES
    tokens = np.arange(NTOK)
    shuffle(R, tokens, NTOK)
    left = NTOK
    for q in range(NP):
        if S[G_INP + q] and S[G_FN + q] == 0:
            left -= 1
            S[G_BARB + q] = tokens[left]
    for i in range(left):
        S[G_TP + i] = tokens[i]
    S[G_TPN] = left
    S[G_TARGET] = -1
    draw_tokens(S, 1)
    for q in range(NP):
        if S[G_INP + q]:
            S[G_BLD + q * 4 + PRES[q]] = 1
    S[G_TRIG] = -1
    for _ in range(OFFER_SLOTS):
        if S[G_DECKP] < S[G_DECKN]:
            S[G_OFF + S[G_OFFN]] = S[G_DECK + S[G_DECKP]]
            S[G_OFFN] += 1
            S[G_DECKP] += 1
            raider_revealed(S, S[G_OFF + S[G_OFFN] - 1], R)
    S[G_CUR] = 1
