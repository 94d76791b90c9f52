"""The compiled engine's rule tables: one record of ``TABLES`` built from a ``setup.GameRules`` (the twin of
``game.setup``), and the starting position.

``compile_tables(rules, modules)`` reads the rule set of the experiment at hand (every rules file, overrides
included) into ``TABLES``: the board, the unit values, the die, costs, limits, the card decks, the History
cards, the Neighbors, the Princesses and the printed tiles. The kernels take the record as an argument, so numba
never freezes a rules value into machine code: a changed value needs no recompile. The result is cached per
``rules.digest`` and set of modules. ``Unsupported`` is raised for a board or rules the layout cannot hold (the
experiment then plays on the reference engine, ``dispatch``).

The tables hold what the reference reads from its rules files on every call: ``setup.GameRules.file`` of each file
(``setup.load_game_rules``), ``effects.values``, ``tiles.tile_values`` with ``effects.catalogue`` (tile ids:
``effects.tile_id``, colours: ``effects.colour``), ``common.history_values`` with ``deck.cards`` and
``invaders.spec``, ``neighbors.neighbor_values`` (checked on load by ``readings``, the board included;
``neighbors.neighbors``, ``neighbors.units``,
``neighbors.spots``, ``neighbors.card_id``, ``neighbors.card_spec``, the cards' symbols ``neighbors.support_symbol``,
``effects.support_symbol`` and ``cards.support_symbol``), ``princesses.princess_values`` (``princesses._rule``,
``princesses.neighbors``). The starting position is ``setup.initial_state``'s, with the Neighbor deck by identity
(``neighbors.enable``; ``neighbors.enabled`` is ``C.neighbors``).
"""

from __future__ import annotations

import numpy as np

from sim.games.principes.fast.policy.odds import ODDS_SHAPE
from sim.games.principes.fast.policy.odds import fill as fill_odds
from sim.games.principes.fast.state import (
    ACTIONS,
    CARD_KINDS,
    CARDS,
    F_TEUTONIC,
    INVADERS,
    MAJORS,
    MAXHELD,
    MAXMARKET,
    MAXPERIODS,
    MAXT,
    NB_IDS,
    NC,
    NCOL,
    NF,
    NHCARDS,
    NHIST,
    NK,
    NL,
    NNB,
    NP,
    NPOM,
    NSYM,
    NTILES,
    TILE_KINDS,
    Unsupported,
    factions,
    tile_ids,
    to_state,
)
from sim.games.principes.game import effects, nonplayers
from sim.games.principes.game import neighbors as game_neighbors
from sim.games.principes.game.history.deck import SKIP
from sim.games.principes.game.setup import initial_state
from sim.games.principes.game.state import UNITS
from sim.layout import Layout

