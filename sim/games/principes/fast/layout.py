"""The fast engine's array layout: one flat int64 state vector ``S`` and one flat int64 constants vector ``C``.

``S`` holds a whole game position (offsets ``S_*`` below); ``C`` holds the board and the rules values the
kernels read (offsets ``C_*``). Both are plain numpy arrays, so a kernel copies a position with ``S.copy()`` and
numba sees every offset as a compile-time constant. ``compile_constants`` builds ``C`` from a ``Board`` and
``GameRules``; ``to_state_vector`` / ``from_state_vector`` translate a reference ``State`` to ``S`` and back (the
tests compare the ported functions with the reference through them).

Indices: factions 0-3 are the Principalities in board order, 4-5 the Pomeranias (sorted ids), 6-9 the Invaders
(History Cards), 10-13 the major Neighbors (``MAJORS``); unit kinds are (prince, knight, footman); cards are the
reference's card strings in sorted order (``CARDS``: the bare Neighbor symbols of part 1 and the 12 Neighbor Cards
by identity, only one set in play), so iterating card indices in order is iterating ``sorted(hand)``, and a card's
type, support symbol and Neighbor data are in ``C_CARD*``; tokens are ``TOKENS``; a building is 0 none, 1 castle,
2 tiltyard, 3 abbey; a Progress tile is ``colour * distinct + n`` (the generic model's ``"<colour>.<n>"``; with the
printed tiles, ``progress: tiles``, n is the tile's place among its colour's tiles in progress.yaml: ``tile_ids``).
Lands are in board order; ``C_RANK`` gives each land's rank among the sorted land ids (the reference sorts lands by
id in several places). A Neighbor is its index in neighbors.yaml order (``neighbor_ids``; ``C_NB*``).
"""

from __future__ import annotations

import functools

import numpy as np

from sim.games.principes.game.state import UNITS, State
from sim.games.principes.map import Board

NL, NP, NF, NK = 44, 4, 14, 3
INVADERS = ("prussians", "lithuanians", "teutonic_knights", "mongols")  # factions 6-9 (History Cards)
F_PRUSSIANS, F_LITHUANIANS, F_TEUTONIC, F_MONGOLS = 6, 7, 8, 9
NPOM = 2  # factions 4-5: the Pomeranias (sorted ids)
MAJORS = ("german_marches", "kingdom_of_bohemia", "kingdom_of_hungary", "rus_duchies")  # factions 10-13 (Neighbors)
F_MAJOR0 = 10
ICONS = (
    "division",
    "urbanization",
    "release_to_home",
    "common_council",
    "balt_raid",
    "teutonic_knights",
    "mongol_invasion",
)
NHIST, NHCARDS = 6, 18  # History cards dealt (2 per Period), cards in history.yaml
NNB = 6  # Neighbors a Princess may be sent to (princesses.yaml princesses.neighbors)
PRINCE, KNIGHT, FOOTMAN = 0, 1, 2


def _neighbor_card_ids() -> tuple[str, ...]:
    from sim.games.principes.game.neighbors import neighbor_values

    return tuple(neighbor_values()["cards"])


