"""After the battle: the veteran swap each side may make, and whether a Tabor can be besieged.

"After a battle, each participating player may swap one of their units that fought for its veteran version.
Light Cavalry may become veteran Light Cavalry or Pancerni." The policy (assumed): promote the surviving unit
that fought whose promoted version is toughest at full strength, then most effective (Light Cavalry →
Pancerni first); wounded units keep their wound.
"""

from __future__ import annotations

from sim.games.hussars.army import Army, Token
from sim.games.hussars.rules import HussarsRules

UPGRADES = {"light_cavalry": ("pancerni", "light_cavalry")}  # besides each type's own veteran version


def _options(rules: HussarsRules, t: Token) -> list[Token]:
    if t.veteran or not rules.units[t.unit].exists(True):
        return []
    names = UPGRADES.get(t.unit, (t.unit,))
    return [Token(n, True, t.wounded) for n in names if n in rules.units and rules.units[n].exists(True)]


def promotion(rules: HussarsRules, survivors: Army, fought: set[str] | None) -> tuple[Token, Token] | None:
    """(old token, new token) for the best swap among survivors of the types in ``fought`` (None: all)."""
    best = None
    for t in survivors:
        if fought is not None and t.unit not in fought:
            continue
        for new in _options(rules, t):
            kind = rules.units[new.unit]
            key = (kind.toughness[0], kind.eff(True) - rules.units[t.unit].eff(False), new.unit != t.unit)
            if best is None or key > best[0]:
                best = (key, t, new)
    return None if best is None else (best[1], best[2])


def describe_promotion(swap: tuple[Token, Token] | None) -> str:
    if swap is None:
        return ""
    old, new = swap
    return old.unit if old.unit == new.unit else f"{old.unit}>{new.unit}"
