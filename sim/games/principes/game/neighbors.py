"""Neighbors (pp. 24-25): the six Neighbors' figures and the 12 Neighbor Cards played before a Politics Action.

Switched on per game (``enable``, the experiment key ``neighbors: true``); off, nothing here runs and the Neighbor
deck holds bare support symbols as in part 1. On, the deck holds the 12 cards by identity (``neighbor.<card id>``,
configs/principes/neighbors.yaml), drawn with the Court Cards (draw 3, keep 2) and traded for gold or support by
their symbols like any card.

Figures. A major Neighbor's figures not on Polish land stand on its spots (its off-map area): that count is
read off the Map (its figures minus those on Polish land), so they "never completely leave the Map". A Pomerania's
spots are on its own land; its figures removed away from home go back there, or wait (``State.pomerania_off``)
while foreign units hold it (``battles``).

A card's play (``play``): after the Politics Action Token is revealed, the player names the Neighbor (any one for
an "Any Neighbors" card) and pays the card's cost; every other player, in the Round's turn order, may block with
cards of that Neighbor or "Any Neighbors" (free), each subtracting its figures from the pool; then the player moves
up to the pool's figures of that Neighbor, wherever they stand, like their own units: cavalry 3 lands, infantry 2,
leaving the Neighbor's area costs 1 Movement Point, never back off Polish land, stopping on other units (the mover
lets them through his own), never ending on a land the mover controls. Battles follow in the order of the moves
(the Neighbor is neutral: no cards, the player fighting it gains or loses People Support); a Division Token on a
land they occupy goes back; the mover may destroy Cities and buildings on lands they take (no support penalty,
``movement.destroy_*``). Figures stay on Polish land until expelled. At most one card per Neighbor per Politics
Action; the played and blocking cards go to the bottom of the deck.

Player choices come from the seat's strategy (``neighbor_play``, ``neighbor_block``, ``neighbor_moves``);
``default_play``, ``default_block`` and ``plan_moves`` are the plain policies the base strategy uses.
"""

from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass, field

from sim.games.principes.game import battles, cards, effects, princesses
from sim.games.principes.game.battles import BattleReport
from sim.games.principes.game.control import controller, retrack
from sim.games.principes.game.history.common import richness, rivals_by_strength
from sim.games.principes.game.movement import Move, movement_points, return_pomeranians
from sim.games.principes.game.state import IllegalAction, State, clamp_track
from sim.games.principes.game.turn_order import turn_order

ANY = "any"
KINDS = ("knight", "footman")
SUPPORT = ("people", "clergy", "either")


# --- neighbors.yaml --------------------------------------------------------------------------------------------


def neighbor_values(rules=None) -> dict:
    """The plain values of neighbors.yaml (``rules``: a ``setup.GameRules``; None: the bundled file; checked when the
    rules load: ``readings``)."""
    return effects.values(rules, "neighbors")


def strength(state: State, units: dict[str, int]) -> int:
    """Swords the figures deal (rules.yaml ``units.<kind>.swords``), for the default policies."""
    swords = state.rules.battle.swords
    return sum(swords[k] * n for k, n in units.items())


def neighbors(rules=None) -> tuple[str, ...]:
    return tuple(neighbor_values(rules)["neighbors"])


def units(nb: str, rules=None) -> dict[str, int]:
    return neighbor_values(rules)["neighbors"][nb]["units"]


def spots(nb: str, rules=None) -> str:
    return neighbor_values(rules)["neighbors"][nb]["spots"]


def card_id(card: str, rules=None) -> str:
    kind, _, name = card.partition(".")
    if kind != "neighbor" or name not in neighbor_values(rules)["cards"]:
        raise IllegalAction(f"{card} is not a Neighbor Card")
    return name


def card_spec(card: str, rules=None) -> dict:
    """The spec of ``neighbor.<id>`` (or of a bare card id)."""
    return neighbor_values(rules)["cards"][card_id(card, rules) if "." in card else card]


def support_symbol(card_id_: str, rules=None) -> str:
    return neighbor_values(rules)["cards"][card_id_]["support"]


def enabled(state: State) -> bool:
    return "neighbors" in state.variants


def enable(state: State) -> State:
    """Switch the module on before the starting hands are dealt: the Neighbor deck becomes the 12 cards."""
    if any(c.startswith("neighbor.") for hand in state.hands.values() for c in hand):
        raise IllegalAction("enable Neighbors before any Neighbor Card is dealt")
    out = state.copy()
    out.variants = out.variants | {"neighbors"}
    out.decks["neighbor"] = dict.fromkeys(neighbor_values(state.rules)["cards"], 1)
    return out


