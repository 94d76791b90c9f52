"""Multiplayer studies on the compiled engine: the chunk kernel playing games ``start .. start+count-1`` (game
``i`` on the stream ``trial_state(key, i)``), one row per game, turned into exactly the counts and per-game rows of
the reference's ``multiplayer.play_chunk`` (same seating, categories and battle statistics). Twin of
``multiplayer.py``. The tables come from the experiment's own rule set (``context.tables_for``)."""

from __future__ import annotations

import json
from functools import lru_cache
from types import SimpleNamespace

import numpy as np
from numba import njit

from sim import numba_cache
from sim.games.dark_ages import battle_stats
from sim.games.dark_ages import multiplayer as X
from sim.games.dark_ages.fast.context import tables_for
from sim.games.dark_ages.fast.ending import score
from sim.games.dark_ages.fast.layout import FACES, NKINDS, OUT_COLS, STATE, Index
from sim.games.dark_ages.fast.loop import play
from sim.games.dark_ages.fast.modules import bits, install
from sim.games.dark_ages.fast.plans import compile_strategy
from sim.games.dark_ages.fast.setup import setup
from sim.games.dark_ages.fast.stream import J
from sim.games.dark_ages.game.context import cached_context
from sim.games.dark_ages.game.ending import TRIGGERS
from sim.games.dark_ages.study import plan_specs
from sim.rng import trial_state

MAXM = 1024  # move rows of one action
HEAD = 4  # players, trigger, turns, passes
BATTLE = 4 * NKINDS + FACES  # battles, attacker wins, attacker and defender losses by kind; dice by face
COLUMNS = HEAD + 4 * OUT_COLS + BATTLE


@njit(**J)
def buffers():
    """Twin: none (the move buffers a game needs: every action's moves, their counts, one more list, the chosen
    move)."""
    return np.zeros((5, MAXM, 6), np.int64), np.zeros(5, np.int64), np.zeros((MAXM, 6), np.int64), np.zeros(6, np.int64)


@njit(**J)
def battle_row(S, out, at):
    """Twin: ``battle_stats.add`` (one game's battle log into a row from column ``at``)."""
    for k in range(NKINDS):
        out[at + k] = S.battles[k]
        out[at + NKINDS + k] = S.attacker_wins[k]
        out[at + 2 * NKINDS + k] = S.attacker_lost[k]
        out[at + 3 * NKINDS + k] = S.defender_lost[k]
    for v in range(FACES):
        out[at + 4 * NKINDS + v] = S.dice[v]


@njit(**J)
def play_games(key, start, count, NPL, RUL, STR, ST, T, states, flat, max_turns, debug, mods, out):
    """Twin: ``multiplayer.play_chunk`` (the games): row ``g`` of ``out`` for game ``start + g`` (``COLUMNS``);
    ``states`` one ``STATE`` record, ``flat`` the same memory as int64 (zeroed before each set-up); ``mods`` the
    switched-on modules (``modules.bits``)."""
    S = states[0]
    R = np.zeros(1, np.uint64)
    MVA, NK, MV, mv = buffers()
    sc = np.zeros(OUT_COLS, np.int64)
    for g in range(count):
        R[0] = trial_state(key, start + g)
        flat[:] = 0
        n = NPL[g]
        setup(S, T, n, RUL[g], R)
        install(S, T, mods, R)
        for s in range(n):
            S.strategy[s] = STR[g, s]
        bad = play(S, T, ST, max_turns, debug, R, MVA, NK, MV, mv)
        if bad:
            out[g, 0] = -bad
            continue
        game_row(S, T, n, sc, out[g])


@njit(**J)
def game_row(S, T, n, sc, out):
    """Twin: ``multiplayer.play_one`` (its outcome): one finished game of ``n`` players as a row ``out``
    (``COLUMNS``), ``sc`` (OUT_COLS,) scratch."""
    out[0] = n
    out[1] = S.trigger
    out[2] = S.turns
    p = 0
    for s in range(n):
        p += S.passes[s]
        score(S, T, s, sc)
        for c in range(OUT_COLS):
            out[HEAD + s * OUT_COLS + c] = sc[c]
    out[3] = p
    battle_row(S, out, HEAD + 4 * OUT_COLS)


# ---------------------------------------------------------------- Python side
@lru_cache(maxsize=64)
def _table(specs: tuple[tuple[str, str], ...]) -> np.ndarray:
    return np.stack([compile_strategy(uses, json.loads(params)) for uses, params in specs])


