"""Principes for 2 and 3 players: the non-player Principalities, and the Combined Actions of the active variant.

Rules (Game for 2 and 3 Players, ``configs/principes/players.yaml``): the Principalities no player controls
(``State.non_players``) put their additional units on the Map (``setup``); they have no Treasury, hand, Princess or
Prince Cards; their units are neutral (no Battle Cards, no consent to pass; ``battles.is_player`` is False) and they
control their own lands like a Pomerania, so their beaten units withdraw there. Units removed are taken off the Map
for good, except the Prince, who respawns on one of his lands (``respawn``). Without Silesia no initial Division
Tokens; the first Princeps is Polonia Minor, else Polonia Maior, else Silesia.

Passive variant (the default): nothing ever moves them. Active variant (``"active"`` in ``State.variants``): after a
player performs an Assembly, Movement or Building Action, it may take the Combined Action of that type for one
non-player Principality (``after_action``): assemble up to 2 units for free onto lands it controls; move 1 Knight
and 1 Footman like a Neighbor's units (``neighbors.move``: never ending on the mover's land, the mover may destroy
Cities and buildings taken); found 1 City or build 1 building for free on a land it controls. The player's choice
comes from its strategy (``combined``); ``default_choice`` is the plain policy the base strategy uses and
``options`` lists what is legal.

Elimination-free variant (``"no_elimination"`` in ``State.variants``, ``dynasty``): a player losing its last
Prince plays on without one.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from sim.games.principes.game import dynasty, effects, neighbors
from sim.games.principes.game.building import BUILDINGS, next_city
from sim.games.principes.game.control import controller
from sim.games.principes.game.history.common import rivals_by_strength
from sim.games.principes.game.movement import Move
from sim.games.principes.game.state import IllegalAction, State

VARIANTS = ("passive", "active")  # the experiment key ``variant``: names in State.variants
NO_ELIMINATION = dynasty.NO_ELIMINATION  # the experiment key ``elimination: false``
COMBINED = ("assembly", "movement", "building")
KINDS = ("knight", "footman")


def player_values(rules=None) -> dict:
    """The plain values of players.yaml (``rules``: a ``setup.GameRules``; None: the bundled file)."""
    return effects.values(rules, "players")


# --- setup -----------------------------------------------------------------------------------------------------


def setup(state: State, non_players: frozenset[str] | set[str]) -> State:
    """The 2-3 player setup on top of the 4-player deployment: mark the non-player Principalities, deploy their
    additional units from the pool, empty their Treasury, drop the Division Tokens without Silesia, and give the
    Princeps Token to the first played of Polonia Minor, Polonia Maior, Silesia."""
    board = state.board
    unknown = set(non_players) - set(board.principalities)
    if unknown:
        raise ValueError(f"not Principalities: {sorted(unknown)}")
    if len(board.principalities) - len(non_players) < 2:
        raise ValueError("at least 2 Principalities must be played")
    v = player_values(state.rules)["non_players"]
    out = state.copy()
    out.non_players = frozenset(non_players)
    for p in board.principalities:
        if p not in out.non_players:
            continue
        for land, units in v["additional_units"][p].items():
            if board.land(land).principality != p:
                raise ValueError(f"players.yaml: {land} is not a land of {p}")
            for kind, n in units.items():
                out.pool[p][kind] -= n
                if out.pool[p][kind] < 0:
                    raise ValueError(f"players.yaml: {p} has not {n} more {kind}s in its pool")
                out.add_units(land, p, kind, n)
        out.gold[p] = 0
    if v["division_tokens_need_silesia"] and "silesia" in out.non_players:
        out.supply["division"] += len(out.division)
        out.division = set()
    out.princeps = next(p for p in v["first_princeps"] if p not in out.non_players)
    return out


# --- the non-player Prince (``dynasty.respawn``: battles remove him) ---------------------------------------------

home_lands, respawn_lands, respawn = dynasty.home_lands, dynasty.respawn_lands, dynasty.respawn


# --- Combined Actions (active variant) ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Combined:
    """A Combined Action for one non-player Principality; only the part matching the action is read."""

    faction: str
    assembly: dict[str, dict[str, int]] = field(default_factory=dict)  # land → {knight, footman}
    moves: tuple[Move, ...] = ()  # at most 1 Knight and 1 Footman (neighbors.reach gives paths)
    destroy: dict[str, tuple[str, ...]] = field(default_factory=dict)  # land → ("city", "building") if taken
    city: str | None = None  # found a City here, or
    building: tuple[str, str] | None = None  # (land, kind): build this


def active(state: State) -> bool:
    return "active" in state.variants and bool(state.non_players)


def combined_values(rules=None) -> dict:
    return player_values(rules)["combined_actions"]


def assembly_lands(state: State, faction: str) -> list[str]:
    return respawn_lands(state, faction)


def city_sites(state: State, faction: str) -> list[str]:
    out = []
    for land in respawn_lands(state, faction):
        kind = next_city(state, land)
        if kind is not None and state.supply.get(kind, 0) > 0:
            out.append(land)
    return out


def building_sites(state: State, faction: str) -> list[str]:
    return [land for land in respawn_lands(state, faction) if land not in state.buildings]


def movable(state: State, faction: str) -> list[tuple[str, str, int]]:
    """(land, kind, figures) of the faction's Knights and Footmen on the Map, in board order."""

    return neighbors.on_map(state, faction)