MAXDRAW = max(3, len(NB_IDS))  # cards of one type in a deck's draw order
MAXFACES = 12  # Battle Die faces
MAXADJ = 8 * NL  # adjacency entries
NAREA = 8  # off-map areas (map.yaml facts.off_map_areas) the Invaders may enter from
ICONS = (
    "division",
    "urbanization",
    "release_to_home",
    "common_council",
    "balt_raid",
    "teutonic_knights",
    "mongol_invasion",
)
SYM_PEOPLE, SYM_CLERGY, SYM_EITHER = 1, 2, 3  # ``card_sym``: a card's support symbol (0 a Battle Card)
NB_ANY = 6  # ``card_nb`` of an "Any Neighbors" card
MODULES = ("history", "court", "princesses", "neighbors", "tiles", "no_elimination", "active")  # optional rules played
BLANKED = SKIP  # "history_skip:<card>" in the modules: that History Card's icons do nothing (``module_effects``)
PLAYER_VARIANTS = ("passive", "active")  # 2-3 players: both variants (active: the Combined Actions, ``nonplayers``)
NB_PRINCIPALITY0 = 6  # Neighbor rows 6-9: the Principalities, moved like Neighbors by the Combined Movement
TILE_PARAMS = {  # printed tiles' effect kind → (first parameter, second parameter) names (``tile_par``/``tile_par2``)
    "chronicle": ("support", None),
    "third_slot": ("slots", None),
    "church_schools": ("gold", "tiles"),
    "new_mechanisms": (None, None),
    "action_gold": ("gold", None),
    "training_grounds": ("cards_per_tiltyard", None),
    "border_guards": (None, None),
    "assembly_units": ("units", None),
    "infantry_points": ("points", None),
    "learning_chess": (None, None),
    "abbey_clergy": ("clergy", None),
    "heralds_of_peace": (None, None),
    "knightly_culture": ("people_per_tiltyard", None),
    "lady_of_the_court": ("cards", None),
    "hand_limit": ("cards", None),
}
# the scalar rules values: (field, file, dotted key)
SCALARS = (
    ("rounds", "game", "rounds.count"),
    ("per_period", "game", "rounds.per_period"),
    ("planned", "game", "rounds.actions_planned"),
    ("track_lo", "game", "tracks.low"),
    ("track_hi", "game", "tracks.high"),
    ("might_uncapped", "game", "tracks.might_uncapped"),
    ("coins", "game", "pools.coins_gold"),
    ("hand_limit", "game", "politics.hand_limit"),
    ("tax_people", "game", "taxes.people_cost"),
    ("tax_min", "game", "taxes.min_people"),
    ("gold_per_might", "game", "taxes.gold_per_might"),
    ("asm_units", "game", "assembly.units"),
    ("knight_cost", "game", "assembly.knight_cost"),
    ("footman_cost", "game", "assembly.footman_cost"),
    ("cav_points", "game", "movement.cavalry_points"),
    ("inf_points", "game", "movement.infantry_points"),
    ("clergy_penalty", "game", "movement.clergy_penalty"),
    ("indulgence", "game", "movement.indulgence_gold"),
    ("destroy_people", "game", "movement.destruction_people"),
    ("destroy_clergy", "game", "movement.destruction_clergy"),
    ("win_people", "game", "battle.winner_people"),
    ("lose_people", "game", "battle.loser_people"),
    ("battle_draw", "game", "battle.cards_drawn"),
    ("build_per_action", "game", "building.buildings_per_action"),
    ("build_cost", "game", "building.building_cost"),
    ("tiltyard_people", "game", "building.tiltyard_people"),
    ("abbey_clergy", "game", "building.abbey_clergy"),
    ("pol_drawn", "game", "politics.cards_drawn"),
    ("pol_kept", "game", "politics.cards_kept"),
    ("council_tracks", "game", "politics.council_tracks_to_lead"),
    ("coronation", "game", "politics.coronation_position"),
    ("gold_per_card", "game", "cards.gold_per_card"),
    ("tiles_per_period", "game", "progress.tiles_per_period"),
    ("slots", "game", "progress.slots_per_color"),
    ("shield_gord", "rules", "defender_shields.gord"),
    ("shield_city", "rules", "defender_shields.city"),
    ("shield_castle", "rules", "defender_shields.castle"),
    ("settlements_each", "rules", "defender_shields.settlements_count_each"),
    ("coin_gold", "rules", "loot.coin_gold"),
    ("neutral_loot_ignored", "rules", "loot.neutral_vs_neutral_ignored"),
    ("cards_per_unit", "rules", "cards.per_unit_limit"),
    ("attacker_first", "rules", "cards.attacker_first"),
    ("neutral_cards", "rules", "cards.neutral_use_cards"),
    ("entry_cost", "history", "invaders.entry_cost"),
    ("mongol_first", "history", "invaders.mongols.first_wave"),
    ("mongol_fewer", "history", "invaders.mongols.fewer_each_wave"),
    ("hdealt", "history", "deck.dealt_per_period"),
    ("resolve_final", "history", "deck.resolve_in_final_round"),
    ("court_gold", "princesses", "court.text_effect.gold"),
    ("princess_cards", "princesses", "princesses.cards_per_round"),
    ("one_per_area", "princesses", "princesses.one_per_area"),
    ("no_repeat", "princesses", "princesses.no_repeat"),
    ("capital_control", "princesses", "princesses.capital_needs_control"),
    ("sabotage_trade", "princesses", "princesses.sabotage_trade"),
    ("sabotage_any", "princesses", "princesses.sabotage_removed_by_any_battle"),
    ("nb_exit", "neighbors", "movement.exit_cost"),
    ("nb_destroy_people", "neighbors", "movement.destroy_people"),
    ("nb_destroy_clergy", "neighbors", "movement.destroy_clergy"),
)

