"""The result of one resolved battle (or one tactic clash), shared by the simplified and full rules."""

from __future__ import annotations

from dataclasses import dataclass

from sim.games.hussars.army import Army

ATTACKER, NOBODY, DEFENDER = 1, 0, -1


@dataclass(frozen=True)
class Outcome:
    winner: int  # ATTACKER, DEFENDER or NOBODY
    attacker_after: Army
    defender_after: Army
    attacker_lost: int  # tokens destroyed (captured Artillery counts as lost)
    defender_lost: int
    dealt: tuple[int, int] = (0, 0)  # damage † (full rules) or hits (simplified) dealt by (attacker, defender)
    label: str = "battle"  # battle | standoff | countered | retreat | surrender
    captured: tuple[int, int] = (0, 0)  # Artillery captured by (attacker, defender)
    promoted: tuple[str, str] = ("", "")  # the veteran swap each side may make ("light_cavalry>pancerni")
    tabor_siege: bool = False  # the attacker may now besiege the defender's Tabor

    @property
    def spoils(self) -> tuple[int, int]:
        """Gold or Influence the winner takes: 1 per destroyed enemy token (Battle Consequences and Spoils)."""
        if self.winner == ATTACKER:
            return (self.defender_lost, 0)
        if self.winner == DEFENDER:
            return (0, self.attacker_lost)
        return (0, 0)
