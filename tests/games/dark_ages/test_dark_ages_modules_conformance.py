"""Modules as switches: with every implemented module on, games finish and the invariants hold; with all off, the
results equal the plain experiment's; the paired module-effects experiment is reproducible across workers."""

import random

import pytest
import yaml

from sim.errors import ConfigError
from sim.experiments import run_experiment
from sim.games.dark_ages.game import modules
from sim.games.dark_ages.game.context import cached_context
from sim.games.dark_ages.game.invariants import check
from sim.games.dark_ages.game.loop import play
from sim.games.dark_ages.game.setup import new_game
from strategies.dark_ages import NAMES, make

RULERS = ("conrad_the_red", "arnulf_the_bad", "boleslaus_the_cruel", "berengar_of_ivrea", "tomislav",
          "pandulf_ironhead", "gero_the_great")  # fmt: skip
ALL_ON = dict.fromkeys(modules.NAMES, True)


def _game(i: int, names: list[str]):
    rng = random.Random(2000 + i)
    rulers = [RULERS[(i + j) % 7] for j in range(len(names))]
    game = new_game(cached_context((), True), rulers, [make(n) for n in names], rng)  # Module 7: Skirmishers
    modules.install(game, modules.supported(len(names)))
    return game


def test_every_module_has_provenance_data():
    data = modules.module_data()
    assert set(modules.NAMES) <= set(data)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_legal_games_with_every_module_finish(players):
    for i in range(8):
        game = _game(i, ["random_legal"] * players)
        out = play(game, check=check)
        assert out.trigger != "turn_cap" and all(p.finished for p in game.players)
        for s in out.scores:
            assert s["total"] == sum(v for k, v in s.items() if k != "total") and s["total"] >= 0


def test_scripted_games_with_every_module_finish():
    for i in range(8):
        names = [NAMES[(i + j) % len(NAMES)] for j in range(2 + i % 3)]
        assert play(_game(i, names), check=check).trigger != "turn_cap"


def _ruler_balance() -> dict:
    with open("configs/dark_ages/experiments/ruler-balance.yaml") as f:
        return yaml.safe_load(f)


def test_all_modules_off_equals_the_ruler_balance_results():
    raw = _ruler_balance()
    plain = run_experiment(raw, games=21, keep_rows=True)
    off = run_experiment({**raw, "modules": dict.fromkeys(modules.NAMES, False)}, games=21, keep_rows=True)
    assert off.rows.equals(plain.rows) and off.metrics == plain.metrics


def test_module_switch_reaches_the_games():
    raw = {**_ruler_balance(), "players": [3]}
    plain = run_experiment(raw, games=14, keep_rows=True)
    on = run_experiment({**raw, "modules": ALL_ON}, games=14, keep_rows=True)
    assert not on.rows.equals(plain.rows)


def _effects(workers: int, chunk: int):
    raw = {"game": "dark_ages", "mode": "module_effects", "players": [3], "modules": ALL_ON, "engine": "reference",
           "strategies": ["random_legal", "expansion", "military"]}  # fmt: skip (compiled: test_fast_modules)
    return run_experiment(raw, games=6, seed=5, workers=workers, chunk=chunk, keep_rows=True)


def test_module_effects_same_table_for_one_or_two_workers():
    one, two = _effects(1, 6), _effects(2, 2)
    assert one.rows.equals(two.rows) and one.metrics == two.metrics
    effects = one.metrics["module_effects"]
    assert set(effects) == set(modules.NAMES)
    for m in effects.values():
        lo, hi = m["turns_change_ci95"]
        assert lo <= m["turns_change"] <= hi


def test_module_effects_baseline_is_the_all_off_game():
    """The paired 'off' game i is exactly game i of the plain experiment on the reference engine (same stream, same
    seating; module studies play on the reference engine, which draws from random.Random)."""
    one = _effects(1, 6)
    plain = run_experiment({"game": "dark_ages", "players": [3], "strategies": ["random_legal", "expansion",
                            "military"], "engine": "reference"}, games=6, seed=5, keep_rows=True)  # fmt: skip
    assert list(one.rows["turns_off"]) == list(plain.rows["turns"])
    assert one.metrics["win_rate"] == plain.metrics["win_rate"]


@pytest.mark.parametrize(
    "modules_value,path",
    [({"great_domain": True}, "modules.great_domain"), ({"pope": "yes"}, "modules.pope"), (["pope"], "modules")],
)
def test_bad_module_switch_is_a_config_error(modules_value, path):
    with pytest.raises(ConfigError) as err:
        run_experiment({"game": "dark_ages", "modules": modules_value}, games=1)
    assert path in str(err.value)
