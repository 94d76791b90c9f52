"""Whole games on the Dark Ages fast engine: the same games as the reference (state by state after every turn on
the same stream, then the same scores, trigger and length), invariants after every turn, chunk and worker
independence, and the ``engine:`` switch."""

import json

import numpy as np
import pytest

from sim.errors import ConfigError
from sim.experiments import run_experiment
from sim.games.dark_ages import experiment
from sim.games.dark_ages.fast import experiment as chunk
from sim.games.dark_ages.fast.layout import OUT_COLS, TRIGGERS
from sim.games.dark_ages.game.context import cached_context
from sim.games.dark_ages.game.loop import play
from sim.games.dark_ages.game.setup import new_game
from sim.lockstep import LockstepRandom
from sim.rng import experiment_key, trial_state
from tests.games.dark_ages.fast.lockstep_util import lockstep_game

ALL = ["random_legal", "expansion", "culture", "military"]
FOUR = ["tomislav", "gero_the_great", "conrad_the_red", "pandulf_ironhead"]
TWEAKED = {  # parameters off the defaults reach the code paths the default plans never take
    "expansion": {"attack_capitals": True, "attack_margin": 0, "sell_all": False, "pass_at_nobles": 1,
                  "reactions": ["cultural_exchange", "sell_goods"], "card_types": ["relic", "military_technology"]},
    "culture": {"settle": False, "upkeep_gold_reserve": 0, "reactions": ["regroup", "recruit"]},
    "military": {"attack_margin": 0, "sell_all": False, "card_types": ["cognomen"]},
}  # fmt: skip


def payload(**keys):
    return experiment.compile(experiment.experiment_from_dict(keys, "test.yaml"))


LOCKSTEP = [  # (players, strategies, params, games): the full suite; make test plays a quarter of each
    (3, ALL, {}, 120),
    (2, ALL, {}, 48),
    (4, ALL, {}, 48),
    (3, ["random_legal"], {}, 24),
    (4, ["military", "military", "expansion", "culture"], {}, 24),
    (3, ALL, TWEAKED, 48),
    (4, ALL, TWEAKED, 24),
]


