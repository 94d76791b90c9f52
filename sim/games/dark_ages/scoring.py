"""Final scoring (Ending the Game, Final Scoring): every category, each a pure function, and their sum.

Inputs are plain values so the same rules can be checked against the rulebook examples now and ported to a compiled
engine later: Province ids, counts, and the loaded ``Board``, ``Tracks``, ``Deck`` and game.yaml values.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field

from sim.games.dark_ages.board import Board
from sim.games.dark_ages.cards import Deck
from sim.games.dark_ages.tracks import Tracks

CATEGORIES = ("technologies", "cities", "keeps", "culture", "warehouse", "farms", "titles", "gold")


@dataclass(frozen=True)
class EndPosition:
    """One player's position when the game ends."""

    controlled: frozenset[str]
    city_buildings: Mapping[str, int] = field(default_factory=dict)  # Province with a City → Churches + Production
    keeps: Mapping[str, int] = field(default_factory=dict)  # Province → Keep levels
    culture_position: int = 0
    warehouses: int = 0  # Warehouses built = spaces moved down the track
    farms_off_track: int = 0  # Farms taken off the Farm track (placed or removed from the game)
    titles: tuple[str, ...] = ()
    gold: int = 0
    technologies: Mapping[str, int] = field(default_factory=dict)  # Common Technology id → visible levels


def technology_vp(deck: Deck, technologies: Mapping[str, int]) -> int:
    """'For each Common Technology, score VP shown on its highest visible level.' (A card's end_vp effects, 'Some
    Technologies may score additional points', need the game state and are left to the engine.)"""
    return sum(deck.cards[cid].levels[level - 1].vp for cid, level in technologies.items())


def city_vp(city_buildings: Mapping[str, int], city_table: Mapping[int, int]) -> int:
    """'For each City controlled with 1/2/3 buildings (Churches and Production buildings), gain 2/4/7 VP.'"""
    return sum(city_table[n] for n in city_buildings.values())


def keep_vp(board: Board, keeps: Mapping[str, int], controlled: Collection[str], per: int = 1) -> int:
    """'Each level of Keep controlled scores 1 VP per neighbouring Province you control (even if controlled without
    a City).' Keeps in Provinces the player does not control score nothing."""
    return sum(
        per * level * sum(1 for q in board.neighbours(p) if q in controlled)
        for p, level in keeps.items()
        if p in controlled
    )


def culture_vp(tracks: Tracks, position: int) -> int:
    """'Score the highest VP value your marker has reached on the Culture track' (it only moves forward)."""
    return int(tracks.culture_vp[min(position, tracks.culture_last)])


def warehouse_vp(tracks: Tracks, warehouses: int) -> int:
    """'Score the highest VP value your marker has reached on the Warehouse track.'"""
    return tracks.warehouse[warehouses].vp


def farm_vp(tracks: Tracks, farms_off_track: int) -> int:
    """'Score the highest VP value not covered by a Farm on your Farm track.'"""
    return tracks.farm[min(farms_off_track, len(tracks.farm) - 1)].vp


def title_vp(board: Board, titles: Collection[str]) -> int:
    """'Score the VP value shown on each Title card you control.'"""
    return sum(board.titles[t].vp for t in titles)


def gold_vp(gold: int, per: int = 1) -> int:
    """'Score 1 VP for each leftover Gold.'"""
    return per * gold


def final_score(board: Board, tracks: Tracks, deck: Deck, game: Mapping, pos: EndPosition) -> dict[str, int]:
    """VP by category and their ``total``; ``game`` is game.yaml's values (``final_scoring`` block)."""
    fs = game["final_scoring"]
    cities = {p: n for p, n in pos.city_buildings.items() if p in pos.controlled}
    parts = {
        "technologies": technology_vp(deck, pos.technologies),
        "cities": city_vp(cities, fs["city_vp"]),
        "keeps": keep_vp(board, pos.keeps, pos.controlled, fs["keep_vp_per_level_per_neighbour"]),
        "culture": culture_vp(tracks, pos.culture_position),
        "warehouse": warehouse_vp(tracks, pos.warehouses),
        "farms": farm_vp(tracks, pos.farms_off_track),
        "titles": title_vp(board, pos.titles),
        "gold": gold_vp(pos.gold, fs["gold_vp"]),
    }
    parts["total"] = sum(parts.values())
    return parts
