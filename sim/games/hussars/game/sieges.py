"""Sieges (Fortress Blockade): the effective siege, supplies, famine, and the end of a siege.

"An effective siege requires enough besieging tokens" (Fortress 1: 3 or more; Fortress 2: 4 or more). "At the start
of a siege, place supply markers on the garrison ... The defender removes 1 supply marker at the start of each of its
turns. When the last supply marker is removed, place a famine marker; add 1 more at the start of each following
turn." A besieged fortress's estate yields no Income (the red marker). "Continuing a siege until famine occurs is a
crime." "The siege ends immediately when the besieger wins, is destroyed, leaves the field, or loses the numerical
advantage required for an effective siege." Famine markers leave in the Refresh Phase after the siege ends. Tabor
sieges after a battle are not modelled.
"""

from __future__ import annotations

from sim.games.hussars.game import armies, estates, law
from sim.games.hussars.game.state import NS


def _fort(rules, level: int) -> dict:
    return rules.battle.values["fortress"][f"level_{level}"]


def effective(g, a: int, f: int) -> bool:
    st = g.state
    return st.fortress[f] > 0 and armies.army_tokens(st, a) >= _fort(g.rules, st.fortress[f])["effective_siege_tokens"]


def can_besiege(g, a: int) -> bool:
    st = g.state
    f, force = st.a_field[a], st.a_force[a]
    holder = st.garrison_force[f]
    return (st.fortress[f] > 0 and holder not in (-1, force) and armies.tokens(st.garrison[f]) > 0
            and st.besieger[f] < 0 and effective(g, a, f))  # fmt: skip


def start(g, a: int) -> None:
    st, rules = g.state, g.rules
    f = st.a_field[a]
    before = estates.share(st, rules, f)
    st.besieger[f] = a
    st.supply[f] = _fort(rules, st.fortress[f])["supplies"]
    estates.settle(st, rules, f, before)
    st.a_loose[a] = 1


def housekeeping(g, force: int) -> None:
    """The defender's turn begins: one supply marker fewer, then famine."""
    st, rules = g.state, g.rules
    for f in range(st.dims.nf):
        if st.garrison_force[f] != force or st.besieger[f] < 0:
            continue
        if st.supply[f] > 0:
            st.supply[f] -= 1
            if st.supply[f] > 0:
                continue
        first = st.famine[f] == 0
        estates.add_marker(st, rules, f, "famine", 1)
        besieger = st.a_force[st.besieger[f]]
        if first and 0 <= besieger < NS:
            law.commit(g, besieger, rules.values["law"]["famine_crimes"])


def check(g, f: int) -> None:
    st = g.state
    a = st.besieger[f]
    if a < 0:
        return
    alive = st.a_force[a] >= 0 and st.a_field[a] == f and st.a_away[a] == 0
    if alive and armies.tokens(st.garrison[f]) > 0 and effective(g, a, f):
        return
    before = estates.share(st, g.rules, f)
    st.besieger[f] = -1
    st.supply[f] = 0
    estates.settle(st, g.rules, f, before)


def check_all(g) -> None:
    for f in range(g.state.dims.nf):
        check(g, f)
