"""Solo games on the compiled engine: the twin of ``solo_experiment.play_chunk`` (``mode: solo``).

``run_games`` plays games ``start .. start+count-1`` of a ``SoloExperiment`` into its per-game table
(``solo_experiment.COLUMNS``); game ``i`` plays the deal ``g = i // k`` of the ``k`` difficulty levels on the stream
``trial_state(key, g)``, as the reference does (common random numbers across the levels). The tables are the
experiment's solo rule set (``game.solo.solo_rules``: solo.yaml's overrides and the experiment's) compiled by
``setup.compile_tables`` with the solo values on top (``solo_tables``); the starting position of each Principality
is ``game.solo.new_solo_game``'s deployment (``solo_start``: ``solo._non_player_setup`` in Python; the solo values
are ``solo.solo_values`` of ``solo.solo_rules``).
"""

from __future__ import annotations

import json

import numpy as np
from numba import njit

from sim import numba_cache
from sim.games.principes.fast.policy.params import NPF, NPI, compile_strategy
from sim.games.principes.fast.policy.solo import capitals_held
from sim.games.principes.fast.politics import positions_all
from sim.games.principes.fast.setup import compile_tables
from sim.games.principes.fast.solo import distances, play_solo, score
from sim.games.principes.fast.state import CARD_KINDS, NL, NP, STATE, Unsupported, to_state
from sim.games.principes.game import neighbors as game_neighbors
from sim.games.principes.game import solo as game_solo
from sim.games.principes.game.setup import initial_state
from sim.rng import trial_state

NCOLS = 13  # ``solo_experiment.COLUMNS``


def modules(payload) -> frozenset[str]:
    """The optional rules a solo game plays: the Neighbor Cards always (the cyclical activation), the rest as asked."""
    on = {"neighbors"}
    on |= {"history"} if payload.history else set()
    on |= {"princesses"} if payload.princesses else set()
    on |= {"tiles"} if payload.tiles else set()
    return frozenset(on)


def solo_tables(rules, on: frozenset[str]) -> np.ndarray:
    """The ``setup.TABLES`` record of a solo game: ``compile_tables`` of the solo rule set, with solo.yaml's
    values (``C.solo_*``), its starting cards, and one copy of each printed tile."""
    c, _ = compile_tables(rules, on)
    c = c.copy()
    v = game_solo.solo_values(rules)
    c["solo"][0] = 1
    for d, level in enumerate(game_solo.DIFFICULTIES):
        for a, action in enumerate(game_solo.COMBINED):
            c["solo_count"][0][d, a] = v["difficulty"][level][action]
    comb, act, hist = v["combined"], v["activation"], v["history"]
    if comb["movement_knights"] != 2:
        raise Unsupported("the fast engine activates Knights in pairs (solo.yaml combined.movement_knights: 2)")
    c["solo_asm_units"][0] = comb["assembly_units"]
    c["solo_knights"][0] = comb["movement_knights"]
    c["solo_capitals"][0] = v["victory"]["capitals"]
    c["solo_exit"][0] = act["exit_cost"]
    queue, none = np.empty(NL, np.int64), np.zeros(NL, np.int64)
    for land in range(NL):  # the board's steps, once: every activation reads them
        distances(c[0], land, none, c["solo_dist"][0][land], queue)
    c["solo_after_battle"][0] = act["destroy_after_battle"]
    c["solo_ruin_nb"][0] = act["destroy"]["neighbors"]
    c["solo_division"][0] = hist["division_tokens"]
    c["solo_mongol_acts"][0] = hist["mongol_activations"]
    c["solo_teutonic_block"][0] = hist["teutonic_block_prussians"]
    for t, kind in enumerate(CARD_KINDS):
        c["start_cards"][0][t] = v["setup"]["starting_cards"].get(kind, 0)
    if "tiles" in on:
        c["copies"][0] = 1  # "only half of the Progress tiles are used - ensuring that no duplicates are included"
    return c


def solo_start(rules, player: str) -> np.ndarray:
    """``game.solo.new_solo_game``'s deployment before the deal (a ``STATE`` record): the player's 5 units and gold,
    every other Principality's full complement, the Neighbor deck by card identity."""
    state = game_solo._non_player_setup(initial_state(rules.board, rules), player)
    state.gold[player] = game_solo.solo_values(state.rules)["setup"]["starting_gold"]
    return to_state(game_neighbors.enable(state))