TABLES = Layout(
    "principes_tables",
    [
        # the board (map.yaml)
        ("home", (NL,), "faction whose land it is: 0-3 a Principality, 4-5 the Pomerania itself, -1 central"),
        ("princ", (NL,), "Principality index of the land, -1 outside them"),
        ("might", (NL,), "Might of the land's Gords"),
        ("people", (NL,), "People Support points printed on the land"),
        ("clergy", (NL,), "Clergy Support points printed on the land"),
        ("gords", (NL,), "Gords on the land"),
        ("tok", (NL, 2), "city token kind (capital, city, civitas) of each Gord"),
        ("rank", (NL,), "rank of the land id in sorted order"),
        ("byrank", (NL,), "the land with that rank"),
        ("border", (NL, NAREA), "1 when the land borders the off-map area (``facts.off_map_areas`` order)"),
        ("adjptr", (NL + 1,), "CSR row pointers into adj"),
        ("adj", (MAXADJ,), "neighbouring lands, sorted within a row"),
        ("gnesna", (), "the land of Gnesna (Elder Blood)"),
        ("cracovia", (), "the land of Cracovia (House of Princeps)"),
        ("token_might", (3,), "Might (= founding cost) of a capital, city, civitas token"),
        # the Principalities
        ("capital", (NP,), "each Principality's Capital"),
        ("pomland", (NF - NP,), "home land of factions 4.. (Pomeranias, Teutonic Knights), -1 none"),
        ("prank", (NP,), "rank of the Principality id in sorted order"),
        ("seats", (NP,), "clockwise seats as faction indices"),
        ("tax_bonus", (NP,), "extra gold at Taxes (Silesia)"),
        ("gnesna_bonus", (NP,), "Council Clergy with Gnesna (Polonia Maior)"),
        ("cracovia_tracks", (NP,), "tracks to lead with Cracovia (Polonia Minor), -1 none"),
        ("reroll", (NP,), "Battle Die rerolls (Masovia)"),
        # units and battles (rules.yaml)
        ("pools", (NK,), "figures of each kind per Principality"),
        ("swords", (NK,), "swords a unit of each kind deals"),
        ("toughness", (NK,), "hits that topple a unit of each kind"),
        ("order", (NK,), "unit kinds in damage order"),
        ("cavalry", (NK,), "1 for a cavalry kind (3 Movement Points), 0 infantry"),
        ("die", (MAXFACES,), "Battle Die faces (``rules.SYMBOLS`` indices)"),
        ("n_faces", (), "faces on the die"),
        ("flip", (NSYM,), "Learning Chess: the face opposite each symbol (of its first face on the die)"),
        (
            "win_odds",
            ODDS_SHAPE,
            "face pairs the attacker wins with: [Princes, Knights, Footmen] of attacker, then "
            "defender, then site shields (``policy.odds``; the plans' ``attack_win_prob``)",
        ),
        # cards
        ("start_cards", (3,), "starting cards per type: battle, court, neighbor"),
        ("draw_order", (3, MAXDRAW), "card indices of each type in deck (YAML) order"),
        ("n_draw", (3,), "cards in each type's draw order"),
        ("trade_order", (NC,), "the hand limit's trade order"),
        ("card_type", (NC,), "0 battle, 1 court, 2 neighbor"),
        ("card_sym", (NC,), "support symbol (SYM_*; 0 a Battle Card)"),
        ("card_nb", (NC,), "a Neighbor Card's Neighbor (neighbors.yaml order), NB_ANY, or -1"),
        ("card_k", (NC,), "a Neighbor Card's Knights"),
        ("card_f", (NC,), "a Neighbor Card's Footmen"),
        ("card_cost", (NC,), "a Neighbor Card's cost in gold"),
        # History Cards (history.yaml)
        ("history", (), "1 when the History Cards are played"),
        # the active variant (players.yaml combined_actions)
        ("active", (), "1 when the Combined Actions are played (2-3 players, variant: active)"),
        ("ca_units", (), "units the Combined Assembly places (assembly.units)"),
        ("ca_knights", (), "Knights the Combined Movement moves (movement.knight)"),
        ("ca_footmen", (), "Footmen the Combined Movement moves (movement.footman)"),
        ("hcard", (NHCARDS, 4), "History card: Period, icons, icon 1, icon 2 (ICONS indices)"),
        ("inv_kind", (4,), "unit kind of each Invader faction (6-9)"),
        ("inv_n", (4,), "its figures"),
        ("inv_area", (4,), "its off-map area (0 Balts, 1 Rus' Duchies, -1 none)"),
        # Court texts, Princesses (princesses.yaml)
        ("court", (), "1 when Court Cards may be played for their text effect"),
        ("princesses", (), "1 with the Princesses"),
        ("nbland", (NNB,), "the land of each Princess Neighbor area (a Pomerania), else -1"),
        ("expose", (NP, NNB), "home lands bordering / next to each Neighbor (``princesses._exposure``)"),
        # Neighbors (neighbors.yaml)
        ("neighbors", (), "1 with the Neighbors"),
        ("nb_fac", (NB_PRINCIPALITY0 + NP,), "faction of each Neighbor (neighbors.yaml order)"),
        ("nb_k", (NB_PRINCIPALITY0 + NP,), "its Knights"),
        ("nb_f", (NB_PRINCIPALITY0 + NP,), "its Footmen"),
        ("nb_major", (NB_PRINCIPALITY0 + NP,), "1 when its spots are an off-map area"),
        ("nb_prin", (NB_PRINCIPALITY0 + NP,), "its Princess area code (``state.princesses``)"),
        ("nb_rank", (NB_PRINCIPALITY0 + NP,), "rank of its id in sorted order"),
        ("nb_entry", (NB_PRINCIPALITY0 + NP, NL), "1 when the land borders its off-map area"),
        # printed Progress Tiles (progress.yaml) and the generic model
        ("tiles", (), "1 with the printed Progress Tiles"),
        ("tile_kind", (NTILES,), "effect kind (``TILE_KINDS``), -1 off"),
        ("tile_par", (NTILES,), "the effect's first parameter (``TILE_PARAMS``)"),
        ("tile_par2", (NTILES,), "its second (Church Schools: the extra tiles)"),
        ("tile_alpha", (NTILES,), "rank of the tile id in sorted order"),
        ("gs_colour", (), "the colour German Settlers adds a slot to, -1 every colour"),
        ("action_colour", (NCOL,), "the Progress colour of each action (``tiles.colour_of_action``)"),
        ("slots_max", (), "a colour's most tile spaces (German Settlers' included: ``invariants``)"),
        ("distinct", (), "distinct tiles per colour"),
        ("copies", (), "copies of each tile"),
        ("market_per_color", (), "face-up tiles per colour"),
        ("periods", (), "Periods (rounds.count / rounds.per_period)"),
        ("no_elim", (), "1 in the variant without elimination: a player without a Prince plays on (``dynasty``)"),
        # solo mode (solo.yaml; filled by ``solo_experiment.solo_tables``, 0 in the multiplayer game)
        ("solo", (), "1 in a solo game: a removed non-player Prince is reborn by ``solo.rebirth``, not respawned"),
        ("solo_count", (3, 3), "non-player Principalities per Combined Action: [level, assembly/movement/building]"),
        ("solo_asm_units", (), "units a Combined Assembly places (combined.assembly_units)"),
        ("solo_knights", (), "Knights a Combined Movement activates (combined.movement_knights)"),
        ("solo_capitals", (), "Capitals the solo victory needs (victory.capitals)"),
        ("solo_exit", (), "Movement Points to leave an off-map area when activated (activation.exit_cost)"),
        ("solo_dist", (NL, NL), "steps between two lands through any units (``solo.distances`` of each land)"),
        ("solo_after_battle", (), "Invaders and Neighbors destroy lands won in battle too (destroy_after_battle)"),
        ("solo_ruin_nb", (), "activated Neighbors destroy (activation.destroy.neighbors)"),
        ("solo_division", (), "Division Tokens the solo Division icon places (history.division_tokens)"),
        ("solo_mongol_acts", (), "activations of the solo Mongol Invasion (history.mongol_activations)"),
        ("solo_teutonic_block", (), "Teutonic Knights on the Map keep the Prussians home (teutonic_block_prussians)"),
        *((name, (), f"{stem}.yaml {key}") for name, stem, key in SCALARS),
    ],
)


