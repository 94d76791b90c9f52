"""The choices every strategy must make, with sensible defaults: the small decisions (which resource to keep,
which Title to claim) that no plan cares much about. Plans override the big ones (which action, when to Pass)."""

from __future__ import annotations

from sim.games.dark_ages.game.context import RESOURCES
from sim.games.dark_ages.research import military_placements

TRADE_ORDER = ("iron", "stone", "leather", "wood")  # most Culture Points per resource first


def unit_value(kind: str, level: int) -> int:
    """A plan's rough worth of one unit: its level, one more for a Cavalry."""
    return level + (kind == "cavalry")


def group_strength(group, levels) -> int:
    return sum(n * unit_value(k, levels[k]) for k, n in group)


class Strategy:
    name = "base"

    def choose_action(self, game, seat, options: dict, can_pass: bool):
        raise NotImplementedError

    def repeat_with_title(self, game, seat, action: str, options: list):
        return None

    def settle(self, game, seat, options: list):
        return options[0]

    def react(self, game, seat, options: list):
        return options[0]

    def upkeep_gold(self, game, seat, excess: int) -> int:
        return 0

    def hire_commander(self, game, seat) -> bool:
        """Module 6: also hire a Commander (2 Gold) with the unit of a Recruit, when one can be hired."""
        return True

    def wyrd_activate(self, game, seat, card: str, forced: bool) -> bool:
        """Module 8: activate the Wyrd card under the taken Culture card ``card`` (True) or remove it from play
        (False), chosen before looking at the Wyrd; ``forced``: the card was only accessible because of the Wyrd
        (the engine then activates it whatever this returns, and does not ask)."""
        return True

    def pick_resource(self, game, seat) -> str:
        p = game.players[seat]
        return min(RESOURCES, key=lambda r: (p.res[r], RESOURCES.index(r)))

    def claim_title(self, game, seat, titles: list):
        return max(titles, key=lambda t: (game.ctx.board.titles[t].vp, t))

    def sell(self, game, seat, n: int) -> list[str]:
        """Sell what the Warehouse would make us discard anyway, best trade value first."""
        p = game.players[seat]
        hold = game.ctx.tracks.warehouse[p.warehouses].hold
        surplus = max(0, sum(p.res.values()) - hold)
        out, left = [], dict(p.res)
        for r in TRADE_ORDER:
            while left[r] > 0 and len(out) < min(n, surplus):
                out.append(r)
                left[r] -= 1
        return out

    def counterattack(self, game, seat, provinces: list):
        """Solo: play a Raid card from the Province whose units outweigh the Raiding Party by the margin."""
        p = game.players[seat]
        solo = game.solo
        party = sum(unit_value(k, solo.raider_levels[k]) for k in solo.party)
        margin = solo.rules["raiders"]["counterattack_margin"]
        fits = [q for q in provinces if group_strength(tuple(p.units[q].items()), p.military) >= party + margin]
        return max(fits, key=lambda q: (group_strength(tuple(p.units[q].items()), p.military), q)) if fits else None

    def discard_resource(self, game, seat) -> str:
        p = game.players[seat]
        return max(RESOURCES, key=lambda r: (p.res[r], -RESOURCES.index(r)))

    def discard_card(self, game, seat) -> str:
        """Military Technologies that no longer fit first, then the oldest card."""
        p = game.players[seat]
        for cid in p.hand:
            card = game.ctx.deck.cards[cid]
            if card.type == "military_technology" and not military_placements(card, p.military):
                return cid
        return p.hand[0]