# --- figures ---------------------------------------------------------------------------------------------------


def on_map(state: State, nb: str) -> list[tuple[str, str, int]]:
    """(land, kind, figures) of the Neighbor on the Map, in board order (a Pomerania's home included)."""
    out = []
    for land in sorted(state.units, key=state.board.index.__getitem__):
        here = state.units[land].get(nb, {})
        out += [(land, kind, here[kind]) for kind in KINDS if here.get(kind)]
    return out


def at_spots(state: State, nb: str) -> dict[str, int]:
    """A major Neighbor's figures on its off-map spots (all not on Polish land); {} for a Pomerania."""
    if nb in state.board.pomerania_units or nb in state.board.principalities:  # (a non-player Principality: none)
        return {}
    placed = {k: 0 for k in KINDS}
    for _, kind, n in on_map(state, nb):
        placed[kind] += n
    own = units(nb, state.rules)
    return {k: own.get(k, 0) - placed[k] for k in KINDS if own.get(k, 0) > placed[k]}  # in KINDS order


def groups(state: State, nb: str) -> list[tuple[str, str, int]]:
    """(start, kind, figures) the Neighbor can move: its spots first (an off-map area), then lands."""
    home = [(spots(nb, state.rules), k, n) for k, n in at_spots(state, nb).items()]
    return home + on_map(state, nb)


# --- movement --------------------------------------------------------------------------------------------------


def _stops(state: State, nb: str, land: str, mover: str) -> bool:
    """Moving figures stop on any other faction's units (the mover lets them through his own), and on a land of a
    player holding Border Guards other than the mover (``effects.guarded``)."""
    if any(f not in (nb, mover) for f in state.factions_on(land)):
        return True
    return effects.guarded(state, land, nb, frozenset({mover}))


def may_end(state: State, nb: str, land: str, mover: str) -> bool:
    """No aggression against oneself: never on a land the mover controls; nor on lands of a player whose Princess
    is married into that Neighbor."""
    owner = controller(state, land)
    return owner != mover and not (owner is not None and princesses.immune(state, owner, nb))


def reach(state: State, nb: str, start: str, kind: str, mover: str) -> dict[str, tuple[str, ...]]:
    """Land → a shortest legal path from ``start`` (a land or the Neighbor's area) where the figure may end."""
    board, points = state.board, movement_points(state, kind)
    if start in board.index:
        paths, extra = {start: (start,)}, 0
    else:
        exit_cost = neighbor_values(state.rules)["movement"]["exit_cost"]
        entry = [land.id for land in board.lands if start in land.borders]
        paths = {land: (start, land) for land in entry} if exit_cost <= points else {}
        extra = exit_cost - 1
    queue = deque(paths)
    while queue:
        land = queue.popleft()
        path = paths[land]
        if len(path) - 1 + extra >= points or (land != start and _stops(state, nb, land, mover)):
            continue
        for nxt in board.land(land).adjacent:
            if nxt not in paths:
                paths[nxt] = path + (nxt,)
                queue.append(nxt)
    paths.pop(start, None)
    return {land: p for land, p in paths.items() if may_end(state, nb, land, mover)}


def path_ok(state: State, nb: str, path: tuple[str, ...], kind: str, mover: str) -> bool:
    board, start = state.board, path[0]
    if kind not in KINDS or len(path) < 2 or any(x not in board.index for x in path[1:]):
        return False
    from_area = start not in board.index
    if from_area and (start != spots(nb, state.rules) or start not in board.land(path[1]).borders):
        return False
    steps = len(path) - 1 + (neighbor_values(state.rules)["movement"]["exit_cost"] - 1 if from_area else 0)
    if steps > movement_points(state, kind):
        return False
    lands = path[1:] if from_area else path
    if any(b not in board.land(a).adjacent for a, b in zip(lands, lands[1:], strict=False)):
        return False
    if any(_stops(state, nb, x, mover) for x in path[1:-1]):
        return False
    return may_end(state, nb, path[-1], mover)


def check_moves(state: State, nb: str, moves: list[Move], mover: str, pool: dict[str, int]) -> None:
    """Raise ``IllegalAction`` for the first move the rules forbid (positions at the start of the moves)."""
    leaving: dict[tuple[str, str], int] = {}
    moving = {k: 0 for k in KINDS}
    waiting = at_spots(state, nb)
    for m in moves:
        if m.n < 1 or not path_ok(state, nb, m.path, m.kind, mover):
            raise IllegalAction(f"{mover} cannot move {m.n} {nb} {m.kind} along {m.path}")
        here = state.units_of(m.path[0], nb) if m.path[0] in state.board.index else waiting
        key = (m.path[0], m.kind)
        leaving[key] = leaving.get(key, 0) + m.n
        if leaving[key] > here.get(m.kind, 0):
            raise IllegalAction(f"not {leaving[key]} {nb} {m.kind}s at {m.path[0]}")
        moving[m.kind] += m.n
        if moving[m.kind] > pool.get(m.kind, 0):
            raise IllegalAction(f"the card leaves {pool.get(m.kind, 0)} {nb} {m.kind}s to move, not {moving[m.kind]}")