_COMPILED: dict[tuple, tuple[np.ndarray, np.ndarray]] = {}


def compile_tables(rules, modules=frozenset(), non_players=frozenset()) -> tuple[np.ndarray, np.ndarray]:
    """(``TABLES`` record, starting ``STATE`` record before the deal) for a ``setup.GameRules``, the optional
    ``modules`` on (``MODULES``; ``BLANKED`` + a card: its icons blanked) and the ``non_players`` (2-3 players:
    ``nonplayers.setup`` deploys them, as ``driver.new_game`` does); both arrays of length 1, cached per
    ``rules.digest``."""
    other = sorted(m for m in set(modules) - set(MODULES) if not m.startswith(BLANKED))
    if other:
        raise Unsupported(f"optional modules the fast engine does not play: {', '.join(other)}")
    key = (rules.digest, frozenset(modules), frozenset(non_players))
    if key not in _COMPILED:
        c = TABLES.new()
        _fill(c.view(np.recarray)[0], rules, key[1])
        _fill_combined(c.view(np.recarray)[0], rules, "active" in modules and bool(non_players))
        fill_odds(c[0])  # after the die and the unit values
        start = initial_state(rules.board, rules)
        if "neighbors" in modules:
            start = game_neighbors.enable(start)  # the Neighbor deck by card identity, before the hands are dealt
        if non_players:
            start = nonplayers.setup(start, non_players)  # before the hands: non-players draw none
        _COMPILED[key] = (c, to_state(start))
    return _COMPILED[key]


