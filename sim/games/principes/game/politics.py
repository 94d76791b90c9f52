"""The Politics Action: draw 3 Court/Neighbor Cards and keep 2, or summon a Council.

At a Council each player, in turn order, plays any number of Court and Neighbor Cards for support (all at
once). Then the host claims the Princeps Token when highest, or tied for highest, on at least 2 tracks
(1 track for Polonia Minor holding Cracovia); a host at 10 on all 3 tracks is crowned and wins. Polonia Maior
holding Gnesna gains 2 Clergy Support Points when it summons a Council. Track positions are compared as the
tokens stand: Might counts at most 10.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from sim.games.principes.game import cards, effects
from sim.games.principes.game.control import controller, might_position
from sim.games.principes.game.state import IllegalAction, State, clamp_track
from sim.games.principes.game.turn_order import turn_order

TRACKS = ("might", "people", "clergy")


@dataclass(frozen=True)
class CouncilResult:
    host: str
    leads: tuple[str, ...]  # tracks on which the host is highest or tied
    claims_princeps: bool
    crowned: bool


def draw(
    state: State, player: str, rng: random.Random, court: int, keep: Callable[[list[str]], str] | None = None
) -> State:
    """Draw ``court`` Court Cards and the rest of the 3 as Neighbor Cards, then put one back.

    ``keep(cards) → card to discard``; by default the first drawn Neighbor card, else the first card."""
    v = state.rules.values["politics"]
    if not 0 <= court <= v["cards_drawn"]:
        raise IllegalAction(f"draw 0..{v['cards_drawn']} Court Cards, not {court}")
    out = state.copy()
    drawn = [cards.draw_into(out, player, "court", rng) for _ in range(court)]
    drawn += [cards.draw_into(out, player, "neighbor", rng) for _ in range(v["cards_drawn"] - court)]
    drawn = [c for c in drawn if c is not None]
    for _ in range(len(drawn) - v["cards_kept"]):
        back = keep(drawn) if keep else next((c for c in drawn if c.startswith("neighbor")), drawn[0])
        drawn.remove(back)
        cards.discard(out, player, back)
    return cards.enforce_hand_limit(out, player)


def positions(state: State, player: str) -> dict[str, int]:
    return {"might": might_position(state, player), "people": state.people[player], "clergy": state.clergy[player]}


def tracks_needed(state: State, host: str) -> int:
    v = state.rules.values
    special = v["factions"][host].get("council_tracks_with_cracovia")
    if special is not None and controller(state, "cracovia") == host:  # House of Princeps
        return special
    return v["politics"]["council_tracks_to_lead"]


def council(
    state: State, host: str, plays: dict[str, list[tuple[str, str]]] | None = None
) -> tuple[State, CouncilResult]:
    """``plays``: player → [(card, track)] played for support in turn order. Returns the state and result."""
    out = state.copy()
    gnesna_bonus = out.rules.values["factions"][host].get("council_clergy_with_gnesna")
    if gnesna_bonus and controller(out, "gnesna") == host:  # Elder Blood
        out.clergy[host] = clamp_track(out.clergy[host] + gnesna_bonus, out.rules)
    if out.tiles:
        effects.council_bonus(out, turn_order(out))  # Knightly Culture: People Support for each Tiltyard
    for player in turn_order(out):
        for card, track in (plays or {}).get(player, []):
            out = cards.trade_for_support(out, player, card, track)
    standing = {p: positions(out, p) for p in out.players}
    leads = tuple(t for t in TRACKS if standing[host][t] == max(s[t] for s in standing.values()))
    crowned = all(standing[host][t] >= out.rules.values["politics"]["coronation_position"] for t in TRACKS)
    claims = len(leads) >= tracks_needed(out, host)
    if claims:
        out.princeps = host  # the turn order set at the start of the Round is unchanged
    if crowned:
        out.crowned = host  # "immediately ending the game with a glorious victory"
    return out, CouncilResult(host=host, leads=leads, claims_princeps=claims, crowned=crowned)
