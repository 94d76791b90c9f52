"""Solo studies (Module 1) on the compiled engine: the chunk kernel playing deals on the counter-based stream,
turned into exactly the counts and rows of the reference's ``game.solo_experiment.play_chunk``. Twin of
``game/solo_experiment.py``."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
from numba import njit

from sim import numba_cache
from sim.games.dark_ages import battle_stats
from sim.games.dark_ages.fast.context import solo_tables
from sim.games.dark_ages.fast.ending import score
from sim.games.dark_ages.fast.experiment import battle_columns, battle_row, buffers, new_state, strategy_table
from sim.games.dark_ages.fast.layout import FACES, LORDLING_COLS, NKINDS, OUT_COLS, SOLO_OPTIONS, Index
from sim.games.dark_ages.fast.modules import bits, install
from sim.games.dark_ages.fast.solo_loop import lordling_score, play_solo
from sim.games.dark_ages.fast.solo_setup import solo_setup
from sim.games.dark_ages.fast.stream import J
from sim.games.dark_ages.game import solo_experiment as X
from sim.games.dark_ages.game.context import cached_context
from sim.games.dark_ages.game.loop import MAX_TURNS
from sim.rng import trial_state

HEAD = 4  # trigger, turns, passes, Raider attacks
BATTLE_AT = HEAD + OUT_COLS + LORDLING_COLS  # the player's 16 categories and total, the Lordlings' 12 and total
COLUMNS = BATTLE_AT + 4 * NKINDS + FACES


@njit(**J)
def play_solo_games(key, DEAL, RUL, STR, OPT, ST, T, states, flat, max_turns, mods, out):
    """Twin: ``game.solo_experiment.play_chunk`` (the games): row ``g`` for deal ``DEAL[g]``; ``mods`` the
    switched-on modules (``modules.bits``)."""
    S = states[0]
    R = np.zeros(1, np.uint64)
    MVA, NK, MV, mv = buffers()
    sc = np.zeros(OUT_COLS, np.int64)
    lc = np.zeros(LORDLING_COLS, np.int64)
    for g in range(len(DEAL)):
        R[0] = trial_state(key, DEAL[g])
        flat[:] = 0
        solo_setup(S, T, RUL[g], OPT[g], mods, R)
        install(S, T, mods, R)
        S.strategy[0] = STR[g]
        play_solo(S, T, ST, max_turns, R, MVA, NK, MV, mv)
        solo_row(S, T, sc, lc, out[g])


@njit(**J)
def solo_row(S, T, sc, lc, row):
    """Twin: ``game.solo_experiment.play_one``'s outcome of the game ended in ``S`` as a row (the end trigger,
    turns, Passes, Raider attacks, both sides' VP, the battles)."""
    row[0] = S.trigger
    row[1] = S.turns
    row[2] = S.passes[0] + S.passes[1]
    row[3] = S.raider_attacks
    score(S, T, 0, sc)
    for c in range(OUT_COLS):
        row[HEAD + c] = sc[c]
    lordling_score(S, T, lc)
    for c in range(LORDLING_COLS):
        row[HEAD + OUT_COLS + c] = lc[c]
    battle_row(S, row, BATTLE_AT)


def deals(e, start: int, count: int):
    """Per game of ``start .. start+count-1``: difficulty index, deal, Ruler index, strategy index, option bits."""
    ix = Index.of(cached_context(e.overrides))
    d, dl, rul, st, opt = (np.zeros(count, np.int64) for _ in range(5))
    for j in range(count):
        difficulty, g, ruler, name = X.deal(e, start + j)
        d[j] = e.difficulties.index(difficulty)
        dl[j] = g
        rul[j] = ix.rids.index(ruler)
        st[j] = e.strategies.index(name)
        opt[j] = 0 if difficulty == X.STANDARD else 1 << SOLO_OPTIONS.index(difficulty)
    return d, dl, rul, st, opt


