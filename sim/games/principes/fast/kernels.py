"""The game kernels: the reference engine's rules (``sim.games.principes.game``) ported to numba over ``S`` and ``C``.

Each function mutates the state vector ``S`` (int64, layout in ``layout``) in place, reading constants from ``C``;
``rs`` is a 1-element uint64 array holding the game's counter-based stream (``sim.rng``). The functions follow
the reference modules one by one (control, cards, battles, dynasty, taxes, assembly, movement, building, politics,
progress, rounds) and keep their order of operations, ties and clamps; the reference is the specification.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.principes.fast.layout import (
    B_EITHER,
    B_SHIELD,
    B_SWORD,
    C_ADJ,
    C_ADJPTR,
    C_BATTLE_DRAW,
    C_BUILD_COST,
    C_BYRANK,
    C_CAPITAL,
    C_CARDSYM,
    C_CARDTYPE,
    C_CAV_POINTS,
    C_CLERGY,
    C_CLERGY_PENALTY,
    C_COIN_GOLD,
    C_COINS,
    C_COPIES,
    C_CORONATION,
    C_COUNCIL_TRACKS,
    C_CRACOVIA,
    C_CRACOVIA_TRACKS,
    C_DESTROY_CLERGY,
    C_DESTROY_PEOPLE,
    C_DIE,
    C_DISTINCT,
    C_DRAWORDER,
    C_FLIP,
    C_FOOTMAN_COST,
    C_GNESNA,
    C_GNESNA_BONUS,
    C_GOLD_PER_CARD,
    C_GOLD_PER_MIGHT,
    C_GORDS,
    C_GS_COLOUR,
    C_HAND_LIMIT,
    C_HOME,
    C_INDULGENCE,
    C_INF_POINTS,
    C_INV_N,
    C_KNIGHT_COST,
    C_LOSE_PEOPLE,
    C_MARKET_PER_COLOR,
    C_MIGHT,
    C_NBF,
    C_NBFAC,
    C_NBK,
    C_NBLAND,
    C_NBMAJOR,
    C_NDRAW,
    C_NEIGHBORS,
    C_NFACES,
    C_PEOPLE,
    C_PER_PERIOD,
    C_POL_DRAWN,
    C_POL_KEPT,
    C_POMLAND,
    C_POOLS,
    C_PRINC,
    C_RANK,
    C_REROLL,
    C_SEATS,
    C_SETTLEMENTS_EACH,
    C_SHIELD_CASTLE,
    C_SHIELD_CITY,
    C_SHIELD_GORD,
    C_SLOTS,
    C_STARTCARDS,
    C_TAX_MIN,
    C_TAX_PEOPLE,
    C_TAXBONUS,
    C_TILEKIND,
    C_TILEPAR,
    C_TILES,
    C_TOK,
    C_TOKMIGHT,
    C_TRACK_HI,
    C_TRACK_LO,
    C_TRADEORDER,
    C_WIN_PEOPLE,
    F_LITHUANIANS,
    F_MONGOLS,
    F_PRUSSIANS,
    F_TEUTONIC,
    FOOTMAN,
    KNIGHT,
    MAX_PERIOD,
    MAXDRAW,
    MAXHELD,
    MAXT,
    NC,
    NCOL,
    NF,
    NK,
    NL,
    NP,
    NPOM,
    PRINCE,
    S_BUILD,
    S_CITIES,
    S_CLERGY,
    S_CLOCKWISE,
    S_CROWNED,
    S_DECK,
    S_DIV,
    S_ELIM,
    S_FINAL,
    S_GOLD,
    S_HAND,
    S_MARKET,
    S_MARKETN,
    S_MASK,
    S_PEOPLE,
    S_PLEFT,
    S_POMOFF,
    S_POOL,
    S_PRIN,
    S_PRINCEPS,
    S_REIGN,
    S_ROUND,
    S_STACK,
    S_STACKN,
    S_SUPPLY,
    S_TEUTONIC,
    S_TILES,
    S_TILESN,
    S_TKMASK,
    S_UNITS,
    SYM_EITHER,
    SYM_PEOPLE,
    T_CASTLE,
    T_DIVISION,
    TK_ABBEY_CLERGY,
    TK_BORDER_GUARDS,
    TK_HAND_LIMIT,
    TK_INFANTRY,
    TK_KNIGHTLY,
    TK_LEARNING_CHESS,
    TK_THIRD_SLOT,
)
from sim.rng import below, high32, next_word

SWORD, SHIELD, COIN = 0, 1, 2
PL = MAX_PERIOD + 2  # Prince-card row width
BUILD_TILTYARD, BUILD_ABBEY = 2, 3
MAXPLAYS = 128  # distinct (swords, shields, cards) plays: at most 91 with the 12-card hand limit allowed


# --- random stream ----------------------------------------------------------------------------------------------


@njit(cache=True)
def rand_below(rs, n):
    """Uniform 0..n-1 from the game's stream (``rs``: 1-element uint64 array)."""
    s, w = next_word(rs[0])
    rs[0] = s
    return below(high32(w), n)


@njit(cache=True)
def rand_float(rs):
    s, w = next_word(rs[0])
    rs[0] = s
    return np.float64(w >> np.uint64(11)) * (1.0 / 9007199254740992.0)


# --- basic reads ------------------------------------------------------------------------------------------------


@njit(inline="always", cache=True)
def ui(land, f, k):
    return S_UNITS + (land * NF + f) * NK + k


@njit(cache=True)
def choose_land(C, ok, n, rs):
    """``rng.choice(sorted(lands))`` over the ``n`` lands with ``ok[land]`` set (sorted by id: ``C_BYRANK``)."""
    pick = rand_below(rs, n)
    for r in range(NL):
        land = C[C_BYRANK + r]
        if ok[land]:
            if pick == 0:
                return land
            pick -= 1
    return -1


@njit(cache=True)
def figures(S, land, f):
    b = S_UNITS + (land * NF + f) * NK
    return S[b] + S[b + 1] + S[b + 2]


@njit(cache=True)
def add_units(S, land, f, k, n):
    """Add (or with n < 0 remove) figures, keeping the land's presence mask ``S_MASK`` in step."""
    S[ui(land, f, k)] += n
    if figures(S, land, f) > 0:
        S[S_MASK + land] |= 1 << f
    else:
        S[S_MASK + land] &= ~(1 << f)


@njit(cache=True)
def clamp(C, x):
    lo, hi = C[C_TRACK_LO], C[C_TRACK_HI]
    return lo if x < lo else (hi if x > hi else x)


@njit(cache=True)
def is_player(S, f):
    return f < NP and S[S_ELIM + f] == 0


@njit(cache=True)
def period(S, C):
    return (S[S_ROUND] - 1) // C[C_PER_PERIOD] + 1


@njit(cache=True)
def gold_in_supply(S, C):
    return C[C_COINS] - (S[S_GOLD] + S[S_GOLD + 1] + S[S_GOLD + 2] + S[S_GOLD + 3])


@njit(cache=True)
def n_factions_on(S, land):
    m = S[S_MASK + land]
    n = 0
    while m:
        n += m & 1
        m >>= 1
    return n


# --- printed Progress Tiles: the effect queries (``game.tiles``; each a no-op without ``progress: tiles``) ---------


@njit(cache=True)
def tile_param(S, C, p, kind):
    """``tiles.params``: the first parameter (``C_TILEPAR``) of the player's printed tile with effect ``kind`` (the
    first such tile in the order taken), or -1 when it holds none; always -1 without the printed tiles."""
    if not C[C_TILES] or p < 0 or p >= NP or not (S[S_TKMASK + p] >> kind) & 1:
        return -1
    b = S_TILES + p * MAXHELD
    for j in range(S[S_TILESN + p]):
        t = S[b + j]
        if C[C_TILEKIND + t] == kind:
            return C[C_TILEPAR + t]
    return -1


