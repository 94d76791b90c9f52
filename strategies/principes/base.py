"""The questions a Principes strategy answers. Subclass ``Strategy`` (or ``Scripted``) and override what you need.

Every hook gets the current ``State``, the player it decides for (``me``) and the game's ``random.Random``.
Build choices from ``sim.games.principes.legal`` so they are legal by construction; the driver applies them.
``params`` come from YAML (``configs/principes/strategies/<name>.yaml`` or inline in an experiment) and
override the class's ``defaults``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from sim.games.principes.game.history import division, invaders, release, teutonic, urbanization
from sim.games.principes.game.movement import Move
from sim.games.principes.game.state import State

ACTIONS = ("progress", "taxes", "assembly", "movement", "building", "politics")


@dataclass(frozen=True)
class MoveOrder:
    moves: tuple[Move, ...]
    indulgence: bool = False  # pay 1 gold rather than 1 Clergy for entering another Principality
    destroy: frozenset[str] = frozenset()  # lands whose City and building to destroy if taken


class Strategy:
    """Does nothing useful: plans the first 3 actions and skips them. The base of every strategy."""

    name = "base"
    defaults: dict = {}

    def __init__(self, **params):
        unknown = set(params) - set(self.defaults)
        if unknown:
            raise ValueError(f"{self.name}: unknown parameters {sorted(unknown)} (known: {sorted(self.defaults)})")
        self.p = {**self.defaults, **params}

    def direction(self, state: State, me: str, rng: random.Random) -> bool:
        """As Princeps: True for clockwise."""
        return state.clockwise

    def plan(self, state: State, me: str, rng: random.Random) -> tuple[str, str, str]:
        return ACTIONS[:3]  # type: ignore[return-value]

    def sell(self, state: State, me: str, action: str, rng: random.Random) -> list[str]:
        """Cards to trade for 1 gold each before carrying out ``action``."""
        return []

    def taxes(self, state: State, me: str, rng: random.Random) -> bool:
        return False

    def assembly(self, state: State, me: str, rng: random.Random) -> dict[str, dict[str, int]]:
        return {}

    def movement(self, state: State, me: str, rng: random.Random) -> MoveOrder | None:
        return None

    def building(self, state: State, me: str, rng: random.Random) -> tuple[str | None, list[tuple[str, str]]]:
        return None, []

    def politics(self, state: State, me: str, rng: random.Random) -> str | int | None:
        """ "council", a number of Court Cards to draw (the rest of 3 are Neighbor Cards), or None to skip."""
        return None

    def keep(self, state: State, me: str):
        """``drawn cards → the one to put back``, or None for the engine's default."""
        return None

    def council(self, state: State, me: str, host: str, rng: random.Random) -> list[tuple[str, str]]:
        """(card, track) pairs played for support at a Council summoned by ``host`` (maybe ``me``)."""
        return []

    def progress(self, state: State, me: str, rng: random.Random) -> tuple[str, str | None] | None:
        """One tile to take (asked once per tile the Period allows), or None to stop."""
        return None

    # --- History Card icons (issue 6): the defaults live beside each icon's rules --------------------------------

    def history_division(self, state: State, me: str, rng: random.Random) -> str | None:
        """A land of another player for a Division Token, or None to place none."""
        return division.default_choice(state, me)

    def history_urbanization(self, state: State, me: str, rng: random.Random) -> str | None:
        """A land the player does not control for a free City, or None."""
        return urbanization.default_choice(state, me)

    def history_release(self, state: State, me: str, rng: random.Random) -> tuple[str, str] | None:
        """(land, footman|knight) to send home; None takes the default (it is compulsory)."""
        return release.default_choice(state, me)

    def history_teutonic(self, state: State, me: str, rng: random.Random) -> bool:
        """Call the Teutonic Knights onto the symbol land the player controls."""
        return teutonic.default_call(state, me)

    def history_invaders(
        self, state: State, me: str, faction: str, stock: dict[str, int] | None, rng: random.Random
    ) -> list[Move]:
        """Moves of an Invader faction for ``me`` (paths start at a land they hold or their off-map area, whose
        waiting figures are ``stock``); [] leaves them where they are."""
        return invaders.default_moves(state, faction, me, stock)
