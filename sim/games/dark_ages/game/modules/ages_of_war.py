"""Module 9, The Ages of War: Combat cards played when attacking a player, War tokens and 3 VP for a win with one,
the attacker winning ties, a War-token end trigger and a War-token majority at the end."""

from __future__ import annotations

from dataclasses import replace

from sim.games.dark_ages.game.economy import gain, gain_vp
from sim.games.dark_ages.game.modules.crusades import rank_vp

_CONTEXTS: dict[int, tuple] = {}  # id of the base Context → (base, with attacker_wins_ties)


def _context(ctx):
    """'the attacker wins ties in Battle, as long as at least one of their units survives' (the battle engine's
    ``attacker_wins_ties``, also in Barbarian battles)."""
    hit = _CONTEXTS.get(id(ctx))
    if hit is None or hit[0] is not ctx:
        hit = (ctx, replace(ctx, battle=replace(ctx.battle, attacker_wins_ties=True)))
        _CONTEXTS[id(ctx)] = hit
    return hit[1]


class AgesOfWar:
    name = "ages_of_war"

    def __init__(self, data: dict):
        self.data = data
        self.cards: dict[str, dict] = {}
        self.hand: list[list[str]] = []
        self.discard: list[list[str]] = []
        self.tokens: list[int] = []
        self.left = 0
        self.playing: dict[int, str] = {}  # attacker seat → the Combat card played in the current battle

    def install(self, game) -> None:
        n = game.n
        game.ctx = _context(game.ctx)
        self.cards = dict(self.data["common_cards"])
        common = sorted(self.data["common_cards"])
        game.rng.shuffle(common)
        k = self.data["common_dealt"]
        self.hand = [[common[k * s], f"ruler_{s}"] for s in range(n)]  # 'removes one of the two' (keeps the first)
        for s in range(n):
            self.cards[f"ruler_{s}"] = self.data["ruler_card"]
        for t in game.ctx.board.titles:
            self.cards[f"title_{t}"] = self.data["title_card"]
        self.discard = [[] for _ in range(n)]
        self.tokens, self.left = [0] * n, self.data["war_tokens"]

    def title_claimed(self, game, seat: int, title: str) -> None:
        """'When you gain a Title, take the corresponding Combat card and place it either in your hand or in your
        Combat discard pile.'"""
        cid = f"title_{title}"
        for pile in (*self.hand, *self.discard):
            if cid in pile:
                pile.remove(cid)
        self.hand[seat].append(cid)

    def battle_started(self, game, seat: int, defender: int) -> None:
        """'When using a Manoeuvre action to attack another player, you may select to play a Combat card.'"""
        if self.hand[seat]:
            self.playing[seat] = self.hand[seat].pop(0)

    def battle_effects(self, game, seat: int) -> list[dict]:
        cid = self.playing.get(seat)
        if cid is None:
            return []
        return [{"kind": kind, "phase": phase, "amount": n} for kind, phase, n in self.cards[cid]["benefits"]]

    def battle_ended(self, game, seat: int, defender: int, won: bool) -> None:
        """'If the attacker wins a battle after a Combat card is played, they receive a War token and 3 VP, and the
        losing defender receives the Reclaim bonus'; 'If the defender wins ... neither player receives anything.'
        Then the card goes to the Combat discard pile, taken back when the hand is empty."""

        cid = self.playing.pop(seat, None)
        if cid is None:
            return
        if won:
            if self.left > 0:  # 'no more War tokens are given out' after the last one
                self.left -= 1
                self.tokens[seat] += 1
            gain_vp(game.players[seat], self.data["victory_vp"], "modules")
            what, amount = self.cards[cid]["reclaim"]
            gain(game, game.players[defender], what, amount)
        self.discard[seat].append(cid)
        if not self.hand[seat]:
            self.hand[seat], self.discard[seat] = self.discard[seat], []

    def end_trigger(self, game) -> str | None:
        """'when the last War token is taken, trigger the end of the game'."""
        return "war_tokens" if self.left == 0 else None

    def final_vp(self, game, seat: int) -> int:
        """'score based on the relative majority of War tokens held ... Players with zero War tokens always score
        0 VP.'"""
        table = self.data["majority_vp"]
        values = table[min(game.n, max(table))]
        return rank_vp(dict(enumerate(self.tokens)), values)[seat]
