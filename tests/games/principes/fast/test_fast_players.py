"""Principes for 2 and 3 players on the compiled engine (issue 16 part 1): the same games as the reference, state by
state on the same stream, with every module off and every module on; invariants; the win table keyed by the played
Principalities; ``engine: auto`` sends them to it (the passive variant, with or without elimination: ``elimination:
false``; ``variant: active`` in ``test_fast_active``).

Rulebook, Game for 2 and 3 Players: "Principalities not chosen by any player are not played, but their units are
placed on the Map" (the neutral units of ``game.nonplayers``: no Treasury, hand, Princess or Prince Cards; their
Prince respawns on one of their lands).
"""

import numpy as np
import pytest

from sim.experiments import run_experiment
from sim.games.principes import experiment
from sim.games.principes.fast import chunk
from sim.rng import experiment_key

from .lockstep_helpers import lockstep

THREE = {"polonia_maior": "builder", "polonia_minor": "conqueror", "silesia": "politician"}
TWO = {"masovia": "random", "silesia": "conqueror"}
EVERY = {"history": True, "progress": "tiles", "court": True, "princesses": True, "neighbors": True}


def payload(seats, **keys):
    body = {"players": len(seats), "seats": seats, "history": False, **keys}
    return experiment.experiment_from_dict(body, "test.yaml")


@pytest.mark.parametrize(
    "seats, keys",
    [(THREE, {}), (TWO, {}), (THREE, EVERY), (TWO, EVERY), ({"masovia": "random", "polonia_minor": "random"}, EVERY)],
    ids=["3-off", "2-off", "3-every", "2-every", "2-random-every"],
)
def test_same_games_as_the_reference_state_by_state(seats, keys):
    ex = payload(seats, **keys)
    assert ex.engine == "fast", ex.engine_reason
    lockstep(ex, experiment_key(21), range(8))


FOUR = {"polonia_maior": "conqueror", "masovia": "random", "polonia_minor": "conqueror", "silesia": "random"}


@pytest.mark.parametrize("seats", [FOUR, THREE, TWO], ids=["4", "3", "2"])
def test_without_elimination_the_same_games_as_the_reference(seats):
    """Optional Variant for Players Sensitive to Elimination Games: a player whose last Prince dies plays on without
    one (``dynasty``; the experiment key ``elimination: false``)."""
    ex = payload(seats, elimination=False, **EVERY)
    assert ex.engine == "fast", ex.engine_reason
    lockstep(ex, experiment_key(23), range(8))


@pytest.mark.full
@pytest.mark.parametrize("seats", [FOUR, THREE, TWO])
def test_without_elimination_many_games_nobody_is_eliminated(seats):
    ex = payload(seats, elimination=False, **EVERY)
    lockstep(ex, experiment_key(6), range(60))
    t = chunk.run_games(ex, experiment_key(6), 0, 2000, debug=True)
    col = {name: i for i, name in enumerate(experiment.study.columns(len(seats)))}
    assert not t[:, col["bad"]].any()
    assert not t[:, [col[f"eliminated_{j}"] for j in range(len(seats))]].any()


@pytest.mark.full
@pytest.mark.parametrize("seats", [THREE, TWO, {"polonia_maior": "random", "masovia": "random", "silesia": "random"}])
@pytest.mark.parametrize("keys", [{}, EVERY, {"history": True}], ids=["off", "every", "history"])
def test_same_games_as_the_reference_many_games(seats, keys):
    lockstep(payload(seats, **keys), experiment_key(5), range(60))


@pytest.mark.parametrize("seats", [THREE, TWO])
def test_invariants_after_every_action_and_the_table_of_the_played(seats):
    ex = payload(seats, **EVERY)
    t = chunk.run_games(ex, experiment_key(3), 0, 200, debug=True)
    col = {name: i for i, name in enumerate(experiment.study.columns(len(seats)))}
    assert t.shape[1] == len(col)
    assert not t[:, col["bad"]].any()  # non-players hold no gold or cards and are never eliminated, ...
    winners = t[:, col["winner"]]
    assert set(winners) <= {-1, *range(len(seats))} and (winners >= 0).any()
    assert ((winners >= 0) == (t[:, col["win_type"]] != 3)).all()
    for j in range(len(seats)):
        assert not t[winners == j, col[f"eliminated_{j}"]].any()  # the winner is never eliminated
    strategies = {ex.labels[i] for i in np.unique(t[:, [col[f"strategy_{j}"] for j in range(len(seats))]])}
    assert strategies == set(seats.values())  # rotation runs over the played Principalities only


def test_the_engines_agree_on_the_win_table():
    raw = {"game": "principes", "players": 3, "seats": THREE, "history": False}
    fast = run_experiment(raw, games=6, seed=4).to_json()
    ref = run_experiment({**raw, "engine": "reference"}, games=6, seed=4).to_json()
    assert fast["engine"] == "fast" and "engine_reason" not in fast
    assert set(fast["win_rate"]) == set(ref["win_rate"]) == set(THREE)


def test_auto_sends_two_and_three_players_to_the_compiled_engine():
    assert payload(THREE).engine == "fast"
    assert payload(TWO, **EVERY).engine == "fast"
    assert payload(TWO, variant="passive").engine == "fast"
    assert payload(TWO, variant="active").engine == "fast"  # the Combined Actions: test_fast_active
    assert payload(THREE, elimination=False).engine == "fast"
    assert payload(TWO, elimination=False, **EVERY).engine == "fast"
    assert payload(["builder", "conqueror", "politician", "random"], elimination=True).engine == "fast"
