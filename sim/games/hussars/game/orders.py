"""One activation of an army: move toward a goal, then raid, attack, occupy, besiege, burn or set out on an expedition.

"One Orders card activates one chosen army or garrison ... The same army or garrison cannot be activated twice in
one turn." The figure's free move leads its retinue the same way. Movement keeps back the Movement Points the action
needs (a raid, an occupation or a siege costs 1; "The first attack in a turn is free. Each subsequent attack by the
same unit costs 1 Movement Point"); Movement Points past the army's speed put it in Loose Columns. "Units being
enlisted cannot move or attack": they stay behind. "Troops on the march cannot attack, raid, burn buildings or occupy
estates ... To attack with a marching army, play an Orders card ... and return the March token to the box." An army
sent on an expedition "moves straight to the given road field".
"""

from __future__ import annotations

from dataclasses import dataclass

from sim.games.hussars.game import armies, combat, movement, raids, sieges
from sim.games.hussars.game.state import EXPEDITION, NA, ON_MAP

ACTIONS = ("none", "raid", "attack", "occupy", "siege", "expedition", "burn")


@dataclass(frozen=True)
class Order:
    army: int  # the army slot; -1: the figure moves alone
    goal: int  # the field to move to (for an expedition, its road field)
    action: str = "none"
    target: int = -1  # attack: the enemy army's slot, or combat.GARRISON for the garrison there


def _split_recruits(g, a: int) -> None:
    """Recruits still enlisting stay on the field as an army of their own."""
    st, rules = g.state, g.rules
    if not any(st.a_fresh[a]):
        return
    rest = armies.new_army(st, st.a_force[a], st.a_field[a])
    for t in range(st.dims.nt):
        n = st.a_fresh[a][t]
        if n:
            armies.move_tokens(st, rules, a, rest, t, armies.recruit_vet(rules, t), 1, n)


def _finish_recruits(g, a: int) -> None:
    """Rulebook: "Units still under an enlist marker finish enlisting as soon as they set out" (an expedition)."""
    st, rules = g.state, g.rules
    for t in range(st.dims.nt):
        n = st.a_fresh[a][t]
        if n:
            v = armies.recruit_vet(rules, t)
            st.a_units[a][t][v][1] -= n
            st.a_units[a][t][v][0] += n
            st.a_fresh[a][t] = 0


def action_cost(g, a: int, action: str) -> int:
    v = g.rules.values["action_phase"]
    if action == "raid":
        return v["raid_mp"]
    if action == "occupy":
        return v["occupy_mp"]
    if action == "siege":
        return v["siege_mp"]
    if action == "attack":
        return 0 if g.state.a_attacks[a] == 0 else v["extra_attack_mp"]
    return 0


def can_order(g, s: int, a: int) -> bool:
    """An army of the seat on the map, not yet activated this turn, with a token that is not still enlisting."""
    st = g.state
    return (0 <= a < NA and st.a_force[a] == s and st.a_away[a] == ON_MAP and not st.a_used[a]
            and armies.army_tokens(st, a) > sum(st.a_fresh[a]))  # fmt: skip


