"""Research: where a Military Technology may go, and raising a Common Technology (Research action)."""

from __future__ import annotations

from collections.abc import Mapping

from sim.games.dark_ages.cards import TECH_LEVELS, Card


def military_placements(card: Card, unit_levels: Mapping[str, int]) -> list[tuple[str, int]]:
    """The (unit type, level) a Military Technology card may be played as, given the player's current levels.

    'Military Technologies can only be played to replace another of the same type, exactly one level lower.
    Level II Technologies can only replace the pre-printed ones, level III Technologies can only replace level II
    ones.' A card showing two unit types may be played as either.
    """
    options = [(card.level2, 2), (card.level3, 3)]
    return [(unit, level) for unit, level in options if unit is not None and unit_levels[unit] == level - 1]


def can_raise(level: int, levels: int = TECH_LEVELS) -> bool:
    """'Each Technology has three levels, so this option can be chosen at most twice per card' (``levels``:
    game.yaml limits.technology_levels, at most the levels a card prints)."""
    return 1 <= level < levels


def visible_effects(card: Card, level: int) -> list[dict]:
    """'All visible levels are in effect unless one explicitly replaces an earlier level.'"""
    effects: list[dict] = []
    for lv in card.levels[:level]:
        if lv.replaces:
            effects = []
        if not lv.immediate:  # 'Immediate!' effects are one-time, resolved when revealed
            effects.append(lv.effect)
    return effects
