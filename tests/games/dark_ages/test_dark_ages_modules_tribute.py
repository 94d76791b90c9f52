"""Module 11, Tribute, on hand-built states (rulebook 'Module 11 — Tribute')."""

import pytest

from sim.games.dark_ages.game import combat, military, passing
from sim.games.dark_ages.game.invariants import check
from sim.games.dark_ages.game.loop import take_turn
from sim.games.dark_ages.game.state import add_units
from tests.games.dark_ages.module_helpers import game_with


def _new(rulers):
    return game_with("tribute", rulers=rulers)


@pytest.fixture
def game():
    return _new(["berengar_of_ivrea", "gero_the_great"])


def _tribute(game):
    return next(m for m in game.mods if m.name == "tribute")


def _win_in_gero_capital(game, monkeypatch):
    def fight(battle, variant, faces, rng, effects=None):
        return {"win": True, "survivors": [[("cavalry", False)], []]}

    monkeypatch.setattr(combat, "fight", fight)
    yellow = game.players[0]
    game.barbarians.pop("thuringia", None)
    add_units(yellow, "thuringia", "cavalry", 2)
    yellow.supply["cavalry"] -= 2
    military.apply_manoeuvre(game, 0, ("manoeuvre", "thuringia", "marca_geronis", (("cavalry", 2),)))


def test_setup_three_markers(game):
    """'Each player places 3 of their player markers on their Ruler card.'"""
    assert _tribute(game).markers == [3, 3]


def test_winning_in_a_capital_places_a_marker(game, monkeypatch):
    """'If you win a battle in an opponent's Capital ... also place one of your player markers from your Ruler card
    into the defeated Capital'."""
    _win_in_gero_capital(game, monkeypatch)
    t = _tribute(game)
    assert t.suzerain == {1: 0} and t.markers == [2, 3]
    assert game.players[0].vp_by["capital_raids"] == 3  # the core rewards still apply
    check(game)


def test_tributary_gives_a_produced_resource_when_passing(game, monkeypatch):
    """'whenever a tributary player Passes, they must give one of their produced resources (of their choice) to
    their suzerain'."""
    _win_in_gero_capital(game, monkeypatch)
    yellow, gero = game.players
    produced = game.ctx.board.province("marca_geronis").resource
    before = dict(yellow.res)
    gero.nobles_free -= 1
    game.exhausted[1] += 1
    passing.do_pass(game, 1)
    assert yellow.res[produced] == before[produced] + 1
    assert sum(yellow.res.values()) == sum(before.values()) + 1
    check(game)


def test_paying_two_gold_frees_the_tributary(game, monkeypatch):
    """'As a Free action pay 2 Gold to their suzerain to pay off their debts' ... 'return the player marker to their
    (former) suzerain's Ruler card'."""
    _win_in_gero_capital(game, monkeypatch)
    yellow, gero = game.players
    gero.gold, gold = 4, yellow.gold
    take_turn(game, 1)
    t = _tribute(game)
    assert t.suzerain == {} and t.markers == [3, 3]
    assert gero.gold == 2 + 1 and yellow.gold == gold + 2  # the stub then Passes (+1 Gold)


def test_winning_in_the_suzerains_capital_reverses_the_roles(game):
    """'Win a combat in their suzerain's Capital (in which case the roles are reversed)'."""
    t = _tribute(game)
    t.capital_won(game, 0, 1)
    t.capital_won(game, 1, 0)
    assert t.suzerain == {0: 1} and t.markers == [3, 2]


def test_a_new_suzerain_returns_the_old_marker():
    """'(If any other player already has a player marker there, return that player marker to their Ruler card.)'"""
    game = _new(["berengar_of_ivrea", "gero_the_great", "tomislav"])
    t = _tribute(game)
    t.capital_won(game, 0, 1)
    t.capital_won(game, 2, 1)
    assert t.suzerain == {1: 2} and t.markers == [3, 3, 2]
