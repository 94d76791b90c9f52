"""Principes full-game rulebook examples, each with the sentence it checks.

The pictures are not in the text, so each example is set up on the assumed board (configs/principes/map.yaml)
in a position that matches every number the sentence gives."""

import random

import pytest

from sim.games.principes.game import assembly, control, movement, politics, scenario, taxes
from sim.games.principes.game.movement import Move
from sim.games.principes.game.setup import initial_state
from sim.games.principes.game.state import IllegalAction
from sim.games.principes.game.turn_order import set_direction, turn_order

PMIN = "polonia_minor"


@pytest.fixture(scope="module")
def start():
    return initial_state()


def test_control_example(start):
    # "In this situation, the player controlling Polonia Minor controls all 10 lands within the borders of
    # their Principality and 2 lands outside of it."
    s = scenario.place(start, "terra_siradiensis", PMIN, footman=1)
    s = scenario.place(s, "rava", PMIN, footman=1)  # a Masovian land without Masovian units
    mine = control.controlled_lands(s, PMIN)
    inside = [x for x in mine if s.board.land(x).principality == PMIN]
    assert len(inside) == 10 and sorted(set(mine) - set(inside)) == ["rava", "terra_siradiensis"]
    # "If the player removes their units from lands outside their Principality's borders, they immediately lose
    # control of those lands, and control returns to the player to whom the land originally belonged, or (in the
    # case of central neutral lands) the land becomes neutral again."
    s = scenario.clear(scenario.clear(s, "rava", PMIN), "terra_siradiensis", PMIN)
    assert control.controller(s, "rava") == "masovia"
    assert control.controller(s, "terra_siradiensis") is None
    assert len(control.controlled_lands(s, PMIN)) == 10


def test_control_lost_to_foreign_units_and_division_tokens(start):
    # "All lands within the borders of a player's Principality that do not have foreign units or Division Tokens
    # (p. 27) are controlled by the player."
    s = scenario.place(start, "sandecia", "masovia", footman=1)
    assert control.controller(s, "sandecia") == "masovia"
    assert control.controller(start, "opolia") is None  # an initial Division Token in Silesia
    assert "opolia" not in control.controlled_lands(start, "silesia")


def test_turn_order_example(start):
    # "EXAMPLE: If, at the start of the game, the Princeps (representing Polonia Minor) chooses a clockwise
    # direction, the turn order will proceed as follows: Polonia Minor - Silesia - Polonia Maior - Masovia. If the
    # Princeps chooses a counterclockwise direction instead, the turn order will proceed as follows: Polonia Minor -
    # Masovia - Polonia Maior - Silesia."
    assert start.princeps == PMIN  # "The game begins with the player controlling Polonia Minor as the Princeps"
    assert turn_order(set_direction(start, clockwise=True)) == [PMIN, "silesia", "polonia_maior", "masovia"]
    assert turn_order(set_direction(start, clockwise=False)) == [PMIN, "masovia", "polonia_maior", "silesia"]


def test_taxes_example(start):
    # "EXAMPLE: The player controlling Polonia Minor collects a total of 5 gold, 4 from the lands within borders of
    # their Principality and 1 from a land controlled outside of it."
    s = scenario.place(start, "terra_siradiensis", PMIN, footman=1)  # a central land with 1 Might
    inside = sum(control.land_might(s, x) for x in control.controlled_lands(s, PMIN) if x != "terra_siradiensis")
    assert inside == 4
    after = taxes.taxes(s, PMIN)
    assert after.gold[PMIN] - s.gold[PMIN] == 5
    # "To collect taxes, the player must first lower their position by 1 on the People Support Track"
    assert after.people[PMIN] == s.people[PMIN] - 1


def test_taxes_impossible_at_people_zero(start):
    # "If the player is on the "0" position of the track, they cannot collect taxes."
    s = start.copy()
    s.people[PMIN] = 0
    assert not taxes.can_collect_taxes(s, PMIN)
    with pytest.raises(IllegalAction):
        taxes.taxes(s, PMIN)


def test_silesia_color_of_gold(start):
    # "Silesia - Color of Gold. ... During the Taxes Action, the player gains an additional 2 gold."
    after = taxes.taxes(start, "silesia")
    assert after.gold["silesia"] - start.gold["silesia"] == control.might(start, "silesia") + 2


def test_assembly_example(start):
    # "EXAMPLE: The player performing the Assembly Action assemble 2 Knights and 1 Footman from their pool outside
    # the Map. They pay 2 gold and then place the Footman and a Knight on the land with their Prince, and the other
    # Knight on the land with their Capital."
    s = scenario.place(scenario.place(start, "cracovia", PMIN, prince=-1), "wislicia", PMIN, prince=1)
    after = assembly.assemble(s, PMIN, {"wislicia": {"knight": 1, "footman": 1}, "cracovia": {"knight": 1}})
    assert after.gold[PMIN] == s.gold[PMIN] - 2
    assert after.units_of("wislicia", PMIN) == {"prince": 1, "knight": 1, "footman": 1}
    assert after.units_of("cracovia", PMIN)["knight"] == s.units_of("cracovia", PMIN)["knight"] + 1
    assert after.pool[PMIN]["knight"] == s.pool[PMIN]["knight"] - 2


