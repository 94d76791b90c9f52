"""Sweeps: ranges parse, bad keys and ranges fail with one-line errors, and each grid point equals an
independent run of the same variant on the same seed."""

import pytest

from sim.armies import with_key
from sim.battles import load_scenario, run_battle
from sim.config import CONFIG_DIR
from sim.errors import ConfigError
from sim.sweep import classify, parse_params, parse_range, run_sweep

STORM = CONFIG_DIR / "principes" / "battles" / "knights-storm-castle.yaml"


@pytest.mark.parametrize(
    "text, values",
    [
        ("0..4", [0, 1, 2, 3, 4]),
        ("0..1:0.25", [0, 0.25, 0.5, 0.75, 1]),
        ("1,2,3", [1, 2, 3]),
        ("true,false", [True, False]),
        ("[[sword, shield], [coin]]", [["sword", "shield"], ["coin"]]),
        ("2", [2]),
    ],
)
def test_parse_range(text, values):
    assert parse_range(text) == values


@pytest.mark.parametrize("text", ["4..1", "a..b", "", "0..3:0", "[]", "1..2..3", "0..100000000"])
def test_bad_ranges_are_config_errors(text):
    with pytest.raises(ConfigError):
        parse_range(text, "--param", "castle")


def test_params_need_key_equals_range_once():
    with pytest.raises(ConfigError):
        parse_params(["castle"])
    with pytest.raises(ConfigError):
        parse_params(["castle=true", "castle=false"])
    assert parse_params(["castle=true,false", "attacker.knight=1..2"]) == {
        "castle": [True, False],
        "attacker.knight": [1, 2],
    }


def test_keys_are_rules_or_scenario():
    assert classify("principes", "defender_shields.castle") == ("rules", "defender_shields.castle")
    assert classify("principes", "attacker.knight") == ("scenario", "attacker.knight")
    assert classify("principes", "scenario.castle") == ("scenario", "castle")
    with pytest.raises(ConfigError):
        classify("principes", "seed")


@pytest.mark.parametrize(
    "param",
    ["nonsense.key=0..2", "defender_shields.moat=0..2", "attacker.knigt=1..2", "castle=1..2", "site=moor"],
)
def test_bad_keys_fail_before_any_run(param):
    with pytest.raises(ConfigError) as err:
        run_sweep(load_scenario(STORM), parse_params([param]), trials=100)
    assert "\n" not in str(err.value)


def test_bad_rules_value_names_the_param():
    with pytest.raises(ConfigError) as err:
        run_sweep(load_scenario(STORM), parse_params(["defender_shields.castle=[x]"]), trials=100)
    assert str(err.value).startswith("--param")


def test_every_point_equals_an_independent_run():
    scenario = load_scenario(STORM)
    result = run_sweep(scenario, parse_params(["defender_shields.castle=0..2", "attacker.footman=1,2"]), trials=20_000)
    assert len(result.points) == 6 and {r.seed for r in result.results} == {scenario["seed"]}
    frame = result.metric("attacker_win")
    for row, point in zip(frame.itertuples(index=False), result.points, strict=True):
        alone = run_battle(
            "principes",
            with_key(scenario, "attacker.footman", point["attacker.footman"]),
            trials=20_000,
            overrides={"defender_shields.castle": point["defender_shields.castle"]},
        )
        assert row.estimate == alone.metrics["attacker_win"]
        assert [row.ci95_lo, row.ci95_hi] == alone.metrics["attacker_win_ci95"]
    long = result.table
    assert {"defender_shields.castle", "attacker.footman", "metric", "estimate", "ci95_lo", "ci95_hi"} <= set(long)
    assert (long["metric"] == "attacker_win").sum() == 6  # one row per grid point and metric


def test_common_random_numbers_make_the_sweep_monotone():
    """More Castle shields can only hurt the attacker; on the same dice every trial agrees, so the estimates
    fall monotonically even at a small trial count (independent seeds could cross)."""
    result = run_sweep(load_scenario(STORM), parse_params(["defender_shields.castle=0..4"]), trials=2_000)
    wins = list(result.metric()["estimate"])
    assert wins == sorted(wins, reverse=True) and wins[0] > wins[-1]


def test_cli_sweep_writes_csv_and_png(tmp_path, capsys):
    from sim.cli import main

    main(["sweep", str(STORM), "--param", "castle=true,false", "--trials", "2000", "-o", str(tmp_path)])
    out = capsys.readouterr().out
    assert "2 grid points" in out
    assert (tmp_path / "sweep.csv").stat().st_size > 0
    assert (tmp_path / "sweep.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_cli_sweep_bad_range_is_one_line(capsys):
    from sim.cli import main

    with pytest.raises(SystemExit) as exc:
        main(["sweep", str(STORM), "--param", "castle=3..1"])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("error:") and err.count("\n") == 1 and "Traceback" not in err


def test_scenario_keys_beside_rules_sections():
    """Hussars has a ``fortress`` rules section and a ``fortress`` scenario key: the scenario's wins."""
    siege = load_scenario(CONFIG_DIR / "hussars" / "battles" / "fortress_siege.yaml")
    assert classify("hussars", "fortress", siege) == ("scenario", "fortress")
    assert classify("hussars", "fortress", {}) == ("scenario", "fortress")  # a whole section is never a value
    assert classify("hussars", "rules.fortress", siege) == ("rules", "fortress")
    assert classify("principes", "defender_shields.moat") == ("rules", "defender_shields.moat")