def _at(rules, stem: str, key: str):
    node = rules.file(stem)
    for part in key.split("."):
        node = node[part]
    return node


def _fill(c, rules, modules) -> None:
    board, v, rb = rules.board, rules.values, rules.battle
    fs = factions(board)
    if board.n != NL or len(board.principalities) != NP or len(board.pomerania_units) != NPOM or len(fs) != NF:
        raise Unsupported(f"the fast engine is laid out for {NL} lands, {NP} Principalities and {NPOM} Pomeranias")
    if tuple(sorted(rules.seats_clockwise)) != tuple(sorted(board.principalities)):
        raise Unsupported("seats.clockwise must list the 4 Principalities")
    if len(v["progress"]["colors"]) != NCOL or v["progress"]["tiles_per_color"] > MAXT:
        raise Unsupported(f"the fast engine holds {NCOL} Progress colours of at most {MAXT} tiles")
    distinct = v["progress_tiles"]["distinct_per_color"]
    if v["progress"]["tiles_per_color"] % distinct or NCOL * v["progress"]["slots_per_color"] > MAXHELD:
        raise Unsupported("Progress tiles must split evenly into distinct tiles and fit 12 slots")
    if NCOL * v["progress_tiles"]["market_per_color"] > MAXMARKET // 2 or len(rb.die) > MAXFACES:
        raise Unsupported("too many Market tiles or die faces for the fast engine")
    if max(board.gords) > 2:
        raise Unsupported("at most 2 Gords per land in the fast engine")
    if v["politics"]["hand_limit"] > 12:
        raise Unsupported("a hand limit above 12 (the battle card search) in the fast engine")
    periods = rules.rounds // rules.rounds_per_period
    if periods + (rules.rounds % rules.rounds_per_period > 0) > MAXPERIODS:
        raise Unsupported(f"at most {MAXPERIODS} Periods in the fast engine")
    edges = int(board.adj_indptr[-1])
    if edges > MAXADJ or len(board.off_map_areas) > NAREA:
        raise Unsupported(f"at most {MAXADJ} adjacencies and {NAREA} off-map areas in the fast engine")
    names = sorted(land.id for land in board.lands)
    kinds = ("capital", "city", "civitas")
    for i, land in enumerate(board.lands):
        where = land.principality
        c.home[i] = fs.index(where) if where in fs else -1
        c.princ[i] = board.principalities.index(where) if where in board.principalities else -1
        c.might[i], c.people[i], c.clergy[i], c.gords[i] = land.might, land.people, land.clergy, land.gords
        for g, t in enumerate(land.city_tokens):
            c.tok[i, g] = kinds.index(t)
        c.rank[i] = names.index(land.id)
        c.byrank[names.index(land.id)] = i
        for a, area in enumerate(board.off_map_areas):
            c.border[i, a] = area in land.borders
    c.adjptr[:] = board.adj_indptr
    c.adj[:edges] = board.adj_indices
    c.gnesna, c.cracovia = board.index["gnesna"], board.index["cracovia"]
    for k, kind in enumerate(kinds):
        c.token_might[k] = board.token_might[kind]
    pnames = sorted(board.principalities)
    for p, name in enumerate(board.principalities):
        c.capital[p] = board.index[board.capitals[name]]
        c.prank[p] = pnames.index(name)
        c.seats[p] = board.principalities.index(rules.seats_clockwise[p])
        fv = v["factions"][name]
        c.tax_bonus[p] = fv.get("tax_bonus", 0)
        c.gnesna_bonus[p] = fv.get("council_clergy_with_gnesna") or 0
        special = fv.get("council_tracks_with_cracovia")
        c.cracovia_tracks[p] = -1 if special is None else special
        c.reroll[p] = rb.rerolls.get(name, 0)
    c.pomland[:] = -1
    for j, pom in enumerate(fs[NP:]):
        if pom in board.pomerania_units:
            c.pomland[j] = board.index[pom]
    c.pomland[F_TEUTONIC - NP] = next(i for i, land in enumerate(board.lands) if land.teutonic_symbol)
    for k, kind in enumerate(UNITS):
        unit = rb.unit(kind)
        c.pools[k], c.swords[k], c.toughness[k] = v["pools"][kind], unit.swords, unit.toughness
        c.cavalry[k] = unit.cavalry
    c.order[:] = [UNITS.index(u.name) for u in rb.units]  # ``rb.units`` is sorted in damage order
    c.die[: len(rb.die)] = rb.die
    c.n_faces = len(rb.die)
    for face in range(NSYM):  # Learning Chess: a symbol's opposite face (of its first face on the die)
        c.flip[face] = int(rb.opposite[list(rb.die).index(face)]) if face in list(rb.die) else face
    _fill_cards(c, rules, "neighbors" in modules)
    _fill_history(c, rules, "history" in modules, {m[len(BLANKED) :] for m in modules if m.startswith(BLANKED)})
    _fill_princesses(c, rules, "princesses" in modules)
    _fill_neighbors(c, rules, "neighbors" in modules)
    c.court = "court" in modules
    c.no_elim = "no_elimination" in modules
    c.distinct = distinct
    c.copies = v["progress"]["tiles_per_color"] // distinct
    c.market_per_color = v["progress_tiles"]["market_per_color"]
    c.periods = periods
    for name, stem, key in SCALARS:
        c[name] = _at(rules, stem, key)
    c.tile_kind[:] = -1
    if "tiles" in modules:
        _fill_tiles(c, rules)


