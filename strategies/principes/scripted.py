"""The machinery behind the scripted plans: priorities and thresholds in, decisions out.

A plan file (``builder.py``, ``conqueror.py``, ``politician.py``) only sets ``defaults``; this class reads them:

- ``priorities``: actions in the order the plan wants them; the first 3 that are worth doing are planned,
  then the rest of the list fills any gap.
- ``tax_min_people``: collect Taxes only while People Support is above this.
- ``army_target``: assemble until this many figures are on the Map; ``gold_reserve``: gold never spent.
- ``attack_ratio``: attack a land when the figures that reach it are this many times its defence
  (defenders' swords + the site's shields); ``attack_players`` / ``attack_neutral`` choose the prey;
  ``prefer_weakest``: a bonus for lands of the player with the fewest figures; ``prince_moves``: risk the Prince.
- ``found_cities``, ``max_buildings``, ``buildings``: what the Building Action buys, tracks balanced.
- ``council_leads``: summon a Council when the projected leads reach this (``None``: the number the rules need);
  ``draw_court``: Court Cards among the 3 drawn; ``block_councils``: spend cards to stop another host.
- ``progress``: take Progress Tiles; ``sell_battle_cards``: trade Battle Cards for gold before Building.
- ``late_council``: in the final Round, resolve Politics last (the Princeps after Round VI wins).

Decision rules off by default (their defaults play exactly the plans above):

- ``attack_win_prob``: when above 0, a defended land is attacked only when the battle's exact win probability from
  the Battle Dice alone (``odds.win_probability``: before cards, rerolls and flips) exceeds it; this replaces the
  ``attack_ratio`` test there (undefended lands are taken as before).
- ``spend_leftover``: in the last this many Rounds (``state.final_round``, which the plan sees move when the game is
  cut short), spend the gold that would be left: the reserve is ``spend_reserve`` instead of ``gold_reserve``, a
  City is founded even without ``found_cities``, the Building Action buys as many buildings as the rules allow
  (``building.buildings_per_action``), Building goes first in the priorities, Assembly is worth doing while the
  gold buys a Knight, and the plan resolves Taxes, then Building, then Assembly before its other actions. Gold
  scores nothing at the end; Cities, Tiltyards and Abbeys raise the tracks the last Council and coronation read.
  The plan collects no Taxes then (they cost People, and their gold would be left over).
- ``tax_max_gold``: collect Taxes only while holding less gold than this (``None``: always); Taxes cost People.
- ``lead_early`` / ``lead_late``: the action the Round's plan leads with, ``lead_early`` in the Rounds before
  ``lead_switch`` and ``lead_late`` from it on (``None``: the plan's own lead), while the plan holds at least
  ``lead_min_gold`` gold. The action goes first and the plan's others follow in their order (the last one drops out
  when the lead was not among them): the change the rollout searcher makes most (``sim ladder``: "progress first,
  not taxes"). ``spend_leftover`` and ``late_council`` still reorder the plan after it.
- ``council_hold``: in this many Rounds before the final one (``state.final_round``), draw instead of summoning a
  Council (0: off); ``council_final``: in the final Round, summon a Council whenever another Principality holds the
  Princeps Token, whatever the projected leads. Both come from the searcher's Politics choices (``sim ladder
  --actions``): the Princeps Token taken in the Round before the final one passes to a rival in the final Round's
  Councils (its holder acts first in each turn), while the cards drawn instead support the final Council.

Optional rules (only read when switched on in the experiment):

- printed Progress Tiles: ``tile_wishlist`` (tile names, most wanted first; when one can be taken, Progress moves
  up to ``progress_rank`` in the priorities), ``take_tiles`` (fill a free space with any tile when taking tiles),
  ``new_mechanisms`` (the action to play the Progress token as once New Mechanisms is held, or null);
- ``princess``: mission kinds in order of preference (``own_capital``, ``rival_capital``, ``neighbor``);
- ``court_text_before``: actions before which up to ``court_text_max`` Court Cards are played for their text.
- Neighbors: ``neighbor_play`` a card before Politics when its planned moves take lands of ``neighbor_target``
  (``leader``: highest track sum; ``weakest``: fewest figures), else of the next rival, worth at least
  ``neighbor_min_value`` (Might + support points + building), attacking where the figures' swords reach
  ``neighbor_ratio`` times the defence; pay a card's cost only keeping ``neighbor_reserve`` gold; ``neighbor_block``
  while a land of its own is threatened; ``neighbor_draws`` Neighbor Cards among the 3 drawn; ``neighbor_destroy``
  the Cities and buildings of lands taken.
"""

