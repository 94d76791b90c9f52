"""Armies and garrisons as token counts, and the Upkeep track that follows them.

"The player's Upkeep Track must be updated immediately upon gaining or losing a token" (Troop Token Anatomy):
every change of a seat's tokens goes through ``add_units`` / ``remove_units`` (armies) or ``garrison_add`` (garrisons),
which move the track by the tokens' Upkeep, so ``invariants`` can check the track against the position. Tokens come
from and go back to the box ("Component Limits"), except the Hetman's pink Quarter Army tokens, which have their own.
"""

from __future__ import annotations

from sim.games.hussars.army import Token
from sim.games.hussars.game.state import HETMAN, NA, NS, ON_MAP

# ---- tokens -----------------------------------------------------------------------------------------------------


def tokens(units) -> int:
    """Tokens in a units[type][veteran][wounded] block."""
    return sum(units[t][v][w] for t in range(len(units)) for v in range(2) for w in range(2))


def as_army(rules, units) -> tuple[Token, ...]:
    """The block as the battle code's army: a sorted tuple of single tokens."""
    out = []
    for t, name in enumerate(rules.units):
        for v in range(2):
            for w in range(2):
                out += [Token(name, bool(v), bool(w))] * units[t][v][w]
    return tuple(sorted(out))


def from_army(rules, army) -> list:
    block = [[[0, 0], [0, 0]] for _ in rules.units]
    for tok in army:
        block[rules.units.index(tok.unit)][int(tok.veteran)][int(tok.wounded)] += 1
    return block


def effectiveness(rules, units) -> float:
    """Summed Effectiveness (the simplified rules' strength; wounded Artillery does not fight)."""
    total = 0.0
    for t, name in enumerate(rules.units):
        kind = rules.battle.units[name]
        for v in range(2):
            eff = kind.eff(bool(v))
            for w in range(2):
                if w and kind.kind == "artillery":
                    continue
                total += eff * units[t][v][w]
    return total


def recruit_vet(rules, t: int) -> int:
    """The version a recruit of type ``t`` comes as: regular where it exists (Pancerni, Lipka Tatars and Hussars
    exist only as veterans ★)."""
    return 0 if rules.battle.units[rules.units[t]].exists(False) else 1


def unit_upkeep(rules, t: int) -> int:
    return rules.battle.units[rules.units[t]].upkeep


def upkeep_of(rules, units) -> int:
    return sum(unit_upkeep(rules, t) * units[t][v][w] for t in range(len(units)) for v in range(2) for w in range(2))


# ---- army slots ---------------------------------------------------------------------------------------------------


def new_army(state, force: int, field: int) -> int:
    """The lowest free slot, emptied and placed."""
    for a in range(NA):
        if state.a_force[a] < 0:
            state.a_force[a] = force
            state.a_field[a] = field
            state.a_units[a] = [[[0, 0], [0, 0]] for _ in range(state.dims.nt)]
            state.a_fresh[a] = [0] * state.dims.nt
            for name in ("a_loose", "a_moved", "a_used", "a_attacks", "a_march", "a_away"):
                getattr(state, name)[a] = 0
            state.a_road[a] = -1
            state.a_target[a] = -1
            state.a_jasyr[a] = [-1] * len(state.a_jasyr[a])
            return a
    raise RuntimeError("no free army slot")  # NA is far above what a game can use; a bug, not bad input


def armies_at(state, field: int, force: int | None = None, on_map: bool = True) -> list[int]:
    return [a for a in range(NA) if state.a_force[a] >= 0 and state.a_field[a] == field
            and (force is None or state.a_force[a] == force) and (not on_map or state.a_away[a] == ON_MAP)]  # fmt: skip


def armies_of(state, force: int, on_map: bool = True) -> list[int]:
    return [a for a in range(NA) if state.a_force[a] == force and (not on_map or state.a_away[a] == ON_MAP)]


def army_tokens(state, a: int) -> int:
    return tokens(state.a_units[a])


def _charges(state, force: int) -> bool:
    return 0 <= force < NS


def add_units(state, rules, a: int, t: int, v: int, w: int, n: int, from_box: bool = True) -> None:
    force = state.a_force[a]
    state.a_units[a][t][v][w] += n
    if from_box and force != HETMAN:
        state.box[t] -= n
    if _charges(state, force):
        state.upkeep[force] += n * unit_upkeep(rules, t)


def remove_units(state, rules, a: int, t: int, v: int, w: int, n: int, to_box: bool = True) -> None:
    force = state.a_force[a]
    state.a_units[a][t][v][w] -= n
    _clamp_fresh(state, rules, a, t)
    if to_box and force != HETMAN:
        state.box[t] += n
    if _charges(state, force):
        state.upkeep[force] -= n * unit_upkeep(rules, t)


def set_units(state, rules, a: int, block, to_box: bool = True) -> None:
    """Replace an army's tokens (after a battle), returning the difference to (or taking it from) the box."""
    for t in range(len(block)):
        for v in range(2):
            for w in range(2):
                delta = block[t][v][w] - state.a_units[a][t][v][w]
                if delta > 0:
                    add_units(state, rules, a, t, v, w, delta, from_box=to_box)
                elif delta < 0:
                    remove_units(state, rules, a, t, v, w, -delta, to_box=to_box)


def _clamp_fresh(state, rules, a: int, t: int) -> None:
    """Recruits still enlisting are wounded tokens of the recruit version; a lost one is no longer enlisting."""
    state.a_fresh[a][t] = min(state.a_fresh[a][t], state.a_units[a][t][recruit_vet(rules, t)][1])


