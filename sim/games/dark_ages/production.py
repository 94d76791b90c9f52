"""Production when Passing, and the Warehouse's sell and hold limits (Passing)."""

from __future__ import annotations

from collections.abc import Mapping

# Passing: 'the first Production building of each type in a Province produces 1 matching resource, the second and
# third produce 2 matching resources each' (game.yaml gains.production)
PER_BUILDING = (1, 2, 2)


def province_yield(buildings: int, per_building: tuple[int, ...] = PER_BUILDING) -> int:
    """Resources from ``buildings`` Production buildings of one type in one Province: 1, 3, 5."""
    if not 0 <= buildings <= len(per_building):
        raise ValueError(f"a Province holds at most {len(per_building)} Production buildings of a type")
    return sum(per_building[:buildings])


def production(
    controlled_buildings: Mapping[str, Mapping[str, int]], per_building: tuple[int, ...] = PER_BUILDING
) -> dict[str, int]:
    """Resources gained on Passing: for each controlled Province, its Production buildings by resource."""
    total: dict[str, int] = {}
    for buildings in controlled_buildings.values():
        for resource, n in buildings.items():
            total[resource] = total.get(resource, 0) + province_yield(n, per_building)
    return total


def over_hold(purse: Mapping[str, int], hold: int) -> int:
    """Resources to discard after selling: 'if you now have more resources than indicated by the "hold" value ...
    discard resources until you equal your "hold" value' — Gold does not count."""
    return max(0, sum(purse.values()) - hold)
