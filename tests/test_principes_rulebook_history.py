"""Rulebook examples and sentences for the History Cards (pp. 8, 27-29), on hand-built states."""

import random

from sim.games.principes.game import control, movement, scenario
from sim.games.principes.game.history import balt_raid, deck, division, invaders, mongols
from sim.games.principes.game.invariants import violations
from sim.games.principes.game.movement import Move
from tests.games.principes.history_helpers import MAS, PM, PMIN, SIL, fresh, seats


def test_balt_raid_example():
    # "EXAMPLE: I The Princeps first moves all 4 Prussians into battle with Masovia. They win the fight, destroy
    # the City, and return to where they came from. II Next, the Princeps sends 1 Lithuanian into battle with
    # Polonia Maior and 1 to the land with the Tiltyard."
    s = fresh()
    s.cities["ciechanovia"] = 1  # a Masovian City with a Footman (the starting deployment)
    s.supply["civitas"] -= 1
    s.buildings["cruswicia"] = "tiltyard"  # an unguarded Masovian land with a Tiltyard
    s.supply["tiltyard"] -= 1
    civitas, tiltyards, people = s.supply["civitas"], s.supply["tiltyard"], s.people[MAS]
    for seed in range(20):
        rng = random.Random(seed)
        after_i = balt_raid.raid(s, "prussians", [Move("footman", ("balts", "ciechanovia"), 4)], rng)
        # 4 swords (+ die) against a Footman behind a City (2 shields + die): the Prussians always win
        assert "ciechanovia" not in after_i.cities and after_i.supply["civitas"] == civitas + 1
        assert after_i.units_of("ciechanovia", MAS) == {}
        assert after_i.pool[MAS]["footman"] == s.pool[MAS]["footman"] + 1
        assert not invaders.on_map(after_i, "prussians")  # "return to where they came from"
        assert control.controller(after_i, "ciechanovia") == MAS  # nobody holds it: the land is Masovia's again
        assert after_i.people[MAS] == people - 1  # the lost battle (People's Favor)
        lithuanians = [
            Move("knight", ("balts", "terra_culmensis", "naclum")),
            Move("knight", ("balts", "terra_culmensis", "cruswicia")),
        ]
        after_ii = balt_raid.raid(after_i, "lithuanians", lithuanians, rng)
        assert "cruswicia" not in after_ii.buildings and after_ii.supply["tiltyard"] == tiltyards + 1
        assert not invaders.on_map(after_ii, "lithuanians") and violations(after_ii) == []
        # the Tiltyard's People point is gone with it
        assert after_ii.people[MAS] == people - 2


def test_balts_are_moved_by_the_princeps_prussians_first():
    # "First, the Princeps may move the Prussians (and resolve any battles triggered by their movement), and then
    # the Lithuanians may be moved."
    asked = []
    s = fresh()
    s.princeps = SIL
    strategies, log = seats(history_invaders=lambda state, me, faction, stock, rng: asked.append((me, faction)) or [])
    balt_raid.resolve(s, strategies, random.Random(0))
    assert asked == [(SIL, "prussians"), (SIL, "lithuanians")]


def test_balts_cannot_end_on_lands_of_the_player_moving_them():
    # "the player moving the Balts cannot end their movement on lands they control."
    s = fresh()
    s.princeps = MAS
    reach = invaders.reach(s, "prussians", "balts", "footman", MAS)
    assert reach and all(control.controller(s, x) != MAS for x in reach)
    assert "eastern_pomerania" in reach


def test_mongol_invasion_order_example():
    # "This shows an example of a Mongol Invasion consisting of 4 movements made by players controlling Silesia I,
    # Polonia Maior II, Masovia III and Polonia Minor IV. After all movements are completed, the Mongols return off
    # the map."
    s = fresh()
    s.princeps, s.clockwise = SIL, True  # Silesia - Polonia Maior - Masovia - Polonia Minor
    starts = []

    def roam(state, me, faction, stock, rng):  # each player moves every group on to an unguarded land
        groups = [("rus_duchies", k, n) for k, n in (stock or {}).items() if n] + invaders.on_map(state, faction)
        moves = []
        for start, kind, n in groups:
            paths = invaders.reach(state, faction, start, kind, me)
            empty = sorted(x for x in paths if x not in state.units)
            if empty:
                moves.append(Move(kind, paths[empty[0]], n))
        starts.append((me, [m.path[0] for m in moves]))
        return moves

    strategies, _ = seats(history_invaders=roam)
    out = mongols.resolve(s, strategies, random.Random(0))
    assert [me for me, _ in starts] == [SIL, PM, MAS, PMIN]
    assert starts[0][1] == ["rus_duchies"]  # "4 Mongols should be placed in the Rus' Duchies area"
    later = [start for _, path in starts[1:] for start in path]
    assert later and all(x in s.board.index for x in later)  # "They move from the lands currently occupied"
    assert not invaders.on_map(out, "mongols") and out.mongol_waves == 1 and violations(out) == []


def test_each_mongol_invasion_places_one_fewer():
    # "First, 4 Mongols should be placed ... With each subsequent invasion, one less Mongol should be placed"
    s = fresh()
    sizes = []
    for waves in range(5):
        s.mongol_waves = waves
        sizes.append(mongols.wave_size(s))
    assert sizes == [4, 3, 2, 1, 0]


def test_division_placement_and_removal():
    # "each player (in the set order) may ... place 1 Division Token on any 1 land of another player that has no
    # units"; "the player must move at least one of their own units onto the land with a Division Token and then
    # remove the token ... There is no battle"
    s = division.place(fresh(), SIL, "rava")
    assert control.controller(s, "rava") is None
    s = scenario.place(s, "plocium", MAS, knight=1)
    out, reports = movement.move(s, MAS, [Move("knight", ("plocium", "sochaczovia", "rava"))], random.Random(0))
    assert reports == [] and "rava" not in out.division and control.controller(out, "rava") == MAS


def test_icons_are_not_resolved_in_the_final_round():
    # "Each Round (except the last) ends with the resolution of the effects of the icons on the revealed History
    # Card."
    s = fresh()
    s.history = ("harvest_time",) * 6  # Release to Home
    strategies, log = seats()
    s.round = 5
    assert deck.resolve_icons(s, strategies, random.Random(0))[0] != s and log
    log.clear()
    s.round = 6
    assert deck.resolve_icons(s, strategies, random.Random(0))[0] is s and log == []


def test_invaders_leave_a_division_token_in_place():
    # "If Invader's units end their movement on land with a Division Token, the token remains."
    s = division.place(fresh(), PMIN, "nura")
    s.cities["nura"] = 1
    s.supply["civitas"] -= 1

    def once(state, me, faction, stock, rng):
        return [Move("knight", ("rus_duchies", "nura"), stock["knight"])] if stock and stock["knight"] else []

    strategies, _ = seats(history_invaders=once)
    out = mongols.resolve(s, strategies, random.Random(0))
    assert "nura" in out.division and "nura" not in out.cities  # devastated, still divided
    assert violations(out) == []
