"""Module 14A Crusades: P(victory) and expected hits per player, computed exactly.

'Each player (simultaneously) rolls one die for each of their contributed units, using their best skill
(Volley, Charge, or Melee)' and 'If the total number of player markers on the card equals or exceeds its
Defence Value, the Crusade ends in victory'. Every die is an independent Bernoulli draw, so the total is
a convolution, exact for any army.
"""

from __future__ import annotations

import numpy as np

from sim.errors import ConfigError
from sim.games.dark_ages.rules import FACTIONS, TYPES, DarkAgesRules


def hit_chances(rules: DarkAgesRules, faction: str, units: dict[str, int], tech: dict[str, int]) -> list[float]:
    """One hit probability per contributed unit, at the unit's best skill."""
    chances = []
    for kind, n in units.items():
        stats = rules.stats[faction][kind][tech.get(kind, 1)]
        chances += [(rules.faces - stats.best_threshold + 1) / rules.faces] * n
    return chances


def crusade_odds(rules: DarkAgesRules, players: dict[str, dict], defence: int, source: str = "crusade") -> dict:
    """``players``: name → {units: {type: n}, tech: {type: level}, faction}. Returns P(victory) and hits."""
    if isinstance(defence, bool) or not isinstance(defence, int) or defence < 0:
        raise ConfigError(source, "defence", "the Crusade's Defence Value (an integer ≥ 0)", defence)
    total = np.array([1.0])
    expected = {}
    for name, spec in players.items():
        faction = spec.get("faction", "player")
        if faction not in FACTIONS:
            raise ConfigError(source, f"{name}.faction", f"one of {', '.join(FACTIONS)}", faction)
        units, tech = spec.get("units", {}), spec.get("tech", {})
        for kind in {**units, **tech}:
            if kind not in TYPES:
                raise ConfigError(source, f"{name}.units", f"a unit type ({', '.join(TYPES)})", kind)
        for kind, level in tech.items():
            if level not in rules.stats[faction][kind]:
                expected = f"a {faction} level in 1..{rules.max_level(faction)}"
                raise ConfigError(source, f"{name}.tech.{kind}", expected, level)
        for kind, n in units.items():
            if isinstance(n, bool) or not isinstance(n, int) or n < 0:
                raise ConfigError(source, f"{name}.units.{kind}", "a unit count ≥ 0", n)
        chances = hit_chances(rules, faction, units, tech)
        expected[name] = float(sum(chances))
        for q in chances:
            total = np.convolve(total, [1 - q, q])
    return {
        "victory": float(total[defence:].sum()),
        "expected_hits": expected,
        "total_hits": {str(k): float(p) for k, p in enumerate(total)},
    }
