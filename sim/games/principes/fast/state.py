"""The compiled engine's game position: one record of ``STATE`` (``sim.layout``), the twin of ``game.state.State``.

Every field is declared once in ``FIELDS`` with its shape, what it holds, and how it is read from and written to a
reference ``State`` (``encode`` / ``decode``): ``to_state`` and ``from_state`` are generated from those
declarations, so the bridge the lockstep tests compare through cannot drift from the layout. The record is one
contiguous block of int64 (``STATE.flat``: a position compares, copies and hashes as one vector), and
``STATE.diff`` names a mismatch by field and index (``gold[2]: 7 != 5``).

Indices: factions 0-3 are the Principalities in board order, 4-5 the Pomeranias (sorted ids), 6-9 the Invaders
(History Cards), 10-13 the major Neighbors; unit kinds are ``UNITS`` (prince, knight, footman); cards are the
reference's card strings in sorted order (``CARDS``: the bare Neighbor symbols of part 1 and the 12 Neighbor Cards
by identity, only one set in play), so iterating card indices in order is iterating ``sorted(hand)``; tokens are
``TOKENS``; a building is 0 none, 1 castle, 2 tiltyard, 3 abbey; a Progress tile is ``colour * distinct + n``
(the generic model's ``"<colour>.<n>"``; with the printed tiles n is the tile's place among its colour's tiles in
progress.yaml: ``tile_ids``). The sizes below are capacities, checked against the rule set when the tables
compile (``setup.compile_tables`` raises ``Unsupported`` for a board or rules the layout cannot hold).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from numba import njit

from sim.games.principes.game import effects
from sim.games.principes.game.battles import KINDS as BATTLE_KINDS
from sim.games.principes.game.state import UNITS, State
from sim.games.principes.rules import SYMBOLS
from sim.layout import Field, Layout

NL, NP, NF, NK = 44, 4, 14, 3  # lands, Principalities, factions, unit kinds
PRINCE, KNIGHT, FOOTMAN = 0, 1, 2
NPOM = 2  # factions 4-5: the Pomeranias (sorted ids)
INVADERS = ("prussians", "lithuanians", "teutonic_knights", "mongols")  # factions 6-9 (History Cards)
F_PRUSSIANS, F_LITHUANIANS, F_TEUTONIC, F_MONGOLS = 6, 7, 8, 9
MAJORS = ("german_marches", "kingdom_of_bohemia", "kingdom_of_hungary", "rus_duchies")  # factions 10-13 (Neighbors)
F_MAJOR0 = 10
MAXPERIODS = 4  # Prince cards by Period: row index = Period (0 and MAXPERIODS + 1 unused)
NHIST, NHCARDS = 6, 18  # History cards dealt (2 per Period), cards in history.yaml
NNB = 6  # Neighbors a Princess may be sent to (princesses.yaml princesses.neighbors)
NCOL, MAXT, MAXMARKET, MAXHELD = 6, 12, 24, 24  # MAXHELD: up to 4 per colour (German Settlers: 3)
NTILES = NCOL * 4  # printed Progress Tiles: 24 distinct tiles, 4 per colour
TOKENS = ("capital", "city", "civitas", "castle", "tiltyard", "abbey", "division")
T_CASTLE, T_DIVISION = 3, 6
BUILDINGS = (None, "castle", "tiltyard", "abbey")
ACTIONS = ("progress", "taxes", "assembly", "movement", "building", "politics")
A_PROGRESS, A_TAXES, A_ASSEMBLY, A_MOVEMENT, A_BUILDING, A_POLITICS = range(6)
CARD_KINDS = ("battle", "court", "neighbor")
NB_IDS = tuple(effects.values(None, "neighbors")["cards"])  # the 12 Neighbor Cards by identity (deck draw order)
CARDS = tuple(
    sorted(
        (
            *(f"battle.{s}" for s in ("either", "shield", "sword")),
            *(f"court.{s}" for s in ("clergy", "either", "people")),
            *(f"neighbor.{s}" for s in ("clergy", "either", "people")),
            *(f"neighbor.{c}" for c in NB_IDS),
        )
    )
)  # the bare Neighbor symbols (Neighbors off) and the cards by identity (Neighbors on): index order = sorted(hand)
NC = len(CARDS)
B_EITHER, B_SHIELD, B_SWORD = 0, 1, 2  # the Battle Cards' indices
NKINDS, NSYM = len(BATTLE_KINDS), len(SYMBOLS)  # battle kinds (``game.battles.KINDS``), die symbols


def factions(board) -> tuple[str, ...]:
    return (*board.principalities, *sorted(board.pomerania_units), *INVADERS, *MAJORS)


class Unsupported(ValueError):
    """The board or the rules need something the compiled engine's fixed layout cannot hold."""


