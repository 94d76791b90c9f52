"""Recruit, Settling, Manoeuvre (Army limit check, moves, battles) and Regroup: legal moves and their effects.

A move of units names a group as a tuple of (type, count). To keep the choice small, a group is either every unit
in the Province or every unit but the weakest one (which stays to hold the Province): an assumed simplification.
"""

from __future__ import annotations

from sim.games.dark_ages.costs import recruit_cost, settle_cost
from sim.games.dark_ages.game import combat, hooks
from sim.games.dark_ages.game.building import track_farms
from sim.games.dark_ages.game.context import UNIT_TYPES
from sim.games.dark_ages.game.economy import affordable, discount, discounted, on_action, spend
from sim.games.dark_ages.game.state import Game, add_units, remove_units
from sim.games.dark_ages.upkeep import army_limit, excess_units


def _recruit_cost(game: Game, seat: int, kind: str, q: str | None = None) -> tuple[str, ...]:
    p = game.players[seat]
    cost = recruit_cost(game.ctx.data.recruit_cost, kind, p.military[kind])
    cut = discount(game, p, "recruit")
    if game.mods and q is not None:  # module hook point (Module 3: a Grand Building's recruit discount there)
        cut += hooks.bonus(game, "recruit_discount", seat, q)
    return discounted(cost, cut, p)


def recruit_options(game: Game, seat: int) -> list[tuple]:
    p = game.players[seat]
    homes = sorted(game.controlled(seat) & game.cities)
    out = []
    for kind in UNIT_TYPES:
        if p.supply[kind] <= 0:
            continue
        if game.mods:  # costs may differ by Province (Module 3)
            out += [("recruit", kind, q) for q in homes if affordable(p, _recruit_cost(game, seat, kind, q))]
        elif affordable(p, _recruit_cost(game, seat, kind)):
            out += [("recruit", kind, q) for q in homes]
    if game.mods:  # module hook point (Module 6: a Recruit that hires only a Commander)
        out += hooks.recruits(game, seat, homes)
    return out


def apply_recruit(game: Game, seat: int, move: tuple) -> None:
    _, kind, q = move
    p = game.players[seat]
    if game.mods and kind not in UNIT_TYPES:  # module hook point (Module 6: the Recruit hires only a Commander)
        hooks.emit(game, "module_recruit", seat, move)
        on_action(game, p, "recruit")
        return
    spend(p, _recruit_cost(game, seat, kind, q))
    p.supply[kind] -= 1
    add_units(p, q, kind)
    on_action(game, p, "recruit")  # Levied Archers-like abilities trigger on the action and the reaction
    if game.mods:  # module hook point (Module 6: hiring a Commander with a Recruit action or reaction)
        hooks.emit(game, "recruited", seat, q)


def _settle_cost(game: Game, seat: int, q: str) -> int:
    p = game.players[seat]
    floor = game.ctx.rules["settling"]["min_cost"]  # a settle discount never goes below it (assumed)
    cost = max(floor, settle_cost(game.ctx.board, p.ruler, q) - discount(game, p, "settle"))
    if game.mods:  # module hook point (Module 10: a won Campaign's settle cost)
        cost = hooks.settle_cost(game, seat, q, cost)
    return cost


def settle_weight(game: Game, seat: int, kind: str) -> int:
    """'Level II units count as two units for settling purposes, level III units count as three.'"""
    return game.ctx.rules["gains"]["unit_level_settle_weight"][game.players[seat].military[kind]]


def _strength(game: Game, seat: int, units: dict[str, int]) -> int:
    return sum(settle_weight(game, seat, k) * n for k, n in units.items())


def settle_options(game: Game, seat: int) -> list[tuple]:
    p = game.players[seat]
    if p.farms_off >= track_farms(game):
        return []
    return [
        ("settle", q)
        for q, units in sorted(p.units.items())
        if q not in game.farms and _strength(game, seat, units) >= _settle_cost(game, seat, q)
    ]