@njit(cache=True)
def tile_mask(S, C, p):
    """Recompute ``S_TKMASK`` of player ``p`` from its tiles (after its tiles changed)."""
    m = 0
    for j in range(S[S_TILESN + p]):
        k = C[C_TILEKIND + S[S_TILES + p * MAXHELD + j]]
        if k >= 0:
            m |= 1 << k
    S[S_TKMASK + p] = m


@njit(cache=True)
def holds(S, C, p, kind):
    """``tiles.holds``: the player holds a printed tile with effect ``kind``."""
    return tile_param(S, C, p, kind) >= 0


@njit(cache=True)
def hand_limit(S, C, p):
    """``cards.hand_limit``: 6 cards, or Bishop's Chancery's 9."""
    cards = tile_param(S, C, p, TK_HAND_LIMIT)
    return cards if cards >= 0 else C[C_HAND_LIMIT]


@njit(cache=True)
def guard_mask(S, C):
    """Bit q set for each player q holding Border Guards (0 without the printed tiles)."""
    m = 0
    if C[C_TILES]:
        for q in range(NP):
            if (S[S_TKMASK + q] >> TK_BORDER_GUARDS) & 1:
                m |= 1 << q
    return m


@njit(cache=True)
def guarded(S, C, land, mover, consent):
    """``tiles.guarded``: Border Guards, "Foreign units stop at the first of your lands they enter": ``land`` is
    controlled by a holder other than ``mover`` (any faction) and other than ``consent`` (the faction whose consent
    lets them pass, -1 none)."""
    if not C[C_TILES]:
        return False
    owner = controller(S, C, land)
    return 0 <= owner < NP and owner != mover and owner != consent and holds(S, C, owner, TK_BORDER_GUARDS)


@njit(cache=True)
def move_points(S, C, p, kind):
    """``movement.movement_points`` of the player's unit ``kind``: Mounts for Infantry adds to Footmen's."""
    if kind != FOOTMAN:
        return C[C_CAV_POINTS]
    if not C[C_TILES]:
        return C[C_INF_POINTS]
    extra = tile_param(S, C, p, TK_INFANTRY)
    return C[C_INF_POINTS] + (extra if extra > 0 else 0)


@njit(cache=True)
def tiltyards(S, C, p):
    """Tiltyards on the lands ``p`` controls."""
    ctrl = np.empty(NL, np.int64)
    control_all(S, C, ctrl)
    n = 0
    for land in range(NL):
        n += ctrl[land] == p and S[S_BUILD + land] == BUILD_TILTYARD
    return n


@njit(cache=True)
def council_bonus(S, C):
    """``tiles.council_bonus``: Knightly Culture at any Council, +1 People per Tiltyard the holder controls (in
    turn order)."""
    if not C[C_TILES]:
        return
    order = np.empty(NP, np.int64)
    no = turn_order(S, C, order)
    for o in range(no):
        q = order[o]
        per = tile_param(S, C, q, TK_KNIGHTLY)
        if per >= 0:
            S[S_PEOPLE + q] = clamp(C, S[S_PEOPLE + q] + per * tiltyards(S, C, q))


# --- control (control.py) ---------------------------------------------------------------------------------------


@njit(cache=True)
def controller(S, C, land):
    """The faction controlling ``land`` (0-5) or -1 (neutral): ``control.controller``. One exit (numba's reference
    count pruning then drops the array increfs)."""
    m = S[S_MASK + land]
    home = C[C_HOME + land]
    out = -1
    if m != 0 and (m & (m - 1)) == 0:  # one faction
        owner = 0
        while m > 1:
            m >>= 1
            owner += 1
        if owner >= NP or S[S_ELIM + owner] == 0:
            out = owner
    elif m != 0:  # only mid-movement, before the battle: the defender still holds it
        if home >= 0 and (m >> home) & 1:
            out = home
    elif S[S_DIV + land] == 0 and 0 <= home < NP and S[S_ELIM + home] == 0:
        out = home
    return out


@njit(cache=True)
def control_all(S, C, out):
    """``controller`` of every land into ``out`` (NL,), written out inline: a call per land costs more than the
    work, since numba increfs array arguments."""
    for land in range(NL):
        m = S[S_MASK + land]
        home = C[C_HOME + land]
        o = -1
        if m != 0 and (m & (m - 1)) == 0:
            owner = 0
            while m > 1:
                m >>= 1
                owner += 1
            if owner >= NP or S[S_ELIM + owner] == 0:
                o = owner
        elif m != 0:
            if home >= 0 and (m >> home) & 1:
                o = home
        elif S[S_DIV + land] == 0 and 0 <= home < NP and S[S_ELIM + home] == 0:
            o = home
        out[land] = o


@njit(cache=True)
def land_might(S, C, land):
    return C[C_MIGHT + land] + S[S_CITIES + land]


@njit(cache=True)
def might(S, C, p):
    ctrl = np.empty(NL, np.int64)
    control_all(S, C, ctrl)
    total = 0
    for land in range(NL):
        if ctrl[land] == p:
            total += C[C_MIGHT + land] + S[S_CITIES + land]
    return total


@njit(cache=True)
def land_people(S, C, land):
    return C[C_PEOPLE + land] + (S[S_BUILD + land] == BUILD_TILTYARD)


@njit(cache=True)
def land_clergy(S, C, land):
    return C[C_CLERGY + land] + (S[S_BUILD + land] == BUILD_ABBEY)


@njit(cache=True)
def support_all(S, C, people, clergy):
    """Support points each faction 0..3 gets from the lands it controls (``control.support_from_lands``)."""
    for p in range(NP):
        people[p] = 0
        clergy[p] = 0
    ctrl = np.empty(NL, np.int64)
    control_all(S, C, ctrl)
    for land in range(NL):
        o = ctrl[land]
        if 0 <= o < NP:
            people[o] += C[C_PEOPLE + land] + (S[S_BUILD + land] == BUILD_TILTYARD)
            clergy[o] += C[C_CLERGY + land] + (S[S_BUILD + land] == BUILD_ABBEY)


@njit(cache=True)
def retrack(S, C, people0, clergy0):
    """``control.retrack`` with the earlier support points already computed (``support_all`` before the change)."""
    p1 = np.zeros(NP, np.int64)
    c1 = np.zeros(NP, np.int64)
    support_all(S, C, p1, c1)
    for p in range(NP):
        if S[S_ELIM + p]:
            continue
        S[S_PEOPLE + p] = clamp(C, S[S_PEOPLE + p] + p1[p] - people0[p])
        S[S_CLERGY + p] = clamp(C, S[S_CLERGY + p] + c1[p] - clergy0[p])


# --- cards (cards.py) -------------------------------------------------------------------------------------------


@njit(cache=True)
def hand_size(S, p):
    t = 0
    for c in range(NC):
        t += S[S_HAND + p * NC + c]
    return t


@njit(cache=True)
def discard(S, p, card):
    S[S_HAND + p * NC + card] -= 1
    S[S_DECK + card] += 1


