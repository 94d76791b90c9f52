"""The History Cards on the fast engine: ``sim.games.principes.game.history`` ported to numba over ``S`` and ``C``.

The deck (``deck.deal``: per Period a sample of ``dealt_per_period`` of its cards, drawn as ``random.sample``
draws), the icons resolved at a Round's end (``deck.resolve_icons``, never in the final Round, stopping once the
game is won): Division, Urbanization, Release to Home, Common Council, Balt Raid, Teutonic Knights, Mongol
Invasion, with the Invaders' movement, battles, devastation and departure (``invaders``). The seats' choices are
the built-in strategies' ``history_*`` hooks: the ``default_*`` choices of ``strategies/principes/base.py`` for
the scripted plans, ``random_legal.py``'s uniform picks for ``random``. Order of operations, ties and random draws
follow the reference, so ``sim.lockstep.LockstepRandom`` replays the same games.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.principes.fast import kernels as K
from sim.games.principes.fast.layout import (
    C_ADJ,
    C_ADJPTR,
    C_BORDER,
    C_CORONATION,
    C_ENTRY_COST,
    C_HCARD,
    C_HDEALT,
    C_INV_AREA,
    C_INV_KIND,
    C_INV_N,
    C_MIGHT,
    C_MONGOL_FEWER,
    C_MONGOL_FIRST,
    C_POMLAND,
    C_PRINC,
    C_TILES,
    C_TOK,
    C_TRACK_HI,
    F_LITHUANIANS,
    F_MONGOLS,
    F_PRUSSIANS,
    F_TEUTONIC,
    MAX_PERIOD,
    NHCARDS,
    NHIST,
    NK,
    NL,
    NP,
    PRINCE,
    S_BUILD,
    S_CITIES,
    S_CLERGY,
    S_CROWNED,
    S_DIV,
    S_ELIM,
    S_FINAL,
    S_HIST,
    S_HISTN,
    S_MASK,
    S_PEOPLE,
    S_POMOFF,
    S_POOL,
    S_PRIN,
    S_PRINCEPS,
    S_ROUND,
    S_SUPPLY,
    S_TEUTONIC,
    S_WAVES,
    T_CASTLE,
    T_DIVISION,
)
from sim.games.principes.fast.strategies import F_MOVE_SHARE, P_KIND, RANDOM, random_council, scripted_council

I_DIVISION, I_URBANIZATION, I_RELEASE, I_COUNCIL, I_BALT, I_TEUTONIC, I_MONGOLS = range(7)
MAXGROUPS = 2 * NL + 2  # Invader groups: the off-map stock and (land, kind) on the Map
KIND_ORDER = (2, 1, 0)  # unit kinds sorted by name: footman, knight, prince (``invaders.on_map``)


# --- the deck ---------------------------------------------------------------------------------------------------


@njit(cache=True)
def deal(S, C, rs):
    """``deck.deal``: per Period, ``random.sample`` of its cards (history.yaml order) as the lockstep stream draws."""
    pool = np.empty(NHCARDS, np.int64)
    n = 0
    for per in range(1, MAX_PERIOD + 1):
        m = 0
        for j in range(NHCARDS):
            if C[C_HCARD + 4 * j] == per:
                pool[m] = j
                m += 1
        k = C[C_HDEALT]
        for i in range(k):
            j = i + K.rand_below(rs, m - i)
            pool[i], pool[j] = pool[j], pool[i]
        for i in range(k):
            S[S_HIST + n] = pool[i]
            n += 1
    S[S_HISTN] = n


# --- shared helpers (history/common.py) -------------------------------------------------------------------------


@njit(cache=True)
def rivals_by_strength(S, C, me, out):
    """``common.rivals_by_strength``: other players strongest first (the sum of the three tracks, the Might from one
    pass over the lands), ties in turn order; returns how many."""
    ctrl = np.empty(NL, np.int64)
    K.control_all(S, C, ctrl)
    mt = np.zeros(NP, np.int64)
    for land in range(NL):
        o = ctrl[land]
        if 0 <= o < NP:
            mt[o] += K.land_might(S, C, land)
    order = np.empty(NP, np.int64)
    no = K.turn_order(S, C, order)
    sc = np.empty(NP, np.int64)
    n = 0
    for o in range(no):
        q = order[o]
        if q == me:
            continue
        x = min(mt[q], C[C_TRACK_HI]) + S[S_PEOPLE + q] + S[S_CLERGY + q]
        i = n
        while i > 0 and sc[i - 1] < x:  # stable: equal scores keep turn order
            sc[i] = sc[i - 1]
            out[i] = out[i - 1]
            i -= 1
        sc[i] = x
        out[i] = q
        n += 1
    return n


@njit(cache=True)
def richness(S, C, land):
    return K.land_might(S, C, land) + K.land_people(S, C, land) + K.land_clergy(S, C, land) + (S[S_BUILD + land] != 0)


# --- Division ---------------------------------------------------------------------------------------------------


@njit(cache=True)
def division_candidates(S, C, p, out):
    ctrl = np.empty(NL, np.int64)
    K.control_all(S, C, ctrl)
    n = 0
    for land in range(NL):
        owner = C[C_PRINC + land]
        if owner == p or owner < 0 or S[S_ELIM + owner]:
            continue
        if S[S_MASK + land] or S[S_DIV + land] or ctrl[land] != owner:
            continue
        princess = False  # "a Princess counts as a unit"
        for q in range(NP):
            if S[S_PRIN + q] >= 0 and K.princess_land(C, S[S_PRIN + q]) == land:
                princess = True
        if princess:
            continue
        out[n] = land
        n += 1
    return n


@njit(cache=True)
def division_default(S, C, p):
    lands = np.empty(NL, np.int64)
    n = division_candidates(S, C, p, lands)
    if n == 0:
        return -1
    rivals = np.empty(NP, np.int64)
    nr = rivals_by_strength(S, C, p, rivals)
    for r in range(nr):
        best = -1
        best_rich = -1
        for i in range(n):
            land = lands[i]
            if C[C_PRINC + land] == rivals[r]:
                rich = richness(S, C, land)
                if rich > best_rich:
                    best = land
                    best_rich = rich
        if best >= 0:
            return best
    return -1


@njit(cache=True)
def resolve_division(S, C, P, F, sid, rs):
    order = np.empty(NP, np.int64)
    no = K.turn_order(S, C, order)
    lands = np.empty(NL, np.int64)
    people0 = np.empty(NP, np.int64)
    clergy0 = np.empty(NP, np.int64)
    for o in range(no):
        q = order[o]
        if S[S_SUPPLY + T_DIVISION] <= 0:
            break
        land = -1
        if P[sid[q], P_KIND] == RANDOM:
            n = division_candidates(S, C, q, lands)
            if n > 0 and K.rand_float(rs) < 0.5:
                land = lands[K.rand_below(rs, n)]
        else:
            land = division_default(S, C, q)
        if land >= 0:
            K.support_all(S, C, people0, clergy0)
            S[S_SUPPLY + T_DIVISION] -= 1
            S[S_DIV + land] = 1
            K.retrack(S, C, people0, clergy0)


# --- Urbanization -----------------------------------------------------------------------------------------------


@njit(cache=True)
def urbanization_candidates(S, C, p, out):
    ctrl = np.empty(NL, np.int64)
    K.control_all(S, C, ctrl)
    n = 0
    for land in range(NL):
        kind = K.next_city(S, C, land)
        if kind >= 0 and S[S_SUPPLY + kind] > 0 and ctrl[land] != p:
            out[n] = land
            n += 1
    return n


@njit(cache=True)
def urbanization_default(S, C, p):
    lands = np.empty(NL, np.int64)
    n = urbanization_candidates(S, C, p, lands)
    ctrl = np.empty(NL, np.int64)
    K.control_all(S, C, ctrl)
    for group in range(2):
        best = -1
        for i in range(n):
            x = lands[i]
            if group == 0:
                ok = S[S_DIV + x] != 0 and C[C_PRINC + x] == p
            else:
                ok = False
                if ctrl[x] == -1:
                    for e in range(C[C_ADJPTR + x], C[C_ADJPTR + x + 1]):
                        if ctrl[C[C_ADJ + e]] == p:
                            ok = True
            if ok and (best < 0 or C[C_MIGHT + x] > C[C_MIGHT + best]):
                best = x
        if best >= 0:
            return best
    return -1


@njit(cache=True)
def resolve_urbanization(S, C, P, F, sid, rs):
    order = np.empty(NP, np.int64)
    no = K.turn_order(S, C, order)
    lands = np.empty(NL, np.int64)
    for o in range(no):
        q = order[o]
        land = -1
        if P[sid[q], P_KIND] == RANDOM:
            n = urbanization_candidates(S, C, q, lands)
            if n > 0 and K.rand_float(rs) < 0.5:
                land = lands[K.rand_below(rs, n)]
        else:
            land = urbanization_default(S, C, q)
        if land >= 0:
            S[S_SUPPLY + K.next_city(S, C, land)] -= 1
            S[S_CITIES + land] += 1


# --- Release to Home --------------------------------------------------------------------------------------------


@njit(cache=True)
def release_candidates(S, p, out):
    """(land, kind) rows: each land in board order, its Footmen before its Knights."""
    n = 0
    for land in range(NL):
        for k in (2, 1):
            if S[K.ui(land, p, k)] > 0:
                out[n, 0] = land
                out[n, 1] = k
                n += 1
    return n


@njit(cache=True)
def resolve_release(S, C, P, F, sid, rs):
    order = np.empty(NP, np.int64)
    no = K.turn_order(S, C, order)
    opts = np.empty((2 * NL, 2), np.int64)
    people0 = np.empty(NP, np.int64)
    clergy0 = np.empty(NP, np.int64)
    for o in range(no):
        q = order[o]
        n = release_candidates(S, q, opts)
        if n == 0:
            continue
        if P[sid[q], P_KIND] == RANDOM:
            pick = K.rand_below(rs, n)
        else:  # a Footman before a Knight, from the land with the most of the player's figures
            pick = 0
            for i in range(1, n):
                a, b = opts[i], opts[pick]
                ka, kb = a[1] == 1, b[1] == 1
                fa, fb = K.figures(S, a[0], q), K.figures(S, b[0], q)
                if ka < kb or (ka == kb and fa > fb):
                    pick = i
        land, k = opts[pick, 0], opts[pick, 1]
        K.support_all(S, C, people0, clergy0)
        K.add_units(S, land, q, k, -1)
        S[S_POOL + q * NK + k] += 1
        K.return_pomeranians(S, C)
        K.retrack(S, C, people0, clergy0)


# --- Common Council ---------------------------------------------------------------------------------------------


@njit(cache=True)
def resolve_council(S, C, P, F, sid, rs):
    order = np.empty(NP, np.int64)
    no = K.turn_order(S, C, order)
    plays = np.empty((NP, 32, 2), np.int64)
    nplays = np.zeros(NP, np.int64)
    for o in range(no):  # every play chosen on the state before the Council, in turn order
        q = order[o]
        if P[sid[q], P_KIND] == RANDOM:
            nplays[q] = random_council(S, C, F[sid[q]], q, rs, plays[q])
        else:
            nplays[q] = scripted_council(S, C, P[sid[q]], q, q, plays[q])
    if C[C_TILES]:
        K.council_bonus(S, C)  # Knightly Culture "activates every time a Council occurs"
    for o in range(no):
        q = order[o]
        for i in range(nplays[q]):
            K.discard(S, q, plays[q, i, 0])
            t = S_PEOPLE if plays[q, i, 1] == 1 else S_CLERGY
            S[t + q] = K.clamp(C, S[t + q] + 1)
    stand = np.empty((NP, 3), np.int64)
    K.positions_all(S, C, stand)
    top = np.full(3, -1, np.int64)
    for t in range(3):
        for q in range(NP):
            if not S[S_ELIM + q] and stand[q, t] > top[t]:
                top[t] = stand[q, t]
    crown = -1
    claim = -1
    for o in range(no):
        q = order[o]
        leads = 0
        crowned = True
        for t in range(3):
            leads += stand[q, t] == top[t]
            crowned = crowned and stand[q, t] >= C[C_CORONATION]
        if crowned and crown < 0:
            crown = q
        if leads >= K.tracks_needed(S, C, q) and claim < 0:
            claim = q
    if crown >= 0:
        S[S_CROWNED] = crown
    elif claim >= 0:
        S[S_PRINCEPS] = claim


# --- Invaders (invaders.py) -------------------------------------------------------------------------------------


@njit(cache=True)
def reach(S, C, f, start, area, kind, mover, ctrl, ok):
    """``invaders.reach``: ``ok[land]`` = 1 where a figure of ``kind`` starting on land ``start`` (or, with start
    -1, in the off-map ``area``) may end its move for ``mover``. Returns how many."""
    points = K.movement_points(C, kind)
    guards = K.guard_mask(S, C) if C[C_TILES] else 0
    dist = np.full(NL, -1, np.int64)
    queue = np.empty(NL, np.int64)
    head, tail = 0, 0
    if start >= 0:
        dist[start] = 0
        queue[0] = start
        tail = 1
    elif C[C_ENTRY_COST] <= points:
        for land in range(NL):
            if C[C_BORDER + 2 * land + area]:
                dist[land] = C[C_ENTRY_COST]
                queue[tail] = land
                tail += 1
    while head < tail:
        land = queue[head]
        head += 1
        if dist[land] >= points or (land != start and S[S_MASK + land] & ~(1 << f)):
            continue
        if guards and land != start and K.guarded(S, C, land, f, -1):
            continue  # Border Guards: foreign units stop at the holder's lands
        for e in range(C[C_ADJPTR + land], C[C_ADJPTR + land + 1]):
            nxt = C[C_ADJ + e]
            if dist[nxt] < 0:
                dist[nxt] = dist[land] + 1
                queue[tail] = nxt
                tail += 1
    n = 0
    for land in range(NL):
        ok[land] = dist[land] >= 0 and land != start and ctrl[land] != mover
        n += ok[land]
    return n


@njit(cache=True)
def groups(S, C, f, stock, out):
    """(start land or -1 for the off-map area, kind, figures): the stock first, then the Map in board order."""
    n = 0
    j = f - F_PRUSSIANS
    if stock > 0:
        out[n, 0] = -1
        out[n, 1] = C[C_INV_KIND + j]
        out[n, 2] = stock
        n += 1
    for land in range(NL):
        if S[S_MASK + land] & (1 << f):
            for k in KIND_ORDER:
                if S[K.ui(land, f, k)] > 0:
                    out[n, 0] = land
                    out[n, 1] = k
                    out[n, 2] = S[K.ui(land, f, k)]
                    n += 1
    return n


@njit(cache=True)
def invader_moves(S, C, P, F, sid, mover, f, stock, rs, moves):
    """The mover's ``history_invaders``: rows (start or -1, kind, n, destination); returns how many."""
    grp = np.empty((MAXGROUPS, 3), np.int64)
    ng = groups(S, C, f, stock, grp)
    area = C[C_INV_AREA + f - F_PRUSSIANS]
    ctrl = np.empty(NL, np.int64)
    K.control_all(S, C, ctrl)
    ok = np.empty(NL, np.int64)
    nm = 0
    if P[sid[mover], P_KIND] == RANDOM:
        share = F[sid[mover], F_MOVE_SHARE]
        for g in range(ng):
            n = reach(S, C, f, grp[g, 0], area, grp[g, 1], mover, ctrl, ok)
            if n > 0 and K.rand_float(rs) < share:
                dest = K.choose_land(C, ok, n, rs)
                moves[nm, 0] = grp[g, 0]
                moves[nm, 1] = grp[g, 1]
                moves[nm, 2] = 1 + K.rand_below(rs, grp[g, 2])
                moves[nm, 3] = dest
                nm += 1
        return nm
    rivals = np.empty(NP, np.int64)
    nr = rivals_by_strength(S, C, mover, rivals)
    pos = np.full(NP, -1, np.int64)
    for r in range(nr):
        pos[rivals[r]] = r
    for g in range(ng):
        reach(S, C, f, grp[g, 0], area, grp[g, 1], mover, ctrl, ok)
        best = -1
        best_pos = 0
        best_rich = 0
        for land in range(NL):
            o = ctrl[land]
            if not ok[land] or o < 0 or o >= NP or pos[o] < 0:
                continue
            rich = richness(S, C, land)
            if best < 0 or pos[o] < best_pos or (pos[o] == best_pos and rich > best_rich):
                best = land
                best_pos = pos[o]
                best_rich = rich
        if best >= 0:
            moves[nm, 0] = grp[g, 0]
            moves[nm, 1] = grp[g, 1]
            moves[nm, 2] = grp[g, 2]
            moves[nm, 3] = best
            nm += 1
    return nm


