"""Division: placement on another player's land without units, the limited tokens, control, and removal."""

import random

import pytest

from sim.games.principes.game import building, control, movement, scenario
from sim.games.principes.game.history import division
from sim.games.principes.game.state import IllegalAction
from tests.games.principes.history_helpers import MAS, PM, PMIN, SIL, fresh, seats


def test_placement_takes_the_land_and_its_points():
    # "When a Division Token appears on a player's land, they immediately lose control over it and all the
    # points it provided (as if foreign units had taken over the land)."
    s = fresh()
    s.buildings["sochaczovia"] = "tiltyard"
    s.supply["tiltyard"] -= 1
    people = s.people[MAS]
    out = division.place(s, PM, "sochaczovia")
    assert "sochaczovia" in out.division and out.supply["division"] == s.supply["division"] - 1
    assert control.controller(out, "sochaczovia") is None and "sochaczovia" not in control.controlled_lands(out, MAS)
    assert out.people[MAS] == people - 1  # the Tiltyard's point goes with the land
    # "cannot found Cities or build buildings on those lands"
    with pytest.raises(IllegalAction):
        building.build(out, MAS, None, (("sochaczovia", "abbey"),))


def test_only_lands_of_another_player_without_units_or_a_token():
    # "place 1 Division Token on any 1 land of another player that has no units"; "maximum of 1 Division Token"
    s = fresh()
    options = division.candidates(s, PM)
    assert "plocium" not in options  # Masovian units stand there
    assert "poznania" not in options and "gnesna" not in options  # its own lands
    assert "terra_lanciciensis" not in options  # a central land is nobody's
    assert "opolia" not in options  # already has a token
    assert "sochaczovia" in options
    for land in ("plocium", "gnesna", "opolia"):
        with pytest.raises(IllegalAction):
            division.place(s, PM, land)


def test_limited_tokens_only_the_first_players_place():
    # "If none remain in the pool, the event is either skipped or resolved only by the first players in turn order."
    s = fresh()
    s.supply["division"] = 2
    strategies, log = seats()
    out = division.resolve(s, strategies, random.Random(0))
    assert out.supply["division"] == 0 and len(out.division) == len(s.division) + 2
    assert [p for hook, p in log] == [PMIN, SIL]  # turn order from the Princeps, clockwise


def test_default_choice_hits_the_strongest_rival():
    s = fresh()
    s.people[SIL] = 9
    land = division.default_choice(s, PM)
    assert s.board.land(land).principality == SIL


def test_removal_by_moving_in_with_the_penalty():
    # "the player must move at least one of their own units onto the land with a Division Token and then remove
    # the token ... loses 1 Clergy Support Point or discards 1 gold."
    s = division.place(fresh(), PM, "sochaczovia")
    clergy, tokens = s.clergy[MAS], s.supply["division"]
    out, _ = movement.move(s, MAS, [movement.Move("footman", ("plocium", "sochaczovia"))], random.Random(0))
    assert "sochaczovia" not in out.division and out.supply["division"] == tokens + 1
    assert control.controller(out, "sochaczovia") == MAS and out.clergy[MAS] == clergy - 1


def test_division_tokens_do_not_hinder_movement():
    # "Division Tokens do not hinder movement. Players can freely pass through lands with a Division Token."
    s = division.place(fresh(), PM, "sochaczovia")
    s = scenario.place(s, "plocium", MAS, knight=1)
    out, _ = movement.move(s, MAS, [movement.Move("knight", ("plocium", "sochaczovia", "rava"))], random.Random(0))
    assert "sochaczovia" in out.division and out.units_of("rava", MAS) == {"knight": 1}
