"""Who holds each title and Royal Lease, and what passes with it (endowment estates, the lease's estate and Upkeep).

"A title becomes vacant when its holder dies (including an Other Houses holder) or when a player loses it, e.g. as
an Enemy of the Commonwealth"; "the family keeps the endowment estates until the next Titles Phase auction"
(Death of the Magnate). A lease's holder pays its "fixed Upkeep ... The winner raises Upkeep at once", and
"If the lease is lost by the Other Houses or Automated Magnates, their units and treasury token return to the box".
"""

from __future__ import annotations

from sim.games.hussars.game import armies, estates
from sim.games.hussars.game.state import NS, OH


def vacate(g, t: int) -> None:
    g.state.title_holder[t] = -1
    g.state.title_successor[t] = 0


def grant(g, t: int, holder: int, successor: bool = False) -> None:
    """``holder`` (a seat or OH) takes title ``t``; its endowment estates pass to it."""
    st = g.state
    st.title_holder[t] = holder
    st.title_successor[t] = int(successor and holder < NS)
    for f in g.rules.titles[t].endowment:
        if st.owner[f] != holder:
            _take_estate(g, f, holder)


def transfer_lease(g, i: int, holder: int) -> None:
    """Royal Lease ``i`` passes to ``holder`` in its exact current state; Upkeep moves with it."""
    st, rules = g.state, g.rules
    lease = rules.leases[i]
    old = st.lease_holder[i]
    if old == holder:
        return
    if 0 <= old < NS:
        st.upkeep[old] -= lease.upkeep
    if 0 <= holder < NS:
        st.upkeep[holder] += lease.upkeep
    st.lease_holder[i] = holder
    if old == OH:
        for a in armies.armies_at(st, lease.field, OH):
            armies.clear_army(st, rules, a)
        if st.garrison_force[lease.field] == OH:
            armies.set_garrison(st, rules, lease.field, [[[0, 0], [0, 0]] for _ in range(st.dims.nt)])
    _take_estate(g, lease.field, holder)


def _take_estate(g, f: int, holder: int) -> None:
    st, rules = g.state, g.rules
    if st.owner[f] == OH and holder != OH:  # the Other Houses' troops there return to the box
        for a in armies.armies_at(st, f, OH):
            armies.clear_army(st, rules, a)
    estates.set_owner(st, rules, f, holder)


def title_index(rules, name: str) -> int:
    return [t.id for t in rules.titles].index(name)


def holds(state, s: int, t: int) -> bool:
    return state.title_holder[t] == s
