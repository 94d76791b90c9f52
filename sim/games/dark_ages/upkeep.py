"""The Army limit check at the start of a Manoeuvre (Manoeuvre action)."""

from __future__ import annotations

from sim.games.dark_ages.tracks import Tracks


def army_limit(tracks: Tracks, farms_off_track: int) -> int:
    """'the rightmost visible value on your Farm track': each Farm taken off the track uncovers one more space."""
    return tracks.farm[min(farms_off_track, len(tracks.farm) - 1)].army_limit


def excess_units(units_in_play: int, limit: int) -> int:
    """Units beyond the limit; 'even the ones not involved in the movement' count."""
    return max(0, units_in_play - limit)


def upkeep_choices(excess: int) -> list[tuple[int, int]]:
    """Every legal (units returned, Gold paid): 'You may choose to have some of the units in excess of your Army
    limit return to the supply and pay Gold for others.' One Gold per excess unit."""
    return [(returned, excess - returned) for returned in range(excess + 1)]


def upkeep_settles(units_in_play: int, limit: int, returned: int, gold_paid: int) -> bool:
    """Whether returning ``returned`` units and paying ``gold_paid`` Gold clears the excess exactly."""
    if returned < 0 or gold_paid < 0:
        return False
    return (returned, gold_paid) in upkeep_choices(excess_units(units_in_play, limit))
