"""Whole games on the fast engine: the same games as the reference (state by state on the same stream), invariants
after every action, chunk and worker independence, and the ``engine:`` switch."""

import numpy as np
import pytest

from sim.errors import ConfigError
from sim.experiments import run_experiment
from sim.games.principes import experiment
from sim.games.principes.driver import WIN_TYPES
from sim.games.principes.fast import chunk
from sim.rng import experiment_key

from .lockstep_helpers import lockstep

MIX = ["builder", "conqueror", "politician", "random"]
RAW = {"game": "principes", "seats": MIX, "rotate": True, "history": False}


def payload(**keys):
    body = {"seats": MIX, "history": False, **keys}
    return experiment.experiment_from_dict(body, "test.yaml")


TWEAKED = [  # parameters off the defaults reach the code paths the default plans never take
    {"name": "raider", "uses": "conqueror",
     "params": {"destroy": True, "prince_moves": True, "attack_ratio": 0.8, "indulgence": False,
                "prefer_weakest": 1.5}},
    {"name": "saver", "uses": "builder",
     "params": {"progress": True, "council_leads": 1, "gold_reserve": 2, "buildings": ["castle", "castle", "abbey"]}},
    {"name": "quiet", "uses": "politician",
     "params": {"block_councils": False, "late_council": False, "draw_court": 1, "found_cities": True}},
    {"name": "restless", "uses": "random", "params": {"move_share": 0.9, "play_share": 0.2}},
]  # fmt: skip
RULES = {
    "taxes.people_cost": 2,
    "taxes.min_people": 2,
    "assembly.units": 4,
    "politics.hand_limit": 4,
    "tracks.start_people": 5,
}


@pytest.mark.parametrize(
    "seats, rules",
    [
        (MIX, {}),
        (["random"] * 4, {}),
        (["conqueror", "conqueror", "builder", "politician"], {}),
        (TWEAKED, {}),
        (MIX, RULES),
    ],
)
def test_same_games_as_the_reference_state_by_state(seats, rules):
    """With ``LockstepRandom`` the reference draws exactly as the kernels do, so every game must be the same game:
    the state after each action, the winner and the record."""
    ex = payload(seats=seats, rules=rules)
    assert ex.engine == "fast"
    lockstep(ex, experiment_key(21), range(25))


@pytest.mark.parametrize("seats", [["random"] * 4, MIX])
def test_invariants_after_every_action_and_games_finish(seats):
    ex = payload(seats=seats)
    t = chunk.run_games(ex, experiment_key(3), 0, 300, debug=True)
    col = chunk.COL
    assert not t[:, col["bad"]].any()  # units conserved, tracks in range, gold ≥ 0, control consistent, ...
    assert set(t[:, col["win_type"]]) <= set(range(len(WIN_TYPES)))
    assert ((t[:, col["rounds"]] >= 1) & (t[:, col["rounds"]] <= 6)).all()
    assert ((t[:, col["winner"]] >= 0) == (t[:, col["win_type"]] != 3)).all()
    for j in range(4):  # the winner is never eliminated
        won = t[:, col["winner"]] == j
        assert not t[won, col[f"eliminated_{j}"]].any()


def test_chunks_add_up_to_the_whole():
    ex = payload()
    key = np.uint64(9)
    whole, rows = experiment.play_chunk(ex, key, 0, 40, True)
    a, rows_a = experiment.play_chunk(ex, key, 0, 13, True)
    b, rows_b = experiment.play_chunk(ex, key, 13, 27, True)
    for name in whole:
        assert np.array_equal(whole[name], a[name] + b[name]), name
    for name in rows:
        assert np.array_equal(rows[name], np.concatenate([rows_a[name], rows_b[name]])), name


def test_workers_and_chunking_do_not_change_the_table():
    runs = [
        run_experiment(RAW, games=240, seed=4, workers=1, chunk=240, keep_rows=True),
        run_experiment(RAW, games=240, seed=4, workers=2, chunk=50, keep_rows=True),
        run_experiment(RAW, games=240, seed=4, workers=2, chunk=7, keep_rows=True),
    ]
    first = runs[0].to_json()
    first.pop("seconds")
    for r in runs[1:]:
        other = r.to_json()
        other.pop("seconds")
        assert other == first
        assert r.rows.equals(runs[0].rows)


def test_json_contract_is_the_reference_s():
    fast = run_experiment(RAW, games=8, seed=1).to_json()
    ref = run_experiment({**RAW, "engine": "reference"}, games=8, seed=1).to_json()
    assert set(fast) | {"engine_reason"} == set(ref)  # the reference says why it played (engine: reference)
    for key in ("win_rate", "final_tracks", "strategy_matrix", "balance", "win_type", "rounds_hist"):
        assert set(fast[key]) == set(ref[key])
    fast_rows = run_experiment(RAW, games=8, seed=1, keep_rows=True).rows
    ref_rows = run_experiment({**RAW, "engine": "reference"}, games=8, seed=1, keep_rows=True).rows
    assert fast_rows.schema == ref_rows.schema


def test_engine_switch():
    assert payload().engine == "fast"
    assert payload(engine="reference").engine == "reference"
    assert payload(history=True).engine == "fast"
    assert experiment.experiment_from_dict({"seats": MIX}, "t.yaml").engine == "fast"  # History on by default
    assert payload(neighbors=True).engine == "fast"
    bold = {"name": "bold", "uses": "conqueror", "params": {"attack_ratio": 2, "prince_moves": True}}
    assert payload(seats=["builder", bold, "politician", "random"]).engine == "fast"
    custom = "strategies.principes.builder:Builder"
    assert payload(seats=[custom, *MIX[1:]]).engine == "reference"
    assert payload(progress="tiles", neighbors=True, court=True, princesses=True).engine == "fast"
    with pytest.raises(ConfigError) as err:
        payload(seats=[custom, *MIX[1:]], engine="fast")
    assert err.value.key == "engine" and "strategy" in str(err.value)
    with pytest.raises(ConfigError) as err:
        payload(engine="quick")
    assert err.value.key == "engine"


def test_unknown_module_switch_falls_back_to_the_reference():
    from sim.games.principes.fast.dispatch import fast_obstacles

    ex = payload()
    assert fast_obstacles({"seats": MIX, "history": False}, ex) == []
    assert fast_obstacles({"seats": MIX, "history": False, "dragons": True}, ex)
    assert fast_obstacles({"seats": MIX, "history": False, "dragons": False}, ex) == []
    assert fast_obstacles({"seats": MIX, "history": False, "progress": "generic"}, ex) == []