@njit(cache=True)
def draw_into(S, C, p, kind, rs):
    """One card of type ``kind`` (0 battle, 1 court, 2 neighbor) into the hand; the card index or -1."""
    left = 0
    nd = C[C_NDRAW + kind]
    for j in range(nd):
        left += S[S_DECK + C[C_DRAWORDER + MAXDRAW * kind + j]]
    if left == 0:
        return -1
    pick = rand_below(rs, left)
    for j in range(nd):
        card = C[C_DRAWORDER + MAXDRAW * kind + j]
        n = S[S_DECK + card]
        if pick < n:
            S[S_DECK + card] -= 1
            S[S_HAND + p * NC + card] += 1
            return card
        pick -= n
    return -1


@njit(cache=True)
def trade_for_gold(S, C, p, card):
    discard(S, p, card)
    S[S_GOLD + p] += min(C[C_GOLD_PER_CARD], gold_in_supply(S, C))


@njit(cache=True)
def enforce_hand_limit(S, C, p):
    limit = C[C_HAND_LIMIT]
    if C[C_TILES] and (S[S_TKMASK + p] >> TK_HAND_LIMIT) & 1:  # (no call in the hot path without it)
        limit = hand_limit(S, C, p)
    while hand_size(S, p) > limit:
        for j in range(NC):
            card = C[C_TRADEORDER + j]
            if S[S_HAND + p * NC + card] > 0:
                trade_for_gold(S, C, p, card)
                break


# --- the battle (reference.py, battles.py) ----------------------------------------------------------------------


@njit(inline="always", cache=True)
def _topple(f, k, p, damage, out, base):
    """Damage order footmen, knights, Princes; cavalry needs 2 hits (``reference.assign_damage``)."""
    tf = min(damage, f)
    cav = (damage - tf) // 2
    tk = min(cav, k)
    tp = min(cav - tk, p)
    out[base + PRINCE] = tp
    out[base + KNIGHT] = tk
    out[base + FOOTMAN] = tf
    return tf + tk + tp


@njit(cache=True)
def fight(ua, ud, a_sw, a_sh, d_sw, d_sh, top):
    """``reference.fight``: 1 when the attacker wins; ``top`` (6,) gets the toppled units of attacker, defender."""
    na = ua[0] + ua[1] + ua[2]
    nd = ud[0] + ud[1] + ud[2]
    att = ua[FOOTMAN] + 2 * (ua[KNIGHT] + ua[PRINCE]) + a_sw
    dfn = ud[FOOTMAN] + 2 * (ud[KNIGHT] + ud[PRINCE]) + d_sw
    d_top = _topple(ud[FOOTMAN], ud[KNIGHT], ud[PRINCE], max(0, att - d_sh), top, 3)
    a_top = _topple(ua[FOOTMAN], ua[KNIGHT], ua[PRINCE], max(0, dfn - a_sh), top, 0)
    if d_top == nd and a_top < na:
        return 1
    if a_top == na:
        return 0
    return 1 if d_top > a_top else 0


@njit(cache=True)
def card_plays(sword, shield, either, limit, out):
    """``reference.card_plays``: every distinct (swords, shields, cards) in the reference's order; returns the count."""
    total = sword + shield + either
    cards = np.empty(total, np.int64)
    for i in range(total):
        cards[i] = 0 if i < sword else (1 if i < sword + shield else 2)
    n = 0
    idx = np.empty(max(total, 1), np.int64)
    seen = np.zeros(total + 2, np.bool_)
    for k in range(min(limit, total) + 1):
        seen[:] = False
        for i in range(k):
            idx[i] = i
        while True:
            s = 0
            h = 0
            e = 0
            for i in range(k):
                c = cards[idx[i]]
                if c == 0:
                    s += 1
                elif c == 1:
                    h += 1
                else:
                    e += 1
            for as_sword in range(e + 1):
                sw = s + as_sword
                if not seen[sw]:
                    seen[sw] = True
                    out[n, 0] = sw
                    out[n, 1] = h + e - as_sword
                    out[n, 2] = k
                    n += 1
            i = k - 1
            while i >= 0 and idx[i] == total - k + i:
                i -= 1
            if i < 0:
                break
            idx[i] += 1
            for j in range(i + 1, k):
                idx[j] = idx[j - 1] + 1
    return n


@njit(cache=True)
def play_cards(ua, ud, base, hand_a, hand_d, plays):
    """``reference.play_cards``: the attacker's best play against the defender's best answer. ``plays`` (6,) gets
    attacker swords, shields, cards, defender swords, shields, cards."""
    pa = np.empty((MAXPLAYS, 3), np.int64)
    pd = np.empty((MAXPLAYS, 3), np.int64)
    na = card_plays(hand_a[0], hand_a[1], hand_a[2], (ua[0] + ua[1] + ua[2]) * 1, pa)
    nd = card_plays(hand_d[0], hand_d[1], hand_d[2], (ud[0] + ud[1] + ud[2]) * 1, pd)
    top = np.empty(6, np.int64)
    best = -1
    best_i = 0
    best_j = 0
    for i in range(na):
        dbest = -1
        dj = 0
        for j in range(nd):
            w = fight(ua, ud, base[0] + pa[i, 0], base[1] + pa[i, 1], base[2] + pd[j, 0], base[3] + pd[j, 1], top)
            key = (
                (1 - w) * 4096
                + (15 - pd[j, 2]) * 256
                + (15 - (top[3] + top[4] + top[5])) * 16
                + (top[0] + top[1] + top[2])
            )
            if key > dbest:
                dbest = key
                dj = j
        w = fight(ua, ud, base[0] + pa[i, 0], base[1] + pa[i, 1], base[2] + pd[dj, 0], base[3] + pd[dj, 1], top)
        key = w * 4096 + (15 - pa[i, 2]) * 256 + (15 - (top[0] + top[1] + top[2])) * 16 + (top[3] + top[4] + top[5])
        if key > best:
            best = key
            best_i = i
            best_j = dj
    plays[0] = pa[best_i, 0]
    plays[1] = pa[best_i, 1]
    plays[2] = pa[best_i, 2]
    plays[3] = pd[best_j, 0]
    plays[4] = pd[best_j, 1]
    plays[5] = pd[best_j, 2]


@njit(cache=True)
def site_shields(S, C, land):
    cities = S[S_CITIES + land]
    gords = C[C_GORDS + land] - cities
    if C[C_SETTLEMENTS_EACH]:
        s = cities * C[C_SHIELD_CITY] + gords * C[C_SHIELD_GORD]
    else:
        s = 0
        if cities > 0:
            s = C[C_SHIELD_CITY]
        if gords > 0:
            s = max(s, C[C_SHIELD_GORD])
    if S[S_BUILD + land] == 1:
        s += C[C_SHIELD_CASTLE]
    return s


@njit(cache=True)
def _loot(S, C, taker, victim):
    gold = C[C_COIN_GOLD]
    tp = is_player(S, taker)
    vp = is_player(S, victim)
    if not tp and not vp:
        return
    if vp:
        taken = min(gold, S[S_GOLD + victim])
        S[S_GOLD + victim] -= taken
    else:
        taken = min(gold, gold_in_supply(S, C))
    if tp:
        S[S_GOLD + taker] += taken


@njit(cache=True)
def _spend(S, f, sw, sh, n):
    if n == 0:
        return
    b = S_HAND + f * NC
    used_sw = min(sw, S[b + B_SWORD])
    used_sh = min(sh, S[b + B_SHIELD])
    used_e = n - used_sw - used_sh
    for _ in range(used_sw):
        discard(S, f, B_SWORD)
    for _ in range(used_sh):
        discard(S, f, B_SHIELD)
    for _ in range(used_e):
        discard(S, f, B_EITHER)


