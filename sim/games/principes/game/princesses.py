"""Princesses (pp. 26-27; experiment key ``princesses: true``, ``configs/principes/princesses.yaml``).

At the start of each Period (after the Princeps sets the direction) every player, in turn order, sends its
Princess on one of three missions; the Princesses of the last Period are removed first ("they die of old age").
An area is a Neighbor's id or a Capital's land id; ``State.princesses`` maps a faction to the area of its
Princess on the Map, ``State.princess_last`` to the area of its last mission ("a Princess cannot be sent to the
same area twice in a row"). Only 1 Princess occupies an area.

- A Neighbor: immunity from that Neighbor for the Period: whoever moves the Neighbor's units cannot end their
  movement on lands the protected player controls (``immune``, ``protected_lands``: the hooks the Neighbor
  movement asks).
- The player's own Capital (only while it controls it): draw 1 Court or Neighbor Card at once and at the start
  of the Period's next Round.
- Another player's Capital (only while that player controls it): that player loses 1 Court or Neighbor Card at
  once and at the start of the next Round; it may trade the card for 1 gold or 1 Support Point instead of
  discarding it for nothing (assumed reading). With Lady of the Court the Princess draws / removes 2 cards.

Removal: a battle won on her land by anyone but her owner (a sabotaging Princess: by anyone), the land taken
over (its Capital no longer controlled by its owner), or devastated; an eliminated player's Princess. A removed
Princess returns at the next Period. Princesses never move, fight or stop movement; they count as units for the
Division icon.
"""

from __future__ import annotations

import random

from sim.games.principes.game import cards, effects
from sim.games.principes.game.control import controlled_lands, controller
from sim.games.principes.game.history.common import rivals_by_strength
from sim.games.principes.game.state import IllegalAction, State
from sim.games.principes.game.turn_order import turn_order

MISSIONS = ("own_capital", "rival_capital", "neighbor")


def princess_values(rules=None) -> dict:
    """The plain values of princesses.yaml (``rules``: a ``setup.GameRules``; None: the bundled file)."""
    return effects.values(rules, "princesses")


def _rule(state: State, key: str):
    return princess_values(state.rules)["princesses"][key]


def neighbors(rules=None) -> tuple[str, ...]:
    return tuple(princess_values(rules)["princesses"]["neighbors"])


def capital_owner(state: State, area: str) -> str | None:
    """The Principality whose Capital is ``area``, or None for a Neighbor."""
    return next((p for p, land in state.board.capitals.items() if land == area), None)


def mission(state: State, player: str, area: str) -> str:
    """``own_capital``, ``rival_capital`` or ``neighbor``."""
    owner = capital_owner(state, area)
    return "neighbor" if owner is None else "own_capital" if owner == player else "rival_capital"


def options(state: State, player: str) -> list[str]:
    """Areas the player may send its Princess to now: free, not her last area, a Capital only while its owner
    controls it (own Capital first, then the others in seat order, then the Neighbors). princesses.yaml
    ``one_per_area``, ``no_repeat`` and ``capital_needs_control`` switch each condition."""
    taken = {a for p, a in state.princesses.items() if p != player} if _rule(state, "one_per_area") else set()
    last = state.princess_last.get(player) if _rule(state, "no_repeat") else None
    control = _rule(state, "capital_needs_control")
    capitals = [state.board.capitals[player]] + [state.board.capitals[p] for p in state.players if p != player]
    out = [
        land
        for land in capitals
        if capital_owner(state, land) in state.players
        and (not control or controller(state, land) == capital_owner(state, land))
    ]
    out += list(neighbors(state.rules))
    return [a for a in out if a not in taken and a != last]


def default_mission(state: State, player: str, order: list[str], allowed: list[str]) -> str:
    """The first mission kind of ``order`` that is possible: the own Capital; the Capital of the strongest rival
    (ranked by the sum of the tracks); the Neighbor bordering most of the player's lands."""
    nbs = neighbors(state.rules)
    for kind in order:
        if kind == "own_capital" and state.board.capitals[player] in allowed:
            return state.board.capitals[player]
        if kind == "rival_capital":
            for rival in rivals_by_strength(state, player):
                if state.board.capitals[rival] in allowed:
                    return state.board.capitals[rival]
        if kind == "neighbor":
            near = [a for a in nbs if a in allowed]
            if near:
                return max(near, key=lambda a: (_exposure(state, player, a), -nbs.index(a)))
    return allowed[0]


def _exposure(state: State, player: str, neighbor: str) -> int:
    """How many of the player's home lands border (or are next to) the Neighbor."""
    count = 0
    for land in state.board.lands:
        if land.principality != player:
            continue
        count += neighbor in land.borders or neighbor in land.adjacent
    return count


def default_discard(state: State, player: str) -> tuple[str, str] | None:
    """(card, use) for a card the player must give up: the Court or Neighbor Card whose support is most useful,
    traded for support on its lower track below 10, else for gold; None with no such card."""
    hand = [c for c, n in sorted(state.hands[player].items()) for _ in range(n) if not c.startswith("battle")]
    if not hand:
        return None
    card = hand[0]
    symbol = cards.support_symbol(state, card)
    tracks = ("people", "clergy") if symbol not in ("people", "clergy") else (symbol,)
    best = min(tracks, key=lambda t: state.people[player] if t == "people" else state.clergy[player])
    level = state.people[player] if best == "people" else state.clergy[player]
    return card, best if level < state.rules.track_high else "gold"


