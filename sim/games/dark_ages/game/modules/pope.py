"""Module 12A, The Pope: a Title bought when building a Church, ready at once, 5 VP to its holder at the end."""

from __future__ import annotations

from sim.games.dark_ages.game.context import RESOURCES
from sim.games.dark_ages.game.solo_state import HUMAN, LORDLINGS

TITLE = "pope"


def pope_cost(table: list, churches: int) -> int:
    """'The number of resources required depends on the total number of Churches on the main board'."""
    cost = 0
    for from_n, c in table:
        if churches >= from_n:
            cost = c
    return cost


def pay_any(p, n: int) -> bool:
    """Pay ``n`` resources 'or Gold': the resources held in the largest numbers first (assumed), then Gold."""
    if sum(p.res.values()) + p.gold < n:
        return False
    for _ in range(n):
        r = max(RESOURCES, key=lambda x: (p.res[x], -RESOURCES.index(x)))
        if p.res[r] > 0:
            p.res[r] -= 1
        else:
            p.gold -= 1
    return True


class Pope:
    name = "pope"

    def __init__(self, data: dict):
        self.data = data
        self.holder: int | None = None  # None: the card is in the Title offer

    def install(self, game) -> None:
        pass  # 'Add the Pope Title to the offer of Title cards'

    def church_built(self, game, seat: int, province: str) -> None:
        """'When you build a Church, you may claim the Pope Title by paying a number of resources (or Gold)'."""
        if self.holder == seat or not self.data["claim_if_affordable"]:
            return
        p = game.players[seat]
        if not pay_any(p, pope_cost(self.data["cost_by_churches"], len(game.churches))):
            return
        if self.holder is not None:
            game.players[self.holder].titles_ready.discard(TITLE)
        self.holder = seat
        p.titles_ready.add(TITLE)  # 'an immediately ready Title card (even if the previous owner exhausted it)'

    def lordling_church(self, game, province: str) -> None:
        """Solo: 'Whenever the Lordlings build a Church, if they control equal or more Churches than you, they
        immediately take the Pope card from the offer or you (but you can later purchase it back using regular
        rules).' The Lordlings do not use Titles, so the card is never ready for them."""

        owned = [sum(1 for q in game.churches if game.controller(q) == s) for s in (HUMAN, LORDLINGS)]
        if owned[1] >= owned[0] and self.holder != LORDLINGS:
            if self.holder is not None:
                game.players[self.holder].titles_ready.discard(TITLE)
            self.holder = LORDLINGS

    def passed(self, game, seat: int) -> None:
        """'During Passing, the Pope Title is refreshed the same way other Titles are.'"""
        if self.holder == seat:
            game.players[seat].titles_ready.add(TITLE)

    def final_vp(self, game, seat: int) -> int:
        return self.data["end_vp"] if self.holder == seat else 0

    def ready_titles(self, game, seat: int) -> set[str]:
        return {TITLE} if self.holder == seat else set()
