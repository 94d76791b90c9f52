"""Whole games and the chunk kernel on the compiled engine: the twin of ``experiment.play_chunk``.

``play_games`` plays games ``start .. start+count-1``; game ``i`` seeds its stream with ``trial_state(key, i)`` and
draws only from it, so results do not depend on chunking or workers. It fills one int64 row per game of the per-game
table (``study.columns``) that ``study.table_counts`` turns into the counts and rows of ``experiment.play_chunk``,
exactly as the reference's games do. With ``debug`` every event is followed by ``invariants.violations`` (the ``bad``
column ORs the bits; 0 when every invariant held). ``compiled`` builds the tables for the experiment's own rule set
(``setup.compile_tables``, cached per ``rules.digest``) and the strategies' rows; numba's machine code never holds
a rules value.
"""

from __future__ import annotations

import json

import numpy as np
from numba import njit

from sim import numba_cache
from sim.games.principes.fast.control import might
from sim.games.principes.fast.driver import play_game
from sim.games.principes.fast.policy.params import NPF, NPI, compile_strategy
from sim.games.principes.fast.setup import BLANKED, MODULES, PLAYER_VARIANTS, compile_tables
from sim.games.principes.fast.state import NHIST, NKINDS, NP, NSYM, STATE, Unsupported
from sim.games.principes.study import columns, game_rules
from sim.rng import trial_state

COLUMNS = columns(NP)
COL = {name: i for i, name in enumerate(COLUMNS)}
_TRACKS = COL["might_0"]  # might, people, clergy, gold, eliminated: NP columns each
_TALLY = COL["battles_player"]  # battles, attacker_wins, attacker_lost, defender_lost: NKINDS each; then die


@njit(cache=True)
def write_row(S, C, sid, winner, wt, rounds, actions, bad, row):
    """``experiment.game_row``: one game's result, seats, final tracks and battle statistics into ``row``."""
    row[0] = winner
    row[1] = wt
    row[2] = rounds
    row[3] = actions
    row[4] = 0  # illegal decisions: none, the policies build them from the legal lists
    row[5] = bad
    for j in range(NP):
        row[6 + j] = sid[j]
        row[_TRACKS + j] = 0 if S.eliminated[j] else might(S, C, j)
        row[_TRACKS + NP + j] = S.people[j]
        row[_TRACKS + 2 * NP + j] = S.clergy[j]
        row[_TRACKS + 3 * NP + j] = S.gold[j]
        row[_TRACKS + 4 * NP + j] = S.eliminated[j]
    for k in range(NKINDS):
        row[_TALLY + k] = S.battles[k]
        row[_TALLY + NKINDS + k] = S.attacker_wins[k]
        row[_TALLY + 2 * NKINDS + k] = S.attacker_lost[k]
        row[_TALLY + 3 * NKINDS + k] = S.defender_lost[k]
    for f in range(NSYM):
        row[_TALLY + 4 * NKINDS + f] = S.die[f]


@njit(cache=True)
def seating(seats, played, game, rotate, sid):
    """``study.seat_strategies``: the strategy row of each played Principality in game ``game`` into ``sid``."""
    r = played.shape[0]
    shift = game % r if rotate else 0
    for j in range(r):
        sid[played[j]] = seats[(j + shift) % r]


def play_games(S0a, Ca, P, F, seats, rotate, key, start, count, debug, out):
    """``experiment.play_chunk``'s loop with 4 players (``play_seated``): ``seats`` (NP,) strategy ids before
    rotation."""
    play_seated(S0a, Ca, P, F, seats, np.arange(NP), rotate, key, start, count, debug, out)


def play_seated(S0a, Ca, P, F, seats, played, rotate, key, start, count, debug, out):
    """``experiment.play_chunk``'s loop: games ``start .. start+count-1`` into ``out`` (count, len(COLUMNS)) int64;
    ``seats`` (R,) strategy ids before rotation of the ``played`` (R,) Principalities (``seating``). Not compiled:
    each compiled entry point links and optimizes the whole engine below it again (13 s on a cold cache)."""
    deals = np.empty((0, NHIST + 1), np.int64)
    games = np.arange(start, start + count, dtype=np.int64)
    numba_cache.call(play_listed, S0a, Ca, P, F, np.asarray(seats, np.int64), np.asarray(played, np.int64),
                     bool(rotate), np.uint64(key), games, bool(debug), out, deals)  # fmt: skip


@njit(cache=True)
def play_listed(S0a, Ca, P, F, seats, played, rotate, key, games, debug, out, deals):
    """``experiment.play_chunk``'s loop (``play_seated``) for the game indices ``games`` (n,), into ``out`` (n,
    len(COLUMNS)); ``deals`` (n, NHIST + 1) (or (0, NHIST + 1): not kept): each game's History deck (card indices,
    top first) and its final Round."""
    S0, C = S0a[0], Ca[0]
    Sa = np.empty(1, S0a.dtype)
    rs = np.empty(1, np.uint64)
    sid = np.zeros(NP, np.int64)  # a non-player's row is never asked
    trace = np.empty(0, S0a.dtype)
    tn = np.zeros(1, np.int64)
    for g in range(games.shape[0]):
        game = games[g]
        seating(seats, played, game, rotate, sid)
        rs[0] = trial_state(key, game)
        winner, wt, rounds, actions, bad = play_game(S0, C, P, F, sid, rs, Sa, debug, trace, tn)
        write_row(Sa[0], C, sid, winner, wt, rounds, actions, bad, out[g])
        if deals.shape[0] > 0:
            deals[g, :NHIST] = Sa[0].history[:NHIST]
            deals[g, NHIST] = Sa[0].final_round


