"""Module 6, Commanders, on hand-built states (rulebook 'Module 6 — Commanders'). The Commander card texts are
assumed (modules.yaml commanders.effects, flagged generic battle benefits)."""

import random

import pytest

from sim.games.dark_ages.game import combat, military, modules, passing
from sim.games.dark_ages.game.battle_sequence import NONE
from sim.games.dark_ages.game.context import cached_context
from sim.games.dark_ages.game.invariants import check
from sim.games.dark_ages.game.solo_setup import new_solo_game
from sim.games.dark_ages.game.solo_state import LORDLINGS
from sim.games.dark_ages.game.state import add_units
from tests.games.dark_ages.module_helpers import Stub, game_with


def _new(n=3):
    return game_with("commanders", n)


@pytest.fixture
def game():
    return _new()


def _cmd(game):
    return next(m for m in game.mods if m.name == "commanders")


def _hire(game, seat):
    p = game.players[seat]
    p.gold = 5
    p.res.update(wood=5)
    military.apply_recruit(game, seat, ("recruit", "infantry", p.capital))


@pytest.mark.parametrize("n", [2, 3, 4])
def test_setup_draws_one_more_commander_than_players(n):
    """'Randomly select one more Commanders than the number of players in the game.'"""
    c = _cmd(_new(n))
    assert len(c.available) == n + 1 and len(set(c.available)) == n + 1
    assert set(c.available) <= set(modules.module_data()["commanders"]["effects"])


def test_solo_draws_one_commander_and_a_fourth_lordling():
    """Solo Support: 'randomly draw a Commander ... put it next to your board' and 'we suggest drawing an additional
    (4th) Lordling Ruler card during setup, adding a Lordling Farm and 1 Archer (instead of a City) to its shown
    starting Province'."""
    g = new_solo_game(cached_context(), "berengar_of_ivrea", Stub(), frozenset(), random.Random(3), ("commanders",))
    assert len(_cmd(g).available) == 1
    homes = [q for q, (owner, _) in g.farms.items() if owner == LORDLINGS]
    assert len(homes) == 4 and sum(q in g.cities for q in homes) == 3
    fourth = next(q for q in homes if q not in g.cities)
    assert g.players[LORDLINGS].units[fourth] == {"archer": 1} and fourth not in g.barbarians
    assert g.cities_left == 7  # no City for the 4th Ruler
    check(g)


def test_recruit_hires_a_commander_for_two_gold(game):
    """'When you take a Recruit action or reaction, you may pay 2 Gold to select one of the available Commanders
    ... place its miniatures in a Province with a City you control.' It is not a unit."""
    c = _cmd(game)
    first = c.available[0]
    _hire(game, 0)
    p = game.players[0]
    assert c.card[0] == first and c.at[0] == p.capital and first not in c.available
    assert p.gold == 3 and p.units_in_play() == 3  # 2 starting Infantry + the recruit; the Commander is no unit
    check(game)


def test_only_one_commander_per_game_and_none_without_gold(game):
    """'You may only have 1 Commander during the whole game.'"""
    c = _cmd(game)
    _hire(game, 0)
    _hire(game, 0)
    assert game.players[0].gold == 5 and list(c.card) == [0]  # the second Recruit hires nobody
    g = game.players[1]
    g.gold, g.res["wood"] = 1, 1  # the recruit costs 1 Wood; 1 Gold left is not enough
    military.apply_recruit(game, 1, ("recruit", "infantry", g.capital))
    assert 1 not in c.card and g.gold == 1


def _barbarian_attack(game, monkeypatch, win):
    seen = []

    def fight(battle, variant, faces, rng, effects=(NONE, NONE)):
        seen.append(effects)
        return {"win": win, "survivors": [[("infantry", False)] if win else [], []]}

    monkeypatch.setattr(combat, "fight", fight)
    p = game.players[0]
    src = p.capital
    dst = next(q for q in game.ctx.neighbours[src] if q in game.barbarians)
    military.apply_manoeuvre(game, 0, ("manoeuvre", src, dst, (("infantry", 3),)))
    return seen, src, dst


def test_commander_moves_with_the_army_and_lends_its_effect_once(game, monkeypatch):
    """'A Commander may move alone or with other units as part of a Manoeuvre action'; 'When you participate in a
    battle with your Commander (and its card is ready), as the first step of the battle you may select to use its
    effect and then exhaust it'."""
    c = _cmd(game)
    _hire(game, 0)
    seen, src, dst = _barbarian_attack(game, monkeypatch, win=True)
    assert seen[0][0] != NONE and seen[0][1] == NONE
    assert c.at[0] == dst and not c.ready[0]
    check(game)
    p = game.players[0]  # a second battle before the Pass: the card is exhausted
    dst2 = next(q for q in game.ctx.neighbours[dst] if q in game.barbarians)
    military.apply_manoeuvre(game, 0, ("manoeuvre", dst, dst2, tuple(p.units[dst].items())))
    assert seen[1][0] == NONE


def test_refreshed_when_passing(game):
    """'When you Pass, refresh your Commander card (turning it straight up), at the same time when you would
    refresh your Title cards.'"""
    c = _cmd(game)
    _hire(game, 0)
    c.ready[0] = False
    p = game.players[0]
    p.nobles_free -= 1
    game.exhausted[0] += 1
    passing.do_pass(game, 0)
    assert c.ready[0]


def test_all_units_dead_commander_goes_to_the_closest_controlled_province(game, monkeypatch):
    """'If you lose a battle with your Commander present, it retreats along with your units. If all your units died
    in the battle, move your Commander to the closest Province you control'."""
    c = _cmd(game)
    _hire(game, 0)
    seen, src, dst = _barbarian_attack(game, monkeypatch, win=False)
    c.turn_ended(game, 0)
    assert c.at[0] == src  # the Capital: a Farm keeps it settled
    check(game)


def test_defender_commander_is_present_and_both_declare(game, monkeypatch):
    """'If both participating players have their Commanders present, the attacker must declare first' (both use
    them: the generic effects only help)."""
    c = _cmd(game)
    _hire(game, 0)
    _hire(game, 1)
    seen = []

    def fight(battle, variant, faces, rng, effects=(NONE, NONE)):
        seen.append(effects)
        return {"win": False, "survivors": [[], [("infantry", False)]]}

    monkeypatch.setattr(combat, "fight", fight)
    gero = game.players[1]
    src = next(q for q in game.ctx.neighbours[gero.capital] if q in game.in_play and q not in game.farms)
    game.barbarians.pop(src, None)
    add_units(game.players[0], src, "cavalry", 2)
    game.players[0].supply["cavalry"] -= 2
    c.at[0] = src
    military.apply_manoeuvre(game, 0, ("manoeuvre", src, gero.capital, (("cavalry", 2),)))
    assert seen[0][0] != NONE and seen[0][1] != NONE
    assert not c.ready[0] and not c.ready[1]
    c.turn_ended(game, 0)  # the attacker's Commander, alone in a Province it left, goes home
    assert c.at[0] == game.players[0].capital and c.at[1] == gero.capital
    check(game)
