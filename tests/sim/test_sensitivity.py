"""sim sensitivity: the Morris screen ranks the value that decides the balance first, the confirmation's paired
intervals see it, runs are reproducible across workers and resume from --save, and bad input is one line."""

from __future__ import annotations

import json

import numpy as np
import pytest

from sim.cli import main
from sim.experiments import load_experiment
from sim.sensitivity import Record, factors, sensitivity, settings

STUDY = "configs/dark_ages/experiments/ruler-balance-3p.yaml"
DECIDER = "rulers.tomislav.settle_costs[1]"  # the study reads it; the synthetic game below is decided by it


def synthetic_game(label: str, strength: float, weak: dict[str, float] | None = None):
    """A three-faction game whose first faction's win chance moves ``strength`` per unit of the value ``label``
    (and ``weak[label]`` per unit of a few others); game i draws the same uniform at every point (common random
    numbers), so the paired intervals are as tight as sim's real pairing makes them."""
    raw = load_experiment(STUDY)
    facs, _ = factors(raw, STUDY, only="rulers.")
    by_label = {f.label: f for f in facs}
    effects = {label: strength, **(weak or {})}

    def factory(_raw, games, seed):
        u = np.random.default_rng(seed).random(games)

        def play(overrides: dict) -> Record:
            p = 1 / 3
            for name, per_unit in effects.items():
                f = by_label[name]
                p += per_unit * (f.value_in(overrides) - f.base)
            winner = np.where(u < p, 0, np.where(u < p + (1 - p) / 2, 1, 2))
            wins = {name: (winner == i).astype(float) for i, name in enumerate(("a", "b", "c"))}
            return Record({k: float(v.mean()) for k, v in wins.items()}, wins)

        return play

    return factory


def test_the_deciding_value_ranks_first_and_is_confirmed():
    factory = synthetic_game(DECIDER, 0.12, {"rulers.conrad_the_red.settle_costs[0]": 0.02})
    result = sensitivity(load_experiment(STUDY), source=STUDY, only="rulers.", games=400, trajectories=4, top=2,
                         play_factory=factory)  # fmt: skip
    assert result.ranked[0]["factor"].label == DECIDER
    assert result.ranked[0]["mu_star"] == pytest.approx(0.12, abs=0.03)  # per notch, in win-rate points
    assert result.ranked[1]["factor"].label == "rulers.conrad_the_red.settle_costs[0]"
    top = result.confirmed[0]
    assert set(top["sides"]) == {"down"}  # [1, 4, 3]: the loader wants settle costs that do not fall
    down = top["sides"]["down"]["change"]["a"]
    assert -0.2 < down["lo"] < -0.12 < down["hi"] < -0.05  # the paired interval holds the true -12 points
    assert result.answer().startswith(f"The verdict depends most on {DECIDER}")
    # values the synthetic game ignores: no effect at all under common random numbers
    assert all(r["mu_star"] == 0 for r in result.ranked[2:])


def test_factors_are_the_numbers_the_study_reads_within_their_valid_range():
    raw = load_experiment(STUDY)
    facs, stuck = factors(raw, STUDY, only="rulers.tomislav")
    by_label = {f.label: f for f in facs}
    first, second = by_label["rulers.tomislav.settle_costs[0]"], by_label["rulers.tomislav.settle_costs[1]"]
    assert (first.low, first.base, first.high) == (1, 1, 2) and first.source == "assumed"  # a free settle: refused
    assert (second.low, second.base, second.high) == (2, 3, 3)  # [1, 4, 3]: costs that fall are refused
    assert first.setting(-1) == {} and second.setting(-1) == {"rulers.tomislav.settle_costs": [1, 2, 3]}
    both = settings([(first, 1), (by_label["rulers.tomislav.settle_costs[2]"], 1)])  # one list, both changes
    assert both == {"rulers.tomislav.settle_costs": [2, 3, 4]}
    assert not any(label.startswith("rulers.tomislav.starting_cards") for label in by_label)  # names, not numbers
    # the Solo and Module files are not read by a 3-player study without modules
    assert not factors(raw, STUDY, only="lordlings.")[0]
    assert stuck == [] or all(s.startswith("rulers.tomislav") for s in stuck)


