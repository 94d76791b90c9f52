"""Random-legal baseline: every choice uniform among the legal ones (the game's stream decides).

Plan: 3 of the 6 actions in a random order. Each action is carried out with a random legal choice; Movement
moves each group of figures with probability ``move_share`` to a random reachable land. At a Council every
player plays each support card with probability ``play_share``.
"""

from __future__ import annotations

import random

from sim.games.principes import legal
from sim.games.principes.game import cards, neighbors, nonplayers
from sim.games.principes.game.history import division, invaders, release, urbanization
from sim.games.principes.game.movement import Move
from sim.games.principes.game.state import State
from strategies.principes.base import ACTIONS, MoveOrder, Strategy, planned


class RandomLegal(Strategy):
    """With the optional rules on: tiles, Princess missions and the cards she takes are uniform among the legal
    ones; each Court Card is played for its text before an action with probability ``court_share``. Neighbors: before
    Politics a random legal Neighbor Card is played with probability ``neighbor_share`` (asked again after each), each
    card that could block is played with that probability, and each group of a Neighbor's figures moves like the
    player's own."""

    name = "random"
    defaults = {"move_share": 0.5, "play_share": 0.5, "court_share": 0.25, "neighbor_share": 0.5}

    def direction(self, state: State, me: str, rng: random.Random) -> bool:
        return rng.random() < 0.5

    def plan(self, state, me, rng):
        return tuple(rng.sample(ACTIONS, planned(state)))

    def taxes(self, state, me, rng):
        return legal.can_tax(state, me)

    def assembly(self, state, me, rng):
        lands, knights, footmen, cap = legal.assembly_room(state, me)
        if not lands:
            return {}
        v = state.rules.values["assembly"]
        k = rng.randint(0, min(knights, cap))
        paid = (state.gold[me] - k * v["knight_cost"]) // v["footman_cost"] if v["footman_cost"] else cap
        f = rng.randint(0, min(footmen, cap - k, paid))
        return {rng.choice(lands): {"knight": k, "footman": f}}

    def movement(self, state, me, rng):
        moves = []
        for land, kind, n in legal.stacks(state, me):
            if rng.random() >= self.p["move_share"]:
                continue
            paths = legal.reach(state, me, kind, land)
            if paths:
                dest = rng.choice(sorted(paths))
                moves.append(Move(kind, paths[dest], rng.randint(1, n)))
        return MoveOrder(tuple(moves), indulgence=rng.random() < 0.5, destroy=frozenset())

    def building(self, state, me, rng):
        gold = state.gold[me]
        city = None
        sites = legal.city_sites(state, me)
        if sites and rng.random() < 0.5:
            city, cost = rng.choice(sites)
            gold -= cost
        built = []
        free = [land for land in legal.building_sites(state, me)]
        kinds = legal.building_kinds(state)
        for _ in range(rng.randint(0, state.rules.values["building"]["buildings_per_action"])):
            if not free or not kinds or gold < legal.building_cost(state):
                break
            land = free.pop(rng.randrange(len(free)))
            built.append((land, rng.choice(kinds)))
            gold -= legal.building_cost(state)
        # two buildings of a kind with one token left: keep the first
        seen: dict[str, int] = {}
        ok = []
        for land, kind in built:
            seen[kind] = seen.get(kind, 0) + 1
            if seen[kind] <= state.supply[kind]:
                ok.append((land, kind))
        return city, ok

    def politics(self, state, me, rng):
        return "council" if rng.random() < 0.5 else rng.randint(0, state.rules.values["politics"]["cards_drawn"])

    def council(self, state, me, host, rng):
        return [
            (card, rng.choice(tracks))
            for card, tracks in legal.support_cards(state, me)
            if rng.random() < self.p["play_share"]
        ]

    def progress(self, state, me, rng):
        picks = legal.tile_picks(state, me)
        return rng.choice(picks) if picks else None

    def support_track(self, state, me, rng):
        return rng.choice(("people", "clergy"))

    def church_schools(self, state, me, rng):
        return rng.random() < 0.5

    def new_mechanisms(self, state, me, rng):
        return rng.choice([a for a in ACTIONS if a != "progress"]) if rng.random() < 0.5 else None

    def court_texts(self, state, me, action, rng):
        court = [c for c, n in sorted(state.hands[me].items()) if c.startswith("court.") for _ in range(n)]
        return [c for c in court if rng.random() < self.p["court_share"]]

    def princess(self, state, me, options, rng):
        return rng.choice(options)

    def princess_draw(self, state, me, rng):
        return rng.choice(("court", "neighbor"))

    def princess_discard(self, state, me, rng):
        hand = [c for c, n in sorted(state.hands[me].items()) if not c.startswith("battle") for _ in range(n)]
        if not hand:
            return None
        card = rng.choice(hand)
        symbol = cards.support_symbol(state, card)
        uses = ["discard", "gold"] + ([symbol] if symbol in ("people", "clergy") else ["people", "clergy"])
        return card, rng.choice(uses)

    def history_division(self, state, me, rng):
        options = division.candidates(state, me)
        return rng.choice(options) if options and rng.random() < 0.5 else None

    def history_urbanization(self, state, me, rng):
        options = urbanization.candidates(state, me)
        return rng.choice(options) if options and rng.random() < 0.5 else None

    def history_release(self, state, me, rng):
        options = release.candidates(state, me)
        return rng.choice(options) if options else None

    def history_teutonic(self, state, me, rng):
        return rng.random() < 0.5

    def history_invaders(self, state, me, faction, stock, rng):
        area = invaders.spec(faction, state.rules).get("area")
        groups = [(area, k, n) for k, n in (stock or {}).items() if n] + invaders.on_map(state, faction)
        moves = []
        for start, kind, n in groups:
            paths = invaders.reach(state, faction, start, kind, me)
            if paths and rng.random() < self.p["move_share"]:
                moves.append(Move(kind, paths[rng.choice(sorted(paths))], rng.randint(1, n)))
        return moves

    def neighbor_play(self, state, me, used, rng):
        options = neighbors.playable(state, me, used)
        return rng.choice(options) if options and rng.random() < self.p["neighbor_share"] else None

    def neighbor_block(self, state, me, mover, neighbor, pool, rng):
        return [c for c in neighbors.blocking_cards(state, me, neighbor) if rng.random() < self.p["neighbor_share"]]

    def neighbor_moves(self, state, me, neighbor, pool, rng):
        left, moves = dict(pool), []
        for start, kind, n in neighbors.groups(state, neighbor):
            take = min(n, left.get(kind, 0))
            if not take or rng.random() >= self.p["move_share"]:
                continue
            paths = neighbors.reach(state, neighbor, start, kind, me)
            if paths:
                k = rng.randint(1, take)
                moves.append(Move(kind, paths[rng.choice(sorted(paths))], k))
                left[kind] -= k
        ends = sorted({m.path[-1] for m in moves})
        kinds = (("city",), ("building",), ("city", "building"))
        destroy = {land: rng.choice(kinds) for land in ends if rng.random() < 0.5}
        return neighbors.Order(tuple(moves), destroy)

    def combined(self, state, me, action, rng):
        """Active variant: with probability ``move_share`` a uniform legal Combined Action."""
        return nonplayers.random_choice(state, me, action, rng, self.p["move_share"])