def run_games(e, key, start: int, count: int, mods=None):
    from sim.games.dark_ages.fast import search, solo_search

    if search.searching(e):  # a searching player (``search:``): the searched games
        return solo_search.run_games(e, key, start, count, mods)[:2]
    mods = e.modules if mods is None else mods
    d, dl, rul, st, opt = deals(e, start, count)
    out = np.zeros((count, COLUMNS), np.int64)
    states, flat = new_state()
    T = solo_tables(cached_context(e.overrides), "skirmishers" in mods)[0]
    numba_cache.call(play_solo_games, np.uint64(key), dl, rul, st, opt, strategy_table(e), T, states, flat,
                     e.max_turns or MAX_TURNS, bits(mods), out)  # fmt: skip
    return d, out


def outcomes(e, key, start: int, count: int, mods: tuple[str, ...]) -> list[tuple]:
    """Twin: ``game.solo_experiment.play_one`` for games ``start .. start+count-1`` with the modules ``mods`` (the
    paired solo module comparison): each deal's difficulty, Ruler, strategy and outcome (won, trigger, turns,
    Passes, both sides' totals)."""
    _, out = run_games(e, key, start, count, mods)
    played = []
    for g in range(count):
        difficulty, _, ruler, name = X.deal(e, start + g)
        player, lords = int(out[g, HEAD + OUT_COLS - 1]), int(out[g, BATTLE_AT - 1])
        o = SimpleNamespace(won=player > lords, trigger=X.SOLO_TRIGGERS[out[g, 0]], turns=int(out[g, 1]),
                            passes=int(out[g, 2]), player={"total": player}, lordlings={"total": lords})  # fmt: skip
        played.append((difficulty, ruler, name, o))
    return played


def play_chunk(payload, key, start: int, count: int, keep_rows: bool):
    """Exactly the counts and rows of ``game.solo_experiment.play_chunk`` on the compiled engine."""
    e = payload.experiment
    d, out = run_games(e, key, start, count)
    c = X.empty(payload)
    # the player's categories: experiment.CATEGORIES without "modules", then "raiders" (the total less every other
    # category), "modules" when a module is on (X.categories), then the total; the Lordlings' likewise
    ps = out[:, HEAD : HEAD + OUT_COLS]
    raiders = ps[:, 16:17] - ps[:, :16].sum(axis=1, keepdims=True)
    extra = [ps[:, 15:16]] if e.modules else []
    player = np.concatenate([ps[:, :15], raiders, *extra, ps[:, 16:17]], axis=1)
    lords = out[:, HEAD + OUT_COLS : BATTLE_AT]
    if not e.modules:
        lords = np.delete(lords, 11, axis=1)
    won = player[:, -1] > lords[:, -1]
    margin = player[:, -1] - lords[:, -1]
    np.add.at(c["games"], d, 1)
    np.add.at(c["wins"], d, won.astype(np.int64))
    c["win_type"] += np.bincount(out[:, 0], minlength=len(X.SOLO_TRIGGERS))[: len(X.SOLO_TRIGGERS)]
    turns = out[:, 1]
    c["turns"] += [int(turns.sum()), int((turns * turns).sum())]
    c["passes"][0] += int(out[:, 2].sum())
    c["raids"][0] += int(out[:, 3].sum())
    np.add.at(c["player"], d, player)
    np.add.at(c["lordlings"], d, lords)
    np.add.at(c["margin"], (d, 0), margin)
    np.add.at(c["margin"], (d, 1), margin * margin)
    per_game, dice = battle_columns(out, BATTLE_AT, len(c["battle_dice"]))
    battle_stats.add_rows(c, per_game, dice)
    if not keep_rows:
        return c, None
    info = [X.deal(e, i) for i in range(start, start + count)]
    rows = {
        "difficulty": np.array([x[0] for x in info]),
        "ruler": np.array([x[2] for x in info]),
        "strategy": np.array([x[3] for x in info]),
        "won": won,
        "trigger": np.array(X.SOLO_TRIGGERS)[out[:, 0]],
        "turns": turns.copy(),
        "player_vp": player[:, -1].copy(),
        "lordling_vp": lords[:, -1].copy(),
        "raider_attacks": out[:, 3].copy(),
        "rounds": out[:, 2] / 2,
        **battle_stats.rows(battle_stats.SOLO_KINDS, per_game, dice),
    }
    return c, rows