def execute(g, s: int, order: Order, with_figure: bool) -> bool:
    """Carry out ``order`` for seat ``s`` (``with_figure``: the Magnate leads it as its retinue). False when the rules
    refuse it (nothing happens)."""
    st, rules = g.state, g.rules
    if order.army < 0:
        if not with_figure or st.captor[s] >= 0 or st.figure[s] < 0:
            return False
        movement.move_figure(g, s, order.goal)
        return True
    a = order.army
    if not can_order(g, s, a) or not 0 <= order.goal < st.dims.nf or order.action not in ACTIONS:
        return False
    carry = s if with_figure and st.figure[s] == st.a_field[a] and st.captor[s] < 0 else -1
    if with_figure and carry < 0:
        return False
    if order.action == "expedition":
        return _set_out(g, s, a, order.goal, carry)
    _split_recruits(g, a)
    st.a_used[a] = 1
    st.a_march[a] = 0
    origin = st.a_field[a]
    speed = movement.speed(g, a)
    budget = speed + rules.values["action_phase"]["extra_mp"]
    if carry >= 0:
        budget = min(budget, rules.values["action_phase"]["figure_mp"])
    reserve = action_cost(g, a, order.action)
    spent, icpt = movement.move(g, a, order.goal, max(0, budget - reserve), carry)
    if st.a_field[a] != origin:
        sieges.check(g, origin)
        raids.check_occupations(g)
    if icpt >= 0:
        _spend(g, a, spent, speed)
        combat.fight(g, a, (combat.GARRISON, icpt), intercepted=True)
        return True
    if st.a_field[a] == order.goal and spent + reserve <= budget:
        if _act(g, a, order):
            spent += reserve
    _spend(g, a, spent, speed)
    return True


def _spend(g, a: int, spent: int, speed: int) -> None:
    st = g.state
    if st.a_force[a] < 0:
        return
    st.a_moved[a] += spent
    if spent > speed:
        st.a_loose[a] = 1


def _act(g, a: int, order: Order) -> bool:
    if order.action == "raid" and raids.can_raid(g, a):
        raids.raid(g, a)
        return True
    if order.action == "occupy" and raids.can_occupy(g, a):
        raids.occupy(g, a)
        return True
    if order.action == "burn" and raids.can_burn(g, a):
        raids.burn(g, a)
        return False  # burning costs no Movement Points
    if order.action == "siege" and sieges.can_besiege(g, a):
        sieges.start(g, a)
        return True
    if order.action == "attack":
        return attack(g, a, order.target)
    return False


def can_attack(g, a: int, target: int) -> bool:
    st = g.state
    f, force = st.a_field[a], st.a_force[a]
    if target == combat.GARRISON:
        return st.besieger[f] == a and armies.tokens(st.garrison[f]) > 0
    return (0 <= target < len(st.a_force) and st.a_force[target] not in (-1, force) and st.a_field[target] == f
            and st.a_away[target] == ON_MAP and armies.army_tokens(st, target) > 0)  # fmt: skip


def attack(g, a: int, target: int) -> bool:
    st = g.state
    if not can_attack(g, a, target):
        return False
    st.a_attacks[a] += 1
    f = st.a_field[a]
    if target == combat.GARRISON:
        combat.fight(g, a, (combat.GARRISON, f), siege=True)
    else:
        combat.fight(g, a, (target, f))
    return True


def _set_out(g, s: int, a: int, road: int, carry: int) -> bool:
    st, rules = g.state, g.rules
    if road not in rules.roads or not st.expedition[rules.roads.index(road)]:
        return False
    origin = st.a_field[a]
    _finish_recruits(g, a)
    st.a_used[a] = 1
    st.a_march[a] = 0
    st.a_away[a] = EXPEDITION
    st.a_road[a] = rules.roads.index(road)
    st.a_field[a] = road
    if carry >= 0:
        st.figure[carry] = road
    sieges.check(g, origin)
    raids.check_occupations(g)
    return True


def march(g, a: int) -> None:
    """An army with a March token moves home without a card (it cannot attack or raid on the march)."""
    st = g.state
    force = st.a_force[a]
    if st.a_march[a] <= 0 or st.a_away[a] != ON_MAP or st.a_used[a]:
        return
    goal = movement.home_of(g, force, st.a_field[a])
    if st.a_field[a] == goal:
        return
    origin = st.a_field[a]
    spent, icpt = movement.move(g, a, goal, movement.speed(g, a))
    st.a_moved[a] += spent
    st.a_march[a] -= 1 if st.a_field[a] != origin else 0
    if icpt >= 0:
        combat.fight(g, a, (combat.GARRISON, icpt), intercepted=True)