def strategy_table(e) -> np.ndarray:
    """``ST``: one row per strategy (or ``seats`` label) of ``e``, what it runs with its parameters."""
    return _table(plan_specs(e))


def context_of(e):
    """The experiment's rule set (overrides applied): what the tables and the bridge are compiled from."""
    return cached_context(e.overrides, e.skirmishers or "skirmishers" in e.modules)


def ruler_seats(e, games: np.ndarray) -> np.ndarray:
    """(games, MAX_SEATS) indices into ``e.rulers`` of each seat's Ruler, as ``X.table_of`` seats them: rotation
    ``rulers[(i + j) % k]``, or ``tables: every``'s ordered tables (seats past the player count: masked by the
    callers)."""
    seats = (games[:, None] + np.arange(X.MAX_SEATS)[None, :]) % len(e.rulers)
    if e.tables == "every":
        p = len(e.players)
        for c, n in enumerate(e.players):  # the games of each player count take its ordered tables in turn
            at = games % p == c
            tables = np.asarray(X.every_table(len(e.rulers), n), np.int64)
            seats[at, :n] = tables[(games[at] // p) % len(tables)]
    return seats


def plan_ids(e, games: np.ndarray, ridx: np.ndarray, table: np.ndarray | None = None) -> np.ndarray:
    """(games, MAX_SEATS) indices into ``e.strategies`` of each seat's plan (``X.seating``): rotated by game index,
    the seated Ruler's under ``seats``, or from ``table`` ((games, Rulers) label ids per Ruler of ``e.rulers``, game
    by game: mixed seats drawn by ``sim.balance.mix``)."""
    if table is not None:
        return np.asarray(table, np.int64)[np.arange(len(games))[:, None], ridx]
    if e.seats:
        return np.asarray(X.ruler_plans(e), np.int64)[ridx]
    return (games[:, None] // len(e.rulers) + np.arange(X.MAX_SEATS)[None, :]) % len(e.strategies)


def seatings(e, start: int, count: int, table: np.ndarray | None = None):
    """Twin: ``X.seating`` for games ``start .. start+count-1``: player counts, Ruler ids and plan rows by seat."""
    ix = Index.of(context_of(e))
    games = np.arange(start, start + count, dtype=np.int64)
    npl = np.asarray(e.players, np.int64)[games % len(e.players)]
    ridx = ruler_seats(e, games)
    here = np.arange(X.MAX_SEATS)[None, :] < npl[:, None]
    rid = np.array([ix.rids.index(r) for r in e.rulers], np.int64)
    return npl, np.where(here, rid[ridx], 0), np.where(here, plan_ids(e, games, ridx, table), 0)


def new_state():
    """One zeroed ``STATE`` record and its int64 view (the same memory)."""
    states = STATE.new()
    return states, STATE.flat(states)[0]


def run_games(payload, key, start: int, count: int, debug: bool = False, table=None, mods=None) -> np.ndarray:
    """The chunk kernel's rows for games ``start .. start+count-1`` with the experiment's modules (or ``mods``)."""
    e = payload.experiment
    mods = e.modules if mods is None else mods
    if any(uses == "rollout" for uses, _ in plan_specs(e)):  # a rollout seat: the searched games (fast.search)
        from sim.games.dark_ages.fast import search

        return search.run_games(e, key, start, count, debug, table, mods)[0]
    npl, rul, st = seatings(e, start, count, table)
    return run_seated(e, key, start, count, npl, rul, st, debug, mods)


def run_seated(e, key, start: int, count: int, npl, rul, st, debug: bool = False, mods=None) -> np.ndarray:
    """``run_games`` with the seating ``npl`` (count,), ``rul`` and ``st`` (count, 4) given (``seatings``'s)."""
    mods = e.modules if mods is None else mods
    out = np.zeros((count, COLUMNS), np.int64)
    states, flat = new_state()
    T = tables_for(cached_context(e.overrides, e.skirmishers or "skirmishers" in mods))[0]
    numba_cache.call(play_games, np.uint64(key), start, count, npl, rul, st, strategy_table(e), T, states, flat,
                     e.max_turns, debug, bits(mods), out)  # fmt: skip
    if debug and (out[:, 0] < 0).any():
        g = int(np.argmax(out[:, 0] < 0))
        raise AssertionError(f"game {start + g}: invariant {-out[g, 0]} failed (fast.invariants.check)")
    return out


def outcomes(payload, key, start: int, count: int, mods: tuple[str, ...]) -> list[tuple]:
    """Twin: ``multiplayer.play_one`` for games ``start .. start+count-1`` with the modules ``mods`` (the paired
    module comparison): each game's Rulers, plan labels and outcome (winners, turns, Passes, total scores)."""
    e = payload.experiment
    out = run_games(payload, key, start, count, mods=mods)
    played = []
    for g in range(count):
        rulers, names = X.seating(e, start + g)
        totals = [int(out[g, HEAD + s * OUT_COLS + OUT_COLS - 1]) for s in range(len(rulers))]
        best = max(totals)
        o = SimpleNamespace(winners=[s for s, t in enumerate(totals) if t == best], turns=int(out[g, 2]),
                            passes=int(out[g, 3]), scores=[{"total": t} for t in totals])  # fmt: skip
        played.append((rulers, names, o))
    return played


def battle_columns(out: np.ndarray, at: int, faces: int) -> tuple[dict[str, np.ndarray], np.ndarray]:
    """(games, kinds) arrays of each battle field and the (games, faces) dice, from the rows' battle columns."""
    per_game = {f: out[:, at + i * NKINDS : at + (i + 1) * NKINDS] for i, f in enumerate(battle_stats.FIELDS)}
    return per_game, out[:, at + 4 * NKINDS : at + 4 * NKINDS + faces]


def play_chunk(payload, key, start: int, count: int, keep_rows: bool, table=None):
    """Exactly the counts and rows of ``multiplayer.play_chunk`` for the compiled engine's games (vectorised);
    ``table``: each Ruler's plan game by game (``plan_ids``), instead of the experiment's seating."""
    e = payload.experiment
    out = run_games(payload, key, start, count, table=table)
    c = X._empty(payload)
    ncat = len(X.CATEGORIES)
    games = np.arange(start, start + count)
    n = out[:, 0]
    seat = np.arange(X.MAX_SEATS)
    valid = seat[None, :] < n[:, None]  # (games, seats)
    ridx = ruler_seats(e, games)  # payload.factions is e.rulers
    sidx = plan_ids(e, games, ridx, table)
    scores = out[:, HEAD : HEAD + 4 * OUT_COLS].reshape(count, 4, OUT_COLS)
    totals = np.where(valid, scores[:, :, ncat], np.iinfo(np.int64).min)
    best = totals.max(axis=1)
    won = valid & (totals == best[:, None])
    nwin = won.sum(axis=1)
    r, s_, w = ridx[valid], sidx[valid], won[valid].astype(np.int64)
    t = totals[valid]
    cats = scores[:, :, :ncat][valid]
    np.add.at(c["games"], r, 1)
    np.add.at(c["wins"], r, w)
    np.add.at(c["strategy_games"], s_, 1)
    np.add.at(c["strategy_wins"], s_, w)
    np.add.at(c["matrix"], (s_, r, 0), 1)
    np.add.at(c["matrix"], (s_, r, 1), w)
    c["seat_games"] += valid.sum(axis=0)
    c["seat_wins"] += won.sum(axis=0)
    np.add.at(c["score"], r, cats)
    np.add.at(c["strategy_score"], s_, np.concatenate([cats, t[:, None]], axis=1))
    np.add.at(c["total"], (r, 0), t)
    np.add.at(c["total"], (r, 1), t * t)
    c["win_type"] += np.bincount(out[:, 1], minlength=len(c["win_type"]))[: len(c["win_type"])]
    c["shared"][0] += int((nwin > 1).sum())
    turns = out[:, 2]
    c["turns"] += [int(turns.sum()), int((turns * turns).sum())]
    length = out[:, 3] * (X.TWELFTHS // n)  # round_twelfths
    c["rounds"] += [int(length.sum()), int((length * length).sum())]
    np.add.at(c["rounds_by_players"], (n, 0), 1)
    np.add.at(c["rounds_by_players"], (n, 1), length)
    ordered = np.sort(totals, axis=1)[:, ::-1]
    c["winner_total"] += [int(ordered[:, 0].sum()), int((ordered[:, 0] ** 2).sum())]
    margin = ordered[:, 0] - ordered[:, 1]
    c["margin"] += [int(margin.sum()), int((margin * margin).sum())]
    per_game, dice = battle_columns(out, HEAD + 4 * OUT_COLS, len(c["battle_dice"]))
    battle_stats.add_rows(c, per_game, dice)
    if not keep_rows:
        return c, None
    rulers = np.array(e.rulers + ("",))
    names = np.array(e.strategies + ("",))
    first = np.argmax(won, axis=1)
    rows: dict[str, np.ndarray] = {
        "players": n.copy(),
        "trigger": np.array(TRIGGERS)[out[:, 1]],
        "turns": turns.copy(),
        "rounds": length / X.TWELFTHS,
        "winner": rulers[ridx[np.arange(count), first]],
        "shared": nwin > 1,
    }
    for j in range(X.MAX_SEATS):
        here = valid[:, j]
        rows[f"seat{j}_ruler"] = np.where(here, rulers[ridx[:, j]], "")
        rows[f"seat{j}_strategy"] = np.where(here, names[sidx[:, j]], "")
        rows[f"seat{j}_won"] = won[:, j].copy()
        rows[f"seat{j}_vp"] = np.where(here, scores[:, j, ncat], -1)
        for q, cat in enumerate(X.CATEGORIES):
            rows[f"seat{j}_{cat}"] = np.where(here, scores[:, j, q], -1)
    rows.update(battle_stats.rows(battle_stats.MULTIPLAYER_KINDS, per_game, dice))
    return c, rows


def play_chunk_loop(payload, key, start: int, count: int, keep_rows: bool):
    """``play_chunk`` game by game, as the reference builds its counts and rows (the tests compare the two)."""
    e = payload.experiment
    out = run_games(payload, key, start, count)
    c = X._empty(payload)
    ruler_index = {r: j for j, r in enumerate(payload.factions)}
    rows: dict[str, list] = {k: [] for k in ("players", "trigger", "turns", "rounds", "winner", "shared")}
    for j in range(X.MAX_SEATS):
        for col in ("ruler", "strategy", "won", "vp", *X.CATEGORIES):
            rows[f"seat{j}_{col}"] = []
    ncat = len(X.CATEGORIES)
    at = HEAD + 4 * OUT_COLS
    for g in range(count):
        rulers, names = X.seating(e, start + g)
        n = len(rulers)
        row = out[g]
        scores = row[HEAD : HEAD + n * OUT_COLS].reshape(n, OUT_COLS)
        totals = [int(x) for x in scores[:, ncat]]
        best = max(totals)
        winners = [i for i, t in enumerate(totals) if t == best]
        for seat in range(n):
            won = seat in winners
            r, s = ruler_index[rulers[seat]], e.strategies.index(names[seat])
            cats = [int(x) for x in scores[seat, :ncat]]
            c["games"][r] += 1
            c["wins"][r] += won
            c["strategy_games"][s] += 1
            c["strategy_wins"][s] += won
            c["matrix"][s, r] += [1, won]
            c["seat_games"][seat] += 1
            c["seat_wins"][seat] += won
            c["score"][r] += cats
            c["strategy_score"][s] += cats + [totals[seat]]
            c["total"][r] += [totals[seat], totals[seat] ** 2]
        turns, passes, trig = int(row[2]), int(row[3]), TRIGGERS[int(row[1])]
        c["win_type"][int(row[1])] += 1
        c["shared"][0] += len(winners) > 1
        c["turns"] += [turns, turns**2]
        length = X.round_twelfths(passes, n)
        c["rounds"] += [length, length**2]
        c["rounds_by_players"][n] += [1, length]
        ordered = sorted(totals, reverse=True)
        c["winner_total"] += [ordered[0], ordered[0] ** 2]
        c["margin"] += [ordered[0] - ordered[1], (ordered[0] - ordered[1]) ** 2]
        for i, f in enumerate(battle_stats.FIELDS):
            c[f"battle_{f}"] += row[at + i * NKINDS : at + (i + 1) * NKINDS]
        c["battle_dice"] += row[at + 4 * NKINDS : at + 4 * NKINDS + len(c["battle_dice"])]
        if keep_rows:
            rows["players"].append(n)
            rows["trigger"].append(trig)
            rows["turns"].append(turns)
            rows["rounds"].append(length / X.TWELFTHS)
            rows["winner"].append(rulers[winners[0]])
            rows["shared"].append(len(winners) > 1)
            for j in range(X.MAX_SEATS):
                here = j < n
                rows[f"seat{j}_ruler"].append(rulers[j] if here else "")
                rows[f"seat{j}_strategy"].append(names[j] if here else "")
                rows[f"seat{j}_won"].append(here and j in winners)
                rows[f"seat{j}_vp"].append(totals[j] if here else -1)
                for k, cat in enumerate(X.CATEGORIES):
                    rows[f"seat{j}_{cat}"].append(int(scores[j, k]) if here else -1)
    if not keep_rows:
        return c, None
    per_game, dice = battle_columns(out, at, len(c["battle_dice"]))
    return c, {**{k: np.array(v) for k, v in rows.items()},
               **battle_stats.rows(battle_stats.MULTIPLAYER_KINDS, per_game, dice)}  # fmt: skip
