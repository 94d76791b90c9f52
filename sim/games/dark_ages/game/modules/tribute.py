"""Module 11, Tribute: winning in an opponent's Capital makes them your tributary until they win in yours or pay
2 Gold; a tributary gives one produced resource to its suzerain at each Pass."""

from __future__ import annotations

from sim.games.dark_ages.game.context import RESOURCES


class Tribute:
    name = "tribute"

    def __init__(self, data: dict):
        self.data = data
        self.markers: list[int] = []  # per seat: player markers left on the Ruler card
        self.suzerain: dict[int, int] = {}  # tributary seat → suzerain seat (the marker in the tributary's Capital)

    def install(self, game) -> None:
        self.markers = [self.data["markers"]] * game.n

    def _free(self, tributary: int) -> None:
        """'Either way, return the player marker to their (former) suzerain's Ruler card.'"""
        lord = self.suzerain.pop(tributary, None)
        if lord is not None:
            self.markers[lord] += 1

    def capital_won(self, game, seat: int, defender: int) -> None:
        """'place one of your player markers from your Ruler card into the defeated Capital (If any other player
        already has a player marker there, return that player marker to their Ruler card.)'; winning in one's
        suzerain's Capital also frees the winner ('the roles are reversed')."""
        if self.suzerain.get(seat) == defender:
            self._free(seat)
        if self.suzerain.get(defender) == seat:
            return  # already our tributary: our marker is there
        if self.markers[seat] == 0:
            return  # all 3 markers placed (assumed: no fourth tributary, the old ones stay)
        self._free(defender)
        self.markers[seat] -= 1
        self.suzerain[defender] = seat

    def free_actions(self, game, seat: int) -> None:
        """'As a Free action pay 2 Gold to their suzerain to pay off their debts' (timing policy assumed)."""
        lord = self.suzerain.get(seat)
        p = game.players[seat]
        if lord is None or p.gold < max(self.data["payoff_gold"], self.data["payoff_when_gold_at_least"]):
            return
        p.gold -= self.data["payoff_gold"]
        game.players[lord].gold += self.data["payoff_gold"]
        self._free(seat)

    def passed(self, game, seat: int) -> None:
        """'whenever a tributary player Passes, they must give one of their produced resources (of their choice)'.
        Produced: the resource types of the Production buildings in their controlled Provinces; the choice is the
        one of lowest trade value they hold (assumed)."""
        lord = self.suzerain.get(seat)
        if lord is None:
            return
        p = game.players[seat]
        produced = {r for q in game.controlled(seat) for r, n in game.buildings.get(q, {}).items() if n > 0}
        held = [r for r in RESOURCES if r in produced and p.res[r] > 0]
        if not held:
            return
        trade = game.ctx.rules["gains"]["trade_value"]
        for _ in range(self.data["resources_per_pass"]):
            held = [r for r in held if p.res[r] > 0]
            if not held:
                return
            r = min(held, key=lambda x: (trade[x], RESOURCES.index(x)))
            p.res[r] -= 1
            game.players[lord].res[r] += 1
