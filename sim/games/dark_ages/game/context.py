"""The static data a game reads (board, tracks, deck, costs, battle values), loaded once per process."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from sim.config import load_rules
from sim.games.dark_ages.data import GameData, load_game_data
from sim.games.dark_ages.rules import DarkAgesRules, Token, validate

RESOURCES = ("wood", "leather", "stone", "iron")
UNIT_TYPES = ("infantry", "archer", "cavalry")


@dataclass(frozen=True)
class Context:
    data: GameData
    battle: DarkAgesRules
    tokens: tuple[Token, ...]  # the 25 Barbarian tokens, one entry per physical token
    neighbours: dict[str, tuple[str, ...]]  # Province → neighbouring Provinces (Board.neighbours, precomputed)

    @property
    def board(self):
        return self.data.board

    @property
    def tracks(self):
        return self.data.tracks

    @property
    def deck(self):
        return self.data.deck

    @property
    def rules(self):
        return self.data.rules


def build_context(overrides: dict | None = None, skirmishers: bool = False) -> Context:
    """``overrides``: dotted rules.yaml keys (``--set``-style) applied to the battle rules."""
    rules = load_rules("dark_ages", overrides=overrides or {})
    battle = validate(rules)
    pool = battle.skirmisher_tokens if skirmishers else battle.tokens
    tokens = tuple(t for t in pool for _ in range(t.count))
    data = load_game_data()
    neighbours = {q.id: q.neighbours for q in data.board.provinces}
    return Context(data, battle, tokens, neighbours)


def cached_context(overrides: tuple = (), skirmishers: bool = False) -> Context:
    """One Context per worker process and variant: YAML is parsed once, not once per game. ``cached_context()``
    and ``cached_context((), False)`` are one variant (a bare lru_cache would key them apart and parse twice)."""
    return _cached_context(tuple(overrides), bool(skirmishers))


@lru_cache(maxsize=8)
def _cached_context(overrides: tuple, skirmishers: bool) -> Context:
    return build_context(dict(overrides), skirmishers)
