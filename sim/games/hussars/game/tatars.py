"""Tatar Raid – Besh-bash: the raiders arrive, take jasyr, withdraw with it, and may be destroyed to free it.

"Place 3 Tatar tokens and the Tatar Crest on the attack field shown on the Event card" (here: the Tatar Attack Zone
whose die indicator the roll of a d6 hits). "Tatars spend 1 Movement Point to take jasyr from a settled estate. If an
army is there, they must attack and destroy it first." "Place a ruins marker on the estate and flip all its peasants
to their incited side. 1 peasant is taken as jasyr by the Tatar army, and 1 more flees to the Migration Bank." "If
Tatars raid a town containing no peasants, draw 1 peasant token from the general box." "An army carrying jasyr
automatically enters Loose Columns status and is restricted to a maximum movement of 2 fields" toward "the nearest
Tatar attack field. Spending 1 Movement Point there removes it from the map. For each peasant token that
successfully leaves the map, the Hetman instantly loses 1 Influence and the estate owner loses 1 Happiness."
A ruined estate is not raided again for jasyr (assumed, as for raids).
"""

from __future__ import annotations

from sim.games.hussars.game import armies, combat, enemies, estates, movement, offices, unrest
from sim.games.hussars.game.state import NA, NS, ON_MAP, TATARS


def arrive(g) -> None:
    st, rules = g.state, g.rules
    roll = g.die(6)
    zones = [f for f, fld in enumerate(rules.fields) if fld.tatar_zone]
    hit = [f for f in zones if rules.fields[f].tatar_zone[0] <= roll <= rules.fields[f].tatar_zone[1]]
    zone = (hit or zones)[0]
    a = armies.new_army(st, TATARS, zone)
    for name, n in rules.values["tatars"]["raid_tokens"].items():
        t = rules.units.index(name)
        armies.add_units(st, rules, a, t, 0, 0, min(n, st.box[t]))
    st.st_tatar_raids += 1
    armies.drop_if_empty(st, a)


def laden(st, a: int) -> bool:
    return any(h != -1 for h in st.a_jasyr[a])


def jasyr_targets(g, a: int) -> list[int]:
    st = g.state
    cost = g.rules.values["tatars"]["jasyr_mp"]
    d = movement.distances(g, a)[st.a_field[a]]
    out = [f for f in range(st.dims.nf) if enemies.settled(st, f) and st.ruins[f] == 0
           and enemies.reach(g, a, f, cost)]  # fmt: skip
    return sorted(out, key=lambda f: (d[f], f))


def _options(g, a: int, action: str) -> list[int]:
    st = g.state
    if action == "jasyr":
        return jasyr_targets(g, a)
    if action == "richest":
        fields = jasyr_targets(g, a)
        if not fields:
            return []
        top = max(estates.gross(st, g.rules, f) for f in fields)
        return [f for f in fields if estates.gross(st, g.rules, f) == top]
    if action == "army":
        return enemies.army_targets(g, a, enemies.not_enemy(g))
    return []


def turn(g, a: int) -> None:
    """One Tatar army's turn."""
    if laden(g.state, a):
        withdraw(g, a)
        return
    drawn = enemies.draw(g, a, 0, lambda action: _options(g, a, action))
    if drawn is None:
        return
    action, options = drawn
    target = enemies.choose(g, TATARS, a, action, options)
    if action == "army":
        _attack_army(g, a, target)
    else:
        _raid(g, a, target)


def _go(g, a: int, goal: int, reserve: int) -> bool:
    """Move toward ``goal``; True when the army arrived still standing and not intercepted."""
    st = g.state
    spent, icpt = movement.move(g, a, goal, enemies.budget(g, a) - reserve)
    st.a_moved[a] += spent
    if spent > movement.speed(g, a):
        st.a_loose[a] = 1
    if icpt >= 0:
        combat.fight(g, a, (combat.GARRISON, icpt), intercepted=True)
        return False
    return st.a_force[a] == TATARS and st.a_field[a] == goal


def _attack_army(g, a: int, b: int) -> None:
    st = g.state
    if _go(g, a, st.a_field[b], 0) and st.a_force[b] >= 0 and st.a_field[b] == st.a_field[a]:
        st.a_attacks[a] += 1
        combat.fight(g, a, (b, st.a_field[a]))


def _raid(g, a: int, f: int) -> None:
    st, rules = g.state, g.rules
    if not _go(g, a, f, rules.values["tatars"]["jasyr_mp"]):
        return
    for b in armies.armies_at(st, f):
        if st.a_force[b] not in (-1, TATARS) and st.a_field[b] == f and st.a_force[a] == TATARS:
            st.a_attacks[a] += 1
            combat.fight(g, a, (b, f))
    if st.a_force[a] != TATARS or any(st.a_force[b] != TATARS for b in armies.armies_at(st, f)):
        return
    take_jasyr(g, a, f)


def take_jasyr(g, a: int, f: int) -> None:
    st, rules = g.state, g.rules
    v = rules.values["tatars"]
    before = estates.share(st, rules, f)
    st.ruins[f] += 1
    st.incited[f] += st.bright[f]
    st.bright[f] = 0
    taken = 0
    for _ in range(v["jasyr_taken"]):
        if st.incited[f] > 0:
            st.incited[f] -= 1
            _carry(st, a, f)
            taken += 1
        elif st.town[f]:
            _carry(st, a, -(f + 2))
            taken += 1
    fled = min(v["jasyr_fleeing"], st.incited[f])
    st.incited[f] -= fled
    st.bank_incited += fled
    estates.settle(st, rules, f, before)
    st.a_loose[a] = 1


def _carry(st, a: int, home: int) -> None:
    for k in range(len(st.a_jasyr[a])):
        if st.a_jasyr[a][k] == -1:
            st.a_jasyr[a][k] = home
            return


def withdraw(g, a: int) -> None:
    """The fastest route (fields crossed) to the nearest Tatar Attack Zone, at most 2 fields, then off the map."""
    st, rules = g.state, g.rules
    v = rules.values["tatars"]
    goal = movement.nearest_zone(g, st.a_field[a])
    mp = movement.speed(g, a)
    fields = 0
    while st.a_field[a] != goal and fields < v["laden_fields"] and mp > 0:
        nb = movement.next_step(g, a, st.a_field[a], goal, 1)
        if nb < 0:
            break
        st.a_field[a] = nb
        fields += 1
        mp -= 1
        if movement.intercepts(g, nb, TATARS, a):
            combat.fight(g, a, (combat.GARRISON, nb), intercepted=True)
            return
    st.a_loose[a] = 1
    if st.a_field[a] == goal and mp >= v["exit_mp"]:
        leave(g, a)


def leave(g, a: int) -> None:
    st, rules = g.state, g.rules
    v = rules.values["tatars"]
    hetman = st.title_holder[offices.title_index(rules, "hetman")]
    for k in range(len(st.a_jasyr[a])):
        home = st.a_jasyr[a][k]
        if home == -1:
            continue
        st.a_jasyr[a][k] = -1
        f = home if home >= 0 else -(home + 2)
        owner = st.owner[f]
        if 0 <= hetman < NS:
            st.influence[hetman] -= v["hetman_influence_lost"]
        if 0 <= owner < NS:
            st.st_jasyr[owner] += 1
            unrest.change_happiness(g, owner, -v["owner_happiness_lost"])
    armies.clear_army(st, rules, a)


def tatar_armies(st) -> list[int]:
    return [a for a in range(NA) if st.a_force[a] == TATARS and st.a_away[a] == ON_MAP]
