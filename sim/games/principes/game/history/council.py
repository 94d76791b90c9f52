"""Common Council (p. 28): a Council with no host. Every player, in turn order, plays cards for support; then
each may claim the Princeps Token or be crowned, on the same conditions as a host (House of Princeps counts; the
Elder Blood bonus is only for a Council a player summons).

Ties: "If more than one player qualifies ... the tie is broken by the order set by the Princeps Token": the
Princeps keeps the token when it qualifies, else the first qualifier in turn order takes it. A coronation
beats a claim of the token. Nobody qualifying changes nothing.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from sim.games.principes.game import cards, effects
from sim.games.principes.game.politics import TRACKS, positions, tracks_needed
from sim.games.principes.game.state import State
from sim.games.principes.game.turn_order import turn_order


@dataclass(frozen=True)
class CommonCouncilResult:
    crowned: str | None
    princeps: str  # the holder after the Council
    qualified_crown: tuple[str, ...]
    qualified_princeps: tuple[str, ...]


def common_council(
    state: State, plays: dict[str, list[tuple[str, str]]] | None = None
) -> tuple[State, CommonCouncilResult]:
    """``plays``: player → [(card, track)] played for support. Returns the state and the result."""
    out = state.copy()
    order = turn_order(out)
    if out.tiles:
        effects.council_bonus(out, order)  # Knightly Culture "activates every time a Council occurs"
    for player in order:
        for card, track in (plays or {}).get(player, []):
            out = cards.trade_for_support(out, player, card, track)
    standing = {p: positions(out, p) for p in out.players}
    top = {t: max(s[t] for s in standing.values()) for t in TRACKS}
    coronation = out.rules.values["politics"]["coronation_position"]
    crown = tuple(p for p in order if all(standing[p][t] >= coronation for t in TRACKS))
    claim = tuple(p for p in order if sum(standing[p][t] == top[t] for t in TRACKS) >= tracks_needed(out, p))
    if crown:  # "only the coronation is resolved"
        out.crowned = crown[0]
    elif claim:
        out.princeps = claim[0]  # turn order starts with the Princeps, so a qualifying holder keeps it
    return out, CommonCouncilResult(out.crowned, out.princeps, crown, claim)


def resolve(state: State, strategies: dict, rng: random.Random) -> State:
    """Each player plays what it would play at its own Council (``Strategy.council`` with itself as host)."""
    plays = {p: strategies[p].council(state, p, p, rng) for p in turn_order(state)}
    return common_council(state, plays)[0]
