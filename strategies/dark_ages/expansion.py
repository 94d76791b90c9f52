"""expansion: settle and farm. March out of the Capital into empty Provinces, settle them (free action), add second
Farms for the Army limit and the Farm track's VP, a Church in a City, put Cities where Farms stand, and fight only
weak Barbarians.

The priorities and parameters are in configs/dark_ages/strategies/expansion.yaml; the interpreter is scripted.py.
"""

from strategies.dark_ages.scripted import Scripted, load_plan

NAME = "expansion"


def build(params: dict | None = None) -> Scripted:
    return Scripted(NAME, load_plan(NAME, params))