from __future__ import annotations

from sim.games.principes import legal
from sim.games.principes.game import neighbors, princesses, tiles
from sim.games.principes.game.battles import site_shields
from sim.games.principes.game.building import city_cost
from sim.games.principes.game.cards import support_symbol
from sim.games.principes.game.control import controller, land_might, land_points
from sim.games.principes.game.movement import Move
from sim.games.principes.game.politics import TRACKS, tracks_needed
from strategies.principes.base import ACTIONS, MoveOrder, Strategy, planned
from strategies.principes.odds import win_probability

BASE = {
    "priorities": list(ACTIONS),
    "tax_min_people": 1,
    "army_target": 6,
    "gold_reserve": 0,
    "attack_ratio": 1.5,
    "attack_players": True,
    "attack_neutral": True,
    "prefer_weakest": 0,
    "prince_moves": False,
    "indulgence": True,
    "destroy": False,
    "found_cities": True,
    "max_buildings": 2,
    "buildings": ["tiltyard", "abbey", "castle"],
    "council_leads": None,
    "draw_court": 3,
    "block_councils": False,
    "progress": False,
    "sell_battle_cards": False,
    "late_council": True,
    "tile_wishlist": [],
    "progress_rank": 1,
    "take_tiles": True,
    "new_mechanisms": None,
    "princess": ["own_capital", "rival_capital", "neighbor"],
    "court_text_before": [],
    "court_text_max": 1,
    "neighbor_play": True,
    "neighbor_target": "leader",
    "neighbor_ratio": 1.0,
    "neighbor_reserve": 2,
    "neighbor_min_value": 1,
    "neighbor_block": True,
    "neighbor_draws": 1,
    "neighbor_destroy": True,
    "attack_win_prob": 0.0,
    "spend_leftover": 0,
    "spend_reserve": 0,
    "tax_max_gold": None,
    "lead_early": None,
    "lead_late": None,
    "lead_switch": 4,
    "lead_min_gold": 0,
    "council_hold": 0,
    "council_final": False,
}
SPEND_FIRST = {"taxes": 0, "building": 1, "assembly": 2}  # ``spend_leftover``: the order these resolve in