def apply_settle(game: Game, seat: int, move: tuple) -> None:
    """Return units worth the settle cost (weakest first; an overshoot is lost), place the leftmost Farm."""
    q = move[1]
    p = game.players[seat]
    need = _settle_cost(game, seat, q)
    while need > 0:
        kind = min(p.units[q], key=lambda k: (p.military[k], UNIT_TYPES.index(k)))
        remove_units(p, q, kind)
        need -= settle_weight(game, seat, kind)
    game.farms[q] = (seat, 1)
    p.farms_off += 1
    if game.mods:  # module hook point (Module 10: the Campaign card is used)
        hooks.emit(game, "settled", seat, q)


def _groups(units: dict[str, int], levels: dict[str, int]) -> list[tuple]:
    whole = tuple(sorted(units.items()))
    out = [whole]
    if sum(units.values()) > 1:
        weakest = min(units, key=lambda k: (levels[k], UNIT_TYPES.index(k)))
        rest = dict(units)
        rest[weakest] -= 1
        out.append(tuple(sorted((k, n) for k, n in rest.items() if n)))
    return out


def manoeuvre_options(game: Game, seat: int) -> list[tuple]:
    p = game.players[seat]
    out = []
    for src, units in sorted(p.units.items()):
        groups = _groups(units, p.military)  # the same groups towards every neighbour
        for dst in game.ctx.neighbours[src]:
            if dst in game.in_play:
                out += [("manoeuvre", src, dst, g) for g in groups]
    if game.mods:  # module hook point (Module 10: Campaign moves)
        out += hooks.manoeuvres(game, seat, _groups)
    return out


def regroup_options(game: Game, seat: int) -> list[tuple]:
    """Regroup: like a move, but never into an opponent-controlled or Barbarian-occupied Province."""
    return [
        ("regroup", *m[1:])
        for m in manoeuvre_options(game, seat)
        if m[2] not in game.barbarians and game.controller(m[2]) in (None, seat)
    ]


def upkeep(game: Game, seat: int, keep: dict[str, int], src: str) -> None:
    """The Army limit check: pay Gold or return a unit per excess unit (the strategy says for how many units it
    pays), units outside the moving group first."""
    p = game.players[seat]
    excess = excess_units(p.units_in_play(), army_limit(game.ctx.tracks, p.farms_off))
    if not excess:
        return
    price = game.ctx.rules["costs"]["army_excess_gold"]  # 'Pay one Gold for each excess unit'
    paid = max(0, min(excess, p.gold // price if price else excess, p.strategy.upkeep_gold(game, seat, excess)))
    p.gold -= paid * price
    for _ in range(excess - paid):
        others = [q for q in p.units if q != src]
        q = max(others, key=lambda q: (sum(p.units[q].values()), q)) if others else src
        kind = min(p.units[q], key=lambda k: (p.military[k], UNIT_TYPES.index(k)))
        remove_units(p, q, kind)


def apply_manoeuvre(game: Game, seat: int, move: tuple) -> bool:
    """Check the Army limit, then move; returns whether a battle was initiated (Titles may not repeat it)."""
    _, src, dst, group = move
    p = game.players[seat]
    wanted = dict(group)
    if game.mods:  # module hook point (Module 14A: contributing to a Crusade before the Army limit check)
        hooks.emit(game, "manoeuvre_started", seat, src, wanted, dst)
    upkeep(game, seat, wanted, src)
    here = p.units.get(src, {})
    moving = {k: min(n, here.get(k, 0)) for k, n in wanted.items()}
    moving = {k: n for k, n in moving.items() if n}
    if not moving:
        return False
    for kind, n in moving.items():
        remove_units(p, src, kind, n, to_supply=False)
    if dst in game.barbarians:
        combat.attack_barbarians(game, seat, src, dst, moving)
        return True
    owner = game.controller(dst)
    if owner is not None and owner != seat:
        combat.attack_player(game, seat, src, dst, moving, owner)
        return True
    for kind, n in moving.items():
        add_units(p, dst, kind, n)
    return False


def apply_regroup(game: Game, seat: int, move: tuple) -> None:
    _, src, dst, group = move
    p = game.players[seat]
    if game.mods:  # module hook point (Module 6: a Commander regroups with the group, or alone)
        hooks.emit(game, "regrouped", seat, src, dst, group)
        group = tuple((k, n) for k, n in group if k in UNIT_TYPES)
    for kind, n in group:
        remove_units(p, src, kind, n, to_supply=False)
        add_units(p, dst, kind, n)
