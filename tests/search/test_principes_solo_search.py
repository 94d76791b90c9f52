"""The Principes solo player searching (``fast.solo_search``, ``search:`` in a solo experiment): with budget 0 it
plays the solo plan's games exactly, it changes plans within its budget when it searches, its games do not depend on
workers, and a solo searcher that cannot be played is one line and exit code 2."""

import json

import numpy as np
import pytest

from sim.cli import main
from sim.errors import ConfigError
from sim.experiments import run_experiment
from sim.games.principes import experiment
from sim.games.principes.fast import solo_experiment as fast
from sim.games.principes.fast import solo_search
from sim.games.principes.solo_experiment import COLUMNS
from sim.rng import experiment_key

# The solo searcher compiles its own copy of the solo engine (a few CPU-minutes cold): make test-full runs these.
pytestmark = pytest.mark.full

KEY = experiment_key(7)
SOLO = {"mode": "solo", "difficulties": ["normal", "hard", "legendary"], "principalities": "all", "history": True}


def payload(**keys):
    return experiment.experiment_from_dict({**SOLO, **keys}, "t.yaml")


def test_budget_0_plays_the_solo_plans_games_exactly():
    e = payload(search={"budget": 0})
    assert e.specs[0][0] == "rollout" and e.specs[0][1]["policy"] == "solo"
    plain = fast.run_games(payload(), KEY, 0, 36)  # every Principality at every level, 3 deals each
    table, stats = solo_search.run_games(e, KEY, 0, 36)
    assert np.array_equal(table, plain) and stats.sum() == 0


def test_a_solo_searcher_that_sees_hidden_cards_says_so():
    assert payload(search={"budget": 4}).labels == ("solo+search4",)
    assert payload(search={"budget": 4, "sees_hidden": True}).labels == ("solo+search4 (sees hidden cards)",)


def test_the_solo_searcher_weighs_each_rounds_plan_within_its_budget():
    table, stats = solo_search.run_games(payload(search={"budget": 6, "objective": "score"}), KEY, 0, 6)
    rounds = table[:, COLUMNS.index("rounds")]
    decisions = stats[:, solo_search.ST_DECISIONS]
    assert (decisions == rounds).all()  # one plan a Round begun
    assert stats[:, solo_search.ST_CHANGED].sum() > 0
    # halving over the (up to 6) lead plans in 3 rounds: from 6 + 3 + 2 playouts to 6 + 6 + 6 (all tied)
    assert (stats[:, solo_search.ST_PLAYOUTS] <= 18 * decisions).all()
    assert (stats[:, solo_search.ST_PLAYOUTS] >= 11 * decisions).all()


def test_workers_1_and_2_give_the_same_searched_solo_games():
    raw = {"game": "principes", **SOLO, "search": {"budget": 4, "objective": "score"}, "seed": 5}
    one, two = (run_experiment(raw, games=6, workers=w, chunk=2, keep_rows=True) for w in (1, 2))
    assert one.metrics == two.metrics


@pytest.mark.parametrize("keys, where", [
    ({"search": {"budget": 8, "tactics": True}}, "strategies[0]"),
    ({"search": {"budget": -1}}, "search"),
    ({"search": {"budget": 8}, "engine": "reference"}, "engine"),
])  # fmt: skip
def test_a_solo_searcher_that_cannot_play_is_refused_in_one_line(keys, where, tmp_path, capsys):
    with pytest.raises(ConfigError, match=where.replace("[", r"\[")):
        payload(**keys)
    path = tmp_path / "solo.yaml"
    path.write_text(json.dumps({"game": "principes", **SOLO, **keys}))
    with pytest.raises(SystemExit) as exit_:
        main(["run", str(path), "--games", "3", "--no-progress"])
    err = capsys.readouterr().err.strip()
    assert exit_.value.code == 2 and len(err.splitlines()) == 1 and where in err and str(path) in err, err