@njit(cache=True)
def devastate(S, C, land):
    for g in range(S[S_CITIES + land]):
        S[S_SUPPLY + C[C_TOK + 2 * land + g]] += 1
    S[S_CITIES + land] = 0
    b = S[S_BUILD + land]
    if b:
        S[S_SUPPLY + T_CASTLE + b - 1] += 1
        S[S_BUILD + land] = 0
    K.princess_gone(S, C, land)


@njit(cache=True)
def invader_move(S, C, f, moves, nm, rs):
    """``invaders.move``: move, fight in the order the moves name their ends, devastate what the Invaders hold."""
    ends = np.empty(max(nm, 1), np.int64)
    ne = K.place_moves(S, f, moves, nm, ends)
    for j in range(ne):
        if K.n_factions_on(S, ends[j]) > 1:
            K.battle(S, C, ends[j], f, rs)
    for j in range(ne):
        if S[S_MASK + ends[j]] == 1 << f:
            devastate(S, C, ends[j])


@njit(cache=True)
def leave(S, C, f):
    for land in range(NL):
        if S[S_MASK + land] & (1 << f):
            for k in range(NK):
                n = S[K.ui(land, f, k)]
                if n:
                    K.add_units(S, land, f, k, -n)
    K.return_pomeranians(S, C)


