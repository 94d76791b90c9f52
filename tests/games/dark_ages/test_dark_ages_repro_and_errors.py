"""Same seed → same counts however the trials are chunked; bad input → ConfigError, never a traceback."""

import numpy as np
import pytest
from click.testing import CliRunner

from sim.cli import main
from sim.config import load_rules
from sim.errors import ConfigError
from sim.games.dark_ages import battle, experiment
from sim.games.dark_ages.payload import compile_battle
from sim.runner import run

RULES = load_rules("dark_ages")
RAW = {"attacker": {"units": {"infantry": 3, "cavalry": 1}}, "barbarian_token": "random", "trophies": 1,
       "reinforce": "attacker"}  # fmt: skip


def _payloads():
    b = battle.scenario_from_dict(RAW, "test", RULES)
    return [compile_battle(b, 6, 16), compile_battle(b, 6, 16, pair_limit=0)]


@pytest.mark.parametrize("path", [0, 1], ids=["joint", "per_side"])
def test_one_chunk_equals_many_chunks(path):
    p = _payloads()[path]
    one = run(battle.run_chunk, p, 100_003, 5, progress=False, chunk=1 << 20)
    many = run(battle.run_chunk, p, 100_003, 5, progress=False, chunk=7_919)
    assert sorted(one.counts) == sorted(many.counts)
    for name in one.counts:
        np.testing.assert_array_equal(one.counts[name], many.counts[name])
    other_seed = run(battle.run_chunk, p, 100_003, 6, progress=False)
    assert not np.array_equal(one.counts["final"], other_seed.counts["final"])


def test_two_workers_equal_one():
    p = _payloads()[0]
    one = run(battle.run_chunk, p, 60_000, 9, progress=False, chunk=10_000)
    two = run(battle.run_chunk, p, 60_000, 9, workers=2, progress=False, chunk=10_000)
    for name in one.counts:
        np.testing.assert_array_equal(one.counts[name], two.counts[name])


def test_kept_trials_agree_with_counts():
    p = _payloads()[0]
    counts, trials = battle.run_chunk(p, 1, 0, 5_000, True)
    assert trials["attacker_win"].sum() == counts["attacker_win"][0]
    per_variant = np.bincount(trials["variant"], minlength=len(p.battle.variants))
    assert per_variant.tolist() == counts["final"][:, 0].sum(1).tolist()


BAD = [
    ({"attacker": {"units": {"knight": 2}}, "defender": {"units": {"infantry": 1}}}, "attacker.units.knight"),
    ({"attacker": {"units": {"infantry": 2}, "tech": {"infantry": 4}}, "defender": {"units": {"infantry": 1}}},
     "attacker.tech.infantry"),
    ({"attacker": {"units": {"infantry": 2}}, "defender": {"units": {"infantry": 1}}, "farms": -1}, "farms"),
    ({"attacker": {"units": {"infantry": 2}}, "defender": {"units": {"infantry": 1}}, "keep": 4, "city": True}, "keep"),
    ({"attacker": {"units": {"infantry": 2}}, "defender": {"units": {"infantry": 1}}, "trophies": 1}, "trophies"),
    ({"attacker": {"units": {"infantry": 2}}, "barbarian_token": 26}, "barbarian_token"),
    ({"attacker": {"units": {"infantry": 2}, "policy": "random"}, "defender": {"units": {"infantry": 1}}},
     "attacker.policy"),
    ({"attacker": {"units": {"infantry": 2}}}, "defender"),
    ({"attacker": {"units": {"infantry": 2}}, "defender": {"units": {"infantry": 1}}, "moat": True}, "moat"),
]  # fmt: skip


@pytest.mark.parametrize("raw,key", BAD, ids=[b[1] for b in BAD])
def test_bad_scenario_is_a_config_error(raw, key):
    with pytest.raises(ConfigError) as err:
        battle.scenario_from_dict(raw, "scenario.yaml", RULES)
    assert err.value.key == key and err.value.source == "scenario.yaml"


