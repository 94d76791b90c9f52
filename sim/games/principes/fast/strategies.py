"""The built-in strategies compiled to parameter rows, and their decisions as njit functions.

``compile_strategy(uses, params)`` turns a strategy spec (``strategies.principes.resolve``) into an int row and a
float row (offsets ``P_*`` / ``F_*``); it raises ``Unsupported`` for anything but ``random``, ``builder``,
``conqueror`` and ``politician`` with parameters of the kinds their defaults have. The scripted plans
(``strategies/principes/scripted.py``) are priority lists and thresholds, so each hook below reads them from the
row; ``random`` (``random_legal.py``) picks uniformly from the same legal lists, built in the same order, as the
reference, so only the random stream differs.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.principes.fast import tiles as T
from sim.games.principes.fast.kernels import (
    assembly_lands,
    can_tax,
    choose_land,
    control_all,
    figures,
    holds,
    land_clergy,
    land_might,
    land_people,
    move_points,
    next_city,
    positions_all,
    rand_below,
    rand_float,
    reachable,
    site_shields,
    tile_param,
    tile_picks,
    tracks_needed,
    ui,
)
from sim.games.principes.fast.layout import (
    A_ASSEMBLY,
    A_BUILDING,
    A_MOVEMENT,
    A_POLITICS,
    A_PROGRESS,
    A_TAXES,
    ACTIONS,
    BUILDINGS,
    C_ASM_UNITS,
    C_BUILD_COST,
    C_BYRANK,
    C_CARDSYM,
    C_KNIGHT_COST,
    C_NEIGHBORS,
    C_POL_DRAWN,
    C_PRANK,
    C_PRINC,
    C_RANK,
    C_TILES,
    C_TOKMIGHT,
    C_TRACK_HI,
    FOOTMAN,
    KNIGHT,
    MAXHELD,
    NC,
    NF,
    NK,
    NL,
    NP,
    NTILES,
    PRINCE,
    S_BUILD,
    S_CLERGY,
    S_ELIM,
    S_FINAL,
    S_GOLD,
    S_HAND,
    S_PEOPLE,
    S_POOL,
    S_PRINCEPS,
    S_ROUND,
    S_SUPPLY,
    SYM_CLERGY,
    SYM_EITHER,
    SYM_PEOPLE,
    T_CASTLE,
    TK_ASSEMBLY_UNITS,
    TK_HERALDS,
    Unsupported,
)

RANDOM, SCRIPTED = 0, 1
MAXPRIO, MAXBUILD = 12, 6
P_KIND = 0
P_NPRIO = 1
P_PRIO = 2
P_TAX_MIN = P_PRIO + MAXPRIO
P_ARMY = P_TAX_MIN + 1
P_RESERVE = P_ARMY + 1
P_ATT_PLAYERS = P_RESERVE + 1
P_ATT_NEUTRAL = P_ATT_PLAYERS + 1
P_PRINCE_MOVES = P_ATT_NEUTRAL + 1
P_INDULGENCE = P_PRINCE_MOVES + 1
P_DESTROY = P_INDULGENCE + 1
P_FOUND = P_DESTROY + 1
P_MAXB = P_FOUND + 1
P_NBUILD = P_MAXB + 1
P_BUILD = P_NBUILD + 1
P_COUNCIL_LEADS = P_BUILD + MAXBUILD
P_DRAW_COURT = P_COUNCIL_LEADS + 1
P_BLOCK = P_DRAW_COURT + 1
P_PROGRESS = P_BLOCK + 1
P_SELL = P_PROGRESS + 1
P_LATE = P_SELL + 1
P_COURT_BEFORE = P_LATE + 1  # bit a set: Court Cards played for their text before action a (``court_text_before``)
P_COURT_MAX = P_COURT_BEFORE + 1
P_NPRINCESS = P_COURT_MAX + 1  # ``princess``: mission kinds in order (0 own_capital, 1 rival_capital, 2 neighbor)
P_PRINCESS = P_NPRINCESS + 1  # (MAXPRIO,)
P_NB_PLAY = P_PRINCESS + MAXPRIO  # Neighbors (scripted.py ``neighbor_*``)
P_NB_WEAKEST = P_NB_PLAY + 1  # neighbor_target: 1 weakest, 0 leader
P_NB_BLOCK = P_NB_WEAKEST + 1
P_NB_DRAWS = P_NB_BLOCK + 1
P_NB_DESTROY = P_NB_DRAWS + 1
P_NWISH = P_NB_DESTROY + 1  # printed tiles (``progress: tiles``): the length of ``tile_wishlist``
P_RANK = P_NWISH + 1  # (NTILES,) each printed tile's place on the wishlist (P_NWISH when not on it)
P_PROGRESS_RANK = P_RANK + NTILES  # ``progress_rank``: where Progress moves up to when a wished tile is on offer
P_TAKE_TILES = P_PROGRESS_RANK + 1
P_NEWMECH = P_TAKE_TILES + 1  # ``new_mechanisms``: the action to play the Progress token as, -1 none
NPI = P_NEWMECH + 1
MAXWISH = 100
F_RATIO, F_WEAKEST, F_MOVE_SHARE, F_PLAY_SHARE, F_COURT_SHARE = range(5)
F_NB_RATIO, F_NB_RESERVE, F_NB_MIN_VALUE, F_NB_SHARE = range(5, 9)
NPF = 9
STRENGTH = (2, 2, 1)  # legal.UNIT_STRENGTH: prince, knight, footman
COUNCIL = -1


def _num(name, value, integer=True):
    ok = isinstance(value, int) if integer else isinstance(value, int | float)
    if isinstance(value, bool) or not ok:
        raise Unsupported(f"parameter {name} = {value!r}: the fast engine needs a {'whole ' if integer else ''}number")
    return value


def _flag(name, value):
    if not isinstance(value, bool | int):
        raise Unsupported(f"parameter {name} = {value!r}: the fast engine needs true or false")
    return int(bool(value))


def compile_strategy(uses: str, params: dict) -> tuple[np.ndarray, np.ndarray]:
    """A built-in strategy with its parameters as (int row (NPI,), float row (NPF,)); ``Unsupported`` otherwise."""
    from strategies.principes import STRATEGIES, make

    if uses not in STRATEGIES:
        raise Unsupported(
            f"strategy {uses!r} is not built in (the fast engine ports random, builder, conqueror, politician)"
        )
    p = make(uses, params).p  # the class's defaults with the overrides, unknown keys rejected
    ints = np.zeros(NPI, np.int64)
    floats = np.zeros(NPF, np.float64)
    if uses == "random":
        ints[P_KIND] = RANDOM
        floats[F_MOVE_SHARE] = _num("move_share", p["move_share"], False)
        floats[F_PLAY_SHARE] = _num("play_share", p["play_share"], False)
        floats[F_COURT_SHARE] = _num("court_share", p["court_share"], False)
        floats[F_NB_SHARE] = _num("neighbor_share", p["neighbor_share"], False)
        return ints, floats
    ints[P_KIND] = SCRIPTED
    prio = p["priorities"]
    if not isinstance(prio, list | tuple) or len(prio) > MAXPRIO or any(a not in ACTIONS for a in prio):
        raise Unsupported(f"priorities {prio!r}: at most {MAXPRIO} of {', '.join(ACTIONS)}")
    ints[P_NPRIO] = len(prio)
    ints[P_PRIO : P_PRIO + len(prio)] = [ACTIONS.index(a) for a in prio]
    ints[P_TAX_MIN] = _num("tax_min_people", p["tax_min_people"])
    ints[P_ARMY] = _num("army_target", p["army_target"])
    ints[P_RESERVE] = _num("gold_reserve", p["gold_reserve"])
    for key, slot in (
        ("attack_players", P_ATT_PLAYERS),
        ("attack_neutral", P_ATT_NEUTRAL),
        ("prince_moves", P_PRINCE_MOVES),
        ("indulgence", P_INDULGENCE),
        ("destroy", P_DESTROY),
        ("found_cities", P_FOUND),
        ("block_councils", P_BLOCK),
        ("progress", P_PROGRESS),
        ("sell_battle_cards", P_SELL),
        ("late_council", P_LATE),
    ):
        ints[slot] = _flag(key, p[key])
    ints[P_MAXB] = _num("max_buildings", p["max_buildings"])
    kinds = p["buildings"]
    if not isinstance(kinds, list | tuple) or len(kinds) > MAXBUILD or any(k not in BUILDINGS[1:] for k in kinds):
        raise Unsupported(f"buildings {kinds!r}: at most {MAXBUILD} of castle, tiltyard, abbey")
    ints[P_NBUILD] = len(kinds)
    ints[P_BUILD : P_BUILD + len(kinds)] = [BUILDINGS.index(k) for k in kinds]
    leads = p["council_leads"]
    ints[P_COUNCIL_LEADS] = 0 if leads is None else _num("council_leads", leads)
    ints[P_DRAW_COURT] = _num("draw_court", p["draw_court"])
    if not 0 <= ints[P_DRAW_COURT] <= 3:
        raise Unsupported(f"draw_court = {ints[P_DRAW_COURT]}: 0 to 3")
    before = p["court_text_before"]
    if not isinstance(before, list | tuple) or any(a not in ACTIONS for a in before):
        raise Unsupported(f"court_text_before {before!r}: a list of {', '.join(ACTIONS)}")
    ints[P_COURT_BEFORE] = sum(1 << ACTIONS.index(a) for a in set(before))
    ints[P_COURT_MAX] = _num("court_text_max", p["court_text_max"])
    if ints[P_COURT_MAX] < 0:
        raise Unsupported(f"court_text_max = {ints[P_COURT_MAX]}: at least 0")
    from sim.games.principes.game.princesses import MISSIONS

    kinds = p["princess"]
    if not isinstance(kinds, list | tuple) or len(kinds) > MAXPRIO or any(k not in MISSIONS for k in kinds):
        raise Unsupported(f"princess {kinds!r}: at most {MAXPRIO} of {', '.join(MISSIONS)}")
    ints[P_NPRINCESS] = len(kinds)
    ints[P_PRINCESS : P_PRINCESS + len(kinds)] = [MISSIONS.index(k) for k in kinds]
    target = p["neighbor_target"]
    if not isinstance(target, str):
        raise Unsupported(f"neighbor_target {target!r}: leader or weakest")
    ints[P_NB_WEAKEST] = target == "weakest"  # ``neighbors.rivals``: anything else is the leader
    for key, slot in (("neighbor_play", P_NB_PLAY), ("neighbor_block", P_NB_BLOCK), ("neighbor_destroy", P_NB_DESTROY)):
        ints[slot] = _flag(key, p[key])
    ints[P_NB_DRAWS] = _num("neighbor_draws", p["neighbor_draws"])
    floats[F_NB_RATIO] = _num("neighbor_ratio", p["neighbor_ratio"], False)
    floats[F_NB_RESERVE] = _num("neighbor_reserve", p["neighbor_reserve"], False)
    floats[F_NB_MIN_VALUE] = _num("neighbor_min_value", p["neighbor_min_value"], False)
    _compile_tiles(ints, p)
    floats[F_RATIO] = _num("attack_ratio", p["attack_ratio"], False)
    floats[F_WEAKEST] = _num("prefer_weakest", p["prefer_weakest"], False)
    return ints, floats


def _compile_tiles(ints: np.ndarray, p: dict) -> None:
    """The printed tiles' parameters (read only with ``progress: tiles``)."""
    from sim.games.principes.fast.layout import tile_ids
    from sim.games.principes.game.tiles import catalogue

    wish = p["tile_wishlist"]
    if not isinstance(wish, list | tuple) or len(wish) > MAXWISH or not all(isinstance(w, str) for w in wish):
        raise Unsupported(f"tile_wishlist {wish!r}: a list of at most {MAXWISH} tile names")
    cat = catalogue()
    ints[P_NWISH] = len(wish)
    for t, tile in enumerate(tile_ids(dict.fromkeys(spec["colour"] for spec in cat.values()))):
        name = cat[tile]["name"]
        ints[P_RANK + t] = list(wish).index(name) if name in wish else len(wish)
    ints[P_PROGRESS_RANK] = _num("progress_rank", p["progress_rank"])
    if ints[P_PROGRESS_RANK] < 0:
        raise Unsupported(f"progress_rank = {ints[P_PROGRESS_RANK]}: at least 0")
    ints[P_TAKE_TILES] = _flag("take_tiles", p["take_tiles"])
    alt = p["new_mechanisms"]
    if alt is not None and (alt not in ACTIONS or alt == "progress"):
        raise Unsupported(f"new_mechanisms {alt!r}: null or one of {', '.join(ACTIONS[1:])}")
    ints[P_NEWMECH] = -1 if alt is None else ACTIONS.index(alt)


