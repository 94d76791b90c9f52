"""The Hetman's Quarter Army: a Force on the Turn Order Track that fights only Enemies of the Commonwealth.

"Hetman Troops ... may attack only Enemies of the Commonwealth and cannot plunder estates or take part in private
magnate wars." "The Hetman is a separate Force on the Turn Order Track, with its own Action deck and its own 2-star
limit." The Hetman deck is not in our data: on its turn the Quarter Army attacks the nearest enemy army in reach
when its Effectiveness is at least ``quarter_army.attack_margin`` times the enemy's (ties on distance: the lowest
slot), else it stays. Its Time is its number of armies, like an automated force (assumed). The Refresh Phase heals
it and brings back its destroyed units to its field (assumed: the Hetman's voivodeship of choice).
"""

from __future__ import annotations

from sim.games.hussars.game import armies, combat, enemies, law, movement
from sim.games.hussars.game.state import HETMAN, NA, ON_MAP


def quarter_armies(st) -> list[int]:
    return [a for a in range(NA) if st.a_force[a] == HETMAN and st.a_away[a] == ON_MAP]


def turn(g, a: int) -> None:
    st, rules = g.state, g.rules
    foes = [b for b in range(NA) if st.a_force[b] >= 0 and st.a_away[b] == ON_MAP and armies.army_tokens(st, b) > 0
            and law.is_enemy(st, rules, st.a_force[b]) and enemies.reach(g, a, st.a_field[b], 0)]  # fmt: skip
    if not foes:
        return
    d = movement.distances(g, a)[st.a_field[a]]
    b = min(foes, key=lambda b: (d[st.a_field[b]], b))
    mine = armies.effectiveness(rules, st.a_units[a])
    if mine < rules.quarter_margin * armies.effectiveness(rules, st.a_units[b]):
        return
    spent, icpt = movement.move(g, a, st.a_field[b], enemies.budget(g, a))
    st.a_moved[a] += spent
    if spent > movement.speed(g, a):
        st.a_loose[a] = 1
    if icpt >= 0:
        combat.fight(g, a, (combat.GARRISON, icpt), intercepted=True)
        return
    if st.a_force[b] >= 0 and st.a_field[b] == st.a_field[a] and st.a_force[a] == HETMAN:
        combat.fight(g, a, (b, st.a_field[a]))


def refresh(g) -> None:
    """Heal the Quarter Army and bring its destroyed units back to full strength at its field."""
    st, rules = g.state, g.rules
    here = [a for a in range(NA) if st.a_force[a] == HETMAN]
    for b in here:
        for t in range(st.dims.nt):
            for v in range(2):
                st.a_units[b][t][v][0] += st.a_units[b][t][v][1]
                st.a_units[b][t][v][1] = 0
    a = here[0] if here else armies.new_army(st, HETMAN, rules.quarter_field)
    for t, n in rules.quarter_army:
        v = armies.recruit_vet(rules, t)
        have = sum(st.a_units[b][t][vv][w] for b in here for vv in range(2) for w in range(2))
        if have < n:
            st.a_units[a][t][v][0] += n - have
