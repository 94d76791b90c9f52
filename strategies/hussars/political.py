"""Political: low Time for an early place on the Turn Order Track, Prestige, punishing criminals, titles."""

from strategies.hussars.scripted import BASE, Scripted


class Political(Scripted):
    name = "political"
    defaults = {
        **BASE,
        "priorities": ["yellow", "family_seat", "orders", "replenish"],
        "reserve": 4,
        "army_target": 3,
        "raid": False,
        "punish": True,
        "title_values": {"bishop": 14, "hetman": 10, "castellan": 14, "voivode": 16},
        "title_successor": True,
        "lease_value": 7,
        "yellow_values": {
            "privilege": 9,
            "royal_grant": 4,
            "mercenaries": 3,
            "church": 4,
            "hussar_banner": 3,
            "royal_favour": 6,
        },
        "veto": True,
    }
