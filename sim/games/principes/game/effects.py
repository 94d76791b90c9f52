"""The questions the core rules ask of the optional modules, answered from the rule set and the state.

The actions, battles and cards ask small questions of the printed Progress Tiles (``tiles``: Three-Field's extra
units, Border Guards, Bishop's Chancery, ...), of the Neighbor Cards (a card's support symbol) and of the History
Cards (which factions are Invaders). The answers need only the rules files (``state.rules``) and the state, so they
live here, below every module that asks and below the modules that play those rules (``tiles``, ``neighbors``,
``history``): the imports run one way. Each answer is a no-op for a player without printed tiles.

``rules`` arguments are a ``setup.GameRules``; ``None`` means the bundled files (tests, tools).
"""

from __future__ import annotations

import functools

from sim.config import load_ruleset
from sim.games.principes.game.control import controlled_lands, controller
from sim.games.principes.game.state import State, clamp_track

SUPPORT_SYMBOLS = ("people", "clergy", "either")


@functools.lru_cache(maxsize=16)
def _bundled(stem: str) -> dict:
    return load_ruleset("principes").values(stem)


def values(rules, stem: str) -> dict:
    """The plain values of one rules file (``progress``, ``neighbors``, ``history``, ...)."""
    return rules.file(stem) if rules is not None else _bundled(stem)


_CATALOGUES: dict[str, dict] = {}


def catalogue(rules=None) -> dict[str, dict]:
    """Tile id → {name, colour, kind, params} for the printed tiles of progress.yaml, in file order (per rule set)."""
    key = rules.digest if rules is not None else ""
    if key not in _CATALOGUES:
        out = {}
        for name, spec in values(rules, "progress")["tiles"].items():
            effect = dict(spec["effect"])
            kind = effect.pop("kind")
            out[f"{spec['colour']}.{name}"] = {"name": name, "colour": spec["colour"], "kind": kind, "params": effect}
        _CATALOGUES[key] = out
    return _CATALOGUES[key]


def tile_id(name: str, rules=None) -> str:
    return next(t for t, spec in catalogue(rules).items() if spec["name"] == name)


def colour(tile: str) -> str:
    return tile.split(".")[0]


# --- printed Progress Tiles (each a no-op for a player without them) -------------------------------------------


def params(state: State, player: str, kind: str) -> dict | None:
    """The parameters of the player's tile with effect ``kind``, or None when it holds none."""
    held = state.tiles.get(player, ())
    if not held:
        return None
    cat = catalogue(state.rules)
    for tile in held:
        spec = cat.get(tile)
        if spec is not None and spec["kind"] == kind:
            return spec["params"]
    return None


def holds(state: State, player: str, kind: str) -> bool:
    return params(state, player, kind) is not None


def holders(state: State, kind: str) -> list[str]:
    return [p for p in state.players if holds(state, p, kind)]


def extra_units(state: State, player: str) -> int:
    """Three-Field: "You may assemble 2 more units"."""
    p = params(state, player, "assembly_units")
    return p["units"] if p else 0


def extra_points(state: State, player: str | None, kind: str) -> int:
    """Mounts for Infantry: "Your Footmen have 3 Movement Points" (infantry: rules.yaml ``units.<kind>.class``)."""
    if player is None or kind in state.rules.cavalry:
        return 0
    p = params(state, player, "infantry_points")
    return p["points"] if p else 0


def extra_hand(state: State, player: str) -> int:
    """Bishop's Chancery: "You may have up to 9 cards in your hand"."""
    p = params(state, player, "hand_limit")
    return p["cards"] - state.rules.hand_limit if p else 0


def flips(state: State, faction: str) -> bool:
    """Learning Chess: "After rolling, you may flip your Battle Die to its opposite side"."""
    return faction in state.tiles and holds(state, faction, "learning_chess")


def guarded(state: State, land: str, mover: str, consent: frozenset[str] = frozenset()) -> bool:
    """Border Guards: "Foreign units stop at the first of your lands they enter", unless the holder consents."""
    if not state.tiles:
        return False
    guards = holders(state, "border_guards")
    if not guards:
        return False
    owner = controller(state, land)
    return owner in guards and owner != mover and owner not in consent


def abbey_clergy(state: State, player: str) -> int:
    """French Style: the extra Clergy Support for each Abbey the player builds."""
    p = params(state, player, "abbey_clergy")
    return p["clergy"] if p else 0


def battle_cards_for_support(state: State, player: str) -> bool:
    """Heralds of Peace: a Battle Card may be exchanged for 1 People or 1 Clergy Support Point."""
    return holds(state, player, "heralds_of_peace")


def princess_cards(state: State, player: str) -> int:
    """Lady of the Court: "Your Princess provides and removes 2 Court or Neighbor Cards" (else princesses.yaml
    ``princesses.cards_per_round``)."""
    p = params(state, player, "lady_of_the_court")
    return p["cards"] if p else state.rules.file("princesses")["princesses"]["cards_per_round"]


def gain_support(state: State, player: str, track: str, n: int = 1) -> None:
    """+n on the People or Clergy track (mutates ``state``)."""
    values_ = state.people if track == "people" else state.clergy
    values_[player] = clamp_track(values_[player] + n, state.rules)


def council_bonus(state: State, order: list[str]) -> None:
    """Knightly Culture at any Council: +1 People per Tiltyard the holder controls (mutates ``state``)."""
    for player in order:
        p = params(state, player, "knightly_culture")
        if p:
            yards = sum(state.buildings.get(land) == "tiltyard" for land in controlled_lands(state, player))
            gain_support(state, player, "people", p["people_per_tiltyard"] * yards)


# --- Neighbor Cards and the other factions ----------------------------------------------------------------------


def support_symbol(card: str, rules=None) -> str:
    """A Court or Neighbor Card's support symbol (people | clergy | either). With Neighbors on, a Neighbor Card is
    ``neighbor.<card id>`` and its symbol is in neighbors.yaml."""
    kind, symbol = card.split(".")
    if kind == "neighbor" and symbol not in SUPPORT_SYMBOLS:
        return values(rules, "neighbors")["cards"][symbol]["support"]
    return symbol


def invader_factions(state: State) -> tuple[str, ...]:
    """The History Cards' Invader factions (history.yaml ``invaders``)."""
    return tuple(f for f, spec in values(state.rules, "history")["invaders"].items() if isinstance(spec, dict))


def major_neighbors(state: State) -> tuple[str, ...]:
    """The Neighbors whose figures wait off the Map (neighbors.yaml; the Pomeranias stand on their own lands)."""
    return tuple(nb for nb in values(state.rules, "neighbors")["neighbors"] if nb not in state.board.pomerania_units)
