"""Module 6, Commanders: a Commander hired for 2 Gold with a Recruit (with a unit, or as the Recruit's only effect),
who moves with the army by Manoeuvre or Regroup (or alone, never into an opponent's or a Barbarian Province, and
never to be left alone where its owner has no unit and no Farm), lends its (generic) battle effect once per Pass in
a battle it is present at, retreats with its owner's units, and is never a unit (no damage, no Battle Result, no
Army limit)."""

from __future__ import annotations

from collections import deque

from sim.games.dark_ages.game.solo_state import HUMAN, LORDLINGS
from sim.games.dark_ages.game.state import add_units

COMMANDER = "commander"  # the kind of a Recruit that hires only a Commander, and of a Commander moving alone
ALONE = ((COMMANDER, 1),)  # the group of a Manoeuvre or Regroup that moves only the Commander


class Commanders:
    name = "commanders"

    def __init__(self, data: dict):
        self.data = data
        self.available: list[str] = []  # Commander cards next to the board, in the random setup order
        self.card: dict[int, str] = {}  # seat → its Commander
        self.at: dict[int, str] = {}  # seat → the Province of its Commander miniature
        self.came_from: dict[int, str] = {}  # seat → the Province its Commander last left with a group
        self.ready: dict[int, bool] = {}  # seat → the Commander card is ready (not exhausted)
        self.engaged: set[int] = set()  # seats using their Commander in the current battle

    def install(self, game) -> None:
        """'Randomly select one more Commanders than the number of players in the game'; solo: 'randomly draw a
        Commander ... and put it next to your board, face down'."""
        cards = sorted(self.data["effects"])
        game.rng.shuffle(cards)
        k = self.data["solo_drawn"] if game.solo is not None else game.n + self.data["drawn_extra"]
        self.available = cards[:k]

    def solo_setup(self, game) -> None:
        """Solo: 'drawing an additional (4th) Lordling Ruler card during setup, adding a Lordling Farm and 1 Archer
        (instead of a City) to its shown starting Province' (its Barbarian token goes back to the pool)."""
        if not self.data["solo_fourth_lordling"]:
            return

        lord = game.players[LORDLINGS]
        taken = {game.players[HUMAN].capital} | {q for q, (owner, _) in game.farms.items() if owner == LORDLINGS}
        homes = sorted({r.capital for r in game.ctx.board.rulers.values()
                        if r.capital in game.in_play and r.capital not in taken and r.module == "base"})  # fmt: skip
        if not homes or lord.supply["archer"] == 0:
            return
        q = game.rng.choice(homes)
        token = game.barbarians.pop(q, None)
        if token is not None:
            game.solo.token_pool.insert(0, token)
        game.farms[q] = (LORDLINGS, 1)
        lord.farms_off += 1
        lord.supply["archer"] -= 1
        add_units(lord, q, "archer")

    # --- hiring ---
    def _can_hire(self, game, seat: int) -> bool:
        p = game.players[seat]
        ok = seat not in self.card and bool(self.available) and p.gold >= self.data["hire_gold"]
        return ok and p.faction == "player"

    def _hire(self, game, seat: int, province: str) -> None:
        game.players[seat].gold -= self.data["hire_gold"]
        self.card[seat] = self.available.pop(0)
        self.at[seat], self.came_from[seat], self.ready[seat] = province, province, True

    def recruited(self, game, seat: int, province: str) -> None:
        """'When you take a Recruit action or reaction, you may pay 2 Gold to select one of the available
        Commanders. You can do this in addition to the normal Recruit effect ... place its miniatures in a Province
        with a City you control' (with the unit: when the strategy's ``hire_commander`` says so)."""
        if self._can_hire(game, seat) and game.players[seat].strategy.hire_commander(game, seat):
            self._hire(game, seat, province)

    def recruits(self, game, seat: int, homes: list[str]) -> list[tuple]:
        """'... but you may do so even if you do not recruit anything else': a Recruit move hiring only the
        Commander, in any City the player controls."""
        return [("recruit", COMMANDER, q) for q in homes] if self._can_hire(game, seat) else []

    def module_recruit(self, game, seat: int, move: tuple) -> None:
        if move[1] == COMMANDER and self._can_hire(game, seat):
            self._hire(game, seat, move[2])

    # --- where the miniature stands ---
    def manoeuvre_started(self, game, seat: int, src: str, group: dict, dst: str) -> None:
        """'A Commander may move alone or with other units as part of a Manoeuvre action' (policy: with every group
        leaving its Province)."""
        if self.at.get(seat) == src and dst != src:
            self.at[seat], self.came_from[seat] = dst, src

    def regrouped(self, game, seat: int, src: str, dst: str, group) -> None:
        """'... or Regroup reaction' (policy: with every group leaving its Province, as for a Manoeuvre)."""
        self.manoeuvre_started(game, seat, src, dict(group), dst)

    def manoeuvres(self, game, seat: int, groups) -> list[tuple]:
        """The Commander moving alone (a Manoeuvre, and so a Regroup): it 'cannot enter an opponent or Barbarian
        occupied Province by itself', and 'You cannot leave a Commander alone in a non-settled Province', so only
        to a neighbouring Province holding its owner's units or Farm."""
        q = self.at.get(seat)
        if q is None:
            return []
        return [("manoeuvre", q, dst, ALONE) for dst in game.ctx.neighbours[q]
                if dst in game.in_play and dst not in game.barbarians and self._valid(game, seat, dst)
                and game.controller(dst) in (None, seat)]  # fmt: skip

    def _valid(self, game, seat: int, q: str) -> bool:
        """'You cannot leave a Commander alone in a non-settled Province': with its owner's units or Farm."""
        return q in game.players[seat].units or game.farms.get(q, (None, 0))[0] == seat

    def normalize(self, game, seat: int) -> None:
        """A Commander left alone goes to 'the closest Province you control' (ties: where it came from, then the
        one with most of its owner's units, then the last name, as the core's retreat picks)."""
        q = self.at.get(seat)
        if q is None or self._valid(game, seat, q):
            return
        mine = game.controlled(seat)
        if not mine:
            return
        dist = {q: 0}
        queue = deque([q])
        while queue:
            x = queue.popleft()
            for y in game.ctx.neighbours[x]:
                if y in game.in_play and y not in dist:
                    dist[y] = dist[x] + 1
                    queue.append(y)
        p = game.players[seat]
        home = self.came_from.get(seat)
        best = max(mine, key=lambda r: (-dist.get(r, 999), r == home, sum(p.units.get(r, {}).values()), r))
        self.at[seat] = best

    def turn_ended(self, game, seat: int) -> None:
        for s in sorted(self.at):
            self.normalize(game, s)

    # --- battles ---
    def battle_begun(self, game, seats: tuple, province: str) -> None:
        """'When you participate in a battle with your Commander (and its card is ready), as the first step of the
        battle you may select to use its effect and then exhaust it' (policy: always)."""
        self.engaged = set()
        for seat in seats:
            if seat is None or seat not in self.at:
                continue
            if self.at[seat] != province:
                self.normalize(game, seat)  # a Commander stranded by an earlier battle this turn
            if self.at[seat] == province and self.ready[seat]:
                self.ready[seat] = False
                self.engaged.add(seat)

    def battle_won(self, game, seat: int, province: str, won: bool) -> None:
        """'If you lose a battle with your Commander present, it retreats along with your units': a beaten attacker's
        Commander goes back with the survivors to the Province it came from (``normalize`` prefers it); a beaten
        defender's survivors retreat to the neighbouring Province holding most of their units, and so does its
        Commander (no preference for where it came from). With no survivor, the closest Province it controls."""
        if not won:
            return
        for s in list(self.at):
            if s != seat and self.at[s] == province:
                self.came_from[s] = None

    def province_razed(self, game, province: str) -> None:
        """Solo: the Raiders beat the player there; its Commander retreats with the survivors, as a beaten
        defender's."""
        for s in list(self.at):
            if self.at[s] == province:
                self.came_from[s] = None

    def battle_effects(self, game, seat: int) -> list[dict]:
        if seat not in self.engaged:
            return []
        return [{"kind": kind, "phase": phase, "amount": n} for kind, phase, n in self.data["effects"][self.card[seat]]]

    def passed(self, game, seat: int) -> None:
        """'When you Pass, refresh your Commander card ... at the same time when you would refresh your Title
        cards.'"""
        if seat in self.ready:
            self.ready[seat] = True
