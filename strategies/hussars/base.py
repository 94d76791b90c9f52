"""The questions the Hussars engine asks a seat's plan, with the answers of a plan that does nothing.

Each method gets the game ``g`` and the seat ``s`` and must read only what ``strategies.hussars.view`` allows. The
engine checks every answer against the rules; a refused answer is skipped and counted (``state.illegal``).
"""

from __future__ import annotations


class Plan:
    name = "plan"

    def cards(self, g, s):  # card type indices to play this Action Phase (within the 2-star limit)
        return []

    def figure(self, g, s):  # an orders.Order for the figure's free move (army -1: the figure alone), or None
        return None

    def order(self, g, s):  # an orders.Order for a played Orders card, or None
        return None

    def enlist(self, g, s):  # [(field, unit type, count), ...]
        return []

    def replenish(self, g, s):  # Gold the plan will spend healing
        return 0

    def buy(self, g, s):  # the Province to buy, or -1
        return -1

    def seat_site(self, g, s):  # where to build the family seat, or -1
        return -1

    def town(self, g, s):  # where to found a town, or -1
        return -1

    def settle(self, g, s):  # ("settlers" | "lokator", field) or None
        return None

    def fortress(self, g, s):  # where to build a fortress, or -1
        return -1

    def place(self, g, s):  # the estate for free recruits (a yellow card)
        return -1

    def garrison(self, g, s):  # tokens to keep in each own fortress where an own army stands
        return 0

    def auction(self, g, s, limit):  # Auction market slots to place Crests on
        return []

    def bid_yellow(self, g, s, slot):  # (gold, influence)
        return (0, 0)

    def bid_lease(self, g, s, lease):  # (gold, influence)
        return (0, 0)

    def bid_title(self, g, s, title):  # (gold, influence, kings_support)
        return (0, 0, 0)

    def title_place(self, g, s, title):  # True: the Successor area
        return False

    def intercept(self, g, s, field, army):  # whether the garrison on ``field`` attacks the entering ``army``
        return False

    def attack_target(self, g, s, army, action, options):  # index into ``options`` (an enemy's Attack card)
        return 0

    def swift(self, g, s, attacks):  # (cavalry units to send, favour bits: 1 minor, 2 major, "gold" | "happiness")
        return (0, 0, "happiness")

    def repay(self, g, s, units):  # send the cavalry a Favour debt asks for
        return False

    def veto(self, g, s):  # a Senator's veto of the peace treaty
        return False

    def ransom(self, g, s):  # pay the captured Magnate's ransom
        return True

    def reward(self, g, s):  # ("knowledge", card type) | ("tactic", tactic) | None
        return None
