"""sim rebalance: on a study whose imbalance one knob removes, it finds that setting within the target, confirms it
on held-out games and writes a study sim run accepts; bad knobs, ranges and targets are one line, exit 2."""

from __future__ import annotations

import numpy as np
import pytest

from sim.cli import main
from sim.experiments import load_experiment, run_experiment
from sim.rebalance import parse_knobs, rebalance
from sim.sensitivity import Record

STUDY = "configs/dark_ages/experiments/ruler-balance-3p.yaml"
KNOB = "rulers.tomislav.settle_costs[2]"  # shipped 3; the synthetic game below is fair at 5
IDLE = "rulers.conrad_the_red.settle_costs[2]"  # a knob the synthetic game ignores


def synthetic_game(raw):
    """Three factions; the first wins 8 points under its fair third at the shipped value and gains 4 points per
    step of ``KNOB``; game i draws the same uniform at every candidate (common random numbers)."""
    (knob,) = parse_knobs(KNOB, raw, STUDY)

    def factory(_raw, games, seed):
        u = np.random.default_rng(seed).random(games)

        def play(overrides: dict) -> Record:
            value = overrides.get(knob.override, knob.whole)[2]
            p = 1 / 3 - 0.08 + 0.04 * (value - knob.base)
            winner = np.where(u < p, 0, np.where(u < p + (1 - p) / 2, 1, 2))
            wins = {name: (winner == i).astype(float) for i, name in enumerate("abc")}
            return Record({k: float(v.mean()) for k, v in wins.items()}, wins, dict.fromkeys("abc", 1 / 3))

        return play

    return factory


def test_finds_the_setting_that_removes_the_imbalance(tmp_path):
    raw = load_experiment(STUDY)
    result = rebalance(raw, f"{KNOB},{IDLE}", source=STUDY, budget=40 * 20_000, games=20_000, holdout=20_000,
                       save=tmp_path, play_factory=synthetic_game(raw))  # fmt: skip
    assert result.values[KNOB] == 5
    assert result.overrides["rulers.tomislav.settle_costs"] == [1, 3, 5]
    assert result.before.unfairness() == pytest.approx(0.08, abs=0.015)  # held-out games, shipped rules
    assert result.within and result.after.unfairness() <= 0.02
    body = result.to_json()
    assert body["after"]["a"]["paired_change"]["lo"] > 0.06  # the +8 points, paired on the held-out games
    written = load_experiment(tmp_path / "rebalanced.yaml")
    assert written["rules"]["rulers.tomislav.settle_costs"] == [1, 3, 5] and written["players"] == 3


def test_the_written_study_runs(tmp_path):
    """A real (tiny) search: its rules file is an experiment sim run plays."""
    out = tmp_path / "fixed.yaml"
    main(["rebalance", STUDY, "--knobs", f"{KNOB}=3..4", "--budget", "40", "--games", "20", "--holdout", "20",
          "--out", str(out), "--json"])  # fmt: skip
    result = run_experiment(load_experiment(out), games=10)
    assert result.n == 10


@pytest.mark.parametrize(
    ("knobs", "extra", "needle"),
    [
        ("no.such.value", [], "no.such.value"),
        (f"{KNOB}=5..4", [], "not empty"),
        (f"{KNOB}=3..4.5", [], "whole number"),
        ("lordlings.max_redraws", [], "solo.yaml, which it does not read"),
        (KNOB, ["--target", "-1"], "--target"),
        (KNOB, ["--budget", "1"], "--budget"),
    ],
)
def test_bad_input_is_one_line_exit_2(capsys, knobs, extra, needle):
    with pytest.raises(SystemExit) as exc:
        main(["rebalance", STUDY, "--knobs", knobs, *extra])
    assert exc.value.code == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and needle in err