class Scripted(Strategy):
    name = "scripted"
    defaults = BASE
    optional = {"council_leads": 0, "tax_max_gold": 0}  # null (off, the default) or a number ≥ 0: sim.schemas.plans

    # --- planning ---------------------------------------------------------------------------------------------

    def plan(self, state, me, rng):
        priorities = list(self.p["priorities"])
        if "tiles" in state.variants and self.wished(state, me):  # a wanted tile is on the Market
            priorities = [a for a in priorities if a != "progress"]
            priorities.insert(self.p["progress_rank"], "progress")
        spending = self.spending(state)
        if spending:  # spend_leftover: Building first
            priorities = ["building"] + [a for a in priorities if a != "building"]
        wanted = [a for a in priorities if self.worth(state, me, a)]
        rest = [a for a in priorities + list(ACTIONS) if a not in wanted]
        plan = tuple(dict.fromkeys(wanted + rest))[: planned(state)]
        lead = self.lead(state, me)
        if lead is not None:  # lead_early / lead_late: that action first, the plan's others behind it
            plan = (lead,) + tuple(a for a in plan if a != lead)[: planned(state) - 1]
        if spending:  # gold from Taxes is spent by Building, what Building leaves by Assembly
            plan = tuple(sorted(plan, key=lambda a: SPEND_FIRST.get(a, len(SPEND_FIRST))))
        if self.p["late_council"] and state.round >= state.final_round and "politics" in plan:
            plan = tuple(a for a in plan if a != "politics") + ("politics",)  # the last Council keeps the Princeps
        return plan

    def worth(self, state, me, action) -> bool:
        if action == "taxes":
            return self.taxes(state, me, None)
        if action == "assembly":
            lands, knights, footmen, _ = legal.assembly_room(state, me)
            on_map = sum(n for _, _, n in legal.stacks(state, me))
            if bool(lands) and knights + footmen > 0 and on_map < self.p["army_target"]:
                return True
            cost = state.rules.values["assembly"]["knight_cost"]  # spend_leftover: while the gold buys a Knight
            spare = state.gold[me] - self.reserve(state)
            return self.spending(state) and bool(lands) and knights > 0 and 0 < cost <= spare
        if action == "movement":
            return self.target(state, me) is not None
        if action == "building":
            return bool(self.city(state, me)) or bool(self.buildings(state, me, state.gold[me]))
        if action == "politics":
            return True
        if action == "progress":
            if "tiles" in state.variants:
                return bool(self.wished(state, me)) or (self.p["take_tiles"] and bool(self.free_picks(state, me)))
            return self.p["progress"] and bool(legal.tile_picks(state, me))
        return False

    def lead(self, state, me) -> str | None:
        """``lead_early`` / ``lead_late``: the action this Round's plan leads with, or None (the plan's own)."""
        p = self.p
        action = p["lead_early"] if state.round < p["lead_switch"] else p["lead_late"]
        return None if action is None or state.gold[me] < p["lead_min_gold"] else action

    def spending(self, state) -> bool:
        """``spend_leftover``: the game ends within that many Rounds (as far as the plan sees)."""
        n = self.p["spend_leftover"]
        return n > 0 and state.round > state.final_round - n

    def reserve(self, state) -> int:
        return self.p["spend_reserve"] if self.spending(state) else self.p["gold_reserve"]

    # --- actions ----------------------------------------------------------------------------------------------

    def sell(self, state, me, action, rng):
        if action != "building" or not self.p["sell_battle_cards"]:
            return []
        return [c for c, n in sorted(state.hands[me].items()) if c.startswith("battle") for _ in range(n)]

    def taxes(self, state, me, rng):
        if not (legal.can_tax(state, me) and state.people[me] > self.p["tax_min_people"]):
            return False
        cap = self.p["tax_max_gold"]
        if cap is not None and state.gold[me] >= cap:  # more gold than the plan can use: keep the People
            return False
        return not self.spending(state)  # the last Rounds spend the gold in hand: more would be left over

    def assembly(self, state, me, rng):
        lands, knights, footmen, cap = legal.assembly_room(state, me)
        if not lands:
            return {}
        v = state.rules.values["assembly"]
        cost = v["knight_cost"]
        spare = max(0, state.gold[me] - self.reserve(state))
        k = min(knights, cap, spare // cost if cost else cap)
        f = min(footmen, cap - k, (spare - k * cost) // v["footman_cost"] if v["footman_cost"] else cap)
        capital = state.board.capitals[me]
        return {capital if capital in lands else lands[0]: {"knight": k, "footman": f}}

    def movable(self, state, me):
        """(land, kind, figures free to leave): the Prince stays unless allowed, and 1 figure holds a land
        outside the home Principality (control there lasts only while units stand on it)."""
        out = []
        for land, kind, n in legal.stacks(state, me):
            if kind == "prince" and not self.p["prince_moves"]:
                continue
            out.append([land, kind, n])
        for land in {x[0] for x in out}:
            if state.board.land(land).principality != me:
                group = sorted((x for x in out if x[0] == land), key=lambda x: x[1] != "footman")
                if sum(state.units_of(land, me).values()) == sum(x[2] for x in group):
                    group[0][2] -= 1  # leave the cheapest figure behind
        return [tuple(x) for x in out if x[2] > 0]

    def target(self, state, me):
        """The best land to take this action, with the moves that take it, or None."""
        weakest = min(state.players, key=lambda p: (sum(n for _, _, n in legal.stacks(state, p)), p))
        best = None
        reach = {}
        for land, kind, n in self.movable(state, me):
            for dest, path in legal.reach(state, me, kind, land).items():
                reach.setdefault(dest, []).append(Move(kind, path, n))
        for dest, moves in sorted(reach.items()):
            owner = controller(state, dest)
            if owner == me:
                continue
            is_player = owner in state.players  # a non-player Principality's units are neutral (2-3 players)
            if (is_player and not self.p["attack_players"]) or (not is_player and not self.p["attack_neutral"]):
                continue
            power = sum(legal.swords(state, m.kind) * m.n for m in moves)
            if power == 0:
                continue
            foes = [f for f in state.factions_on(dest) if f != me]
            if self.p["attack_win_prob"] > 0 and foes:  # the exact odds of the dice decide a battle
                units = {}
                for m in moves:
                    units[m.kind] = units.get(m.kind, 0) + m.n
                rb, shields = state.rules.battle, site_shields(state, dest)
                if win_probability(rb, units, state.units_of(dest, foes[0]), shields) <= self.p["attack_win_prob"]:
                    continue
            elif power < self.p["attack_ratio"] * legal.defence(state, dest, me):
                continue
            people, clergy = land_points(state, dest)
            score = land_might(state, dest) + people + clergy + self.p["prefer_weakest"] * (owner == weakest)
            if score > 0 and (best is None or score > best[0]):
                best = (score, dest, moves)
        return best

    def movement(self, state, me, rng):
        best = self.target(state, me)
        if best is None:
            return None
        _, dest, moves = best
        destroy = frozenset({dest}) if self.p["destroy"] else frozenset()
        return MoveOrder(tuple(moves), indulgence=self.p["indulgence"], destroy=destroy)

    def city(self, state, me):
        if not self.p["found_cities"] and not self.spending(state):
            return None
        spare = state.gold[me] - self.reserve(state)
        sites = [(cost, land) for land, cost in legal.city_sites(state, me) if cost <= spare]
        home = [s for s in sites if state.board.land(s[1]).principality == me]  # safer to keep
        return min(home or sites)[1] if sites else None

    def buildings(self, state, me, gold):
        kinds = [k for k in self.p["buildings"] if state.supply.get(k, 0) > 0]
        # a Tiltyard raises People, an Abbey Clergy: help the lower track first
        kinds.sort(key=lambda k: {"tiltyard": state.people[me], "abbey": state.clergy[me]}.get(k, 11))
        sites = sorted(legal.building_sites(state, me), key=lambda x: (-land_might(state, x), x))
        sites = [s for s in sites if state.board.land(s).principality == me] or sites
        cost, out = legal.building_cost(state), []
        used: dict[str, int] = {}
        most = self.p["max_buildings"]
        if self.spending(state):
            most = state.rules.values["building"]["buildings_per_action"]
        reserve = self.reserve(state)
        for kind in kinds * most:
            if len(out) >= most or not sites or gold - cost < reserve:
                break
            if used.get(kind, 0) >= state.supply[kind]:
                continue
            used[kind] = used.get(kind, 0) + 1
            out.append((sites.pop(0), kind))
            gold -= cost
        return out

    def building(self, state, me, rng):
        city = self.city(state, me)
        gold = state.gold[me] - (city_cost(state, city) if city else 0)
        return city, self.buildings(state, me, gold)

    # --- politics ---------------------------------------------------------------------------------------------

    def support_plan(self, state, me, standing):
        """(card, track) for every support card, each on the lower of its tracks, none past 10."""
        mine = dict(standing[me])
        plays = []
        for card, tracks in legal.support_cards(state, me):
            track = min(tracks, key=lambda t: mine[t])
            if mine[track] < state.rules.track_high:
                mine[track] += 1
                plays.append((card, track))
        return plays, mine

    def politics(self, state, me, rng):
        standing = legal.council_standing(state)
        _, mine = self.support_plan(state, me, standing)
        leads = sum(mine[t] >= max((s[t] for p, s in standing.items() if p != me), default=0) for t in TRACKS)
        needed = self.p["council_leads"] or tracks_needed(state, me)
        crowned = all(mine[t] >= state.rules.track_high for t in TRACKS)
        rounds_left = state.final_round - state.round
        hold = 0 < rounds_left <= self.p["council_hold"]
        final = self.p["council_final"] and rounds_left <= 0 and state.princeps != me
        if crowned or (not hold and (final or (leads >= needed and state.princeps != me))):
            return "council"
        if neighbors.enabled(state):
            drawn = state.rules.values["politics"]["cards_drawn"]
            return max(0, min(self.p["draw_court"], drawn - self.p["neighbor_draws"]))
        return self.p["draw_court"]

    def keep(self, state, me):
        def put_back(drawn):  # the card for the track already highest
            def value(card):
                symbol = support_symbol(state, card)
                return 0 if symbol == "either" else -state.people[me] if symbol == "people" else -state.clergy[me]

            return min(drawn, key=lambda c: (value(c), c))

        return put_back

    def council(self, state, me, host, rng):
        standing = legal.council_standing(state)
        if host == me:
            return self.support_plan(state, me, standing)[0]
        if not self.p["block_councils"]:
            return []
        hand = legal.support_cards(state, me)
        plays = []
        for track in ("people", "clergy"):
            need = standing[host][track] - standing[me][track] + 1  # a tie still lets the host lead
            usable = [c for c, tracks in hand if track in tracks]
            if 0 < need <= len(usable) and standing[me][track] + need <= state.rules.track_high:
                for card in usable[:need]:
                    plays.append((card, track))
                    hand.remove(next(h for h in hand if h[0] == card))
        return plays

    def progress(self, state, me, rng):
        if "tiles" in state.variants:
            wished = self.wished(state, me)
            if wished:
                return wished[0]
            free = self.free_picks(state, me)
            return free[0] if free and self.p["take_tiles"] else None
        picks = [p for p in legal.tile_picks(state, me) if p[1] is None]
        return picks[0] if picks and self.p["progress"] else None

    # --- printed Progress Tiles, Princesses, Court Card texts (only when switched on) ------------------------------

    def rank(self, tile: str | None, rules=None) -> int:
        """A tile's place on the wishlist (len(wishlist) for a tile not on it)."""
        wish = self.p["tile_wishlist"]
        name = tiles.catalogue(rules).get(tile or "", {}).get("name")
        return wish.index(name) if name in wish else len(wish)

    def wished(self, state, me):
        """Legal picks of wishlist tiles, most wanted first; an exchange only gives back a less wanted tile."""
        n = len(self.p["tile_wishlist"])

        def rank(tile):
            return self.rank(tile, state.rules)

        picks = [p for p in legal.tile_picks(state, me) if rank(p[0]) < n]
        picks = [p for p in picks if p[1] is None or rank(p[1]) > rank(p[0])]
        return sorted(picks, key=lambda p: (rank(p[0]), p[1] is not None, -rank(p[1]), p))

    def free_picks(self, state, me):
        return [p for p in legal.tile_picks(state, me) if p[1] is None]

    def new_mechanisms(self, state, me, rng):
        """Play Progress as the ``new_mechanisms`` action when no wanted tile is on offer and it is worth doing."""
        alt = self.p["new_mechanisms"]
        return alt if alt and not self.wished(state, me) and self.worth(state, me, alt) else None

    def princess(self, state, me, options, rng):
        return princesses.default_mission(state, me, list(self.p["princess"]), options)

    def court_texts(self, state, me, action, rng):
        if action not in self.p["court_text_before"]:
            return []
        court = [c for c, n in sorted(state.hands[me].items()) if c.startswith("court.") for _ in range(n)]
        return court[: self.p["court_text_max"]]

    # --- Neighbors (only asked with neighbors on) -----------------------------------------------------------------

    def neighbor_play(self, state, me, used, rng):
        if not self.p["neighbor_play"]:
            return None
        p = self.p
        return neighbors.default_play(
            state, me, used, p["neighbor_target"], p["neighbor_ratio"], p["neighbor_reserve"], p["neighbor_min_value"]
        )

    def neighbor_block(self, state, me, mover, neighbor, pool, rng):
        if not self.p["neighbor_block"]:
            return []
        return neighbors.default_block(state, me, mover, neighbor, pool, self.p["neighbor_ratio"])

    def neighbor_moves(self, state, me, neighbor, pool, rng):
        p = self.p
        return neighbors.plan_moves(
            state, me, neighbor, pool, p["neighbor_target"], p["neighbor_ratio"], p["neighbor_destroy"]
        )
