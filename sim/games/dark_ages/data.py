"""Everything a Dark Ages game reads from configs/dark_ages/, loaded and checked once."""

from __future__ import annotations

from dataclasses import dataclass

from sim.config import load_rules
from sim.games.dark_ages.board import Board, load_board
from sim.games.dark_ages.cards import Deck, load_deck
from sim.games.dark_ages.tracks import GameRules, Tracks, load_game_rules, load_tracks


@dataclass(frozen=True)
class GameData:
    board: Board
    tracks: Tracks
    deck: Deck
    rules: GameRules  # game.yaml: costs, gains, Church VP, end triggers, final scoring
    recruit_cost: dict  # rules.yaml recruit_cost.player: unit → level → resources


def load_game_data() -> GameData:
    board = load_board()
    game = load_game_rules()
    tracks = load_tracks(farms=game["setup"]["farms"])
    return GameData(
        board=board,
        tracks=tracks,
        deck=load_deck(rulers=board.rulers),
        rules=game,
        recruit_cost=load_rules("dark_ages").values["recruit_cost"]["player"],
    )
