"""Module 10, Distant Campaigns: a Campaign card lets a Manoeuvre reach the Province it shows from anywhere; a
failed Campaign kills the survivors unless a controlled neighbour of the target takes them; a won one lets you
settle there at your Ruler's lowest settle cost until used or your next Pass."""

from __future__ import annotations


def campaign_targets(game, marks_cap: int) -> list[tuple[str, str, int]]:
    """(card id, Province, player-count mark) for CM01-CM15 (assumed targets, modules.yaml)."""
    capitals = {r.capital for r in game.ctx.board.rulers.values()}
    provinces = sorted((q for q in game.ctx.board.provinces if q.id not in capitals), key=lambda q: q.id)
    return [(f"CM{i + 1:02d}", q.id, q.players) for i, q in enumerate(provinces[:marks_cap])]


class DistantCampaigns:
    name = "distant_campaigns"

    def __init__(self, data: dict):
        self.data = data
        self.target: dict[str, str] = {}  # card → Province
        self.hand: list[list[str]] = []
        self.in_play: dict[int, str] = {}  # seat → the Campaign card played (until it fails, is used or a Pass)
        self.won: dict[int, bool] = {}  # seat → the played Campaign's battle was won (it may be used to settle)

    def install(self, game) -> None:
        """'Remove all Campaign cards marked with a player count higher than the current number of players ...
        deal 3 to each player ... Each player removes one of the 3'."""
        cards = [(c, q) for c, q, mark in campaign_targets(game, self.data["cards"]) if mark <= game.n and
                 q in game.in_play]  # fmt: skip
        self.target = dict(cards)
        ids = [c for c, _ in cards]
        game.rng.shuffle(ids)
        k = self.data["dealt"]
        self.hand = [ids[k * s : k * s + self.data["kept"]] for s in range(game.n)]  # policy: keep the first two

    def manoeuvres(self, game, seat: int, groups) -> list[tuple]:
        """Extra Manoeuvre moves: 'play one Campaign card ... allowing you to move to the Province shown on the
        Campaign card, regardless of the distance' (only where it is not a plain neighbouring move)."""
        p = game.players[seat]
        out = []
        for card in self.hand[seat]:
            dst = self.target[card]
            for src, units in sorted(p.units.items()):
                if dst != src and dst not in game.ctx.neighbours[src]:
                    out += [("manoeuvre", src, dst, g) for g in groups(units, p.military)]
        return out

    def manoeuvre_started(self, game, seat: int, src: str, group: dict, dst: str) -> None:
        if dst == src or dst in game.ctx.neighbours[src]:
            return
        card = next(c for c in self.hand[seat] if self.target[c] == dst)
        self.hand[seat].remove(card)
        self.in_play[seat], self.won[seat] = card, game.controller(dst) in (None, seat) and dst not in game.barbarians

    def battle_won(self, game, seat: int, dst: str, won: bool) -> None:
        """'If you are forced to retreat ... remove the failed Campaign's card'; 'If you win ... keep the Campaign
        card in play'."""
        card = self.in_play.get(seat)
        if card is None or self.target[card] != dst or self.won.get(seat):
            return
        if won:
            self.won[seat] = True
        else:
            del self.in_play[seat]

    def attacker_retreat(self, game, seat: int, src: str, dst: str) -> str | None:
        """'all your surviving units are killed, unless you also control a Province neighbouring the target (in
        which case, you must retreat into that Province)' (the one with most of your units, as in the core)."""
        if dst == src or dst in game.ctx.neighbours[src]:
            return src
        p = game.players[seat]
        places = [q for q in game.ctx.neighbours[dst] if q in game.in_play and game.controller(q) == seat]
        return max(places, key=lambda q: (sum(p.units.get(q, {}).values()), q)) if places else None

    def settle_cost(self, game, seat: int, province: str, cost: int) -> int:
        """'settle the shown Province at the lowest (leftmost) printed settling cost of your Ruler ... (This cost
        cannot be further discounted.)'"""
        card = self.in_play.get(seat)
        if card is not None and self.won.get(seat) and self.target[card] == province:
            return min(cost, min(game.players[seat].ruler.settle_costs))
        return cost

    def settled(self, game, seat: int, province: str) -> None:
        """'When you use this benefit OR the next time you Pass, remove your in play Campaign card.'"""
        card = self.in_play.get(seat)
        if card is not None and self.target[card] == province:
            self.in_play.pop(seat)

    def passed(self, game, seat: int) -> None:
        self.in_play.pop(seat, None)
