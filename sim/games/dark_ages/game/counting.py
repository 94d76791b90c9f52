"""Counting a player's things for Cognomens and 'end_vp' Technology effects (generic card conditions)."""

from __future__ import annotations

from sim.games.dark_ages.game.state import Game


def count(game: Game, seat: int, per: str) -> int:
    p = game.players[seat]
    mine = game.controlled(seat)
    if per == "city":
        return len(mine & game.cities)
    if per == "church":
        return sum(1 for q in game.churches if q in mine)
    if per == "farm":
        return sum(n for owner, n in game.farms.values() if owner == seat)
    if per == "title":
        return len(p.titles)
    if per == "trophy":
        return p.trophies
    if per == "keep_level":
        return sum(level for q, level in game.keeps.items() if q in mine)
    if per == "level3_technology":
        return level3_technologies(game, seat)
    if per == "controlled_province":
        return len(mine)
    if per == "common_technology":
        return len(p.techs)
    if per == "unit":
        return p.units_in_play()
    raise ValueError(f"unknown counting condition {per!r}")


def level3_technologies(game: Game, seat: int) -> int:
    """'4 (or more) level 3 Technologies (including Common and Military ones)' (end trigger)."""
    p = game.players[seat]
    return sum(1 for lv in p.techs.values() if lv >= 3) + sum(1 for lv in p.military.values() if lv >= 3)
