"""Enlist, Replenish, Disband, and moving units in and out of a garrison.

"The Enlist card allows recruiting any number of units in several estates at once: the player's own estates,
leases ... Besieged estates cannot start recruiting." "Place the new units in the chosen estates, wounded side up,
and put an enlist marker on each of these estates." "Pay the recruitment cost shown on the Player Screen and raise
the Upkeep track accordingly." "If tokens of a given type run out, they cannot be recruited." Replenishment "is
permitted only in estates that are not besieged": "Pay the cost shown on the Player Screen and flip wounded units to
full strength." "Disbanded Cossack units join the Cossack forces" (at the Sich, ``recruit.disbanded_cossacks_to_sich``).
"Units may enter or leave a garrison for free during their Force's turn, unless the fortress is under an effective
siege."
"""

from __future__ import annotations

from sim.games.hussars.game import armies
from sim.games.hussars.game.state import NS


def recruitable(g, s: int) -> list[int]:
    """Unit types the seat may enlist: the Player Screen's, Lipka Tatars only for a family that holds them."""
    st, rules = g.state, g.rules
    fam = rules.families[st.family[s]] if st.family[s] >= 0 else None
    unique = {t for t, n in fam.unique_units} if fam else set()
    reserved = {t for f in rules.families for t, n in f.unique_units}
    return [rules.units.index(n) for n in rules.values["recruit"]["cost"]
            if rules.units.index(n) in unique or rules.units.index(n) not in reserved]  # fmt: skip


def cost(g, t: int) -> int:
    return g.rules.values["recruit"]["cost"][g.rules.units[t]]


def can_enlist_at(g, s: int, f: int) -> bool:
    st = g.state
    return isinstance(f, int) and 0 <= f < st.dims.nf and st.owner[f] == s and st.besieger[f] < 0 and st.occupier[f] < 0


def _army_at(g, s: int, f: int) -> int:
    st = g.state
    here = armies.armies_at(st, f, s)
    return here[0] if here else armies.new_army(st, s, f)


def place_recruits(g, s: int, f: int, t: int, n: int) -> int:
    """``n`` recruits of type ``t`` (wounded, enlisting) into the seat's army on ``f``, as far as the box allows."""
    st, rules = g.state, g.rules
    n = min(n, st.box[t])
    if n <= 0:
        return 0
    a = _army_at(g, s, f)
    armies.add_units(st, rules, a, t, armies.recruit_vet(rules, t), 1, n)
    st.a_fresh[a][t] += n
    st.enlisting[f] = 1
    return n


def enlist(g, s: int, f: int, t: int, n: int, discount: int = 0) -> int:
    """Recruit up to ``n`` units of type ``t`` on estate ``f``, as many as Gold and the box allow. Returns how many."""
    st = g.state
    if t not in recruitable(g, s) or not can_enlist_at(g, s, f) or n <= 0:
        return 0
    price = max(0, cost(g, t) - discount)
    if price:
        n = min(n, st.gold[s] // price)
    got = place_recruits(g, s, f, t, n)
    st.gold[s] -= got * price
    return got


def replenish_cost(g, t: int) -> int:
    return g.rules.values["recruit"]["replenish"].get(g.rules.units[t], 0)


def replenish(g, s: int, budget: int) -> int:
    """Flip wounded tokens of the seat's armies and garrisons standing in its own unbesieged estates, in slot and
    field order, cheapest type first, while Gold and ``budget`` last. Returns the Gold spent."""
    st, rules = g.state, g.rules
    spent = 0
    order = sorted(range(st.dims.nt), key=lambda t: (replenish_cost(g, t), t))
    blocks = [(st.a_units[a], st.a_fresh[a], st.a_field[a]) for a in armies.armies_of(st, s)]
    blocks += [(st.garrison[f], None, f) for f in range(st.dims.nf) if st.garrison_force[f] == s]
    for units, fresh, f in blocks:
        if st.owner[f] != s or st.besieger[f] >= 0:
            continue
        for t in order:
            for v in range(2):
                healable = units[t][v][1] - (fresh[t] if fresh is not None and v == armies.recruit_vet(rules, t) else 0)
                price = replenish_cost(g, t)
                while healable > 0 and st.gold[s] >= price and spent + price <= budget:
                    units[t][v][1] -= 1
                    units[t][v][0] += 1
                    healable -= 1
                    st.gold[s] -= price
                    spent += price
    return spent


def disband(g, a: int, t: int, v: int, w: int, n: int) -> None:
    st, rules = g.state, g.rules
    n = min(n, st.a_units[a][t][v][w])
    if n <= 0:
        return
    to_sich = rules.units[t] == "cossack" and rules.values["recruit"]["disbanded_cossacks_to_sich"]
    armies.remove_units(st, rules, a, t, v, w, n, to_box=not to_sich)
    if to_sich:
        st.sich_units[t][v][w] += n
    armies.drop_if_empty(st, a)


def can_garrison(g, s: int, f: int) -> bool:
    st = g.state
    return st.owner[f] == s and st.fortress[f] > 0 and st.garrison_force[f] in (-1, s) and st.besieger[f] < 0


def to_garrison(g, a: int, t: int, v: int, w: int, n: int) -> int:
    """Tokens of army ``a`` into its own fortress on its field (not enlisting recruits)."""
    st, rules = g.state, g.rules
    s, f = st.a_force[a], st.a_field[a]
    if not 0 <= s < NS or not can_garrison(g, s, f):
        return 0
    free = st.a_units[a][t][v][w] - (st.a_fresh[a][t] if w and v == armies.recruit_vet(rules, t) else 0)
    n = min(n, free)
    if n <= 0:
        return 0
    armies.remove_units(st, rules, a, t, v, w, n, to_box=False)
    st.garrison_force[f] = s
    armies.garrison_add(st, rules, f, t, v, w, n, from_box=False)
    armies.drop_if_empty(st, a)
    return n


def from_garrison(g, s: int, f: int, t: int, v: int, w: int, n: int) -> int:
    st, rules = g.state, g.rules
    if st.garrison_force[f] != s or st.besieger[f] >= 0:
        return 0
    n = min(n, st.garrison[f][t][v][w])
    if n <= 0:
        return 0
    armies.garrison_remove(st, rules, f, t, v, w, n, to_box=False)
    if armies.tokens(st.garrison[f]) == 0:
        st.garrison_force[f] = -1
    a = _army_at(g, s, f)
    armies.add_units(st, rules, a, t, v, w, n, from_box=False)
    return n
