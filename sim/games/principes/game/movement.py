"""The Movement Action: paths, stopping on foreign units, the clergy penalty, battles, control, destruction.

Cavalry (Knights, Princes: rules.yaml ``units.<kind>.class``) moves up to 3 lands, infantry up to 2, each step to an
adjacent land. A unit may
not pass through a land holding another colour's units unless that player consents (``consent``; neutral
factions never do). After all moves: the clergy penalty for each land ended on inside another Principality
that the player did not control (or with a Division Token), Division Tokens removed, battles in the order the
mover chooses, destruction on lands taken, then support tracks follow the lands that changed hands.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from sim.games.principes.game import battles, effects
from sim.games.principes.game.battles import BattleReport
from sim.games.principes.game.control import controller, retrack
from sim.games.principes.game.state import UNITS, IllegalAction, State, clamp_track


@dataclass(frozen=True)
class Move:
    kind: str  # prince | knight | footman
    path: tuple[str, ...]  # the start land first, then each land entered
    n: int = 1  # figures of this kind moving along the same path


def movement_points(state: State, kind: str, player: str | None = None) -> int:
    """A unit kind's Movement Points; ``player``'s Progress Tiles may add some (Mounts for Infantry)."""
    v = state.rules.values["movement"]
    base = v["cavalry_points"] if kind in state.rules.cavalry else v["infantry_points"]
    return base + effects.extra_points(state, player, kind) if player is not None and state.tiles else base


def check_moves(state: State, player: str, moves: list[Move], consent: frozenset[str] = frozenset()) -> None:
    """Raise ``IllegalAction`` for the first move the rules forbid; positions are those at the action's start."""
    leaving: dict[tuple[str, str], int] = {}
    for move in moves:
        if move.kind not in UNITS or move.n < 1:
            raise IllegalAction(f"cannot move {move.n} {move.kind}")
        points = movement_points(state, move.kind, player)
        if len(move.path) - 1 > points:
            raise IllegalAction(f"a {move.kind} moves at most {points} lands: {move.path}")
        for a, b in zip(move.path, move.path[1:], strict=False):
            if b not in state.board.land(a).adjacent:
                raise IllegalAction(f"{a} and {b} are not adjacent")
        for land in move.path[1:-1]:
            foreign = [f for f in state.factions_on(land) if f != player]
            if foreign and not all(f in consent and battles.is_player(state, f) for f in foreign):
                raise IllegalAction(f"{land} holds units of {', '.join(foreign)}: moving units must stop there")
            if effects.guarded(state, land, player, consent):
                raise IllegalAction(f"{land} is guarded (Border Guards): moving units must stop there")
        key = (move.path[0], move.kind)
        leaving[key] = leaving.get(key, 0) + move.n
        if leaving[key] > state.units_of(move.path[0], player).get(move.kind, 0):
            raise IllegalAction(f"{player} has not {leaving[key]} {move.kind}s on {move.path[0]}")


def penalized(before: State, player: str, land: str) -> bool:
    """Clergy Guarding Order: another Principality's land the player did not control, or a Division land."""
    home = before.board.land(land).principality
    foreign = home in before.board.principalities and home != player and controller(before, land) != player
    return foreign or land in before.division


def pay_penalty(state: State, player: str, indulgence: bool) -> None:
    """Lose 1 Clergy Support or pay 1 gold (``indulgence`` prefers gold); at Clergy 0 with no gold, nothing."""
    v = state.rules.values["movement"]
    can_pay = state.gold[player] >= v["indulgence_gold"]
    if can_pay and (indulgence or state.clergy[player] == 0):
        state.gold[player] -= v["indulgence_gold"]
    elif state.clergy[player] > 0:
        state.clergy[player] = clamp_track(state.clergy[player] - v["clergy_penalty"], state.rules)


def _destroy(state: State, player: str, land: str) -> None:
    """Remove the City (or Cities) and building of a land just taken; the taker loses 1 People and 1 Clergy."""
    founded = state.cities.pop(land, 0)
    building = state.buildings.pop(land, None)
    if not founded and building is None:
        return
    for kind in state.board.land(land).city_tokens[:founded]:
        state.supply[kind] += 1
    if building is not None:
        state.supply[building] += 1
    v = state.rules.values["movement"]
    state.people[player] = clamp_track(state.people[player] - v["destruction_people"], state.rules)
    state.clergy[player] = clamp_track(state.clergy[player] - v["destruction_clergy"], state.rules)


def return_pomeranians(state: State) -> None:
    """Once all foreign units leave a Pomerania (or the Teutonic Knights' land), its removed units return."""
    for faction in list(state.pomerania_off):
        land = battles.home_land(state, faction)
        if all(f == faction for f in state.factions_on(land)):
            for kind, n in state.pomerania_off.pop(faction).items():
                state.add_units(land, faction, kind, n)


def move(
    state: State,
    player: str,
    moves: list[Move],
    rng: random.Random | None = None,
    *,
    consent: frozenset[str] = frozenset(),
    indulgence: bool = False,
    destroy: frozenset[str] = frozenset(),
    battle_order: list[str] | None = None,
    withdraw_to: dict[str, str] | None = None,
) -> tuple[State, list[BattleReport]]:
    """Perform a Movement Action; ``destroy`` names lands whose City and building to destroy if taken."""
    check_moves(state, player, moves, consent)
    before, out = state, state.copy()
    destinations: list[str] = []
    for m in moves:
        out.add_units(m.path[0], player, m.kind, -m.n)
        out.add_units(m.path[-1], player, m.kind, m.n)
        if len(m.path) > 1 and m.path[-1] not in destinations:
            destinations.append(m.path[-1])
    for land in destinations:
        if penalized(before, player, land):
            pay_penalty(out, player, indulgence)
        if land in out.division:
            out.division.discard(land)
            out.supply["division"] += 1
    contested = [land for land in destinations if len(out.factions_on(land)) > 1]
    order = battle_order if battle_order is not None else contested
    if sorted(order) != sorted(contested):
        raise IllegalAction(f"the battle order must list each battle once: {sorted(contested)}")
    reports = []
    for land in order:
        out, report = battles.battle(out, land, player, rng or random.Random(), (withdraw_to or {}).get(land))
        reports.append(report)
    return_pomeranians(out)
    for land in destroy:
        if controller(before, land) != player and controller(out, land) == player:
            _destroy(out, player, land)
    return retrack(before, out), reports
