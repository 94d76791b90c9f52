"""Court Cards' text effects (``court: true``) on the fast engine: the same games as the reference, state by state,
with the History Cards on and off, and the engine switch."""

import pytest

from sim.games.principes import experiment
from sim.games.principes.game import court
from sim.rng import experiment_key

from .lockstep_helpers import lockstep
from .test_fast_games import MIX

COURTLY = [
    {"name": "courtly", "uses": "builder",
     "params": {"court_text_before": ["politics", "building", "taxes"], "court_text_max": 2}},
    {"name": "lavish", "uses": "random", "params": {"court_share": 0.8}},
    {"name": "pious", "uses": "politician", "params": {"court_text_before": ["politics"], "court_text_max": 5}},
    "conqueror",
]  # fmt: skip


def payload(**keys):
    return experiment.experiment_from_dict({"seats": MIX, "court": True, **keys}, "test.yaml")


@pytest.mark.parametrize("history", [True, False])
@pytest.mark.parametrize("seats", [MIX, ["random"] * 4, COURTLY])
def test_same_court_games_as_the_reference_state_by_state(seats, history, monkeypatch):
    played = []
    play_text = court.play_text

    def counted(state, player, card):
        played.append(card)
        return play_text(state, player, card)

    monkeypatch.setattr(court, "play_text", counted)
    ex = payload(seats=seats, history=history)
    assert ex.engine == "fast" and "court" in ex.variants
    lockstep(ex, experiment_key(41), range(15))
    assert played  # the texts were played


def test_court_switch():
    assert payload().engine == "fast"
    assert payload(court=False).engine == "fast"
    assert payload(princesses=True).engine == "fast"
    assert payload(neighbors=True).engine == "fast"
    bad = {"name": "odd", "uses": "builder", "params": {"court_text_before": ["feasting"]}}
    assert payload(seats=[bad, *MIX[1:]]).engine == "reference"
