"""``seats: {ruler: plan}``: each chair plays the plan of the Ruler it draws. The same games as ``strategies:`` when
both seat the same plan everywhere; on the compiled engine the same games as the reference (turn by turn, on the
same stream); the compiled chunk's counts and rows equal its game-by-game build; bad seats are one clean line."""

import numpy as np
import pytest

from sim.cli import main
from sim.experiments import run_experiment
from sim.games.dark_ages import experiment
from sim.games.dark_ages.fast import experiment as chunk
from sim.rng import experiment_key
from tests.games.dark_ages.fast.lockstep_util import lockstep_game

BASE = ["conrad_the_red", "arnulf_the_bad", "boleslaus_the_cruel", "berengar_of_ivrea", "tomislav",
        "pandulf_ironhead", "gero_the_great"]  # fmt: skip
MARGIN3 = {"name": "margin-3", "uses": "culture", "params": {"attack_margin": 3, "sell_all": False}}
MIXED = {  # every built-in plan, two labels of one plan with other parameters, and the baseline
    "conrad_the_red": "military", "arnulf_the_bad": "expansion", "boleslaus_the_cruel": MARGIN3,
    "berengar_of_ivrea": {"name": "bold", "uses": "military", "params": {"attack_margin": 0, "settle": False}},
    "tomislav": "random_legal", "pandulf_ironhead": "culture", "gero_the_great": MARGIN3,
}  # fmt: skip


def _run(raw, games, seed=4):
    return run_experiment({"game": "dark_ages", **raw}, games=games, seed=seed, keep_rows=True)


def _games(result):
    """The per-game rows without the plan labels (which differ by name only)."""
    return result.rows.drop([c for c in result.rows.columns if c.endswith("_strategy")])


@pytest.mark.parametrize(("engine", "games"), [("reference", 14), ("fast", 400)])
def test_seats_of_one_plan_play_the_games_of_strategies(engine, games):
    """``strategies: [culture]`` with ``strategy_params`` and ``seats:`` giving every Ruler that plan: game for game
    the same rows, the same counts."""
    params = MARGIN3["params"]
    old = _run({"players": [2, 3, 4], "strategies": ["culture"], "strategy_params": {"culture": params},
                "engine": engine}, games)  # fmt: skip
    new = _run({"players": [2, 3, 4], "seats": dict.fromkeys(BASE, MARGIN3), "engine": engine}, games)
    assert _games(old).equals(_games(new))
    assert old.metrics["win_rate"] == new.metrics["win_rate"] and old.metrics["win_type"] == new.metrics["win_type"]
    assert new.metrics["win_rate_by_strategy"].keys() == {"margin-3"}
    assert (new.rows["seat0_strategy"] == "margin-3").all()


def test_each_chair_plays_the_plan_of_its_ruler():
    r = _run({"players": 3, "seats": MIXED}, 140)
    label = {k: v if isinstance(v, str) else v["name"] for k, v in MIXED.items()}
    for j in range(3):
        for ruler, plan in zip(r.rows[f"seat{j}_ruler"], r.rows[f"seat{j}_strategy"], strict=True):
            assert plan == label[ruler]
    by_plan = r.metrics["strategy_matrix"]
    assert by_plan["margin-3"]["tomislav"]["games"] == 0 and by_plan["margin-3"]["gero_the_great"]["games"] == 60
    assert by_plan["random_legal"]["tomislav"]["games"] == 60  # 140 games × 3 chairs / 7 Rulers


@pytest.mark.parametrize("games", [pytest.param(36, marks=pytest.mark.full), 6])
def test_the_compiled_engine_plays_the_references_games_turn_by_turn(games):
    e = experiment.experiment_from_dict({"players": [2, 3, 4], "seats": MIXED}, "test.yaml")
    assert e.engine == "fast" and e.strategies == ("military", "expansion", "margin-3", "bold", "random_legal",
                                                  "culture")  # fmt: skip
    assert sum(lockstep_game(e, experiment_key(15), i) for i in range(games)) > games * 30


def test_the_vectorised_chunk_equals_its_game_by_game_build():
    p = experiment.compile(experiment.experiment_from_dict({"players": [3, 4], "seats": MIXED}, "test.yaml"))
    key = experiment_key(3)
    a, ra = chunk.play_chunk(p, key, 5, 60, True)
    b, rb = chunk.play_chunk_loop(p, key, 5, 60, True)
    for name in a:
        np.testing.assert_array_equal(a[name], b[name], err_msg=name)
    for name in ra:
        np.testing.assert_array_equal(ra[name], rb[name], err_msg=name)


def test_a_plan_table_game_by_game_seats_what_it_says():
    """``play_chunk(table=…)`` (the balance layer's mixed seats): a table giving every Ruler its own plan in every
    game plays the experiment's games."""
    p = experiment.compile(experiment.experiment_from_dict({"players": 3, "seats": MIXED}, "test.yaml"))
    e = p.experiment
    table = np.tile([e.strategies.index(e.seats[r]) for r in e.rulers], (50, 1))
    key = experiment_key(9)
    a, ra = chunk.play_chunk(p, key, 0, 50, True)
    b, rb = chunk.play_chunk(p, key, 0, 50, True, table=table)
    for name in a:
        np.testing.assert_array_equal(a[name], b[name], err_msg=name)
    table[:, BASE.index("tomislav")] = e.strategies.index("culture")
    _, rc = chunk.play_chunk(p, key, 0, 50, True, table=table)
    at_table = (rc["seat0_ruler"] == "tomislav") | (rc["seat1_ruler"] == "tomislav") | (rc["seat2_ruler"] == "tomislav")
    assert set(rc["seat0_strategy"][rc["seat0_ruler"] == "tomislav"]) == {"culture"}
    assert (rc["trigger"][~at_table] == ra["trigger"][~at_table]).all()  # games without Tomislav are unchanged


@pytest.mark.parametrize(
    ("seats", "extra", "expected"),
    [
        ({"tomislav": "culture"}, {}, "seats: expected a mapping {ruler: plan} for every Ruler in play (missing"),
        ({**MIXED, "otto": "culture"}, {}, "not in play: otto"),
        ({**MIXED, "tomislav": "diplomat"}, {}, "seats.tomislav: expected a plan"),
        ({**MIXED, "tomislav": {"uses": "culture", "params": {"army": 3}}}, {}, "army"),
        ({**MIXED, "tomislav": {"name": "margin-3", "uses": "military"}}, {}, "one definition per plan name"),
        (MIXED, {"strategies": ["culture"]}, "strategies: expected seats or strategies/strategy_params, not both"),
    ],
)
def test_bad_seats_are_one_line_and_exit_2(tmp_path, capsys, seats, extra, expected):
    import yaml

    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump({"game": "dark_ages", "players": 3, "seats": seats, **extra}))
    with pytest.raises(SystemExit) as exit_:
        main(["run", str(path), "--games", "3", "--no-progress"])
    err = capsys.readouterr().err.strip()
    assert exit_.value.code == 2 and len(err.splitlines()) == 1 and expected in err, err