@njit(cache=True)
def on_map(S, f):
    for land in range(NL):
        if S[S_MASK + land] & (1 << f):
            return True
    return False


@njit(cache=True)
def resolve_balt(S, C, P, F, sid, rs):
    moves = np.empty((MAXGROUPS, 4), np.int64)
    people0 = np.empty(NP, np.int64)
    clergy0 = np.empty(NP, np.int64)
    blocked = on_map(S, F_TEUTONIC)  # "the Teutonic Knights will block movement of the Prussians"
    for tribe in (F_PRUSSIANS, F_LITHUANIANS):
        if tribe == F_PRUSSIANS and blocked:
            continue
        mover = S[S_PRINCEPS]
        nm = invader_moves(S, C, P, F, sid, mover, tribe, C[C_INV_N + tribe - F_PRUSSIANS], rs, moves)
        K.support_all(S, C, people0, clergy0)
        invader_move(S, C, tribe, moves, nm, rs)
        leave(S, C, tribe)
        K.retrack(S, C, people0, clergy0)


@njit(cache=True)
def teutonic_call(S, C, who):
    """``teutonic.call`` (the caller's units withdraw to the first land by id it controls, else to its pool)."""
    people0 = np.empty(NP, np.int64)
    clergy0 = np.empty(NP, np.int64)
    K.support_all(S, C, people0, clergy0)
    land = C[C_POMLAND + F_TEUTONIC - NP]
    b = S[S_BUILD + land]
    if b:
        S[S_BUILD + land] = 0
        S[S_SUPPLY + T_CASTLE + b - 1] += 1
    target = K.withdraw_land(S, C, land, who)
    had_prince = S[K.ui(land, who, PRINCE)] > 0
    for k in range(NK):
        n = S[K.ui(land, who, k)]
        if n:
            K.add_units(S, land, who, k, -n)
            if target >= 0:
                K.add_units(S, target, who, k, n)
            else:
                S[S_POOL + who * NK + k] += n
    kind = K.next_city(S, C, land)
    if S[S_CITIES + land] == 0 and kind >= 0 and S[S_SUPPLY + kind] > 0:
        S[S_SUPPLY + kind] -= 1
        S[S_CITIES + land] = 1
    if S[S_SUPPLY + T_CASTLE] > 0:
        S[S_SUPPLY + T_CASTLE] -= 1
        S[S_BUILD + land] = 1
    K.add_units(S, land, F_TEUTONIC, C[C_INV_KIND + F_TEUTONIC - F_PRUSSIANS], C[C_INV_N + F_TEUTONIC - F_PRUSSIANS])
    S[S_TEUTONIC] = 1
    if target < 0 and had_prince:
        K.prince_died(S, C, who)
    K.retrack(S, C, people0, clergy0)