def _fill_cards(c, rules, by_id: bool) -> None:
    v = rules.values
    for t, kind in enumerate(CARD_KINDS):
        c.start_cards[t] = v["seats"]["starting_cards"].get(kind, 0)
        symbols = list(v["cards"][f"{kind}_symbols"])
        bare = [CARDS[i].split(".")[1] for i in range(NC) if CARDS[i].startswith(kind + ".")]
        if kind == "neighbor":
            bare = [b for b in bare if b not in NB_IDS]
        if sorted(symbols) != sorted(bare):
            raise Unsupported(f"{kind} cards must carry exactly the symbols {symbols}")
        if kind == "neighbor" and by_id:
            symbols = list(NB_IDS)  # ``neighbors.enable``: the deck holds the 12 cards by identity
        for j, s in enumerate(symbols):
            c.draw_order[t, j] = CARDS.index(f"{kind}.{s}")
        c.n_draw[t] = len(symbols)
    order = ("neighbor", "court", "battle")
    c.trade_order[:] = sorted(range(NC), key=lambda i: (order.index(CARDS[i].split(".")[0]), CARDS[i]))


def _fill_history(c, rules, on: bool, blanked: set[str]) -> None:
    """The History Cards, each ``blanked`` one with no icons (``deck.resolve_icons`` skips its icons: the same
    deal, the same stream)."""
    hv = rules.file("history")
    names = tuple(hv["cards"])
    if len(names) != NHCARDS or hv["deck"]["dealt_per_period"] * hv["deck"]["periods"] != NHIST:
        raise Unsupported(f"the fast engine deals {NHIST} of {NHCARDS} History cards")
    if blanked - set(names):
        raise Unsupported(f"no History Card named {', '.join(sorted(blanked - set(names)))} to blank")
    for j, name in enumerate(names):
        spec = hv["cards"][name]
        if len(spec["icons"]) > 2:
            raise Unsupported("at most 2 icons per History card in the fast engine")
        c.hcard[j, 0], c.hcard[j, 1] = spec["period"], 0 if name in blanked else len(spec["icons"])
        for k, icon in enumerate(spec["icons"]):
            c.hcard[j, 2 + k] = ICONS.index(icon)
    inv = hv["invaders"]
    for j, faction in enumerate(INVADERS):
        units = inv[faction]["units"]
        if len(units) != 1:
            raise Unsupported("one unit kind per Invader faction in the fast engine")
        ((kind, n),) = units.items()
        c.inv_kind[j], c.inv_n[j] = UNITS.index(kind), n
        area = inv[faction].get("area")
        c.inv_area[j] = -1 if area is None else rules.board.off_map_areas.index(area)
    c.history = on


