"""The questions a Principes strategy answers. Subclass ``Strategy`` (or ``Scripted``) and override what you need.

Every hook gets the current ``State``, the player it decides for (``me``) and the game's ``random.Random``.
Build choices from ``sim.games.principes.legal`` so they are legal by construction; the driver applies them.
``params`` come from YAML (``configs/principes/strategies/<name>.yaml`` or inline in an experiment) and
override the class's ``defaults``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from sim.games.principes.game import neighbors, nonplayers, princesses, tiles
from sim.games.principes.game.history import division, invaders, release, teutonic, urbanization
from sim.games.principes.game.movement import Move
from sim.games.principes.game.state import State

ACTIONS = ("progress", "taxes", "assembly", "movement", "building", "politics")


def planned(state: State) -> int:
    """Actions each player plans in a Round (game.yaml ``rounds.actions_planned``)."""
    return state.rules.values["rounds"]["actions_planned"]


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

    def plan(self, state: State, me: str, rng: random.Random) -> tuple[str, ...]:
        """The actions to plan, in the order they resolve (game.yaml ``rounds.actions_planned`` of them)."""
        return ACTIONS[: planned(state)]

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

    # --- Printed Progress Tiles, Court Card texts and Princesses (issue 6; each only asked when switched on) ------

    def support_track(self, state: State, me: str, rng: random.Random) -> str:
        """People or Clergy for a free support point of choice (Chronicle)."""
        return tiles.lower_track(state, me)

    def church_schools(self, state: State, me: str, rng: random.Random) -> bool:
        """Church Schools just taken: pay 2 gold to take 1 more tile this action."""
        return True

    def new_mechanisms(self, state: State, me: str, rng: random.Random) -> str | None:
        """New Mechanisms: another action to play the Progress token as, or None to take tiles."""
        return None

    def court_texts(self, state: State, me: str, action: str, rng: random.Random) -> list[str]:
        """Court Cards to play for their text effect before carrying out ``action``."""
        return []

    def princess(self, state: State, me: str, options: list[str], rng: random.Random) -> str:
        """The area (a Capital's land or a Neighbor) to send the Princess to, one of ``options``."""
        return princesses.default_mission(state, me, list(princesses.MISSIONS), options)

    def princess_draw(self, state: State, me: str, rng: random.Random) -> str:
        """``court`` or ``neighbor``: the card the Princess brings at her own court."""
        return "court"

    def princess_discard(self, state: State, me: str, rng: random.Random) -> tuple[str, str] | None:
        """(Court/Neighbor card, discard|gold|people|clergy) to give up to a foreign Princess; None: the default."""
        return princesses.default_discard(state, me)

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

    # --- Neighbor Cards (issue 6; only asked with neighbors on): the defaults live in game.neighbors ------------

    def neighbor_play(self, state: State, me: str, used: frozenset[str], rng: random.Random) -> tuple[str, str] | None:
        """Before my Politics Action: (Neighbor Card, Neighbor) to play to move that Neighbor's units (any Neighbor
        not in ``used`` for an Any Neighbors card), asked again after each play; None to stop."""
        return neighbors.default_play(state, me, used)

    def neighbor_block(
        self, state: State, me: str, mover: str, neighbor: str, pool: dict[str, int], rng: random.Random
    ) -> list[str]:
        """Neighbor Cards to block ``mover``'s activation of ``neighbor`` (whose figures left to move are ``pool``)."""
        return neighbors.default_block(state, me, mover, neighbor, pool)

    def neighbor_moves(
        self, state: State, me: str, neighbor: str, pool: dict[str, int], rng: random.Random
    ) -> neighbors.Order | None:
        """How to move up to ``pool`` of the Neighbor's figures (``neighbors.groups`` and ``neighbors.reach``)."""
        return neighbors.plan_moves(state, me, neighbor, pool)

    # --- 2-3 players, active variant (only asked with non-player Principalities and variant: active) ------------

    def combined(self, state: State, me: str, action: str, rng: random.Random) -> nonplayers.Combined | None:
        """After my Assembly, Movement or Building Action: the Combined Action of that type for one non-player
        Principality (``nonplayers.Combined``; legal options in ``game.nonplayers``), or None to pass."""
        return nonplayers.default_choice(state, me, action)
