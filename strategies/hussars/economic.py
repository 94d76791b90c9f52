"""Economic: towns, settlers, Provinces and leases. A small army at home, lawful raids only, the Lokator."""

from strategies.hussars.scripted import BASE, Scripted


class Economic(Scripted):
    name = "economic"
    defaults = {
        **BASE,
        "priorities": ["town", "buy_province", "settlers", "orders", "yellow", "enlist", "replenish"],
        "reserve": 2,
        "army_target": 3,
        "lokator": True,
        "lease_value": 8,
        "province_max_price": 15,
        "settle_min_happiness": -2,
    }