def _fill_princesses(c, rules, on: bool) -> None:
    board = rules.board
    nbs = rules.file("princesses")["princesses"]["neighbors"]
    if len(nbs) != NNB:
        raise Unsupported(f"the fast engine sends Princesses to {NNB} Neighbors")
    for k, nb in enumerate(nbs):
        c.nbland[k] = board.index.get(nb, -1)
        for p, name in enumerate(board.principalities):
            home = [land for land in board.lands if land.principality == name]
            c.expose[p, k] = sum(nb in land.borders or nb in land.adjacent for land in home)
    c.princesses = on


def _fill_neighbors(c, rules, on: bool) -> None:
    board, ANY = rules.board, game_neighbors.ANY
    nv = game_neighbors.neighbor_values(rules)
    nbs, fs = tuple(nv["neighbors"]), factions(board)
    prin = rules.file("princesses")["princesses"]["neighbors"]
    if len(nbs) != 6 or sorted(nbs) != sorted((*board.pomerania_units, *MAJORS)) or len(NB_IDS) > MAXDRAW:
        raise Unsupported("the fast engine holds the 2 Pomeranias and the 4 major Neighbors of neighbors.yaml")
    if tuple(nv["cards"]) != NB_IDS:
        raise Unsupported("the Neighbor Cards of neighbors.yaml, in file order")
    symbols = {"people": SYM_PEOPLE, "clergy": SYM_CLERGY, "either": SYM_EITHER}
    for i, card in enumerate(CARDS):
        kind, name = card.split(".")
        c.card_type[i] = CARD_KINDS.index(kind)
        c.card_nb[i] = -1
        if kind == "battle":
            continue
        if kind == "neighbor" and name in NB_IDS:
            spec = nv["cards"][name]
            c.card_sym[i] = symbols[spec["support"]]
            c.card_nb[i] = NB_ANY if spec["neighbor"] == ANY else nbs.index(spec["neighbor"])
            if set(spec["units"]) - {"knight", "footman"}:
                raise Unsupported(f"Neighbor Card {name}: only Knights and Footmen in the fast engine")
            c.card_k[i], c.card_f[i] = spec["units"].get("knight", 0), spec["units"].get("footman", 0)
            c.card_cost[i] = spec["cost"]
        else:
            c.card_sym[i] = symbols[name]
    ranked = sorted(nbs)
    for j, nb in enumerate(nbs):
        spec = nv["neighbors"][nb]
        c.nb_fac[j] = fs.index(nb)
        c.nb_k[j], c.nb_f[j] = spec["units"].get("knight", 0), spec["units"].get("footman", 0)
        c.nb_major[j] = nb not in board.pomerania_units
        c.nb_prin[j] = NP + list(prin).index(nb) if nb in prin else -1
        c.nb_rank[j] = ranked.index(nb)
        for i, land in enumerate(board.lands):
            c.nb_entry[j, i] = spec["spots"] in land.borders
    for q in range(NP):  # a non-player Principality moved like a Neighbor: no off-map spots, no Princess
        j = NB_PRINCIPALITY0 + q
        c.nb_fac[j], c.nb_prin[j], c.nb_rank[j] = q, -1, -1
    c.neighbors = on


