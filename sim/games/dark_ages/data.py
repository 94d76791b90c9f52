"""Everything a Dark Ages game reads from configs/dark_ages/, loaded and checked once."""

from __future__ import annotations

from dataclasses import dataclass

from sim.config import load_ruleset
from sim.errors import ConfigError
from sim.games.dark_ages.board import Board, load_board
from sim.games.dark_ages.cards import TECH_LEVELS, Deck, load_deck
from sim.games.dark_ages.tracks import GameRules, Tracks, load_game_rules, load_tracks


@dataclass(frozen=True)
class GameData:
    board: Board
    tracks: Tracks
    deck: Deck
    rules: GameRules  # game.yaml: costs, gains, Church VP, end triggers, final scoring
    recruit_cost: dict  # rules.yaml recruit_cost.player: unit → level → resources


def load_game_data(ruleset=None) -> GameData:
    """The board, tracks, deck and game.yaml of ``ruleset`` (``sim.config.RuleSet``; default: the files on disk)."""
    ruleset = ruleset if ruleset is not None else load_ruleset("dark_ages")
    board = load_board(ruleset=ruleset)
    game = load_game_rules(ruleset=ruleset)
    tracks = load_tracks(farms=game["setup"]["farms"], ruleset=ruleset)
    levels = game["limits"]["technology_levels"]
    if not 1 <= levels <= TECH_LEVELS:
        raise ConfigError(ruleset["game"].path, "limits.technology_levels", f"1..{TECH_LEVELS} (the levels a card "
                          "prints)", levels)  # fmt: skip
    return GameData(
        board=board,
        tracks=tracks,
        deck=load_deck(rulers=board.rulers, ruleset=ruleset),
        rules=game,
        recruit_cost=ruleset.values("rules")["recruit_cost"]["player"],
    )