# --- shared helpers ---------------------------------------------------------------------------------------------


@njit(cache=True)
def on_map(S, p):
    n = 0
    for land in range(NL):
        n += figures(S, land, p)
    return n


@njit(cache=True)
def stacks(S, C, p, out):
    """``legal.stacks``: rows (land, kind, figures) by land id, then kind; returns how many."""
    n = 0
    for r in range(NL):
        land = C[C_BYRANK + r]
        for k in range(NK):
            if S[ui(land, p, k)] > 0:
                out[n, 0] = land
                out[n, 1] = k
                out[n, 2] = S[ui(land, p, k)]
                n += 1
    return n


@njit(cache=True)
def assembly_room(S, C, p, lands):
    """``legal.assembly_room``: (number of lands, most Knights affordable, Footmen in the pool, units per action)."""
    n = assembly_lands(S, C, p, lands)
    cost = C[C_KNIGHT_COST]
    knights = S[S_POOL + p * NK + KNIGHT]
    if cost:
        knights = min(knights, S[S_GOLD + p] // cost)
    extra = tile_param(S, C, p, TK_ASSEMBLY_UNITS) if C[C_TILES] else -1  # Three-Field: 2 more units
    return n, knights, S[S_POOL + p * NK + FOOTMAN], C[C_ASM_UNITS] + (extra if extra > 0 else 0)


@njit(cache=True)
def city_sites(S, C, ctrl, p, lands, costs):
    """``legal.city_sites``: controlled lands (board order; ``ctrl`` from ``control_all``) where a City can be
    founded now; returns how many."""
    n = 0
    for land in range(NL):
        if ctrl[land] != p:
            continue
        kind = next_city(S, C, land)
        if kind < 0 or S[S_SUPPLY + kind] <= 0:
            continue
        cost = C[C_TOKMIGHT + kind]
        if cost <= S[S_GOLD + p]:
            lands[n] = land
            costs[n] = cost
            n += 1
    return n


@njit(cache=True)
def building_sites(S, C, ctrl, p, out):
    """``legal.building_sites``: controlled lands without a building, board order."""
    n = 0
    for land in range(NL):
        if ctrl[land] == p and S[S_BUILD + land] == 0:
            out[n] = land
            n += 1
    return n


@njit(cache=True)
def first_support_card(S, C, p):
    """``legal.support_cards`` starts at the Court Cards, or with Heralds of Peace at the Battle Cards."""
    return 0 if C[C_TILES] and holds(S, C, p, TK_HERALDS) else 3


@njit(cache=True)
def support_plan(S, C, p, mine, plays):
    """``Scripted.support_plan``: each support card (sorted) on the lower of its tracks, none past the top.
    ``mine`` (3,) positions is updated; ``plays`` rows (card, 1 people | 2 clergy); returns how many."""
    n = 0
    lo = first_support_card(S, C, p) if C[C_TILES] else 3
    for card in range(lo, NC):  # Heralds of Peace: Battle Cards too (either track)
        for _ in range(S[S_HAND + p * NC + card]):
            sym = C[C_CARDSYM + card]
            if sym == SYM_CLERGY:
                t = 2
            elif sym == SYM_PEOPLE:
                t = 1
            else:
                t = 1 if mine[1] <= mine[2] else 2
            if mine[t] < C[C_TRACK_HI]:
                mine[t] += 1
                plays[n, 0] = card
                plays[n, 1] = t
                n += 1
    return n


# --- scripted (strategies/principes/scripted.py) ----------------------------------------------------------------


@njit(cache=True)
def scripted_target(S, C, P, F, p, moves):
    """``Scripted.target``: the best land to take and the moves that take it (rows from, kind, n, to) → (land or
    -1, number of moves)."""
    weakest = -1
    wkey = 1 << 40
    for q in range(NP):
        if S[S_ELIM + q]:
            continue
        key = on_map(S, q) * 16 + C[C_PRANK + q]
        if key < wkey:
            wkey = key
            weakest = q
    st = np.empty((3 * NL, 3), np.int64)
    ns = stacks(S, C, p, st)
    keep = np.ones(ns, np.bool_)
    for i in range(ns):
        if st[i, 1] == PRINCE and not P[P_PRINCE_MOVES]:
            keep[i] = False
    for i in range(ns):  # outside home, 1 figure holds the land: the cheapest (a Footman, else the first) stays
        if not keep[i]:
            continue
        land = st[i, 0]
        first = True
        for j in range(i):
            if keep[j] and st[j, 0] == land:
                first = False
        if not first or C[C_PRINC + land] == p:
            continue
        total = 0
        grp = -1
        for j in range(ns):
            if keep[j] and st[j, 0] == land:
                total += st[j, 2]
                if grp < 0 or (st[j, 1] == FOOTMAN and st[grp, 1] != FOOTMAN):
                    grp = j
        if figures(S, land, p) == total:
            st[grp, 2] -= 1
    reach = np.empty((ns, NL), np.int64)
    power = np.zeros(NL, np.int64)
    last = -1
    for i in range(ns):
        if not keep[i] or st[i, 2] <= 0:
            keep[i] = False
            continue
        points = move_points(S, C, p, st[i, 1])
        if last >= 0 and st[last, 0] == st[i, 0] and move_points(S, C, p, st[last, 1]) == points:
            reach[i] = reach[last]  # a Prince and Knights on one land reach the same lands
        else:
            reachable(S, C, p, st[i, 0], points, reach[i])
        last = i
        for land in range(NL):
            if reach[i, land]:
                power[land] += STRENGTH[st[i, 1]] * st[i, 2]
    any_reach = np.zeros(NL, np.bool_)
    for i in range(ns):
        if keep[i]:
            for land in range(NL):
                if reach[i, land]:
                    any_reach[land] = True
    best = -1
    best_score = 0.0
    ctrl = np.empty(NL, np.int64)
    control_all(S, C, ctrl)
    for r in range(NL):
        dest = C[C_BYRANK + r]
        if not any_reach[dest]:
            continue
        owner = ctrl[dest]
        if owner == p:
            continue
        is_pl = 0 <= owner < NP
        if (is_pl and not P[P_ATT_PLAYERS]) or (not is_pl and not P[P_ATT_NEUTRAL]):
            continue
        defence = 0
        for f in range(NF):
            if f != p and figures(S, dest, f) > 0:
                defence = 2 * S[ui(dest, f, 0)] + 2 * S[ui(dest, f, 1)] + S[ui(dest, f, 2)] + site_shields(S, C, dest)
                break
        if power[dest] < F[F_RATIO] * defence or power[dest] == 0:
            continue
        score = land_might(S, C, dest) + land_people(S, C, dest) + land_clergy(S, C, dest)
        fscore = score + F[F_WEAKEST] * (owner == weakest)
        if fscore > 0 and (best < 0 or fscore > best_score):
            best = dest
            best_score = fscore
    nm = 0
    if best >= 0:
        for i in range(ns):
            if keep[i] and reach[i, best]:
                moves[nm, 0] = st[i, 0]
                moves[nm, 1] = st[i, 1]
                moves[nm, 2] = st[i, 2]
                moves[nm, 3] = best
                nm += 1
    return best, nm


@njit(cache=True)
def scripted_city(S, C, ctrl, P, p):
    """``Scripted.city``: the cheapest City site (then by land id), at home if any; -1 for none."""
    if not P[P_FOUND]:
        return -1
    spare = S[S_GOLD + p] - P[P_RESERVE]
    lands = np.empty(NL, np.int64)
    costs = np.empty(NL, np.int64)
    n = city_sites(S, C, ctrl, p, lands, costs)
    best = -1
    best_key = 1 << 40
    for home in (1, 0):
        for i in range(n):
            if costs[i] > spare or (home and C[C_PRINC + lands[i]] != p):
                continue
            key = costs[i] * 64 + C[C_RANK + lands[i]]
            if key < best_key:
                best_key = key
                best = lands[i]
        if best >= 0:
            break
    return best


@njit(cache=True)
def scripted_buildings(S, C, ctrl, P, p, gold, lands, kinds):
    """``Scripted.buildings``: (land, kind) pairs within ``gold``; returns how many."""
    nk = 0
    order = np.empty(MAXBUILD, np.int64)
    keys = np.empty(MAXBUILD, np.int64)
    for i in range(P[P_NBUILD]):
        k = P[P_BUILD + i]
        if S[S_SUPPLY + T_CASTLE + k - 1] > 0:
            order[nk] = k
            keys[nk] = S[S_PEOPLE + p] if k == 2 else (S[S_CLERGY + p] if k == 3 else 11)
            nk += 1
    for i in range(1, nk):  # stable insertion sort by the track the building raises
        x, kx = order[i], keys[i]
        j = i - 1
        while j >= 0 and keys[j] > kx:
            order[j + 1] = order[j]
            keys[j + 1] = keys[j]
            j -= 1
        order[j + 1] = x
        keys[j + 1] = kx
    sites = np.empty(NL, np.int64)
    ns = building_sites(S, C, ctrl, p, sites)
    nh = 0
    for i in range(ns):
        if C[C_PRINC + sites[i]] == p:
            nh += 1
    if nh:
        j = 0
        for i in range(ns):
            if C[C_PRINC + sites[i]] == p:
                sites[j] = sites[i]
                j += 1
        ns = nh
    for i in range(1, ns):  # by Might, highest first, then land id
        x = sites[i]
        j = i - 1
        while j >= 0 and (
            land_might(S, C, sites[j]) < land_might(S, C, x)
            or (land_might(S, C, sites[j]) == land_might(S, C, x) and C[C_RANK + sites[j]] > C[C_RANK + x])
        ):
            sites[j + 1] = sites[j]
            j -= 1
        sites[j + 1] = x
    cost = C[C_BUILD_COST]
    used = np.zeros(4, np.int64)
    n = 0
    head = 0
    for r in range(nk * P[P_MAXB]):
        kind = order[r % nk]
        if n >= P[P_MAXB] or head >= ns or gold - cost < P[P_RESERVE]:
            break
        if used[kind] >= S[S_SUPPLY + T_CASTLE + kind - 1]:
            continue
        used[kind] += 1
        lands[n] = sites[head]
        kinds[n] = kind
        head += 1
        n += 1
        gold -= cost
    return n


@njit(cache=True)
def scripted_politics(S, C, P, p):
    """``Scripted.politics``: COUNCIL, or the number of Court Cards to draw."""
    stand = np.empty((NP, 3), np.int64)
    positions_all(S, C, stand)
    mine = stand[p].copy()
    plays = np.empty((NC * 12, 2), np.int64)
    support_plan(S, C, p, mine, plays)
    leads = 0
    crowned = True
    for t in range(3):
        top = -(1 << 30)
        for q in range(NP):
            if q != p and not S[S_ELIM + q] and stand[q, t] > top:
                top = stand[q, t]
        leads += mine[t] >= top
        crowned = crowned and mine[t] >= C[C_TRACK_HI]
    needed = P[P_COUNCIL_LEADS] if P[P_COUNCIL_LEADS] else tracks_needed(S, C, p)
    if crowned or (leads >= needed and S[S_PRINCEPS] != p):
        return COUNCIL
    if C[C_NEIGHBORS]:
        return max(0, min(P[P_DRAW_COURT], C[C_POL_DRAWN] - P[P_NB_DRAWS]))
    return P[P_DRAW_COURT]


@njit(cache=True)
def raises(C, card, t):
    """The Court or Neighbor Card can raise track ``t`` (1 People, 2 Clergy)."""
    sym = C[C_CARDSYM + card]
    return sym == SYM_EITHER or sym == t


@njit(cache=True)
def scripted_council(S, C, P, p, host, plays):
    """``Scripted.council``: the host plays its support plan; a blocker pushes the host off People and Clergy."""
    stand = np.empty((NP, 3), np.int64)
    positions_all(S, C, stand)
    if host == p:
        mine = stand[p].copy()
        return support_plan(S, C, p, mine, plays)
    if not P[P_BLOCK]:
        return 0
    hand = np.zeros(NC, np.int64)
    lo = first_support_card(S, C, p) if C[C_TILES] else 3
    for c in range(lo, NC):  # Heralds of Peace: Battle Cards raise either track
        hand[c] = S[S_HAND + p * NC + c]
    n = 0
    for t in (1, 2):
        need = stand[host, t] - stand[p, t] + 1
        usable = 0
        for c in range(NC):
            if c < 3 or raises(C, c, t):  # Battle Cards only with Heralds of Peace (``hand`` holds them then)
                usable += hand[c]
        if 0 < need <= usable and stand[p, t] + need <= C[C_TRACK_HI]:
            for c in range(NC):
                if not (c < 3 or raises(C, c, t)):
                    continue
                while hand[c] > 0 and need > 0:
                    hand[c] -= 1
                    need -= 1
                    plays[n, 0] = c
                    plays[n, 1] = t
                    n += 1
    return n


@njit(cache=True)
def scripted_worth(S, C, P, F, p, action):
    if action == A_TAXES:
        return can_tax(S, C, p) and S[S_PEOPLE + p] > P[P_TAX_MIN]
    if action == A_ASSEMBLY:
        lands = np.empty(NL, np.int64)
        n, knights, footmen, _ = assembly_room(S, C, p, lands)
        return n > 0 and knights + footmen > 0 and on_map(S, p) < P[P_ARMY]
    if action == A_MOVEMENT:
        moves = np.empty((3 * NL, 4), np.int64)
        return scripted_target(S, C, P, F, p, moves)[0] >= 0
    if action == A_BUILDING:
        ctrl = np.empty(NL, np.int64)
        control_all(S, C, ctrl)
        if scripted_city(S, C, ctrl, P, p) >= 0:
            return True
        lands = np.empty(NL, np.int64)
        kinds = np.empty(NL, np.int64)
        return scripted_buildings(S, C, ctrl, P, p, S[S_GOLD + p], lands, kinds) > 0
    if action == A_POLITICS:
        return True
    if action == A_PROGRESS:
        if C[C_TILES]:  # printed tiles: a wished tile, or (``take_tiles``) a free space
            return wished(S, C, P, p) or (P[P_TAKE_TILES] != 0 and T.any_free(S, C, p))
        if not P[P_PROGRESS]:
            return False
        picks = np.empty((2 * MAXHELD + 24, 2), np.int64)
        return tile_picks(S, C, p, picks) > 0
    return False


@njit(cache=True)
def wished(S, C, P, p):
    """``Scripted.wished`` is not empty (printed tiles)."""
    return T.any_wished(S, C, p, P[P_RANK : P_RANK + NTILES], P[P_NWISH])


@njit(cache=True)
def scripted_plan(S, C, P, F, p, plan):
    np_ = P[P_NPRIO]
    prio = P[P_PRIO : P_PRIO + MAXPRIO + 1]  # a view; only its first np_ entries are read unless copied below
    wish = False
    if C[C_TILES]:
        wish = wished(S, C, P, p)
    if wish:  # a wanted tile is on the Market: Progress moves up to progress_rank
        prio = prio.copy()
        m = 0
        for i in range(np_):
            if prio[i] != A_PROGRESS:
                prio[m] = prio[i]
                m += 1
        at = min(P[P_PROGRESS_RANK], m)
        for i in range(m, at, -1):
            prio[i] = prio[i - 1]
        prio[at] = A_PROGRESS
        np_ = m + 1
    n = 0
    for i in range(np_):
        a = prio[i]
        dup = False
        for j in range(n):
            dup = dup or plan[j] == a
        if dup:
            continue
        if C[C_TILES] and a == A_PROGRESS:  # ``worth`` with the wish above
            worth = wish or (P[P_TAKE_TILES] != 0 and T.any_free(S, C, p))
        else:
            worth = scripted_worth(S, C, P, F, p, a)
        if worth:
            plan[n] = a
            n += 1
            if n == 3:
                break
    for i in range(np_ + 6):
        if n == 3:
            break
        a = prio[i] if i < np_ else i - np_
        dup = False
        for j in range(n):
            dup = dup or plan[j] == a
        if not dup:
            plan[n] = a
            n += 1
    if P[P_LATE] and S[S_ROUND] >= S[S_FINAL]:
        for j in range(2):
            if plan[j] == A_POLITICS:
                plan[j], plan[j + 1] = plan[j + 1], plan[j]


# --- random-legal (strategies/principes/random_legal.py) --------------------------------------------------------


@njit(cache=True)
def random_plan(rs, plan):
    pool = np.arange(6)
    for i in range(3):  # random.sample: 3 distinct actions in a random order
        j = i + rand_below(rs, 6 - i)
        pool[i], pool[j] = pool[j], pool[i]
        plan[i] = pool[i]


@njit(cache=True)
def random_moves(S, C, F, p, rs, moves):
    """``RandomLegal.movement``: each group moves with probability move_share to a random reachable land."""
    st = np.empty((3 * NL, 3), np.int64)
    ns = stacks(S, C, p, st)
    reach = np.empty(NL, np.int64)
    nm = 0
    for i in range(ns):
        if rand_float(rs) >= F[F_MOVE_SHARE]:
            continue
        n = reachable(S, C, p, st[i, 0], move_points(S, C, p, st[i, 1]), reach)
        if n == 0:
            continue
        dest = choose_land(C, reach, n, rs)
        moves[nm, 0] = st[i, 0]
        moves[nm, 1] = st[i, 1]
        moves[nm, 2] = 1 + rand_below(rs, st[i, 2])
        moves[nm, 3] = dest
        nm += 1
    return nm


@njit(cache=True)
def random_building(S, C, p, rs, lands, kinds):
    """``RandomLegal.building`` → (City land or -1, number of buildings)."""
    gold = S[S_GOLD + p]
    city = -1
    ctrl = np.empty(NL, np.int64)
    control_all(S, C, ctrl)
    sl = np.empty(NL, np.int64)
    sc = np.empty(NL, np.int64)
    n = city_sites(S, C, ctrl, p, sl, sc)
    if n and rand_float(rs) < 0.5:
        i = rand_below(rs, n)
        city = sl[i]
        gold -= sc[i]
    free = np.empty(NL, np.int64)
    nf = building_sites(S, C, ctrl, p, free)
    avail = np.empty(3, np.int64)
    na = 0
    for k in range(1, 4):
        if S[S_SUPPLY + T_CASTLE + k - 1] > 0:
            avail[na] = k
            na += 1
    cost = C[C_BUILD_COST]
    nb = 0
    tl = np.empty(2, np.int64)
    tk = np.empty(2, np.int64)
    for _ in range(rand_below(rs, 3)):
        if nf == 0 or na == 0 or gold < cost:
            break
        i = rand_below(rs, nf)
        tl[nb] = free[i]
        for j in range(i, nf - 1):
            free[j] = free[j + 1]
        nf -= 1
        tk[nb] = avail[rand_below(rs, na)]
        nb += 1
        gold -= cost
    n_ok = 0
    seen = np.zeros(4, np.int64)
    for i in range(nb):  # two of a kind with one token left: keep the first
        seen[tk[i]] += 1
        if seen[tk[i]] <= S[S_SUPPLY + T_CASTLE + tk[i] - 1]:
            lands[n_ok] = tl[i]
            kinds[n_ok] = tk[i]
            n_ok += 1
    return city, n_ok


@njit(cache=True)
def random_council(S, C, F, p, rs, plays):
    n = 0
    lo = first_support_card(S, C, p) if C[C_TILES] else 3
    for card in range(lo, NC):  # Heralds of Peace: Battle Cards (either track)
        for _ in range(S[S_HAND + p * NC + card]):
            if rand_float(rs) < F[F_PLAY_SHARE]:
                sym = C[C_CARDSYM + card]
                if sym == SYM_CLERGY:
                    t = 2 + rand_below(rs, 1)  # rng.choice of one track still draws
                elif sym == SYM_PEOPLE:
                    t = 1 + rand_below(rs, 1)
                else:
                    t = 1 + rand_below(rs, 2)
                plays[n, 0] = card
                plays[n, 1] = t
                n += 1
    return n
