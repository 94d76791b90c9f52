"""Principes solo mode on the compiled engine (issue 16 part 1): the same games as the reference (``game.solo``),
state by state on the same stream, at every level, with History, the Princesses and the printed tiles each on or
off; outcome distributions against the reference; ``engine: auto`` sends solo experiments to it.

Rulebook, Solo Mode: "Each time the player performs an Assembly, Movement, or Building Action, the corresponding
action of the non-player Principalities must also be resolved"; "At the end of each Round, after performing all
actions but before resolving the effects of the icons from the revealed History Card, you must reveal 1 card from
the top of the Neighbor Card deck"; "In solo mode, History cards work almost the same as in the multiplayer game.
The only difference is the altered effect of 4 icons."
"""

import numpy as np
import pytest
from scipy import stats

from sim.experiments import run_experiment
from sim.games.principes import experiment, solo_experiment
from sim.games.principes.fast import solo_experiment as fast
from sim.games.principes.fast.state import STATE, to_state
from sim.games.principes.game import solo
from sim.lockstep import LockstepRandom, first_difference
from sim.rng import experiment_key, trial_state
from strategies.principes import make

EVERY = {"history": True, "princesses": True, "progress": "tiles"}
COL = {name: j for j, name in enumerate(solo_experiment.COLUMNS)}


def payload(**keys):
    return experiment.experiment_from_dict({"mode": "solo", **keys}, "test.yaml")


def reference_trace(ex, key, game: int):
    """The reference's game ``game`` of the solo experiment on the lockstep stream: (outcome, STATE records)."""
    d, g, p, s = solo_experiment.deal(ex, game)
    rules = solo_experiment._rules(ex.rules)
    states: list = []
    rng = LockstepRandom(trial_state(key, g))
    out = solo.play_solo(ex.principalities[p], make(*ex.specs[s]), ex.difficulties[d], rng, rules.board, rules,
                         strict=True, history=ex.history, princesses_on=ex.princesses, printed_tiles=ex.tiles,
                         on_action=lambda st, step: states.append(to_state(st)[0]))  # fmt: skip
    return out, states


def lockstep(ex, key, games):
    """Play ``games`` on both engines and compare the state after every step; returns the reference's outcomes."""
    seen = []
    for game in games:
        ref, states = reference_trace(ex, key, game)
        (outcome, rounds, actions), trace, _ = fast.trace_game(ex, key, game)
        mismatch = first_difference(STATE, states, trace)
        assert mismatch is None, f"game {game}: {mismatch}"
        assert (outcome == 0, rounds, actions) == (ref.won, ref.rounds, ref.actions), game
        assert ("", "eliminated", "rounds")[outcome] == ref.lost_by
        seen.append(ref)
    return seen


@pytest.mark.parametrize(
    "keys",
    [{}, {"history": False}, EVERY, {"strategies": ["random", "builder"], **EVERY}],
    ids=["history", "off", "every", "random-builder-every"],
)
def test_same_games_as_the_reference_state_by_state(keys):
    ex = payload(**keys)
    assert ex.engine == "fast", ex.engine_reason
    lockstep(ex, experiment_key(16), range(6))  # 2 deals x 3 levels


@pytest.mark.full
@pytest.mark.parametrize("keys", [{}, {"history": False}, EVERY, {"princesses": True}, {"progress": "tiles"},
                                  {"strategies": ["random", "conqueror", "politician"], **EVERY}])  # fmt: skip
def test_same_games_as_the_reference_many_games(keys):
    lockstep(payload(**keys), experiment_key(7), range(120))


def test_the_engines_agree_on_the_outcomes():
    """Two samples (reference: its own Python stream; compiled: the counter stream) of the graded score agree."""
    ex = payload(principalities=["silesia"])
    key = experiment_key(3)
    ref = np.array([solo_experiment.game_row(ex, key, i) for i in range(45)])
    got = fast.run_games(ex, key, 0, 3000)
    assert stats.mannwhitneyu(ref[:, COL["score"]], got[:, COL["score"]]).pvalue > 1e-3
    assert abs(ref[:, COL["capitals"]].mean() - got[:, COL["capitals"]].mean()) < 0.6


def test_auto_sends_solo_to_the_compiled_engine_and_json_says_so():
    fast_run = run_experiment({"game": "principes", **{"mode": "solo"}}, games=30, seed=5).to_json()
    ref_run = run_experiment({"game": "principes", "mode": "solo", "engine": "reference"}, games=3, seed=5).to_json()
    assert fast_run["engine"] == "fast" and "engine_reason" not in fast_run
    assert ref_run["engine"] == "reference" and ref_run["engine_reason"]
    assert sum(fast_run["games_by_difficulty"].values()) == 30
    custom = payload(strategies=["tests.games.principes.test_solo:Recorder"])
    assert custom.engine == "reference" and "not built in" in custom.engine_reason


@pytest.mark.full
def test_the_readme_solo_numbers():
    """The README's solo paragraph: ``solo-difficulty.yaml`` over 20,000 compiled games (its own seed)."""
    from sim.config import CONFIG_DIR
    from sim.experiments import load_experiment

    raw = load_experiment(CONFIG_DIR / "principes/experiments/solo-difficulty.yaml")
    out = run_experiment(raw, games=20_000, seed=raw["seed"]).to_json()
    assert out["engine"] == "fast"
    assert all(rate == 0 for rate in out["win_rate"].values())  # "0 of 20,000"
    score = out["mean_score"]
    gap = {d: (s["silesia"] + s["polonia_maior"] - s["masovia"] - s["polonia_minor"]) / 2 for d, s in score.items()}
    assert [round(gap[d], 1) for d in ("normal", "hard", "legendary")] == [4.0, 3.6, 2.2]
    assert all(score["normal"][p] > score["hard"][p] for p in score["normal"])
    assert (round(score["hard"]["polonia_minor"], 1), round(score["legendary"]["polonia_minor"], 1)) == (20.4, 21.1)