@njit(cache=True)
def withdraw_land(S, C, land, loser):
    """The adjacent land the loser controls with the smallest id, or -1 (``battles.withdraw_options``; the Mongols
    withdraw to a land without units or tokens, or one they hold alone)."""
    best = -1
    for e in range(C[C_ADJPTR + land], C[C_ADJPTR + land + 1]):
        a = C[C_ADJ + e]
        if loser == F_MONGOLS:
            m = S[S_MASK + a]
            ok = (m == 0 and S[S_CITIES + a] == 0 and S[S_BUILD + a] == 0 and S[S_DIV + a] == 0) or m == 1 << loser
        else:
            ok = controller(S, C, a) == loser
        if ok and (best < 0 or C[C_RANK + a] < C[C_RANK + best]):
            best = a
    return best


@njit(cache=True)
def _flip(S, C, side, attacker, ua, ud, face_a, face_d, shields_d, top):
    """``battles._flip``, Learning Chess: a holder flips its die to the opposite face when, without cards, its die
    loses and the opposite face wins. Returns the (attacker, defender) faces."""
    if not (is_player(S, side) and holds(S, C, side, TK_LEARNING_CHESS)):
        return face_a, face_d
    w = fight(ua, ud, face_a == SWORD, face_a == SHIELD, face_d == SWORD, shields_d + (face_d == SHIELD), top)
    if (w == 1) == (side == attacker):
        return face_a, face_d
    fa = C[C_FLIP + face_a] if side == attacker else face_a
    fd = C[C_FLIP + face_d] if side != attacker else face_d
    w = fight(ua, ud, fa == SWORD, fa == SHIELD, fd == SWORD, shields_d + (fd == SHIELD), top)
    return (fa, fd) if (w == 1) == (side == attacker) else (face_a, face_d)


@njit(cache=True)
def battle(S, C, land, attacker, rs):
    """``battles.battle`` (no withdrawal choice: the first land by id). Returns the winner."""
    defender = -1
    for f in range(NF):
        if f != attacker and figures(S, land, f) > 0:
            defender = f
            break
    if defender < 0:
        return attacker
    ua = np.empty(3, np.int64)
    ud = np.empty(3, np.int64)
    for k in range(NK):
        ua[k] = S[ui(land, attacker, k)]
        ud[k] = S[ui(land, defender, k)]
    shields_d = site_shields(S, C, land)
    nfaces = C[C_NFACES]
    face_a = C[C_DIE + rand_below(rs, nfaces)]
    face_d = C[C_DIE + rand_below(rs, nfaces)]
    top = np.empty(6, np.int64)
    for side in (attacker, defender):  # With the Wind: reroll a losing die once, attacker first; Learning Chess
        if side < NP and C[C_REROLL + side] and is_player(S, side):
            w = fight(ua, ud, face_a == SWORD, face_a == SHIELD, face_d == SWORD, shields_d + (face_d == SHIELD), top)
            if (w == 1) != (side == attacker):
                if side == attacker:
                    face_a = C[C_DIE + rand_below(rs, nfaces)]
                else:
                    face_d = C[C_DIE + rand_below(rs, nfaces)]
        if C[C_TILES] and side < NP and (S[S_TKMASK + side] >> TK_LEARNING_CHESS) & 1:
            face_a, face_d = _flip(S, C, side, attacker, ua, ud, face_a, face_d, shields_d, top)
    if face_a == COIN:
        _loot(S, C, attacker, defender)
    if face_d == COIN:
        _loot(S, C, defender, attacker)
    base = np.empty(4, np.int64)
    base[0] = face_a == SWORD
    base[1] = face_a == SHIELD
    base[2] = face_d == SWORD
    base[3] = shields_d + (face_d == SHIELD)
    hand_a = np.zeros(3, np.int64)
    hand_d = np.zeros(3, np.int64)
    if is_player(S, attacker):
        hand_a[0] = S[S_HAND + attacker * NC + B_SWORD]
        hand_a[1] = S[S_HAND + attacker * NC + B_SHIELD]
        hand_a[2] = S[S_HAND + attacker * NC + B_EITHER]
    if is_player(S, defender):
        hand_d[0] = S[S_HAND + defender * NC + B_SWORD]
        hand_d[1] = S[S_HAND + defender * NC + B_SHIELD]
        hand_d[2] = S[S_HAND + defender * NC + B_EITHER]
    plays = np.zeros(6, np.int64)
    play_cards(ua, ud, base, hand_a, hand_d, plays)
    if is_player(S, attacker):
        _spend(S, attacker, plays[0], plays[1], plays[2])
    if is_player(S, defender):
        _spend(S, defender, plays[3], plays[4], plays[5])
    w = fight(ua, ud, base[0] + plays[0], base[1] + plays[1], base[2] + plays[3], base[3] + plays[4], top)
    winner, loser = (attacker, defender) if w == 1 else (defender, attacker)
    homed = defender >= NP and C[C_POMLAND + defender - NP] == land
    pom_defeated = homed and loser == defender
    dead = np.empty(3, np.int64)
    ndead = 0
    for s in range(2):
        side = attacker if s == 0 else defender
        if side == defender and homed and not pom_defeated:
            continue
        for k in range(NK):
            n = top[3 * s + k]
            if n:
                add_units(S, land, side, k, -n)
                if side < NP:
                    S[S_POOL + side * NK + k] += n
                    if k == PRINCE and is_player(S, side):
                        dead[ndead] = side
                        ndead += 1
                elif side == defender and homed:
                    S[S_POMOFF + (side - NP) * NK + k] += n
                elif NP <= side < NP + NPOM:  # a Pomerania moved off its land by a Neighbor Card
                    send_home(S, C, side, k, n)
                # an Invader's or a major Neighbor's toppled figures leave the Map (a major Neighbor's go back to
                # its off-map spots, counted as its figures not on the Map)
    if figures(S, land, loser) > 0:
        target = -1 if pom_defeated else withdraw_land(S, C, land, loser)
        for k in range(NK):
            n = S[ui(land, loser, k)]
            if n == 0:
                continue
            add_units(S, land, loser, k, -n)
            if target >= 0:
                add_units(S, target, loser, k, n)
            elif loser < NP:
                S[S_POOL + loser * NK + k] += n
                if k == PRINCE and is_player(S, loser):
                    dead[ndead] = loser
                    ndead += 1
            elif homed and loser == defender:
                S[S_POMOFF + (loser - NP) * NK + k] += n
            elif NP <= loser < NP + NPOM:
                send_home(S, C, loser, k, n)
    if is_player(S, winner):
        S[S_PEOPLE + winner] = clamp(C, S[S_PEOPLE + winner] + C[C_WIN_PEOPLE])
    if is_player(S, loser):
        S[S_PEOPLE + loser] = clamp(C, S[S_PEOPLE + loser] - C[C_LOSE_PEOPLE])
    for i in range(ndead):
        prince_died(S, C, dead[i])
    princess_battle(S, C, land, winner)
    for side in (attacker, defender):  # Battle Order 10
        if is_player(S, side):
            for _ in range(C[C_BATTLE_DRAW]):
                draw_into(S, C, side, 0, rs)
            enforce_hand_limit(S, C, side)
    return winner


@njit(cache=True)
def send_home(S, C, f, k, n):
    """``battles.send_home``: a Pomerania's figures removed away from its land go back onto it, or wait off the Map
    while foreign units hold it."""
    land = C[C_POMLAND + f - NP]
    if not S[S_MASK + land] & ~(1 << f):
        add_units(S, land, f, k, n)
    else:
        S[S_POMOFF + (f - NP) * NK + k] += n