def test_reproducible_across_workers_and_resumed_from_save(tmp_path):
    raw = load_experiment(STUDY)
    common = dict(source=STUDY, only="rulers.tomislav.settle_costs", games=60, trajectories=2, top=1,
                  confirm_games=60)  # fmt: skip
    one = sensitivity(raw, workers=1, save=tmp_path, **common)
    two = sensitivity(raw, workers=2, **common)
    assert json.dumps(one.to_json()) == json.dumps(two.to_json())
    again = sensitivity(raw, workers=1, save=tmp_path, **common)  # every point read back, none played
    assert again.games_played == 0 and one.games_played > 0
    assert {**again.to_json(), "games_played": 0} == {**one.to_json(), "games_played": 0}
    assert (tmp_path / "tornado.png").stat().st_size > 0


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["no-such-study.yaml"], "no-such-study.yaml"),
        ([STUDY, "--games", "0"], "--games"),
        ([STUDY, "--trajectories", "1"], "--trajectories"),
        ([STUDY, "--only", "nothing.here"], "perturbable"),
    ],
)
def test_bad_input_is_one_line_exit_2(capsys, args, needle):
    with pytest.raises(SystemExit) as exc:
        main(["sensitivity", *args])
    assert exc.value.code == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and needle in err


def test_a_refused_combination_keeps_that_value_as_shipped():
    """Two numbers of one list may each move within the rules and together break them (settle costs [2, 1, 2]):
    that point plays with the list as shipped, whichever way the loader names the key."""
    from sim.errors import ConfigError
    from sim.sensitivity import play_what_loads

    played = []

    def play(overrides):
        played.append(dict(overrides))
        if "farm_track.spaces" in overrides:
            raise ConfigError("study: rules", "tracks.farm_track.spaces.army_limit", "values that never decrease", 1)
        return Record({"a": 1.0})

    rec, dropped = play_what_loads(play, {"farm_track.spaces": [1], "die.faces": 7})
    assert rec.win_rate == {"a": 1.0} and dropped == ["farm_track.spaces"]
    assert played[-1] == {"die.faces": 7}
    with pytest.raises(ConfigError):  # an error about something else is not swallowed
        play_what_loads(lambda o: (_ for _ in ()).throw(ConfigError("x", "other.key", "y", 1)), {"die.faces": 7})


@pytest.mark.slow
def test_on_the_real_engine_a_rulers_settle_cost_outranks_a_value_that_cannot_matter():
    """Tomislav's players mark (2: playable from 2 players) cannot change a 3-player game, so under common random
    numbers its elementary effects are exactly zero; his settle costs move his games, the cost of a neighbouring
    Province most (his expansion plan settles next door), and settling cheaper helps him."""
    raw = load_experiment(STUDY)
    result = sensitivity(raw, source=STUDY, only="rulers.tomislav", games=300, trajectories=4, top=1,
                         confirm_games=1500)  # fmt: skip
    by_label = {r["factor"].label: r for r in result.ranked}
    assert by_label["rulers.tomislav.players"]["mu_star"] == 0
    assert result.ranked[0]["factor"].label == "rulers.tomislav.settle_costs[1]"
    assert result.ranked[0]["mu_star"] > 0.005  # about a point a notch
    cheaper = result.confirmed[0]["sides"]["down"]["change"]["tomislav"]
    assert cheaper["diff"] > 0 and cheaper["hi"] > cheaper["lo"]


def test_a_number_inside_a_card_names_the_card():
    raw = load_experiment(STUDY)
    facs, _ = factors(raw, STUDY, only="common_technology[2].levels[0]")
    (amount,) = [f for f in facs if f.label.endswith("effect.amount")]
    assert amount.shown == "common_technology[2].levels[0].effect.amount (C005)"  # Boleslaus' starting card
    assert amount.whole[2]["starting"] == "boleslaus_the_cruel" and amount.value_in({}) == amount.base == 1