# --- the bridge's context: what a reference State's names are as indices ----------------------------------------


@dataclass(frozen=True)
class Names:
    """The index of every name a field encodes, for one board and rule set."""

    board: object
    rules: object
    factions: tuple[str, ...]
    colours: tuple[str, ...]
    printed: tuple[str, ...]  # printed tile ids by index (``tile_ids``)
    distinct: int  # the generic model's distinct tiles per colour
    history: tuple[str, ...]  # History card ids in history.yaml order
    areas: tuple[str, ...]  # a Princess's area codes: the 4 Capitals, then princesses.yaml's Neighbors

    def tile(self, tile: str) -> int:
        colour, n = tile.split(".")
        if not n.isdigit():  # a printed tile (``progress: tiles``)
            return self.printed.index(tile)
        return self.colours.index(colour) * self.distinct + int(n)

    def tile_name(self, t: int, printed: bool) -> str:
        if printed:
            return self.printed[t]
        return f"{self.colours[t // self.distinct]}.{t % self.distinct}"


def tile_ids(colours, rules=None) -> tuple[str, ...]:
    """The printed tiles' ids by index ``colour * 4 + n`` (n: the place among the colour's tiles in progress.yaml)."""
    cat = effects.catalogue(rules)
    out = []
    for colour in colours:
        mine = [t for t, spec in cat.items() if spec["colour"] == colour]
        if len(mine) != NTILES // NCOL:
            raise Unsupported(f"the fast engine holds {NTILES // NCOL} printed tiles per colour, not {len(mine)}")
        out += mine
    if len(out) != len(cat):
        raise Unsupported("printed tiles of colours outside progress.colors")
    return tuple(out)


_NAMES: dict[tuple[int, str], Names] = {}


def names(board, rules) -> Names:
    """The ``Names`` of a board and rule set (cached per board and ``rules.digest``)."""
    key = (id(board), rules.digest)
    if key not in _NAMES:
        v = rules.values
        colours = tuple(v["progress"]["colors"])
        _NAMES[key] = Names(
            board=board,
            rules=rules,
            factions=factions(board),
            colours=colours,
            printed=tile_ids(colours, rules),
            distinct=v["progress_tiles"]["distinct_per_color"],
            history=tuple(rules.file("history")["cards"]),
            areas=(
                *(board.capitals[p] for p in board.principalities),
                *rules.file("princesses")["princesses"]["neighbors"],
            ),
        )
    return _NAMES[key]


# --- codecs: a field's value from a State (encode) and back (decode into State keyword arguments) ---------------


def _per_player(attr: str):
    def encode(s: State, n: Names) -> list:
        return [getattr(s, attr)[p] for p in n.board.principalities]

    def decode(x, n: Names, out: dict) -> None:
        out[attr] = {p: int(x[j]) for j, p in enumerate(n.board.principalities)}

    return encode, decode


def _per_land(attr: str, code=int, back=int):
    def encode(s: State, n: Names) -> list:
        values = getattr(s, attr)
        return [code(values[land.id]) if land.id in values else 0 for land in n.board.lands]

    def decode(x, n: Names, out: dict) -> None:
        out[attr] = {land.id: back(x[i]) for i, land in enumerate(n.board.lands) if x[i]}

    return encode, decode


def _scalar(attr: str, code=int, back=int):
    def encode(s: State, n: Names) -> int:
        return code(getattr(s, attr), n)

    def decode(x, n: Names, out: dict) -> None:
        out[attr] = back(int(x), n)

    return encode, decode


def _units_enc(s: State, n: Names) -> np.ndarray:
    out = np.zeros((NL, NF, NK), np.int64)
    for land, here in s.units.items():
        for faction, kinds in here.items():
            if faction not in n.factions:
                raise Unsupported(f"{faction} units have no place in the fast engine")
            for kind, count in kinds.items():
                out[n.board.index[land], n.factions.index(faction), UNITS.index(kind)] = count
    return out


