"""Orders – Movement: army speed, the Dnieper and its bridges, Loose Columns' extra point, interception, retreat.

"The whole army moves at the speed of its slowest unit." "Crossing the Dnieper without a bridge costs 2 in total.
Crossing by bridge, or with a unit bearing a wave icon (e.g. Lipka Tatars or Tatar cavalry), costs only 1 Movement
Point" (read: an army crosses at 1 when all its units bear the wave icon). "An army may use 1 extra Movement Point
per turn on movement or an action. If any unit uses it, the whole army enters Loose Columns status." An army moves
along a cheapest route to its goal, taking at each step the lowest-numbered field that keeps the route cheapest.
"When an army enters a field with an opponent's completed fortress and garrison, the garrison may attack it at no
cost ... This interception ends the opponent's movement." Boats (River Move) are not modelled.
"""

from __future__ import annotations

from sim.games.hussars.game import armies, estates, law
from sim.games.hussars.game.state import HETMAN, NS, OH, REBELS, TATARS


def speed(g, a: int) -> int:
    """Movement Points of army ``a``: its slowest token's."""
    st, rules = g.state, g.rules
    best = None
    for t, name in enumerate(rules.units):
        kind = rules.battle.units[name]
        for v in range(2):
            if st.a_units[a][t][v][0] + st.a_units[a][t][v][1]:
                mp = kind.moves(bool(v))
                best = mp if best is None else min(best, mp)
    return best or 0


def wave(g, a: int) -> bool:
    st, rules = g.state, g.rules
    return all(rules.battle.units[name].wave for t, name in enumerate(rules.units)
               if any(st.a_units[a][t][v][w] for v in range(2) for w in range(2)))  # fmt: skip


def distances(g, a: int):
    """The army's cost matrix (every border 1 for an all-wave army)."""
    return g.rules.dist_wave if a >= 0 and wave(g, a) else g.rules.dist


def step_cost(g, a: int, x: int, y: int) -> int:
    return 1 if a >= 0 and wave(g, a) else g.rules.cost(x, y)


def next_step(g, a: int, cur: int, goal: int, budget: int) -> int:
    """The next field on a cheapest route from ``cur`` to ``goal`` that ``budget`` pays for, or -1."""
    d = distances(g, a)
    if cur == goal:
        return -1
    for nb in sorted(g.rules.fields[cur].neighbours):
        c = step_cost(g, a, cur, nb)
        if c <= budget and c + d[nb][goal] == d[cur][goal]:
            return nb
    return -1


def intercepts(g, f: int, force: int, a: int) -> bool:
    """Whether the garrison of field ``f`` attacks army ``a`` of ``force`` entering it. "Garrisons of the Other Houses
    (including Automated Magnates) always intercept Enemies of the Commonwealth and never intercept other armies";
    a player's garrison asks its plan; a rebel-held fortress intercepts every other army (assumed)."""
    st = g.state
    holder = st.garrison_force[f]
    if holder < 0 or holder == force or st.fortress[f] == 0 or armies.tokens(st.garrison[f]) == 0:
        return False
    if holder == OH:
        return law.is_enemy(st, g.rules, force)
    if holder == REBELS:
        return True
    if holder < NS:
        return bool(g.plans[holder].intercept(g, holder, f, a))
    return False


def move(g, a: int, goal: int, budget: int, carry: int = -1) -> tuple[int, int]:
    """Move army ``a`` toward ``goal`` spending at most ``budget`` Movement Points; ``carry`` (a seat) is a figure
    riding with it. Returns (MP spent, the field of an intercepting garrison or -1). Movement stops at an
    interception."""
    st = g.state
    spent = 0
    while True:
        nb = next_step(g, a, st.a_field[a], goal, budget - spent)
        if nb < 0:
            return spent, -1
        spent += step_cost(g, a, st.a_field[a], nb)
        st.a_field[a] = nb
        if carry >= 0:
            st.figure[carry] = nb
        if intercepts(g, nb, st.a_force[a], a):
            return spent, nb


def move_figure(g, s: int, goal: int) -> None:
    """The Magnate figure alone: 4 Movement Points, never in Loose Columns (figures are not intercepted)."""
    st = g.state
    budget = g.rules.values["action_phase"]["figure_mp"]
    while budget > 0 and st.figure[s] != goal:
        nb = next_step(g, -1, st.figure[s], goal, budget)
        if nb < 0:
            return
        budget -= g.rules.cost(st.figure[s], nb)
        st.figure[s] = nb


def home_of(g, force: int, field: int) -> int:
    """Where an army of ``force`` on ``field`` withdraws to."""
    st, rules = g.state, g.rules
    if 0 <= force < NS:
        return estates.home(st, rules, force)
    if force == HETMAN:
        return rules.quarter_field
    if force == REBELS:
        return [f for f, fld in enumerate(rules.fields) if fld.sich][0]
    if force == TATARS:
        return nearest_zone(g, field)
    return field


def nearest_zone(g, f: int) -> int:
    """The nearest Tatar Attack Zone by fields crossed (lowest index on ties)."""
    zones = [z for z, fld in enumerate(g.rules.fields) if fld.tatar_zone]
    return min(zones, key=lambda z: (g.rules.dist_wave[f][z], z))


def retreat_field(g, a: int) -> int:
    """Rulebook: "It moves to an adjacent field with no enemy troops, not across a river without a bridge. If it cannot,
    it is destroyed." (the Dnieper is the river that has bridges); the field nearest home, lowest index on ties."""
    st, rules = g.state, g.rules
    here, force = st.a_field[a], st.a_force[a]
    goal = home_of(g, force, here)
    options = [nb for nb in rules.fields[here].neighbours
               if (rules.fields[nb].bank == rules.fields[here].bank or nb in rules.fields[here].bridges)
               and not armies.enemy_troops(st, nb, force)]  # fmt: skip
    if not options:
        return -1
    return min(options, key=lambda nb: (rules.dist[nb][goal], nb))
