"""Refresh Phase – Summer: estates recover, the Sich grows, the Migration Bank turns, crimes expire.

"Remove one Hardship marker from each estate: a red ruins marker first; a black marker only if no red marker is
left" (every estate, the Other Houses' too); famine markers go once the siege is over. "Hetman Troops: Replenish
wounded units. Destroyed units return." "Add Cossacks to the Sich (1 unit for 3-4 players, 2 units for 5; none for
1-2 players). Incited peasants from the Migration Bank go to the Sich as Cossacks. Wounded units at the Sich are
replenished." "Migration Bank: Flip all peasant tokens in the Migration Bank to their incited side." "Other Houses:
In each estate without troops, add one Cossack unit if it contains a fortress or generates at least 4 Income."
"Expiry of Penalties" (``law.expire``), "the lawful plundering limit" resets, and Summer Rest cards return to hand.
"""

from __future__ import annotations

from sim.games.hussars.game import armies, estates, hetman, law
from sim.games.hussars.game.state import NS, OH


def refresh_phase(g) -> None:
    st, rules = g.state, g.rules
    for f in range(st.dims.nf):
        if st.owner[f] < 0:
            continue
        if st.ruins[f] > 0:
            estates.add_marker(st, rules, f, "ruins", -1)
        elif st.relief[f] > 0:
            estates.add_marker(st, rules, f, "relief", -1)
        if st.famine[f] > 0 and st.besieger[f] < 0:
            estates.add_marker(st, rules, f, "famine", -st.famine[f])
    hetman.refresh(g)
    c = rules.units.index("cossack")
    grow = rules.values["refresh"]["sich_growth"][str(st.players)] + st.bank_incited
    grow = min(grow, st.box[c])
    st.sich_units[c][0][0] += grow
    st.box[c] -= grow
    st.bank_incited = 0
    for t in range(st.dims.nt):
        for v in range(2):
            st.sich_units[t][v][0] += st.sich_units[t][v][1]
            st.sich_units[t][v][1] = 0
    st.bank_incited += st.bank_bright
    st.bank_bright = 0
    need = rules.values["refresh"]["other_houses_cossack_income"]
    for f in range(st.dims.nf):
        if st.owner[f] != OH or armies.troops_at(st, f, OH) > 0 or st.box[c] == 0 or st.occupier[f] >= 0:
            continue
        if any(st.a_force[a] >= 0 and armies.army_tokens(st, a) for a in armies.armies_at(st, f)):
            continue
        if st.fortress[f] > 0 and st.garrison_force[f] in (-1, OH):
            st.garrison_force[f] = OH
            armies.garrison_add(st, rules, f, c, 0, 0, 1)
        elif estates.share(st, rules, f)[1] >= need:
            a = armies.new_army(st, OH, f)
            armies.add_units(st, rules, a, c, 0, 0, 1)
    law.expire(g)
    for s in range(NS):
        st.plunder[s] = 0
        for c2 in range(st.dims.nc):
            st.hand[s][c2] += st.resting[s][c2]
            st.resting[s][c2] = 0
