"""Module 4, Alchemists: resources placed on the Alchemist card at a Research action, 3 of them → 1 Gold."""

from __future__ import annotations

from sim.games.dark_ages.game.context import RESOURCES


class Alchemists:
    name = "alchemists"

    def __init__(self, data: dict):
        self.data = data
        self.card: list[int] = []  # per seat: resources on the Alchemist card

    def install(self, game) -> None:
        """'Give each player an Alchemist card.'"""
        self.card = [0] * game.n

    def researched(self, game, seat: int) -> None:
        """'When performing a Research action, you may place any number of your resources on the Alchemist card'
        (assumed: those above the Warehouse hold value) and 'Anytime ... discard 3 resources ... to gain 1 Gold'."""
        p = game.players[seat]
        hold = game.ctx.tracks.warehouse[p.warehouses].hold
        while sum(p.res.values()) > hold:
            r = max(RESOURCES, key=lambda x: (p.res[x], -RESOURCES.index(x)))
            p.res[r] -= 1
            self.card[seat] += 1
        per = self.data["resources_per_gold"]
        p.gold += self.card[seat] // per
        self.card[seat] %= per