@pytest.mark.parametrize(
    "players, strategies, params, games",
    [pytest.param(*case, marks=pytest.mark.full) for case in LOCKSTEP]
    + [(*case[:3], case[3] // 4) for case in LOCKSTEP],
)
def test_same_games_as_the_reference_turn_by_turn(players, strategies, params, games):
    """With ``LockstepRandom`` the reference draws exactly as the kernels do: every game is the same game, the whole
    position (and the stream) equal after set-up and after every turn, and the same final score by category."""
    e = payload(players=players, strategies=strategies, strategy_params=params).experiment
    key = experiment_key(players * 100 + len(params))
    turns = sum(lockstep_game(e, key, i) for i in range(games))
    assert turns > games * 40


def test_same_games_with_skirmisher_tokens():
    """Module 7 swaps the Barbarian token pool: the compiled engine plays it from the tables, turn by turn as the
    reference."""
    for raw in ({"skirmishers": True}, {"modules": {"skirmishers": True}}):
        e = payload(players=[2, 3, 4], strategies=ALL, **raw).experiment
        assert e.engine == "fast"
        assert sum(lockstep_game(e, experiment_key(77), i) for i in range(6)) > 6 * 40


@pytest.mark.parametrize(
    "players, max_turns, count, rulers",
    [([2, 3, 4], 2000, 45, "all"), ([3, 4], 40, 12, FOUR)],
)
def test_chunk_kernel_rows_are_the_reference_outcomes(players, max_turns, count, rulers):
    """The compiled game loop (``chunk.play_games``) against the reference ``loop.play`` on the same stream: the
    same trigger (the turn cap too), turns, Passes and VP by category for every seat."""
    p = payload(players=players, strategies=ALL, strategy_params=TWEAKED, max_turns=max_turns, rulers=rulers)
    e = p.experiment
    key = experiment_key(5)
    out = chunk.run_games(p, key, 0, count)
    for i in range(count):
        rulers, names = experiment.seating(e, i)
        strategies = [experiment.strategy_object(s, json.dumps(e.strategy_params.get(s), sort_keys=True))
                      for s in names]  # fmt: skip
        game = new_game(cached_context(), rulers, strategies, LockstepRandom(trial_state(np.uint64(key), i)))
        o = play(game, max_turns=max_turns)
        row = out[i]
        assert (int(row[0]), TRIGGERS[int(row[1])], int(row[2]), int(row[3])) == (
            len(rulers), o.trigger, o.turns, o.passes), i  # fmt: skip
        for s, sc in enumerate(o.scores):
            got = row[chunk.HEAD + s * OUT_COLS : chunk.HEAD + (s + 1) * OUT_COLS]
            want = [sc.get(c, 0) for c in experiment.CATEGORIES] + [sc["total"]]
            assert [int(x) for x in got] == want, (i, s)


def test_invariants_hold_after_every_turn():
    p = payload(players=[2, 3, 4], strategies=ALL, strategy_params=TWEAKED)
    out = chunk.run_games(p, experiment_key(9), 0, 600, debug=True)
    assert (out[:, 0] > 0).all()
    assert set(out[:, 1]) <= set(range(len(TRIGGERS) - 2))


def test_same_results_for_any_chunking_and_workers():
    raw = {"game": "dark_ages", "players": [2, 3, 4], "strategies": ALL}
    a = run_experiment(raw, games=400, seed=3, workers=1, chunk=400, keep_rows=True)
    b = run_experiment(raw, games=400, seed=3, workers=2, chunk=37, keep_rows=True)
    assert a.metrics == b.metrics
    assert a.rows.equals(b.rows)
    c = chunk.play_chunk(payload(players=[2, 3, 4], strategies=ALL), experiment_key(3), 100, 50, True)
    d = chunk.play_chunk(payload(players=[2, 3, 4], strategies=ALL), experiment_key(3), 125, 25, True)
    assert list(c[1]["seat0_vp"][25:]) == list(d[1]["seat0_vp"])


def test_chunk_counts_match_the_reference_play_chunk_format():
    p = payload(players=[2, 3, 4], strategies=ALL)
    fast = chunk.play_chunk(p, experiment_key(1), 0, 30, True)
    ref_payload = payload(players=[2, 3, 4], strategies=ALL, engine="reference")
    ref = experiment.play_chunk(ref_payload, experiment_key(1), 0, 30, True)
    assert fast[0].keys() == ref[0].keys()
    for k in fast[0]:
        assert fast[0][k].shape == ref[0][k].shape and fast[0][k].dtype == ref[0][k].dtype, k
    assert fast[1].keys() == ref[1].keys()
    for k in ref[1]:
        assert fast[1][k].dtype.kind == ref[1][k].dtype.kind, k
    assert int(fast[0]["games"].sum()) == int(ref[0]["games"].sum())


def test_engine_switch():
    assert payload(players=3).experiment.engine == "fast"
    assert payload(players=3, engine="reference").experiment.engine == "reference"
    assert payload(players=4, modules={"wyrd": True}).experiment.engine == "fast"  # every module is compiled
    long = {"strategies": ["culture", "military"], "strategy_params": {"culture": {"reactions": ["recruit"] * 7}}}
    assert payload(players=4, **long).experiment.engine == "reference"  # more reactions than a compiled row holds
    # the tables are compiled from the experiment's rule set: overrides and Skirmisher tokens stay compiled
    assert payload(players=3, rules={"battle.keep_melee_bonus_per_level": 2}).experiment.engine == "fast"
    assert payload(players=3, skirmishers=True).experiment.engine == "fast"
    assert payload(players=3, modules={"skirmishers": True}).experiment.engine == "fast"
    assert payload(players=3, rules={"culture_track.vp": list(range(65))}).experiment.engine == "reference"
    for keys in (
        {"players": 4, **long},
        {"players": 3, "rules": {"culture_track.vp": list(range(65))}},
    ):
        with pytest.raises(ConfigError, match="fast engine cannot play"):
            experiment.experiment_from_dict({**keys, "engine": "fast"}, "test.yaml")
    effects = experiment.experiment_from_dict({"mode": "module_effects", "engine": "fast"}, "test.yaml")
    assert effects.engine == "fast"  # every module by default: all compiled
    with pytest.raises(ConfigError, match="engine"):
        experiment.experiment_from_dict({"players": 3, "engine": "warp"}, "test.yaml")
    # solo (Module 1): tests/games/dark_ages/fast/test_fast_solo.py
    assert experiment.experiment_from_dict({"mode": "solo", "engine": "auto"}, "test.yaml").engine == "fast"


@pytest.mark.parametrize("rulers", ["all", FOUR])
def test_vectorised_chunk_equals_the_game_by_game_one(rulers):
    p = payload(players=[2, 3, 4], strategies=["culture", "random_legal", "military"], rulers=rulers)
    a = chunk.play_chunk(p, experiment_key(4), 7, 120, True)
    b = chunk.play_chunk_loop(p, experiment_key(4), 7, 120, True)
    for k in a[0]:
        assert np.array_equal(a[0][k], b[0][k]), k
    for k in b[1]:
        assert a[1][k].tolist() == b[1][k].tolist(), k
