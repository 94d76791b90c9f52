"""Character and campaign odds: the capture test, the Harvest of Death and a siege timeline.

All three are small exact calculations (a die table, a binomial, a product over turns); no sampling needed.
"""

from __future__ import annotations

import math

from sim.errors import ConfigError
from sim.games.hussars.army import Army
from sim.games.hussars.rules import HussarsRules


def threat_value(rules: HussarsRules, army: Army) -> float:
    """The Effectiveness of the strongest non-Artillery unit; Fast Cavalry counts ×2 (Captivity and Ransom)."""
    mult = rules.values["characters"]["capture_fast_cavalry_multiplier"]
    values = [rules.units[t.unit].eff(t.veteran) * (mult if rules.is_fast(t.unit, t.veteran) else 1)
              for t in army if rules.units[t.unit].kind != "artillery"]
    if not values:
        raise ConfigError("attacker", "attacker", "an army with a non-Artillery unit (the threat)", "Artillery only")
    return max(values)


def capture_probability(xl: int, threat: float, faces: int = 6) -> float:
    """P(d6 + XL < threat): "If the roll is lower than the Threat Value, the figure is captured"."""
    return sum(1 for roll in range(1, faces + 1) if roll + xl < threat) / faces


def titles_phases(rounds: int) -> int:
    """Winters in a game of ``rounds`` rounds: the game ends after the last autumn, so the last winter is skipped."""
    return max(0, rounds - 1)


def survival_curve(health: int, phases: int, p_lose: float) -> list[float]:
    """P(alive after k Titles Phases), k = 0..phases. One ♥ lost with probability p_lose per phase;
    the character dies when Health falls below 0, i.e. at the (health+1)-th loss."""
    return [sum(math.comb(k, j) * p_lose**j * (1 - p_lose) ** (k - j) for j in range(0, min(k, health) + 1))
            for k in range(phases + 1)]


def other_houses_curve(phases: int, p_die: float) -> list[float]:
    """An Other Houses title holder dies on 1–3: P(alive after k phases) = (1 - p)^k."""
    return [(1 - p_die) ** k for k in range(phases + 1)]


def famine_markers(supplies: int, turn: int) -> int:
    """Famine markers at the defender's turn ``turn`` (1-based): one supply is removed per turn; the turn the last
    one goes a famine marker is placed, and one more at the start of each following turn."""
    return max(0, turn - supplies + 1) if supplies > 0 else turn


def siege_timeline(supplies: int, turns: int, surrender_at: int, assault_win: list[float], assault: str) -> list[dict]:
    """P(the garrison has surrendered or fallen by turn t), t = 1..turns.

    ``assault_win[f]``: P(one assault wins) against a garrison with f famine markers (independent assaults from
    the same armies, an assumption). ``assault``: every (attack each turn), famine (attack only once the garrison
    surrenders when attacked) or never (the garrison never falls; famine just accumulates).
    """
    standing = 1.0
    rows = []
    for t in range(1, turns + 1):
        famine = famine_markers(supplies, t)
        if assault != "never":
            if famine >= surrender_at:
                p = 1.0  # "With 2 or more famine markers, the besieged troops surrender ... when attacked"
            elif assault == "every":
                p = assault_win[min(famine, len(assault_win) - 1)]
            else:
                p = 0.0
            standing *= 1 - p
        rows.append({"turn": t, "supplies_left": max(0, supplies - t), "famine": famine, "fallen": 1 - standing})
    return rows
