"""Invariants every state must keep; the tests (and later the conformance harness) check them after actions."""

from __future__ import annotations

from sim.games.principes.game import neighbors, princesses, tiles
from sim.games.principes.game.control import controller
from sim.games.principes.game.history.invaders import on_map, spec
from sim.games.principes.game.state import UNITS, State


def violations(state: State) -> list[str]:
    """Every broken invariant, as readable sentences; empty when the state is sound."""
    found = []
    v = state.rules.values
    for p in state.board.principalities:
        for kind in UNITS:
            on_map = sum(state.units_of(land, p).get(kind, 0) for land in state.units)
            if on_map + state.pool[p][kind] != v["pools"][kind]:
                found.append(f"{p} {kind}s: {on_map} on the Map + {state.pool[p][kind]} in the pool")
        if state.gold[p] < 0:
            found.append(f"{p} has negative gold {state.gold[p]}")
        for track in (state.people, state.clergy):
            if not state.rules.track_low <= track[p] <= state.rules.track_high:
                found.append(f"{p} support track out of range: {track[p]}")
    if state.gold_in_supply() < 0:
        found.append(f"more gold in treasuries than coins: {sum(state.gold.values())}")
    for land, here in state.units.items():
        if land not in state.board.index:
            found.append(f"units on unknown land {land}")
        if len(here) > 1:
            found.append(f"{land} holds {sorted(here)} after the action (an unresolved battle)")
        if land in state.division and here:
            found.append(f"{land} has units and a Division Token")
    # at most the box's tokens (hand-built scenarios may drop a token from the Map without returning it)
    if state.supply["division"] < 0 or state.supply["division"] + len(state.division) > v["pools"]["division"]:
        found.append(f"Division Tokens not conserved: {len(state.division)} placed, {state.supply['division']} left")
    found += _invader_violations(state)
    found += _tile_violations(state) + _princess_violations(state)
    found += neighbors.violations(state)
    for p in sorted(state.non_players):  # 2-3 players: no Treasury, no hand, never eliminated, not in turn order
        if state.gold[p] or any(state.hands[p].values()) or p in state.eliminated or p in state.players:
            found.append(f"non-player {p} holds gold or cards, or counts as a player")
    for land, n in state.cities.items():
        if not 0 <= n <= state.board.land(land).gords:
            found.append(f"{land} has {n} Cities")
    for kind, n in state.supply.items():
        if n < 0:
            found.append(f"negative {kind} supply")
    for kind, deck in state.decks.items():
        if kind == "neighbor" and neighbors.enabled(state):
            continue  # the 12 cards by identity: neighbors.violations
        in_hands = {s: sum(h.get(f"{kind}.{s}", 0) for h in state.hands.values()) for s in deck}
        for symbol, total in v["cards"][f"{kind}_symbols"].items():
            if deck[symbol] + in_hands[symbol] != total:
                found.append(f"{kind}.{symbol} cards not conserved")
    if state.stacks:  # Progress Tiles are laid out: each tile is in a stack, on the Market or on a board
        per_colour = v["progress"]["tiles_per_color"]
        for c in v["progress"]["colors"]:
            held = sum(1 for tiles in state.tiles.values() for t in tiles if t.split(".")[0] == c)
            shown = sum(1 for t in state.market if t.split(".")[0] == c)
            if len(state.stacks.get(c, [])) + shown + held != per_colour:
                found.append(f"{c} Progress Tiles not conserved")
    return found


def _invader_violations(state: State) -> list[str]:
    """Between events the Balts and Mongols are off the Map; the Teutonic Knights, once called, are all on their
    land or all waiting off it."""
    found = [f"{f} left on the Map" for f in ("prussians", "lithuanians", "mongols") if on_map(state, f)]
    knights = on_map(state, "teutonic_knights")
    waiting = sum(state.pomerania_off.get("teutonic_knights", {}).values())
    expected = sum(spec("teutonic_knights", state.rules)["units"].values()) if state.teutonic else 0
    if sum(n for _, _, n in knights) + waiting != expected or len({land for land, _, _ in knights}) > 1:
        found.append(f"Teutonic Knights not conserved: {knights} on the Map, {waiting} waiting")
    return found


def _tile_violations(state: State) -> list[str]:
    """Printed Progress Tiles: known tiles; at most 2 face up per colour; no player holds 2 identical tiles nor more
    tiles of a colour than its spaces (German Settlers' included)."""
    if "tiles" not in state.variants:
        return []
    found = []
    known = tiles.catalogue(state.rules)
    per_colour = tiles.tile_values(state.rules)["market"]["face_up_per_colour"]
    everything = list(state.market) + [t for s in state.stacks.values() for t in s]
    everything += [t for held in state.tiles.values() for t in held]
    found += [f"unknown Progress Tile {t}" for t in sorted(set(everything) - set(known))]
    for c in state.rules.values["progress"]["colors"]:
        if sum(tiles.colour(t) == c for t in state.market) > per_colour:
            found.append(f"more than {per_colour} {c} tiles face up on the Market")
    extra = [spec["params"]["slots"] for spec in known.values() if spec["kind"] == "third_slot"]
    spaces = state.rules.values["progress"]["slots_per_color"] + max(extra, default=0)  # German Settlers' at most
    for p, held in state.tiles.items():
        if len(set(held)) != len(held):
            found.append(f"{p} holds 2 identical Progress Tiles: {sorted(held)}")
        for c in {tiles.colour(t) for t in held}:
            if sum(tiles.colour(t) == c for t in held) > spaces:
                found.append(f"{p} holds more {c} tiles than its board has spaces")
    return found


def _princess_violations(state: State) -> list[str]:
    """Princesses: 1 per area, on a Neighbor or a Capital its owner controls, none of an eliminated player, and
    each on the area of her last mission."""
    if not state.princesses:
        return []
    found = []
    areas = list(state.princesses.values())
    if len(set(areas)) != len(areas):
        found.append(f"2 Princesses on one area: {state.princesses}")
    for p, area in state.princesses.items():
        owner = princesses.capital_owner(state, area)
        if p in state.eliminated:
            found.append(f"the Princess of eliminated {p} is on the Map")
        if owner is None and area not in princesses.neighbors():
            found.append(f"{p}'s Princess on unknown area {area}")
        if owner is not None and controller(state, area) != owner:
            found.append(f"{p}'s Princess in {area}, a Capital its owner does not control")
        if state.princess_last.get(p) != area:
            found.append(f"{p}'s Princess on {area}, not on her last mission's area")
    return found
