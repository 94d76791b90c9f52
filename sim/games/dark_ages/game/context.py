"""The static data a game reads (board, tracks, deck, costs, battle, solo and module values), loaded once per
process and rule set.

A Context holds one validated rule set: every rules file of ``configs/dark_ages`` (``sim.config.load_ruleset``)
with an experiment's ``rules:`` overrides applied (dotted keys, routed to the file that holds them). ``digest``
names the values, so derived tables (the compiled engine's, ``fast.context``) are cached per rule set.
"""

from __future__ import annotations

from dataclasses import dataclass

from sim.config import RuleSet, load_ruleset
from sim.errors import ConfigError
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
    ruleset: RuleSet  # every rules file, overrides applied
    skirmishers: bool = False  # Module 7: the token pool is the Skirmisher tokens

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

    @property
    def solo(self) -> dict:
        """solo.yaml (Module 1: the Lordlings, the Raiders, the difficulty options)."""
        return self.ruleset.values("solo")

    @property
    def modules(self) -> dict:
        """modules.yaml: module → key → value."""
        return self.ruleset.values("modules")["modules"]

    @property
    def digest(self) -> str:
        return f"{self.ruleset.digest}{'-skirmishers' if self.skirmishers else ''}"


def build_context(overrides: dict | None = None, skirmishers: bool = False, sources: dict | None = None) -> Context:
    """``overrides``: dotted rules keys of any Dark Ages rules file (``--set``-style); ``sources`` names where each
    came from (default ``--set``), so an override the game's loaders refuse is reported against it."""
    ruleset = load_ruleset("dark_ages", overrides or {}, sources)
    try:
        battle = validate(ruleset["rules"])
        data = load_game_data(ruleset)
        _check_across_files(ruleset, battle, data)
    except ConfigError as err:
        raise _blame_override(ruleset, err) from None
    pool = battle.skirmisher_tokens if skirmishers else battle.tokens
    tokens = tuple(t for t in pool for _ in range(t.count))
    neighbours = {q.id: q.neighbours for q in data.board.provinces}
    return Context(data, battle, tokens, neighbours, ruleset, bool(skirmishers))


def _check_across_files(ruleset: RuleSet, battle: DarkAgesRules, data: GameData) -> None:
    """What one file's values require of another's."""
    want = data.rules["setup"]["barbarian_tokens"]  # '25 Barbarian tokens (with blue symbols)'
    have = sum(t.count for t in battle.tokens)
    if have != want:
        raise ConfigError(ruleset["rules"].path, "barbarians.tokens",
                          f"token counts adding up to game.yaml setup.barbarian_tokens ({want})", have)  # fmt: skip
    top = ruleset.values("solo")["lordlings"]["max_level"]
    if top > battle.max_level("lordling"):
        raise ConfigError(
            ruleset["solo"].path,
            "lordlings.max_level",
            f"a level rules.yaml units.lordling gives (at most {battle.max_level('lordling')})",
            top,
        )
    per, slots = data.rules["gains"]["production"], data.rules["limits"]["city_slots"]
    if len(per) < slots:
        raise ConfigError(ruleset["game"].path, "gains.production", f"a yield for each of the {slots} City slots",
                          per)  # fmt: skip


def _blame_override(ruleset: RuleSet, err: ConfigError) -> ConfigError:
    """A loader's error on an overridden value names the override (the experiment file or ``--set``)."""
    for stem, rules in ruleset.files.items():
        if rules.path == err.source:
            origin = rules.origin(err.key)
            if origin != rules.path:
                return ConfigError(origin, ruleset.override_key(stem, err.key), err.expected, err.found)
    return err


_CONTEXTS: dict[str, Context] = {}  # the last few variants, by their overrides (values may be lists: unhashable)


def cached_context(overrides: tuple = (), skirmishers: bool = False) -> Context:
    """One Context per worker process and variant: YAML is parsed once, not once per game. ``overrides`` are
    (dotted key, value) pairs, e.g. an experiment's ``rules:`` as sorted pairs."""
    key = repr((tuple(overrides), bool(skirmishers)))
    ctx = _CONTEXTS.get(key)
    if ctx is None:
        if len(_CONTEXTS) >= 8:
            _CONTEXTS.pop(next(iter(_CONTEXTS)))
        ctx = _CONTEXTS[key] = build_context(dict(overrides), skirmishers)
    return ctx
