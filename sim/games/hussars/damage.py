"""Dealing Damage (p. 24): per-type rounding of †, and the four allocation queues.

A ``Fighter`` is one token in a clash. Damage is spent lowest current Toughness first; each queue hits a
token at most once (1st: wound, 2nd: wound again = destroy) in the 1st Line, then the 2nd Line once the
1st Line is destroyed; Artillery can be hit only there. Damage lower than the next token's Toughness is lost.
"""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass
class Fighter:
    unit: str
    veteran: bool
    wounded: bool
    toughness: tuple[int, int]  # printed (full, wounded)
    effectiveness: float  # the dealer's tie-break: among equal Toughness it hits the most valuable token
    artillery: bool
    line: int = 1
    mod: int = 0  # ♥ modifiers from tactics in this battle
    active: bool = True  # fights (inactive: the idle half of an army in Loose Columns)
    safe: bool = False  # cannot be hit (a besieger's hidden 2nd Line)
    alive: bool = True
    rank: int = 0  # the last tie-break (unit type index × 2 + veteran), so every implementation agrees

    @property
    def current_toughness(self) -> int:
        return self.toughness[int(self.wounded)] + self.mod

    def wound(self) -> None:
        if self.wounded:
            self.alive = False
        else:
            self.wounded = True


def round_damage(per_type: dict[str, float]) -> int:
    """Rounding Rules: round each unit type's total up, then add (3 × 1.5 + 1 × 1.5 → 5 + 2 = 7)."""
    return sum(math.ceil(total - 1e-9) for total in per_type.values() if total > 0)


def _queue(fighters: list[Fighter], damage: int) -> tuple[int, bool]:
    """One queue: every target at most once. Returns (damage left, whether the rest was lost)."""
    order = sorted(fighters, key=lambda f: (f.current_toughness, -f.effectiveness, not f.wounded, f.rank))
    for f in order:
        cost = f.current_toughness
        if damage < cost:
            return damage, True
        damage -= cost
        f.wound()
    return damage, False


def allocate(fighters: list[Fighter], damage: int) -> int:
    """Spend ``damage`` on ``fighters`` (mutated). Returns the damage actually spent."""
    start = damage
    for line in (1, 2):
        if line == 2 and any(f.alive and f.line == 1 for f in fighters):
            break  # the 2nd Line is hit only once the 1st Line is destroyed
        for _ in range(2):  # wounding queue, then destroying queue
            targets = [f for f in fighters
                       if f.alive and f.line == line and not f.safe and not (line == 1 and f.artillery)]
            if not targets or damage <= 0:
                break
            damage, lost = _queue(targets, damage)
            if lost:
                return start - damage
    return start - damage
