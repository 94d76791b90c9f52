"""Decisions and rule effects checked apart: at every turn of a reference game, the compiled strategy, given the
bridged position, chooses the same action move as the reference strategy (and draws the same numbers); then each
engine applies that one move and the positions are equal again. A failure says whether the decision or the effect
differs. And the bridge both ways: a reference position taken into the compiled engine and back is the same
position, and the compiled engine plays such a position to the same end as the reference (``to_game``)."""

from __future__ import annotations

import json

import numpy as np
import pytest

from sim.games.dark_ages import experiment
from sim.games.dark_ages.experiment import seating, strategy_object
from sim.games.dark_ages.fast import actions as FA
from sim.games.dark_ages.fast import ending as FE
from sim.games.dark_ages.fast import experiment as FX
from sim.games.dark_ages.fast import layout as L
from sim.games.dark_ages.fast import loop as FL
from sim.games.dark_ages.fast import passing as FP
from sim.games.dark_ages.fast import strategies as FS
from sim.games.dark_ages.fast.context import tables_for
from sim.games.dark_ages.fast.plans import CHEAP_FIRST, K_RANDOM
from sim.games.dark_ages.game import actions, loop
from sim.games.dark_ages.game.context import cached_context
from sim.games.dark_ages.game.culture import enforce_hand_limit
from sim.games.dark_ages.game.ending import trigger
from sim.games.dark_ages.game.passing import do_pass
from sim.games.dark_ages.game.setup import new_game
from sim.lockstep import LockstepRandom
from sim.rng import experiment_key, trial_state
from tests.games.dark_ages.fast.lockstep_util import encode_move, same_position

ALL = ["random_legal", "expansion", "culture", "military"]


def _bridged(game, e, names, ix, R_state):
    """The reference position as a compiled record, with the seats' strategy rows and a stream at ``R_state``."""
    states = L.from_game(game, ix)
    for s, name in enumerate(names):
        states[0]["strategy"][s] = e.strategies.index(name)
    return states, np.array([R_state], np.uint64)


def _choose(S, T, seat, ST, MVA, NK, mv, R):
    """``loop.take_turn``'s listing and the strategy's choice, without applying it."""
    sid = S["strategy"][seat]
    NK[:] = -1
    has = False
    if S["nobles_free"][seat] > 0:
        for a in range(5) if ST[sid, 0] == K_RANDOM else CHEAP_FIRST:
            NK[a] = FA.action_options(S, T, seat, a, MVA[a])
            has = has or NK[a] > 0
            if has and ST[sid, 0] != K_RANDOM:
                break
    can_pass = S["nobles_free"][seat] < S["nobles_total"][seat] or not has
    return bool(has and FS.choose_action(S, T, seat, ST, sid, MVA, NK, can_pass, mv, R))


def decisions_then_effects(e, key, i: int) -> int:
    ctx = cached_context()
    T = tables_for(ctx)[0]
    ix = L.Index.of(ctx)
    rulers, names = seating(e, i)
    rng = LockstepRandom(trial_state(np.uint64(key), i))
    game = new_game(ctx, rulers, [strategy_object(s, json.dumps(None)) for s in names], rng)
    ST = FX.strategy_table(e)
    MVA, NK, MV, mv = FX.buffers()
    seat, decided = 0, 0
    while not any(p.finished for p in game.players) and game.turns < e.max_turns:
        where = f"game {i} turn {game.turns} seat {seat}"
        p = game.players[seat]
        game.extra_turn = False
        loop.settle_free(game, seat)
        states, R = _bridged(game, e, names, ix, rng.state)
        S = states[0]
        # the decision
        opts = actions.all_options(game, seat) if p.nobles_free > 0 else {}
        can_pass = p.nobles_free < p.nobles_total or not opts
        move = p.strategy.choose_action(game, seat, opts, can_pass) if opts else None
        chosen = _choose(S, T, seat, ST, MVA, NK, mv, R)
        assert (list(mv) if chosen else None) == encode_move(move, ix), f"{where}: the decisions differ"
        assert rng.state == int(R[0]), f"{where}: the decisions drew differently"
        decided += 1
        # the effect of that one decision
        if move is None:
            do_pass(game, seat, final=game.end_trigger is not None)
            FP.do_pass(S, T, seat, ST, True, S["trigger"] >= 0, False, R)
        else:
            loop.noble_action(game, seat, move)
            FL.noble_action(S, T, seat, ST, MVA, NK, mv, R)
        same_position(game, states, R, rng, f"{where}: the effects differ")
        if move is not None:
            loop.settle_free(game, seat)
            loop.react(game)
        enforce_hand_limit(game, seat)
        game.turns += 1
        if game.end_trigger is None and trigger(game) is not None:
            break
        if not game.extra_turn:
            seat = (seat + 1) % game.n
    return decided


@pytest.mark.parametrize("players", [2, 3, 4])
def test_decisions_then_effects_match_turn_by_turn(players):
    e = experiment.experiment_from_dict({"players": players, "strategies": ALL}, "t.yaml")
    assert sum(decisions_then_effects(e, experiment_key(41), i) for i in range(4)) > 4 * 30


def test_bridge_round_trip_and_play_to_the_end_from_a_position():
    """``to_game(from_game(g))`` is ``g`` again (field by field), and the compiled engine, started from a
    reference position in mid-game, plays it to the same end as the reference."""
    e = experiment.experiment_from_dict({"players": [3, 4], "strategies": ALL}, "t.yaml")
    ctx = cached_context()
    T = tables_for(ctx)[0]
    ix = L.Index.of(ctx)
    for i in range(6):
        rulers, names = seating(e, i)
        rng = LockstepRandom(trial_state(np.uint64(experiment_key(42)), i))
        strategies = [strategy_object(s, json.dumps(None)) for s in names]
        game = new_game(ctx, rulers, strategies, rng)
        for turn in range(25 + 7 * i):
            loop.take_turn(game, turn % game.n)
            game.turns += 1
        game.current = game.turns % game.n
        rec = L.from_game(game, ix)
        back = L.to_game(rec, ctx, strategies, rng)
        assert L.describe_diff(L.comparable(rec), L.comparable(L.from_game(back, ix))) == []
        back.current = game.current  # the seat to play is the drivers' (not bridged)
        states, R = _bridged(game, e, names, ix, rng.state)
        states[0]["current"] = game.current
        MVA, NK, MV, mv = FX.buffers()
        FL.play(states[0], T, FX.strategy_table(e), e.max_turns, False, R, MVA, NK, MV, mv)
        o = loop.play(back)
        out = np.zeros(L.OUT_COLS, np.int64)
        for s, sc in enumerate(o.scores):
            FE.score(states[0], T, s, out)
            assert int(out[-1]) == sc["total"], (i, s)
        assert o.turns == int(states[0]["turns"])