def _units_dec(x, n: Names, out: dict) -> None:
    units: dict = {}
    for i, land in enumerate(n.board.lands):
        for f, faction in enumerate(n.factions):
            for k, kind in enumerate(UNITS):
                if x[i, f, k]:
                    units.setdefault(land.id, {}).setdefault(faction, {})[kind] = int(x[i, f, k])
    out["units"] = units


def _presence(s: State, n: Names) -> list:
    return [sum(1 << n.factions.index(f) for f in s.units.get(land.id, {})) for land in n.board.lands]


def _pool_enc(s: State, n: Names) -> list:
    return [[s.pool[p][k] for k in UNITS] for p in n.board.principalities]


def _pool_dec(x, n: Names, out: dict) -> None:
    out["pool"] = {p: {k: int(x[j, i]) for i, k in enumerate(UNITS)} for j, p in enumerate(n.board.principalities)}


def _hands_enc(s: State, n: Names) -> list:
    return [[s.hands[p].get(card, 0) for card in CARDS] for p in n.board.principalities]


def _hands_dec(x, n: Names, out: dict) -> None:
    ps = n.board.principalities
    out["hands"] = {p: {CARDS[c]: int(x[j, c]) for c in range(NC) if x[j, c]} for j, p in enumerate(ps)}


def _decks_enc(s: State, n: Names) -> list:
    return [s.decks[card.split(".")[0]].get(card.split(".")[1], 0) for card in CARDS]


def _decks_dec(x, n: Names, out: dict) -> None:
    by_id = any(x[CARDS.index(f"neighbor.{c}")] for c in NB_IDS) or any(
        h for hand in out["hands"].values() for card, h in hand.items() if card.split(".")[1] in NB_IDS
    )
    decks: dict = {kind: {} for kind in CARD_KINDS}
    for kind in CARD_KINDS:
        symbols = NB_IDS if kind == "neighbor" and by_id else n.rules.values["cards"][f"{kind}_symbols"]
        for symbol in symbols:
            decks[kind][symbol] = int(x[CARDS.index(f"{kind}.{symbol}")])
    out["decks"] = decks
    out["_by_id"] = by_id


def _supply_enc(s: State, n: Names) -> list:
    return [s.supply.get(kind, 0) for kind in TOKENS]


def _supply_dec(x, n: Names, out: dict) -> None:
    out["supply"] = {kind: int(x[t]) for t, kind in enumerate(TOKENS)}


def _pomoff_enc(s: State, n: Names) -> np.ndarray:
    out = np.zeros((NF - NP, NK), np.int64)
    for faction, off in s.pomerania_off.items():
        for kind, count in off.items():
            out[n.factions.index(faction) - NP, UNITS.index(kind)] = count
    return out


def _pomoff_dec(x, n: Names, out: dict) -> None:
    off = {}
    for j, faction in enumerate(n.factions[NP:]):
        here = {kind: int(x[j, k]) for k, kind in enumerate(UNITS) if x[j, k]}
        if here:
            off[faction] = here
    out["pomerania_off"] = off


def _princes_enc(s: State, n: Names) -> np.ndarray:
    out = np.zeros((NP, MAXPERIODS + 2), np.int64)
    for j, p in enumerate(n.board.principalities):
        for period, count in s.princes_left[p].items():
            if not 0 < int(period) <= MAXPERIODS:
                raise Unsupported(f"Prince cards of Period {period}: the fast engine holds Periods 1-{MAXPERIODS}")
            out[j, int(period)] = count
    return out


def _princes_dec(x, n: Names, out: dict) -> None:
    periods = n.rules.rounds // n.rules.rounds_per_period
    out["princes_left"] = {
        p: {per: int(x[j, per]) for per in range(1, periods + 1)} for j, p in enumerate(n.board.principalities)
    }


def _elim_enc(s: State, n: Names) -> list:
    return [p in s.eliminated for p in n.board.principalities]


def _elim_dec(x, n: Names, out: dict) -> None:
    out["eliminated"] = {p for j, p in enumerate(n.board.principalities) if x[j]}


def _stacks_enc(s: State, n: Names) -> np.ndarray:
    out = np.zeros((NCOL, MAXT), np.int64)
    for c, colour in enumerate(n.colours):
        stack = [n.tile(t) for t in s.stacks.get(colour, [])]
        out[c, : len(stack)] = stack
    return out