def assemble(state: State, faction: str, placements: dict[str, dict[str, int]]) -> State:
    spec = combined_values(state.rules)["assembly"]
    total = {k: 0 for k in KINDS}
    for units in placements.values():
        for kind, n in units.items():
            if kind not in spec["kinds"] or n < 0:
                raise IllegalAction(f"the Combined Assembly places Knights and Footmen, not {n} {kind}")
            total[kind] += n
    if sum(total.values()) > spec["units"]:
        raise IllegalAction(f"the Combined Assembly places at most {spec['units']} units")
    for kind, n in total.items():
        if n > state.pool[faction][kind]:
            raise IllegalAction(f"{faction} has {state.pool[faction][kind]} {kind}s off the Map, not {n}")
    allowed = set(assembly_lands(state, faction))
    used = {land for land, units in placements.items() if sum(units.values())}
    if used - allowed:
        raise IllegalAction(f"{faction} does not control {sorted(used - allowed)}")
    out = state.copy()
    for land, units in placements.items():
        for kind, n in units.items():
            if n:
                out.pool[faction][kind] -= n
                out.add_units(land, faction, kind, n)
    return out


def build(state: State, faction: str, city: str | None, building: tuple[str, str] | None) -> State:
    if city is not None and building is not None:
        raise IllegalAction("the Combined Building founds 1 City or builds 1 building, not both")
    out = state.copy()
    if city is not None:
        if city not in city_sites(state, faction):
            raise IllegalAction(f"no City can be founded for {faction} on {city}")
        kind = next_city(state, city)
        out.supply[kind] -= 1
        out.cities[city] = out.cities.get(city, 0) + 1
    if building is not None:
        land, kind = building
        if kind not in BUILDINGS or state.supply.get(kind, 0) <= 0 or land not in building_sites(state, faction):
            raise IllegalAction(f"no {kind} can be built for {faction} on {land}")
        out.supply[kind] -= 1
        out.buildings[land] = kind
    return out


def perform(state: State, player: str, action: str, choice: Combined, rng: random.Random) -> State:
    """Apply ``player``'s Combined Action of type ``action`` for ``choice.faction``."""

    if choice.faction not in state.non_players:
        raise IllegalAction(f"{choice.faction} is not a non-player Principality")
    if action == "assembly":
        return assemble(state, choice.faction, choice.assembly)
    if action == "movement":
        if not choice.moves:
            return state
        pool = dict(combined_values(state.rules)["movement"])
        out, _ = neighbors.move(state, choice.faction, list(choice.moves), player, rng, pool, choice.destroy)
        return out
    if action == "building":
        return build(state, choice.faction, choice.city, choice.building)
    raise IllegalAction(f"no Combined Action for {action}")


def after_action(state: State, player: str, action: str, strategy, rng: random.Random) -> State:
    """The active variant's hook after ``player`` performed ``action``: ask the strategy, apply its choice."""
    if action not in COMBINED or not active(state):
        return state
    choice = strategy.combined(state, player, action, rng)
    return state if choice is None else perform(state, player, action, choice, rng)


