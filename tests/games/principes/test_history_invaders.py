"""Teutonic Knights and Mongols on hand-built states: calling, blocking, raids, retreat, devastation, return."""

import random

import pytest

from sim.games.principes.game import battles, control, movement
from sim.games.principes.game.history import balt_raid, invaders, mongols, teutonic
from sim.games.principes.game.invariants import violations
from sim.games.principes.game.movement import Move
from sim.games.principes.game.state import IllegalAction
from tests.games.principes.history_helpers import MAS, PM, PMIN, SIL, fresh, seats

TK, HOME = "teutonic_knights", "terra_culmensis"


def called():
    s = fresh()
    s.units[HOME] = {MAS: {"footman": 1}}
    s.pool[MAS]["footman"] -= 1
    s.buildings[HOME] = "abbey"
    s.supply["abbey"] -= 1
    return s, teutonic.call(s, MAS)


def test_calling_places_knights_city_castle_and_takes_the_land():
    # "2 Teutonic Knights, a City (Civitas), and a Castle ... must be placed on the land with the Teutonic Knight
    # symbol. If any building was previously built on the land ... it must be removed, and if the player has any
    # of their units on the land, they must withdraw them ... the player loses control of the land with the symbol."
    s, out = called()
    assert out.units[HOME] == {TK: {"knight": 2}} and out.cities[HOME] == 1 and out.buildings[HOME] == "castle"
    assert out.supply["abbey"] == s.supply["abbey"] + 1 and out.supply["castle"] == s.supply["castle"] - 1
    assert out.units_of("ciechanovia", MAS) == {"footman": 2}  # withdrawn to an adjacent Masovian land
    assert control.controller(out, HOME) == TK and out.clergy[MAS] == s.clergy[MAS] - 1  # the Abbey's point
    assert out.teutonic and teutonic.caller(out) is None and violations(out) == []


def test_only_the_player_controlling_the_symbol_land_may_call():
    # "The player controlling Masovian land with the Teutonic Knight symbol may (but does not have to) call upon them."
    s = fresh()
    assert teutonic.caller(s) == MAS
    with pytest.raises(IllegalAction):
        teutonic.call(s, PM)
    strategies, log = seats(history_teutonic=False)
    assert teutonic.resolve(s, strategies, random.Random(0)) is s and log == [("history_teutonic", MAS)]


def test_knights_block_the_prussians():
    # "If the Teutonic Knights are present on the Map, only the Lithuanians are activated."
    _, s = called()
    assert balt_raid.active_tribes(fresh()) == ("prussians", "lithuanians")
    assert balt_raid.active_tribes(s) == ("lithuanians",)


def test_knights_raid_for_the_princeps_and_return():
    # "The Princeps may move them ... After completing their movement or if the Teutonic Knights are removed after
    # battle, they return to the land with the symbol."
    _, s = called()
    for seed in range(5):
        out = teutonic.raid(s, [Move("knight", (HOME, "naclum"), 2)], random.Random(seed))
        assert out.units[HOME] == {TK: {"knight": 2}} and "naclum" not in out.units.get("naclum", {}).get(TK, {})
        assert violations(out) == []


def test_knights_beaten_at_home_come_back_when_the_land_empties():
    # "similar to both Pomerania, if all units occupying the land with the symbol leave, the Teutonic Knights will
    # immediately return to it."
    _, s = called()
    s.units[HOME][PM] = {"knight": 3, "footman": 6}  # an overwhelming attack (figures not from the pool here)
    out, report = battles.battle(s, HOME, PM, random.Random(0))
    assert report.winner == PM and out.pomerania_off[TK] == {"knight": 2} and control.controller(out, HOME) == PM
    left = dict(out.units_of(HOME, PM))
    for kind, n in left.items():
        out.add_units(HOME, PM, kind, -n)
    movement.return_pomeranians(out)
    assert out.units[HOME] == {TK: {"knight": 2}} and TK not in out.pomerania_off


