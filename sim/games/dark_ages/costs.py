"""What things cost: paying with Gold in place of resources, buildings, Warehouses, recruits and settling.

A cost is a tuple of resource names, one per resource to spend ('Wood, Stone, and Stone' is
``("wood", "stone", "stone")``); a purse is a mapping resource → count.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from sim.games.dark_ages.board import Board, Ruler
from sim.games.dark_ages.tracks import Tracks

SAME_REGION_AND_NEIGHBOURING, NEIGHBOURING_OR_SAME_REGION, ELSEWHERE = 0, 1, 2


_COUNTS: dict[tuple, tuple[tuple[str, int], ...]] = {}  # cost → (resource, count) pairs: a few dozen distinct costs


def cost_counts(cost: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    """``Counter(cost).items()`` as a tuple, memoised (the engine's hottest path prices the same costs again and
    again)."""
    if not isinstance(cost, tuple):  # a list: not hashable, so not memoised
        return tuple(Counter(cost).items())
    counts = _COUNTS.get(cost)
    if counts is None:
        counts = _COUNTS[cost] = tuple(Counter(cost).items())
    return counts


def shortfall(cost: tuple[str, ...], purse: Mapping[str, int]) -> int:
    """Resources the purse lacks for ``cost``; each may be paid with a Gold instead (General Concepts, Gold)."""
    missing = 0
    for res, n in cost_counts(cost):
        have = purse.get(res, 0)
        if n > have:
            missing += n - have
    return missing


def can_pay(cost: tuple[str, ...], purse: Mapping[str, int], gold: int) -> bool:
    return shortfall(cost, purse) <= gold


def pay(cost: tuple[str, ...], purse: Mapping[str, int], gold: int) -> tuple[dict[str, int], int]:
    """Spend resources first and Gold for what is missing (a default; a strategy may keep resources instead)."""
    missing = shortfall(cost, purse)
    if missing > gold:
        raise ValueError(f"cannot pay {cost} with {dict(purse)} and {gold} Gold")
    left = dict(purse)
    for res, n in cost_counts(cost):
        left[res] = max(0, left.get(res, 0) - n)
    return left, gold - missing


def production_building_cost(board: Board, province: str, resource: str, costs: Mapping) -> tuple[str, ...] | None:
    """Build, Production Building: Wood and Stone if ``resource`` is depicted in the Province, Wood, Stone and Stone
    if only in a neighbouring one, and not allowed (None) otherwise. ``costs`` is game.yaml's ``costs`` block."""
    key = (id(board), province, resource)
    hit = _PRODUCTION.get(key)
    if hit is None or hit[0] is not board:
        if board.province(province).resource == resource:
            which = "production_own"
        elif any(board.province(q).resource == resource for q in board.neighbours(province)):
            which = "production_neighbour"
        else:
            which = None
        hit = _PRODUCTION[key] = (board, which)  # the board is kept alive with its entry: its id stays unique
    return None if hit[1] is None else tuple(costs[hit[1]])


_PRODUCTION: dict[tuple, tuple] = {}  # (board id, Province, resource) → (board, which cost applies or None)


def warehouse_cost(tracks: Tracks, built: int) -> tuple[tuple[str, ...], ...] | None:
    """The ways to pay for the next Warehouse: 'The cost ... is depicted on the space you are moving onto.'
    None once the marker is on the last space."""
    if built + 1 >= len(tracks.warehouse):
        return None
    return tracks.warehouse[built + 1].cost


def keep_cost(current_level: int, costs: Mapping) -> tuple[str, ...] | None:
    """The next Keep level's cost (Stone; Stone and Wood; Stone and Iron), None past level 3."""
    return tuple(costs["keep"][current_level + 1]) if current_level + 1 in costs["keep"] else None


def recruit_cost(recruit_table: Mapping, unit: str, level: int) -> tuple[str, ...]:
    """The cost on the unit's slot or the topmost Military Technology covering it (Recruit).
    ``recruit_table`` is rules.yaml's ``recruit_cost.player``."""
    return tuple(recruit_table[unit][str(level)])


def settle_tier(board: Board, capital: str, province: str) -> int:
    """Which of the Ruler card's three settle values applies (Settling)."""
    near = board.are_neighbours(capital, province)
    same = board.region(capital) == board.region(province)
    if near and same:
        return SAME_REGION_AND_NEIGHBOURING
    if near or same:
        return NEIGHBOURING_OR_SAME_REGION
    return ELSEWHERE


def settle_cost(board: Board, ruler: Ruler, province: str) -> int:
    """Units to return to settle ``province``, counted by level (see ``settle_strength``)."""
    return ruler.settle_costs[settle_tier(board, ruler.capital, province)]


def settle_strength(units_by_level: Mapping[int, int]) -> int:
    """'Level II units count as two units for settling purposes, level III units count as three.'"""
    return sum(level * n for level, n in units_by_level.items())
