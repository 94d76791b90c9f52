"""Module 3, Grand Buildings: Culture cards built as a turn's action into a controlled Province (one per Province),
with a localized effect for whoever controls that Province."""

from __future__ import annotations

from sim.games.dark_ages.game.context import RESOURCES
from sim.games.dark_ages.game.economy import affordable, spend

TYPE = "grand_building"


class GrandBuildings:
    name = "grand_buildings"

    def __init__(self, data: dict):
        self.data = data
        self.built: dict[str, str] = {}  # Province → Grand Building card
        self._cards: dict[str, dict] = {}  # Grand Building card → its data (culture.yaml)

    def install(self, game) -> None:
        """'Shuffle the 4 common Grand Buildings' Culture cards into the top half of the Culture deck at setup.'"""
        deck = game.ctx.deck.cards
        self._cards = {c: card.data for c, card in deck.items() if card.type == TYPE}
        cards = [c for c in self.data["common_cards"] if deck[c].players <= game.n]
        half = len(game.deck) // 2
        top = game.deck[:half] + cards
        game.rng.shuffle(top)
        game.deck = top + game.deck[half:]

    def _effect(self, province: str) -> dict | None:
        return self._card(province)["effect"] if province in self.built else None

    def _card(self, province: str) -> dict:
        return self._cards[self.built[province]]

    def turn_action(self, game, seat: int) -> bool:
        """'you can play them as an action, instead of Passing or placing a Noble disc (including when you have no
        Noble discs remaining) by paying the resource cost shown on the card' (policy: as soon as affordable)."""

        p = game.players[seat]
        places = [q for q in sorted(game.controlled(seat)) if q not in self.built]
        for cid in [c for c in p.hand if c in self._cards]:
            cost = tuple(self._cards[cid]["cost"])
            if places and affordable(p, cost):
                q = max(places, key=lambda q: (sum(game.buildings.get(q, {}).values()), [-ord(ch) for ch in q]))
                spend(p, cost)
                p.hand.remove(cid)  # 'Built Grand Building cards no longer count against your hand limit.'
                self.built[q] = cid
                return True
        return False

    def province_razed(self, game, province: str) -> None:
        """Solo, Raiders winning: 'remove all buildings (including Grand Buildings) ... Removed components are out
        of the game'."""
        self.built.pop(province, None)

    def passed(self, game, seat: int) -> None:
        """Production Grand Buildings: more of the Province's resource at each Pass of its controller."""
        for q in sorted(self.built):
            e = self._effect(q)
            if e["kind"] == "production" and game.controller(q) == seat:
                r = game.ctx.board.province(q).resource
                if r in RESOURCES:
                    game.players[seat].res[r] += e["amount"]

    def defence_bonus(self, game, seat: int, province: str) -> int:
        e = self._effect(province)
        return e["amount"] if e is not None and e["kind"] == "defence" and game.controller(province) == seat else 0

    def recruit_discount(self, game, seat: int, province: str) -> int:
        e = self._effect(province)
        ok = e is not None and e["kind"] == "recruit_discount" and game.controller(province) == seat
        return e["amount"] if ok else 0

    def final_vp(self, game, seat: int) -> int:
        return sum(self._effect(q).get("vp", 0) for q in self.built
                   if self._effect(q)["kind"] == "end_vp" and game.controller(q) == seat)  # fmt: skip
