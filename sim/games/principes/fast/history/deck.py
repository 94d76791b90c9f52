"""The History deck and the Round's icons, compiled: the twin of ``game.history.deck``.

``deal`` draws the deck as ``random.sample`` does (per Period, ``dealt_per_period`` of its cards); ``resolve_icons``
resolves the revealed card's icons top first at a Round's end, stopping once the game is won. Each icon's players'
choices are asked of their policies (``policy.hooks``) in turn order and applied by the icon's module.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.principes.fast.control import retrack, support_all
from sim.games.principes.fast.history import (
    balt_raid,
    council,
    division,
    invaders,
    mongols,
    release,
    teutonic,
    urbanization,
)
from sim.games.principes.fast.policy import hooks
from sim.games.principes.fast.state import (
    F_LITHUANIANS,
    F_MONGOLS,
    F_PRUSSIANS,
    F_TEUTONIC,
    NHCARDS,
    NL,
    NP,
    T_DIVISION,
)
from sim.games.principes.fast.stream import rand_below
from sim.games.principes.fast.turn_order import turn_order
from sim.games.principes.fast.victory import result

I_DIVISION, I_URBANIZATION, I_RELEASE, I_COUNCIL, I_BALT, I_TEUTONIC, I_MONGOLS = range(7)  # ``setup.ICONS``
MAXPLAYS = 32  # support cards one player plays at a Council


@njit(cache=True)
def deal(S, C, rs):
    """``deck.deal``: per Period, ``random.sample`` of its cards (history.yaml order) as the lockstep stream draws."""
    pool = np.empty(NHCARDS, np.int64)
    n = 0
    for per in range(1, C.periods + 1):
        m = 0
        for j in range(NHCARDS):
            if C.hcard[j, 0] == per:
                pool[m] = j
                m += 1
        k = C.hdealt
        for i in range(k):
            j = i + rand_below(rs, m - i)
            pool[i], pool[j] = pool[j], pool[i]
        for i in range(k):
            S.history[n] = pool[i]
            n += 1
    S.history_n = n


@njit(cache=True)
def due(S, C):
    """``deck.due``: History on and not the final Round (``rounds.is_last_round``; history.yaml
    ``deck.resolve_in_final_round``)."""
    return S.history_n > 0 and (S.round < S.final_round or C.resolve_final != 0)


@njit(cache=True)
def resolve_division(S, C, P, F, sid, rs):
    """``division.resolve``: each player in turn order may place a token, while the pool lasts."""
    order = np.empty(NP, np.int64)
    no = turn_order(S, C, order)
    for o in range(no):
        q = order[o]
        if S.supply[T_DIVISION] <= 0:
            break
        land = hooks.history_division(S, C, P, sid, q, rs)
        if land >= 0:
            division.place(S, C, land)


@njit(cache=True)
def resolve_urbanization(S, C, P, F, sid, rs):
    """``urbanization.resolve``: each player in turn order may found a free City."""
    order = np.empty(NP, np.int64)
    no = turn_order(S, C, order)
    for o in range(no):
        q = order[o]
        land = hooks.history_urbanization(S, C, P, sid, q, rs)
        if land >= 0:
            urbanization.found(S, C, land)


@njit(cache=True)
def resolve_release(S, C, P, F, sid, rs):
    """``release.resolve``: each player in turn order must send one Footman or Knight home."""
    order = np.empty(NP, np.int64)
    no = turn_order(S, C, order)
    opts = np.empty((2 * NL, 2), np.int64)
    for o in range(no):
        q = order[o]
        n = release.candidates(S, q, opts)
        if n == 0:
            continue
        pick = hooks.history_release(S, C, P, sid, q, rs, opts, n)
        release.remove(S, C, q, opts[pick, 0], opts[pick, 1])


@njit(cache=True)
def resolve_council(S, C, P, F, sid, rs):
    """``council.resolve``: each player plays what it would at its own Council, chosen on the state before it."""
    order = np.empty(NP, np.int64)
    no = turn_order(S, C, order)
    plays = np.empty((NP, MAXPLAYS, 2), np.int64)
    nplays = np.zeros(NP, np.int64)
    for o in range(no):
        q = order[o]
        nplays[q] = hooks.council(S, C, P, F, sid, q, q, rs, plays[q])
    council.common_council(S, C, plays, nplays)


@njit(cache=True)
def resolve_balt(S, C, P, F, sid, rs):
    """``balt_raid.resolve``: the Princeps moves the Prussians, then the Lithuanians (only they with the Teutonic
    Knights on the Map)."""
    moves = np.empty((invaders.MAXGROUPS, 4), np.int64)
    blocked = balt_raid.prussians_blocked(S)
    for tribe in (F_PRUSSIANS, F_LITHUANIANS):
        if tribe == F_PRUSSIANS and blocked:
            continue
        nm = hooks.history_invaders(S, C, P, F, sid, S.princeps, tribe, C.inv_n[tribe - F_PRUSSIANS], rs, moves)
        balt_raid.raid(S, C, tribe, moves, nm, rs)


@njit(cache=True)
def resolve_teutonic(S, C, P, F, sid, rs):
    """``teutonic.resolve``: not yet called, the symbol land's holder may call them; on the Map
    (``teutonic.present``), the Princeps raids."""
    if not S.teutonic:
        who = teutonic.caller(S, C)
        if who >= 0 and hooks.history_teutonic(S, C, P, sid, who, rs):
            teutonic.call(S, C, who)
        return
    if invaders.on_map(S, F_TEUTONIC):
        moves = np.empty((invaders.MAXGROUPS, 4), np.int64)
        nm = hooks.history_invaders(S, C, P, F, sid, S.princeps, F_TEUTONIC, 0, rs, moves)
        teutonic.raid(S, C, moves, nm, rs)


@njit(cache=True)
def resolve_mongols(S, C, P, F, sid, rs):
    """``mongols.resolve`` / ``mongols.invade``: each player in turn order moves the Mongols until every player has
    or none is left; the survivors leave the Map."""
    n = mongols.wave_size(S, C)
    S.mongol_waves += 1
    if n == 0:
        return
    people0 = np.empty(NP, np.int64)
    clergy0 = np.empty(NP, np.int64)
    support_all(S, C, people0, clergy0)
    order = np.empty(NP, np.int64)
    no = turn_order(S, C, order)
    moves = np.empty((invaders.MAXGROUPS, 4), np.int64)
    stock = n
    for o in range(no):
        q = order[o]
        if S.eliminated[q]:
            continue
        if stock == 0 and not invaders.on_map(S, F_MONGOLS):
            break
        nm = hooks.history_invaders(S, C, P, F, sid, q, F_MONGOLS, stock, rs, moves)
        invaders.move(S, C, F_MONGOLS, moves, nm, rs)
        for i in range(nm):
            if moves[i, 0] < 0:
                stock -= moves[i, 2]
    invaders.leave(S, C, F_MONGOLS)
    retrack(S, C, people0, clergy0)


@njit(cache=True)
def resolve_icons(S, C, P, F, sid, rs):
    """``deck.resolve_icons``: the revealed card's icons (``deck.revealed``), top first (the caller checks ``due``);
    stops once the game is won."""
    card = S.history[(S.round - 1) % S.history_n]
    for i in range(C.hcard[card, 1]):
        icon = C.hcard[card, 2 + i]
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
        winner, wt = result(S)
        if wt >= 0:
            break
