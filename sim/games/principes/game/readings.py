"""The rule set's readings the engines model, checked when the rules load (``setup.load_game_rules``).

Most values are numbers both engines read. A few YAML values state a fact the engines derive (a deck's size is the
sum of its symbols) or a reading of the rulebook that is the only one modelled (History text effects are not
played, a Neighbor passes through nobody's units): those are checked here, so a changed value is an error naming
its file and key rather than a silent no-op (``sim.errors.ConfigError``: one line, exit code 2).
"""

from __future__ import annotations

from sim.errors import ConfigError
from sim.games.principes.game.state import UNITS

NEIGHBOR_KINDS = ("knight", "footman")  # the figures of a Neighbor or a Neighbor Card
SUPPORT = ("people", "clergy", "either")

ACTIONS = ("progress", "taxes", "assembly", "movement", "building", "politics")  # the actions the engines perform

# (file, key) → the one value modelled, and why no other is
MODELLED: dict[tuple[str, str], tuple[object, str]] = {
    ("game", "building.cities_per_action"): (1, "a Building Action founds at most 1 City in both engines"),
    ("game", "building.buildings_per_land"): (1, "a land holds 1 building in both engines"),
    ("history", "deck.text_effects"): (False, "History card texts are not printed, only the icons are modelled"),
    ("history", "invaders.consent"): (False, "no player is asked for consent: Invaders stop on any units"),
    ("neighbors", "movement.consent"): (False, "no player is asked for consent: Neighbors stop on other units"),
    ("neighbors", "politics.block_cost"): (0, "blocking is free in both engines"),
    ("neighbors", "politics.blockers_from"): ("princeps", "blockers are asked in the Round's turn order"),
    ("neighbors", "politics.cards_per_neighbor"): (1, "one card per Neighbor before a Politics Action"),
    ("princesses", "princesses.missions_at"): ("period_start", "missions are sent at a Period's start"),
    ("princesses", "princesses.round_effect_timing"): ("after_direction", "the courts work after the direction"),
    ("princesses", "court.symbols_and_gold"): (
        "game.yaml cards.court_symbols and cards.gold_per_card",
        "a pointer to the values game.yaml holds",
    ),
    ("progress", "market.refill"): ("after_action", "the Market refills once the player finishes"),
    ("progress", "market.duplicates_redrawn"): (True, "a duplicate is always redrawn"),
    ("progress", "market.exchange_only_when_full"): (True, "an exchange needs a full colour"),
    ("progress", "market.removed_tile_effects_end"): (True, "a tile's effect lasts while it is held"),
    ("progress", "market.third_tiles_kept"): (True, "placed tiles stay"),
    ("progress", "choices.support_track"): ("lower", "the default strategies take the lower track"),
    ("progress", "choices.learning_chess_flip"): ("when_it_wins", "a side flips when that turns a loss into a win"),
}


