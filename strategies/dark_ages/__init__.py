"""Dark Ages strategies: a random-legal baseline and scripted plans, each a priority file in
configs/dark_ages/strategies.

``make(name, params)`` builds a strategy by name; every strategy draws randomness only from ``game.rng``.
"""

from __future__ import annotations

from strategies.dark_ages.random_legal import RandomLegal
from strategies.dark_ages.scripted import SCRIPTED, Scripted, load_plan

NAMES = ("random_legal", *SCRIPTED)


def make(name: str, params: dict | None = None):
    if name == "random_legal":
        return RandomLegal()
    if name in SCRIPTED:
        return Scripted(name, load_plan(name, params))
    raise KeyError(name)
