"""Harvest – Summer: Income minus Upkeep, the deficit, Influence from Prestige, and ransoms.

"Each player subtracts Upkeep from Income. Players collect any profit from the bank or pay any loss from their funds
behind the Player Screen. Budget Deficit: A player who cannot pay the loss pays as much Gold as possible. Any
remaining deficit is forgiven, but the player loses 1 Victory Point ... for each unpaid Gold. Each player then takes
Influence equal to their Prestige Level." "Each Winged Hussar unit on the map raises the Prestige Level by 1." A
captured figure's ransom is "3 Gold + 1 Gold per XL"; "If the ransom is not paid by the end of the Harvest Phase,
the player loses 1 Influence and the prisoner loses 1 Health".
"""

from __future__ import annotations

from sim.games.hussars.game import estates, succession
from sim.games.hussars.game.state import NA, NS, VP_CATS


def hussars_on_map(st, rules, s: int) -> int:
    t = rules.units.index("winged_hussar")
    n = sum(st.a_units[a][t][v][w] for a in range(NA) if st.a_force[a] == s for v in range(2) for w in range(2))
    return n + sum(st.garrison[f][t][v][w] for f in range(st.dims.nf) if st.garrison_force[f] == s
                   for v in range(2) for w in range(2))  # fmt: skip


def prestige_level(st, rules, s: int) -> int:
    """The Prestige track space: the family's own, its titles', and +1 per Hussar on the map."""
    table = rules.values["harvest"]["prestige_influence"]
    titles = sum(rules.titles[t].prestige for t in range(len(st.title_holder)) if st.title_holder[t] == s)
    level = st.prestige[s] + titles + hussars_on_map(st, rules, s) * rules.values["recruit"]["hussar_prestige"]
    return min(len(table) - 1, level)


def influence_gain(st, rules, s: int) -> int:
    return rules.values["harvest"]["prestige_influence"][prestige_level(st, rules, s)]


def ruined_income(st, rules, s: int) -> int:
    """Income of the seat's estates a red marker (ruins, famine, a siege) blocks now."""
    return sum(estates.gross(st, rules, f) for f in estates.estates_of(st, s)
               if st.occupier[f] < 0 and (st.ruins[f] or st.famine[f] or st.besieger[f] >= 0))  # fmt: skip


def ransom(rules, xl: int) -> int:
    h = rules.values["harvest"]
    return h["ransom_base"] + h["ransom_per_xl"] * xl


def harvest(g) -> None:
    st, rules = g.state, g.rules
    h = rules.values["harvest"]
    for s in range(NS):
        if not st.active[s]:
            continue
        profit = st.income[s] - st.upkeep[s]
        st.st_income[s] += st.income[s]
        st.st_upkeep[s] += st.upkeep[s]
        st.st_ruined[s] += ruined_income(st, rules, s)
        if profit >= 0:
            st.gold[s] += profit
        else:
            paid = min(st.gold[s], -profit)
            st.gold[s] -= paid
            unpaid = -profit - paid
            st.st_deficit[s] += unpaid
            st.vp[s][VP_CATS.index("deficit")] -= unpaid * h["deficit_vp_per_gold"]
        st.influence[s] += influence_gain(st, rules, s)
    for s in range(NS):
        if not st.active[s] or st.captor[s] < 0:
            continue
        price = ransom(rules, st.xl[s])
        captor = st.a_force[st.captor[s]]
        if st.gold[s] >= price and g.plans[s].ransom(g, s):
            st.gold[s] -= price
            if 0 <= captor < NS:
                st.gold[captor] += price
            st.captor[s] = -1
            st.figure[s] = estates.home(st, rules, s)
        else:
            st.influence[s] -= h["unpaid_ransom_influence"]
            st.health[s] -= h["unpaid_ransom_health"]
            if st.health[s] < 0:
                succession.magnate_dies(g, s)
