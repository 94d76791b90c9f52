"""The printed Progress Tiles (``configs/principes/progress.yaml``; experiment key ``progress: tiles``).

48 tiles, 8 per colour: 4 distinct tiles twice each. A tile id is ``"<colour>.<name>"`` (``"rose.learning_chess"``),
so the colour is read off the id exactly as in the generic model (``progress.colour``), and two copies of a tile
are the same id ("2 identical tiles").

The Market: one face-down stack per colour and 2 face-up tiles beneath it. A Progress Action takes up to as many
face-up tiles as the current Period, each into a free slot of its colour (2 per colour, 3 with German Settlers)
or, when the colour is full, in exchange for an own tile of that colour, which goes face up onto the Market at
once. A player never holds 2 identical tiles. Only after the player finishes placing are the empty Market spaces
refilled from their colour's stack; a drawn tile identical to one on the Market goes to the bottom of its stack
and the next is drawn, unless the stack has no other tile.

Effects last while the tile is on the board ("take effect immediately upon acquisition"). This module owns the
Market and the tiles' actions; the small questions the action modules ask (``holds``, ``extra_units``,
``guarded``, ...) are answered in ``effects``, each a no-op for a player without printed tiles, so the generic model
plays exactly as before:

- Chronicle: on acquiring it, 1 support per pair of same-coloured tiles held; then 1 per newly formed pair.
- German Settlers: a third slot in every colour (assumed reading). Church Schools: on acquiring it, may pay 2
  gold for 1 more tile this action. New Mechanisms: the Progress token may be played as any other action
  (``driver.perform``).
- Training Grounds: each Assembly Action draws 1 Battle Card per controlled Tiltyard. Three-Field: 2 more units
  per Assembly. Border Guards: foreign units stop at the holder's lands unless the holder consents.
- Mounts for Infantry: Footmen move 3. Learning Chess: flip the Battle Die to its opposite face
  (``battles.battle``: when the die loses and the opposite face wins, after Masovia's reroll).
- French Style: +1 Clergy per Abbey built. Heralds of Peace: Battle Cards trade for People or Clergy like Court
  Cards. Knightly Culture: at every Council, +1 People per controlled Tiltyard. Lady of the Court: the Princess
  draws / removes 2 cards (``princesses``). Bishop's Chancery: hand limit 9.
- The 10 tiles the rulebook does not explain: +1 gold each time their colour's action is performed (assumed).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from sim.games.principes.game import cards
from sim.games.principes.game.control import controlled_lands
from sim.games.principes.game.effects import catalogue, colour, gain_support, params, tile_id, values
from sim.games.principes.game.progress import reveal_next
from sim.games.principes.game.state import IllegalAction, State

__all__ = ["catalogue", "colour", "tile_id", "tile_values"]  # the catalogue lives in ``effects`` with the queries

# effect kinds (progress.yaml tiles.*.effect.kind) with a step of their own in the Progress action
CHRONICLE, CHURCH_SCHOOLS = "chronicle", "church_schools"


def tile_values(rules=None) -> dict:
    """The plain values tree of progress.yaml (``rules``: a ``setup.GameRules``; None: the bundled file)."""
    return values(rules, "progress")


def colour_of_action(state: State) -> dict[str, str]:
    """ "Green tiles must be placed beneath the field corresponding to the green action (PROGRESS), yellow beneath
    the yellow field (TAXES), and so on": the actions and the colours are listed in the same order."""
    v = state.rules.values
    return dict(zip(v["rounds"]["actions"], v["progress"]["colors"], strict=True))


# --- The Market -----------------------------------------------------------------------------------------------


def setup_market(state: State, rng: random.Random, copies: int | None = None) -> State:
    """Shuffle each colour's stack (every tile of the colour, ``copies`` times: progress.yaml ``copies_per_tile``
    unless given; solo uses 1) and reveal the Market."""
    out = state.copy()
    copies = tile_values(out.rules)["market"]["copies_per_tile"] if copies is None else copies
    out.stacks = {}
    for c in out.rules.values["progress"]["colors"]:
        stack = [t for t, spec in catalogue(out.rules).items() if spec["colour"] == c for _ in range(copies)]
        rng.shuffle(stack)
        out.stacks[c] = stack
    out.market = []
    out.tiles = {p: [] for p in out.board.principalities}
    refill(out)
    return out


def refill(state: State) -> None:
    """Fill each colour's empty face-up spaces from its stack, redrawing duplicates (mutates ``state``)."""
    per_colour = tile_values(state.rules)["market"]["face_up_per_colour"]
    for c in state.rules.values["progress"]["colors"]:
        while sum(colour(t) == c for t in state.market) < per_colour and state.stacks.get(c):
            reveal_next(state, c)


# --- Taking tiles ---------------------------------------------------------------------------------------------


def slots(state: State, player: str, c: str, incoming: str | None = None) -> int:
    """Tile spaces of colour ``c`` on the player's board: 2, or 3 with German Settlers, which counts as soon as
    it is drawn (``incoming``: "if a player already has two green Progress Tiles, they may take this tile as a
    third one")."""
    base = state.rules.values["progress"]["slots_per_color"]
    extra = params(state, player, "third_slot")
    cat = catalogue(state.rules)
    if extra is None and incoming in cat and cat[incoming]["kind"] == "third_slot":
        extra = cat[incoming]["params"]
    if extra is None:
        return base
    every = tile_values(state.rules)["tiles"]["german_settlers"]["every_colour"]
    own = tile_values(state.rules)["tiles"]["german_settlers"]["colour"]
    return base + extra["slots"] if every or c == own else base


