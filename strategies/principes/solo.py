"""Solo plan: build support early, then take the three other Capitals and hold them, and summon the Council only
when it wins (every track at 15 and all 4 Capitals held after playing the cards in hand).

Parameters beyond the scripted plan's (``strategies/principes/scripted.py``):

- ``early_rounds``: Rounds played with ``early_priorities`` (economy and support), later Rounds use ``priorities``;
- ``capital_bonus``: added to a Capital's value when choosing what to attack;
- ``keep_neighbor``: Neighbor Cards kept in hand to block the Neighbors; every other Court or Neighbor Card is
  played for support at once (``solo_support``);
- ``hold_swords``: swords left on a foreign Capital the player holds (2 Knights' worth keeps a pair of activated
  Knights from attacking it: the activation scheme only attacks units with fewer swords).
"""

from __future__ import annotations

from sim.games.principes import legal
from sim.games.principes.game import solo
from sim.games.principes.game.control import controller, land_might, land_points
from sim.games.principes.game.movement import Move
from strategies.principes.scripted import BASE, Scripted


class SoloPlanner(Scripted):
    name = "solo"
    defaults = {
        **BASE,
        "priorities": ["assembly", "movement", "building", "politics", "taxes", "progress"],
        "early_priorities": ["building", "taxes", "politics", "assembly", "movement", "progress"],
        "early_rounds": 4,
        "army_target": 10,
        "attack_ratio": 1.2,
        "capital_bonus": 8,
        "hold_swords": 4,
        "draw_court": 3,
        "tax_min_people": 2,
        "keep_neighbor": 1,
    }

    def plan(self, state, me, rng):
        if self.can_win(state, me):
            return ("politics", *[a for a in ("taxes", "progress") if a != "politics"])[:3]
        saved = self.p["priorities"]
        if state.round <= self.p["early_rounds"]:
            self.p = {**self.p, "priorities": self.p["early_priorities"]}
        try:
            plan = super().plan(state, me, rng)
        finally:
            self.p = {**self.p, "priorities": saved}
        return plan

    def can_win(self, state, me) -> bool:
        standing = legal.council_standing(state)
        _, mine = self.support_plan(state, me, standing)
        top = state.rules.values["politics"]["coronation_position"]
        capitals = solo.capitals_held(state, me) >= solo.solo_values(state.rules)["victory"]["capitals"]
        return capitals and all(mine[t] >= top for t in mine)

    def politics(self, state, me, rng):
        if self.can_win(state, me):
            return "council"
        return self.p["draw_court"]

    def solo_support(self, state, me, rng):
        """Court Cards for support at once (no rival to outbid); Neighbor Cards too beyond ``keep_neighbor`` kept to
        block the Neighbors."""
        plays, mine = [], {"people": state.people[me], "clergy": state.clergy[me]}
        top = state.rules.track_high
        neighbor_cards = [c for c, _ in legal.support_cards(state, me) if c.startswith("neighbor.")]
        spare = max(0, len(neighbor_cards) - self.p["keep_neighbor"])
        for card, tracks in legal.support_cards(state, me):
            if card.startswith("neighbor."):
                if spare <= 0:
                    continue
                spare -= 1
            track = min(tracks, key=lambda t: mine[t])
            if mine[track] < top:
                mine[track] += 1
                plays.append((card, track))
        return plays

    def movable(self, state, me):
        """As the scripted plan, but a held foreign Capital keeps figures worth ``hold_swords`` (Knights first)."""
        out = [list(x) for x in super().movable(state, me)]
        for capital in state.board.capitals.values():
            if state.board.land(capital).principality == me or controller(state, capital) != me:
                continue
            free = sum(legal.swords(state, x[1]) * x[2] for x in out if x[0] == capital)
            need = self.p["hold_swords"] - (legal.strength(state, state.units_of(capital, me)) - free)
            for x in sorted((x for x in out if x[0] == capital), key=lambda x: -legal.swords(state, x[1])):
                while need > 0 and x[2] > 0:
                    x[2] -= 1
                    need -= legal.swords(state, x[1])
        return [tuple(x) for x in out if x[2] > 0]

    def target(self, state, me):
        """The best land to take, foreign Capitals first."""
        best = None
        reach: dict[str, list[Move]] = {}
        for land, kind, n in self.movable(state, me):
            for dest, path in legal.reach(state, me, kind, land).items():
                reach.setdefault(dest, []).append(Move(kind, path, n))
        for dest, moves in sorted(reach.items()):
            if controller(state, dest) == me:
                continue
            power = sum(legal.swords(state, m.kind) * m.n for m in moves)
            if power == 0 or power < self.p["attack_ratio"] * legal.defence(state, dest, me):
                continue
            people, clergy = land_points(state, dest)
            capital = state.board.land(dest).capital and state.board.land(dest).principality != me
            score = land_might(state, dest) + people + clergy + self.p["capital_bonus"] * capital
            if score > 0 and (best is None or score > best[0]):
                best = (score, dest, moves)
        return best
