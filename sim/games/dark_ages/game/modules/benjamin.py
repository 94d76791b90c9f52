"""Module 13A, Travels of Benjamin: cards shuffled into the Culture deck, taken from the offer into play, each
giving one of the rewards unlocked by how many the player has collected."""

from __future__ import annotations

from dataclasses import replace

from sim.games.dark_ages.cards import Card, Deck
from sim.games.dark_ages.game.building import track_farms
from sim.games.dark_ages.game.economy import gain_vp
from sim.games.dark_ages.game.solo_state import LORDLINGS

TYPE = "travels_of_benjamin"


def card_ids(marks: dict) -> list[tuple[str, int]]:
    """CB01-CB12 with their assumed player-count marks (modules.yaml benjamin.cards_by_players)."""
    out, made = [], 0
    for players in sorted(marks):
        for _ in range(marks[players] - made):
            made += 1
            out.append((f"CB{made:02d}", players))
    return out


_CONTEXTS: dict[tuple, tuple] = {}  # (id of the base Context, marks) → (base, extended): one per worker and variant


def _context(ctx, marks: tuple):
    """The Context with the Travels of Benjamin cards added to the card table (never to the base draw pile); one
    object per base Context, so the per-deck effect caches keep working."""
    hit = _CONTEXTS.get((id(ctx), marks))
    if hit is None or hit[0] is not ctx:
        cards = dict(ctx.deck.cards)
        for cid, players in card_ids(dict(marks)):
            cards[cid] = Card(cid, TYPE, players, None, name="Travels of Benjamin")
        hit = (ctx, replace(ctx, data=replace(ctx.data, deck=Deck(cards))))
        _CONTEXTS[(id(ctx), marks)] = hit
    return hit[1]


class Benjamin:
    name = "benjamin"

    def __init__(self, data: dict):
        self.data = data
        self.collected: list[int] = []  # per seat: Travels of Benjamin cards in play
        self.third_farm: list[bool] = []  # per seat: reward 4 taken

    def install(self, game) -> None:
        """'shuffle an equal number of Travels of Benjamin cards to the corresponding sections of the Culture deck'
        (the deck left after the initial offer; cards marked above the player count removed)."""
        n = game.n
        marks = {int(k): v for k, v in self.data["cards_by_players"].items()}
        game.ctx = _context(game.ctx, tuple(sorted(marks.items())))
        self.collected, self.third_farm = [0] * n, [False] * n
        cards = [cid for cid, players in card_ids(marks) if players <= n]
        game.rng.shuffle(cards)
        k = self.data["per_half"][n]
        if game.solo is not None and self.data["solo_harder"]:  # 3 + 3 in the deck, 2 to the Lordlings
            k = self.data["solo_harder_per_half"]
            self.collected[LORDLINGS] = len(cards) - 2 * k
        half = len(game.deck) // 2
        top, bottom = game.deck[:half] + cards[:k], game.deck[half:] + cards[k : 2 * k]
        game.rng.shuffle(top)
        game.rng.shuffle(bottom)
        game.deck = top + bottom

    def card_taken(self, game, seat: int, card: str) -> bool:
        """'Once taken, put it in play ... It does not count towards your hand limit' and receive one benefit."""
        if game.ctx.deck.cards[card].type != TYPE:
            return False
        self.collected[seat] += 1
        self.reward(game, seat, self.choose(game, seat))
        return True

    def lordling_card(self, game, card: str) -> bool:
        """Solo: 'Whenever the Lordlings take a Travels of Benjamin card, they keep it, and score 1 VP for each
        Travels of Benjamin card they have collected, including the newly taken card.'"""
        if game.ctx.deck.cards[card].type != TYPE:
            return False

        self.collected[LORDLINGS] += 1
        gain_vp(game.players[LORDLINGS], self.collected[LORDLINGS], "modules")
        return True

    def unlocked(self, seat: int) -> list[int]:
        """'If this is your first ... receive the first reward' ... 'After that ... any one of the five'; 'The
        fourth reward can only be received once by a player.'"""
        out = list(range(1, min(self.collected[seat], 5) + 1))
        return [r for r in out if not (r == 4 and self.third_farm[seat])]

    def choose(self, game, seat: int) -> int:
        return max(self.unlocked(seat))  # assumed policy: the highest reward still available

    def _farm_place(self, game, seat: int) -> str | None:
        """'Place 1 Farm (in a Province you control)': from the Farm track, where the Farm limit allows (assumed:
        a Province without a Farm first, else one with a single Farm)."""

        p = game.players[seat]
        if p.farms_off >= track_farms(game):
            return None
        mine = sorted(game.controlled(seat))
        empty = [q for q in mine if q not in game.farms]
        single = [q for q in mine if game.farms.get(q) == (seat, 1)]
        return (empty or single or [None])[0]

    def reward(self, game, seat: int, which: int) -> None:
        p = game.players[seat]
        if which == 1:
            gain_vp(p, self.data["reward1_vp"], "modules")
        elif which == 2:
            p.gold += self.data["reward2_gold"]
        elif which == 3:
            q = self._farm_place(game, seat)
            if q is None:
                gain_vp(p, self.data["reward3_vp"], "modules")
            else:
                game.farms[q] = (seat, game.farms.get(q, (seat, 0))[1] + 1)
                p.farms_off += 1
        elif which == 4:
            self.third_farm[seat] = True
        else:
            gain_vp(p, self.data["end_vp_reward5"], "modules")

    def extra_farm(self, game, seat: int, province: str) -> bool:
        """'From now on, you may build a third Farm in each Province you control.'"""
        return self.third_farm[seat] and game.farms.get(province) == (seat, 2)

    def extra_farms(self, game, seat: int) -> int:
        return 1 if self.third_farm[seat] else 0
