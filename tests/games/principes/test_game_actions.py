"""Taxes, Assembly and Building in the reference engine: limits, costs, pools and the tracks they move."""

import random

import pytest

from sim.games.principes.game import assembly, building, control, scenario, taxes
from sim.games.principes.game.invariants import violations
from sim.games.principes.game.setup import deal_starting_hands, initial_state
from sim.games.principes.game.state import IllegalAction

PM, MAS, PMIN, SIL = "polonia_maior", "masovia", "polonia_minor", "silesia"


@pytest.fixture(scope="module")
def start():
    return initial_state()


def test_initial_state_is_sound(start):
    assert violations(start) == []
    assert start.gold == dict.fromkeys(start.players, 5)  # "Each player starts the game with 5 gold"
    assert {p: control.might(start, p) for p in start.players} == {PM: 4, MAS: 4, PMIN: 4, SIL: 4}


def test_taxes_limited_by_the_coin_supply(start):
    # "In the highly unlikely situation where there are no more Coin Tokens in the pool ... no gold can be collected"
    s = start.copy()
    s.gold[PM] += s.gold_in_supply() - 2  # Polonia Maior hoards all but 2 gold
    assert s.gold_in_supply() == 2
    assert taxes.taxes(s, PMIN).gold[PMIN] == s.gold[PMIN] + 2


def test_assembly_at_most_3_units_knights_cost_gold(start):
    with pytest.raises(IllegalAction, match="at most 3"):
        assembly.assemble(start, PMIN, {"cracovia": {"knight": 2, "footman": 2}})
    poor = start.copy()
    poor.gold[PMIN] = 1
    with pytest.raises(IllegalAction, match="gold"):
        assembly.assemble(poor, PMIN, {"cracovia": {"knight": 2}})
    free = assembly.assemble(poor, PMIN, {"cracovia": {"footman": 3}})  # "Footmen are assembled for free"
    assert free.gold[PMIN] == 1 and violations(free) == []
    # "The pool represents the entire population of the Principality. If it is depleted, the player can not
    # assemble any more units."
    with pytest.raises(IllegalAction, match="pool"):
        assembly.assemble(free, PMIN, {"cracovia": {"footman": 1}})


def test_assembly_only_at_the_prince_or_a_controlled_capital(start):
    with pytest.raises(IllegalAction, match="only on"):
        assembly.assemble(start, PMIN, {"sandomiria": {"footman": 1}})
    with pytest.raises(IllegalAction, match="not prince"):
        assembly.assemble(start, PMIN, {"cracovia": {"prince": 1}})
    lost = scenario.place(start, "cracovia", PMIN, prince=-1)
    lost = scenario.place(lost, "wislicia", PMIN, prince=1)
    lost = scenario.place(lost, "cracovia", PMIN, knight=-1, footman=-1)
    lost = scenario.place(lost, "cracovia", SIL, footman=1)  # Silesia holds the Capital
    assert assembly.assembly_lands(lost, PMIN) == {"wislicia"}


def test_assembly_fallback_without_capital_or_prince(start):
    # "If the player does not control their own Capital and does not have their Prince on the Map, they may
    # assemble units to one of their chosen lands with the highest number of Might Points."
    s = scenario.clear(start, "cracovia", PMIN)
    s = scenario.place(s, "cracovia", SIL, footman=1)
    assert assembly.assembly_lands(s, PMIN) == {"sandomiria", "lublinum"}  # Might 1 each, the highest left
    with pytest.raises(IllegalAction, match="one chosen land"):
        assembly.assemble(s, PMIN, {"sandomiria": {"footman": 1}, "lublinum": {"footman": 1}})
    after = assembly.assemble(s, PMIN, {"lublinum": {"footman": 2}})
    assert after.units_of("lublinum", PMIN) == {"footman": 3}


def test_found_a_city_costs_its_might_and_adds_one(start):
    # "When a player wants to upgrade their Gord to a City, they must pay the founding cost. It is always equal to
    # the number of Might Points provided by the City." ... "moves 1 position forward on the Might Track"
    after = building.build(start, PMIN, city="cracovia")
    assert start.gold[PMIN] - after.gold[PMIN] == 3  # a Capital City: Might 3 (assumed)
    assert control.might(after, PMIN) == control.might(start, PMIN) + 1
    small = building.build(start, PMIN, city="kielcia")  # a Civitas: Might 1, cost 1
    assert start.gold[PMIN] - small.gold[PMIN] == 1 and small.supply["civitas"] == 7
    with pytest.raises(IllegalAction, match="already a City"):
        building.build(after, PMIN, city="cracovia")


def test_city_tokens_are_limited(start):
    s = start.copy()
    s.supply["civitas"] = 0
    with pytest.raises(IllegalAction, match="civitas"):
        building.build(s, PMIN, city="kielcia")


def test_western_pomerania_two_gords_become_two_cities(start):
    s = scenario.place(start, "western_pomerania", "western_pomerania", knight=-1, footman=-2)
    s = scenario.place(s, "western_pomerania", PM, footman=1)
    s.gold[PM] = 10
    once = building.build(s, PM, city="western_pomerania")
    twice = building.build(once, PM, city="western_pomerania")
    assert (s.gold[PM] - once.gold[PM], once.gold[PM] - twice.gold[PM]) == (2, 1)
    assert control.land_might(twice, "western_pomerania") == 3


def test_buildings_cost_1_gold_and_move_the_tracks(start):
    # "After building or taking control of a Tiltyard, the player gains 1 People Support Point." (Abbey: Clergy)
    after = building.build(start, PMIN, buildings=(("cracovia", "tiltyard"), ("wislicia", "abbey")))
    assert start.gold[PMIN] - after.gold[PMIN] == 2
    assert (after.people[PMIN], after.clergy[PMIN]) == (start.people[PMIN] + 1, start.clergy[PMIN] + 1)
    with pytest.raises(IllegalAction, match="at most 2"):
        building.build(start, PMIN, buildings=(("cracovia", "castle"),) * 3)
    # "Each 1 land can contain at most 1 City and 1 building."
    with pytest.raises(IllegalAction, match="already has"):
        building.build(after, PMIN, buildings=(("cracovia", "castle"),))
    # the Division Token: "in the Building Action, they cannot found Cities or build buildings on those lands"
    with pytest.raises(IllegalAction, match="does not control"):
        building.build(start, SIL, buildings=(("opolia", "castle"),))
    with pytest.raises(IllegalAction, match="does not control"):
        building.build(start, SIL, city="opolia")


def test_starting_hands(start):
    # assumed from solo mode: "draws 1 Battle Card, 1 Court Card, and 1 Neighbor Card into their hand"
    dealt = deal_starting_hands(start, random.Random(4))
    for p in dealt.players:
        kinds = sorted(card.split(".")[0] for card, n in dealt.hands[p].items() for _ in range(n))
        assert kinds == ["battle", "court", "neighbor"]
    assert violations(dealt) == []
