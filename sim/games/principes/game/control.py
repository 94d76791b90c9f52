"""Control of lands (rulebook, Control of Lands), Might, and the support points lands and buildings give.

A land inside a player's Principality is theirs unless foreign units or a Division Token are on it; any
other land is controlled by whoever has units there, and is otherwise neutral (a Pomerania by its own
units). Control is never stored: it is read off the units and tokens, as the rulebook says players may.
"""

from __future__ import annotations

from sim.games.principes.game.state import State, clamp_track

NEUTRAL = None


def controller(state: State, land: str) -> str | None:
    """The faction controlling ``land``: a Principality, a Pomerania (its own units), or None (neutral)."""
    present = state.factions_on(land)
    home = state.board.land(land).principality
    if len(present) == 1:
        owner = present[0]
        return NEUTRAL if owner in state.eliminated else owner
    if len(present) > 1:  # only mid-movement, before the battle: the defender still holds it
        return home if home in present else NEUTRAL
    if land in state.division:
        return NEUTRAL
    if home in state.board.principalities:
        return NEUTRAL if home in state.eliminated else home
    return NEUTRAL  # a central land, or a Pomerania whose units are all removed


_HOME: dict[tuple[int, str], tuple[str, ...]] = {}  # (id(board), faction) → the lands inside its borders


def _home_lands(state: State, faction: str) -> tuple[str, ...]:
    key = (id(state.board), faction)
    if key not in _HOME:
        _HOME[key] = tuple(land.id for land in state.board.lands if land.principality == faction)
    return _HOME[key]


def controlled_lands(state: State, faction: str) -> list[str]:
    """In board order. Only lands inside the faction's borders or holding its units can be its (the hot path
    of a game: testing all 44 lands each time took half a game's time)."""
    candidates = set(_home_lands(state, faction))
    candidates.update(land for land, here in state.units.items() if faction in here)
    index = state.board.index
    return [land for land in sorted(candidates, key=index.__getitem__) if controller(state, land) == faction]


def land_might(state: State, land: str) -> int:
    """The Gords' Might plus 1 for each City founded there (founding cost = the City's Might = Gord + 1)."""
    return state.board.land(land).might + state.cities.get(land, 0)


def might(state: State, faction: str) -> int:
    """Actual Might holdings, uncapped (the track shows at most 10)."""
    return sum(land_might(state, land) for land in controlled_lands(state, faction))


def might_position(state: State, faction: str) -> int:
    return min(might(state, faction), state.rules.track_high)


def land_points(state: State, land: str) -> tuple[int, int]:
    """(People, Clergy) points a land gives its controller: printed points plus a Tiltyard's or an Abbey's
    (game.yaml ``building.tiltyard_people``, ``building.abbey_clergy``)."""
    spec, building = state.board.land(land), state.buildings.get(land)
    if building is None:
        return spec.people, spec.clergy
    v = state.rules.values["building"]
    return spec.people + v["tiltyard_people"] * (building == "tiltyard"), spec.clergy + v["abbey_clergy"] * (
        building == "abbey"
    )


def support_from_lands(state: State, faction: str) -> tuple[int, int]:
    people = clergy = 0
    for land in controlled_lands(state, faction):
        p, c = land_points(state, land)
        people, clergy = people + p, clergy + c
    return people, clergy


def retrack(before: State, after: State) -> State:
    """Move support tracks by the points each player gained or lost with lands between two states.

    "If the taken land contains points (Might, People Support, Clergy Support), the positions on the tracks
    should be immediately updated." Might needs no update: it is read off the map."""
    out = after.copy()
    for p in out.players:
        p0, c0 = support_from_lands(before, p)
        p1, c1 = support_from_lands(after, p)
        out.people[p] = clamp_track(out.people[p] + p1 - p0, out.rules)
        out.clergy[p] = clamp_track(out.clergy[p] + c1 - c0, out.rules)
    return out
