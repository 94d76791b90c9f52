"""Teutonic Knights (p. 29).

Not yet called: the player controlling the Masovian land with the symbol may call them. 2 Teutonic Knights, a
City (Civitas, if the land has none and one is in the supply) and a Castle (if one is in the supply) go on that
land; a building there is removed first and the caller's units there withdraw as after a battle (to an adjacent
land the caller controls, else to the pool). The caller loses the land. Like a Pomerania they can be beaten and
their land taken; once it empties again they come back (``battles.home_land``, ``movement.return_pomeranians``).

Called and on the Map: the Princeps may move them like the Balts; afterwards, and when beaten on the way, they
return to their land. Reading: Knights beaten at home and waiting off the Map are not "on the Map", so the icon
does nothing then (they can neither be called again nor moved).
"""

from __future__ import annotations

import random

from sim.games.principes.game import dynasty
from sim.games.principes.game.battles import TEUTONIC, home_land, withdraw_options
from sim.games.principes.game.building import next_city
from sim.games.principes.game.control import controller, retrack
from sim.games.principes.game.history import invaders
from sim.games.principes.game.state import IllegalAction, State


def present(state: State) -> bool:
    return bool(invaders.on_map(state, TEUTONIC))


def caller(state: State) -> str | None:
    """The player who may call them now, if any."""
    if state.teutonic:
        return None
    owner = controller(state, home_land(state, TEUTONIC))
    return owner if owner in state.players else None


def default_call(state: State, me: str) -> bool:
    """The Masovian Prince calls them (as Conrad did, against the Prussians); nobody else gives the land away."""
    return state.board.land(home_land(state, TEUTONIC)).principality == me


def call(state: State, player: str, withdraw_to: str | None = None) -> State:
    land = home_land(state, TEUTONIC)
    if caller(state) != player:
        raise IllegalAction(f"{player} cannot call the Teutonic Knights")
    out = state.copy()
    building = out.buildings.pop(land, None)
    if building is not None:
        out.supply[building] += 1
    here = dict(out.units_of(land, player))
    options = withdraw_options(out, land, player)
    target = withdraw_to if withdraw_to in options else (options[0] if options else None)
    for kind, n in here.items():
        out.add_units(land, player, kind, -n)
        if target is not None:
            out.add_units(target, player, kind, n)
        else:
            out.pool[player][kind] += n
    kind = next_city(out, land)
    if not out.cities.get(land) and kind is not None and out.supply.get(kind, 0) > 0:
        out.supply[kind] -= 1
        out.cities[land] = 1
    if out.supply.get("castle", 0) > 0:
        out.supply["castle"] -= 1
        out.buildings[land] = "castle"
    for kind, n in invaders.spec(TEUTONIC, out.rules)["units"].items():
        out.add_units(land, TEUTONIC, kind, n)
    out.teutonic = True
    if target is None and here.get("prince"):
        dynasty.prince_died(out, player)  # withdrawn nowhere: removed "as if after a battle"
    return retrack(state, out)


def return_home(state: State) -> State:
    """Every Knight goes back to the symbol land. If other units stand there now (a Masovian Prince placed on the
    emptied land after his predecessor died in their raid), they wait off the Map and come back as soon as the land
    is empty: "similar to both Pomerania, if all units occupying the land with the symbol leave, the Teutonic
    Knights will immediately return to it" (``movement.return_pomeranians``)."""
    out = invaders.leave(state, TEUTONIC)
    land, units = home_land(out, TEUTONIC), invaders.spec(TEUTONIC, out.rules)["units"]
    if any(f != TEUTONIC for f in out.factions_on(land)):
        out.pomerania_off[TEUTONIC] = dict(units)
        return out
    for kind, n in units.items():
        out.add_units(land, TEUTONIC, kind, n)
    return out


def raid(state: State, moves: list, rng: random.Random, withdraw_to: dict | None = None) -> State:
    out = invaders.move(state, TEUTONIC, moves, state.princeps, rng, None, withdraw_to)
    return retrack(state, return_home(out))


def resolve(state: State, strategies: dict, rng: random.Random) -> State:
    if not state.teutonic:
        who = caller(state)
        if who is not None and strategies[who].history_teutonic(state, who, rng):
            return call(state, who)
        return state
    if present(state):
        mover = state.princeps
        return raid(state, strategies[mover].history_invaders(state, mover, TEUTONIC, None, rng), rng)
    return state
