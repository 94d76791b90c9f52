"""A battle on the map (Battle Order 1-10), compiled: the twin of ``game.battles`` and of the plain-Python battle
``sim.games.principes.reference`` it calls.

Unit swords, toughness and damage order, the die, the site's shields, loot and the card rules are read from the
tables (rules.yaml, ``setup.TABLES``): ``army`` turns a side's units into its swords and a table of the units each
amount of damage topples, and ``outcome`` decides a battle from totals with two lookups, so the brute-force card
search of ``play_cards`` costs as little as the hard-wired version did. Every battle adds to the state's battle
statistics (``battles``, ``attacker_wins``, ``attacker_lost``, ``defender_lost`` by kind, ``die`` by face).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.principes.fast.cards import discard, draw_into, enforce_hand_limit
from sim.games.principes.fast.control import BUILD_CASTLE, controller
from sim.games.principes.fast.dynasty import prince_died, respawn
from sim.games.principes.fast.effects import holds
from sim.games.principes.fast.princesses import after_battle
from sim.games.principes.fast.state import (
    B_EITHER,
    B_SHIELD,
    B_SWORD,
    F_MAJOR0,
    F_MONGOLS,
    F_PRUSSIANS,
    NF,
    NK,
    NP,
    NPOM,
    PRINCE,
    TK_LEARNING_CHESS,
    add_units,
    clamp,
    figures,
    gold_in_supply,
    is_player,
)
from sim.games.principes.fast.stream import rand_below

SWORD, SHIELD, COIN = 0, 1, 2  # ``rules.SYMBOLS`` indices
PLAYER, NEUTRAL, NEIGHBOR, INVADER = 0, 1, 2, 3  # ``game.battles.KINDS``
MAXPLAYS = 128  # distinct (swords, shields, cards) plays: at most 91 with the 12-card hand limit allowed
RADIX = 64  # the card search ranks plays by (win, cards, own losses, enemy losses), each below RADIX


# --- the plain battle (reference.py) ----------------------------------------------------------------------------


@njit(cache=True)
def army(C, u, tab):
    """``reference.army`` and ``reference.assign_damage`` at once: the units ``u`` (NK,) as (figures, swords, T),
    with ``tab[d, k]`` the units of kind k that d damage topples (d = 0..T, T the side's total toughness) and
    ``tab[d, NK]`` their total; damage goes in damage order (``C.order``), a unit toppling once it took its
    toughness. ``tab`` needs T + 1 rows (``toughness_total``)."""
    figs = 0
    swords = 0
    total = 0
    for k in range(NK):
        figs += u[k]
        swords += C.swords[k] * u[k]
        total += C.toughness[k] * u[k]
    for d in range(total + 1):
        left = d
        n = 0
        for k in range(NK):
            tab[d, k] = 0
        for i in range(NK):
            k = C.order[i]
            t = C.toughness[k]
            x = min(left // t, u[k])
            tab[d, k] = x
            n += x
            left -= x * t
            if x < u[k]:
                break  # the rest wounds the next unit, which stands
        tab[d, NK] = n
    return figs, swords, total


@njit(cache=True)
def toughness_total(C, u):
    """``reference.assign_damage``'s capacity: damage that topples every unit of ``u``."""
    total = 0
    for k in range(NK):
        total += C.toughness[k] * u[k]
    return total


@njit(cache=True)
def outcome(tab_a, na, ta, sw_a, tab_d, nd, td, sw_d, a_sw, a_sh, d_sw, d_sh, top):
    """``reference.fight`` from the ``army`` tables (``reference.winner`` decides): 1 when the attacker wins; ``top``
    (6,) gets the units toppled by kind, attacker then defender. ``a_sw``/``d_sw`` are the extra swords (die, cards),
    ``a_sh``/``d_sh`` the shields."""
    dd = min(max(0, sw_a + a_sw - d_sh), td)
    da = min(max(0, sw_d + d_sw - a_sh), ta)
    for k in range(NK):
        top[k] = tab_a[da, k]
        top[3 + k] = tab_d[dd, k]
    a_top = tab_a[da, NK]
    d_top = tab_d[dd, NK]
    if d_top == nd and a_top < na:
        return 1
    if a_top == na:
        return 0
    return 1 if d_top > a_top else 0


@njit(cache=True)
def fight(C, ua, ud, a_sw, a_sh, d_sw, d_sh, top):
    """``reference.fight``: 1 when the attacker wins; ``top`` (6,) gets the toppled units of attacker, defender."""
    tab_a = np.empty((toughness_total(C, ua) + 1, NK + 1), np.int64)
    tab_d = np.empty((toughness_total(C, ud) + 1, NK + 1), np.int64)
    na, sa, ta = army(C, ua, tab_a)
    nd, sd, td = army(C, ud, tab_d)
    return outcome(tab_a, na, ta, sa, tab_d, nd, td, sd, a_sw, a_sh, d_sw, d_sh, top)


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
def play_cards(C, ua, ud, base, hand_a, hand_d, plays):
    """``reference.play_cards``: the best play of the side committing first (rules.yaml ``cards.attacker_first``)
    against the other's best answer, each side at most ``cards.per_unit_limit`` cards per unit; both win first,
    then spend least, then lose least, then topple most. ``plays`` (6,) gets attacker swords, shields, cards,
    defender swords, shields, cards."""
    tab_a = np.empty((toughness_total(C, ua) + 1, NK + 1), np.int64)
    tab_d = np.empty((toughness_total(C, ud) + 1, NK + 1), np.int64)
    na, sa, ta = army(C, ua, tab_a)
    nd, sd, td = army(C, ud, tab_d)
    pa = np.empty((MAXPLAYS, 3), np.int64)
    pd = np.empty((MAXPLAYS, 3), np.int64)
    n_a = card_plays(hand_a[0], hand_a[1], hand_a[2], C.cards_per_unit * na, pa)
    n_d = card_plays(hand_d[0], hand_d[1], hand_d[2], C.cards_per_unit * nd, pd)
    top = np.empty(6, np.int64)
    r = RADIX
    best = -1
    best_i = 0
    best_j = 0
    first, second = (n_a, n_d) if C.attacker_first else (n_d, n_a)
    for x in range(first):
        rbest = -1
        ry = 0
        for y in range(second):  # the answer of the side committing second
            i, j = (x, y) if C.attacker_first else (y, x)
            w = outcome(tab_a, na, ta, sa, tab_d, nd, td, sd, base[0] + pa[i, 0], base[1] + pa[i, 1],
                        base[2] + pd[j, 0], base[3] + pd[j, 1], top)  # fmt: skip
            if C.attacker_first:  # the defender answers: win, fewest cards, fewest own losses, most enemy losses
                key = (((1 - w) * r + r - 1 - pd[j, 2]) * r + r - 1 - (top[3] + top[4] + top[5])) * r
                key += top[0] + top[1] + top[2]
            else:
                key = ((w * r + r - 1 - pa[i, 2]) * r + r - 1 - (top[0] + top[1] + top[2])) * r
                key += top[3] + top[4] + top[5]
            if key > rbest:
                rbest = key
                ry = y
        i, j = (x, ry) if C.attacker_first else (ry, x)
        w = outcome(tab_a, na, ta, sa, tab_d, nd, td, sd, base[0] + pa[i, 0], base[1] + pa[i, 1],
                    base[2] + pd[j, 0], base[3] + pd[j, 1], top)  # fmt: skip
        if C.attacker_first:
            key = ((w * r + r - 1 - pa[i, 2]) * r + r - 1 - (top[0] + top[1] + top[2])) * r + top[3] + top[4] + top[5]
        else:
            key = (((1 - w) * r + r - 1 - pd[j, 2]) * r + r - 1 - (top[3] + top[4] + top[5])) * r
            key += top[0] + top[1] + top[2]
        if key > best:
            best = key
            best_i = i
            best_j = j
    for k in range(3):
        plays[k] = pa[best_i, k]
        plays[3 + k] = pd[best_j, k]


# --- the battle on the map (battles.py) -------------------------------------------------------------------------


@njit(cache=True)
def battle_kind(S, attacker, defender):
    """``battles.battle_kind`` (factions 6-9: ``effects.invader_factions``, 10-13: ``effects.major_neighbors``):
    INVADER when an Invader fights, NEIGHBOR when Neighbor figures attack or a player
    attacks a major Neighbor's, PLAYER between two players, else NEUTRAL."""
    if F_PRUSSIANS <= attacker <= F_MONGOLS or F_PRUSSIANS <= defender <= F_MONGOLS:
        return INVADER
    if attacker >= NP or defender >= F_MAJOR0:
        return NEIGHBOR
    return PLAYER if is_player(S, attacker) and is_player(S, defender) else NEUTRAL


@njit(cache=True)
def site_shields(S, C, land):
    """``battles.site_shields``: each settlement counts (Gord, City; Western Pomerania has 2), a Castle adds."""
    cities = S.cities[land]
    gords = C.gords[land] - cities
    if C.settlements_each:
        s = cities * C.shield_city + gords * C.shield_gord
    else:
        s = 0
        if cities > 0:
            s = C.shield_city
        if gords > 0:
            s = max(s, C.shield_gord)
    if S.buildings[land] == BUILD_CASTLE:
        s += C.shield_castle
    return s


@njit(cache=True)
def roll(S, C, rs):
    """``battles._roll``: one Battle Die roll, counted by face."""
    face = C.die[rand_below(rs, C.n_faces)]
    S.die[face] += 1
    return face


@njit(cache=True)
def loot(S, C, taker, victim):
    """``battles._loot``: a coin steals gold; neutral forces take from / give to the general pool; a clash of two
    neutral forces loots nothing (rules.yaml ``loot.neutral_vs_neutral_ignored``)."""
    gold = C.coin_gold
    tp = is_player(S, taker)
    vp = is_player(S, victim)
    if not tp and not vp and C.neutral_loot_ignored:
        return
    if vp:
        taken = min(gold, S.gold[victim])
        S.gold[victim] -= taken
    else:
        taken = min(gold, gold_in_supply(S, C))
    if tp:
        S.gold[taker] += taken


@njit(cache=True)
def spend(S, f, sw, sh, n):
    """``battles._spend``: a play's cards from the hand, dedicated symbols first, then sword-or-shield cards."""
    if n == 0:
        return
    used_sw = min(sw, S.hands[f, B_SWORD])
    used_sh = min(sh, S.hands[f, B_SHIELD])
    used_e = n - used_sw - used_sh
    for _ in range(used_sw):
        discard(S, f, B_SWORD)
    for _ in range(used_sh):
        discard(S, f, B_SHIELD)
    for _ in range(used_e):
        discard(S, f, B_EITHER)


@njit(cache=True)
def battle_hand(S, C, f, out):
    """``battles._battle_hand``: a side's Battle Cards (sword, shield, either); none for a neutral faction unless
    rules.yaml ``cards.neutral_use_cards`` (and only a Principality holds a hand)."""
    out[0] = 0
    out[1] = 0
    out[2] = 0
    if f < NP and (is_player(S, f) or C.neutral_cards):
        out[0] = S.hands[f, B_SWORD]
        out[1] = S.hands[f, B_SHIELD]
        out[2] = S.hands[f, B_EITHER]


@njit(cache=True)
def withdraw_land(S, C, land, loser):
    """``battles.withdraw_options``' first: the adjacent land the loser controls with the smallest id, or -1 (the
    Mongols withdraw to a land without units or tokens, ``battles.empty_land``, or one they hold alone)."""
    best = -1
    for e in range(C.adjptr[land], C.adjptr[land + 1]):
        a = C.adj[e]
        if loser == F_MONGOLS:
            m = S.presence[a]
            ok = (m == 0 and S.cities[a] == 0 and S.buildings[a] == 0 and S.division[a] == 0) or m == 1 << loser
        else:
            ok = controller(S, C, a) == loser
        if ok and (best < 0 or C.rank[a] < C.rank[best]):
            best = a
    return best


@njit(cache=True)
def send_home(S, C, f, k, n):
    """``battles.send_home``: a Pomerania's figures removed away from its land go back onto it, or wait off the Map
    while foreign units hold it."""
    land = C.pomland[f - NP]
    if not S.presence[land] & ~(1 << f):
        add_units(S, land, f, k, n)
    else:
        S.pomerania_off[f - NP, k] += n


@njit(cache=True)
def battle(S, C, land, attacker, rs):
    """``battles.battle`` (no withdrawal choice: the first land by id, ``battles._withdraw_land``). Returns the
    winner. The die choices are ``battles._flip`` (Learning Chess, ``effects.flips``) after Masovia's reroll; the
    outcome is ``battles._outcome``; a Pomerania or the Teutonic Knights at home (``battles.home_land``) keep their
    toppled units; the battle statistics are ``battles._count``'s."""
    defender = -1
    for f in range(NF):
        if f != attacker and figures(S, land, f) > 0:
            defender = f
            break
    if defender < 0:
        return attacker
    ua = np.empty(NK, np.int64)
    ud = np.empty(NK, np.int64)
    for k in range(NK):
        ua[k] = S.units[land, attacker, k]
        ud[k] = S.units[land, defender, k]
    tab_a = np.empty((toughness_total(C, ua) + 1, NK + 1), np.int64)
    tab_d = np.empty((toughness_total(C, ud) + 1, NK + 1), np.int64)
    na, sa, ta = army(C, ua, tab_a)
    nd, sd, td = army(C, ud, tab_d)
    shields_d = site_shields(S, C, land)
    face_a = roll(S, C, rs)
    face_d = roll(S, C, rs)
    top = np.empty(6, np.int64)
    # With the Wind: reroll a losing die C.reroll times, attacker first; Learning Chess
    for side in (attacker, defender):
        for _ in range(C.reroll[side] if side < NP and is_player(S, side) else 0):
            w = outcome(tab_a, na, ta, sa, tab_d, nd, td, sd, face_a == SWORD, face_a == SHIELD, face_d == SWORD,
                        shields_d + (face_d == SHIELD), top)  # fmt: skip
            if (w == 1) == (side == attacker):
                break
            if side == attacker:
                face_a = roll(S, C, rs)
            else:
                face_d = roll(S, C, rs)
        if C.tiles and side < NP and (S.tile_kinds[side] >> TK_LEARNING_CHESS) & 1 and is_player(S, side):
            if holds(S, C, side, TK_LEARNING_CHESS):  # ``battles._flip``: flip a losing die when that wins
                w = outcome(tab_a, na, ta, sa, tab_d, nd, td, sd, face_a == SWORD, face_a == SHIELD, face_d == SWORD,
                            shields_d + (face_d == SHIELD), top)  # fmt: skip
                if (w == 1) != (side == attacker):
                    fa = C.flip[face_a] if side == attacker else face_a
                    fd = C.flip[face_d] if side != attacker else face_d
                    w = outcome(tab_a, na, ta, sa, tab_d, nd, td, sd, fa == SWORD, fa == SHIELD, fd == SWORD,
                                shields_d + (fd == SHIELD), top)  # fmt: skip
                    if (w == 1) == (side == attacker):
                        face_a, face_d = fa, fd
    if face_a == COIN:
        loot(S, C, attacker, defender)
    if face_d == COIN:
        loot(S, C, defender, attacker)
    base = np.empty(4, np.int64)
    base[0] = face_a == SWORD
    base[1] = face_a == SHIELD
    base[2] = face_d == SWORD
    base[3] = shields_d + (face_d == SHIELD)
    hand_a = np.empty(3, np.int64)
    hand_d = np.empty(3, np.int64)
    battle_hand(S, C, attacker, hand_a)
    battle_hand(S, C, defender, hand_d)
    plays = np.zeros(6, np.int64)
    play_cards(C, ua, ud, base, hand_a, hand_d, plays)
    spend(S, attacker, plays[0], plays[1], plays[2])
    spend(S, defender, plays[3], plays[4], plays[5])
    w = outcome(tab_a, na, ta, sa, tab_d, nd, td, sd, base[0] + plays[0], base[1] + plays[1], base[2] + plays[3],
                base[3] + plays[4], top)  # fmt: skip
    winner, loser = (attacker, defender) if w == 1 else (defender, attacker)
    how = battle_kind(S, attacker, defender)
    S.battles[how] += 1
    S.attacker_wins[how] += w
    S.attacker_lost[how] += top[0] + top[1] + top[2]
    S.defender_lost[how] += top[3] + top[4] + top[5]
    homed = defender >= NP and C.pomland[defender - NP] == land
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
                    S.pool[side, k] += n
                    if k == PRINCE and is_player(S, side):
                        dead[ndead] = side
                        ndead += 1
                elif side == defender and homed:
                    S.pomerania_off[side - NP, k] += n
                elif NP <= side < NP + NPOM:  # a Pomerania moved off its land by a Neighbor Card
                    send_home(S, C, side, k, n)
                # an Invader's or a major Neighbor's toppled figures leave the Map (a major Neighbor's go back to
                # its off-map spots, counted as its figures not on the Map)
    if figures(S, land, loser) > 0:
        target = -1 if pom_defeated else withdraw_land(S, C, land, loser)
        for k in range(NK):
            n = S.units[land, loser, k]
            if n == 0:
                continue
            add_units(S, land, loser, k, -n)
            if target >= 0:
                add_units(S, target, loser, k, n)
            elif loser < NP:
                S.pool[loser, k] += n
                if k == PRINCE and is_player(S, loser):
                    dead[ndead] = loser
                    ndead += 1
            elif homed and loser == defender:
                S.pomerania_off[loser - NP, k] += n
            elif NP <= loser < NP + NPOM:
                send_home(S, C, loser, k, n)
    if is_player(S, winner):
        S.people[winner] = clamp(C, S.people[winner] + C.win_people)
    if is_player(S, loser):
        S.people[loser] = clamp(C, S.people[loser] - C.lose_people)
    for i in range(ndead):
        prince_died(S, C, dead[i])
    for side in (attacker, defender):  # 2-3 players: a non-player Prince removed respawns on one of his lands
        if side < NP and S.nonplayer[side] and not C.solo:  # solo: ``solo.rebirth`` after the event
            respawn(S, C, side)
    after_battle(S, C, land, winner)
    for side in (attacker, defender):  # Battle Order 10
        if is_player(S, side):
            for _ in range(C.battle_draw):
                draw_into(S, C, side, 0, rs)
            enforce_hand_limit(S, C, side)
    return winner
