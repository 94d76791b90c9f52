"""Module 5, Alliances: players who first share a border exchange Alliance cards (a gain when received and at
each Pass); attacking an ally breaks it, costing the attacker 5 VP and their unused Noble discs."""

from __future__ import annotations

from itertools import combinations

from sim.games.dark_ages.game.economy import gain, gain_vp


class Alliances:
    name = "alliances"

    def __init__(self, data: dict):
        self.data = data
        self.hand: list[list[str]] = []  # per seat: Alliance cards not yet given
        self.active: dict[tuple[int, int], str] = {}  # (holder, ally) → the ally's card the holder has in play
        self.met: set[tuple[int, int]] = set()  # pairs that have shared a border

    def install(self, game) -> None:
        """'shuffle the 8 Alliance cards, and deal 2 to each player'."""
        cards = sorted(self.data["cards"])
        game.rng.shuffle(cards)
        k = self.data["dealt"]
        self.hand = [sorted(cards[k * s : k * (s + 1)]) for s in range(game.n)]
        self.met = {pair for pair in combinations(range(game.n), 2) if _neighbours(game, *pair)}

    def _gain(self, game, seat: int, what: str, amount: int) -> None:

        if what == "vp":
            gain_vp(game.players[seat], amount, "modules")
        else:
            gain(game, game.players[seat], what, amount)

    def turn_ended(self, game, seat: int) -> None:
        """'Two players may conduct Alliance negotiations as soon as they share a border ... for the first time, if
        both of them have at least one Alliance card remaining in their hand. This is the only time'."""
        for pair in combinations(range(game.n), 2):
            if pair in self.met or not _neighbours(game, *pair):
                continue
            self.met.add(pair)
            a, b = pair
            if self.hand[a] and self.hand[b]:  # assumed: always agreed, each giving its first card
                give_a, give_b = self.hand[a].pop(0), self.hand[b].pop(0)
                self.active[(b, a)], self.active[(a, b)] = give_a, give_b
                self._gain(game, b, *self.data["cards"][give_a]["received"])
                self._gain(game, a, *self.data["cards"][give_b]["received"])

    def battle_started(self, game, seat: int, defender: int) -> None:
        """'If you start a battle with a player who has a player marker on one of your active Alliances, your
        Alliance is broken': the attacker loses 5 VP and their unused Noble discs; both remove the Alliance."""
        if (seat, defender) not in self.active and (defender, seat) not in self.active:
            return

        self.active.pop((seat, defender), None)
        self.active.pop((defender, seat), None)
        p = game.players[seat]
        gain_vp(p, -self.data["break_vp"], "modules")
        game.exhausted[seat] += p.nobles_free
        p.nobles_free = 0

    def passed(self, game, seat: int) -> None:
        """'"Pass" benefits are resolved each time you Pass.'"""
        for (holder, _), card in sorted(self.active.items()):
            if holder == seat:
                self._gain(game, seat, *self.data["cards"][card]["on_pass"])


def _neighbours(game, a: int, b: int) -> bool:
    """'share a border (control Provinces neighbouring each other)'."""
    theirs = game.controlled(b)
    return any(q in theirs for mine in game.controlled(a) for q in game.ctx.neighbours[mine])
