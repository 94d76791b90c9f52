"""The Building Action: found 1 City (cost = the City's Might) and build up to 2 buildings (1 gold each).

Only on lands the player controls (a Division land is not controlled). A land holds at most 1 building;
Western Pomerania's 2 Gords become Cities one at a time. Token pools are limited: a kind that runs out
cannot be founded or built. Might rises by 1 per City (read off the map); a Tiltyard gives 1 People and an
Abbey 1 Clergy Support Point while controlled (``control.retrack``).
"""

from __future__ import annotations

from sim.games.principes.game import effects
from sim.games.principes.game.control import controller, retrack
from sim.games.principes.game.state import IllegalAction, State, clamp_track

BUILDINGS = ("castle", "tiltyard", "abbey")


def next_city(state: State, land: str) -> str | None:
    """The token kind the land's next Gord upgrades to, or None when every Gord is a City."""
    founded, tokens = state.cities.get(land, 0), state.board.land(land).city_tokens
    return tokens[founded] if founded < len(tokens) else None


def city_cost(state: State, land: str) -> int:
    kind = next_city(state, land)
    if kind is None:
        raise IllegalAction(f"every Gord on {land} is already a City")
    return state.board.token_might[kind]


def build(state: State, player: str, city: str | None = None, buildings: tuple[tuple[str, str], ...] = ()) -> State:
    """``city``: the land to found a City on; ``buildings``: (land, kind) pairs, at most 2."""
    v = state.rules.values["building"]
    if len(buildings) > v["buildings_per_action"]:
        raise IllegalAction(f"at most {v['buildings_per_action']} buildings per Building Action")
    out = state.copy()
    if city is not None:
        if controller(state, city) != player:
            raise IllegalAction(f"{player} does not control {city}")
        kind, cost = next_city(state, city), city_cost(state, city)
        if out.supply[kind] <= 0:
            raise IllegalAction(f"no {kind} token left in the pool")
        if out.gold[player] < cost:
            raise IllegalAction(f"founding a City on {city} costs {cost} gold, {player} has {out.gold[player]}")
        out.gold[player] -= cost
        out.supply[kind] -= 1
        out.cities[city] = out.cities.get(city, 0) + 1
    for land, kind in buildings:
        if kind not in BUILDINGS:
            raise IllegalAction(f"{kind} is not a building")
        if controller(out, land) != player:
            raise IllegalAction(f"{player} does not control {land}")
        if land in out.buildings:
            raise IllegalAction(f"{land} already has a {out.buildings[land]}")
        if out.supply[kind] <= 0:
            raise IllegalAction(f"no {kind} token left in the pool")
        if out.gold[player] < v["building_cost"]:
            raise IllegalAction(f"a building costs {v['building_cost']} gold, {player} has {out.gold[player]}")
        out.gold[player] -= v["building_cost"]
        out.supply[kind] -= 1
        out.buildings[land] = kind
    out = retrack(state, out)
    abbeys = sum(kind == "abbey" for _, kind in buildings)
    if abbeys and effects.abbey_clergy(out, player):  # French Style: "gain additional Clergy Support Point"
        out.clergy[player] = clamp_track(out.clergy[player] + abbeys * effects.abbey_clergy(out, player), out.rules)
    return out