def picks(state: State, player: str) -> list[tuple[str, str | None]]:
    """Single legal picks on the current Market: (Market tile, own tile given back or None)."""
    mine = state.tiles.get(player, [])
    out: list[tuple[str, str | None]] = []
    for tile in dict.fromkeys(state.market):
        if tile in mine:
            continue
        same = [t for t in mine if colour(t) == colour(tile)]
        if len(same) < slots(state, player, colour(tile), tile):
            out.append((tile, None))
        else:
            out += [(tile, given) for given in same]
    return out


def lower_track(state: State, player: str) -> str:
    return "people" if state.people[player] <= state.clergy[player] else "clergy"


def _pairs(state: State, player: str) -> int:
    held = [colour(t) for t in state.tiles[player]]
    return sum(held.count(c) // 2 for c in set(held))


def place(
    state: State, player: str, pick: tuple[str, str | None], track: Callable[[State], str] | None = None
) -> State:
    """Take one Market tile (into a free slot, or exchanging ``pick[1]``) and apply its acquisition effects.

    The Market is not refilled here (``refill`` runs once the player finishes). ``track(state)`` chooses People
    or Clergy for Chronicle (default: the lower track)."""
    tile, given = pick
    if tile not in state.market:
        raise IllegalAction(f"{tile} is not on the Market")
    mine = state.tiles[player]
    if tile in mine:
        raise IllegalAction(f"{player} already has {tile}: players cannot have 2 identical tiles")
    same = [t for t in mine if colour(t) == colour(tile)]
    room = slots(state, player, colour(tile), tile)
    out = state.copy()
    mine = out.tiles[player]
    pairs_before = _pairs(out, player)
    out.market.remove(tile)
    if given is None:
        if len(same) >= room:
            raise IllegalAction(f"no free {colour(tile)} space: exchange one of {same}")
    else:
        if given not in same:
            raise IllegalAction(f"{given} is not a {colour(tile)} tile of {player}")
        if len(same) < room:
            raise IllegalAction(f"{player} has a free {colour(tile)} space: exchanges are only for a full colour")
        mine.remove(given)
        out.market.append(given)  # "the player's tile is placed face up on the Market"
    mine.append(tile)
    chronicle = params(out, player, "chronicle")
    if chronicle is not None:
        # "gains 1 point for each pair of tiles of the same color they already have. Then, the player will score
        # (once) for each newly formed pair"
        just_acquired = catalogue(out.rules).get(tile, {}).get("kind") == CHRONICLE  # the tile taken is one
        new = _pairs(out, player) - (0 if just_acquired else pairs_before)
        for _ in range(max(0, new)):
            chosen = track(out) if track else lower_track(out, player)
            if chosen not in ("people", "clergy"):
                raise IllegalAction(f"support goes to people or clergy, not {chosen}")
            gain_support(out, player, chosen, chronicle["support"])
    return out


def progress_action(state: State, player: str, strategy, rng: random.Random) -> State:
    """The whole Progress Action with printed tiles: the strategy picks one tile at a time (``progress``), up to
    the Period's number (+1 for Church Schools bought with 2 gold, ``church_schools``); then the Market refills
    and the hand limit is checked (Bishop's Chancery may have been given back)."""
    out = state.copy()
    allowed = state.period * state.rules.values["progress"]["tiles_per_period"]
    taken = 0
    while taken < allowed:
        pick = strategy.progress(out, player, rng)
        if pick is None:
            break
        out = place(out, player, pick, lambda s: strategy.support_track(s, player, rng))
        taken += 1
        schools = catalogue(out.rules).get(pick[0], {})
        if schools.get("kind") == CHURCH_SCHOOLS:
            cost = schools["params"]["gold"]
            if out.gold[player] >= cost and strategy.church_schools(out, player, rng):
                out.gold[player] -= cost  # back to the general pool
                allowed += schools["params"]["tiles"]
    if taken == 0:
        return state  # nothing placed: the action was not performed
    refill(out)
    return cards.enforce_hand_limit(out, player)


# --- Effects that fire after an action ------------------------------------------------------------------


def after_action(state: State, player: str, action: str, rng: random.Random) -> State:
    """Tiles that fire each time the player performs ``action``: Training Grounds after Assembly, and the assumed
    generic +1 gold of the unexplained tiles of the action's colour. Returns ``state`` itself when nothing fires."""
    cat = catalogue(state.rules)
    mine = [t for t in state.tiles.get(player, ()) if t in cat]
    if not mine:
        return state
    c = colour_of_action(state)[action]
    gold = sum(cat[t]["params"]["gold"] for t in mine if colour(t) == c and cat[t]["kind"] == "action_gold")
    training = params(state, player, "training_grounds") if action == "assembly" else None
    if not gold and training is None:
        return state
    out = state.copy()
    out.gold[player] += min(gold, out.gold_in_supply())
    if training is not None:
        yards = sum(out.buildings.get(land) == "tiltyard" for land in controlled_lands(out, player))
        for _ in range(training["cards_per_tiltyard"] * yards):
            cards.draw_into(out, player, "battle", rng)
        out = cards.enforce_hand_limit(out, player)
    return out
