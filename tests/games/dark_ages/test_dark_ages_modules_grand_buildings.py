"""Module 3, Grand Buildings, on hand-built states (rulebook 'Module 3 — Grand Buildings'). The card costs and
effects are assumed (culture.yaml grand_building, flagged generic)."""

import random

import pytest

from sim.experiments import run_experiment
from sim.games.dark_ages.game import combat, modules, passing
from sim.games.dark_ages.game.context import cached_context
from sim.games.dark_ages.game.ending import score
from sim.games.dark_ages.game.invariants import check
from sim.games.dark_ages.game.loop import take_turn
from sim.games.dark_ages.game.military import recruit_options
from sim.games.dark_ages.game.setup import new_game
from tests.games.dark_ages.module_helpers import Stub


@pytest.fixture
def game():
    g = new_game(cached_context(), ["marozia", "gero_the_great"], [Stub(), Stub()], random.Random(0))
    modules.install(g, ("grand_buildings",))
    return g


def _gb(game):
    return game.mods[0]


def test_common_cards_go_into_the_top_half(game):
    """'Shuffle the 4 common Grand Buildings' Culture cards into the top half of the Culture deck at setup.'"""
    half = (len(game.deck) + 4) // 2
    assert {c for c in game.deck[:half] if game.ctx.deck.cards[c].type == "grand_building"} == {
        "C049", "C050", "C051", "C052"}  # fmt: skip


def test_building_is_the_turns_action_and_scores_for_the_controller(game):
    """'you can play them as an action, instead of Passing or placing a Noble disc ... by paying the resource cost
    shown on the card. Take the matching Grand Building miniature and place it in a Province you control.'"""
    marozia = game.players[0]
    assert "C053" in marozia.hand  # Marozia's own Grand Building (assumed: 2 Stone, 4 VP at the end)
    marozia.res.update(stone=2)
    nobles, passes = marozia.nobles_free, marozia.passes
    take_turn(game, 0)
    gb = _gb(game)
    assert gb.built == {marozia.capital: "C053"} and "C053" not in marozia.hand
    assert marozia.nobles_free == nobles and marozia.passes == passes and marozia.res["stone"] == 0
    assert score(game, 0)["modules"] == 4
    check(game)


def test_one_per_province_and_effects_follow_control(game):
    """'Each Province can have a maximum of one Grand Building.'; 'When another player gains control of that
    Province ... ongoing effects now benefit them instead of the Grand Building's original builder.'"""
    gb = _gb(game)
    gb.built["verona"] = "C050"  # defence +1
    game.barbarians.pop("verona", None)
    game.farms["verona"] = (1, 1)
    game.players[1].farms_off += 1
    assert gb.defence_bonus(game, 1, "verona") == 1 and gb.defence_bonus(game, 0, "verona") == 0
    marozia = game.players[0]
    marozia.hand.append("C051")
    marozia.res.update(stone=5, leather=5)
    places = game.controlled(0)
    gb.built.update({q: "C049" for q in places})  # every controlled Province has one already
    assert not gb.turn_action(game, 0)


def test_production_and_recruit_discount(game):
    gb = _gb(game)
    marozia = game.players[0]
    home = marozia.capital
    gb.built[home] = "C049"  # production +1
    r = game.ctx.board.province(home).resource
    marozia.nobles_free -= 1
    game.exhausted[0] += 1
    before = marozia.res[r]
    passing.do_pass(game, 0)
    assert marozia.res[r] == before + 1 + 1  # the Production building and the Grand Building
    marozia.res.update(wood=0, leather=0, stone=0, iron=0)
    marozia.gold = 0
    assert recruit_options(game, 0) == []
    gb.built[home] = "C052"  # recruit discount 1: a level-I Infantry (1 Wood) is free in that Province
    assert ("recruit", "infantry", home) in recruit_options(game, 0)


def test_defence_bonus_adds_to_the_defenders_battle_result(game, monkeypatch):
    seen = {}

    def fight(battle, variant, faces, rng, effects=None):
        seen["br"] = variant.armies[1].br_bonus
        return {"win": False, "survivors": [[], [("infantry", False)]]}

    monkeypatch.setattr(combat, "fight", fight)
    gb = _gb(game)
    gero = game.players[1]
    gb.built[gero.capital] = "C054"  # defence +2
    marozia = game.players[0]
    marozia.supply["cavalry"] -= 1
    combat.attack_player(game, 0, marozia.capital, gero.capital, {"cavalry": 1}, 1)
    assert seen["br"] == game.keeps.get(gero.capital, 0) + 2
    check(game)


def test_module_rulers_join_the_rotation_with_the_module():
    out = run_experiment({"game": "dark_ages", "players": [3], "rulers": "all", "modules": {"grand_buildings": True},
                          "strategies": ["random_legal"]}, games=9, seed=2)  # fmt: skip
    assert {"marozia", "henry_the_fowler"} <= set(out.metrics["win_rate"])