def _printed(out: dict) -> bool:
    return "tiles" in out["variants"]


def _stacks_dec(x, n: Names, out: dict) -> None:
    counts = out.pop("_stacks_n")
    out["stacks"] = {
        colour: [n.tile_name(int(t), _printed(out)) for t in x[c, : counts[c]]] for c, colour in enumerate(n.colours)
    }


def _market_dec(x, n: Names, out: dict) -> None:
    out["market"] = [n.tile_name(int(t), _printed(out)) for t in x[: out.pop("_market_n")]]


def _tiles_enc(s: State, n: Names) -> np.ndarray:
    out = np.zeros((NP, MAXHELD), np.int64)
    for j, p in enumerate(n.board.principalities):
        held = [n.tile(t) for t in s.tiles.get(p, [])]
        out[j, : len(held)] = held
    return out


def _tiles_dec(x, n: Names, out: dict) -> None:
    counts = out.pop("_tiles_n")
    ps, printed = n.board.principalities, _printed(out)
    out["tiles"] = {p: [n.tile_name(int(t), printed) for t in x[j, : counts[j]]] for j, p in enumerate(ps)}


def _kind_mask(s: State, n: Names) -> list:
    cat = effects.catalogue(n.rules)
    kinds = TILE_KINDS
    held = [s.tiles.get(p, []) for p in n.board.principalities]
    return [sum({1 << kinds.index(cat[t]["kind"]) for t in mine if t in cat}) for mine in held]


def _history_enc(s: State, n: Names) -> list:
    if len(s.history) > NHIST:
        raise Unsupported(f"a History deck of {len(s.history)} cards (the fast engine holds {NHIST})")
    return [n.history.index(c) for c in s.history] + [0] * (NHIST - len(s.history))


def _history_dec(x, n: Names, out: dict) -> None:
    out["history"] = tuple(n.history[int(t)] for t in x[: out.pop("_history_n")])


def _princess_enc(attr: str):
    def encode(s: State, n: Names) -> list:
        where = getattr(s, attr)
        return [n.areas.index(where[p]) if p in where else -1 for p in n.board.principalities]

    def decode(x, n: Names, out: dict) -> None:
        out[attr] = {p: n.areas[int(x[j])] for j, p in enumerate(n.board.principalities) if x[j] >= 0}

    return encode, decode


def _tally(name: str, keys: tuple[str, ...]):
    def encode(s: State, n: Names) -> list:
        return [s.tally.get(f"{name}.{k}", 0) for k in keys]

    def decode(x, n: Names, out: dict) -> None:
        tally = out.setdefault("tally", {})
        for k, v in zip(keys, x, strict=True):
            if v:
                tally[f"{name}.{k}"] = int(v)

    return encode, decode


def _stacks_count(s: State, n: Names) -> list:
    return [len(s.stacks.get(c, [])) for c in n.colours]


def _tiles_count(s: State, n: Names) -> list:
    return [len(s.tiles.get(p, [])) for p in n.board.principalities]


def _division_enc(s: State, n: Names) -> list:
    return [land.id in s.division for land in n.board.lands]


def _division_dec(x, n: Names, out: dict) -> None:
    out["division"] = {land.id for i, land in enumerate(n.board.lands) if x[i]}


def _princeps_dec(x, n: Names, out: dict) -> None:
    out["princeps"] = n.board.principalities[int(x)]


def _crowned_dec(x, n: Names, out: dict) -> None:
    out["crowned"] = None if x < 0 else n.board.principalities[int(x)]


def _market_enc(s: State, n: Names) -> list:
    return [n.tile(t) for t in s.market] + [0] * (MAXMARKET - len(s.market))


def _same(v, n: Names):
    return v


def _flag(v, n: Names) -> int:
    return int(v)


def _bool(v, n: Names) -> bool:
    return bool(v)


def _derived(x, n: Names, out: dict) -> None:
    """A field kept only to make the kernels fast (read off the others): nothing to decode."""


def _hidden(key: str):
    def decode(x, n: Names, out: dict) -> None:
        out[key] = [int(v) for v in x] if np.ndim(x) else int(x)

    return decode


def _princeps(s: State, n: Names) -> int:
    return n.board.principalities.index(s.princeps)


