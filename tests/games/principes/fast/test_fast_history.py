"""The History Cards on the fast engine: the same games as the reference with ``history: true`` (state by state,
after every action and every Round's icons), invariants after every event, and the engine switch."""

import numpy as np
import pytest

from sim.games.principes import experiment
from sim.games.principes.fast import chunk
from sim.games.principes.fast.state import STATE, from_state, to_state
from sim.games.principes.game.setup import initial_state, load_game_rules
from sim.rng import experiment_key

from .lockstep_helpers import lockstep
from .test_fast_games import MIX, RULES, TWEAKED


def payload(**keys):
    return experiment.experiment_from_dict({"seats": MIX, "history": True, **keys}, "test.yaml")


@pytest.mark.parametrize(
    "seats, rules, games",
    [
        (MIX, {}, 40),
        (["random"] * 4, {}, 40),
        (["conqueror", "conqueror", "builder", "politician"], {}, 20),
        (["builder", "politician", "random", "random"], {}, 20),
        (TWEAKED, {}, 20),
        (MIX, RULES, 20),
    ],
)
def test_same_history_games_as_the_reference_state_by_state(seats, rules, games):
    ex = payload(seats=seats, rules=rules)
    assert ex.engine == "fast"
    finals = lockstep(ex, experiment_key(31), range(games))
    assert all(len(r.final.history) == 6 for r in finals)


def test_history_events_are_reached():
    """The lockstep games above go through the Invaders: Mongol waves and called Teutonic Knights happen."""
    ex = payload(seats=["random"] * 4)
    t = chunk.run_games(ex, experiment_key(31), 0, 200, debug=True)
    assert not t[:, chunk.COL["bad"]].any()
    waves = called = 0
    for game in range(40):
        _, trace = chunk.trace_game(ex, experiment_key(31), game)
        waves += trace[-1]["mongol_waves"] > 0
        called += trace[-1]["teutonic"] > 0
        assert trace[-1]["history_n"] == 6
    assert waves > 0 and called > 0


@pytest.mark.parametrize("seats", [["random"] * 4, MIX])
def test_history_invariants_after_every_event(seats):
    ex = payload(seats=seats)
    t = chunk.run_games(ex, experiment_key(5), 0, 300, debug=True)
    col = chunk.COL
    # also: Invaders off the Map between events, Teutonic Knights conserved, never two factions on a land (the
    # Knights wait off the Map while a Masovian Prince stands on their emptied land: ``teutonic.return_home``)
    assert not t[:, col["bad"]].any()
    assert ((t[:, col["rounds"]] >= 1) & (t[:, col["rounds"]] <= 6)).all()
    assert ((t[:, col["winner"]] >= 0) == (t[:, col["win_type"]] != 3)).all()


def test_history_state_round_trip():
    rules = load_game_rules()
    ex = payload(seats=["random"] * 4)
    _, trace = chunk.trace_game(ex, experiment_key(31), 3)
    template = initial_state(rules.board, rules)
    for s in trace[::7]:
        assert np.array_equal(STATE.flat(to_state(from_state(s, template))), STATE.flat(s[None]))


def test_history_switch():
    assert payload().engine == "fast"
    assert payload(engine="reference").engine == "reference"
    assert payload(neighbors=True).engine == "fast"
    assert payload(court=True, princesses=True).engine == "fast"
    assert payload(progress="tiles").engine == "fast"
    three = {"polonia_maior": "builder", "masovia": "conqueror", "silesia": "random"}
    assert payload(players=3, seats=three).engine == "fast"  # 2-3 players: compiled too (test_fast_players)
    assert payload(players=3, seats=three, variant="active").engine == "fast"  # test_fast_active