def _fill_combined(c, rules, on: bool) -> None:
    """The Combined Actions Tile (players.yaml ``combined_actions``) as the compiled ``nonplayers`` plays it."""
    v = rules.file("players")["combined_actions"]
    asm, mv, bd = v["assembly"], v["movement"], v["building"]
    if on and (
        sorted(asm["kinds"]) != ["footman", "knight"] or asm["cost"] or asm["lands"] != "controlled"
        or v["assembly_lands"] != "controlled" or set(mv) - {"knight", "footman"}
        or bd != {"cities": 1, "or_buildings": 1, "cost": 0} or v["when"] != "after_performed"
    ):  # fmt: skip
        raise Unsupported(
            "the fast engine's Combined Actions: Knights and Footmen for free on controlled lands, "
            "a Knight and a Footman moved, 1 City or 1 building for free, after an action performed"
        )
    c.active = on
    c.ca_units = asm["units"]
    c.ca_knights, c.ca_footmen = mv.get("knight", 0), mv.get("footman", 0)


def _fill_tiles(c, rules) -> None:
    v, tv = rules.values, rules.file("progress")
    cat = effects.catalogue(rules)
    ids = tile_ids(v["progress"]["colors"], rules)
    copies, per = tv["market"]["copies_per_tile"], tv["market"]["face_up_per_colour"]
    if (NTILES // NCOL) * copies > MAXT or NCOL * per > MAXMARKET // 2:
        raise Unsupported(f"at most {MAXT} printed tiles per colour and {MAXMARKET // 2} face up in the fast engine")
    alpha = sorted(ids)
    for t, tile in enumerate(ids):
        spec = cat[tile]
        kind = spec["kind"]
        if kind not in TILE_KINDS:
            raise Unsupported(f"printed tile effect {kind!r} is not ported to the fast engine")
        first, second = TILE_PARAMS[kind]
        if set(spec["params"]) - {first, second}:
            raise Unsupported(f"printed tile {tile}: parameters {sorted(spec['params'])} are not ported")
        c.tile_kind[t] = TILE_KINDS.index(kind)
        c.tile_par[t] = spec["params"][first] if first else 0
        c.tile_par2[t] = spec["params"][second] if second else 0
        c.tile_alpha[t] = alpha.index(tile)
        if kind == "third_slot" and NCOL * (v["progress"]["slots_per_color"] + spec["params"]["slots"]) > MAXHELD:
            raise Unsupported(f"more than {MAXHELD} tile spaces with German Settlers in the fast engine")
        if kind == "hand_limit" and spec["params"]["cards"] > 12:
            raise Unsupported("a hand limit above 12 (the battle card search) in the fast engine")
    every = tv["tiles"]["german_settlers"]["every_colour"]
    extra = [spec["params"]["slots"] for spec in cat.values() if spec["kind"] == "third_slot"]
    c.slots_max = v["progress"]["slots_per_color"] + max(extra, default=0)
    colours = list(v["progress"]["colors"])
    of_action = dict(zip(v["rounds"]["actions"], colours, strict=True))  # ``tiles.colour_of_action``
    for a, action in enumerate(ACTIONS):
        c.action_colour[a] = colours.index(of_action[action])
    gs = tv["tiles"]["german_settlers"]["colour"]
    c.gs_colour = -1 if every else v["progress"]["colors"].index(gs) if gs in v["progress"]["colors"] else NCOL
    c.tiles = 1
    c.distinct, c.copies, c.market_per_color = NTILES // NCOL, copies, per  # the printed Market replaces the generic
