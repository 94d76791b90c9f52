"""Military: Hussars, expeditions, and fighting Tatars and rebels when the odds are good."""

from strategies.hussars.scripted import BASE, Scripted


class Military(Scripted):
    name = "military"
    defaults = {
        **BASE,
        "priorities": ["orders", "enlist", "replenish", "yellow", "fortress", "buy_province", "town"],
        "reserve": 2,
        "army_target": 6,
        "upkeep_margin": 3,
        "units": ["winged_hussar", "light_cavalry", "cossack"],
        "hunt": True,
        "attack_ratio": 1.2,
        "expeditions": True,
        "fortress": True,
        "title_values": {"bishop": 3, "hetman": 12, "castellan": 4, "voivode": 4},
        "reward": "tactic",
        "use_favours": True,
        "yellow_values": {
            "privilege": 3,
            "royal_grant": 4,
            "mercenaries": 7,
            "church": 1,
            "hussar_banner": 8,
            "royal_favour": 3,
        },
    }