_COMPILED: dict[tuple, tuple] = {}


def compiled(payload):
    """(starts (NP,) ``STATE`` records by Principality, tables, P, F, Principality indices, levels) of a
    ``SoloExperiment``; cached."""
    specs = json.dumps([[u, p] for u, p in payload.specs], sort_keys=True)
    key = (payload.rules, specs, modules(payload), payload.principalities, payload.difficulties)
    if key not in _COMPILED:
        rules = game_solo.solo_rules(tuple((k, json.loads(v)) for k, v in payload.rules))
        c = solo_tables(rules, modules(payload))
        starts = np.concatenate([solo_start(rules, p) for p in rules.board.principalities])
        rows = [compile_strategy(uses, params, rules, solo=True) for uses, params in json.loads(specs)]
        p = np.array([r[0] for r in rows], np.int64).reshape(len(rows), NPI)
        f = np.array([r[1] for r in rows], np.float64).reshape(len(rows), NPF)
        where = np.array([rules.board.principalities.index(x) for x in payload.principalities], np.int64)
        levels = np.array([game_solo.DIFFICULTIES.index(d) for d in payload.difficulties], np.int64)
        _COMPILED[key] = (starts, c, p, f, where, levels)
    return _COMPILED[key]


@njit(cache=True)
def play_games(starts, Ca, P, F, where, levels, key, start, count, out):
    """``solo_experiment.play_chunk``'s loop: one row of ``solo_experiment.COLUMNS`` per game into ``out``."""
    C = Ca[0]
    Sa = np.empty(1, starts.dtype)
    rs = np.empty(1, np.uint64)
    sid = np.zeros(NP, np.int64)
    trace = np.empty(0, starts.dtype)
    tn = np.zeros(1, np.int64)
    k, n_p, n_s = levels.shape[0], where.shape[0], P.shape[0]
    for gi in range(count):
        i = start + gi
        d, g = i % k, i // k
        p, s = g % n_p, (g // n_p) % n_s
        me = where[p]
        sid[me] = s
        rs[0] = trial_state(key, g)
        outcome, begun, actions = play_solo(starts[me], C, P, F, sid, me, levels[d], rs, Sa, trace, tn)
        solo_row(Sa[0], C, me, d, p, s, outcome, begun, actions, out[gi])


@njit(cache=True)
def solo_row(S, C, me, d, p, s, outcome, begun, actions, row):
    """One row of ``solo_experiment.COLUMNS`` for the game that ended in ``S``."""
    stand = np.empty((NP, 3), np.int64)
    positions_all(S, C, stand)
    row[0], row[1], row[2], row[3], row[4] = d, p, s, outcome == 0, outcome
    row[5], row[6], row[7] = begun, score(S, C, me), capitals_held(S, C, me)
    row[8], row[9], row[10] = stand[me, 0], S.people[me], S.clergy[me]
    row[11], row[12] = actions, 0  # illegal decisions: none, the policies build them from the legal lists


def run_games(payload, key, start: int, count: int) -> np.ndarray:
    """The per-game table (count, ``NCOLS``) int64 of games ``start .. start+count-1`` of the solo plans (searched
    games: ``solo_search.run_games``)."""
    starts, c, p, f, where, levels = compiled(payload)
    out = np.zeros((count, NCOLS), np.int64)
    numba_cache.call(play_games, starts, c, p, f, where, levels, np.uint64(key), int(start), int(count), out)
    return out


def trace_game(payload, key, game: int, max_events: int = 400):
    """Play game ``game`` alone and keep the state after every step: ((outcome, Rounds begun, actions), ``STATE``
    records)."""
    starts, c, p, f, where, levels = compiled(payload)
    k = len(levels)
    d, g = game % k, game // k
    pi, s = g % len(where), (g // len(where)) % p.shape[0]
    me = int(where[pi])
    sid = np.zeros(NP, np.int64)
    sid[me] = s
    rs = np.array([trial_state(np.uint64(key), g)], np.uint64)
    sa = STATE.new()
    trace = STATE.new(max_events)
    tn = np.zeros(1, np.int64)
    res = numba_cache.call(play_solo, starts[me], c[0], p, f, sid, me, int(levels[d]), rs, sa, trace, tn)
    return res, trace[: tn[0]], sa
