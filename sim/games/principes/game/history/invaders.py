"""Moving Invader figures (Balts, Teutonic Knights, Mongols) for a History event, and their devastation.

The player moving them follows the standard movement rules (p. 28): foot figures move up to 2 lands, cavalry
3; entering Polish land from an off-map area (the Balts, the Rus' Duchies) costs 1 Movement Point; groups may
split and need not all move; they stop on a land with foreign units (no player consents in this engine) and
cannot end on a land the mover controls. Battles follow in the order the moves name them; then devastation:
every City and building is removed from each land the Invaders hold alone (taken without a fight, or won).
No one gains or loses support for devastating. Then the figures leave: ``leave`` (Balts, Mongols) or
``return_home`` (Teutonic Knights), and tracks follow the lands.

A move is a ``movement.Move`` whose path starts at a land holding the Invaders or at their off-map area.
"""

from __future__ import annotations

import random
from collections import deque

from sim.games.principes.game import battles, effects, princesses
from sim.games.principes.game.control import controller
from sim.games.principes.game.history.common import history_values, richness, rivals_by_strength
from sim.games.principes.game.movement import Move, movement_points, return_pomeranians
from sim.games.principes.game.state import IllegalAction, State


def spec(faction: str, rules=None) -> dict:
    return history_values(rules)["invaders"][faction]


def entry_cost(rules=None) -> int:
    return history_values(rules)["invaders"]["entry_cost"]


def on_map(state: State, faction: str) -> list[tuple[str, str, int]]:
    """(land, kind, figures) of the faction on the Map, in board order."""
    out = []
    for land in sorted(state.units, key=state.board.index.__getitem__):
        here = state.units[land].get(faction, {})
        out += [(land, kind, n) for kind, n in sorted(here.items())]
    return out


def _entry_lands(state: State, area: str) -> list[str]:
    return [land.id for land in state.board.lands if area in land.borders]


def reach(state: State, faction: str, start: str, kind: str, mover: str) -> dict[str, tuple[str, ...]]:
    """Land → a shortest legal path from ``start`` (a land or an off-map area) where the figure may end."""
    points = movement_points(state, kind)
    if start in state.board.index:
        paths, queue = {start: (start,)}, deque([start])
    else:
        cost = entry_cost(state.rules)
        paths = {land: (start, land) for land in _entry_lands(state, start)} if cost <= points else {}
        queue = deque(paths)
    while queue:
        land = queue.popleft()
        path = paths[land]
        steps = len(path) - 1 + (0 if start in state.board.index else cost - 1)
        if steps >= points or (land != start and any(f != faction for f in state.factions_on(land))):
            continue  # out of Movement Points, or a land with foreign units stops the move
        if land != start and effects.guarded(state, land, faction):
            continue  # Border Guards: foreign units stop at the holder's lands
        for nxt in state.board.land(land).adjacent:
            if nxt not in paths:
                paths[nxt] = path + (nxt,)
                queue.append(nxt)
    paths.pop(start, None)
    return {land: p for land, p in paths.items() if controller(state, land) != mover}


def path_ok(state: State, faction: str, path: tuple[str, ...], kind: str, mover: str) -> bool:
    """Steps between adjacent lands (the first from the area onto a land bordering it), within the Movement
    Points, through no land with foreign units, ending on a land the mover does not control."""
    board, start = state.board, path[0]
    if len(path) < 2 or any(x not in board.index for x in path[1:]):
        return False
    from_area = start not in board.index
    if from_area and start not in board.land(path[1]).borders:
        return False
    steps = len(path) - 1 + (entry_cost(state.rules) - 1 if from_area else 0)
    if steps > movement_points(state, kind):
        return False
    lands = path[1:] if from_area else path
    if any(b not in board.land(a).adjacent for a, b in zip(lands, lands[1:], strict=False)):
        return False
    if any(f != faction for x in path[1:-1] for f in state.factions_on(x)):
        return False
    if any(effects.guarded(state, x, faction) for x in path[1:-1]):
        return False
    return controller(state, path[-1]) != mover


def check(state: State, faction: str, moves: list[Move], mover: str, stock: dict[str, int] | None = None) -> None:
    """``stock``: figures waiting in the off-map area (kind → count) for moves that start there."""
    leaving: dict[tuple[str, str], int] = {}
    for m in moves:
        if m.n < 1:
            raise IllegalAction(f"cannot move {m.n} figures")
        if not path_ok(state, faction, m.path, m.kind, mover):
            raise IllegalAction(f"{faction} cannot move {m.kind} along {m.path} for {mover}")
        here = state.units_of(m.path[0], faction) if m.path[0] in state.board.index else (stock or {})
        key = (m.path[0], m.kind)
        leaving[key] = leaving.get(key, 0) + m.n
        if leaving[key] > here.get(m.kind, 0):
            raise IllegalAction(f"not {leaving[key]} {faction} {m.kind}s at {m.path[0]}")


def devastate(state: State, land: str) -> None:
    """Remove every City and building of ``land`` to the supply (mutates ``state``)."""
    for kind in state.board.land(land).city_tokens[: state.cities.pop(land, 0)]:
        state.supply[kind] += 1
    building = state.buildings.pop(land, None)
    if building is not None:
        state.supply[building] += 1
    if state.princesses:
        princesses.devastated(state, land)  # "or if the land is ... devastated (p. 28), the Princess is removed"


def move(
    state: State,
    faction: str,
    moves: list[Move],
    mover: str,
    rng: random.Random,
    stock: dict[str, int] | None = None,
    withdraw_to: dict[str, str] | None = None,
) -> State:
    """Move, fight and devastate; the figures stay where they ended (``leave``/``return_home`` take them off)."""
    check(state, faction, moves, mover, stock)
    out = state.copy()
    ends: list[str] = []
    for m in moves:
        if m.path[0] in state.board.index:
            out.add_units(m.path[0], faction, m.kind, -m.n)
        out.add_units(m.path[-1], faction, m.kind, m.n)
        if m.path[-1] not in ends:
            ends.append(m.path[-1])
    for land in ends:
        if len(out.factions_on(land)) > 1:
            out, _ = battles.battle(out, land, faction, rng, (withdraw_to or {}).get(land))
    for land in ends:
        if out.factions_on(land) == [faction]:
            devastate(out, land)
    return out


def leave(state: State, faction: str) -> State:
    """All the faction's figures leave the Map (back to their spots, or off the Map)."""
    out = state.copy()
    for land, kind, n in on_map(out, faction):
        out.add_units(land, faction, kind, -n)
    return_pomeranians(out)
    return out


def default_moves(state: State, faction: str, mover: str, stock: dict[str, int] | None = None) -> list[Move]:
    """Each group goes whole to the richest reachable land of the strongest rival that has one in reach."""
    area = spec(faction, state.rules)["area"] if stock else None
    groups = [(area, kind, n) for kind, n in (stock or {}).items() if n] + on_map(state, faction)
    order, board = rivals_by_strength(state, mover), state.board
    moves = []
    for start, kind, n in groups:
        paths = reach(state, faction, start, kind, mover)
        prey = [x for x in paths if controller(state, x) in order]
        if prey:
            best = min(prey, key=lambda x: (order.index(controller(state, x)), -richness(state, x), board.index[x]))
            moves.append(Move(kind, paths[best], n))
    return moves
