"""Module 14A, Crusades: Churches call three Crusades in turn; units sent at Manoeuvre actions roll for hits against
the Defence Value; VP by rank on victory, penalties for those who stayed home."""

from __future__ import annotations

from sim.games.dark_ages.crusade import hit_chances
from sim.games.dark_ages.game.context import UNIT_TYPES
from sim.games.dark_ages.game.economy import gain_vp
from sim.games.dark_ages.game.state import add_units, remove_units
from sim.games.dark_ages.upkeep import army_limit, excess_units


def rank_vp(markers: dict[int, int], values: list[int]) -> dict[int, int]:
    """'The player with the most player markers receives the first shown VP value ... In case of a tie, tied
    players score the higher value and the next value is skipped. Players who contributed with units, but
    without player markers score no VP.'"""
    out = {}
    for seat, m in markers.items():
        ahead = sum(1 for other in markers.values() if other > m)
        out[seat] = values[ahead] if m > 0 and ahead < len(values) else 0
    return out


class Crusades:
    name = "crusades"

    def __init__(self, data: dict):
        self.data = data
        self.called = 0  # Crusades revealed so far; the active one is called - 1
        self.units: list[dict[str, int]] = []  # per seat: units next to the active Crusade card

    def install(self, game) -> None:
        self.units = [{} for _ in range(game.n)]

    def units_away(self, game, seat: int, kind: str) -> int:
        return self.units[seat].get(kind, 0) if self.units else 0

    def church_built(self, game, seat: int, province: str) -> None:
        """'After a Church with a Gold token underneath is built ... reveal the next Crusade card ... Immediately
        resolve the previous Crusade'."""
        if game.churches_built not in self.data["gold_under_church"]:
            return
        if self.called:
            self.resolve(game, final=False)
        if self.called < len(self.data["crusades"]):
            self.called += 1

    def manoeuvre_started(self, game, seat: int, src: str, group: dict, dst: str) -> None:
        """'You may contribute to a Crusade during a Manoeuvre action: before checking your Army limit' (policy
        assumed: the units above the Army limit)."""
        if not self.called or self.called > len(self.data["crusades"]):
            return

        p = game.players[seat]
        excess = excess_units(p.units_in_play(), army_limit(game.ctx.tracks, p.farms_off))
        for _ in range(excess):
            others = [q for q in p.units if q != src]
            q = max(others, key=lambda q: (sum(p.units[q].values()), q)) if others else src
            kind = min(p.units[q], key=lambda k: (p.military[k], UNIT_TYPES.index(k)))
            remove_units(p, q, kind, to_supply=False)
            self.units[seat][kind] = self.units[seat].get(kind, 0) + 1

    def resolve(self, game, final: bool) -> None:
        """Resolving a Crusade (rulebook steps; no Special effect on the assumed cards)."""
        card = self.data["crusades"][self.called - 1]
        crusaders = [s for s in range(game.n) if self.units[s]]
        if not crusaders:  # 'If no player contributed to the Crusade, skip to step 7.'
            return
        markers = {}
        for s in crusaders:  # 'rolls one die for each of their contributed units, using their best skill'
            p = game.players[s]
            markers[s] = sum(game.rng.random() < c for c in hit_chances(game.ctx.battle, p.faction, self.units[s],
                                                                         p.military))  # fmt: skip
        won = sum(markers.values()) >= card["defence"]
        if won:
            for s, vp in rank_vp(markers, card["vp"]).items():
                gain_vp(game.players[s], vp, "modules")
        for s in range(game.n):  # the ones who stayed home: lose the penalty on a victory, gain it on a defeat
            if s not in markers:
                gain_vp(game.players[s], -card["defeat_penalty"] if won else card["defeat_penalty"], "modules")
        if final:
            return
        for s in crusaders:
            p, away = game.players[s], self.units[s]
            order = sorted((k for k, n in away.items() for _ in range(n)), key=lambda k: (p.military[k], k))
            back = order[1:] if won else order[-1:]  # victory: one dies; defeat: one comes back
            for k in order:
                p.supply[k] += 1
            for k in back:
                p.supply[k] -= 1
                add_units(p, p.capital, k)
            self.units[s] = {}

    def game_over(self, game) -> None:
        """'A Crusade is resolved immediately when the next one is called, or during final scoring.'"""
        if self.called:
            self.resolve(game, final=True)
