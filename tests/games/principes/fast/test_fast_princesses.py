"""The Princesses (``princesses: true``) on the fast engine: the same games as the reference, state by state, with
the History Cards and the Court texts on and off, and the engine switch."""

import pytest

from sim.games.principes import experiment
from sim.games.principes.fast import chunk
from sim.games.principes.game import princesses
from sim.rng import experiment_key

from .lockstep_helpers import lockstep
from .test_fast_games import MIX

WEDDED = [
    {"name": "homely", "uses": "builder", "params": {"princess": ["neighbor", "own_capital"]}},
    "random",
    {"name": "meddler", "uses": "conqueror", "params": {"princess": ["rival_capital"]}},
    "politician",
]


def payload(**keys):
    return experiment.experiment_from_dict({"seats": MIX, "princesses": True, **keys}, "test.yaml")


@pytest.mark.parametrize(
    "seats, history, court",
    [
        (MIX, True, False),
        (MIX, False, True),
        (["random"] * 4, True, True),
        (WEDDED, True, True),
        (WEDDED, False, False),
    ],
)
def test_same_princess_games_as_the_reference_state_by_state(seats, history, court, monkeypatch):
    works = []
    effect = princesses._court_effect

    def counted(state, player, strategies, rng):
        works.append(state.princesses.get(player))
        return effect(state, player, strategies, rng)

    monkeypatch.setattr(princesses, "_court_effect", counted)
    ex = payload(seats=seats, history=history, court=court)
    assert ex.engine == "fast" and "princesses" in ex.variants
    lockstep(ex, experiment_key(51), range(15))
    assert any(works)  # Princesses went on missions


@pytest.mark.parametrize("seats", [["random"] * 4, MIX])
def test_princess_invariants_after_every_event(seats):
    ex = payload(seats=seats, history=True, court=True)
    t = chunk.run_games(ex, experiment_key(7), 0, 300, debug=True)
    assert not t[:, chunk.COL["bad"]].any()


def test_princess_switch():
    assert payload().engine == "fast"
    assert payload(court=True, history=True).engine == "fast"
    assert payload(neighbors=True).engine == "fast"
    assert payload(progress="tiles").engine == "fast"
    odd = {"name": "odd", "uses": "builder", "params": {"princess": ["ball"]}}
    assert payload(seats=[odd, *MIX[1:]]).engine == "reference"


def test_unported_modules_never_play_silently():
    import dataclasses

    from sim.games.principes.fast.state import Unsupported

    ex = dataclasses.replace(payload(), variants=frozenset({"princesses", "unported"}))  # no such module
    with pytest.raises(Unsupported):
        chunk.run_games(ex, experiment_key(1), 0, 1)