@njit(cache=True)
def princess_land(C, area):
    """The land of a Princess area (a Capital, or a Neighbor that is a Pomerania), else -1."""
    return C[C_CAPITAL + area] if area < NP else C[C_NBLAND + area - NP]


@njit(cache=True)
def princess_battle(S, C, land, winner):
    """``princesses.after_battle``: a Princess on ``land`` goes unless she is at home and her owner won."""
    for q in range(NP):
        a = S[S_PRIN + q]
        if a >= 0 and princess_land(C, a) == land and (a != q or winner != q):
            S[S_PRIN + q] = -1


@njit(cache=True)
def princess_gone(S, C, land):
    """``princesses.devastated``: the Princess on ``land`` is removed."""
    for q in range(NP):
        a = S[S_PRIN + q]
        if a >= 0 and princess_land(C, a) == land:
            S[S_PRIN + q] = -1


# --- dynasty (dynasty.py) ---------------------------------------------------------------------------------------


@njit(cache=True)
def _place_prince(S, C, p):
    capital = C[C_CAPITAL + p]
    best = -1
    ctrl = np.empty(NL, np.int64)
    control_all(S, C, ctrl)
    for land in range(NL):
        if ctrl[land] == p:
            if best < 0:
                best = land
            else:
                m, mb = land_might(S, C, land), land_might(S, C, best)
                if m > mb or (m == mb and C[C_RANK + land] > C[C_RANK + best]):
                    best = land
    if best < 0:
        return
    land = capital if ctrl[capital] == p else best
    S[S_POOL + p * NK + PRINCE] -= 1
    add_units(S, land, p, PRINCE, 1)


@njit(cache=True)
def eliminate(S, C, p):
    """``dynasty.eliminate``: cards back, gold to the pool, tiles under their stacks, the next Round the last."""
    seats_start = 0
    for i in range(NP):
        if C[C_SEATS + i] == S[S_PRINCEPS]:
            seats_start = i
    step = 1 if S[S_CLOCKWISE] else -1
    S[S_ELIM + p] = 1
    for c in range(NC):
        S[S_DECK + c] += S[S_HAND + p * NC + c]
        S[S_HAND + p * NC + c] = 0
    S[S_GOLD + p] = 0
    for j in range(S[S_TILESN + p]):
        t = S[S_TILES + p * MAXHELD + j]
        col = t // C[C_DISTINCT]
        S[S_STACK + col * MAXT + S[S_STACKN + col]] = t
        S[S_STACKN + col] += 1
        S[S_TILES + p * MAXHELD + j] = 0
    S[S_TILESN + p] = 0
    S[S_TKMASK + p] = 0
    S[S_FINAL] = min(S[S_FINAL], S[S_ROUND] + 1)
    if S[S_PRINCEPS] == p:
        for i in range(1, NP + 1):  # the turn order from the Princeps, the Princeps last
            q = C[C_SEATS + (seats_start + step * i) % NP]
            if not S[S_ELIM + q]:
                S[S_PRINCEPS] = q
                break


@njit(cache=True)
def prince_died(S, C, p):
    per = period(S, C)
    for pp in (per, per + 1):
        if pp <= MAX_PERIOD and S[S_PLEFT + p * PL + pp] > 0:
            S[S_PLEFT + p * PL + pp] -= 1
            S[S_REIGN + p] = pp
            _place_prince(S, C, p)
            return
    eliminate(S, C, p)


@njit(cache=True)
def end_of_period(S, C):
    ending = period(S, C)
    alive = np.empty(NP, np.int64)
    for p in range(NP):
        alive[p] = 1 - S[S_ELIM + p]
    for p in range(NP):
        if not alive[p] or S[S_REIGN + p] > ending:
            continue
        if ending + 1 <= MAX_PERIOD and S[S_PLEFT + p * PL + ending + 1] > 0:
            S[S_PLEFT + p * PL + ending + 1] -= 1
            S[S_REIGN + p] = ending + 1
        else:
            eliminate(S, C, p)


# --- rounds, turn order, victory --------------------------------------------------------------------------------


@njit(cache=True)
def turn_order(S, C, out):
    """Players from the Princeps in the token's direction, eliminated skipped; returns how many."""
    start = 0
    for i in range(NP):
        if C[C_SEATS + i] == S[S_PRINCEPS]:
            start = i
    step = 1 if S[S_CLOCKWISE] else -1
    n = 0
    for i in range(NP):
        q = C[C_SEATS + (start + step * i) % NP]
        if not S[S_ELIM + q]:
            out[n] = q
            n += 1
    return n


@njit(cache=True)
def end_round(S, C):
    if S[S_ROUND] % C[C_PER_PERIOD] == 0 and not S[S_ROUND] >= S[S_FINAL]:
        end_of_period(S, C)
    S[S_ROUND] += 1


@njit(cache=True)
def result(S):
    """(winner, win type) or (-1, -1) while the game goes on; win types as ``driver.WIN_TYPES``, a draw is (-1, 3)."""
    if S[S_CROWNED] >= 0:
        return S[S_CROWNED], 0
    alive = 0
    last = -1
    for p in range(NP):
        if not S[S_ELIM + p]:
            alive += 1
            last = p
    if alive == 0:
        return -1, 3
    if alive == 1:
        return last, 1
    if S[S_ROUND] > S[S_FINAL]:
        return S[S_PRINCEPS], 2
    return -1, -1


# --- taxes, assembly --------------------------------------------------------------------------------------------


@njit(cache=True)
def can_tax(S, C, p):
    return S[S_PEOPLE + p] >= C[C_TAX_MIN]


@njit(cache=True)
def taxes(S, C, p):
    owed = might(S, C, p) * C[C_GOLD_PER_MIGHT] + C[C_TAXBONUS + p]
    owed = min(owed, gold_in_supply(S, C))
    S[S_PEOPLE + p] -= C[C_TAX_PEOPLE]
    S[S_GOLD + p] += owed


@njit(cache=True)
def prince_land(S, p):
    for land in range(NL):
        if S[ui(land, p, PRINCE)] > 0:
            return land
    return -1


@njit(cache=True)
def assembly_lands(S, C, p, out):
    """``legal.assembly_room``'s lands, sorted by id; returns how many."""
    n = 0
    capital = C[C_CAPITAL + p]
    if controller(S, C, capital) == p:
        out[n] = capital
        n += 1
    pl = prince_land(S, p)
    if pl >= 0 and pl != capital:
        out[n] = pl
        n += 1
    elif pl >= 0 and n == 0:
        out[n] = pl
        n += 1
    if n == 0:
        top = -1
        for land in range(NL):
            if controller(S, C, land) == p:
                m = land_might(S, C, land)
                if m > top:
                    top = m
                    n = 0
                if m == top:
                    out[n] = land
                    n += 1
    _sort_by_rank(C, out, n)
    return n


@njit(cache=True)
def _sort_by_rank(C, lands, n):
    for i in range(1, n):
        x = lands[i]
        j = i - 1
        while j >= 0 and C[C_RANK + lands[j]] > C[C_RANK + x]:
            lands[j + 1] = lands[j]
            j -= 1
        lands[j + 1] = x


@njit(cache=True)
def assemble(S, C, p, land, k, f):
    S[S_GOLD + p] -= k * C[C_KNIGHT_COST] + f * C[C_FOOTMAN_COST]
    S[S_POOL + p * NK + KNIGHT] -= k
    S[S_POOL + p * NK + FOOTMAN] -= f
    add_units(S, land, p, KNIGHT, k)
    add_units(S, land, p, FOOTMAN, f)


# --- movement ---------------------------------------------------------------------------------------------------


