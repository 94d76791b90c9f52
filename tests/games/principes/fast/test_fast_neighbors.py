"""The Neighbors (``neighbors: true``) on the fast engine: the same games as the reference, state by state, with the
History Cards, the Court texts and the Princesses on and off, tweaked scripted parameters, invariants after every
event, and the engine switch."""

import pytest

from sim.games.principes import experiment
from sim.games.principes.fast import chunk
from sim.games.principes.fast.state import CARDS, F_MAJOR0
from sim.games.principes.game import neighbors
from sim.rng import experiment_key

from .lockstep_helpers import lockstep
from .test_fast_games import MIX, RULES

TWEAKED = [  # off the defaults: every policy branch of the scripted Neighbor hooks
    {
        "name": "spiteful",
        "uses": "conqueror",
        "params": {"neighbor_target": "weakest", "neighbor_ratio": 0.8, "neighbor_reserve": 0, "neighbor_draws": 2},
    },
    {
        "name": "keeper",
        "uses": "builder",
        "params": {"neighbor_destroy": False, "neighbor_block": False, "neighbor_min_value": 3},
    },
    {"name": "pacifist", "uses": "politician", "params": {"neighbor_play": False, "neighbor_draws": 0}},
    {"name": "meddler", "uses": "random", "params": {"neighbor_share": 0.9, "move_share": 0.8}},
]


def payload(**keys):
    return experiment.experiment_from_dict({"seats": MIX, "neighbors": True, **keys}, "test.yaml")


@pytest.fixture
def counted(monkeypatch):
    """Count the Neighbor Cards the reference plays and the figures they move."""
    seen = {"plays": 0, "moves": 0}
    play, move = neighbors.play, neighbors.move

    def counted_play(*args, **kw):
        seen["plays"] += 1
        return play(*args, **kw)

    def counted_move(state, nb, moves, *args, **kw):
        seen["moves"] += len(moves)
        return move(state, nb, moves, *args, **kw)

    monkeypatch.setattr(neighbors, "play", counted_play)
    monkeypatch.setattr(neighbors, "move", counted_move)
    return seen


@pytest.mark.parametrize(
    "seats, history, court, princesses, rules, games",
    [
        (MIX, True, False, False, {}, 15),
        (MIX, False, True, True, {}, 10),
        (["random"] * 4, True, True, True, {}, 15),
        (["random"] * 4, False, False, False, {}, 10),
        (TWEAKED, True, False, True, {}, 15),
        (["conqueror", "builder", "politician", "conqueror"], True, True, True, {}, 10),
        (MIX, True, True, True, RULES, 10),  # a hand limit of 4: Neighbor Cards by identity traded first
    ],
)
def test_same_neighbor_games_as_the_reference_state_by_state(seats, history, court, princesses, rules, games, counted):
    ex = payload(seats=seats, history=history, court=court, princesses=princesses, rules=rules)
    assert ex.engine == "fast" and "neighbors" in ex.variants
    lockstep(ex, experiment_key(61), range(games))
    assert counted["plays"] > 0 and counted["moves"] > 0  # Neighbor Cards were played and moved figures


def test_neighbor_figures_move_on_the_fast_engine():
    ex = payload(seats=["random"] * 4, history=True)
    moved = 0
    for game in range(10):
        _, trace = chunk.trace_game(ex, experiment_key(61), game)
        moved += trace["units"][:, :, F_MAJOR0:].any()
    assert moved > 0


@pytest.mark.parametrize(
    "seats, keys",
    [
        (["random"] * 4, {"history": True, "court": True, "princesses": True}),
        (MIX, {"history": True, "court": True, "princesses": True}),
        (TWEAKED, {"history": False}),
    ],
)
def test_neighbor_invariants_after_every_event(seats, keys):
    ex = payload(seats=seats, **keys)
    t = chunk.run_games(ex, experiment_key(9), 0, 300, debug=True)
    assert not t[:, chunk.COL["bad"]].any()
    assert ((t[:, chunk.COL["winner"]] >= 0) == (t[:, chunk.COL["win_type"]] != 3)).all()


def test_neighbors_off_deals_the_bare_symbols():
    """With Neighbors off no card by identity is ever dealt (the part-1 deck of symbols)."""
    ex = experiment.experiment_from_dict({"seats": MIX, "history": True}, "test.yaml")
    _, trace = chunk.trace_game(ex, experiment_key(61), 0)
    ids = [i for i, c in enumerate(CARDS) if c.startswith("neighbor.") and c.split(".")[1] not in neighbors.SUPPORT]
    assert not trace["decks"][:, ids].any() and not trace["hands"][:, :, ids].any()


def test_neighbor_switch():
    assert payload().engine == "fast"
    assert payload(history=True, court=True, princesses=True).engine == "fast"
    assert payload(seats=TWEAKED).engine == "fast"
    assert payload(progress="tiles").engine == "fast"
    odd = {"name": "odd", "uses": "conqueror", "params": {"neighbor_target": 3}}
    assert payload(seats=[odd, *MIX[1:]]).engine == "reference"
