"""The compiled Hussars engine plays the reference's games: state by state on the same stream, row for row over many
games, with the invariants holding after every action; chunks and the ``engine:`` switch."""

import json

import numpy as np
import pytest

from sim.errors import ConfigError
from sim.experiments import run_experiment
from sim.games.hussars import experiment
from sim.games.hussars.experiment import _rules, seating
from sim.games.hussars.fast import chunk
from sim.games.hussars.fast.state import STATE, sliced
from sim.games.hussars.game import invariants
from sim.games.hussars.game.loop import play_game
from sim.games.hussars.game.state import dims, from_record, layout, to_record
from sim.lockstep import LockstepRandom
from sim.rng import experiment_key, trial_state
from strategies.hussars import make

SCRIPTED = ["economic", "military", "political", "raider"]
RANDOM = ["random"] * 4
CASES = {  # plans, battle mode and rules that reach the rarely taken paths
    "scripted": ({"plans": SCRIPTED}, 8),
    "random-full": ({"plans": RANDOM, "battles": "full"}, 6),
    "random-3-rounds": ({"plans": RANDOM, "rounds": 3}, 6),
    "switches": ({"plans": ["random", "military", "random", "political"], "rounds": 3, "titles": {"hetman": 2},
                  "leases": {"kaniw": 1},
                  "rules": {"action_phase.enemies_position": "by_time", "simplified.tie": "turn_order",
                            "succession.death_check": "title_holders", "board.successor_health": 0,
                            "battles.interception_walls": True, "events.deck.besh_bash": 4}}, 6),
    "three-players": ({"plans": ["random", "raider", "economic"], "players": 3,
                       "families": ["ostrogski", "korecki", "danilowicz"]}, 6),
}  # fmt: skip


def payload(keys):
    return experiment.experiment_from_dict({"engine": "reference", **keys}, "test")


def reference_trace(ex, key, game, check=False):
    """(rules, [(action, state record)] after every action) of the reference engine; ``check``: also assert the
    invariants on every position (the compiled engine's positions are the same, action by action)."""
    setup = ex.variants[0]
    rules = _rules(setup.rules)
    plans = [make(u, json.loads(p)) for u, p in ex.specs]
    families, ids = seating(ex, game)
    states = []

    def seen(g, what):
        if check:
            assert invariants.violations(g.state, rules) == [], (game, what)
        states.append((what, to_record(g.state)))

    play_game(rules, families, [plans[i] if i >= 0 else None for i in ids], LockstepRandom(trial_state(key, game)),
              setup.rounds, setup.battles, setup.titles, setup.leases, on_action=seen)  # fmt: skip
    return rules, states


def as_record(row):
    rec = STATE.new()
    STATE.flat(rec)[0][:] = row
    return rec


@pytest.mark.parametrize("case", ["scripted", "random-full", "switches"])
def test_same_games_as_the_reference_state_by_state(case):
    """Fed the same stream, the compiled engine's position equals the reference's after every action."""
    keys, games = CASES[case]
    ex = payload(keys)
    key = experiment_key(31)
    for game in range(min(games, 3)):
        rules, states = reference_trace(ex, key, game)
        _, trace = chunk.trace_game(ex, key, game)
        assert len(trace) == len(states)
        lay, d = layout(dims(rules)), dims(rules)
        for i, ((what, want), got) in enumerate(zip(states, trace, strict=True)):
            diff = lay.diff(want[0], sliced(as_record(got), d)[0])
            assert not diff, (case, game, i, what, diff)


@pytest.mark.full
@pytest.mark.parametrize("case", sorted(CASES))
def test_many_games_state_by_state(case):
    """Every case over 30–40 games: the same position after every action, and the invariants hold on each."""
    keys, games = CASES[case]
    ex = payload(keys)
    key = experiment_key(32)
    for game in range(games * 5):
        rules, states = reference_trace(ex, key, game, check=True)
        _, trace = chunk.trace_game(ex, key, game)
        d = dims(rules)
        assert len(trace) == len(states)
        for (what, want), got in zip(states, trace, strict=True):
            assert not layout(d).diff(want[0], sliced(as_record(got), d)[0]), (case, game, what)


@pytest.mark.parametrize("case", sorted(CASES))
def test_same_rows_as_the_reference(case):
    keys, games = CASES[case]
    ex = payload(keys)
    key = experiment_key(33)
    assert np.array_equal(chunk.fast_rows(ex, key, 0, games * 2), experiment.reference_rows(ex, key, 0, games * 2))


@pytest.mark.parametrize("case", ["random-3-rounds", "switches"])
def test_invariants_after_every_action(case):
    """Income and Upkeep tracks equal what the position derives, tokens are conserved, nothing is negative."""
    keys, _ = CASES[case]
    ex = payload(keys)
    rules = _rules(ex.variants[0].rules)
    d = dims(rules)
    checked = 0
    for game in range(2):
        _, trace = chunk.trace_game(ex, experiment_key(34), game)
        for row in trace:
            state = from_record(sliced(as_record(row), d), d)
            assert invariants.violations(state, rules) == [], (case, game)
            checked += 1
    assert checked > 150


def test_chunks_add_up_and_auto_picks_the_compiled_engine():
    ex = experiment.experiment_from_dict({"plans": RANDOM}, "test")
    assert ex.engine == "fast"
    key = experiment_key(9)
    whole, rows = experiment.play_chunk(ex, key, 0, 30, True)
    a, rows_a = experiment.play_chunk(ex, key, 0, 11, True)
    b, rows_b = experiment.play_chunk(ex, key, 11, 19, True)
    for name in whole:
        assert np.array_equal(whole[name], a[name] + b[name]), name
    for name in rows:
        assert list(rows[name]) == list(rows_a[name]) + list(rows_b[name]), name


def test_engines_give_the_same_table():
    raw = {
        "game": "hussars",
        "games": 40,
        "seed": 5,
        "compare": {"a": {"battles": "simplified"}, "b": {"battles": "full"}},
    }
    fast = run_experiment({**raw, "engine": "fast"}, keep_rows=True)
    ref = run_experiment({**raw, "engine": "reference"}, keep_rows=True)
    a, b = fast.to_json(), ref.to_json()
    for body in (a, b):
        body.pop("seconds"), body.pop("engine"), body.pop("engine_reason", None)
    assert a == b and fast.rows.equals(ref.rows)


def test_engine_fast_says_why_it_cannot():
    with pytest.raises(ConfigError, match="strict"):
        experiment.experiment_from_dict({"engine": "fast", "strict": True}, "test")
    with pytest.raises(ConfigError, match="not a built-in plan"):
        experiment.experiment_from_dict(
            {
                "engine": "fast",
                "plans": [
                    {"name": "mine", "uses": "strategies.hussars.economic:Economic"},
                    "military",
                    "political",
                    "raider",
                ],
            },
            "t",
        )