@njit(cache=True)
def reachable(S, C, p, start, points, out):
    """``legal.reachable``: lands reachable from ``start`` in at most ``points`` steps, foreign units stopping a
    move, and (printed tiles) the first land of another player holding Border Guards (``guarded``); ``out[land]`` =
    1 for each (start excluded). Returns how many."""
    guards = guard_mask(S, C) & ~(1 << p)  # 0 without the printed tiles
    ctrl = np.empty(NL if guards else 0, np.int64)
    if guards:
        control_all(S, C, ctrl)
    dist = np.full(NL, -1, np.int64)
    queue = np.empty(NL, np.int64)
    dist[start] = 0
    queue[0] = start
    head, tail = 0, 1
    while head < tail:
        land = queue[head]
        head += 1
        if dist[land] >= points:
            continue
        if land != start and S[S_MASK + land] & ~(1 << p):
            continue  # moving units must stop on a land holding another colour's units
        if guards and land != start and 0 <= ctrl[land] < NP and (guards >> ctrl[land]) & 1:
            continue  # Border Guards: "Foreign units stop at the first of your lands they enter"
        for e in range(C[C_ADJPTR + land], C[C_ADJPTR + land + 1]):
            nxt = C[C_ADJ + e]
            if dist[nxt] < 0:
                dist[nxt] = dist[land] + 1
                queue[tail] = nxt
                tail += 1
    n = 0
    for land in range(NL):
        out[land] = dist[land] > 0
        n += dist[land] > 0
    return n


@njit(cache=True)
def movement_points(C, kind):
    return C[C_CAV_POINTS] if kind != FOOTMAN else C[C_INF_POINTS]


@njit(cache=True)
def pay_penalty(S, C, p, indulgence):
    can_pay = S[S_GOLD + p] >= C[C_INDULGENCE]
    if can_pay and (indulgence or S[S_CLERGY + p] == 0):
        S[S_GOLD + p] -= C[C_INDULGENCE]
    elif S[S_CLERGY + p] > 0:
        S[S_CLERGY + p] = clamp(C, S[S_CLERGY + p] - C[C_CLERGY_PENALTY])


@njit(cache=True)
def _destroy(S, C, p, land):
    founded = S[S_CITIES + land]
    building = S[S_BUILD + land]
    S[S_CITIES + land] = 0
    S[S_BUILD + land] = 0
    if founded == 0 and building == 0:
        return
    for g in range(founded):
        S[S_SUPPLY + C[C_TOK + 2 * land + g]] += 1
    if building:
        S[S_SUPPLY + T_CASTLE + building - 1] += 1
    S[S_PEOPLE + p] = clamp(C, S[S_PEOPLE + p] - C[C_DESTROY_PEOPLE])
    S[S_CLERGY + p] = clamp(C, S[S_CLERGY + p] - C[C_DESTROY_CLERGY])


@njit(cache=True)
def return_pomeranians(S, C):
    for j in range(NF - NP):
        f = NP + j
        off = S[S_POMOFF + j * NK] + S[S_POMOFF + j * NK + 1] + S[S_POMOFF + j * NK + 2]
        if off == 0:
            continue
        land = C[C_POMLAND + j]
        if land >= 0 and not S[S_MASK + land] & ~(1 << f):
            for k in range(NK):
                add_units(S, land, f, k, S[S_POMOFF + j * NK + k])
                S[S_POMOFF + j * NK + k] = 0


@njit(cache=True)
def place_moves(S, f, moves, nm, ends):
    """Carry out the moves of a neutral faction ``f`` (rows start or -1 for its off-map area, kind, n, end): the
    figures leave and arrive; ``ends`` gets the distinct ends in the order the moves name them. Returns how many."""
    ne = 0
    for i in range(nm):
        a, k, n, b = moves[i, 0], moves[i, 1], moves[i, 2], moves[i, 3]
        if a >= 0:
            add_units(S, a, f, k, -n)
        add_units(S, b, f, k, n)
        new = True
        for j in range(ne):
            if ends[j] == b:
                new = False
        if new:
            ends[ne] = b
            ne += 1
    return ne


@njit(cache=True)
def move(S, C, p, moves, nm, rs, indulgence, destroy):
    """``movement.move``: ``moves`` (nm, 4) rows of (from, kind, n, to), checked legal by the caller; ``destroy``
    a land whose City and building to destroy if taken, or -1. Battles in order of the destinations."""
    ctrl0 = np.empty(NL, np.int64)
    control_all(S, C, ctrl0)
    people0 = np.empty(NP, np.int64)
    clergy0 = np.empty(NP, np.int64)
    support_all(S, C, people0, clergy0)
    dests = np.empty(nm, np.int64)
    nd = 0
    for i in range(nm):
        a, k, n, b = moves[i, 0], moves[i, 1], moves[i, 2], moves[i, 3]
        add_units(S, a, p, k, -n)
        add_units(S, b, p, k, n)
        if a != b:
            new = True
            for j in range(nd):
                if dests[j] == b:
                    new = False
            if new:
                dests[nd] = b
                nd += 1
    for j in range(nd):
        land = dests[j]
        home = C[C_PRINC + land]
        if (home >= 0 and home != p and ctrl0[land] != p) or S[S_DIV + land]:
            pay_penalty(S, C, p, indulgence)
        if S[S_DIV + land]:
            S[S_DIV + land] = 0
            S[S_SUPPLY + T_DIVISION] += 1
    contested = np.empty(nd, np.int64)
    nc = 0
    for j in range(nd):
        if n_factions_on(S, dests[j]) > 1:
            contested[nc] = dests[j]
            nc += 1
    for j in range(nc):
        if n_factions_on(S, contested[j]) > 1:
            battle(S, C, contested[j], p, rs)
    return_pomeranians(S, C)
    if destroy >= 0 and ctrl0[destroy] != p and controller(S, C, destroy) == p:
        _destroy(S, C, p, destroy)
    retrack(S, C, people0, clergy0)


# --- building ---------------------------------------------------------------------------------------------------


@njit(cache=True)
def next_city(S, C, land):
    """Token kind (0 capital, 1 city, 2 civitas) of the land's next City, or -1."""
    founded = S[S_CITIES + land]
    return C[C_TOK + 2 * land + founded] if founded < C[C_GORDS + land] else -1


@njit(cache=True)
def city_cost(S, C, land):
    return C[C_TOKMIGHT + next_city(S, C, land)]


@njit(cache=True)
def build(S, C, p, city, lands, kinds, nb):
    """``building.build``: found a City on ``city`` (-1 none), then ``kinds[i]`` (1 castle, 2 tiltyard, 3 abbey) on
    ``lands[i]``; the caller's choices are legal. Support tracks follow (``retrack``)."""
    people0 = np.empty(NP, np.int64)
    clergy0 = np.empty(NP, np.int64)
    support_all(S, C, people0, clergy0)
    if city >= 0:
        kind = next_city(S, C, city)
        S[S_GOLD + p] -= C[C_TOKMIGHT + kind]
        S[S_SUPPLY + kind] -= 1
        S[S_CITIES + city] += 1
    for i in range(nb):
        S[S_GOLD + p] -= C[C_BUILD_COST]
        S[S_SUPPLY + T_CASTLE + kinds[i] - 1] -= 1
        S[S_BUILD + lands[i]] = kinds[i]
    retrack(S, C, people0, clergy0)
    extra = tile_param(S, C, p, TK_ABBEY_CLERGY) if C[C_TILES] else -1  # French Style: 1 more Clergy per Abbey
    if extra > 0:
        abbeys = 0
        for i in range(nb):
            abbeys += kinds[i] == BUILD_ABBEY
        if abbeys:
            S[S_CLERGY + p] = clamp(C, S[S_CLERGY + p] + abbeys * extra)


