"""Paired comparisons: both sides equal independent runs, the paired interval is tighter than the unpaired
one when the variants share dice, and metrics without per-trial columns fall back to unpaired intervals."""

import math

import numpy as np
import pytest

from sim.battles import load_scenario, run_battle
from sim.compare import compare_results, paired_ci, per_trial, run_compare, unpaired_ci
from sim.config import CONFIG_DIR
from sim.errors import ConfigError
from sim.sweep import apply

BATTLES = CONFIG_DIR / "principes" / "battles"
SIX = load_scenario(BATTLES / "six-vs-six.yaml")


def _plus_sword():
    return apply("principes", SIX, {"attacker_bonus.swords": 1})


def test_sides_equal_independent_runs():
    b, overrides = _plus_sword()
    result = run_compare(SIX, b, overrides_b=overrides, trials=20_000)
    alone_a = run_battle("principes", SIX, trials=20_000)
    alone_b = run_battle("principes", b, trials=20_000)
    table = result.table.set_index("metric")
    assert table.loc["attacker_win", "a"] == alone_a.metrics["attacker_win"]
    assert table.loc["attacker_win", "b"] == alone_b.metrics["attacker_win"]
    assert table.loc["attacker_win", "diff"] == pytest.approx(
        alone_b.metrics["attacker_win"] - alone_a.metrics["attacker_win"], abs=1e-12
    )
    assert table.loc["mean_lost.defender", "b"] == pytest.approx(alone_b.metrics["mean_lost"]["defender"])


def test_paired_interval_is_narrower_on_correlated_variants():
    b, overrides = _plus_sword()
    row = run_compare(SIX, b, overrides_b=overrides, trials=20_000).table.set_index("metric").loc["attacker_win"]
    assert row.paired_hi - row.paired_lo < row.unpaired_hi - row.unpaired_lo
    assert row.tighter > 1
    assert row.paired_lo <= row["diff"] <= row.paired_hi


def test_paired_ci_from_differences():
    rng = np.random.default_rng(0)
    a = rng.normal(size=5_000)
    b = a + 0.1 + rng.normal(scale=0.01, size=5_000)  # strongly correlated with a
    lo, hi = paired_ci(a, b)
    ulo, uhi = unpaired_ci(a, b)
    assert lo < 0.1 < hi and hi - lo < (uhi - ulo) / 20
    assert paired_ci(np.zeros(4), np.ones(4)) == (1.0, 1.0)  # no spread, no scipy warning


def test_per_trial_columns_reproduce_the_metrics():
    r = run_battle("principes", SIX, trials=5_000, keep_trials=True)
    cols = per_trial(r)
    assert set(cols) == {"attacker_win", "defender_win", "mean_lost.attacker", "mean_lost.defender"}
    assert cols["mean_lost.attacker"].mean() == pytest.approx(r.metrics["mean_lost"]["attacker"])


def test_without_per_trial_columns_falls_back_to_unpaired():
    a = run_battle("principes", SIX, trials=5_000, keep_trials=True)
    b = run_battle("principes", SIX, trials=5_000, keep_trials=True, attacker_bonus={"swords": 1})
    a.trials, b.trials = a.trials.drop("attacker_win"), b.trials.drop("attacker_win")
    result = compare_results(a, b)
    row = result.table.set_index("metric").loc["attacker_win"]
    assert math.isnan(row.paired_lo) and row.unpaired_lo < row["diff"] < row.unpaired_hi
    assert any("attacker_win" in note for note in result.notes)


def test_different_games_are_refused():
    other = load_scenario(CONFIG_DIR / "dark_ages" / "battles" / "keep_defence.yaml")
    with pytest.raises(ConfigError):
        run_compare(SIX, other, trials=100)


@pytest.mark.stat
def test_paired_interval_covers_the_exact_difference(mc_trials):
    b, overrides = _plus_sword()
    result = run_compare(SIX, b, overrides_b=overrides, trials=mc_trials, exact=True)
    for row in result.table.itertuples():
        if row.paired_lo == row.paired_lo and row.paired_hi > row.paired_lo:
            half = (row.paired_hi - row.paired_lo) / 2
            assert abs(row.diff - row.exact_diff) < 2.5 * half, row.metric  # ~4.9 sigma


def test_cli_compare(capsys):
    from sim.cli import main

    main(["compare", str(BATTLES / "six-vs-six.yaml"), "--set", "castle=true", "--trials", "2000"])
    out = capsys.readouterr().out
    assert "paired" in out and "attacker_win" in out and "--set castle=true" in out


@pytest.mark.parametrize("extra", [[], ["--set", "nonsense=1"], ["--set", "defender_shields.moat=1"]])
def test_cli_compare_errors_are_one_line(capsys, extra):
    from sim.cli import main

    with pytest.raises(SystemExit) as exc:
        main(["compare", str(BATTLES / "six-vs-six.yaml"), *extra])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("error:") and err.count("\n") == 1


def test_cli_compare_json_is_strict(capsys):
    import json

    from sim.cli import main

    main(["compare", str(BATTLES / "six-vs-six.yaml"), "--set", "castle=true", "--trials", "2000", "--json"])

    def refuse(constant):
        raise ValueError(constant)

    data = json.loads(capsys.readouterr().out, parse_constant=refuse)  # NaN / Infinity are not JSON
    assert {row["metric"] for row in data["metrics"]} >= {"attacker_win", "mean_lost.defender"}