NB_IDS = _neighbor_card_ids()  # the 12 Neighbor Cards by identity (neighbors.yaml order: the deck's draw order)
CARDS = tuple(
    sorted(
        (
            "battle.either",
            "battle.shield",
            "battle.sword",
            "court.clergy",
            "court.either",
            "court.people",
            "neighbor.clergy",
            "neighbor.either",
            "neighbor.people",
            *(f"neighbor.{c}" for c in NB_IDS),
        )
    )
)  # the bare Neighbor symbols (Neighbors off) and the cards by identity (Neighbors on): index order = sorted(hand)
NC = len(CARDS)
NNBC = len(NB_IDS)
MAXDRAW = max(3, NNBC)  # cards of one type in a deck's draw order
SYM_PEOPLE, SYM_CLERGY, SYM_EITHER = 1, 2, 3  # C_CARDSYM: a card's support symbol (0 a Battle Card)
NB_ANY = 6  # C_CARDNB of an "Any Neighbors" card
B_EITHER, B_SHIELD, B_SWORD = 0, 1, 2
CARD_KINDS = ("battle", "court", "neighbor")
TOKENS = ("capital", "city", "civitas", "castle", "tiltyard", "abbey", "division")
T_CASTLE, T_DIVISION = 3, 6
BUILDINGS = (None, "castle", "tiltyard", "abbey")
NCOL, MAXT, MAXMARKET, MAXHELD = 6, 8, 24, 18  # MAXHELD: 3 per colour with German Settlers
ACTIONS = ("progress", "taxes", "assembly", "movement", "building", "politics")
A_PROGRESS, A_TAXES, A_ASSEMBLY, A_MOVEMENT, A_BUILDING, A_POLITICS = range(6)
MAX_PERIOD = 3
NTILES = NCOL * 4  # printed Progress Tiles: 24 distinct tiles, 4 per colour
# printed tiles' effect kinds (progress.yaml ``effect.kind``) and the parameter ``C_TILEPAR`` holds for each
TILE_KINDS = (
    "chronicle",
    "third_slot",
    "church_schools",
    "new_mechanisms",
    "action_gold",
    "training_grounds",
    "border_guards",
    "assembly_units",
    "infantry_points",
    "learning_chess",
    "abbey_clergy",
    "heralds_of_peace",
    "knightly_culture",
    "lady_of_the_court",
    "hand_limit",
)
(
    TK_CHRONICLE,
    TK_THIRD_SLOT,
    TK_CHURCH_SCHOOLS,
    TK_NEW_MECHANISMS,
    TK_ACTION_GOLD,
    TK_TRAINING,
    TK_BORDER_GUARDS,
    TK_ASSEMBLY_UNITS,
    TK_INFANTRY,
    TK_LEARNING_CHESS,
    TK_ABBEY_CLERGY,
    TK_HERALDS,
    TK_KNIGHTLY,
    TK_LADY,
    TK_HAND_LIMIT,
) = range(len(TILE_KINDS))
TILE_PARAMS = {  # kind → (first parameter, second parameter) names
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

# --- state vector offsets -------------------------------------------------------------------------------------
S_UNITS = 0  # (NL, NF, NK)
S_POOL = S_UNITS + NL * NF * NK  # (NP, NK)
S_GOLD = S_POOL + NP * NK
S_PEOPLE = S_GOLD + NP
S_CLERGY = S_PEOPLE + NP
S_CITIES = S_CLERGY + NP  # (NL,)
S_BUILD = S_CITIES + NL  # (NL,) building code
S_DIV = S_BUILD + NL  # (NL,) Division Token
S_SUPPLY = S_DIV + NL  # (7,) tokens left, TOKENS order
S_HAND = S_SUPPLY + len(TOKENS)  # (NP, NC)
S_DECK = S_HAND + NP * NC  # (NC,)
S_POMOFF = S_DECK + NC  # (NF - NP, NK) a Pomerania's (or the Teutonic Knights') figures removed until foreigners leave
S_REIGN = S_POMOFF + (NF - NP) * NK  # (NP,)
S_PLEFT = S_REIGN + NP  # (NP, MAX_PERIOD + 2) unused Prince cards by Period (index = Period)
S_ELIM = S_PLEFT + NP * (MAX_PERIOD + 2)
S_ROUND = S_ELIM + NP
S_PRINCEPS = S_ROUND + 1
S_CLOCKWISE = S_PRINCEPS + 1
S_FINAL = S_CLOCKWISE + 1
S_CROWNED = S_FINAL + 1  # -1 until a coronation
S_STACK = S_CROWNED + 1  # (NCOL, MAXT) face-down tiles, top first
S_STACKN = S_STACK + NCOL * MAXT  # (NCOL,)
S_MARKET = S_STACKN + NCOL  # (MAXMARKET,) face-up tiles in Market order
S_MARKETN = S_MARKET + MAXMARKET
S_TILES = S_MARKETN + 1  # (NP, MAXHELD) each player's tiles in the order taken
S_TILESN = S_TILES + NP * MAXHELD  # (NP,)
S_MASK = S_TILESN + NP  # (NL,) bit f set when faction f has figures on the land (kept with the units)
S_HIST = S_MASK + NL  # (NHIST,) the dealt History deck (card indices in history.yaml order), top first
S_HISTN = S_HIST + NHIST  # 0 with History off, else NHIST
S_WAVES = S_HISTN + 1  # Mongol Invasions so far
S_TEUTONIC = S_WAVES + 1  # 1 once the Teutonic Knights were called
S_PRIN = S_TEUTONIC + 1  # (NP,) area of each Princess (-1 none): 0-3 the Capital of that Principality, 4+ a Neighbor
S_PRINLAST = S_PRIN + NP  # (NP,) area of each Princess's last mission, -1 none
S_TKMASK = S_PRINLAST + NP  # (NP,) printed tiles: bit k set when the player holds a tile of effect kind k
S_SIZE = S_TKMASK + NP

# --- constants vector offsets ---------------------------------------------------------------------------------
C_HOME = 0  # (NL,) faction whose land it is: 0-3 Principality, 4-5 the Pomerania itself, -1 central
C_PRINC = C_HOME + NL  # (NL,) Principality index or -1
C_MIGHT = C_PRINC + NL  # (NL,) Might of the Gords
C_PEOPLE = C_MIGHT + NL
C_CLERGY = C_PEOPLE + NL
C_GORDS = C_CLERGY + NL
C_TOK = C_GORDS + NL  # (NL, 2) city token kind of each Gord
C_RANK = C_TOK + 2 * NL  # (NL,) rank of the land id in sorted order
C_BYRANK = C_RANK + NL  # (NL,) land with that rank
C_CAPITAL = C_BYRANK + NL  # (NP,)
C_POMLAND = C_CAPITAL + NP  # (NF - NP,) home land of factions 4.. (Pomeranias, Teutonic Knights) or -1
C_PRANK = C_POMLAND + NF - NP  # (NP,) rank of the Principality id in sorted order
C_SEATS = C_PRANK + NP  # (NP,) clockwise seats as faction indices
C_TOKMIGHT = C_SEATS + NP  # (3,) Might (= founding cost) of capital, city, civitas
C_TAXBONUS = C_TOKMIGHT + 3  # (NP,)
C_GNESNA_BONUS = C_TAXBONUS + NP  # (NP,) council clergy with Gnesna
C_CRACOVIA_TRACKS = C_GNESNA_BONUS + NP  # (NP,) council tracks with Cracovia, -1 none
C_REROLL = C_CRACOVIA_TRACKS + NP  # (NP,)
C_POOLS = C_REROLL + NP  # (NK,)
C_STARTCARDS = C_POOLS + NK  # (3,) starting cards per type, battle court neighbor
C_DRAWORDER = C_STARTCARDS + 3  # (3, MAXDRAW) card indices of each type in deck (YAML) order
C_NDRAW = C_DRAWORDER + 3 * MAXDRAW  # (3,) cards in each type's draw order
C_TRADEORDER = C_NDRAW + 3  # (NC,) hand-limit trade order
C_DIE = C_TRADEORDER + NC  # (12,) die faces (0 sword, 1 shield, 2 coin, 3 blank)
C_NFACES = C_DIE + 12
C_BORDER = C_NFACES + 1  # (NL, 2) the land borders the Balts (0) / the Rus' Duchies (1)
C_HCARD = C_BORDER + 2 * NL  # (NHCARDS, 4) History card: Period, icons, icon 1, icon 2 (ICONS indices)
C_INV_KIND = C_HCARD + 4 * NHCARDS  # (4,) unit kind of each Invader faction (6-9)
C_INV_N = C_INV_KIND + 4  # (4,) its figures
C_INV_AREA = C_INV_N + 4  # (4,) its off-map area (0 Balts, 1 Rus' Duchies, -1 none)
C_HISTORY = C_INV_AREA + 4  # 1 when the History Cards are played
C_ENTRY_COST = C_HISTORY + 1
C_MONGOL_FIRST = C_ENTRY_COST + 1
C_MONGOL_FEWER = C_MONGOL_FIRST + 1
C_HDEALT = C_MONGOL_FEWER + 1  # cards dealt per Period
C_COURT = C_HDEALT + 1  # 1 when Court Cards may be played for their text effect (``court: true``)
C_COURT_GOLD = C_COURT + 1  # the assumed text effect's gold (princesses.yaml court.text_effect)
C_PRINCESSES = C_COURT_GOLD + 1  # 1 with ``princesses: true``
C_NBLAND = C_PRINCESSES + 1  # (NNB,) the land of each Princess Neighbor area (a Pomerania), else -1
C_EXPOSE = C_NBLAND + NNB  # (NP, NNB) ``princesses._exposure``: home lands bordering / next to each Neighbor
C_CARDTYPE = C_EXPOSE + NP * NNB  # (NC,) 0 battle, 1 court, 2 neighbor
C_CARDSYM = C_CARDTYPE + NC  # (NC,) SYM_* support symbol (0 for a Battle Card)
C_CARDNB = C_CARDSYM + NC  # (NC,) a Neighbor Card's Neighbor (neighbors.yaml order), NB_ANY, or -1
C_CARDK = C_CARDNB + NC  # (NC,) a Neighbor Card's Knights
C_CARDF = C_CARDK + NC  # (NC,) its Footmen
C_CARDCOST = C_CARDF + NC  # (NC,) its cost in gold
C_NEIGHBORS = C_CARDCOST + NC  # 1 with ``neighbors: true``
C_NBFAC = C_NEIGHBORS + 1  # (6,) faction of each Neighbor (neighbors.yaml order)
C_NBK = C_NBFAC + 6  # (6,) its Knights
C_NBF = C_NBK + 6  # (6,) its Footmen
C_NBMAJOR = C_NBF + 6  # (6,) 1 when its spots are an off-map area (its figures not on the Map wait there)
C_NBPRIN = C_NBMAJOR + 6  # (6,) its Princess area code (``S_PRIN``)
C_NBRANK = C_NBPRIN + 6  # (6,) rank of its id in sorted order
C_NBENTRY = C_NBRANK + 6  # (6, NL) 1 when the land borders its off-map area
C_NB_EXIT = C_NBENTRY + 6 * NL  # Movement Points to leave a Neighbor's area
C_NB_DESTROY_PEOPLE = C_NB_EXIT + 1
C_NB_DESTROY_CLERGY = C_NB_DESTROY_PEOPLE + 1
C_TILEKIND = C_NB_DESTROY_CLERGY + 1  # (NTILES,) printed tiles: effect kind (``TILE_KINDS`` index), -1 off
C_TILEPAR = C_TILEKIND + NTILES  # (NTILES,) the effect's first parameter (``TILE_PARAMS``)
C_TILEPAR2 = C_TILEPAR + NTILES  # (NTILES,) its second (Church Schools: the extra tiles)
C_TILEALPHA = C_TILEPAR2 + NTILES  # (NTILES,) rank of the tile id in sorted order
C_FLIP = C_TILEALPHA + NTILES  # (4,) Learning Chess: the face opposite each die symbol (``rules.battle.opposite``)
C_TILES = C_FLIP + 4  # 1 with the printed Progress Tiles (``progress: tiles``)
C_GS_COLOUR = C_TILES + 1  # the colour German Settlers adds a slot to, -1 every colour
_SCALARS = (
    "GNESNA",
    "CRACOVIA",
    "ROUNDS",
    "PER_PERIOD",
    "TRACK_LO",
    "TRACK_HI",
    "COINS",
    "HAND_LIMIT",
    "TAX_PEOPLE",
    "TAX_MIN",
    "GOLD_PER_MIGHT",
    "ASM_UNITS",
    "KNIGHT_COST",
    "FOOTMAN_COST",
    "CAV_POINTS",
    "INF_POINTS",
    "CLERGY_PENALTY",
    "INDULGENCE",
    "DESTROY_PEOPLE",
    "DESTROY_CLERGY",
    "WIN_PEOPLE",
    "LOSE_PEOPLE",
    "BATTLE_DRAW",
    "BUILD_PER_ACTION",
    "BUILD_COST",
    "POL_DRAWN",
    "POL_KEPT",
    "COUNCIL_TRACKS",
    "CORONATION",
    "GOLD_PER_CARD",
    "TILES_PER_PERIOD",
    "SLOTS",
    "DISTINCT",
    "COPIES",
    "MARKET_PER_COLOR",
    "SHIELD_GORD",
    "SHIELD_CITY",
    "SHIELD_CASTLE",
    "SETTLEMENTS_EACH",
    "COIN_GOLD",
    "CARDS_PER_UNIT",
)
_S0 = C_GS_COLOUR + 1
for _i, _name in enumerate(_SCALARS):
    globals()[f"C_{_name}"] = _S0 + _i
C_ADJPTR = _S0 + len(_SCALARS)  # (NL + 1,) CSR row pointers into C_ADJ
C_ADJ = C_ADJPTR + NL + 1  # (edges,) neighbours, sorted within a row

C_GNESNA: int
C_CRACOVIA: int
C_ROUNDS: int
C_PER_PERIOD: int
C_TRACK_LO: int
C_TRACK_HI: int
C_COINS: int
C_HAND_LIMIT: int
C_TAX_PEOPLE: int
C_TAX_MIN: int
C_GOLD_PER_MIGHT: int
C_ASM_UNITS: int
C_KNIGHT_COST: int
C_FOOTMAN_COST: int
C_CAV_POINTS: int
C_INF_POINTS: int
C_CLERGY_PENALTY: int
C_INDULGENCE: int
C_DESTROY_PEOPLE: int
C_DESTROY_CLERGY: int
C_WIN_PEOPLE: int
C_LOSE_PEOPLE: int
C_BATTLE_DRAW: int
C_BUILD_PER_ACTION: int
C_BUILD_COST: int
C_POL_DRAWN: int
C_POL_KEPT: int
C_COUNCIL_TRACKS: int
C_CORONATION: int
C_GOLD_PER_CARD: int
C_TILES_PER_PERIOD: int
C_SLOTS: int
C_DISTINCT: int
C_COPIES: int
C_MARKET_PER_COLOR: int
C_SHIELD_GORD: int
C_SHIELD_CITY: int
C_SHIELD_CASTLE: int
C_SETTLEMENTS_EACH: int
C_COIN_GOLD: int
C_CARDS_PER_UNIT: int

SYMBOL_INDEX = {"sword": 0, "shield": 1, "coin": 2, "blank": 3}


class Unsupported(ValueError):
    """The board or the rules need something the fast engine's fixed layout cannot hold."""


def factions(board: Board) -> tuple[str, ...]:
    return (*board.principalities, *sorted(board.pomerania_units), *INVADERS, *MAJORS)


def history_cards() -> tuple[str, ...]:
    """The History card ids in history.yaml order (a card's index in ``S_HIST``)."""
    from sim.games.principes.game.history.common import history_values

    return tuple(history_values()["cards"])


def compile_constants(
    board: Board,
    rules,
    history: bool = False,
    court: bool = False,
    princesses: bool = False,
    neighbors: bool = False,
    tiles: bool = False,
) -> np.ndarray:
    """The constants vector ``C`` (int64) for ``board`` and ``rules`` (a ``setup.GameRules``); ``history``: the
    History Cards are played (history.yaml is compiled either way); ``court``: Court Cards' text effects;
    ``princesses``: the Princesses' missions; ``neighbors``: the Neighbor Cards by identity and their moves
    (neighbors.yaml is compiled either way); ``tiles``: the printed Progress Tiles (progress.yaml)."""
    v, rb = rules.values, rules.battle
    fs = factions(board)
    if board.n != NL or len(board.principalities) != NP or len(fs) != NF or len(board.pomerania_units) != NPOM:
        raise Unsupported(f"the fast engine is laid out for {NL} lands, {NP} Principalities and 2 Pomeranias")
    if tuple(sorted(rules.seats_clockwise)) != tuple(sorted(board.principalities)):
        raise Unsupported("seats.clockwise must list the 4 Principalities")
    if len(v["progress"]["colors"]) != NCOL or v["progress"]["tiles_per_color"] > MAXT:
        raise Unsupported(f"the fast engine holds {NCOL} Progress colours of at most {MAXT} tiles")
    distinct = v["progress_tiles"]["distinct_per_color"]
    if v["progress"]["tiles_per_color"] % distinct or NCOL * v["progress"]["slots_per_color"] > MAXHELD:
        raise Unsupported("Progress tiles must split evenly into distinct tiles and fit 12 slots")
    if NCOL * v["progress_tiles"]["market_per_color"] > MAXMARKET // 2 or len(rb.die) > 12:
        raise Unsupported("too many Market tiles or die faces for the fast engine")
    if max(board.gords) > 2 or v["politics"]["cards_drawn"] > 3:
        raise Unsupported("at most 2 Gords per land and 3 Politics draws in the fast engine")
    if v["politics"]["hand_limit"] > 12:
        raise Unsupported("a hand limit above 12 (the battle card search) in the fast engine")
    edges = int(board.adj_indptr[-1])
    c = np.zeros(C_ADJ + edges, dtype=np.int64)
    names = sorted(land.id for land in board.lands)
    kinds = ("capital", "city", "civitas")
    for i, land in enumerate(board.lands):
        where = land.principality
        c[C_HOME + i] = fs.index(where) if where in fs else -1
        c[C_PRINC + i] = board.principalities.index(where) if where in board.principalities else -1
        c[C_MIGHT + i] = land.might
        c[C_PEOPLE + i] = land.people
        c[C_CLERGY + i] = land.clergy
        c[C_GORDS + i] = land.gords
        for g, t in enumerate(land.city_tokens):
            c[C_TOK + 2 * i + g] = kinds.index(t)
        c[C_RANK + i] = names.index(land.id)
        c[C_BYRANK + names.index(land.id)] = i
    pnames = sorted(board.principalities)
    for p, name in enumerate(board.principalities):
        c[C_CAPITAL + p] = board.index[board.capitals[name]]
        c[C_PRANK + p] = pnames.index(name)
        c[C_SEATS + p] = board.principalities.index(rules.seats_clockwise[p])
        fv = v["factions"][name]
        c[C_TAXBONUS + p] = fv.get("tax_bonus", 0)
        c[C_GNESNA_BONUS + p] = fv.get("council_clergy_with_gnesna") or 0
        special = fv.get("council_tracks_with_cracovia")
        c[C_CRACOVIA_TRACKS + p] = -1 if special is None else special
        c[C_REROLL + p] = rb.rerolls.get(name, 0)
    c[C_POMLAND : C_POMLAND + NF - NP] = -1
    for j, pom in enumerate(fs[NP:]):
        if pom in board.pomerania_units:
            c[C_POMLAND + j] = board.index[pom]
    c[C_POMLAND + F_TEUTONIC - NP] = next(i for i, land in enumerate(board.lands) if land.teutonic_symbol)
    _compile_history(c, board, history)
    from sim.games.principes.game.court import text_gold

    c[C_COURT] = int(court)
    c[C_COURT_GOLD] = text_gold()
    _compile_princesses(c, board, rules, princesses)
    for k, kind in enumerate(kinds):
        c[C_TOKMIGHT + k] = board.token_might[kind]
    for k, kind in enumerate(UNITS):
        c[C_POOLS + k] = v["pools"][kind]
    for t, kind in enumerate(CARD_KINDS):
        c[C_STARTCARDS + t] = v["seats"]["starting_cards"].get(kind, 0)
        symbols = list(v["cards"][f"{kind}_symbols"])
        bare = [CARDS[i].split(".")[1] for i in range(NC) if CARDS[i].startswith(kind + ".")]
        if kind == "neighbor":
            bare = [b for b in bare if b not in NB_IDS]
        if sorted(symbols) != sorted(bare):
            raise Unsupported(f"{kind} cards must carry exactly the symbols {symbols}")
        if kind == "neighbor" and neighbors:
            symbols = list(NB_IDS)  # ``neighbors.enable``: the deck holds the 12 cards by identity
        for j, s in enumerate(symbols):
            c[C_DRAWORDER + MAXDRAW * t + j] = CARDS.index(f"{kind}.{s}")
        c[C_NDRAW + t] = len(symbols)
    _compile_neighbors(c, board, neighbors)
    trade = sorted(range(NC), key=lambda i: (("neighbor", "court", "battle").index(CARDS[i].split(".")[0]), CARDS[i]))
    c[C_TRADEORDER : C_TRADEORDER + NC] = trade
    c[C_DIE : C_DIE + len(rb.die)] = rb.die
    c[C_NFACES] = len(rb.die)
    scalars = {
        "GNESNA": board.index["gnesna"],
        "CRACOVIA": board.index["cracovia"],
        "ROUNDS": rules.rounds,
        "PER_PERIOD": rules.rounds_per_period,
        "TRACK_LO": rules.track_low,
        "TRACK_HI": rules.track_high,
        "COINS": rules.coins_gold,
        "HAND_LIMIT": rules.hand_limit,
        "TAX_PEOPLE": v["taxes"]["people_cost"],
        "TAX_MIN": v["taxes"]["min_people"],
        "GOLD_PER_MIGHT": v["taxes"]["gold_per_might"],
        "ASM_UNITS": v["assembly"]["units"],
        "KNIGHT_COST": v["assembly"]["knight_cost"],
        "FOOTMAN_COST": v["assembly"]["footman_cost"],
        "CAV_POINTS": v["movement"]["cavalry_points"],
        "INF_POINTS": v["movement"]["infantry_points"],
        "CLERGY_PENALTY": v["movement"]["clergy_penalty"],
        "INDULGENCE": v["movement"]["indulgence_gold"],
        "DESTROY_PEOPLE": v["movement"]["destruction_people"],
        "DESTROY_CLERGY": v["movement"]["destruction_clergy"],
        "WIN_PEOPLE": v["battle"]["winner_people"],
        "LOSE_PEOPLE": v["battle"]["loser_people"],
        "BATTLE_DRAW": v["battle"]["cards_drawn"],
        "BUILD_PER_ACTION": v["building"]["buildings_per_action"],
        "BUILD_COST": v["building"]["building_cost"],
        "POL_DRAWN": v["politics"]["cards_drawn"],
        "POL_KEPT": v["politics"]["cards_kept"],
        "COUNCIL_TRACKS": v["politics"]["council_tracks_to_lead"],
        "CORONATION": v["politics"]["coronation_position"],
        "GOLD_PER_CARD": v["cards"]["gold_per_card"],
        "TILES_PER_PERIOD": v["progress"]["tiles_per_period"],
        "SLOTS": v["progress"]["slots_per_color"],
        "DISTINCT": distinct,
        "COPIES": v["progress"]["tiles_per_color"] // distinct,
        "MARKET_PER_COLOR": v["progress_tiles"]["market_per_color"],
        "SHIELD_GORD": rb.site_shields["gord"],
        "SHIELD_CITY": rb.site_shields["city"],
        "SHIELD_CASTLE": rb.castle_shields,
        "SETTLEMENTS_EACH": int(rb.settlements_count_each),
        "COIN_GOLD": rb.coin_gold,
        "CARDS_PER_UNIT": rb.cards_per_unit,
    }
    for name, value in scalars.items():
        c[globals()[f"C_{name}"]] = value
    c[C_ADJPTR : C_ADJPTR + NL + 1] = board.adj_indptr
    c[C_ADJ : C_ADJ + edges] = board.adj_indices
    for face in range(4):  # Learning Chess: a symbol's opposite face (of its first face on the die)
        c[C_FLIP + face] = int(rb.opposite[list(rb.die).index(face)]) if face in list(rb.die) else face
    c[C_TILEKIND : C_TILEKIND + NTILES] = -1
    if tiles:
        _compile_tiles(c, rules)
    return c


def tile_ids(colours) -> tuple[str, ...]:
    """The printed tiles' ids by index ``colour * 4 + n`` (n: the place among the colour's tiles in progress.yaml)."""
    return _tile_ids(tuple(colours))


@functools.lru_cache(maxsize=4)
def _tile_ids(colours: tuple[str, ...]) -> tuple[str, ...]:
    from sim.games.principes.game.tiles import catalogue

    cat = catalogue()
    out = []
    for colour in colours:
        mine = [t for t, spec in cat.items() if spec["colour"] == colour]
        if len(mine) != NTILES // NCOL:
            raise Unsupported(f"the fast engine holds {NTILES // NCOL} printed tiles per colour, not {len(mine)}")
        out += mine
    if len(out) != len(cat):
        raise Unsupported("printed tiles of colours outside progress.colors")
    return tuple(out)


def _compile_tiles(c: np.ndarray, rules) -> None:
    from sim.games.principes.game.tiles import catalogue, tile_values

    v, tv = rules.values, tile_values()
    cat = catalogue()
    if tuple(v["progress"]["colors"]) != tuple(dict.fromkeys(spec["colour"] for spec in cat.values())):
        raise Unsupported("progress.colors must list the printed tiles' colours in progress.yaml order")
    ids = tile_ids(v["progress"]["colors"])
    copies = tv["market"]["copies_per_tile"]
    per = tv["market"]["face_up_per_colour"]
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
        c[C_TILEKIND + t] = TILE_KINDS.index(kind)
        c[C_TILEPAR + t] = spec["params"][first] if first else 0
        c[C_TILEPAR2 + t] = spec["params"][second] if second else 0
        c[C_TILEALPHA + t] = alpha.index(tile)
        if kind == "third_slot" and NCOL * (v["progress"]["slots_per_color"] + spec["params"]["slots"]) > MAXHELD:
            raise Unsupported(f"more than {MAXHELD} tile spaces with German Settlers in the fast engine")
        if kind == "hand_limit" and spec["params"]["cards"] > 12:
            raise Unsupported("a hand limit above 12 (the battle card search) in the fast engine")
    every = tv["tiles"]["german_settlers"]["every_colour"]
    c[C_GS_COLOUR] = -1 if every else v["progress"]["colors"].index("green")
    c[C_TILES] = 1
    for name, value in (("DISTINCT", NTILES // NCOL), ("COPIES", copies), ("MARKET_PER_COLOR", per)):
        c[globals()[f"C_{name}"]] = value  # the printed Market replaces the generic model's


def _compile_history(c: np.ndarray, board: Board, history: bool) -> None:
    from sim.games.principes.game.history.common import history_values

    hv = history_values()
    areas = ("balts", "rus_duchies")
    for i, land in enumerate(board.lands):
        for a, area in enumerate(areas):
            c[C_BORDER + 2 * i + a] = area in land.borders
    names = history_cards()
    if len(names) != NHCARDS or hv["deck"]["dealt_per_period"] * hv["deck"]["periods"] != NHIST:
        raise Unsupported(f"the fast engine deals {NHIST} of {NHCARDS} History cards")
    for j, name in enumerate(names):
        spec = hv["cards"][name]
        if len(spec["icons"]) > 2:
            raise Unsupported("at most 2 icons per History card in the fast engine")
        c[C_HCARD + 4 * j] = spec["period"]
        c[C_HCARD + 4 * j + 1] = len(spec["icons"])
        for k, icon in enumerate(spec["icons"]):
            c[C_HCARD + 4 * j + 2 + k] = ICONS.index(icon)
    inv = hv["invaders"]
    for j, faction in enumerate(INVADERS):
        units = inv[faction]["units"]
        if len(units) != 1:
            raise Unsupported("one unit kind per Invader faction in the fast engine")
        ((kind, n),) = units.items()
        c[C_INV_KIND + j] = UNITS.index(kind)
        c[C_INV_N + j] = n
        area = inv[faction].get("area")
        c[C_INV_AREA + j] = -1 if area is None else areas.index(area)
    c[C_HISTORY] = int(history)
    c[C_ENTRY_COST] = inv["entry_cost"]
    c[C_MONGOL_FIRST] = inv["mongols"]["first_wave"]
    c[C_MONGOL_FEWER] = inv["mongols"]["fewer_each_wave"]
    c[C_HDEALT] = hv["deck"]["dealt_per_period"]


def neighbor_ids() -> tuple[str, ...]:
    """The Neighbors in neighbors.yaml order (a Neighbor's index in ``C_NB*``)."""
    from sim.games.principes.game.neighbors import neighbors

    return neighbors()


def _compile_neighbors(c: np.ndarray, board: Board, on: bool) -> None:
    from sim.games.principes.game.neighbors import ANY, neighbor_values
    from sim.games.principes.game.princesses import neighbors as princess_neighbors

    nv = neighbor_values()
    nbs, fs = neighbor_ids(), factions(board)
    if len(nbs) != 6 or sorted(nbs) != sorted((*board.pomerania_units, *MAJORS)) or NNBC > MAXDRAW:
        raise Unsupported("the fast engine holds the 2 Pomeranias and the 4 major Neighbors of neighbors.yaml")
    symbols = {"people": SYM_PEOPLE, "clergy": SYM_CLERGY, "either": SYM_EITHER}
    for i, card in enumerate(CARDS):
        kind, name = card.split(".")
        c[C_CARDTYPE + i] = CARD_KINDS.index(kind)
        c[C_CARDNB + i] = -1
        if kind == "battle":
            continue
        if kind == "neighbor" and name in NB_IDS:
            spec = nv["cards"][name]
            c[C_CARDSYM + i] = symbols[spec["support"]]
            c[C_CARDNB + i] = NB_ANY if spec["neighbor"] == ANY else nbs.index(spec["neighbor"])
            if set(spec["units"]) - {"knight", "footman"}:
                raise Unsupported(f"Neighbor Card {name}: only Knights and Footmen in the fast engine")
            c[C_CARDK + i] = spec["units"].get("knight", 0)
            c[C_CARDF + i] = spec["units"].get("footman", 0)
            c[C_CARDCOST + i] = spec["cost"]
        else:
            c[C_CARDSYM + i] = symbols[name]
    names = sorted(nbs)
    for j, nb in enumerate(nbs):
        spec = nv["neighbors"][nb]
        c[C_NBFAC + j] = fs.index(nb)
        c[C_NBK + j] = spec["units"].get("knight", 0)
        c[C_NBF + j] = spec["units"].get("footman", 0)
        c[C_NBMAJOR + j] = nb not in board.pomerania_units
        c[C_NBPRIN + j] = NP + princess_neighbors().index(nb) if nb in princess_neighbors() else -1
        c[C_NBRANK + j] = names.index(nb)
        for i, land in enumerate(board.lands):
            c[C_NBENTRY + j * NL + i] = spec["spots"] in land.borders
    c[C_NB_EXIT] = nv["movement"]["exit_cost"]
    c[C_NB_DESTROY_PEOPLE] = nv["movement"]["destroy_people"]
    c[C_NB_DESTROY_CLERGY] = nv["movement"]["destroy_clergy"]
    c[C_NEIGHBORS] = int(on)


def princess_areas(board: Board) -> tuple[str, ...]:
    """Area codes of ``S_PRIN``: the 4 Capitals (by Principality), then the Neighbors of princesses.yaml."""
    from sim.games.principes.game.princesses import neighbors

    return (*(board.capitals[p] for p in board.principalities), *neighbors())


def _compile_princesses(c: np.ndarray, board: Board, rules, on: bool) -> None:
    from sim.games.principes.game.princesses import neighbors, princess_values

    nbs = neighbors()
    v = princess_values()["princesses"]
    if len(nbs) != NNB or v["cards_per_round"] != 1:
        raise Unsupported(f"the fast engine sends Princesses to {NNB} Neighbors, 1 card a Round")
    for k, nb in enumerate(nbs):
        c[C_NBLAND + k] = board.index.get(nb, -1)
        for p, name in enumerate(board.principalities):
            home = [land for land in board.lands if land.principality == name]
            c[C_EXPOSE + p * NNB + k] = sum(nb in land.borders or nb in land.adjacent for land in home)
    c[C_PRINCESSES] = int(on)


def to_state_vector(state: State) -> np.ndarray:
    """A reference ``State`` as the state vector ``S``."""
    board, v = state.board, state.rules.values
    fs = factions(board)
    s = np.zeros(S_SIZE, dtype=np.int64)
    for land, here in state.units.items():
        for faction, kinds in here.items():
            if faction not in fs:
                raise Unsupported(f"{faction} units (History Cards) have no place in the fast engine")
            for kind, n in kinds.items():
                s[S_UNITS + (board.index[land] * NF + fs.index(faction)) * NK + UNITS.index(kind)] = n
    for p, name in enumerate(board.principalities):
        for k, kind in enumerate(UNITS):
            s[S_POOL + p * NK + k] = state.pool[name][kind]
        s[S_GOLD + p] = state.gold[name]
        s[S_PEOPLE + p] = state.people[name]
        s[S_CLERGY + p] = state.clergy[name]
        for card, n in state.hands[name].items():
            s[S_HAND + p * NC + CARDS.index(card)] = n
        s[S_REIGN + p] = state.reign[name]
        for period, n in state.princes_left[name].items():
            s[S_PLEFT + p * (MAX_PERIOD + 2) + int(period)] = n
        s[S_ELIM + p] = name in state.eliminated
        tiles = [_tile_index(t, v) for t in state.tiles.get(name, [])]
        s[S_TILES + p * MAXHELD : S_TILES + p * MAXHELD + len(tiles)] = tiles
        s[S_TILESN + p] = len(tiles)
        s[S_TKMASK + p] = _kind_mask(state.tiles.get(name, []))
    for land, n in state.cities.items():
        s[S_CITIES + board.index[land]] = n
    for land, kind in state.buildings.items():
        s[S_BUILD + board.index[land]] = BUILDINGS.index(kind)
    for land in state.division:
        s[S_DIV + board.index[land]] = 1
    for t, kind in enumerate(TOKENS):
        s[S_SUPPLY + t] = state.supply.get(kind, 0)
    for kind, deck in state.decks.items():
        for symbol, n in deck.items():
            s[S_DECK + CARDS.index(f"{kind}.{symbol}")] = n
    for faction, off in state.pomerania_off.items():
        for kind, n in off.items():
            s[S_POMOFF + (fs.index(faction) - NP) * NK + UNITS.index(kind)] = n
    for i in range(NL):
        s[S_MASK + i] = sum(
            1 << f for f in range(NF) if s[S_UNITS + (i * NF + f) * NK : S_UNITS + (i * NF + f + 1) * NK].any()
        )
    s[S_ROUND] = state.round
    s[S_PRINCEPS] = board.principalities.index(state.princeps)
    s[S_CLOCKWISE] = state.clockwise
    s[S_FINAL] = state.final_round
    s[S_CROWNED] = -1 if state.crowned is None else board.principalities.index(state.crowned)
    for c, colour in enumerate(v["progress"]["colors"]):
        stack = [_tile_index(t, v) for t in state.stacks.get(colour, [])]
        s[S_STACK + c * MAXT : S_STACK + c * MAXT + len(stack)] = stack
        s[S_STACKN + c] = len(stack)
    market = [_tile_index(t, v) for t in state.market]
    s[S_MARKET : S_MARKET + len(market)] = market
    s[S_MARKETN] = len(market)
    if state.history:
        names = history_cards()
        if len(state.history) != NHIST:
            raise Unsupported(f"a History deck of {len(state.history)} cards (the fast engine deals {NHIST})")
        s[S_HIST : S_HIST + NHIST] = [names.index(c) for c in state.history]
        s[S_HISTN] = NHIST
    s[S_WAVES] = state.mongol_waves
    s[S_TEUTONIC] = state.teutonic
    areas = princess_areas(board)
    for p, name in enumerate(board.principalities):
        s[S_PRIN + p] = areas.index(state.princesses[name]) if name in state.princesses else -1
        s[S_PRINLAST + p] = areas.index(state.princess_last[name]) if name in state.princess_last else -1
    return s


def _kind_mask(held) -> int:
    """``S_TKMASK`` of a player's tiles (0 for the generic model's)."""
    from sim.games.principes.game.tiles import catalogue

    cat = catalogue()
    return sum({1 << TILE_KINDS.index(cat[t]["kind"]) for t in held if t in cat})


def _tile_index(tile: str, values: dict) -> int:
    colour, n = tile.split(".")
    if not n.isdigit():  # a printed tile (``progress: tiles``)
        return tile_ids(values["progress"]["colors"]).index(tile)
    return values["progress"]["colors"].index(colour) * values["progress_tiles"]["distinct_per_color"] + int(n)


def _tile_name(t: int, values: dict, printed: bool = False) -> str:
    if printed:
        return tile_ids(values["progress"]["colors"])[t]
    d = values["progress_tiles"]["distinct_per_color"]
    return f"{values['progress']['colors'][t // d]}.{t % d}"


def from_state_vector(s: np.ndarray, template: State) -> State:
    """The state vector ``S`` as a reference ``State`` (board and rules from ``template``)."""
    board, v = template.board, template.rules.values
    printed = "tiles" in template.variants
    fs = factions(board)
    units: dict = {}
    for i, land in enumerate(board.lands):
        for f, faction in enumerate(fs):
            for k, kind in enumerate(UNITS):
                n = int(s[S_UNITS + (i * NF + f) * NK + k])
                if n:
                    units.setdefault(land.id, {}).setdefault(faction, {})[kind] = n
    ps = board.principalities

    def tiles_of(p):
        held = s[S_TILES + p * MAXHELD : S_TILES + p * MAXHELD + s[S_TILESN + p]]
        return [_tile_name(int(t), v, printed) for t in held]

    decks = {kind: {} for kind in CARD_KINDS}
    by_id = any(s[S_DECK + CARDS.index(f"neighbor.{c}")] for c in NB_IDS) or any(
        s[S_HAND + j * NC + CARDS.index(f"neighbor.{c}")] for c in NB_IDS for j in range(NP)
    )
    for kind in CARD_KINDS:
        symbols = NB_IDS if kind == "neighbor" and by_id else v["cards"][f"{kind}_symbols"]
        for symbol in symbols:
            decks[kind][symbol] = int(s[S_DECK + CARDS.index(f"{kind}.{symbol}")])
    pom_off = {}
    for j, faction in enumerate(fs[NP:]):
        off = {kind: int(s[S_POMOFF + j * NK + k]) for k, kind in enumerate(UNITS) if s[S_POMOFF + j * NK + k]}
        if off:
            pom_off[faction] = off
    return State(
        board=board,
        rules=template.rules,
        round=int(s[S_ROUND]),
        princeps=ps[int(s[S_PRINCEPS])],
        clockwise=bool(s[S_CLOCKWISE]),
        units=units,
        pool={p: {kind: int(s[S_POOL + j * NK + k]) for k, kind in enumerate(UNITS)} for j, p in enumerate(ps)},
        gold={p: int(s[S_GOLD + j]) for j, p in enumerate(ps)},
        people={p: int(s[S_PEOPLE + j]) for j, p in enumerate(ps)},
        clergy={p: int(s[S_CLERGY + j]) for j, p in enumerate(ps)},
        cities={land.id: int(s[S_CITIES + i]) for i, land in enumerate(board.lands) if s[S_CITIES + i]},
        buildings={land.id: BUILDINGS[s[S_BUILD + i]] for i, land in enumerate(board.lands) if s[S_BUILD + i]},
        division={land.id for i, land in enumerate(board.lands) if s[S_DIV + i]},
        supply={kind: int(s[S_SUPPLY + t]) for t, kind in enumerate(TOKENS)},
        hands={
            p: {CARDS[c]: int(s[S_HAND + j * NC + c]) for c in range(NC) if s[S_HAND + j * NC + c]}
            for j, p in enumerate(ps)
        },
        decks=decks,
        pomerania_off=pom_off,
        reign={p: int(s[S_REIGN + j]) for j, p in enumerate(ps)},
        princes_left={
            p: {per: int(s[S_PLEFT + j * (MAX_PERIOD + 2) + per]) for per in range(1, MAX_PERIOD + 1)}
            for j, p in enumerate(ps)
        },
        eliminated={p for j, p in enumerate(ps) if s[S_ELIM + j]},
        final_round=int(s[S_FINAL]),
        stacks={
            colour: [
                _tile_name(int(t), v, printed) for t in s[S_STACK + c * MAXT : S_STACK + c * MAXT + s[S_STACKN + c]]
            ]
            for c, colour in enumerate(v["progress"]["colors"])
        },
        market=[_tile_name(int(t), v, printed) for t in s[S_MARKET : S_MARKET + s[S_MARKETN]]],
        tiles={p: tiles_of(j) for j, p in enumerate(ps)},
        crowned=None if s[S_CROWNED] < 0 else ps[int(s[S_CROWNED])],
        history=tuple(history_cards()[int(t)] for t in s[S_HIST : S_HIST + s[S_HISTN]]),
        mongol_waves=int(s[S_WAVES]),
        teutonic=bool(s[S_TEUTONIC]),
        princesses={p: princess_areas(board)[int(s[S_PRIN + j])] for j, p in enumerate(ps) if s[S_PRIN + j] >= 0},
        princess_last={
            p: princess_areas(board)[int(s[S_PRINLAST + j])] for j, p in enumerate(ps) if s[S_PRINLAST + j] >= 0
        },
        variants=template.variants | ({"neighbors"} if by_id else set()),
    )