def test_level_4_is_fine_for_lordlings_but_not_players():
    raw = {"attacker": {"units": {"infantry": 2}}, "defender": {"units": {"infantry": 1}, "tech": {"infantry": 4}}}
    with pytest.raises(ConfigError):
        battle.scenario_from_dict(raw, "x", RULES)
    raw["defender"]["faction"] = "lordling"
    assert battle.scenario_from_dict(raw, "x", RULES).variants[0].armies[1].groups[0].level == 4


def test_cli_flags_become_the_scenario_mapping():
    options = {"attacker": "infantry=3,cavalry=1", "attacker_tech": "archer=2", "defender": "infantry=2", "farms": 1,
               "city": True, "keep": 1, "defender_keeps": 2, "attacker_policy": "focus-strongest"}  # fmt: skip
    assert battle.scenario_from_cli(options) == {
        "attacker": {"units": {"infantry": 3, "cavalry": 1}, "tech": {"archer": 2}, "policy": "focus-strongest"},
        "defender": {"units": {"infantry": 2}, "keeps": 2},
        "farms": 1, "city": True, "keep": 1,
    }  # fmt: skip
    assert battle.scenario_from_cli({"attacker": "archer=2", "barbarian_token": "3"})["barbarian_token"] == 3
    with pytest.raises(ConfigError):
        battle.scenario_from_cli({"attacker": "infantry3"})
    names = {opt.name for opt in battle.cli_options()}
    assert {"attacker", "attacker_tech", "farms", "city", "keep", "barbarian_token", "trophies", "reinforce"} <= names


@pytest.mark.parametrize("key,value", [("die.faces", 1), ("units.player.infantry", {"1": {"melee": 1, "armour": 1}}),
                                       ("barbarians.tokens", [])])  # fmt: skip
def test_bad_rules_override_is_a_config_error(key, value):
    with pytest.raises(ConfigError) as err:  # the shape check refuses an empty list at once, the loader the rest
        battle.scenario_from_dict(RAW, "x", load_rules("dark_ages", {key: value}))
    assert err.value.key.startswith(key.split(".")[0])


def test_crusade_command_parses_players_and_reports_exact_odds():

    from sim.games.dark_ages.cli import crusade, parse_players

    assert parse_players(("red:infantry=2", "blue:archer=1"), ("blue:archer=2",)) == {
        "red": {"units": {"infantry": 2}, "tech": {}},
        "blue": {"units": {"archer": 1}, "tech": {"archer": 2}},
    }
    with pytest.raises(ConfigError):
        parse_players(("infantry=2",), ())
    result = CliRunner().invoke(crusade, ["dark_ages", "--player", "red:infantry=2", "--defence", "1", "--json"])
    assert result.exit_code == 0, result.output
    assert '"victory": 0.555' in result.output  # 1 - (2/3)**2


@pytest.mark.parametrize(
    "rules, where",
    [
        ({"costs.city": -1}, "costs.city"),  # a list replaced by a number
        ({"setup.gold": -1}, "setup.gold"),  # a count below zero
        ({"nope.nothing": 1}, "nope.nothing"),  # no such key in any rules file
        ({"provinces.saxony.borders": ["frisia"]}, "provinces.saxony.borders"),  # refused by the board loader
    ],
)
def test_bad_experiment_rules_name_the_experiment_file(rules, where):
    """``rules:`` reaches every rules file; a bad key, type or value is one ConfigError naming the experiment
    file and the key, whether the generic check or the game's loader refuses it."""
    with pytest.raises(ConfigError) as err:
        experiment.experiment_from_dict({"players": 3, "rules": rules}, "exp.yaml")
    assert str(err.value).startswith("exp.yaml") and where in str(err.value)


def test_bad_rules_on_the_command_line_exit_2(capsys):
    with pytest.raises(SystemExit) as code:
        main(["run", "configs/dark_ages/experiments/ruler-balance.yaml", "--games", "10",
              "--set", "lordlings.research.vp=-3"])  # fmt: skip
    err = capsys.readouterr().err
    assert code.value.code == 2 and "lordlings.research.vp" in err and "Traceback" not in err
