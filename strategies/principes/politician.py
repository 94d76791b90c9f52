"""Politician: collect Court and Neighbor Cards, block rivals' Councils and summon its own to take the Princeps.

Plan: Politics first (draw 3 Court Cards, or a Council once it would lead on the tracks it needs), Building
for Abbeys and Tiltyards, Taxes for gold. At a rival's Council it spends cards to push the host off the lead.
"""

from strategies.principes.scripted import BASE, Scripted


class Politician(Scripted):
    name = "politician"
    defaults = {
        **BASE,
        "priorities": ["politics", "building", "taxes", "progress", "assembly", "movement"],
        "tax_min_people": 2,
        "army_target": 4,
        "attack_players": False,
        "attack_ratio": 99,
        "found_cities": False,
        "buildings": ["abbey", "tiltyard"],
        "block_councils": True,
        "progress": True,
    }
