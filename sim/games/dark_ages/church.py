"""Victory Points for building a Church (Build action, Church)."""

from __future__ import annotations

from collections.abc import Collection

from sim.games.dark_ages.board import Board


def church_vp(board: Board, province: str, churches: Collection[str], vp: dict) -> int:
    """VP for a Church built in ``province``; ``churches`` are the Provinces holding one before it is built.

    'score 5 VP, then 1 VP if there is no Church in the Region you have just built in, and another 1 VP for each
    Region with at least one neighbouring Province and no Churches.' The builder's own Region is scored by the
    first clause only: once the Church stands it is no longer a Region without Churches.
    ``vp`` is game.yaml's ``church_vp`` block.
    """
    regions_with_church = {board.region(p) for p in churches}
    own = board.region(province)
    total = vp["base"]
    if own not in regions_with_church:
        total += vp["first_in_region"]
    neighbouring = {board.region(q) for q in board.neighbours(province)} - {own}
    total += vp["per_empty_neighbour_region"] * len(neighbouring - regions_with_church)
    return total
