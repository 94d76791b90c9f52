"""Raider: light cavalry, raids up to a limit of Crests on the Crime Track, and a spree in the last turn."""

from strategies.hussars.scripted import BASE, Scripted


class Raider(Scripted):
    name = "raider"
    defaults = {
        **BASE,
        "priorities": ["orders", "enlist", "replenish", "yellow", "buy_province"],
        "reserve": 1,
        "army_target": 4,
        "units": ["light_cavalry", "cossack"],
        "crest_limit": 2,
        "spree": True,
        "garrison": 0,
        "swift_penalty": "happiness",
        "yellow_values": {
            "privilege": 3,
            "royal_grant": 5,
            "mercenaries": 8,
            "church": 2,
            "hussar_banner": 4,
            "royal_favour": 2,
        },
    }