_PAYLOADS: dict[tuple, tuple] = {}


def compiled(payload):
    """(S0, tables, P, F) for an experiment's rule set, strategies, modules (``history`` and its variants) and
    played Principalities (2-3 players: the others are non-players, ``nonplayers.setup`` deploys them)."""
    specs = json.dumps([[u, p] for u, p in payload.specs], sort_keys=True)
    modules = set(getattr(payload, "variants", ()) or ()) - {"passive"}  # active: the Combined Actions
    if getattr(payload, "history", False):
        modules.add("history")
    key = (payload.rules, specs, frozenset(modules), tuple(getattr(payload, "factions", ())))
    if key not in _PAYLOADS:
        rules = game_rules(payload.rules)
        c, s0 = compile_tables(rules, frozenset(modules), non_players(payload, rules))
        rows = [compile_strategy(uses, params, rules) for uses, params in json.loads(specs)]
        p = np.array([r[0] for r in rows], np.int64).reshape(len(rows), NPI)
        f = np.array([r[1] for r in rows], np.float64).reshape(len(rows), NPF)
        _PAYLOADS[key] = (s0, c, p, f)
    return _PAYLOADS[key]


def non_players(payload, rules) -> frozenset[str]:
    """The Principalities ``payload.factions`` leaves out (a payload without factions: every one is played)."""
    factions = getattr(payload, "factions", None) or rules.board.principalities
    return frozenset(p for p in rules.board.principalities if p not in factions)


def played(payload) -> np.ndarray:
    """The played Principalities' indices (board order), the order of ``payload.factions``."""
    return np.array([game_rules(payload.rules).board.principalities.index(p) for p in payload.factions], np.int64)


def seat_table(out: np.ndarray, payload) -> np.ndarray:
    """The per-game table of the played Principalities only (``study.columns(R)``, winner as their index) from the
    kernel's 4-Principality table; the table itself with 4 players."""
    where = played(payload)
    if len(where) == NP:
        return out
    pick = []
    for name in columns(len(where)):
        head, _, j = name.rpartition("_")
        pick.append(COL[f"{head}_{where[int(j)]}"] if j.isdigit() else COL[name])  # a seat's column, or the game's
    table = out[:, pick]
    to_seat = np.full(NP + 1, -1, np.int64)  # index NP: no winner (-1)
    to_seat[where] = np.arange(len(where))
    table[:, 0] = to_seat[out[:, 0]]
    return table


def check_supported(payload) -> None:
    """Raise ``state.Unsupported`` when the fast engine cannot play ``payload`` (a ``study.Experiment``)."""
    variants = set(getattr(payload, "variants", ()) or ()) - set(MODULES) - set(PLAYER_VARIANTS)
    other = sorted(v for v in variants if not v.startswith(BLANKED))
    if other:
        raise Unsupported(f"optional modules the fast engine does not play: {', '.join(other)}")
    compiled(payload)


def run_games(payload, key, start: int, count: int, debug: bool = False) -> np.ndarray:
    """The per-game table (count, len(study.columns(R))) int64 of games ``start .. start+count-1`` (R players)."""
    s0, c, p, f = compiled(payload)
    out = np.zeros((count, len(COLUMNS)), np.int64)
    seats = np.array(payload.seats, np.int64)
    play_seated(s0, c, p, f, seats, played(payload), payload.rotate, key, start, count, debug, out)
    return seat_table(out, payload)


def run_listed(payload, key, games) -> tuple[np.ndarray, np.ndarray]:
    """``run_games`` for the game indices ``games``: (per-game table, (n, NHIST + 1) History decks and final
    Rounds: ``play_listed``)."""
    s0, c, p, f = compiled(payload)
    games = np.asarray(games, np.int64)
    out = np.zeros((len(games), len(COLUMNS)), np.int64)
    deals = np.zeros((len(games), NHIST + 1), np.int64)
    seats = np.array(payload.seats, np.int64)
    numba_cache.call(
        play_listed, s0, c, p, f, seats, played(payload), bool(payload.rotate), np.uint64(key), games, False, out,
        deals,
    )  # fmt: skip
    return seat_table(out, payload), deals


def trace_game(payload, key, game: int, max_events: int = 200):
    """Play game ``game`` alone and keep the state after every action and every Round's History icons: (result
    tuple, ``STATE`` records (events,))."""
    s0, c, p, f = compiled(payload)
    sid = np.zeros(NP, np.int64)
    seating(np.array(payload.seats, np.int64), played(payload), game, bool(payload.rotate), sid)
    rs = np.array([trial_state(np.uint64(key), game)], np.uint64)
    sa = STATE.new()
    trace = STATE.new(max_events)
    tn = np.zeros(1, np.int64)
    res = numba_cache.call(play_game, s0[0], c[0], p, f, sid, rs, sa, True, trace, tn)
    return res, trace[: tn[0]]