# --- politics ---------------------------------------------------------------------------------------------------


@njit(cache=True)
def politics_draw(S, C, p, rs, court, keep_scripted):
    """``politics.draw``: ``court`` Court Cards and the rest Neighbor Cards, then put back the excess; the card put
    back is the first Neighbor card drawn (else the first), or with ``keep_scripted`` the scripted plans' choice."""
    drawn = np.empty(3, np.int64)
    nd = 0
    for i in range(C[C_POL_DRAWN]):
        card = draw_into(S, C, p, 1 if i < court else 2, rs)
        if card >= 0:
            drawn[nd] = card
            nd += 1
    for _ in range(nd - C[C_POL_KEPT]):
        pick = 0
        if keep_scripted:
            best = 1 << 30
            for i in range(nd):
                c = drawn[i]
                sym = C[C_CARDSYM + c]
                if sym == SYM_EITHER:
                    v = 0
                elif sym == SYM_PEOPLE:
                    v = -S[S_PEOPLE + p]
                else:
                    v = -S[S_CLERGY + p]
                key = v * 64 + c
                if key < best:
                    best = key
                    pick = i
        else:
            for i in range(nd):
                if C[C_CARDTYPE + drawn[i]] == 2:
                    pick = i
                    break
        discard(S, p, drawn[pick])
        for i in range(pick, nd - 1):
            drawn[i] = drawn[i + 1]
        nd -= 1
    enforce_hand_limit(S, C, p)


@njit(cache=True)
def positions_all(S, C, stand):
    """``politics.positions`` of every Principality (rows of ``stand`` (NP, 3): Might capped, People, Clergy), from
    one pass over the lands."""
    for q in range(NP):
        stand[q, 0] = 0
        stand[q, 1] = S[S_PEOPLE + q]
        stand[q, 2] = S[S_CLERGY + q]
    ctrl = np.empty(NL, np.int64)
    control_all(S, C, ctrl)
    for land in range(NL):
        o = ctrl[land]
        if 0 <= o < NP:
            stand[o, 0] += C[C_MIGHT + land] + S[S_CITIES + land]
    for q in range(NP):
        stand[q, 0] = min(stand[q, 0], C[C_TRACK_HI])


@njit(cache=True)
def tracks_needed(S, C, host):
    special = C[C_CRACOVIA_TRACKS + host]
    if special >= 0 and controller(S, C, C[C_CRACOVIA]) == host:
        return special
    return C[C_COUNCIL_TRACKS]


@njit(cache=True)
def council(S, C, host, plays, nplays):
    """``politics.council``: ``plays[p, i]`` = (card, track 1 people / 2 clergy) for i < nplays[p]."""
    bonus = C[C_GNESNA_BONUS + host]
    if bonus and controller(S, C, C[C_GNESNA]) == host:
        S[S_CLERGY + host] = clamp(C, S[S_CLERGY + host] + bonus)
    if C[C_TILES]:
        council_bonus(S, C)  # Knightly Culture: People Support for each Tiltyard
    order = np.empty(NP, np.int64)
    no = turn_order(S, C, order)
    for o in range(no):
        q = order[o]
        for i in range(nplays[q]):
            discard(S, q, plays[q, i, 0])
            t = S_PEOPLE if plays[q, i, 1] == 1 else S_CLERGY
            S[t + q] = clamp(C, S[t + q] + 1)
    stand = np.empty((NP, 3), np.int64)
    positions_all(S, C, stand)
    leads = 0
    crowned = True
    for t in range(3):
        top = -1
        for q in range(NP):
            if not S[S_ELIM + q] and stand[q, t] > top:
                top = stand[q, t]
        leads += stand[host, t] == top
        crowned = crowned and stand[host, t] >= C[C_CORONATION]
    if leads >= tracks_needed(S, C, host):
        S[S_PRINCEPS] = host
    if crowned:
        S[S_CROWNED] = host


# --- progress ---------------------------------------------------------------------------------------------------


@njit(cache=True)
def _in_market(S, t):
    for i in range(S[S_MARKETN]):
        if S[S_MARKET + i] == t:
            return True
    return False


@njit(cache=True)
def _pop_stack(S, c):
    b = S_STACK + c * MAXT
    t = S[b]
    n = S[S_STACKN + c]
    for i in range(n - 1):
        S[b + i] = S[b + i + 1]
    S[b + n - 1] = 0  # vacated slots stay 0, so equal positions are equal vectors
    S[S_STACKN + c] = n - 1
    return t


@njit(cache=True)
def reveal(S, c):
    """``progress._reveal``: the next tile of colour ``c`` onto the Market, duplicates to the bottom."""
    n = S[S_STACKN + c]
    for _ in range(n):
        t = _pop_stack(S, c)
        if not _in_market(S, t) or S[S_STACKN + c] == 0:
            S[S_MARKET + S[S_MARKETN]] = t
            S[S_MARKETN] += 1
            return
        S[S_STACK + c * MAXT + S[S_STACKN + c]] = t
        S[S_STACKN + c] += 1
    if S[S_STACKN + c]:
        S[S_MARKET + S[S_MARKETN]] = _pop_stack(S, c)
        S[S_MARKETN] += 1


@njit(cache=True)
def setup_market(S, C, rs):
    d, copies = C[C_DISTINCT], C[C_COPIES]
    for c in range(NCOL):
        b = S_STACK + c * MAXT
        n = d * copies
        for i in range(d):
            for j in range(copies):
                S[b + i * copies + j] = c * d + i
        for i in range(n - 1, 0, -1):
            j = rand_below(rs, i + 1)
            S[b + i], S[b + j] = S[b + j], S[b + i]
        S[S_STACKN + c] = n
    S[S_MARKETN] = 0
    for p in range(NP):
        S[S_TILESN + p] = 0
        S[S_TKMASK + p] = 0
    for c in range(NCOL):
        for _ in range(C[C_MARKET_PER_COLOR]):
            reveal(S, c)


@njit(cache=True)
def slots(S, C, p, c, incoming):
    """``tiles.slots``: the player's spaces of colour ``c``; German Settlers counts as soon as it is drawn
    (``incoming``: the tile being taken, -1 none)."""
    base = C[C_SLOTS]
    extra = tile_param(S, C, p, TK_THIRD_SLOT)
    if extra < 0 and incoming >= 0 and C[C_TILEKIND + incoming] == TK_THIRD_SLOT:
        extra = C[C_TILEPAR + incoming]
    if extra < 0:
        return base
    return base + extra if C[C_GS_COLOUR] < 0 or c == C[C_GS_COLOUR] else base


