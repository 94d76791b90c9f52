"""culture: culture and technology. Cities and Production buildings for income, Churches for VP, Common Technologies
played and raised with Gold, Culture Points from selling goods; units only to hold the Capital.

The priorities and parameters are in configs/dark_ages/strategies/culture.yaml; the interpreter is scripted.py.
"""

from strategies.dark_ages.scripted import Scripted, load_plan

NAME = "culture"


def build(params: dict | None = None) -> Scripted:
    return Scripted(NAME, load_plan(NAME, params))
