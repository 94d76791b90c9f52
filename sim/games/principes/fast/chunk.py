"""Whole games and the chunk kernel: ``driver.play_game`` and ``experiment.play_chunk`` over the compiled engine.

``play_games`` plays games ``start .. start+count-1``; game ``i`` seeds its stream with ``trial_state(key, i)`` and
draws only from it, so results do not depend on chunking or workers. It returns one int64 row per game
(columns ``COLUMNS``). ``play_chunk`` turns the rows into the same counts and per-game rows as the reference
``experiment.play_chunk``. With ``debug`` every action is followed by ``kernels.violations`` (the ``bad`` column
ORs the bits; 0 when every invariant held).
"""

from __future__ import annotations

import functools
import json

import numpy as np
from numba import njit

from sim.games.principes.fast import history as H
from sim.games.principes.fast import kernels as K
from sim.games.principes.fast import neighbors as NB
from sim.games.principes.fast import princesses as PR
from sim.games.principes.fast import tiles as T
from sim.games.principes.fast.layout import (
    A_ASSEMBLY,
    A_BUILDING,
    A_MOVEMENT,
    A_POLITICS,
    A_PROGRESS,
    A_TAXES,
    C_CAPITAL,
    C_COURT,
    C_COURT_GOLD,
    C_HISTORY,
    C_KNIGHT_COST,
    C_NEIGHBORS,
    C_PRINCESSES,
    C_TILES,
    C_TILES_PER_PERIOD,
    MAXHELD,
    NC,
    NL,
    NP,
    NTILES,
    S_CLERGY,
    S_CLOCKWISE,
    S_ELIM,
    S_GOLD,
    S_HAND,
    S_PEOPLE,
    S_PRINCEPS,
    S_ROUND,
    S_SIZE,
    TK_NEW_MECHANISMS,
    compile_constants,
    to_state_vector,
)
from sim.games.principes.fast.strategies import (
    COUNCIL,
    F_COURT_SHARE,
    NPF,
    NPI,
    P_COURT_BEFORE,
    P_COURT_MAX,
    P_DESTROY,
    P_INDULGENCE,
    P_KIND,
    P_NEWMECH,
    P_NWISH,
    P_PROGRESS,
    P_RANK,
    P_RESERVE,
    P_SELL,
    P_TAKE_TILES,
    P_TAX_MIN,
    RANDOM,
    SCRIPTED,
    assembly_room,
    compile_strategy,
    random_building,
    random_council,
    random_moves,
    random_plan,
    scripted_buildings,
    scripted_city,
    scripted_council,
    scripted_plan,
    scripted_politics,
    scripted_target,
    scripted_worth,
    wished,
)
from sim.rng import trial_state

COLUMNS = (
    "winner",
    "win_type",
    "rounds",
    "actions",
    "bad",
    *[f"strategy_{j}" for j in range(NP)],
    *[f"{t}_{j}" for t in ("might", "people", "clergy", "gold", "eliminated") for j in range(NP)],
)
COL = {name: i for i, name in enumerate(COLUMNS)}