# --- default and random choices --------------------------------------------------------------------------------


def _frontier(state: State, faction: str, rival: str) -> list[str]:
    """Lands the faction controls next to a land ``rival`` controls, in board order."""
    out = []
    for land in respawn_lands(state, faction):
        if any(controller(state, a) == rival for a in state.board.land(land).adjacent):
            out.append(land)
    return out


def default_choice(state: State, me: str, action: str) -> Combined | None:
    """Turn the neutrals against the strongest rival: assemble 2 units (Knights first) on, or build a Castle on,
    the non-player land next to most of the rival's lands; move the Knight and Footman that take the richest
    land of the strongest rival they can beat (``neighbors.plan_moves``). None when nothing fits."""

    rivals = rivals_by_strength(state, me)
    if not rivals:
        return None
    factions = sorted(state.non_players, key=state.board.principalities.index)
    if action == "movement":
        best = None
        for f in factions:
            order = neighbors.plan_moves(state, me, f, dict(combined_values(state.rules)["movement"]))
            value = neighbors.order_value(state, order)
            if order.moves and (best is None or value > best[0]):
                best = (value, Combined(f, moves=order.moves, destroy=order.destroy))
        return best[1] if best else None
    rival = rivals[0]

    def exposure(land: str) -> int:
        return sum(controller(state, a) == rival for a in state.board.land(land).adjacent)

    spots = [(f, land) for f in factions for land in _frontier(state, f, rival)]
    if action == "assembly":
        spots = [(f, land) for f, land in spots if state.pool[f]["knight"] + state.pool[f]["footman"] > 0]
        if not spots:
            return None
        f, land = max(spots, key=lambda s: (exposure(s[1]), -state.board.index[s[1]]))
        cap = combined_values(state.rules)["assembly"]["units"]
        k = min(cap, state.pool[f]["knight"])
        units = {"knight": k, "footman": min(cap - k, state.pool[f]["footman"])}
        return Combined(f, assembly={land: {kind: n for kind, n in units.items() if n}})
    if action == "building":
        if state.supply.get("castle", 0) <= 0:
            return None
        spots = [(f, land) for f, land in spots if land not in state.buildings]
        if not spots:
            return None
        f, land = max(spots, key=lambda s: (exposure(s[1]), -state.board.index[s[1]]))
        return Combined(f, building=(land, "castle"))
    return None


def random_choice(state: State, me: str, action: str, rng: random.Random, share: float = 0.5) -> Combined | None:
    """A uniform legal Combined Action (used with probability ``share``) for a random non-player Principality."""

    if not state.non_players or rng.random() >= share:
        return None
    f = rng.choice(sorted(state.non_players, key=state.board.principalities.index))
    if action == "assembly":
        lands = assembly_lands(state, f)
        if not lands:
            return None
        cap = combined_values(state.rules)["assembly"]["units"]
        k = rng.randint(0, min(cap, state.pool[f]["knight"]))
        n = rng.randint(0, min(cap - k, state.pool[f]["footman"]))
        return Combined(f, assembly={rng.choice(lands): {"knight": k, "footman": n}})
    if action == "movement":
        moves = []
        for kind, limit in combined_values(state.rules)["movement"].items():
            groups = [(land, n) for land, k, n in movable(state, f) if k == kind]
            if not groups or not limit:
                continue
            land, _ = rng.choice(groups)
            paths = neighbors.reach(state, f, land, kind, me)
            if paths:
                moves.append(Move(kind, paths[rng.choice(sorted(paths))], 1))
        destroy = {m.path[-1]: ("city", "building") for m in moves if rng.random() < 0.5}
        return Combined(f, moves=tuple(moves), destroy=destroy)
    if action == "building":
        if rng.random() < 0.5:
            sites = city_sites(state, f)
            return Combined(f, city=rng.choice(sites)) if sites else None
        sites = building_sites(state, f)
        kinds = [k for k in BUILDINGS if state.supply.get(k, 0) > 0]
        return Combined(f, building=(rng.choice(sites), rng.choice(kinds))) if sites and kinds else None
    return None
