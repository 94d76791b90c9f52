"""military: barbarians, then neighbours. Upgrade units with Military Technologies, recruit the best unit type, clear
Barbarian tokens for trophies and rewards, then take neighbours' settled Provinces and raid Capitals; the spoils go
into Churches, Cities and Keeps.

The priorities and parameters are in configs/dark_ages/strategies/military.yaml; the interpreter is scripted.py.
"""

from strategies.dark_ages.scripted import Scripted, load_plan

NAME = "military"


def build(params: dict | None = None) -> Scripted:
    return Scripted(NAME, load_plan(NAME, params))
