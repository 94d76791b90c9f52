"""Playing one game on both engines, turn by turn, on the same counter-based stream."""

from __future__ import annotations

import numpy as np

from sim.games.dark_ages.experiment import seating, strategy_object
from sim.games.dark_ages.fast import crusades as FCR
from sim.games.dark_ages.fast import ending as FE
from sim.games.dark_ages.fast import experiment as FX
from sim.games.dark_ages.fast import invariants as FI
from sim.games.dark_ages.fast import layout as L
from sim.games.dark_ages.fast import loop as FL
from sim.games.dark_ages.fast import modules as FM
from sim.games.dark_ages.fast import setup as FS
from sim.games.dark_ages.fast.context import tables_for
from sim.games.dark_ages.game import loop, modules
from sim.games.dark_ages.game.context import cached_context
from sim.games.dark_ages.game.ending import score, trigger
from sim.games.dark_ages.game.invariants import check
from sim.games.dark_ages.game.setup import new_game
from sim.games.dark_ages.study import plan_specs
from sim.lockstep import LockstepRandom
from sim.rng import trial_state


def differences(ref, fast, most: int = 12) -> list[str]:
    """Where the reference's and the fast engine's positions differ, by field and index (reference first)."""
    return L.describe_diff(L.comparable(ref), L.comparable(fast), most)


def same_position(game, states, R, rng, where: str) -> None:
    a, b = L.comparable(L.from_game(game)), L.comparable(states)
    if not np.array_equal(L.STATE.flat(a), L.STATE.flat(b)) or rng.state != int(R[0]):
        raise AssertionError(f"{where}: rng {rng.state == int(R[0])}; {differences(a, b)}")


def lockstep_game(e, key, i: int, max_turns: int | None = None, ctx=None) -> int:
    """Play game ``i`` of experiment ``e`` (with its modules) on both engines; assert equal positions after set-up
    and every turn. ``ctx``: the rule set (default the experiment's). Returns the number of turns."""
    ctx = ctx or cached_context(e.overrides, e.skirmishers or "skirmishers" in e.modules)
    T = tables_for(ctx)[0]
    rulers, names = seating(e, i)
    n = len(rulers)
    state = trial_state(np.uint64(key), i)
    rng = LockstepRandom(state)
    specs = plan_specs(e)
    strategies = [strategy_object(*specs[e.strategies.index(s)]) for s in names]
    game = new_game(ctx, rulers, strategies, rng)
    if e.modules:
        modules.install(game, e.modules)
    ix = L.Index.of(ctx)
    ST = FX.strategy_table(e)
    states, flat = FX.new_state()
    S = states[0]
    R = np.array([state], np.uint64)
    FS.setup(S, T, n, np.array([ix.rids.index(r) for r in rulers] + [0] * (4 - n), np.int64), R)
    for s in range(n):
        S["strategy"][s] = e.strategies.index(names[s])
    FM.install(S, T, FM.bits(e.modules), R)
    MVA, NK, MV, mv = FX.buffers()
    max_turns = max_turns or e.max_turns
    label = f"game {i} {rulers} {names}"
    same_position(game, states, R, rng, f"{label}: setup")
    seat = 0
    while not all(p.finished for p in game.players):
        if game.turns >= max_turns:
            game.end_trigger = "turn_cap"
            S["trigger"] = 5
            break
        loop.take_turn(game, seat)
        FL.take_turn(S, T, seat, ST, MVA, NK, MV, mv, R)
        game.turns += 1
        S["turns"] += 1
        check(game)
        bad = FI.check(S, T)
        assert bad == 0, f"{label}: fast invariant {bad} after turn {game.turns}"
        if game.end_trigger is None:
            why = trigger(game)
            if why is not None:
                loop.end_now(game, why)
        if S["trigger"] < 0:
            w = FE.trigger(S, T)
            if w >= 0:
                FL.end_now(S, T, w, ST, R)
        same_position(game, states, R, rng, f"{label}: turn {game.turns} (seat {seat})")
        if game.extra_turn and not game.players[seat].finished:
            continue
        for step in range(1, n + 1):
            nxt = (seat + step) % n
            if not game.players[nxt].finished:
                seat = nxt
                break
    if game.mods:  # game.loop.play: before final scoring (Module 14A, the last Crusade)
        modules.emit(game, "game_over")
    if S["mods"] & L.MOD_CRU:
        FCR.game_over(S, T, R)
    same_position(game, states, R, rng, f"{label}: game over")
    out = np.zeros(L.OUT_COLS, np.int64)
    from sim.games.dark_ages.experiment import CATEGORIES

    for s in range(n):
        ref = score(game, s)
        FE.score(S, T, s, out)
        assert [ref.get(c, 0) for c in CATEGORIES] + [ref["total"]] == [int(x) for x in out], (i, s, ref, out)
    return game.turns


def encode_move(move: tuple | None, ix: L.Index) -> list[int] | None:
    """A reference action move as the compiled engine's move row (``actions``)."""
    from sim.games.dark_ages.game.context import RESOURCES, UNIT_TYPES

    if move is None:
        return None
    action = move[0]
    if action == "build":
        _, what, q, detail = move
        w = L.BUILD_WHAT.index(what)
        if what == "warehouse":
            return [L.A_BUILD, w, -1, detail, 0, 0]
        return [L.A_BUILD, w, ix.p(q), RESOURCES.index(detail) if what == "production" else -1, 0, 0]
    if action == "development_of_culture":
        return [L.A_DOC, move[1], 0, 0, 0, 0]
    if action == "research":
        _, how, cid, placement = move
        h = L.RESEARCH_HOW.index(how)
        if how == "military":
            return [L.A_RESEARCH, h, ix.c(cid), UNIT_TYPES.index(placement[0]), placement[1], 0]
        return [L.A_RESEARCH, h, ix.c(cid), -1, 0, 0]
    if action == "recruit":
        return [L.A_RECRUIT, UNIT_TYPES.index(move[1]), ix.p(move[2]), 0, 0, 0]
    _, src, dst, group = move
    g = dict(group)
    return [L.A_MANOEUVRE, ix.p(src), ix.p(dst), *[g.get(k, 0) for k in UNIT_TYPES]]