@njit(cache=True)
def perform(S, C, P, F, sid, p, action, rs):
    """``driver.perform``: the strategy of ``p`` (row ``sid[p]`` of ``P``/``F``) carries out ``action``; with the
    printed tiles, New Mechanisms may turn Progress into another action, and the tiles that fire on an action
    performed (the reference's ``out is not state``) follow it (``tiles.after_action``). One function: a call per
    action passing the arrays costs measurably."""
    Pp = P[sid[p]]
    Fp = F[sid[p]]
    scripted = Pp[P_KIND] == SCRIPTED
    if C[C_TILES] and action == A_PROGRESS and K.holds(S, C, p, TK_NEW_MECHANISMS):
        if not scripted:  # rng.choice of the 5 other actions with probability 1/2
            if K.rand_float(rs) < 0.5:
                action = 1 + K.rand_below(rs, 5)
        else:
            alt = Pp[P_NEWMECH]
            if alt >= 0 and not wished(S, C, Pp, p) and scripted_worth(S, C, Pp, Fp, p, alt):
                action = alt
    performed = False
    court_played = 0
    if scripted and action == A_BUILDING and Pp[P_SELL]:
        for card in range(3):
            while S[S_HAND + p * NC + card] > 0:
                K.trade_for_gold(S, C, p, card)
    if C[C_COURT]:  # Court Cards played for their text effect before the action (``driver.perform``)
        for card in range(3, 6):  # court.clergy, court.either, court.people: the sorted hand
            n = S[S_HAND + p * NC + card]
            if scripted:
                if not (Pp[P_COURT_BEFORE] >> action) & 1:
                    break
                n = min(n, Pp[P_COURT_MAX] - court_played)
            for _ in range(n):
                if scripted or K.rand_float(rs) < Fp[F_COURT_SHARE]:
                    K.discard(S, p, card)
                    S[S_GOLD + p] += min(C[C_COURT_GOLD], K.gold_in_supply(S, C))
                    court_played += 1
    if action == A_TAXES:
        ok = K.can_tax(S, C, p)
        if scripted:
            ok = ok and S[S_PEOPLE + p] > Pp[P_TAX_MIN]
        if ok:
            K.taxes(S, C, p)
        performed = ok
    elif action == A_ASSEMBLY:
        lands = np.empty(NL, np.int64)
        n, knights, footmen, cap = assembly_room(S, C, p, lands)
        if n == 0:
            return
        if not scripted:
            k = K.rand_below(rs, min(knights, cap) + 1)
            f = K.rand_below(rs, min(footmen, cap - k) + 1)
            land = lands[K.rand_below(rs, n)]
        else:
            cost = C[C_KNIGHT_COST]
            spare = max(0, S[S_GOLD + p] - Pp[P_RESERVE])
            k = min(knights, cap, spare // cost if cost else cap)
            f = min(footmen, cap - k)
            land = lands[0]
            for i in range(n):
                if lands[i] == C[C_CAPITAL + p]:
                    land = lands[i]
        K.assemble(S, C, p, land, k, f)
        performed = True
    elif action == A_MOVEMENT:
        moves = np.empty((3 * NL, 4), np.int64)
        destroy = -1
        if not scripted:
            nm = random_moves(S, C, Fp, p, rs, moves)
            indulgence = K.rand_float(rs) < 0.5
        else:
            best, nm = scripted_target(S, C, Pp, Fp, p, moves)
            if best < 0:
                return
            indulgence = Pp[P_INDULGENCE] != 0
            if Pp[P_DESTROY]:
                destroy = best
        if nm == 0:
            return
        K.move(S, C, p, moves, nm, rs, indulgence, destroy)
        performed = True
    elif action == A_BUILDING:
        lands = np.empty(NL, np.int64)
        kinds = np.empty(NL, np.int64)
        if not scripted:
            city, nb = random_building(S, C, p, rs, lands, kinds)
        else:
            ctrl = np.empty(NL, np.int64)
            K.control_all(S, C, ctrl)
            city = scripted_city(S, C, ctrl, Pp, p)
            gold = S[S_GOLD + p] - (K.city_cost(S, C, city) if city >= 0 else 0)
            nb = scripted_buildings(S, C, ctrl, Pp, p, gold, lands, kinds)
        if city >= 0 or nb > 0:
            K.build(S, C, p, city, lands, kinds, nb)
            performed = True
    elif action == A_POLITICS:
        if C[C_NEIGHBORS]:  # Neighbor Cards played "before your Politics Action" (``neighbors.before_politics``)
            NB.before_politics(S, C, P, F, sid, p, rs)
        if not scripted:
            choice = COUNCIL if K.rand_float(rs) < 0.5 else K.rand_below(rs, 4)
        else:
            choice = scripted_politics(S, C, Pp, p)
        if choice == COUNCIL:
            plays = np.empty((NP, 32, 2), np.int64)
            nplays = np.zeros(NP, np.int64)
            order = np.empty(NP, np.int64)
            no = K.turn_order(S, C, order)
            for o in range(no):
                q = order[o]
                if P[sid[q], P_KIND] == RANDOM:
                    nplays[q] = random_council(S, C, F[sid[q]], q, rs, plays[q])
                else:
                    nplays[q] = scripted_council(S, C, P[sid[q]], q, p, plays[q])
            K.council(S, C, p, plays, nplays)
        else:
            K.politics_draw(S, C, p, rs, choice, scripted)
        performed = True
    elif action == A_PROGRESS:
        if C[C_TILES]:  # the printed tiles
            rank = Pp[P_RANK : P_RANK + NTILES]
            performed = T.progress_action(S, C, p, rs, scripted, rank, Pp[P_NWISH], Pp[P_TAKE_TILES] != 0)
        else:
            picks = np.empty((2 * MAXHELD + 24, 2), np.int64)
            for _ in range(K.period(S, C) * C[C_TILES_PER_PERIOD]):
                n = K.tile_picks(S, C, p, picks)
                pick = -1
                if not scripted:
                    if n:
                        pick = K.rand_below(rs, n)
                elif Pp[P_PROGRESS]:
                    for i in range(n):
                        if picks[i, 1] < 0:
                            pick = i
                            break
                if pick < 0:
                    break
                K.take_tile(S, C, p, picks[pick, 0], picks[pick, 1], True)
    if performed and C[C_TILES]:
        T.after_action(S, C, p, action, rs)


@njit(cache=True)
def play_game(S0, C, P, F, sid, rs, S, debug, trace, tn):
    """``driver.play_game``: returns (winner or -1, win type, Rounds begun, actions, violation bits). ``trace``
    (m, S_SIZE): the state after each of the first m events (an action, or a Round's History icons: the driver's
    ``on_action`` and ``on_history``), ``tn[0]`` how many were kept (m = 0: none)."""
    K.new_game(S0, C, rs, S)
    if C[C_HISTORY]:
        H.deal(S, C, rs)
    tn[0] = 0
    actions = 0
    rounds_begun = 0
    bad = 0
    order = np.empty(NP, np.int64)
    plans = np.empty((NP, 3), np.int64)
    winner, wt = K.result(S)
    while wt < 0:
        rounds_begun = S[S_ROUND]
        princeps = S[S_PRINCEPS]
        if P[sid[princeps], P_KIND] == RANDOM:
            S[S_CLOCKWISE] = K.rand_float(rs) < 0.5
        if C[C_PRINCESSES]:  # missions at a Period's start, else their work at the courts
            PR.round_start(S, C, P, F, sid, rs)
        no = K.turn_order(S, C, order)
        for o in range(no):
            q = order[o]
            if P[sid[q], P_KIND] == RANDOM:
                random_plan(rs, plans[q])
            else:
                scripted_plan(S, C, P[sid[q]], F[sid[q]], q, plans[q])
        for slot in range(3):
            for o in range(no):
                q = order[o]
                if S[S_ELIM + q]:
                    continue
                perform(S, C, P, F, sid, q, plans[q, slot], rs)
                if C[C_PRINCESSES]:
                    PR.sweep(S, C)  # a Capital taken over loses its Princess
                actions += 1
                if tn[0] < trace.shape[0]:
                    trace[tn[0]] = S
                    tn[0] += 1
                if debug:
                    bad |= K.violations(S, C, S0)
                winner, wt = K.result(S)
                if wt >= 0:
                    break
            if wt >= 0:
                break
        if wt < 0 and H.history_due(S):  # no icons in the final Round
            H.resolve_icons(S, C, P, F, sid, rs)
            if C[C_PRINCESSES]:
                PR.sweep(S, C)
            if tn[0] < trace.shape[0]:
                trace[tn[0]] = S
                tn[0] += 1
            if debug:
                bad |= K.violations(S, C, S0)
            winner, wt = K.result(S)
        if wt < 0:
            K.end_round(S, C)
            winner, wt = K.result(S)
    return winner, wt, rounds_begun, actions, bad


@njit(cache=True)
def play_games(S0, C, P, F, seats, rotate, key, start, count, debug, out):
    """Games ``start .. start+count-1`` into ``out`` (count, len(COLUMNS)) int64; ``seats`` (NP,) strategy ids."""
    S = np.empty(S_SIZE, np.int64)
    rs = np.empty(1, np.uint64)
    sid = np.empty(NP, np.int64)
    trace = np.empty((0, S_SIZE), np.int64)
    tn = np.zeros(1, np.int64)
    for g in range(count):
        game = start + g
        shift = game % NP if rotate else 0
        for j in range(NP):
            sid[j] = seats[(j + shift) % NP]
        rs[0] = trial_state(key, game)
        winner, wt, rounds, actions, bad = play_game(S0, C, P, F, sid, rs, S, debug, trace, tn)
        row = out[g]
        row[0] = winner
        row[1] = wt
        row[2] = rounds
        row[3] = actions
        row[4] = bad
        for j in range(NP):
            row[5 + j] = sid[j]
            row[9 + j] = 0 if S[S_ELIM + j] else K.might(S, C, j)
            row[13 + j] = S[S_PEOPLE + j]
            row[17 + j] = S[S_CLERGY + j]
            row[21 + j] = S[S_GOLD + j]
            row[25 + j] = S[S_ELIM + j]


@functools.lru_cache(maxsize=8)
def _compiled(overrides: tuple[tuple[str, str], ...], specs: str, history: bool = False, modules: tuple = ()):
    """(S0, C, P, F) for game.yaml ``overrides``, the strategy ``specs`` (JSON of [(uses, params)]), ``history``
    (the History Cards played) and the optional ``modules`` on (``court``, ``princesses``, ``neighbors``, ``tiles``)."""
    from sim.games.principes.fast.dispatch import FAST_MODULES
    from sim.games.principes.fast.layout import Unsupported
    from sim.games.principes.game.setup import initial_state, load_game_rules
    from sim.games.principes.map import load_board

    other = sorted(set(modules) - set(FAST_MODULES))
    if other:
        raise Unsupported(f"optional modules the fast engine does not play: {', '.join(other)}")
    board = load_board()
    rules = load_game_rules(overrides={k: json.loads(v) for k, v in overrides})
    on = "neighbors" in modules
    c = compile_constants(board, rules, history, "court" in modules, "princesses" in modules, on, "tiles" in modules)
    start = initial_state(board, rules)
    if on:
        from sim.games.principes.game import neighbors

        start = neighbors.enable(start)  # the Neighbor deck by card identity, before the hands are dealt
    s0 = to_state_vector(start)
    rows = [compile_strategy(uses, params) for uses, params in json.loads(specs)]
    p = np.array([r[0] for r in rows], np.int64).reshape(len(rows), NPI)
    f = np.array([r[1] for r in rows], np.float64).reshape(len(rows), NPF)
    return s0, c, p, f


def compiled(payload):
    specs = json.dumps([[u, p] for u, p in payload.specs], sort_keys=True)
    history = bool(getattr(payload, "history", False))
    return _compiled(payload.rules, specs, history, tuple(sorted(getattr(payload, "variants", ()))))


def check_supported(payload) -> None:
    """Raise ``layout.Unsupported`` when the fast engine cannot play ``payload`` (an ``experiment.Experiment``)."""
    compiled(payload)


def run_games(payload, key, start: int, count: int, debug: bool = False) -> np.ndarray:
    """The per-game table (count, len(COLUMNS)) int64 for games ``start .. start+count-1``."""
    s0, c, p, f = compiled(payload)
    out = np.zeros((count, len(COLUMNS)), np.int64)
    seats = np.array(payload.seats, np.int64)
    play_games(s0, c, p, f, seats, bool(payload.rotate), np.uint64(key), int(start), int(count), debug, out)
    return out


def play_chunk(payload, key, start: int, count: int, keep_rows: bool):
    """``experiment.play_chunk`` on the fast engine: the same counts and rows."""
    from sim.games.principes.driver import WIN_TYPES
    from sim.games.principes.experiment import MAX_ROUNDS, TRACK_COLUMNS

    t = run_games(payload, key, start, count)
    f, s = len(payload.factions), len(payload.labels)
    winner, wt, rounds, actions = t[:, 0], t[:, 1], t[:, 2], t[:, 3]
    ids = t[:, 5:9]
    tracks = {name: t[:, COL[f"{name}_0"] : COL[f"{name}_0"] + NP] for name in (*TRACK_COLUMNS, "eliminated")}
    won = winner >= 0
    strategy_wins = np.zeros((s, f), np.int64)
    np.add.at(strategy_wins, (ids[won, winner[won]], winner[won]), 1)
    strategy_games = np.zeros((s, f), np.int64)
    for j in range(f):
        np.add.at(strategy_games[:, j], ids[:, j], 1)
    counts = {
        "wins": np.bincount(winner[won], minlength=f).astype(np.int64),
        "draws": np.array([int((~won).sum())], np.int64),
        "win_type": np.bincount(wt, minlength=len(WIN_TYPES)).astype(np.int64),
        "rounds_hist": np.bincount(rounds, minlength=MAX_ROUNDS + 1).astype(np.int64),
        "actions": np.array([int(actions.sum())], np.int64),
        "actions_sq": np.array([int((actions * actions).sum())], np.int64),
        "illegal": np.zeros(1, np.int64),
        "eliminated": tracks["eliminated"].sum(axis=0).astype(np.int64),
        "strategy_wins": strategy_wins,
        "strategy_games": strategy_games,
        **{f"final_{name}": tracks[name].sum(axis=0).astype(np.int64) for name in TRACK_COLUMNS},
    }
    rows = None
    if keep_rows:
        rows = {
            "winner": winner.astype(np.int8),
            "win_type": wt.astype(np.int8),
            "rounds": rounds.astype(np.int8),
            "actions": actions.astype(np.int16),
            **{f"strategy_{p}": ids[:, j].astype(np.int8) for j, p in enumerate(payload.factions)},
            **{
                f"{name}_{p}": tracks[name][:, j].astype(np.int16)
                for name in TRACK_COLUMNS
                for j, p in enumerate(payload.factions)
            },
            **{f"eliminated_{p}": tracks["eliminated"][:, j].astype(np.bool_) for j, p in enumerate(payload.factions)},
        }
    return counts, rows


def trace_game(payload, key, game: int, max_actions: int = 200):
    """Play game ``game`` alone and keep the state after every action and every Round's History icons: (result
    tuple, states (events, S_SIZE))."""
    s0, c, p, f = compiled(payload)
    shift = game % NP if payload.rotate else 0
    sid = np.array([payload.seats[(j + shift) % NP] for j in range(NP)], np.int64)
    rs = np.array([trial_state(np.uint64(key), game)], np.uint64)
    s = np.empty(S_SIZE, np.int64)
    trace = np.zeros((max_actions, S_SIZE), np.int64)
    tn = np.zeros(1, np.int64)
    res = play_game(s0, c, p, f, sid, rs, s, True, trace, tn)
    return res, trace[: tn[0]]