def _destroy(state: State, mover: str, land: str, what: tuple[str, ...]) -> None:
    """Remove the chosen City (all of a land's Cities) and/or building to the supply (mutates ``state``)."""
    done = False
    if "city" in what and state.cities.get(land):
        for kind in state.board.land(land).city_tokens[: state.cities.pop(land)]:
            state.supply[kind] += 1
        done = True
    if "building" in what and land in state.buildings:
        state.supply[state.buildings.pop(land)] += 1
        done = True
    if done:
        v = neighbor_values(state.rules)["movement"]
        state.people[mover] = clamp_track(state.people[mover] - v["destroy_people"], state.rules)
        state.clergy[mover] = clamp_track(state.clergy[mover] - v["destroy_clergy"], state.rules)


def move(
    state: State,
    nb: str,
    moves: list[Move],
    mover: str,
    rng: random.Random,
    pool: dict[str, int],
    destroy: dict[str, tuple[str, ...]] | None = None,
    withdraw_to: dict[str, str] | None = None,
) -> tuple[State, list[BattleReport]]:
    """Move the Neighbor's figures for ``mover``, fight, destroy what the mover chooses on lands taken; tracks
    follow the lands that changed hands. ``destroy``: land → ("city", "building") to remove if taken."""
    check_moves(state, nb, moves, mover, pool)
    before, out = state, state.copy()
    ends: list[str] = []
    for m in moves:
        if m.path[0] in state.board.index:
            out.add_units(m.path[0], nb, m.kind, -m.n)
        out.add_units(m.path[-1], nb, m.kind, m.n)
        if m.path[-1] not in ends:
            ends.append(m.path[-1])
    for land in ends:  # "If Neighbor's units occupy land with a Division Token, it is also removed"
        if land in out.division:
            out.division.discard(land)
            out.supply["division"] += 1
    reports = []
    for land in ends:
        if len(out.factions_on(land)) > 1:
            out, report = battles.battle(out, land, nb, rng, (withdraw_to or {}).get(land))
            reports.append(report)
    return_pomeranians(out)
    for land, what in (destroy or {}).items():
        if controller(before, land) != nb and controller(out, land) == nb:
            _destroy(out, mover, land, tuple(what))
    return retrack(before, out), reports


# --- playing and blocking cards --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Order:
    """How the mover uses a Neighbor's pool: moves, and what to destroy (land → ("city", "building"))."""

    moves: tuple[Move, ...] = ()
    destroy: dict[str, tuple[str, ...]] = field(default_factory=dict)
    withdraw_to: dict[str, str] = field(default_factory=dict)


def neighbor_cards(state: State, player: str) -> list[str]:
    return sorted(c for c, n in state.hands[player].items() if c.startswith("neighbor.") for _ in range(n))


def playable(state: State, player: str, used: frozenset[str] = frozenset()) -> list[tuple[str, str]]:
    """(card, Neighbor) the player may play to move units now: one card per Neighbor, the cost affordable."""
    if not enabled(state):
        return []
    out = []
    for card in dict.fromkeys(neighbor_cards(state, player)):
        spec = card_spec(card, state.rules)
        if state.gold[player] < spec["cost"]:
            continue
        targets = neighbors(state.rules) if spec["neighbor"] == ANY else (spec["neighbor"],)
        out += [(card, nb) for nb in targets if nb not in used]
    return out


def blocking_cards(state: State, player: str, nb: str) -> list[str]:
    """Cards in hand that can block ``nb``: its own and "Any Neighbors" cards (one entry per copy)."""
    if not enabled(state):
        return []
    return [c for c in neighbor_cards(state, player) if card_spec(c, state.rules)["neighbor"] in (nb, ANY)]


def check_play(state: State, player: str, card: str, nb: str, used: frozenset[str]) -> None:
    if not enabled(state):
        raise IllegalAction("Neighbors are not in this game")
    if state.hands[player].get(card, 0) <= 0:
        raise IllegalAction(f"{player} holds no {card}")
    spec = card_spec(card, state.rules)
    if nb not in neighbors(state.rules) or spec["neighbor"] not in (nb, ANY):
        raise IllegalAction(f"{card} does not move the units of {nb}")
    if nb in used:
        raise IllegalAction(f"{player} already played a Neighbor Card for {nb} before this Politics Action")
    if state.gold[player] < spec["cost"]:
        raise IllegalAction(f"{player} cannot pay {spec['cost']} gold for {card}")


