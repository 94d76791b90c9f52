"""Paying and gaining: resources with Gold standing in, Culture Points and their red spaces, VP, card effects."""

from __future__ import annotations

from collections import Counter

from sim.games.dark_ages.costs import can_pay, pay
from sim.games.dark_ages.game.context import RESOURCES
from sim.games.dark_ages.game.state import Game, Player
from sim.games.dark_ages.research import visible_effects

_EFFECTS: dict[tuple, list[dict]] = {}  # (deck, technologies, kind) → effects: Technologies change rarely
_NONE: list[dict] = []  # shared, like the cached lists: callers only read them


def effects(game: Game, p: Player, kind: str) -> list[dict]:
    """The player's in-force Common Technology effects of ``kind`` (all visible levels, 'unless one replaces')."""
    if not p.techs:  # no Technology yet: nothing in force (the common case early on)
        return _NONE
    key = (id(game.ctx.deck), tuple(p.techs.items()), kind)
    out = _EFFECTS.get(key)
    if out is None:
        out = []
        for cid, level in p.techs.items():
            out.extend(e for e in visible_effects(game.ctx.deck.cards[cid], level) if e["kind"] == kind)
        if len(_EFFECTS) > 100_000:  # keep memory flat over long runs
            _EFFECTS.clear()
        _EFFECTS[key] = out
    return out


def discount(game: Game, p: Player, action: str) -> int:
    if not p.techs:
        return 0
    return sum(e["amount"] for e in effects(game, p, "discount") if e["action"] == action)


def discounted(cost: tuple[str, ...], amount: int, p: Player) -> tuple[str, ...]:
    """Drop ``amount`` resources from a cost (generic 'discount' cards), the ones the player lacks first."""
    if amount <= 0 or not cost:
        return cost
    left = list(cost)
    have = Counter(p.res)
    for _ in range(min(amount, len(left))):
        missing = [r for r in left if left.count(r) > have[r]]
        left.remove(missing[0] if missing else max(left, key=RESOURCES.index))
    return tuple(left)


def affordable(p: Player, cost: tuple[str, ...]) -> bool:
    return can_pay(cost, p.res, p.gold)


def spend(p: Player, cost: tuple[str, ...]) -> None:
    left, p.gold = pay(cost, p.res, p.gold)
    p.res.update(left)


def gain_vp(p: Player, amount: int, source: str) -> None:
    """VP scored during the game, booked by source for the score-by-category table. VP never go below 0."""
    amount = max(amount, -p.vp)
    p.vp += amount
    p.vp_by[source] = p.vp_by.get(source, 0) + amount


def gain_culture(game: Game, p: Player, amount: int) -> None:
    """Move the Culture marker; 'The first player to reach a new red space on the Culture track immediately
    receives one Gold.'"""
    tracks = game.ctx.tracks
    old, new = p.culture, min(p.culture + amount, tracks.culture_last)
    p.culture = new
    for r in tracks.red_spaces:
        if old < r <= new and r not in game.red_reached:
            game.red_reached.add(r)
            p.gold += game.ctx.rules["gains"]["culture_red_space_gold"]


def gain(game: Game, p: Player, what: str, amount: int) -> None:
    """A generic gain named on a card or token: a resource, gold, culture or vp."""
    if what in RESOURCES:
        p.res[what] += amount
    elif what == "gold":
        p.gold += amount
    elif what == "culture":
        gain_culture(game, p, amount)
    elif what == "vp":
        gain_vp(p, amount, "cards")
    else:
        raise ValueError(f"unknown gain {what!r}")


def on_action(game: Game, p: Player, action: str) -> None:
    """'Whenever you resolve' an action: the generic gain_on_action effects (also on a Title's repeat)."""
    for e in effects(game, p, "gain_on_action"):
        if e["action"] == action:
            gain(game, p, e["gain"], e["amount"])
