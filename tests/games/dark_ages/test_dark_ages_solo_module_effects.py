"""The solo module-effects experiment (``mode: solo_module_effects``): each solo-allowed module on vs off, paired on
the same deals, with the player's Ruler kept fixed (Module 3 adds Rulers to the draw, never to the rotation)."""

import json

import pytest

from sim.config import CONFIG_DIR, read_yaml
from sim.errors import ConfigError
from sim.experiments import run_experiment
from sim.games.dark_ages.game import modules

BASE = ["conrad_the_red", "arnulf_the_bad", "boleslaus_the_cruel", "berengar_of_ivrea", "tomislav",
        "pandulf_ironhead", "gero_the_great"]  # fmt: skip
EFFECTS = {"game": "dark_ages", "mode": "solo_module_effects", "seed": 7, "strategies": ["culture", "random_legal"],
           "modules": {"grand_buildings": True, "alchemists": True}, "engine": "reference"}  # fmt: skip
# both on the reference engine (``engine: auto`` plays both on the fast engine, whose counter-based stream deals
# other games than random.Random: tests/games/dark_ages/fast/test_fast_modules.py pairs those)
SOLO = {"game": "dark_ages", "mode": "solo", "seed": 7, "strategies": ["culture", "random_legal"],
        "difficulties": ["standard"], "rulers": BASE, "engine": "reference"}  # fmt: skip
N = 8


@pytest.fixture(scope="module")
def effects():
    return run_experiment(EFFECTS, games=N, keep_rows=True)


def test_baseline_is_the_plain_solo_experiment(effects):
    """The all-off plays are exactly ``mode: solo`` with the same deals (one difficulty: deal g is game g)."""
    plain = run_experiment(SOLO, games=N)
    assert effects.metrics["win_rate"]["player"] == plain.metrics["win_rate"]["standard"]
    assert effects.metrics["mean_margin_vp"] == pytest.approx(plain.metrics["mean_margin_vp"]["standard"])
    assert effects.metrics["mean_turns"] == pytest.approx(plain.metrics["mean_turns"])


@pytest.mark.parametrize("module", ["grand_buildings", "alchemists"])
def test_module_on_is_the_solo_experiment_with_that_module_and_the_same_rulers(effects, module):
    """The 'on' plays are ``mode: solo`` with the module on and the same fixed Ruler list: a true pairing, even for
    Grand Buildings, whose ``rulers: all`` would also rotate Marozia and Henry in."""
    on = run_experiment({**SOLO, "modules": {module: True}}, games=N)
    e = effects.metrics["module_effects"][module]
    assert e["win_rate_on"] == on.metrics["win_rate"]["standard"]
    assert e["mean_margin_vp_on"] == pytest.approx(on.metrics["mean_margin_vp"]["standard"])
    rows = effects.rows
    won_off, won_on = rows["won_off"].to_list(), rows[f"won_{module}"].to_list()
    change = sum(int(a) - int(b) for a, b in zip(won_on, won_off, strict=True)) / N
    assert e["win_rate_change"] == pytest.approx(change)
    margin = (rows[f"margin_{module}"] - rows["margin_off"]).mean()
    assert e["margin_vp_change"] == pytest.approx(margin)
    lo, hi = e["margin_vp_change_ci95"]
    assert lo <= e["margin_vp_change"] <= hi


def test_rulers_rotate_over_the_base_rulers_only(effects):
    assert set(effects.rows["ruler"].to_list()) <= set(BASE)
    with pytest.raises(ConfigError) as err:
        run_experiment({**EFFECTS, "rulers": ["marozia"]}, games=1)
    assert "rulers" in str(err.value)


def test_default_compares_every_solo_module():
    raw = {k: v for k, v in EFFECTS.items() if k != "modules"}
    r = run_experiment(raw, games=1)
    assert r.metrics["compared_modules"] == list(modules.SOLO_MODULES)
    assert set(r.metrics["module_effects"]) == set(modules.SOLO_MODULES)


@pytest.mark.parametrize(
    "change, key",
    [({"modules": {"wyrd": True}}, "modules.wyrd"), ({"modules": {"pope": False}}, "modules"),
     ({"difficulties": ["standard"]}, "difficulties"), ({"difficulty": "nightmare"}, "difficulty")],
)  # fmt: skip
def test_bad_keys_are_config_errors(change, key):
    with pytest.raises(ConfigError) as err:
        run_experiment({**EFFECTS, **change}, games=1)
    assert key in str(err.value)


def test_shipped_config_loads_and_runs():
    raw = read_yaml(CONFIG_DIR / "dark_ages" / "experiments" / "solo-module-effects.yaml")
    r = run_experiment(raw, games=2)
    assert r.metrics["compared_modules"] == list(modules.SOLO_MODULES)
    assert r.metrics["difficulty"] == "standard" and set(r.metrics["win_rate"]) == {"player"}


def test_chunking_does_not_change_the_table():
    """Integer tallies merge by addition: any chunk plan gives the same metrics."""
    one = run_experiment(EFFECTS, games=6)
    three = run_experiment(EFFECTS, games=6, chunk=2)
    assert one.metrics == three.metrics


def test_sim_run_json_and_table(capsys):
    from sim.cli import main

    def run(*args):
        try:
            main(list(args))
            code = 0
        except SystemExit as exc:
            code = exc.code
        out = capsys.readouterr()
        return code, out.out, out.err

    path = "configs/dark_ages/experiments/solo-module-effects.yaml"
    code, out, _ = run("run", path, "--games", "2", "--json", "--no-progress")
    assert code == 0 and json.loads(out)["mode"] == "solo_module_effects"
    code, out, _ = run("run", path, "--games", "2", "--no-progress")
    assert code == 0 and "player" in out


def test_by_strategy_changes_add_up_to_the_player_change(effects):
    """The per-strategy paired changes, weighted by each strategy's deals, are the overall change."""
    strategies = effects.rows["strategy"].to_list()
    weights = {s: strategies.count(s) / N for s in set(strategies)}
    for e in effects.metrics["module_effects"].values():
        by = e["win_rate_change_by_strategy"]
        assert sum(weights.get(s, 0) * v for s, v in by.items()) == pytest.approx(e["win_rate_change"])
    assert set(effects.metrics["win_rate_by_strategy"]) == set(strategies)  # only strategies that played a deal