def blockers(state: State, mover: str) -> list[str]:
    """Who may block, in the Round's turn order from the Princeps, the mover skipped."""
    return [p for p in turn_order(state) if p != mover]


def play(
    state: State,
    player: str,
    card: str,
    nb: str,
    strategies: dict,
    rng: random.Random,
    used: frozenset[str] = frozenset(),
) -> State:
    """Play ``card`` for ``nb``'s units: pay, let the others block in turn order, move what is left."""
    check_play(state, player, card, nb, used)
    out = state.copy()
    cards.discard(out, player, card)  # face up on the table, then to the bottom of the deck
    out.gold[player] -= card_spec(card, state.rules)["cost"]
    pool = dict(card_spec(card, state.rules)["units"])
    for other in blockers(out, player):
        for block in strategies[other].neighbor_block(out, other, player, nb, dict(pool), rng) or []:
            if block not in blocking_cards(out, other, nb):
                raise IllegalAction(f"{other} cannot block {nb} with {block}")
            cards.discard(out, other, block)
            for kind, n in card_spec(block, state.rules)["units"].items():
                pool[kind] = max(0, pool.get(kind, 0) - n)
    if not any(pool.values()):
        return out
    order = strategies[player].neighbor_moves(out, player, nb, dict(pool), rng)
    if order is None or not order.moves:
        return out
    out, _ = move(out, nb, list(order.moves), player, rng, pool, order.destroy, order.withdraw_to)
    return out


def before_politics(state: State, player: str, strategies: dict, rng: random.Random) -> State:
    """The cards ``player`` plays before their Politics Action, one at a time, each resolved before the next."""
    out, used = state, set()
    while player not in out.eliminated:
        pick = strategies[player].neighbor_play(out, player, frozenset(used), rng)
        if pick is None:
            break
        card, nb = pick
        out = play(out, player, card, nb, strategies, rng, frozenset(used))
        used.add(nb)
    return out


# --- default policies ------------------------------------------------------------------------------------------


def rivals(state: State, me: str, target: str = "leader") -> list[str]:
    """Other players to hit, first the preferred: ``leader`` (highest track sum) or ``weakest`` (fewest figures)."""
    if target == "weakest":
        order = turn_order(state)
        figures = {p: sum(n for here in state.units.values() for n in here.get(p, {}).values()) for p in order}
        return sorted((p for p in order if p != me), key=lambda p: (figures[p], order.index(p)))
    return rivals_by_strength(state, me)


def defence(state: State, land: str, nb: str) -> int:
    """What taking ``land`` meets: the other faction's swords plus the site's shields (0 when unguarded)."""
    foes = [f for f in state.factions_on(land) if f != nb]
    if not foes:
        return 0
    here = state.units_of(land, foes[0])
    return strength(state, here) + battles.site_shields(state, land)


def _allocated(state: State, nb: str, pool: dict[str, int]) -> list[tuple[str, str, int]]:
    """The groups the pool allows, figures already on Polish land first."""
    left, out = dict(pool), []
    home = [g for g in groups(state, nb) if g[0] not in state.board.index]
    for start, kind, n in on_map(state, nb) + home:
        take = min(n, left.get(kind, 0))
        if take:
            out.append((start, kind, take))
            left[kind] -= take
    return out


def plan_moves(
    state: State,
    mover: str,
    nb: str,
    pool: dict[str, int],
    target: str = "leader",
    ratio: float = 1.0,
    destroy: bool = True,
) -> Order:
    """Greedy: the richest land of the first rival (``rivals``) the reaching figures can take (their swords at
    least ``ratio`` times its defence, or unguarded) gets every figure that reaches it; repeat with the rest."""
    order = rivals(state, mover, target)
    remaining = [(g, reach(state, nb, g[0], g[1], mover)) for g in _allocated(state, nb, pool)]
    moves: list[Move] = []
    taken: list[str] = []
    while remaining:
        lands = sorted({x for _, paths in remaining for x in paths}, key=state.board.index.__getitem__)
        best = None
        for land in lands:
            owner = controller(state, land)
            if owner not in order or land in taken:
                continue
            swords = state.rules.battle.swords
            power = sum(swords[g[1]] * g[2] for g, paths in remaining if land in paths)
            guard = defence(state, land, nb)
            if guard and power < ratio * guard:
                continue
            key = (order.index(owner), -richness(state, land), state.board.index[land])
            if best is None or key < best[0]:
                best = (key, land)
        if best is None:
            break
        land = best[1]
        taken.append(land)
        moves += [Move(g[1], paths[land], g[2]) for g, paths in remaining if land in paths]
        remaining = [(g, paths) for g, paths in remaining if land not in paths]
    ruin = {land: ("city", "building") for land in taken} if destroy else {}
    return Order(tuple(moves), ruin)