@njit(cache=True)
def tile_picks(S, C, p, out):
    """``legal.tile_picks`` / ``tiles.picks``: rows (Market tile, own tile given back or -1) in Market order; returns
    how many."""
    n = 0
    d = C[C_DISTINCT]
    mine = S_TILES + p * MAXHELD
    held = S[S_TILESN + p]
    settlers = C[C_TILES] and tile_param(S, C, p, TK_THIRD_SLOT) >= 0  # else ``slots`` only for German Settlers
    for i in range(S[S_MARKETN]):
        t = S[S_MARKET + i]
        dup = False
        for j in range(i):
            if S[S_MARKET + j] == t:
                dup = True
        if dup:
            continue
        own = False
        same = 0
        for j in range(held):
            if S[mine + j] == t:
                own = True
            if S[mine + j] // d == t // d:
                same += 1
        if own:
            continue
        room = C[C_SLOTS]
        if C[C_TILES] and (settlers or C[C_TILEKIND + t] == TK_THIRD_SLOT):
            room = slots(S, C, p, t // d, t)
        if same < room:
            out[n, 0] = t
            out[n, 1] = -1
            n += 1
        else:
            for j in range(held):
                if S[mine + j] // d == t // d:
                    out[n, 0] = t
                    out[n, 1] = S[mine + j]
                    n += 1
    return n


@njit(cache=True)
def take_tile(S, C, p, t, given, reveal_now):
    """``progress.take`` of one tile: into a free space (``given`` -1) or for the own tile ``given``, which goes face
    up onto the Market. The generic model refills its space at once (``reveal_now``); the printed tiles refill once
    the player finishes (``tiles.refill``)."""
    m = S[S_MARKETN]
    for i in range(m):
        if S[S_MARKET + i] == t:
            for j in range(i, m - 1):
                S[S_MARKET + j] = S[S_MARKET + j + 1]
            S[S_MARKET + m - 1] = 0
            S[S_MARKETN] = m - 1
            break
    mine = S_TILES + p * MAXHELD
    if given < 0:
        if reveal_now:
            reveal(S, t // C[C_DISTINCT])
    else:
        held = S[S_TILESN + p]
        for i in range(held):
            if S[mine + i] == given:
                for j in range(i, held - 1):
                    S[mine + j] = S[mine + j + 1]
                S[mine + held - 1] = 0
                S[S_TILESN + p] = held - 1
                break
        S[S_MARKET + S[S_MARKETN]] = given
        S[S_MARKETN] += 1
    S[mine + S[S_TILESN + p]] = t
    S[S_TILESN + p] += 1


# --- setup ------------------------------------------------------------------------------------------------------


@njit(cache=True)
def new_game(S0, C, rs, S):
    """The starting position: ``S0`` (the deployment) with hands dealt and the Market laid out."""
    S[:] = S0
    for p in range(NP):
        if S[S_ELIM + p]:
            continue
        for kind in range(3):
            for _ in range(C[C_STARTCARDS + kind]):
                draw_into(S, C, p, kind, rs)
    setup_market(S, C, rs)


# --- invariants (invariants.py) ---------------------------------------------------------------------------------


@njit(cache=True)
def violations(S, C, S0):
    """A bit mask of broken invariants (``invariants.violations``; 0 when sound): 1 units not conserved (map + pool)
    or a stale presence mask, 2 gold < 0 or more than the coins, 4 a track out of range, 8 a battle left unresolved,
    16 Division Tokens, 32 Cities, 64 token supply, 128 cards not conserved, 256 Progress Tiles not conserved (printed
    tiles: also more face up than a colour's spaces, 2 identical tiles held, more of a colour than 3),
    512 control out of range or held by an eliminated player, 1024 Invaders left on the Map (or Teutonic Knights
    lost or made), 2048 Neighbor figures not conserved (Neighbors on). ``S0`` is the starting position (before the
    deal)."""
    bad = 0
    for p in range(NP):
        for k in range(NK):
            on_map = 0
            for land in range(NL):
                on_map += S[ui(land, p, k)]
            if on_map + S[S_POOL + p * NK + k] != C[C_POOLS + k]:
                bad |= 1
        if S[S_GOLD + p] < 0:
            bad |= 2
        for t in (S_PEOPLE, S_CLERGY):
            if not C[C_TRACK_LO] <= S[t + p] <= C[C_TRACK_HI]:
                bad |= 4
    if gold_in_supply(S, C) < 0:
        bad |= 2
    placed = 0
    for land in range(NL):
        if n_factions_on(S, land) > 1:
            bad |= 8
        if S[S_DIV + land]:
            placed += 1
            if n_factions_on(S, land) > 0:
                bad |= 16
        if not 0 <= S[S_CITIES + land] <= C[C_GORDS + land]:
            bad |= 32
        m = 0
        for f in range(NF):
            if figures(S, land, f) > 0:
                m |= 1 << f
        if m != S[S_MASK + land]:
            bad |= 1
        o = controller(S, C, land)
        if o < -1 or o >= NF or (0 <= o < NP and S[S_ELIM + o]):
            bad |= 512
    if S[S_SUPPLY + T_DIVISION] < 0 or S[S_SUPPLY + T_DIVISION] + placed != S0[S_SUPPLY + T_DIVISION] + _count_div(S0):
        bad |= 16
    for t in range(7):
        if S[S_SUPPLY + t] < 0:
            bad |= 64
    for f in (F_PRUSSIANS, F_LITHUANIANS, F_MONGOLS):  # Invaders leave the Map once their event is over
        for land in range(NL):
            if figures(S, land, f) > 0:
                bad |= 1024
    knights = 0
    for land in range(NL):
        knights += figures(S, land, F_TEUTONIC)
    for k in range(NK):
        knights += S[S_POMOFF + (F_TEUTONIC - NP) * NK + k]
    if knights != (C[C_INV_N + F_TEUTONIC - F_PRUSSIANS] if S[S_TEUTONIC] else 0):
        bad |= 1024
    if C[C_NEIGHBORS]:  # Neighbor figures conserved (``neighbors.violations``; the cards below)
        for j in range(6):
            f = C[C_NBFAC + j]
            for k in (KNIGHT, FOOTMAN):
                placed = 0
                for land in range(NL):
                    placed += S[ui(land, f, k)]
                total = C[C_NBK + j] if k == KNIGHT else C[C_NBF + j]
                if C[C_NBMAJOR + j]:
                    if placed > total:
                        bad |= 2048
                elif placed + S[S_POMOFF + (f - NP) * NK + k] != total:
                    bad |= 2048
            for land in range(NL):
                if S[ui(land, f, PRINCE)]:
                    bad |= 2048
    for c in range(NC):
        total = S[S_DECK + c]
        total0 = S0[S_DECK + c]
        for p in range(NP):
            total += S[S_HAND + p * NC + c]
            total0 += S0[S_HAND + p * NC + c]
            if S[S_HAND + p * NC + c] < 0:
                bad |= 128
        if total != total0 or S[S_DECK + c] < 0:
            bad |= 128
    for c in range(NCOL):
        n = S[S_STACKN + c]
        for i in range(S[S_MARKETN]):
            n += S[S_MARKET + i] // C[C_DISTINCT] == c
        for p in range(NP):
            for i in range(S[S_TILESN + p]):
                n += S[S_TILES + p * MAXHELD + i] // C[C_DISTINCT] == c
        if n != C[C_DISTINCT] * C[C_COPIES]:
            bad |= 256
    if C[C_TILES]:  # ``invariants._tile_violations``: the face-up row, no 2 identical tiles, the spaces
        d = C[C_DISTINCT]
        shown = np.zeros(NCOL, np.int64)
        for i in range(S[S_MARKETN]):
            shown[S[S_MARKET + i] // d] += 1
        for c in range(NCOL):
            if shown[c] > C[C_MARKET_PER_COLOR]:
                bad |= 256
        for p in range(NP):
            per = np.zeros(NCOL, np.int64)
            b = S_TILES + p * MAXHELD
            for i in range(S[S_TILESN + p]):
                per[S[b + i] // d] += 1
                for j in range(i):
                    if S[b + j] == S[b + i]:
                        bad |= 256
            for c in range(NCOL):
                if per[c] > C[C_SLOTS] + 1:
                    bad |= 256
    return bad


@njit(cache=True)
def _count_div(S):
    n = 0
    for land in range(NL):
        n += S[S_DIV + land]
    return n