def lose_card(state: State, victim: str, card: str, use: str) -> State:
    """The victim gives up one Court or Neighbor Card: ``use`` = discard | gold | people | clergy (with princesses.yaml
    ``sabotage_trade`` false the card is discarded whatever the victim chose)."""
    if card.startswith("battle") or state.hands[victim].get(card, 0) <= 0:
        raise IllegalAction(f"{victim} holds no {card} Court or Neighbor Card to give up")
    if use in ("gold", "people", "clergy") and not _rule(state, "sabotage_trade"):
        use = "discard"
    if use == "gold":
        return cards.trade_for_gold(state, victim, card)
    if use in ("people", "clergy"):
        return cards.trade_for_support(state, victim, card, use)
    if use != "discard":
        raise IllegalAction(f"a card given up is discarded or traded for gold, people or clergy, not {use}")
    out = state.copy()
    cards.discard(out, victim, card)
    return out


def _court_effect(state: State, player: str, strategies: dict, rng: random.Random) -> State:
    """The Princess of ``player`` works at the court she is in (mutates nothing; returns a new state)."""
    area = state.princesses.get(player)
    owner = capital_owner(state, area) if area else None
    if owner is None:
        return state
    n = effects.princess_cards(state, player)  # princesses.yaml cards_per_round; Lady of the Court: 2
    out = state.copy()
    if owner == player:
        for _ in range(n):
            kind = strategies[player].princess_draw(out, player, rng)
            if kind not in ("court", "neighbor"):
                raise IllegalAction(f"a Princess brings a Court or a Neighbor Card, not {kind}")
            cards.draw_into(out, player, kind, rng)
        return cards.enforce_hand_limit(out, player)
    for _ in range(n):
        if not any(not c.startswith("battle") for c in out.hands[owner]):
            break
        choice = strategies[owner].princess_discard(out, owner, rng) or default_discard(out, owner)
        out = lose_card(out, owner, *choice)
    return out


def send(state: State, player: str, area: str, strategies: dict, rng: random.Random) -> State:
    if area not in options(state, player):
        raise IllegalAction(f"{player}'s Princess cannot be sent to {area} (taken, her last area, or not allowed)")
    out = state.copy()
    out.princesses[player] = area
    out.princess_last[player] = area
    return _court_effect(out, player, strategies, rng)  # "immediately"


def missions(state: State, strategies: dict, rng: random.Random, strict: bool = True) -> tuple[State, int]:
    """A new Period: last Period's Princesses leave; each player in turn order sends a new one. A choice the
    engine rejects raises with ``strict``, else the default mission is taken and counted."""
    out = state.copy()
    out.princesses = {}
    illegal = 0
    for player in turn_order(out):
        allowed = options(out, player)
        area = strategies[player].princess(out, player, list(allowed), rng)
        try:
            out = send(out, player, area, strategies, rng)
        except IllegalAction:
            if strict:
                raise
            illegal += 1
            out = send(out, player, default_mission(out, player, list(MISSIONS), allowed), strategies, rng)
    return out, illegal


def round_start(state: State, strategies: dict, rng: random.Random, strict: bool = True) -> tuple[State, int]:
    """The Princesses' work at the start of a Round: missions in a Period's first Round, else each Princess in a
    Capital draws or removes her cards again (in turn order of her owner)."""
    state = sweep(state)
    if (state.round - 1) % state.rules.rounds_per_period == 0:
        return missions(state, strategies, rng, strict)
    out, illegal = state, 0
    for player in turn_order(state):
        if player in out.princesses:
            try:
                out = _court_effect(out, player, strategies, rng)
            except IllegalAction:
                if strict:
                    raise
                illegal += 1
    return out, illegal


# --- Removal --------------------------------------------------------------------------------------------------


def after_battle(state: State, land: str, winner: str) -> None:
    """A battle on ``land`` was won by ``winner`` (mutates ``state``): a Princess at home goes unless her owner won;
    a sabotaging one goes whoever wins (princesses.yaml ``sabotage_removed_by_any_battle``; false: only when her
    owner's units win)."""
    anyone = _rule(state, "sabotage_removed_by_any_battle")
    for player, area in list(state.princesses.items()):
        if area != land:
            continue
        home = capital_owner(state, area) == player
        if (home and winner != player) or (not home and (anyone or winner == player)):
            del state.princesses[player]


def devastated(state: State, land: str) -> None:
    for player, area in list(state.princesses.items()):
        if area == land:
            del state.princesses[player]


def sweep(state: State) -> State:
    """Remove the Princesses of eliminated players and those in a Capital its owner no longer controls (the land
    was taken over). Returns ``state`` itself when nothing changes."""
    gone = [
        p
        for p, area in state.princesses.items()
        if p in state.eliminated
        or (capital_owner(state, area) is not None and controller(state, area) != capital_owner(state, area))
    ]
    if not gone:
        return state
    out = state.copy()
    for p in gone:
        del out.princesses[p]
    return out


# --- Neighbors ------------------------------------------------------------------------------------------------


def immune(state: State, player: str, neighbor: str) -> bool:
    """A player with its Princess on the Neighbor's area "cannot be invaded by that Neighbor's units"."""
    return state.princesses.get(player) == neighbor


def protected_lands(state: State, neighbor: str) -> set[str]:
    """Lands the Neighbor's units cannot end their movement on: those controlled by a player it is married to."""
    out: set[str] = set()
    for player, area in state.princesses.items():
        if area == neighbor and player in state.players:
            out.update(controlled_lands(state, player))
    return out
