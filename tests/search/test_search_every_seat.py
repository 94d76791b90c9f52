"""A searcher in every seat (the experiment key ``search:``, ``sim.search``) on both compiled engines: with budget 0
every game is the policies' own, searched games keep every invariant and do not depend on workers, and bad settings
are one line and exit code 2."""

import json

import numpy as np
import pytest

from sim.cli import main
from sim.experiments import run_experiment
from sim.rng import experiment_key

KEY = experiment_key(11)
PRINCIPES = {"game": "principes", "seats": ["builder", "politician", "conqueror", "random"], "history": True}
DARK_AGES = {"game": "dark_ages", "players": 3, "rulers": ["boleslaus_the_cruel", "tomislav", "gero_the_great"],
             "seats": {"boleslaus_the_cruel": "culture", "tomislav": "expansion", "gero_the_great": "military"}}


def principes(**keys):
    from sim.games.principes import experiment

    return experiment.experiment_from_dict({k: v for k, v in {**PRINCIPES, **keys}.items() if k != "game"}, "t.yaml")


def dark_ages(**keys):
    from sim.games.dark_ages import experiment

    return experiment.experiment_from_dict({k: v for k, v in {**DARK_AGES, **keys}.items() if k != "game"}, "t.yaml")


def test_principes_budget_0_in_every_seat_plays_the_policies_games_exactly():
    from sim.games.principes.fast import chunk, search

    plain = chunk.run_games(principes(), KEY, 0, 30)
    e = principes(search={"budget": 0})
    assert all(uses == "rollout" for uses, _ in e.specs) and len(e.specs) == 4
    table, stats = search.run_games(e, KEY, 0, 30)
    assert np.array_equal(table, plain) and stats.sum() == 0


def test_dark_ages_budget_0_in_every_seat_plays_the_policies_games_exactly():
    from sim.games.dark_ages import experiment
    from sim.games.dark_ages.fast import experiment as fast_experiment
    from sim.games.dark_ages.fast import search

    plain = fast_experiment.run_games(experiment.compile(dark_ages()), KEY, 0, 20)
    table, stats = search.run_games(dark_ages(search={"budget": 0, "reactions": True}), KEY, 0, 20)
    assert np.array_equal(table, plain)
    assert stats[:, search.S_DECISIONS].sum() > 0 and stats[:, search.S_CHANGED].sum() == 0
    assert stats[:, search.S_PLAYOUTS].sum() == 0  # listed, weighed with no playout


def test_principes_every_seat_searching_keeps_the_invariants_within_its_budget():
    from sim.games.principes.fast import chunk, search

    table, stats = search.run_games(principes(search={"budget": 6, "objective": "score"}), KEY, 0, 3, True)
    assert (table[:, chunk.COL["bad"]] == 0).all()  # ``invariants.violations`` after every event
    decisions = stats[:, search.S_DECISIONS].sum()
    assert decisions >= 4 * (table[:, chunk.COL["rounds"]].sum() - 3) and stats[:, search.S_CHANGED].sum() > 0
    # halving over 6 plans in 3 rounds: one playout each round for every plan still in, from 6 + 3 + 2 (the better
    # half stays each round) to 6 + 6 + 6 (every value tied: none dropped)
    assert 11 * decisions <= stats[:, search.S_PLAYOUTS].sum() <= 18 * decisions


def test_dark_ages_every_seat_searching_keeps_the_invariants_within_its_budget():
    from sim.games.dark_ages.fast import search

    table, stats = search.run_games(dark_ages(search={"budget": 8, "objective": "score"}), KEY, 0, 2, debug=True)
    assert (table[:, 0] == 3).all()  # every game finished with its 3 players (a failed invariant raises)
    decisions = stats[:, search.S_DECISIONS].sum()
    assert 0 < stats[:, search.S_CHANGED].sum() <= decisions
    assert decisions <= stats[:, search.S_PLAYOUTS].sum() <= 12 * decisions  # 8, or a round's one playout each more


@pytest.mark.parametrize("game", ["principes", "dark_ages"])
def test_workers_1_and_2_give_the_same_searched_games(game):
    raw = {**(PRINCIPES if game == "principes" else DARK_AGES), "search": {"budget": 4}, "seed": 5}
    one, two = (run_experiment(raw, games=6, workers=w, chunk=2, keep_rows=True) for w in (1, 2))
    assert one.metrics == two.metrics
    assert one.rows.equals(two.rows)


@pytest.mark.parametrize(
    ("game", "keys", "expected"),
    [
        ("principes", {"search": {"budget": -1}}, "budget must be a whole number"),
        ("principes", {"search": {"budget": 2.5}}, "budget must be a whole number"),
        ("dark_ages", {"search": {"budget": "lots"}}, "budget"),
        ("principes", {"search": {"budget": 4, "policy": "nobody"}}, "unknown strategy"),
        ("dark_ages", {"search": {"budget": 4, "policy": "nobody"}}, "unknown plan"),
        ("principes", {"search": {"budget": 4, "reactions": True}}, "unknown parameters"),  # a Dark Ages decision
        ("dark_ages", {"search": {"budget": 4, "actions": True}}, "unknown parameters"),  # a Principes decision
        ("principes", {"search": {"budget": 4}, "engine": "reference"}, "engine"),
        ("dark_ages", {"search": {"budget": 4}, "engine": "reference"}, "engine"),
        ("principes", {"search": {"budget": 4, "allocation": "greedy"}}, "allocation must be one of"),
    ],
)
def test_bad_search_settings_are_one_line_and_exit_2(tmp_path, capsys, game, keys, expected):
    path = tmp_path / "search.yaml"
    path.write_text(json.dumps({**(PRINCIPES if game == "principes" else DARK_AGES), **keys}))
    with pytest.raises(SystemExit) as exit_:
        main(["run", str(path), "--games", "2", "--no-progress"])
    err = capsys.readouterr().err.strip()
    assert exit_.value.code == 2 and len(err.splitlines()) == 1 and expected in err and str(path) in err, err


def test_a_searcher_that_sees_hidden_cards_says_so():
    from sim.search.settings import SEES_HIDDEN

    e = principes(search={"budget": 4, "sees_hidden": True})
    assert all(label.endswith(f"({SEES_HIDDEN})") for label in e.labels)
    assert not any(SEES_HIDDEN in label for label in principes(search={"budget": 4}).labels)
    d = dark_ages(search={"budget": 4, "determinize": False})
    assert all(label.endswith(f"({SEES_HIDDEN})") for label in d.strategies)