@njit(cache=True)
def resolve_teutonic(S, C, P, F, sid, rs):
    if not S[S_TEUTONIC]:
        land = C[C_POMLAND + F_TEUTONIC - NP]
        who = K.controller(S, C, land)
        if 0 <= who < NP and not S[S_ELIM + who]:
            if P[sid[who], P_KIND] == RANDOM:
                called = K.rand_float(rs) < 0.5
            else:
                called = C[C_PRINC + land] == who
            if called:
                teutonic_call(S, C, who)
        return
    if on_map(S, F_TEUTONIC):
        moves = np.empty((MAXGROUPS, 4), np.int64)
        people0 = np.empty(NP, np.int64)
        clergy0 = np.empty(NP, np.int64)
        nm = invader_moves(S, C, P, F, sid, S[S_PRINCEPS], F_TEUTONIC, 0, rs, moves)
        K.support_all(S, C, people0, clergy0)
        invader_move(S, C, F_TEUTONIC, moves, nm, rs)
        leave(S, C, F_TEUTONIC)  # return_home: off the Map, then back on their land (waiting while it is occupied)
        j = F_TEUTONIC - F_PRUSSIANS
        home = C[C_POMLAND + F_TEUTONIC - NP]
        if S[S_MASK + home] & ~(1 << F_TEUTONIC):
            for k in range(NK):
                S[S_POMOFF + (F_TEUTONIC - NP) * NK + k] = 0
            S[S_POMOFF + (F_TEUTONIC - NP) * NK + C[C_INV_KIND + j]] = C[C_INV_N + j]
        else:
            K.add_units(S, home, F_TEUTONIC, C[C_INV_KIND + j], C[C_INV_N + j])
        K.retrack(S, C, people0, clergy0)


