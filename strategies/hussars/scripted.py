"""The scripted machinery every Hussars plan shares: a priority list of card effects and a few thresholds.

Planning takes the priority list in order and plays each card whose action has a use right now (a Province it can
afford, a town site, an army below its target, an order worth giving ...), within the 2-star limit, then adds Card
Bidding and the family card when it bids. Orders are, in turn: attack an enemy army in reach that it out-guns by
``attack_ratio`` (``hunt``), set out on an open expedition (``expeditions``), raid the richest estate in reach whose
crimes keep its Crests within ``crest_limit`` (``spree``: no limit in the last Action Phase; ``punish``: raid
criminals for the Voivode's reward), or go home. Bids are the plan's values, kept within ``reserve``. Everything is
deterministic; the compiled engine mirrors it decision for decision (``sim/games/hussars/fast/policy.py``).
"""

from __future__ import annotations

from sim.games.hussars.game import armies, estates, law, movement, orders, raids, recruiting
from sim.games.hussars.game.expeditions import cavalry_units
from sim.games.hussars.game.experience import reward_options
from sim.games.hussars.game.orders import Order
from sim.games.hussars.game.state import AUTUMN, NS, ON_MAP
from strategies.hussars.base import Plan
from strategies.hussars.view import rival_leader, visible_strength

EFFECT_PRIORITIES = ("orders", "enlist", "replenish", "buy_province", "family_seat", "town", "settlers", "fortress",
                     "yellow")  # fmt: skip
BASE = {
    "priorities": ["orders", "buy_province", "town", "enlist", "settlers", "yellow", "replenish"],
    "reserve": 3,
    "bid_cards": True,
    "yellow_values": {"privilege": 5, "royal_grant": 4, "mercenaries": 5, "church": 2, "hussar_banner": 4,
                      "royal_favour": 3},
    "army_target": 3,
    "upkeep_margin": 0,
    "units": ["cossack", "light_cavalry"],
    "garrison": 1,
    "hunt": False,
    "attack_ratio": 1.5,
    "attack_rivals": False,
    "expeditions": False,
    "raid": True,
    "crest_limit": 0,
    "spree": False,
    "punish": True,
    "lease_value": 4,
    "title_values": {"bishop": 6, "hetman": 6, "castellan": 6, "voivode": 6},
    "title_successor": False,
    "settle_min_happiness": -2,
    "lokator": False,
    "town_max_gold": 5,
    "province_max_price": 12,
    "fortress": False,
    "family_seat": True,
    "swift_penalty": "gold",
    "use_favours": False,
    "defend_domain": True,
    "veto": False,
    "reward": "knowledge",
    "knowledge": ["orders", "town", "settlers", "enlist", "replenish"],
    "intercept_ratio": 1.0,
    "hidden_eff": 3.0,
    "target_leader": True,
}  # fmt: skip
CHOICES = {"swift_penalty": ("gold", "happiness"), "reward": ("knowledge", "tactic")}


