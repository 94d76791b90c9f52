"""sim tune on Dark Ages solo (Module 1, ``mode: solo``): the player is the experiment's one faction and its plan
reaches the solo engine as the strategy it runs with its parameters. Rulebook, Module 1: "If you have more VP than
the Lordlings, you win the game. If you have equal or fewer VP, you lose" (a win per game, so the objective is the
win rate itself)."""

import pytest

from sim.balance.games import adapter
from sim.balance.store import derive_seed
from sim.balance.tune import tune
from sim.experiments import run_experiment

SOLO = {"game": "dark_ages", "mode": "solo", "difficulties": ["standard"], "strategies": ["culture"]}


@pytest.fixture(scope="module")
def tuned():
    return tune(SOLO, "player", budget=600, holdout=300, candidates=3, seed=5)


def test_the_held_out_baseline_is_the_plans_win_rate_on_the_same_games(tuned):
    alone = run_experiment(SOLO, games=300, seed=derive_seed(5, "tune", "player", "holdout"))
    assert tuned.base == "culture" and tuned.holdout_games == 300
    assert tuned.baseline_win_rate == pytest.approx(alone.metrics["win_rate"]["standard"])
    assert 0.05 < tuned.baseline_win_rate < 0.95
    assert tuned.gain == pytest.approx(tuned.tuned_win_rate - tuned.baseline_win_rate)


def test_the_tuned_plan_plays_as_strategy_params_in_the_solo_experiment(tuned):
    """The held-out tuned win rate is that of the solo experiment run with the tuned parameters."""
    spec = tuned.plan.spec
    body = adapter("dark_ages", "t", SOLO).profile_body(SOLO, {"player": spec})
    assert body["strategies"] == [spec["uses"]] and body["strategy_params"][spec["uses"]] == spec["params"]
    again = run_experiment(body, games=300, seed=derive_seed(5, "tune", "player", "holdout"))
    assert tuned.tuned_win_rate == pytest.approx(again.metrics["win_rate"]["standard"])


def test_a_changed_parameter_changes_the_games():
    a = adapter("dark_ages", "t", SOLO)
    base = run_experiment(a.profile_body(SOLO, {"player": "culture"}), games=200, seed=1)
    other = {"name": "x", "uses": "culture", "params": {"research_after_passes": 6}}
    changed = run_experiment(a.profile_body(SOLO, {"player": other}), games=200, seed=1)
    assert base.metrics["mean_turns"] != changed.metrics["mean_turns"]