@njit(cache=True)
def resolve_mongols(S, C, P, F, sid, rs):
    n = max(0, C[C_MONGOL_FIRST] - C[C_MONGOL_FEWER] * S[S_WAVES])
    S[S_WAVES] += 1
    if n == 0:
        return
    people0 = np.empty(NP, np.int64)
    clergy0 = np.empty(NP, np.int64)
    K.support_all(S, C, people0, clergy0)
    order = np.empty(NP, np.int64)
    no = K.turn_order(S, C, order)
    moves = np.empty((MAXGROUPS, 4), np.int64)
    stock = n
    for o in range(no):
        q = order[o]
        if S[S_ELIM + q]:
            continue
        if stock == 0 and not on_map(S, F_MONGOLS):
            break
        nm = invader_moves(S, C, P, F, sid, q, F_MONGOLS, stock, rs, moves)
        invader_move(S, C, F_MONGOLS, moves, nm, rs)
        for i in range(nm):
            if moves[i, 0] < 0:
                stock -= moves[i, 2]
    leave(S, C, F_MONGOLS)
    K.retrack(S, C, people0, clergy0)


# --- the Round's icons (deck.resolve_icons) ---------------------------------------------------------------------


@njit(cache=True)
def resolve_icons(S, C, P, F, sid, rs):
    """The revealed card's icons, top first (the caller skips the final Round); stops once the game is won."""
    card = S[S_HIST + (S[S_ROUND] - 1) % NHIST]
    for i in range(C[C_HCARD + 4 * card + 1]):
        icon = C[C_HCARD + 4 * card + 2 + i]
        if icon == I_DIVISION:
            resolve_division(S, C, P, F, sid, rs)
        elif icon == I_URBANIZATION:
            resolve_urbanization(S, C, P, F, sid, rs)
        elif icon == I_RELEASE:
            resolve_release(S, C, P, F, sid, rs)
        elif icon == I_COUNCIL:
            resolve_council(S, C, P, F, sid, rs)
        elif icon == I_BALT:
            resolve_balt(S, C, P, F, sid, rs)
        elif icon == I_TEUTONIC:
            resolve_teutonic(S, C, P, F, sid, rs)
        else:
            resolve_mongols(S, C, P, F, sid, rs)
        winner, wt = K.result(S)
        if wt >= 0:
            break


@njit(cache=True)
def history_due(S):
    """Icons resolve at this Round's end: History on and not the final Round."""
    return S[S_HISTN] > 0 and S[S_ROUND] < S[S_FINAL]
