"""Checks that hold after every step of a game: units and discs conserved, nothing negative, control consistent."""

from __future__ import annotations

from sim.games.dark_ages.game import hooks
from sim.games.dark_ages.game.building import city_slots
from sim.games.dark_ages.game.context import RESOURCES, UNIT_TYPES
from sim.games.dark_ages.game.state import Game


class InvariantError(AssertionError):
    pass


def _require(ok: bool, what: str) -> None:
    if not ok:
        raise InvariantError(what)


def check(game: Game) -> None:
    setup = game.ctx.rules["setup"]
    occupant: dict[str, int] = {}
    for p in game.players:
        for kind in UNIT_TYPES:
            on_board = sum(u.get(kind, 0) for u in p.units.values())
            _require(p.supply[kind] >= 0, f"seat {p.seat}: negative {kind} supply")
            away = hooks.units_away(game, p.seat, kind)  # on a Crusade (Module 14A)
            _require(on_board + p.supply[kind] + away == setup["supply"][kind], f"seat {p.seat}: {kind} not conserved")
        for q, units in p.units.items():
            _require(q in game.in_play, f"seat {p.seat}: units in {q}, which is not in play")
            _require(all(n > 0 for n in units.values()) and bool(units), f"seat {p.seat}: empty entry in {q}")
            _require(q not in game.barbarians, f"seat {p.seat}: units share {q} with Barbarians")
            _require(occupant.setdefault(q, p.seat) == p.seat, f"two players' units in {q}")
        _require(p.gold >= 0 and all(p.res[r] >= 0 for r in RESOURCES), f"seat {p.seat}: negative purse")
        on_stacks = sum(s.count(p.seat) for s in game.stacks)
        _require(
            p.nobles_free >= 0 and p.nobles_free + on_stacks + game.exhausted[p.seat] == p.nobles_total,
            f"seat {p.seat}: Noble discs not conserved",
        )
        _require(p.vp >= 0 and p.vp == sum(p.vp_by.values()), f"seat {p.seat}: VP book does not add up")
        own_farms = sum(n for owner, n in game.farms.values() if owner == p.seat)
        own_farms += hooks.farms_away(game, p.seat)  # on flipped Poland cards (Module 15A)
        # one Farm starts on the board (the Capital's); every other one came off the Farm track
        _require(own_farms == p.farms_off + 1, f"seat {p.seat}: Farms on the board do not match the Farm track")
        if p.capital is not None:
            _require(game.controller(p.capital) == p.seat, f"seat {p.seat}: lost control of the Capital")
        ready = p.titles | hooks.ready_titles(game, p.seat)  # module Titles (the Pope) are not Kingdom Titles
        _require(p.titles_ready <= ready, f"seat {p.seat}: a ready Title it does not hold")
    for q, (owner, n) in game.farms.items():
        most = game.ctx.rules["limits"]["farms_per_province"] + hooks.extra_farms(game, owner)
        _require(1 <= n <= most, f"{n} Farms in {q}")
        _require(occupant.get(q, owner) == owner, f"{q}: Farms of one player, units of another")
        _require(q not in game.barbarians, f"{q}: Farms and Barbarians")
    if game.solo is None:  # Raiders destroy Cities for good in solo play
        _require(len(game.cities) + game.cities_left == setup["cities"][game.n], "Cities not conserved")
    for q, b in game.buildings.items():
        if q in game.cities:
            _require(game.slots_used(q) <= city_slots(game), f"{q}: more buildings than City slots")
        else:
            _require(sum(b.values()) == 1 and q not in game.churches, f"{q}: buildings without a City")
    _require(all(q in game.cities for q in game.keeps), "a Keep without a City")
    _require(len(set(game.churches)) == len(game.churches), "two Churches in one Province")
    holders = [t for p in game.players for t in p.titles]
    _require(len(holders) == len(set(holders)), "a Title held twice")