def test_knights_wait_while_a_prince_stands_on_their_emptied_land():
    # "After completing their movement ... they return to the land with the symbol" and "similar to both
    # Pomerania, if all units occupying the land with the symbol leave, the Teutonic Knights will immediately
    # return to it": a Masovian Prince placed on the land meanwhile (his predecessor died in their raid) keeps it
    # until he leaves; two factions never share it outside a battle.
    _, s = called()
    s.add_units(HOME, TK, "knight", -2)
    s.add_units("naclum", TK, "knight", 2)  # the Knights are out raiding
    (seat,) = [land for land, here in s.units.items() if here.get(MAS, {}).get("prince")]
    s.add_units(seat, MAS, "prince", -1)
    s.add_units(HOME, MAS, "prince", 1)  # the heir placed on the emptied symbol land
    out = teutonic.return_home(s)
    assert out.units[HOME] == {MAS: {"prince": 1}} and out.pomerania_off[TK] == {"knight": 2}
    assert not teutonic.present(out) and violations(out) == []
    out.add_units(HOME, MAS, "prince", -1)
    movement.return_pomeranians(out)
    assert out.units[HOME] == {TK: {"knight": 2}} and TK not in out.pomerania_off


def test_beaten_mongols_withdraw_to_an_empty_land():
    # "after a lost battle, the player moving the Mongols may withdraw them to a land without any units or tokens"
    s = fresh()
    s.cities["rava"] = 1
    s.supply["civitas"] -= 1
    options = battles.withdraw_options(s, "cirscum", "mongols")
    assert "rava" not in options and "ciechanovia" not in options  # a City; a Masovian Footman
    assert "sochaczovia" in options and "lucovia" in options
    withdrawn = 0
    for seed in range(60):
        t = s.copy()
        t.units["cirscum"] = {MAS: {"knight": 2}, "mongols": {"knight": 2}}
        out, report = battles.battle(t, "cirscum", "mongols", random.Random(seed))
        left = [land for land, _, _ in invaders.on_map(out, "mongols")]
        if report.winner == MAS and left:
            assert left == [options[0]]
            withdrawn += 1
    assert withdrawn


def test_mongols_devastate_and_leave():
    # "From lands where Invaders ended their movement and where no other units are present, all City and Building
    # Tokens must be removed."; "Once all players have moved ... they are placed off the Map again"
    s = fresh()
    s.cities["cirscum"] = 1
    s.supply["city"] -= 1
    s.buildings["cirscum"] = "tiltyard"
    s.supply["tiltyard"] -= 1
    might = control.might(s, MAS)

    def once(state, me, faction, stock, rng):
        return [Move("knight", ("rus_duchies", "nura", "cirscum"), 4)] if stock and stock["knight"] else []

    strategies, _ = seats(history_invaders=once)
    out = mongols.resolve(s, strategies, random.Random(0))
    assert "cirscum" not in out.cities and "cirscum" not in out.buildings
    assert control.might(out, MAS) == might - 1 and out.people[MAS] == s.people[MAS] - 1
    assert not invaders.on_map(out, "mongols") and violations(out) == []
    assert out.mongol_waves == 1 and mongols.wave_size(out) == 3


def test_invaders_stop_on_foreign_units_and_respect_movement_points():
    s = fresh()
    reach = invaders.reach(s, "prussians", "balts", "footman", PMIN)
    assert "wizna" in reach and "nura" not in reach.get("wizna", ())  # entered and stopped at a Masovian Footman
    assert all(len(path) - 1 <= 2 for path in reach.values())  # foot: 2 lands, entry included
    with pytest.raises(IllegalAction):
        invaders.check(s, "prussians", [Move("footman", ("balts", "wizna", "nura"), 1)], PMIN, {"footman": 4})
    for bad in (
        Move("footman", ("balts", "nura"), 5),  # only 4 Prussians
        Move("footman", ("balts", "ciechanovia", "cirscum", "rava"), 1),  # 3 lands for a foot unit
        Move("footman", ("balts", "plocium"), 1),  # Plocium does not border the Balts
    ):
        with pytest.raises(IllegalAction):
            invaders.check(s, "prussians", [bad], PMIN, {"footman": 4})
    s.princeps = SIL
    with pytest.raises(IllegalAction):  # "cannot end their movement on lands they control"
        invaders.check(s, "lithuanians", [Move("knight", ("balts", "nura"), 1)], MAS, {"knight": 2})


def test_default_raid_sends_each_group_whole_at_the_strongest_rival():
    s = fresh()
    s.people[SIL] = 9  # Silesia leads, but the Balts cannot reach it: the next strongest in reach is chosen
    s.people[MAS] = 8
    (move,) = invaders.default_moves(s, "prussians", PMIN, {"footman": 4})
    assert move.n == 4 and move.path[0] == "balts" and control.controller(s, move.path[-1]) == MAS
    s.people[PM] = 10
    (move,) = invaders.default_moves(s, "lithuanians", PMIN, {"knight": 2})
    assert control.controller(s, move.path[-1]) == PM  # Naclum, through Terra Culmensis
