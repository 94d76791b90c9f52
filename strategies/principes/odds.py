"""The exact odds of an attack from the Battle Dice alone, for the scripted plans' ``attack_win_prob``.

The win probability of a battle before cards, rerolls and flips: every pair of (attacker, defender) die faces is
equally likely (rules.yaml ``battle_die``), and the plain-Python battle ``sim.games.principes.reference`` decides
each pair. The compiled twin (``fast.policy.odds``) reads the same counts from a table of ``fast.setup.TABLES``.
"""

from __future__ import annotations

from sim.games.principes import reference
from sim.games.principes.rules import SHIELD, SWORD

_CACHE: dict[int, tuple[object, dict]] = {}  # id(battle rules) → (the rules, kept alive; their counts)


def win_count(rb, units_a: dict[str, int], units_d: dict[str, int], shields: int) -> int:
    """The (attacker face, defender face) pairs of the Battle Die the attacker wins with, the defender holding
    ``shields`` from its site (``game.battles.site_shields``)."""
    key = (tuple(sorted(units_a.items())), tuple(sorted(units_d.items())), shields)
    held = _CACHE.get(id(rb))
    if held is None or held[0] is not rb:
        held = _CACHE[id(rb)] = (rb, {})
    counts = held[1]
    if key not in counts:
        wins = 0
        for fa in rb.die:
            for fd in rb.die:
                won = reference.fight(units_a, units_d, fa == SWORD, fa == SHIELD, fd == SWORD,
                                      shields + (fd == SHIELD), rb)[0]  # fmt: skip
                wins += won == "attacker"
        counts[key] = wins
    return counts[key]


def win_probability(rb, units_a: dict[str, int], units_d: dict[str, int], shields: int) -> float:
    """``win_count`` over the number of face pairs."""
    n = len(rb.die)
    return win_count(rb, units_a, units_d, shields) / (n * n)
