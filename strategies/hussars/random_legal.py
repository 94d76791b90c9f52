"""The random-legal baseline: every decision uniform over the options the rules allow, drawn from the game's stream.

Options are listed in a fixed order (field, slot and type indices ascending) and one ``randrange`` picks among them,
so the compiled engine (``fast/policy.py``) draws exactly alike. "No order" and "skip" are options where the rules let
a player skip an action.
"""

from __future__ import annotations

from sim.games.hussars.game import armies, estates, movement, orders, recruiting, sieges
from sim.games.hussars.game.combat import GARRISON
from sim.games.hussars.game.experience import reward_options
from sim.games.hussars.game.orders import Order
from sim.games.hussars.game.state import ON_MAP
from strategies.hussars.base import Plan


def _pick(g, options):
    return options[g.rng.randrange(len(options))] if options else None


def army_options(g, s: int, a: int) -> list:
    """Every order this army may be given now (None first: no order)."""
    st, rules = g.state, g.rules
    here = st.a_field[a]
    d = movement.distances(g, a)[here]
    budget = movement.speed(g, a) + rules.values["action_phase"]["extra_mp"]
    out = [None]
    for f in range(st.dims.nf):
        if d[f] <= budget:
            out.append(Order(a, f, "none"))
    for f in range(st.dims.nf):
        if d[f] + 1 > budget or not estates.is_estate(st, f) or st.owner[f] == s or armies.enemy_troops(st, f, s):
            continue
        if st.ruins[f] == 0:
            out.append(Order(a, f, "raid"))
        if st.occupier[f] < 0 and st.besieger[f] < 0:
            out.append(Order(a, f, "occupy"))
    for f in range(st.dims.nf):
        if (
            d[f] <= budget
            and estates.is_estate(st, f)
            and st.owner[f] != s
            and not armies.enemy_troops(st, f, s)
            and (st.fortress[f] or st.building[f] or st.family_seat[f] >= 0)
        ):
            out.append(Order(a, f, "burn"))
    for b in range(len(st.a_force)):
        if (
            st.a_force[b] not in (-1, s)
            and st.a_away[b] == ON_MAP
            and armies.army_tokens(st, b)
            and d[st.a_field[b]] <= budget
        ):
            out.append(Order(a, st.a_field[b], "attack", b))
    if st.besieger[here] == a and armies.tokens(st.garrison[here]):
        out.append(Order(a, here, "attack", GARRISON))
    for f in range(st.dims.nf):
        if (
            d[f] + 1 <= budget
            and st.fortress[f]
            and st.garrison_force[f] not in (-1, s)
            and st.besieger[f] < 0
            and armies.tokens(st.garrison[f])
            and sieges.effective(g, a, f)
        ):
            out.append(Order(a, f, "siege"))
    for k, road in enumerate(rules.roads):
        if st.expedition[k]:
            out.append(Order(a, road, "expedition"))
    return out


class RandomLegal(Plan):
    name = "random"

    def cards(self, g, s: int):
        st, rules = g.state, g.rules
        stars, out = 0, []
        for c in range(st.dims.nc):
            for _ in range(st.hand[s][c]):
                take = g.rng.randrange(2)
                if take and stars + rules.cards[c].stars <= rules.values["action_phase"]["star_limit"]:
                    stars += rules.cards[c].stars
                    out.append(c)
        return out

    def figure(self, g, s: int):
        st, rules = g.state, g.rules
        here = [a for a in armies.armies_of(st, s) if st.a_field[a] == st.figure[s] and orders.can_order(g, s, a)]
        if here:
            return _pick(g, army_options(g, s, here[0]))
        d = rules.dist[st.figure[s]]
        return _pick(
            g, [None] + [Order(-1, f) for f in range(st.dims.nf) if d[f] <= rules.values["action_phase"]["figure_mp"]]
        )

    def order(self, g, s: int):
        mine = [a for a in armies.armies_of(g.state, s) if orders.can_order(g, s, a)]
        a = _pick(g, mine)
        return None if a is None else _pick(g, army_options(g, s, a))

    def enlist(self, g, s: int):
        st = g.state
        types = [t for t in recruiting.recruitable(g, s) if st.box[t] and st.gold[s] >= recruiting.cost(g, t)]
        sites = [f for f in estates.estates_of(st, s) if recruiting.can_enlist_at(g, s, f)]
        if not types or not sites:
            return []
        t, f = _pick(g, types), _pick(g, sites)
        return [(f, t, 1 + g.rng.randrange(2))]

    def replenish(self, g, s: int):
        return g.rng.randrange(max(0, g.state.gold[s]) + 1)

    def _field(self, g, ok) -> int:
        options = [f for f in range(g.state.dims.nf) if ok(f)] + [-1]
        return _pick(g, options)

    def buy(self, g, s: int):
        return self._field(g, lambda f: estates.can_buy(g.state, g.rules, s, f))

    def seat_site(self, g, s: int):
        return self._field(g, lambda f: estates.can_build_seat(g.state, g.rules, s, f))

    def town(self, g, s: int):
        return self._field(g, lambda f: estates.can_found_town(g.state, g.rules, s, f))

    def fortress(self, g, s: int):
        return self._field(g, lambda f: estates.can_fortify(g.state, g.rules, s, f))

    def settle(self, g, s: int):
        st, rules = g.state, g.rules
        options = [("settlers", f) for f in range(st.dims.nf) if estates.can_settle(st, rules, s, f)]
        options += [("lokator", f) for f in range(st.dims.nf) if estates.can_lokator(st, rules, s, f)]
        return _pick(g, options + [None])

    def place(self, g, s: int):
        st = g.state
        return _pick(g, [f for f in estates.estates_of(st, s) if recruiting.can_enlist_at(g, s, f)] + [-1])

    def garrison(self, g, s: int):
        return g.rng.randrange(3)

    def auction(self, g, s: int, limit: int):
        st = g.state
        out = []
        for k in range(4):
            if st.market[k] >= 0 and len(out) < limit and g.rng.randrange(2):
                out.append(k)
        return out

    def bid_yellow(self, g, s: int, slot: int):
        return (g.rng.randrange(max(0, g.state.gold[s]) + 1), 0)

    def bid_lease(self, g, s: int, lease: int):
        return (g.rng.randrange(max(0, g.state.gold[s]) // 2 + 1), 0)

    def bid_title(self, g, s: int, t: int):
        st, rules = g.state, g.rules
        title = rules.titles[t]
        gold = g.rng.randrange(max(0, st.gold[s]) // 2 + 1) if "gold" in title.currencies else 0
        infl = g.rng.randrange(max(0, st.influence[s]) + 1) if "influence" in title.currencies else 0
        return (gold, infl, 0)

    def title_place(self, g, s: int, t: int):
        return bool(g.rng.randrange(2))

    def intercept(self, g, s: int, field: int, army: int):
        return bool(g.rng.randrange(2))

    def attack_target(self, g, s: int, army: int, action: str, options):
        return g.rng.randrange(len(options))

    def swift(self, g, s: int, attacks: int):
        send = g.rng.randrange(attacks + 1)
        bits = g.rng.randrange(4)
        return (send, bits, ("gold", "happiness")[g.rng.randrange(2)])

    def repay(self, g, s: int, units: int):
        return bool(g.rng.randrange(2))

    def veto(self, g, s: int):
        return bool(g.rng.randrange(2))

    def ransom(self, g, s: int):
        return bool(g.rng.randrange(2))

    def reward(self, g, s: int):
        return _pick(g, reward_options(g, s))
