"""The active variant of the 2-3 player game (Combined Actions Tiles) on the compiled engine: the same games as the
reference state by state on the same stream, for every built-in plan, with every module off and every module on;
invariants; ``engine: auto`` sends it to the compiled engine.

Rulebook, Game for 2 and 3 Players, Active Variant: "Each time a player performs their Assembly, Movement or
Building Action, they are able to immediately perform the action described on the Combined Actions Tile, which
pertains to one selected non-player Principality. Moving units of a neutral Principality works in the same way as
moving units of Neighbors (p. 25)." The tile: "Assembly: Assemble up to 2 units for free to any lands of a
non-player Principality. Movement: Move 1 Knight and 1 Footman of a non-player Principality. Building: Found 1 City
or build 1 building for free on lands of a non-player Principality."
"""

import dataclasses

import numpy as np
import pytest

from sim.games.principes import experiment
from sim.games.principes.fast import chunk
from sim.rng import experiment_key

from .lockstep_helpers import lockstep

THREE = {"polonia_maior": "builder", "polonia_minor": "conqueror", "silesia": "random"}
TWO = {"masovia": "politician", "silesia": "random"}
TWO_SCRIPTED = {"masovia": "conqueror", "polonia_minor": "builder"}
EVERY = {"history": True, "progress": "tiles", "court": True, "princesses": True, "neighbors": True}


def payload(seats, **keys):
    body = {"players": len(seats), "seats": seats, "history": False, "variant": "active", **keys}
    return experiment.experiment_from_dict(body, "test.yaml")


@pytest.mark.parametrize(
    "seats, keys",
    [(THREE, {}), (TWO, {}), (TWO_SCRIPTED, EVERY), (THREE, EVERY)],
    ids=["3-off", "2-off", "2-scripted-every", "3-every"],
)
def test_same_active_games_as_the_reference_state_by_state(seats, keys):
    ex = payload(seats, **keys)
    assert ex.engine == "fast", ex.engine_reason
    lockstep(ex, experiment_key(27), range(6))


@pytest.mark.full
@pytest.mark.parametrize(
    "seats", [THREE, TWO, TWO_SCRIPTED, {"masovia": "random", "polonia_minor": "random", "silesia": "politician"}]
)
@pytest.mark.parametrize("keys", [{}, EVERY, {**EVERY, "elimination": False}], ids=["off", "every", "no-elim"])
def test_many_active_games_as_the_reference(seats, keys):
    lockstep(payload(seats, **keys), experiment_key(28), range(40))


def test_the_combined_actions_change_the_games_and_keep_the_invariants():
    for seats in (THREE, TWO, TWO_SCRIPTED):
        ex = payload(seats, **EVERY)
        active = chunk.run_games(ex, experiment_key(3), 0, 300, debug=True)
        assert not active[:, chunk.COL["bad"]].any()
        passive = chunk.run_games(dataclasses.replace(ex, variants=ex.variants - {"active"}), experiment_key(3), 0, 300)
        assert (active != passive).any(axis=1).mean() > 0.5  # most games go otherwise


def test_engine_auto_plays_the_active_variant_compiled():
    assert payload(THREE).engine == "fast"
    assert payload(TWO, engine="fast").engine == "fast"
    assert payload(TWO, engine="reference").engine == "reference"
    t = chunk.run_games(payload(TWO), experiment_key(1), 0, 50)
    assert np.isin(t[:, 0], [-1, 0, 1]).all()