def clear_army(state, rules, a: int, to_box: bool = True) -> None:
    """Every token gone (to the box) and the slot freed; a captive figure it held goes free (see release)."""
    set_units(state, rules, a, [[[0, 0], [0, 0]] for _ in range(state.dims.nt)], to_box)
    free_slot(state, a)


def free_slot(state, a: int) -> None:
    for s in range(NS):
        if state.captor[s] == a:  # the captor is gone: the prisoner stands free on the field
            state.captor[s] = -1
            state.figure[s] = state.a_field[a]
    state.a_force[a] = -1


def drop_if_empty(state, a: int) -> bool:
    if state.a_force[a] >= 0 and army_tokens(state, a) == 0:
        free_slot(state, a)
        return True
    return False


def move_tokens(state, rules, src: int, dst: int, t: int, v: int, w: int, n: int) -> None:
    """Tokens from one army to another of the same force (splitting or merging): Upkeep and box unchanged."""
    state.a_units[src][t][v][w] -= n
    state.a_units[dst][t][v][w] += n
    if w and v == recruit_vet(rules, t):  # enlisting recruits move first
        moved_fresh = min(n, state.a_fresh[src][t])
        state.a_fresh[src][t] -= moved_fresh
        state.a_fresh[dst][t] += moved_fresh


def merge_armies(state, rules, force: int) -> None:
    """Rulebook: "At the end of a turn, a Force may have no more than one army ... in each field. Any additional armies
    merge automatically": into the lowest slot, which is in Loose Columns if any part was and keeps the most MP used."""
    for a in range(NA):
        if state.a_force[a] != force or state.a_away[a] != ON_MAP:
            continue
        for b in range(a + 1, NA):
            if (
                state.a_force[b] == force
                and state.a_away[b] == ON_MAP
                and state.a_field[b] == state.a_field[a]
                and state.a_target[b] == state.a_target[a]
            ):
                for t in range(state.dims.nt):
                    for v in range(2):
                        for w in range(2):
                            if state.a_units[b][t][v][w]:
                                move_tokens(state, rules, b, a, t, v, w, state.a_units[b][t][v][w])
                state.a_loose[a] = max(state.a_loose[a], state.a_loose[b])
                state.a_moved[a] = max(state.a_moved[a], state.a_moved[b])
                state.a_march[a] = min(state.a_march[a], state.a_march[b])
                for k in range(len(state.a_jasyr[b])):
                    if state.a_jasyr[b][k] != -1:
                        _carry(state, a, state.a_jasyr[b][k])
                for s in range(NS):
                    if state.captor[s] == b:
                        state.captor[s] = a
                state.a_force[b] = -1


def _carry(state, a: int, home: int) -> None:
    for k in range(len(state.a_jasyr[a])):
        if state.a_jasyr[a][k] == -1:
            state.a_jasyr[a][k] = home
            return


# ---- garrisons ----------------------------------------------------------------------------------------------------


def garrison_charged(state, rules, field: int) -> bool:
    """Whether the garrison here costs its force Upkeep: "The Kyiv garrison has no Upkeep" (Castellan)."""
    castellan = [i for i, t in enumerate(rules.titles) if t.id == "castellan"]
    return not (castellan and field in rules.titles[castellan[0]].endowment)


def garrison_add(state, rules, field: int, t: int, v: int, w: int, n: int, from_box: bool = True) -> None:
    force = state.garrison_force[field]
    state.garrison[field][t][v][w] += n
    if from_box:
        state.box[t] -= n
    if _charges(state, force) and garrison_charged(state, rules, field):
        state.upkeep[force] += n * unit_upkeep(rules, t)


def garrison_remove(state, rules, field: int, t: int, v: int, w: int, n: int, to_box: bool = True) -> None:
    force = state.garrison_force[field]
    state.garrison[field][t][v][w] -= n
    if to_box:
        state.box[t] += n
    if _charges(state, force) and garrison_charged(state, rules, field):
        state.upkeep[force] -= n * unit_upkeep(rules, t)


def set_garrison(state, rules, field: int, block, to_box: bool = True) -> None:
    for t in range(len(block)):
        for v in range(2):
            for w in range(2):
                delta = block[t][v][w] - state.garrison[field][t][v][w]
                if delta > 0:
                    garrison_add(state, rules, field, t, v, w, delta, from_box=to_box)
                elif delta < 0:
                    garrison_remove(state, rules, field, t, v, w, -delta, to_box=to_box)
    if tokens(state.garrison[field]) == 0:
        state.garrison_force[field] = -1


def change_garrison_force(state, rules, field: int, force: int) -> None:
    """The garrison passes to another force (an endowment, a bought or leased estate): Upkeep follows it."""
    old = state.garrison_force[field]
    cost = upkeep_of(rules, state.garrison[field]) if garrison_charged(state, rules, field) else 0
    if _charges(state, old):
        state.upkeep[old] -= cost
    state.garrison_force[field] = force
    if _charges(state, force):
        state.upkeep[force] += cost


def troops_at(state, field: int, force: int) -> int:
    """Tokens of ``force`` on the field (its armies on the map and its garrison)."""
    n = sum(army_tokens(state, a) for a in armies_at(state, field, force))
    if state.garrison_force[field] == force:
        n += tokens(state.garrison[field])
    return n


def enemy_troops(state, field: int, force: int) -> bool:
    """Whether troops of any other force stand on the field ("an estate with no enemy troops")."""
    for a in armies_at(state, field):
        if state.a_force[a] != force and army_tokens(state, a) > 0:
            return True
    return state.garrison_force[field] not in (-1, force) and tokens(state.garrison[field]) > 0
