"""Claiming a Title when Passing (Passing, step 2)."""

from __future__ import annotations

from collections.abc import Collection

from sim.games.dark_ages.board import Board, Title


def provinces_needed(title: Title) -> int:
    """'half of the Provinces of a Region — rounded up if necessary (2 out of 3, 2 out of 4, 3 out of 6, etc.)'"""
    return (len(title.provinces) + 1) // 2


def can_claim(title: Title, controlled: Collection[str], free_nobles: int) -> bool:
    """Control at least half the Title's Provinces and have 'one unused Noble disc in your personal supply for each
    Province you do not control'. The Title's holder does not matter: it can be taken from another player."""
    held = sum(1 for p in title.provinces if p in controlled)
    return held >= provinces_needed(title) and free_nobles >= len(title.provinces) - held


def claimable(
    board: Board, controlled: Collection[str], free_nobles: int, held: Collection[str] = (), players: int = 4
) -> list[str]:
    """Titles in play at ``players`` that the player could claim now, excluding ones already held."""
    return [
        t.id
        for t in board.titles.values()
        if t.players <= players and t.id not in held and can_claim(t, controlled, free_nobles)
    ]


def claim_vp(title: Title, established: Collection[str]) -> int:
    """'If you are the first to claim a Title, score the depicted VP for establishing it.' Taking it later scores
    nothing now (it still scores at the end for whoever holds it)."""
    return 0 if title.id in established else title.vp
