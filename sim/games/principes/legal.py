"""Legal choices for each action, read off a ``State``: what a strategy may pick from without knowing the rules.

The engine modules check a decision; these helpers enumerate the decisions that pass those checks, so a
random-legal player and the scripted plans build their choices from the same lists.
"""

from __future__ import annotations

from collections import deque

from sim.games.principes.game import building, cards, effects, progress, taxes, tiles
from sim.games.principes.game.assembly import assembly_lands, prince_land
from sim.games.principes.game.battles import site_shields
from sim.games.principes.game.control import controlled_lands, controller
from sim.games.principes.game.movement import movement_points
from sim.games.principes.game.politics import positions
from sim.games.principes.game.state import UNITS, State


def can_tax(state: State, player: str) -> bool:
    return taxes.can_collect_taxes(state, player)


def tax_gold(state: State, player: str) -> int:
    return min(taxes.tax_gold(state, player), state.gold_in_supply())


# --- Assembly -------------------------------------------------------------------------------------------------


def assembly_room(state: State, player: str) -> tuple[list[str], int, int, int]:
    """(lands that may receive units, most Knights affordable, Footmen in the pool, units per action)."""
    v = state.rules.values["assembly"]
    lands = sorted(assembly_lands(state, player))
    cost = v["knight_cost"]
    knights = state.pool[player]["knight"]
    if cost:
        knights = min(knights, state.gold[player] // cost)
    return lands, knights, state.pool[player]["footman"], v["units"] + effects.extra_units(state, player)


def prince_on(state: State, player: str) -> str | None:
    return prince_land(state, player)


# --- Movement -------------------------------------------------------------------------------------------------


def stacks(state: State, player: str) -> list[tuple[str, str, int]]:
    """(land, unit kind, figures) for every group of the player's figures on the Map, in a stable order."""
    out = []
    for land in sorted(state.units):
        here = state.units[land].get(player, {})
        out += [(land, kind, here[kind]) for kind in UNITS if here.get(kind)]
    return out


def reachable(state: State, player: str, start: str, points: int) -> dict[str, tuple[str, ...]]:
    """Land → a shortest legal path from ``start`` (without consent: foreign units stop a move)."""
    paths = {start: (start,)}
    queue = deque([start])
    while queue:
        land = queue.popleft()
        path = paths[land]
        if len(path) - 1 >= points:
            continue
        if land != start and any(f != player for f in state.factions_on(land)):
            continue  # moving units must stop on a land holding another colour's units
        if land != start and effects.guarded(state, land, player):
            continue  # Border Guards: "Foreign units stop at the first of your lands they enter"
        for nxt in state.board.land(land).adjacent:
            if nxt not in paths:
                paths[nxt] = path + (nxt,)
                queue.append(nxt)
    del paths[start]
    return paths


def reach(state: State, player: str, kind: str, start: str) -> dict[str, tuple[str, ...]]:
    return reachable(state, player, start, movement_points(state, kind, player))


def swords(state: State, kind: str) -> int:
    """The swords a unit of ``kind`` deals (rules.yaml ``units.<kind>.swords``): the heuristics' unit strength."""
    return state.rules.battle.swords[kind]


def strength(state: State, units: dict[str, int]) -> int:
    return sum(swords(state, k) * n for k, n in units.items())


def defence(state: State, land: str, attacker: str) -> int:
    """A heuristic of what an attack on ``land`` meets: the defenders' strength plus the site's shields."""
    foes = [f for f in state.factions_on(land) if f != attacker]
    if not foes:
        return 0
    return strength(state, state.units_of(land, foes[0])) + site_shields(state, land)


# --- Building -------------------------------------------------------------------------------------------------


def city_sites(state: State, player: str) -> list[tuple[str, int]]:
    """(land, cost) where the player can found a City now: controlled, a Gord left, a token, enough gold."""
    out = []
    for land in controlled_lands(state, player):
        kind = building.next_city(state, land)
        if kind is None or state.supply.get(kind, 0) <= 0:
            continue
        cost = state.board.token_might[kind]
        if cost <= state.gold[player]:
            out.append((land, cost))
    return out


def building_sites(state: State, player: str) -> list[str]:
    """Controlled lands without a building (gold and tokens are checked per kind by ``building_kinds``)."""
    return [land for land in controlled_lands(state, player) if land not in state.buildings]


def building_kinds(state: State) -> list[str]:
    return [k for k in building.BUILDINGS if state.supply.get(k, 0) > 0]


def building_cost(state: State) -> int:
    return state.rules.values["building"]["building_cost"]


# --- Politics -------------------------------------------------------------------------------------------------


def support_cards(state: State, player: str) -> list[tuple[str, tuple[str, ...]]]:
    """Each Court/Neighbor card in hand (one entry per copy) with the tracks it can raise."""
    out = []
    for card, n in sorted(state.hands[player].items()):
        kind, symbol = card.split(".")
        if kind == "battle" and not effects.battle_cards_for_support(state, player):
            continue  # Heralds of Peace lets Battle Cards buy People or Clergy Support
        symbol = symbol if kind == "battle" else cards.support_symbol(state, card)  # a Neighbor Card by id: its symbol
        tracks = ("people", "clergy") if symbol == "either" or kind == "battle" else (symbol,)
        out += [(card, tracks)] * n
    return out


def council_standing(state: State) -> dict[str, dict[str, int]]:
    return {p: positions(state, p) for p in state.players}


def controls(state: State, player: str, land: str) -> bool:
    return controller(state, land) == player


# --- Progress -------------------------------------------------------------------------------------------------


def tile_picks(state: State, player: str) -> list[tuple[str, str | None]]:
    """Single legal picks: (Market tile, own tile given back or None)."""
    if "tiles" in state.variants:
        return tiles.picks(state, player)
    slots = state.rules.values["progress"]["slots_per_color"]
    mine = state.tiles.get(player, [])
    out: list[tuple[str, str | None]] = []
    for tile in dict.fromkeys(state.market):
        if tile in mine:
            continue
        same = [t for t in mine if progress.colour(t) == progress.colour(tile)]
        if len(same) < slots:
            out.append((tile, None))
        else:
            out += [(tile, given) for given in same]
    return out


def tiles_allowed(state: State) -> int:
    return state.period * state.rules.values["progress"]["tiles_per_period"]
