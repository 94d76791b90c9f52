"""The Progress Action with a generic tile model (the printed tiles and their effects come with part 2).

Each colour has a face-down stack of 8 tiles: 4 distinct tiles, 2 copies each (assumed from solo mode).
The Market shows 2 face-up tiles per colour. A Progress Action takes up to as many face-up tiles as the
current Period, each into a free slot of its colour (2 per colour) or, when the colour's slots are full, in
exchange for one of the player's tiles of that colour (which goes face up to the Market). A player never
holds 2 identical tiles. Taken tiles are replaced from their colour's stack; a duplicate on the Market goes
to the bottom of its stack and the next tile is drawn, unless the stack is empty.

A tile is ``"<colour>.<n>"``. ``EFFECTS`` maps a tile to its effect on acquisition ("take effect immediately
upon acquisition"); it is empty in the generic model, so tiles change only what the player owns.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from sim.games.principes.game.state import IllegalAction, State

EFFECTS: dict[str, Callable[[State, str], State]] = {}


def colour(tile: str) -> str:
    return tile.split(".")[0]


def setup_market(state: State, rng: random.Random) -> State:
    """Shuffle each colour's stack and reveal its Market tiles."""
    out = state.copy()
    v = out.rules.values
    for c in v["progress"]["colors"]:
        distinct = v["progress_tiles"]["distinct_per_color"]
        copies = v["progress"]["tiles_per_color"] // distinct
        stack = [f"{c}.{i}" for i in range(distinct) for _ in range(copies)]
        rng.shuffle(stack)
        out.stacks[c] = stack
    out.market = []
    out.tiles = {p: [] for p in out.board.principalities}
    for c in v["progress"]["colors"]:
        for _ in range(v["progress_tiles"]["market_per_color"]):
            reveal_next(out, c)
    return out


def reveal_next(state: State, c: str) -> None:
    """Draw the next tile of colour ``c`` onto the Market: "if there are 2 identical tiles on the Market, return one
    of them to the bottom of its stack and draw another tile from the top of the same stack. If no more tiles are
    available in a specific stack, both identical tiles remain revealed"."""
    stack = state.stacks[c]
    for _ in range(len(stack)):
        tile = stack.pop(0)
        if tile not in state.market or not stack:
            state.market.append(tile)
            return
        stack.append(tile)  # a duplicate goes to the bottom of its stack
    if stack:
        state.market.append(stack.pop(0))  # every tile left duplicates the Market: "both remain revealed"


def take(state: State, player: str, picks: list[tuple[str, str | None]]) -> State:
    """``picks``: (Market tile, own tile given back or None) for each tile taken, at most the Period number."""
    v = state.rules.values["progress"]
    if len(picks) > state.period * v["tiles_per_period"]:
        raise IllegalAction(f"Period {state.period}: at most {state.period * v['tiles_per_period']} tiles")
    out = state.copy()
    for tile, given in picks:
        if tile not in out.market:
            raise IllegalAction(f"{tile} is not on the Market")
        mine = out.tiles[player]
        if tile in mine:
            raise IllegalAction(f"{player} already has {tile}: players cannot have 2 identical tiles")
        same_colour = [t for t in mine if colour(t) == colour(tile)]
        out.market.remove(tile)
        if given is None:
            if len(same_colour) >= v["slots_per_color"]:
                raise IllegalAction(f"no free {colour(tile)} slot: exchange one of {same_colour}")
            reveal_next(out, colour(tile))
        else:
            if given not in same_colour:
                raise IllegalAction(f"{given} is not a {colour(tile)} tile of {player}")
            mine.remove(given)
            out.market.append(given)  # "the player's tile is placed face up on the Market"
        mine.append(tile)
        effect = EFFECTS.get(tile)
        if effect is not None:
            out = effect(out, player)
    return out