def order_value(state: State, order: Order) -> int:
    return sum(richness(state, land) for land in dict.fromkeys(m.path[-1] for m in order.moves))


def default_play(
    state: State,
    me: str,
    used: frozenset[str] = frozenset(),
    target: str = "leader",
    ratio: float = 1.0,
    reserve: int = 2,
    min_value: int = 1,
) -> tuple[str, str] | None:
    """The play whose planned moves hurt rivals most (richness of the lands taken), at least ``min_value``;
    cheaper and dedicated cards first; a card with a cost only while ``reserve`` gold is left after paying."""
    best = None
    for card, nb in playable(state, me, used):
        spec = card_spec(card, state.rules)
        if spec["cost"] and state.gold[me] - spec["cost"] < reserve:
            continue
        value = order_value(state, plan_moves(state, me, nb, spec["units"], target, ratio))
        if value < min_value:
            continue
        key = (-value, spec["cost"], spec["neighbor"] == ANY, card, nb)
        if best is None or key < best:
            best = key
    return (best[3], best[4]) if best else None


def threatened(state: State, me: str, mover: str, nb: str, pool: dict[str, int], ratio: float = 1.0) -> list[str]:
    """Lands of ``me`` with something to lose that the pool's figures can reach and take."""
    remaining = [(g, reach(state, nb, g[0], g[1], mover)) for g in _allocated(state, nb, pool)]
    out = []
    for land in sorted({x for _, paths in remaining for x in paths}, key=state.board.index.__getitem__):
        if controller(state, land) != me or richness(state, land) <= 0:
            continue
        swords = state.rules.battle.swords
        power = sum(swords[g[1]] * g[2] for g, paths in remaining if land in paths)
        guard = defence(state, land, nb)
        if not guard or power >= ratio * guard:
            out.append(land)
    return out


def default_block(state: State, me: str, mover: str, nb: str, pool: dict[str, int], ratio: float = 1.0) -> list[str]:
    """Block while a land of mine is threatened: the Neighbor's own cards first (keep the jokers), strongest first."""
    hand = sorted(
        blocking_cards(state, me, nb),
        key=lambda c: (
            card_spec(c, state.rules)["neighbor"] == ANY,
            -sum(card_spec(c, state.rules)["units"].values()),
            c,
        ),
    )
    out, left = [], dict(pool)
    while hand and any(left.values()) and threatened(state, me, mover, nb, left, ratio):
        card = hand.pop(0)
        out.append(card)
        for kind, n in card_spec(card, state.rules)["units"].items():
            left[kind] = max(0, left.get(kind, 0) - n)
    return out


# --- invariants ------------------------------------------------------------------------------------------------


def violations(state: State) -> list[str]:
    """Neighbor figures and cards conserved (only with the module on)."""
    if not enabled(state):
        return []
    found = []
    for nb in neighbors(state.rules):
        placed = {k: 0 for k in KINDS}
        for _, kind, n in on_map(state, nb):
            placed[kind] += n
        extra = set(k for here in state.units.values() for k in here.get(nb, {})) - set(KINDS)
        if extra:
            found.append(f"{nb} has figures of kinds {sorted(extra)}")
        off = state.pomerania_off.get(nb, {})
        for kind in KINDS:
            total = units(nb, state.rules).get(kind, 0)
            if nb in state.board.pomerania_units:
                if placed[kind] + off.get(kind, 0) != total:
                    found.append(f"{nb} {kind}s: {placed[kind]} on the Map + {off.get(kind, 0)} waiting != {total}")
            elif placed[kind] > total:
                found.append(f"{nb} has {placed[kind]} {kind}s on Polish land, more than its {total}")
    ids = neighbor_values(state.rules)["cards"]
    deck = state.decks["neighbor"]
    held: dict[str, int] = {}
    for hand in state.hands.values():
        for card, n in hand.items():
            if card.startswith("neighbor."):
                name = card.partition(".")[2]
                held[name] = held.get(name, 0) + n
    for name in set(deck) | set(held) | set(ids):
        if name not in ids or deck.get(name, 0) + held.get(name, 0) != 1:
            found.append(f"Neighbor Card {name} not conserved")
    return found