class Scripted(Plan):
    name = "scripted"
    defaults: dict = BASE

    def __init__(self, **params):
        unknown = set(params) - set(self.defaults)
        if unknown:
            raise ValueError(f"unknown parameters for {self.name}: {sorted(unknown)}")
        self.p = {**self.defaults, **params}
        for key, options in CHOICES.items():
            if self.p[key] not in options:
                raise ValueError(f"{self.name}: {key} must be one of {', '.join(options)}, not {self.p[key]!r}")
        for effect in self.p["priorities"]:
            if effect not in EFFECT_PRIORITIES:
                raise ValueError(
                    f"{self.name}: priorities must be among {', '.join(EFFECT_PRIORITIES)}, not {effect!r}"
                )

    # ---- helpers ------------------------------------------------------------------------------------------------

    def _money(self, g, s: int) -> int:
        return g.state.gold[s] - self.p["reserve"]

    def _card(self, g, s: int, effect: str, taken) -> int:
        """A card of this effect still in hand (lowest type index), or -1."""
        st, rules = g.state, g.rules
        yellow = set(rules.yellow_deck)
        for c, card in enumerate(rules.cards):
            match = (c in yellow) if effect == "yellow" else (card.effect == effect and c not in yellow)
            if match and st.hand[s][c] - taken[c] > 0:
                return c
        return -1

    def _armies(self, g, s: int) -> list[int]:
        return [a for a in armies.armies_of(g.state, s) if orders.can_order(g, s, a)]

    def _final(self, g) -> bool:
        st = g.state
        return st.round == st.rounds and st.season == AUTUMN

    # ---- orders -------------------------------------------------------------------------------------------------

    def best_order(self, g, s: int, a: int) -> Order | None:
        st, rules = g.state, g.rules
        here = st.a_field[a]
        d = movement.distances(g, a)[here]
        budget = movement.speed(g, a) + rules.values["action_phase"]["extra_mp"]
        if self.p["hunt"]:
            mine = armies.effectiveness(rules, st.a_units[a])
            foes = []
            for b in range(len(st.a_force)):
                force = st.a_force[b]
                if force < 0 or force == s or st.a_away[b] != ON_MAP or armies.army_tokens(st, b) == 0:
                    continue
                hostile = law.is_enemy(st, rules, force) or (self.p["attack_rivals"] and 0 <= force < NS)
                if (
                    hostile
                    and d[st.a_field[b]] <= budget
                    and mine >= self.p["attack_ratio"] * visible_strength(g, s, b, self.p["hidden_eff"])
                ):
                    foes.append(b)
            if foes:
                b = min(foes, key=lambda b: (d[st.a_field[b]], b))
                return Order(a, st.a_field[b], "attack", b)
        if self.p["expeditions"]:
            for k, road in enumerate(rules.roads):
                if st.expedition[k]:
                    return Order(a, road, "expedition")
        target = self._raid_target(g, s, a, d, budget)
        if target >= 0:
            return Order(a, target, "raid")
        home = estates.home(st, rules, s)
        if here != home and st.owner[here] != s:
            return Order(a, home, "none")
        return None

    def _raid_target(self, g, s: int, a: int, d, budget: int) -> int:
        st, rules = g.state, g.rules
        cost = rules.values["action_phase"]["raid_mp"]
        allowance = 10**6 if self.p["spree"] and self._final(g) else self.p["crest_limit"] - law.crests(st, s)
        best, key = -1, None
        for f in range(st.dims.nf):
            if not estates.is_estate(st, f) or st.owner[f] == s or st.ruins[f] or d[f] + cost > budget:
                continue
            if armies.enemy_troops(st, f, s):
                continue
            victim = st.owner[f]
            gold = raids.loot(st, rules, f)
            if 0 <= victim < NS and law.crests(st, victim) > 0:
                if not self.p["punish"]:
                    continue
                n = law.punishments_for_loot(rules, gold)
                crimes = max(0, n - law.crests(st, victim)) if law.authorised(st, rules, s, victim) else n
            else:
                if not self.p["raid"]:
                    continue
                crimes = law.plunder_crimes(rules, st.plunder[s], gold)
            if crimes > max(0, allowance) or gold <= 0:
                continue
            k = (-gold, d[f], f)
            if key is None or k < key:
                best, key = f, k
        return best

    def figure(self, g, s: int):
        st = g.state
        mine = self._armies(g, s)
        with_me = [a for a in mine if st.a_field[a] == st.figure[s]]
        if with_me:
            a = max(with_me, key=lambda a: (armies.army_tokens(st, a), -a))
            return self.best_order(g, s, a)
        if mine:
            a = max(mine, key=lambda a: (armies.army_tokens(st, a), -a))
            if st.a_field[a] != st.figure[s]:
                return Order(-1, st.a_field[a])
        return None

    def order(self, g, s: int):
        for a in self._armies(g, s):
            order = self.best_order(g, s, a)
            if order is not None:
                return order
        return None

    # ---- building and recruiting --------------------------------------------------------------------------------

    def enlist(self, g, s: int):
        st, rules = g.state, g.rules
        have = sum(armies.army_tokens(st, a) for a in armies.armies_of(st, s, on_map=False))
        have += sum(armies.tokens(st.garrison[f]) for f in range(st.dims.nf) if st.garrison_force[f] == s)
        need = self.p["army_target"] - have
        home = estates.home(st, rules, s)
        if need <= 0 or not recruiting.can_enlist_at(g, s, home):
            return []
        money = self._money(g, s)
        room = st.income[s] + self.p["upkeep_margin"] - st.upkeep[s]  # Upkeep the plan accepts on top
        out = []
        allowed = recruiting.recruitable(g, s)
        for name in self.p["units"]:
            t = rules.units.index(name) if name in rules.units else -1
            if t not in allowed or need <= 0:
                continue
            upkeep = armies.unit_upkeep(rules, t)
            n = min(need, money // recruiting.cost(g, t), st.box[t], room // upkeep if upkeep else need)
            if n > 0:
                out.append((home, t, n))
                need -= n
                money -= n * recruiting.cost(g, t)
                room -= n * upkeep
        return out

    def replenish(self, g, s: int):
        return max(0, self._money(g, s))

    def _wounded(self, g, s: int) -> bool:
        st = g.state
        return any(st.a_units[a][t][v][1] for a in armies.armies_of(st, s) for t in range(st.dims.nt) for v in range(2))

    def buy(self, g, s: int):
        st, rules = g.state, g.rules
        best, key = -1, None
        for f in range(st.dims.nf):
            price = estates.province_price(st, rules, f)
            if (
                estates.can_buy(st, rules, s, f)
                and price <= self.p["province_max_price"]
                and st.gold[s] - price >= self.p["reserve"]
            ):
                k = (price, -estates.gross(st, rules, f), f)
                if key is None or k < key:
                    best, key = f, k
        return best

    def seat_site(self, g, s: int):
        st, rules = g.state, g.rules
        if not self.p["family_seat"]:
            return -1
        sites = [f for f in estates.estates_of(st, s) if estates.can_build_seat(st, rules, s, f)]
        if not sites or st.gold[s] - rules.values["estates"]["family_seat_gold"] < self.p["reserve"]:
            return -1
        return min(sites, key=lambda f: (-st.fortress[f], -estates.gross(st, rules, f), f))

    def town(self, g, s: int):
        st, rules = g.state, g.rules
        best, key = -1, None
        for f in estates.estates_of(st, s):
            if not estates.can_found_town(st, rules, s, f):
                continue
            gold, _ = estates.town_cost(st, rules, f)
            if gold <= self.p["town_max_gold"] and st.gold[s] - gold >= self.p["reserve"]:
                k = (gold, -estates.gross(st, rules, f), f)
                if key is None or k < key:
                    best, key = f, k
        return best

    def settle(self, g, s: int):
        st, rules = g.state, g.rules
        v = rules.values["estates"]
        if (
            st.happiness[s] - v["settlers_happiness"] > self.p["settle_min_happiness"]
            and st.gold[s] - v["settlers_gold"] >= self.p["reserve"]
        ):
            sites = [f for f in estates.estates_of(st, s) if estates.can_settle(st, rules, s, f)]
            if sites:
                return ("settlers", min(sites, key=lambda f: (st.relief[f], -estates.gross(st, rules, f), f)))
        if self.p["lokator"] and st.gold[s] - v["lokator_gold"] >= self.p["reserve"]:
            sites = estates.lokator_sites(st, rules, s)
            if sites:
                return ("lokator", sites[0])
        return None

    def fortress(self, g, s: int):
        st, rules = g.state, g.rules
        if not self.p["fortress"]:
            return -1
        sites = [f for f in estates.estates_of(st, s) if estates.can_fortify(st, rules, s, f) and st.fortress[f] == 0
                 and st.gold[s] - estates.fortress_cost(rules, 0) >= self.p["reserve"]]  # fmt: skip
        return min(sites, key=lambda f: (-estates.gross(st, rules, f), f)) if sites else -1

    def place(self, g, s: int):
        return estates.home(g.state, g.rules, s)

    def garrison(self, g, s: int):
        return self.p["garrison"]

    # ---- planning -----------------------------------------------------------------------------------------------

    def _useful(self, g, s: int, effect: str) -> bool:
        if effect == "orders":
            return self.order(g, s) is not None
        if effect == "enlist":
            return bool(self.enlist(g, s))
        if effect == "replenish":
            return self._wounded(g, s) and self._money(g, s) > 0
        if effect == "buy_province":
            return self.buy(g, s) >= 0
        if effect == "family_seat":
            return self.seat_site(g, s) >= 0
        if effect == "town":
            return self.town(g, s) >= 0
        if effect == "settlers":
            return self.settle(g, s) is not None
        if effect == "fortress":
            return self.fortress(g, s) >= 0
        return effect == "yellow"

    def cards(self, g, s: int):
        st, rules = g.state, g.rules
        limit = rules.values["action_phase"]["star_limit"]
        taken = [0] * st.dims.nc
        stars = 0
        out = []
        for effect in self.p["priorities"]:
            c = self._card(g, s, effect, taken)
            if c < 0 or stars + rules.cards[c].stars > limit or not self._useful(g, s, effect):
                continue
            taken[c] += 1
            stars += rules.cards[c].stars
            out.append(c)
        if self.p["bid_cards"] and self._money(g, s) > 0:
            for effect in ("card_bidding", "extra_bid"):
                c = self._card(g, s, effect, taken)
                if c >= 0 and stars + rules.cards[c].stars <= limit:
                    taken[c] += 1
                    stars += rules.cards[c].stars
                    out.append(c)
        return out

    # ---- bids and the rest --------------------------------------------------------------------------------------

    def auction(self, g, s: int, limit: int):
        st, rules = g.state, g.rules
        slots = [k for k in range(4) if st.market[k] >= 0 and self._yellow_value(rules, st.market[k]) > 0]
        slots.sort(key=lambda k: (-self._yellow_value(rules, st.market[k]), k))
        return slots[:limit]

    def _yellow_value(self, rules, card: int) -> int:
        return self.p["yellow_values"].get(rules.cards[card].id, 0)

    def bid_yellow(self, g, s: int, slot: int):
        st = g.state
        card = st.market[slot]
        value = self._yellow_value(g.rules, card) if card >= 0 else 0
        return (max(0, min(value, self._money(g, s))), 0)

    def bid_lease(self, g, s: int, lease: int):
        return (max(0, min(self.p["lease_value"], self._money(g, s))), 0)

    def bid_title(self, g, s: int, t: int):
        st, rules = g.state, g.rules
        title = rules.titles[t]
        value = self.p["title_values"].get(title.id, 0)
        rate = (1, rules.values["bidding"]["influence_gold"], rules.values["bidding"]["kings_support_gold"])
        ks = min(st.kings_support[s], value // rate[2]) if "kings_support" in title.currencies else 0
        value -= ks * rate[2]
        infl = min(max(0, st.influence[s]), value // rate[1]) if "influence" in title.currencies else 0
        value -= infl * rate[1]
        gold = max(0, min(value, self._money(g, s))) if "gold" in title.currencies else 0
        return (gold, infl, ks)

    def title_place(self, g, s: int, t: int):
        return bool(self.p["title_successor"])

    def intercept(self, g, s: int, field: int, army: int):
        st, rules = g.state, g.rules
        mine = armies.effectiveness(rules, st.garrison[field])
        return mine >= self.p["intercept_ratio"] * visible_strength(g, s, army, self.p["hidden_eff"])

    def attack_target(self, g, s: int, army: int, action: str, options):
        st = g.state
        if not self.p["target_leader"]:
            return 0
        leader = rival_leader(g, s)

        def rank(i: int) -> tuple[int, int]:
            o = options[i]
            owner = st.a_force[o] if action == "army" else st.owner[o]
            if owner == s:
                return (3, i)
            if owner == leader:
                return (0, i)
            return (1 if 0 <= owner < NS else 2, i)

        return min(range(len(options)), key=rank)

    def swift(self, g, s: int, attacks: int):
        st = g.state
        send = min(attacks, cavalry_units(g, s)) if self.p["defend_domain"] else 0
        bits = 0
        if self.p["use_favours"] and send < attacks:
            short = attacks - send
            if st.favours[s][0]:
                bits |= 1
                short -= 1
            if short > 0 and st.favours[s][1]:
                bits |= 2
        return (send, bits, self.p["swift_penalty"])

    def repay(self, g, s: int, units: int):
        return bool(self.p["defend_domain"])

    def veto(self, g, s: int):
        return bool(self.p["veto"])

    def ransom(self, g, s: int):
        return True

    def reward(self, g, s: int):
        options = reward_options(g, s)
        if not options:
            return None
        names = [c.id for c in g.rules.cards]
        wanted = [("knowledge", names.index(n)) for n in self.p["knowledge"] if n in names]
        tactics = [o for o in options if o[0] == "tactic"]
        order = wanted + tactics if self.p["reward"] == "knowledge" else tactics + wanted
        for o in order:
            if o in options:
                return o
        return options[0]
