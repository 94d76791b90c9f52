"""Conqueror: assemble, march and take the richest land it can beat, preferring the weakest neighbour.

Plan: Assembly (Knights first) until the army is big enough, then Movement onto the best land whose defence it
outnumbers ``attack_ratio`` to 1 (a bonus for the player with the fewest figures), Taxes to pay for Knights. The
Prince stays home; Cities of conquered lands are kept, not destroyed.
"""

from strategies.principes.scripted import BASE, Scripted


class Conqueror(Scripted):
    name = "conqueror"
    defaults = {
        **BASE,
        "priorities": ["assembly", "movement", "taxes", "building", "politics", "progress"],
        "tax_min_people": 1,
        "army_target": 9,
        "attack_ratio": 1.5,
        "attack_players": True,
        "prefer_weakest": 3,
        "indulgence": True,
        "found_cities": False,
        "max_buildings": 1,
        "buildings": ["castle", "tiltyard", "abbey"],
    }