def _crowned(s: State, n: Names) -> int:
    return -1 if s.crowned is None else n.board.principalities.index(s.crowned)


TILE_KINDS = (  # printed tiles' effect kinds (progress.yaml ``effect.kind``): ``tile_kinds`` bits, ``tables.tile_kind``
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


@dataclass(frozen=True)
class Spec:
    """A field of ``STATE``: its layout (``field``) and how it maps to a reference ``State``."""

    field: Field
    encode: Callable  # (State, Names) → value (array-like)
    decode: Callable  # (value, Names, kwargs) → None: writes State keyword arguments (or a ``_``-hidden helper)


def _spec(name, shape, doc, encode, decode) -> Spec:
    return Spec(Field(name, tuple(shape), doc), encode, decode)


_TALLY = "by kind (``game.battles.KINDS``)"
FIELDS: tuple[Spec, ...] = (
    # decoded first: the helpers later fields read (card kinds, tile counts, which tiles are printed)
    _spec("hands", (NP, NC), "cards in hand per Principality (``CARDS``)", _hands_enc, _hands_dec),
    _spec("decks", (NC,), "cards left in the decks (``CARDS``)", _decks_enc, _decks_dec),
    _spec("stacks_n", (NCOL,), "face-down Progress Tiles per colour", _stacks_count, _hidden("_stacks_n")),
    _spec("market_n", (), "face-up tiles on the Market", lambda s, n: len(s.market), _hidden("_market_n")),
    _spec("tiles_n", (NP,), "Progress Tiles each Principality holds", _tiles_count, _hidden("_tiles_n")),
    _spec("history_n", (), "History cards dealt (0: History off)", lambda s, n: len(s.history), _hidden("_history_n")),
    # the position
    _spec("units", (NL, NF, NK), "figures by land, faction, kind", _units_enc, _units_dec),
    _spec("presence", (NL,), "bit f set when faction f has figures on the land (kept with units)", _presence, _derived),
    _spec("pool", (NP, NK), "each Principality's figures off the Map", _pool_enc, _pool_dec),
    _spec("gold", (NP,), "gold in each Treasury", *_per_player("gold")),
    _spec("people", (NP,), "People Support track", *_per_player("people")),
    _spec("clergy", (NP,), "Clergy Support track", *_per_player("clergy")),
    _spec("cities", (NL,), "Cities founded on each land", *_per_land("cities")),
    _spec("buildings", (NL,), "building on each land (``BUILDINGS``)", *_per_land("buildings", BUILDINGS.index,
                                                                                      BUILDINGS.__getitem__)),
    _spec("division", (NL,), "1 where a Division Token lies", _division_enc, _division_dec),
    _spec("supply", (len(TOKENS),), "tokens left in the box (``TOKENS``)", _supply_enc, _supply_dec),
    _spec("pomerania_off", (NF - NP, NK), "figures of factions 4.. waiting off the Map", _pomoff_enc, _pomoff_dec),
    _spec("reign", (NP,), "Period of each ruling Prince", *_per_player("reign")),
    _spec("princes_left", (NP, MAXPERIODS + 2), "unused Prince cards (column = Period)", _princes_enc, _princes_dec),
    _spec("eliminated", (NP,), "1 once a Principality's dynasty ended", _elim_enc, _elim_dec),
    _spec("nonplayer", (NP,), "1 for a Principality no player controls (2-3 players: ``game.nonplayers``)",
          lambda s, n: [p in s.non_players for p in n.board.principalities], _derived),
    _spec("round", (), "the Round being played", *_scalar("round", _same, _same)),
    _spec("princeps", (), "the Princeps (Principality index)", _princeps, _princeps_dec),
    _spec("clockwise", (), "1 while the turn order runs clockwise", *_scalar("clockwise", _flag, _bool)),
    _spec("final_round", (), "the last Round (earlier after an elimination)", *_scalar("final_round", _same, _same)),
    _spec("crowned", (), "the crowned Principality, -1 none", _crowned, _crowned_dec),
    _spec("stacks", (NCOL, MAXT), "face-down Progress Tiles per colour, top first", _stacks_enc, _stacks_dec),
    _spec("market", (MAXMARKET,), "face-up Progress Tiles in Market order", _market_enc, _market_dec),
    _spec("tiles", (NP, MAXHELD), "each Principality's Progress Tiles in the order taken", _tiles_enc, _tiles_dec),
    _spec("tile_kinds", (NP,), "bit k: a printed tile of effect kind k held (kept with tiles)", _kind_mask, _derived),
    _spec("history", (NHIST,), "the dealt History deck, top first (history.yaml order)", _history_enc, _history_dec),
    _spec("mongol_waves", (), "Mongol Invasions so far", *_scalar("mongol_waves", _same, _same)),
    _spec("teutonic", (), "1 once the Teutonic Knights were called", *_scalar("teutonic", _flag, _bool)),
    _spec("princesses", (NP,), "each Princess's area (``Names.areas``), -1 none", *_princess_enc("princesses")),
    _spec("princess_last", (NP,), "the area of each Princess's last mission, -1", *_princess_enc("princess_last")),
    # the full-game battle statistics (``State.tally``)
    _spec("battles", (NKINDS,), "battles fought " + _TALLY, *_tally("battles", BATTLE_KINDS)),
    _spec("attacker_wins", (NKINDS,), "battles the attacker won " + _TALLY, *_tally("attacker_wins", BATTLE_KINDS)),
    _spec("attacker_lost", (NKINDS,), "attacking units toppled " + _TALLY, *_tally("attacker_lost", BATTLE_KINDS)),
    _spec("defender_lost", (NKINDS,), "defending units toppled " + _TALLY, *_tally("defender_lost", BATTLE_KINDS)),
    _spec("die", (NSYM,), "Battle Die rolls by face (``rules.SYMBOLS``), rerolls included", *_tally("die", SYMBOLS)),
)  # fmt: skip
STATE = Layout("principes_state", [spec.field for spec in FIELDS])


def to_state(state: State) -> np.ndarray:
    """A reference ``State`` as one ``STATE`` record (an array of length 1), field by field."""
    n = names(state.board, state.rules)
    out = STATE.new()
    for spec in FIELDS:
        out[0][spec.field.name] = spec.encode(state, n)
    return out


def from_state(record: np.ndarray, template: State) -> State:
    """A ``STATE`` record as a reference ``State`` (board, rules and optional rules from ``template``)."""
    n = names(template.board, template.rules)
    rec = np.asarray(record).reshape(())
    kwargs: dict = {"variants": template.variants}
    for spec in FIELDS:
        spec.decode(rec[spec.field.name], n, kwargs)
    by_id = kwargs.pop("_by_id")
    kwargs["variants"] = template.variants | ({"neighbors"} if by_id else set())
    return State(board=template.board, rules=template.rules, non_players=template.non_players, **kwargs)


@functools.lru_cache(maxsize=1)
def describe() -> str:
    return STATE.describe()


# --- the State's reads, compiled (``S``: a ``STATE`` record, ``C``: a ``setup.TABLES`` record) -------------------


@njit(cache=True)
def figures(S, land, f):
    """``state.State.units_of`` of a land and faction, summed."""
    return S.units[land, f, 0] + S.units[land, f, 1] + S.units[land, f, 2]


@njit(cache=True)
def add_units(S, land, f, k, n):
    """``state.State.add_units``: add (or with n < 0 remove) figures, keeping the land's ``presence`` bits in step."""
    S.units[land, f, k] += n
    if figures(S, land, f) > 0:
        S.presence[land] |= 1 << f
    else:
        S.presence[land] &= ~(1 << f)


@njit(cache=True)
def clamp(C, x):
    """``state.clamp_track``."""
    lo, hi = C.track_lo, C.track_hi
    return lo if x < lo else (hi if x > hi else x)


@njit(cache=True)
def is_player(S, f):
    """``battles.is_player``: a Principality still in the game, played by someone (``state.State.players``)."""
    return f < NP and S.eliminated[f] == 0 and S.nonplayer[f] == 0


@njit(cache=True)
def period(S, C):
    """``state.State.period``."""
    return (S.round - 1) // C.per_period + 1


@njit(cache=True)
def gold_in_supply(S, C):
    """``state.State.gold_in_supply``."""
    return C.coins - (S.gold[0] + S.gold[1] + S.gold[2] + S.gold[3])


@njit(cache=True)
def n_factions_on(S, land):
    """``state.State.factions_on``, counted."""
    m = S.presence[land]
    n = 0
    while m:
        n += m & 1
        m >>= 1
    return n