def test_movement_example_with_its_clergy_penalty(start):
    # "EXAMPLE: A player performing the Movement Action (red) moves their Prince and 1 Footman to a land controlled
    # by Masovia (white), 1 Knight to a neutral central land, and 2 Knights to the Capital of Silesia (yellow) - they
    # can do this because the player controlling Polonia Maior (maroon) allowed foreign units to pass through their
    # land with the Footman."
    # "Therefore, in the presented example, the player would have to pay the penalty for ending their movement on
    # 1 land, that belonging to Silesia."
    # Reading: the Masovian-held land costs no penalty, so it lies inside red's own borders (Radomia); the maroon
    # land passed through is one Polonia Maior holds with its units (Kielcia).
    s = scenario.place(start, "kielcia", "polonia_maior", footman=1)
    s = scenario.place(s, "radomia", "masovia", knight=1)
    s = scenario.place(s, "cracovia", PMIN, knight=1)
    s = scenario.place(s, "zarnovia", PMIN, knight=1)
    s = scenario.place(s, "wislicia", PMIN, footman=1)
    moves = [
        Move("prince", ("cracovia", "wislicia", "sandomiria", "radomia")),
        Move("footman", ("wislicia", "kielcia", "radomia")),
        Move("knight", ("zarnovia", "terra_siradiensis")),
        Move("knight", ("cracovia", "bitom", "opolia", "vratislavia"), n=2),
    ]
    # without Polonia Maior's consent the Footman must stop on Kielcia
    with pytest.raises(IllegalAction, match="kielcia"):
        movement.move(s, PMIN, moves, random.Random(0))
    consent = frozenset({"polonia_maior"})
    assert [x for x in ("radomia", "terra_siradiensis", "vratislavia") if movement.penalized(s, PMIN, x)] == [
        "vratislavia"
    ]
    after, reports = movement.move(s, PMIN, moves, random.Random(0), consent=consent)
    assert after.clergy[PMIN] == s.clergy[PMIN] - 1 and after.gold[PMIN] >= s.gold[PMIN] - 1
    assert sorted(r.land for r in reports) == ["radomia", "vratislavia"]  # "Such movement results in a battle"
    assert control.controller(after, "terra_siradiensis") == PMIN
    # "... or pay 1 gold (to obtain an indulgence)"
    paid, _ = movement.move(s, PMIN, moves, random.Random(0), consent=consent, indulgence=True)
    assert paid.clergy[PMIN] == s.clergy[PMIN] and paid.gold[PMIN] == after.gold[PMIN] - 1


def test_clergy_penalty_waived_at_zero_without_gold(start):
    # "If the player is at position "0" on the Clergy Support Track and has no gold, they simply do not receive a
    # penalty after their move - in the eyes of the Church, one cannot fall lower."
    s = start.copy()
    s.clergy[PMIN], s.gold[PMIN] = 0, 0
    after, _ = movement.move(s, PMIN, [Move("footman", ("sandomiria", "radomia", "zarnovia"))])
    assert (after.clergy[PMIN], after.gold[PMIN]) == (0, 0)  # own land: no penalty either way
    after, _ = movement.move(s, PMIN, [Move("knight", ("cracovia", "bitom"))])  # a Division land in Silesia
    assert (after.clergy[PMIN], after.gold[PMIN]) == (0, 0)
    assert "bitom" not in after.division  # "...and then also remove the token"


def test_council_example(start):
    # "EXAMPLE: In the pictured situation, Masovia and Polonia Minor qualify to take the Princeps Token, as they
    # have their Principality Tokens on the 2 highest positions."
    # "If the Principality Tokens of the player who summoned the Council are in the highest positions (or tied for
    # the highest positions) on at least 2 Tracks, that player claims the Princeps Token from its current holder."
    # All four start with Might 4 (tied highest); Masovia leads People Support, Polonia Minor Clergy Support.
    s = start.copy()
    s.princeps = "silesia"
    s.people.update({"polonia_maior": 3, "masovia": 6, PMIN: 2, "silesia": 4})
    s.clergy.update({"polonia_maior": 2, "masovia": 1, PMIN: 7, "silesia": 3})
    assert {p: control.might_position(s, p) for p in s.players} == dict.fromkeys(s.players, 4)
    results = {p: politics.council(s, p) for p in s.players}
    assert {p: r.leads for p, (_, r) in results.items()} == {
        "polonia_maior": ("might",),
        "masovia": ("might", "people"),
        PMIN: ("might", "clergy"),
        "silesia": ("might",),
    }
    assert {p for p, (_, r) in results.items() if r.claims_princeps} == {"masovia", PMIN}
    assert results["masovia"][0].princeps == "masovia" and results["silesia"][0].princeps == "silesia"
