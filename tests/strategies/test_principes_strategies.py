"""Principes strategies: each plays legal games, parameters come from YAML, and new ones need no engine change."""

import random
import sys
import textwrap

import pytest

from sim.experiments import run_experiment
from sim.games.principes.driver import play_game
from sim.games.principes.game.invariants import violations
from sim.games.principes.game.setup import initial_state, load_game_rules
from sim.games.principes.map import load_board
from strategies.principes import STRATEGIES, make, resolve
from strategies.principes.base import ACTIONS

FACTIONS = ("polonia_maior", "masovia", "polonia_minor", "silesia")


@pytest.fixture(scope="module")
def board_rules():
    return load_board(), load_game_rules()


def no_violations(state, player, action):
    assert violations(state) == [], (player, action)


@pytest.mark.parametrize("name", sorted(STRATEGIES))
def test_each_strategy_plays_legal_games(board_rules, name):
    board, rules = board_rules
    label, uses, params = resolve(name)
    for seed in range(3):
        seats = {p: make(uses, params) for p in FACTIONS}
        rec = play_game(seats, random.Random(seed), board, rules, strict=True, on_action=no_violations)
        assert rec.illegal == 0 and rec.actions > 0


@pytest.mark.parametrize("name", sorted(STRATEGIES))
def test_plans_are_three_different_actions(name):
    state, rng = initial_state(), random.Random(1)
    strategy = make(*resolve(name)[1:])
    for p in FACTIONS:
        plan = strategy.plan(state, p, rng)
        assert len(plan) == 3 and len(set(plan)) == 3 and set(plan) <= set(ACTIONS)


def test_parameters_come_from_yaml_files(tmp_path):
    label, uses, params = resolve("conqueror")
    assert (label, uses) == ("conqueror", "conqueror") and params["army_target"] == 9
    (tmp_path / "careful.yaml").write_text("uses: conqueror\nparams: {attack_ratio: 3.0}\n")
    label, uses, params = resolve("careful", tmp_path)
    assert label == "careful" and uses == "conqueror" and params["attack_ratio"] == 3.0
    label, uses, params = resolve({"name": "bold", "uses": "conqueror", "params": {"attack_ratio": 1.0}})
    assert label == "bold" and make(uses, params).p["attack_ratio"] == 1.0
    with pytest.raises(ValueError, match="unknown parameters"):
        resolve({"uses": "builder", "params": {"atack_ratio": 1}})
    with pytest.raises(ValueError, match="unknown strategy"):
        resolve("nobody")


def test_builder_plans_building_when_it_can_found_a_city():
    state = initial_state()
    state.gold["silesia"] = 9
    builder = make(*resolve("builder")[1:])
    assert "building" in builder.plan(state, "silesia", random.Random(0))
    city, built = builder.building(state, "silesia", random.Random(0))
    assert city is not None and state.board.land(city).principality == "silesia"


def test_conqueror_marches_on_a_land_it_outnumbers():
    state = initial_state()
    conqueror = make(*resolve("conqueror")[1:])
    order = conqueror.movement(state, "silesia", random.Random(0))
    assert order is not None and order.moves and all(m.kind != "prince" for m in order.moves)  # the Prince stays
    dest = order.moves[0].path[-1]
    assert all(m.path[-1] == dest for m in order.moves) and dest not in state.board.capitals.values()
    timid = make("conqueror", {**resolve("conqueror")[2], "attack_ratio": 99})
    assert all(
        state.factions_on(m.path[-1]) == []
        for m in (timid.movement(state, "silesia", random.Random(0)) or type(order)(())).moves
    )


def test_politician_summons_a_council_when_it_would_lead():
    state = initial_state()
    state.people["masovia"], state.clergy["masovia"] = 9, 9
    politician = make(*resolve("politician")[1:])
    assert politician.politics(state, "masovia", random.Random(0)) == "council"


EXAMPLE = '''
"""Hoarder: tax every Round, found the cheapest City, draw Court Cards; never fight."""
from sim.games.principes import legal
from strategies.principes.base import Strategy

class Hoarder(Strategy):
    name, defaults = "hoarder", {"reserve": 2}
    def plan(self, state, me, rng):
        return ("taxes", "building", "politics")
    def taxes(self, state, me, rng):
        return legal.can_tax(state, me)
    def building(self, state, me, rng):
        sites = [(c, l) for l, c in legal.city_sites(state, me) if state.gold[me] - c >= self.p["reserve"]]
        return (min(sites)[1] if sites else None), []
    def politics(self, state, me, rng):
        return 3  # draw 3 Court Cards, keep 2
'''


def test_a_new_strategy_needs_no_engine_change(tmp_path, monkeypatch, board_rules):
    (tmp_path / "my_hoarder.py").write_text(textwrap.dedent(EXAMPLE))
    monkeypatch.syspath_prepend(str(tmp_path))
    label, uses, params = resolve({"name": "hoarder", "uses": "my_hoarder:Hoarder", "params": {"reserve": 1}})
    board, rules = board_rules
    seats = {p: make(uses, params) for p in FACTIONS}
    rec = play_game(seats, random.Random(0), board, rules, strict=True, on_action=no_violations)
    assert rec.illegal == 0
    spec = {"name": "hoarder", "uses": "my_hoarder:Hoarder"}
    result = run_experiment({"game": "principes", "seats": [spec, "builder", "conqueror", "random"]}, games=4, seed=2)
    assert result.metrics["strategies"][0] == "hoarder" and result.metrics["illegal_actions"] == 0
    sys.modules.pop("my_hoarder", None)