def check(rules) -> None:
    """Raise ConfigError for the first value the engines cannot play as given (``rules``: ``setup.GameRules``)."""
    rs = rules.ruleset

    def need(cond: bool, stem: str, key: str, expected: str, found: object) -> None:
        if not cond:
            raise ConfigError(rs[stem].origin(key), rs.override_key(stem, key), expected, found)

    def at(stem: str, key: str):
        node = rs.values(stem)
        for part in key.split("."):
            node = node[part]
        return node

    for (stem, key), (value, why) in MODELLED.items():
        need(at(stem, key) == value, stem, key, f"{value!r} ({why})", at(stem, key))
    units = [u.name for u in rules.battle.units]
    need(sorted(units) == sorted(UNITS), "rules", "units", f"the unit kinds {', '.join(UNITS)}", units)
    g = rs.values("game")
    actions = g["rounds"]["actions"]
    need(sorted(actions) == sorted(ACTIONS), "game", "rounds.actions", f"the actions {', '.join(ACTIONS)}", actions)
    k = g["rounds"]["actions_planned"]
    need(1 <= k <= len(actions), "game", "rounds.actions_planned", f"1 to {len(actions)} actions", k)
    colours = g["progress"]["colors"]
    need(len(colours) == len(actions), "game", "progress.colors", f"one colour per action ({len(actions)})", colours)

    def equal(stem: str, key: str, want: object, what: str) -> None:
        found = at(stem, key)
        need(found == want, stem, key, f"{want!r} ({what})", found)

    for kind in ("battle", "court", "neighbor"):
        equal("game", f"decks.{kind}", sum(g["cards"][f"{kind}_symbols"].values()), f"cards.{kind}_symbols")
    for p in g["factions"]["prince_deck_sizes"]:
        equal("game", f"factions.prince_deck_sizes.{p}", sum(g["factions"][p]["prince_deck"].values()), "its deck")
    distinct = g["progress_tiles"]["distinct_per_color"]
    per = g["progress"]["tiles_per_color"]
    need(distinct > 0 and per % distinct == 0, "game", "progress.tiles_per_color", f"a multiple of {distinct}", per)
    equal("game", "progress.market_faceup", len(colours) * g["progress_tiles"]["market_per_color"], "per colour")
    equal("game", "decks.neighbor", len(rs.values("neighbors")["cards"]), "the cards of neighbors.yaml")
    h = rs.values("history")
    periods = g["rounds"]["count"] // g["rounds"]["per_period"]
    equal("history", "deck.periods", periods, "game.yaml rounds")
    equal("history", "deck.cards", len(h["cards"]), "the cards listed")
    for period in range(1, periods + 1):
        n = sum(spec["period"] == period for spec in h["cards"].values())
        equal("history", "deck.per_period", n, f"the cards of Period {period}")
    equal("game", "decks.history_in_game", h["deck"]["dealt_per_period"] * periods, "dealt per Period")
    p = rs.values("progress")
    equal("progress", "market.stacks", len(colours), "one per colour")
    equal("progress", "market.face_up", len(colours) * p["market"]["face_up_per_colour"], "per colour")
    for name, spec in p["tiles"].items():
        colour = spec["colour"]
        need(colour in colours, "progress", f"tiles.{name}.colour", f"one of {', '.join(colours)}", colour)
    _neighbors(rules, need)
    _invaders(rules, need)


def _counts(units: object, kinds: tuple[str, ...]) -> bool:
    return isinstance(units, dict) and all(
        k in kinds and isinstance(n, int) and not isinstance(n, bool) and n >= 0 for k, n in units.items()
    )


def _neighbors(rules, need) -> None:
    """neighbors.yaml: figures and cards well formed; a major Neighbor's spots an off-map area of the map, a
    Pomerania's its own land with the figures map.yaml deploys there."""
    v, board = rules.ruleset.values("neighbors"), rules.board
    for nb, spec in v["neighbors"].items():
        key = f"neighbors.{nb}"
        units = spec["units"]
        need(_counts(units, NEIGHBOR_KINDS), "neighbors", f"{key}.units", "knight/footman counts", units)
        if nb in board.pomerania_units:
            ok = spec["spots"] == nb and board.pomerania_units[nb] == spec["units"]
            need(ok, "neighbors", key, "its own land, with map.yaml's Pomerania units", spec)
        else:
            need(spec["spots"] in board.off_map_areas, "neighbors", f"{key}.spots", "an off-map area", spec["spots"])
    for card, spec in v["cards"].items():
        key = f"cards.{card}"
        need(spec["neighbor"] in (*v["neighbors"], "any"), "neighbors", f"{key}.neighbor", "a Neighbor or any",
             spec["neighbor"])  # fmt: skip
        units = spec["units"]
        need(_counts(units, NEIGHBOR_KINDS), "neighbors", f"{key}.units", "knight/footman counts", units)
        need(spec["support"] in SUPPORT, "neighbors", f"{key}.support", " or ".join(SUPPORT), spec["support"])


def _invaders(rules, need) -> None:
    """history.yaml: each Invader's units of one known kind, from an off-map area of the map; the Mongols' figures
    the first wave's."""
    inv = rules.ruleset.values("history")["invaders"]
    for faction, spec in inv.items():
        if not isinstance(spec, dict):
            continue
        key = f"invaders.{faction}"
        need(_counts(spec["units"], UNITS) and len(spec["units"]) == 1, "history", f"{key}.units",
             "one unit kind and its count", spec["units"])  # fmt: skip
        if "area" in spec:
            areas = rules.board.off_map_areas
            need(spec["area"] in areas, "history", f"{key}.area", f"an off-map area ({', '.join(areas)})", spec["area"])
    first = inv["mongols"]["first_wave"]
    need(sum(inv["mongols"]["units"].values()) == first, "history", "invaders.mongols.units",
         f"{first} figures (invaders.mongols.first_wave)", inv["mongols"]["units"])  # fmt: skip
