"""Builder: grow Might at home with Cities, raise support with Tiltyards and Abbeys, claim the Princeps at Councils.

Plan: Taxes while People Support allows, then Building (the cheapest City at home, then buildings on the lower
track), then Politics (a Council once leading on enough tracks, else draw Court Cards). It never attacks a
player; it takes only undefended neutral lands, and keeps a small army at home.
"""

from strategies.principes.scripted import BASE, Scripted


class Builder(Scripted):
    name = "builder"
    defaults = {
        **BASE,
        "priorities": ["taxes", "building", "politics", "assembly", "movement", "progress"],
        "tax_min_people": 1,
        "army_target": 4,
        "attack_players": False,
        "attack_ratio": 99,  # only lands with no defence at all
        "max_buildings": 2,
        "sell_battle_cards": True,
    }
