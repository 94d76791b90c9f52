"""The compiled engine's game position: one record of ``STATE`` (``sim.layout.Layout``), its fields declared once
below with the bridge to and from a reference ``Game`` (``game/state.py``), and the enumerations that number what
the record holds.

Capacities (``SEATS``, ``PROVINCES``, ``CARDS``, ...) are structural: they size the record and the tables, never a
rule. Every count the rules set (Provinces, cards, offer slots, tokens, ...) is a value of ``fast.context.TABLES``
read at run time, checked against its capacity when the tables are compiled (``Unsupported`` names what does not
fit; the dispatcher then plays the reference). Indices: Provinces, Titles and cards are numbered in sorted id order
(comparing indices compares ids, as the reference's ``sorted(...)`` does), Rulers in board order, resources and unit
types in ``RESOURCES`` and ``UNIT_TYPES`` order.

Each field names how the reference holds it: ``get(game, ix)`` reads it from a ``Game`` (``from_game``) and
``put(game, value, ix)`` writes it back (``to_game``), so the two directions come from the same declaration, and
a lockstep mismatch is printed by field and index (``describe_diff``: ``gold[2]: 7 != 5``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import numpy as np

from sim.games.dark_ages.game.context import RESOURCES, UNIT_TYPES, Context
from sim.games.dark_ages.game.ending import TRIGGERS
from sim.games.dark_ages.game.modules.benjamin import TYPE as TOB_TYPE  # noqa: F401 (for the plans)
from sim.games.dark_ages.game.modules.benjamin import card_ids
from sim.games.dark_ages.game.modules.pope import TITLE as POPE_TITLE
from sim.games.dark_ages.game.modules.rise_of_poland import CATEGORIES as POLAND_CATEGORIES
from sim.games.dark_ages.game.modules.rise_of_poland import CHROBRY, MIESZKO
from sim.games.dark_ages.game.modules.rise_of_poland import TYPE as POLAND_TYPE  # noqa: F401 (for the plans)  # a ready Title that is no Kingdom Title
from sim.games.dark_ages.game.solo_loop import SOLO_TRIGGERS
from sim.games.dark_ages.game.solo_setup import solo_context
from sim.games.dark_ages.game.solo_state import OPTIONS as SOLO_OPTIONS  # noqa: F401 (for the solo modules)
from sim.games.dark_ages.game.solo_state import SoloState
from sim.games.dark_ages.game.state import BATTLE_KINDS, Game, Player
from sim.layout import Layout


class Unsupported(Exception):
    """What the compiled engine does not play (the dispatcher names it and plays the reference)."""


# --- capacities (structural; each rules count is checked against its capacity in fast.context) ---
SEATS = 4
PROVINCES = 32
CARDS = 128  # Culture cards and the three solo Raider cards
TITLES = 8
RULERS = 12
REGIONS = 24
DEGREE = 10  # neighbours of a Province
TOKENS = 64  # Barbarian tokens in a pool
HAND = 24  # hand slots (the hand limit is checked at the end of a turn)
DECK = CARDS + 24  # the Culture deck, and in solo up to 24 Raider cards
OFFER = 16
CHURCHES = 16
LDECK = 16  # the Lordling deck
FACES = 20  # faces of the battle die
LEVELS = 6  # unit levels 1..5 (index 0 unused)
ACTION_SPACES = 5
STACK = 8  # discs on one action space
MAX_UNITS = 40  # units of one side in a battle (the battle buffer)

# --- enumerations (names, not rules values) ---
ACTIONS = ("build", "development_of_culture", "research", "recruit", "manoeuvre")
A_BUILD, A_DOC, A_RESEARCH, A_RECRUIT, A_MANOEUVRE, A_SETTLE = 0, 1, 2, 3, 4, 5
M_SETTLE, M_REACT = 5, 6  # move kinds (column 0 of a move row); actions keep their index
BUILD_WHAT = ("city", "production", "church", "keep", "farm", "warehouse")
B_CITY, B_PROD, B_CHURCH, B_KEEP, B_FARM, B_WH = range(6)
RESEARCH_HOW = ("play", "raise", "military")
R_PLAY, R_RAISE, R_MIL = range(3)
REACTIONS = ("cultural_exchange", "recruit", "regroup", "sell_goods", "wood_or_leather", "wood_or_stone")  # sorted
X_EXCHANGE, X_RECRUIT, X_REGROUP, X_SELL, X_WL, X_WS = range(6)
RESOURCE_REACTIONS = {X_WL: ("wood", "leather"), X_WS: ("wood", "stone")}
CARD_TYPES = ("common_technology", "military_technology", "relic", "cognomen", "grand_building")
CT_COMMON, CT_MIL, CT_RELIC, CT_COG, CT_GB = range(5)
CT_RAIDER = 5  # solo: the Raider cards (never listed in a plan's card_types)
CT_TOB = 6  # Module 13A: the Travels of Benjamin cards (``TOB_TYPE``, listed in a plan's card_types or not)
CT_POLAND = 7  # Module 15A: Mieszko I and the Chrobry card (``POLAND_TYPE``)
EFFECT_KINDS = ("gain_on_pass", "gain_on_action", "discount", "hold", "battle_die", "battle_hit", "battle_cancel",
                "immediate", "end_vp")  # fmt: skip
E_PASS, E_ACTION, E_DISCOUNT, E_HOLD, E_DIE, E_HIT, E_CANCEL, E_IMM, E_END = range(9)
GAINS = (*RESOURCES, "gold", "culture", "vp")
G_GOLD, G_CULTURE, G_VP = 4, 5, 6
PERS = ("city", "church", "farm", "title", "trophy", "keep_level", "level3_technology", "controlled_province",
        "common_technology", "unit")  # fmt: skip
RELIC_KINDS = ("church_discount", "church_vp", "church_culture")
REWARDS = ("gold", "resource", "culture", "vp", "take_another_turn")
PHASES = ("volley", "charge", "melee")
VP_SOURCES = ("church", "barbarians", "title_claims", "capital_raids", "cognomens", "cards", "raiders", "research",
              "provinces", "culture_red_spaces", "modules")  # fmt: skip
V_CHURCH, V_BARB, V_TITLE, V_RAID, V_COG, V_CARDS, V_RAIDERS, V_RESEARCH, V_PROVINCES, V_REDSP, V_MODULES = range(11)
NVPS = len(VP_SOURCES)
K_PLAYER, K_BARBARIAN, K_LORDLING, K_RAIDER, K_COUNTER = (BATTLE_KINDS.index(k) for k in (
    "player", "barbarian", "lordling", "raider", "counterattack"))  # fmt: skip
NKINDS = len(BATTLE_KINDS)
FACTIONS = ("player", "raider", "lordling")  # rows of the unit stat table
F_PLAYER, F_RAIDER, F_LORDLING = range(3)
OUT_COLS = 16 + 1  # per seat: VP by category (experiment.CATEGORIES) and total
LORDLING_COLS = 11 + 2  # the Lordlings' categories (solo_experiment.LORDLING_CATEGORIES), "modules" and total
# solo
O_CITY_ONLY, O_TECH1, O_HARDER, O_TITLE_VP, O_CULT3, O_RED_VP, O_COG10, O_AT_TRIGGER, O_CUMUL, O_UPG_LOSS = (
    1 << SOLO_OPTIONS.index(o) for o in ("lordling_city_vp_only", "lordling_tech_1vp", "raider_cards_harder",
                                         "lordling_title_vp", "lordling_culture_3", "lordling_red_space_vp",
                                         "lordling_cognomen_10", "raiders_attack_at_trigger", "barbarians_cumulative",
                                         "raider_upgrade_on_loss"))  # fmt: skip
LCARDS = ("research", "recruit", "manoeuvre", "development_of_culture", "build", "settle", "persevere", "rush")
L_RESEARCH, L_RECRUIT, L_MANOEUVRE, L_DOC, L_BUILD, L_SETTLE, L_PERSEVERE, L_RUSH = range(8)
RAIDER_KINDS = ("raid", "reinforce", "surprise")  # their card ids sort after every Culture card id
FX_NONE, FX_ADD, FX_UPGRADE, FX_ATTACK = range(4)
FX_NAMES = {"add": FX_ADD, "upgrade": FX_UPGRADE, "attack": FX_ATTACK}
HUMAN, LORDLINGS = 0, 1
# the optional modules the compiled engine plays (bits of the ``mods`` field; Module 7 is a token pool of the tables)
MODULES = ("alchemists", "alliances", "tribute", "pope", "benjamin", "ages_of_war", "grand_buildings", "commanders",
           "wyrd", "distant_campaigns", "crusades", "rise_of_poland")  # fmt: skip
MOD_ALCH, MOD_ALLY, MOD_TRIB, MOD_POPE, MOD_TOB, MOD_AOW, MOD_GB, MOD_CMD, MOD_WYRD, MOD_DC, MOD_CRU, MOD_ROP = (
    1 << MODULES.index(m) for m in MODULES)  # fmt: skip
AOW_HAND = 24  # Module 9: Combat cards in one hand or discard pile (capacity)
CMD_CARDS = 8  # Commander cards (capacity)
K_COMMANDER = 3  # Module 6: the 'unit type' of a Recruit row hiring only the Commander
ALLY_HAND = 8  # Alliance cards in one hand (capacity)
GB_KINDS = ("production", "defence", "end_vp", "recruit_discount")  # Module 3: a Grand Building's effect kind
GB_PRODUCTION, GB_DEFENCE, GB_END_VP, GB_RECRUIT = range(4)
WYRD_CARDS = 16  # Module 8: Wyrd cards (capacity)
WYRD_PENALTIES = ("vp", "gold", "resources", "unit", "noble")  # Module 8: what a Wyrd penalty takes
W_VP, W_GOLD, W_RES, W_UNIT, W_NOBLE = range(5)
DC_CARDS, DC_HAND = 16, 4  # Module 10: Campaign cards, in one hand (capacities)
CRUSADES = 8  # Module 14A: Crusade cards (capacity)
ROP_EVENTS, ROP_STEPS = 8, 4  # Module 15A: Chrobry events, aid steps on a Poland card (capacities)
P_OPEN, P_FLIPPED, P_REMOVED = range(3)  # Module 15A: a Poland card's status (game.modules.rise_of_poland)


@dataclass(frozen=True)
class Index:
    """How the record numbers a rule set's ids (``Index.of(ctx)``)."""

    pids: tuple[str, ...]  # Provinces, sorted
    cids: tuple[str, ...]  # cards, sorted, then the Raider cards
    tids: tuple[str, ...]  # Titles, sorted
    rids: tuple[str, ...]  # Rulers, board order

    @classmethod
    def of(cls, ctx: Context) -> Index:
        raiders = tuple(f"raider_{k}" for k in RAIDER_KINDS)  # a solo context's deck holds them already
        cards = {c for c in ctx.deck.cards if c not in raiders} | set(benjamin_cards(ctx)) | {MIESZKO, CHROBRY}
        cids = tuple(sorted(cards)) + raiders
        return cls(tuple(sorted(q.id for q in ctx.board.provinces)), cids, tuple(sorted(ctx.board.titles)),
                   tuple(ctx.board.rulers))  # fmt: skip

    def p(self, q: str) -> int:
        return self.pids.index(q)

    def c(self, card: str) -> int:
        return self.cids.index(card)


def benjamin_cards(ctx: Context) -> tuple[str, ...]:
    """Module 13A's card ids (``game.modules.benjamin.card_ids``), numbered in every rule set's Index."""
    marks = ctx.modules["benjamin"]["cards_by_players"]
    return tuple(c for c, _ in card_ids({int(k): v for k, v in marks.items()}))


# --- the fields and their bridge -------------------------------------------------------------------------------


def _seats(attr: str, default=0):
    """A per-player scalar: ``players[s].<attr>`` for each seat (empty seats hold ``default``)."""

    def get(game: Game, ix: Index):
        return [getattr(p, attr) for p in game.players] + [default] * (SEATS - game.n)

    def put(game: Game, value, ix: Index):
        for p in game.players:
            setattr(p, attr, type(getattr(p, attr))(value[p.seat]))

    return get, put


def _per_kind(attr: str, names: tuple[str, ...]):
    def get(game: Game, ix: Index):
        out = np.zeros((SEATS, len(names)), np.int64)
        for p in game.players:
            out[p.seat] = [getattr(p, attr)[k] for k in names]
        return out

    def put(game: Game, value, ix: Index):
        for p in game.players:
            setattr(p, attr, {k: int(value[p.seat, i]) for i, k in enumerate(names)})

    return get, put


def _bits(items, order) -> int:
    return sum(1 << order.index(t) for t in items)


def _unbits(x: int, order) -> set:
    return {t for i, t in enumerate(order) if (int(x) >> i) & 1}


def _techs():
    def get(game, ix):
        n = np.zeros(SEATS, np.int64)
        cards, levels = np.zeros((SEATS, 4), np.int64), np.zeros((SEATS, 4), np.int64)
        for p in game.players:
            n[p.seat] = len(p.techs)
            for j, (cid, lev) in enumerate(p.techs.items()):  # insertion order: effects apply in this order
                cards[p.seat, j], levels[p.seat, j] = ix.c(cid), lev
        return n, cards, levels

    return get


def _hand():
    def get(game, ix):
        n, hand = np.zeros(SEATS, np.int64), np.zeros((SEATS, HAND), np.int64)
        for p in game.players:
            n[p.seat] = len(p.hand)
            hand[p.seat, : len(p.hand)] = [ix.c(c) for c in p.hand]
        return n, hand

    return get


def _units(game, ix):
    out = np.zeros((SEATS, PROVINCES, 3), np.int64)
    for p in game.players:
        for q, units in p.units.items():
            out[p.seat, ix.p(q)] = [units.get(k, 0) for k in UNIT_TYPES]
    return out


def _put_units(game, value, ix):
    for p in game.players:
        p.units = {}
        for i, q in enumerate(ix.pids):
            here = {k: int(value[p.seat, i, j]) for j, k in enumerate(UNIT_TYPES) if value[p.seat, i, j]}
            if here:
                p.units[q] = here


def _farms(game, ix):
    owner, n = np.zeros(PROVINCES, np.int64), np.zeros(PROVINCES, np.int64)
    owner[: len(ix.pids)] = -1
    for q, (o, k) in game.farms.items():
        owner[ix.p(q)], n[ix.p(q)] = o, k
    return owner, n


def _province_flags(items, ix) -> np.ndarray:
    out = np.zeros(PROVINCES, np.int64)
    for q in items:
        out[ix.p(q)] = 1
    return out


def _stacks(game, ix):
    stack, n = np.zeros((ACTION_SPACES, STACK), np.int64), np.zeros(ACTION_SPACES, np.int64)
    for i, st in enumerate(game.stacks):
        n[i] = len(st)
        stack[i, : len(st)] = st
    return stack, n


def _list(items, size: int, code=lambda x: x, fill: int = 0) -> tuple[int, np.ndarray]:
    out = np.full(size, fill, np.int64)
    out[: len(items)] = [code(x) for x in items]
    return len(items), out


def _solo(game, name: str, default=0):
    return default if game.solo is None else getattr(game.solo, name)


def _mod(game, name: str):
    """The installed module object ``name`` of a reference game, or None."""
    return next((m for m in game.mods if m.name == name), None)


def _mod_seats(name: str, attr: str):
    """A module's per-seat list (0 for every seat when the module is off)."""

    def get(game, ix):
        m = _mod(game, name)
        return (list(getattr(m, attr)) if m else [0] * game.n) + [0] * (SEATS - game.n)

    return get


def _alliances(game, ix):
    """Module 5: hands (count, cards in sorted id order), active cards + 1 by (holder, ally), met pairs."""
    n, hand = np.zeros(SEATS, np.int64), np.zeros((SEATS, ALLY_HAND), np.int64)
    active, met = np.zeros((SEATS, SEATS), np.int64), np.zeros((SEATS, SEATS), np.int64)
    m = _mod(game, "alliances")
    if m is not None:
        ids = sorted(m.data["cards"])
        for s, cards in enumerate(m.hand):
            n[s] = len(cards)
            hand[s, : len(cards)] = [ids.index(c) for c in cards]
        for (h, a), c in m.active.items():
            active[h, a] = ids.index(c) + 1
        for a, b in m.met:
            met[a, b] = 1
    return n, hand, active, met


def _suzerain(game, ix):
    m = _mod(game, "tribute")
    lords = m.suzerain if m else {}
    return [lords[s] + 1 if s in lords else 0 for s in range(game.n)] + [0] * (SEATS - game.n)


def _gb_built(game, ix):
    m = _mod(game, "grand_buildings")
    built = m.built if m else {}
    return [ix.c(built[q]) + 1 if q in built else 0 for q in ix.pids] + [0] * (PROVINCES - len(ix.pids))


def _commanders(game, ix):
    """Module 6: the available cards (sorted id order), and per seat its card + 1, the Province + 1 of its
    miniature and of the one it came from, ready, engaged (0: none)."""
    avail = np.zeros(CMD_CARDS, np.int64)
    card, at, came, ready, engaged = (np.zeros(SEATS, np.int64) for _ in range(5))
    m = _mod(game, "commanders")
    if m is None:
        return 0, avail, card, at, came, ready, engaged
    ids = sorted(m.data["effects"])
    avail[: len(m.available)] = [ids.index(c) for c in m.available]
    for s, c in m.card.items():
        card[s] = ids.index(c) + 1
    for s, q in m.at.items():
        at[s] = ix.p(q) + 1
    for s, q in m.came_from.items():
        came[s] = 0 if q is None else ix.p(q) + 1
    for s, r in m.ready.items():
        ready[s] = int(r)
    for s in m.engaged:
        engaged[s] = 1
    return len(m.available), avail, card, at, came, ready, engaged


def _ages_of_war(game, ix):
    """Module 9: hands and Combat discard piles (card codes: ``fast.ages_of_war``), the card + 1 each attacker
    plays, War tokens held, the stack."""
    hand_n, disc_n, tokens, playing = (np.zeros(SEATS, np.int64) for _ in range(4))
    hand, disc = np.zeros((SEATS, AOW_HAND), np.int64), np.zeros((SEATS, AOW_HAND), np.int64)
    m = _mod(game, "ages_of_war")
    if m is None:
        return hand_n, hand, disc_n, disc, tokens, playing, 0
    common = sorted(m.data["common_cards"])

    def code(c):
        if c in common:
            return common.index(c)
        return len(common) + (int(c[6:]) if c.startswith("ruler_") else SEATS + ix.tids.index(c[6:]))

    for s in range(game.n):
        hand_n[s], disc_n[s], tokens[s] = len(m.hand[s]), len(m.discard[s]), m.tokens[s]
        hand[s, : len(m.hand[s])] = [code(c) for c in m.hand[s]]
        disc[s, : len(m.discard[s])] = [code(c) for c in m.discard[s]]
    for s, c in m.playing.items():
        playing[s] = code(c) + 1
    return hand_n, hand, disc_n, disc, tokens, playing, m.left


def _wyrd(game, ix):
    """Module 8: the Wyrd deck (top first) and the Wyrd + 1 under each offer card (sorted Wyrd ids), per seat the
    active Wyrds in the order played and their markers, the fulfilled count; the Wyrds removed from play."""
    deck, on = np.zeros(WYRD_CARDS, np.int64), np.zeros(CARDS, np.int64)
    act_n, done = np.zeros(SEATS, np.int64), np.zeros(SEATS, np.int64)
    act, mark = np.zeros((SEATS, WYRD_CARDS), np.int64), np.zeros((SEATS, WYRD_CARDS), np.int64)
    m = _mod(game, "wyrd")
    if m is None:
        return 0, deck, on, act_n, act, mark, done, 0
    ids = sorted(m.data["penalties"])
    deck[: len(m.deck)] = [ids.index(w) for w in m.deck]
    for c, w in m.attached.items():
        on[ix.c(c)] = ids.index(w) + 1
    for s in range(game.n):
        act_n[s], done[s] = len(m.active[s]), len(m.fulfilled[s])
        for j, (w, k) in enumerate(m.active[s]):
            act[s, j], mark[s, j] = ids.index(w), k
    return len(m.deck), deck, on, act_n, act, mark, done, len(m.removed)


def _campaigns(game, ix):
    """Module 10: the hands (card i is CM(i + 1)), the card + 1 in play, its battle won."""
    n, hand = np.zeros(SEATS, np.int64), np.zeros((SEATS, DC_HAND), np.int64)
    play, won = np.zeros(SEATS, np.int64), np.zeros(SEATS, np.int64)
    m = _mod(game, "distant_campaigns")
    if m is not None:
        for s, cards in enumerate(m.hand):
            n[s] = len(cards)
            hand[s, : len(cards)] = [int(c[2:]) - 1 for c in cards]
        for s, c in m.in_play.items():
            play[s] = int(c[2:])
        for s, w in m.won.items():
            won[s] = int(w)
    return n, hand, play, won


def _crusades(game, ix):
    """Module 14A: Crusades revealed, per seat the units next to the active one by type and the types in the order
    first sent."""
    units, order, nk = np.zeros((SEATS, 3), np.int64), np.zeros((SEATS, 3), np.int64), np.zeros(SEATS, np.int64)
    m = _mod(game, "crusades")
    if m is None:
        return 0, units, order, nk
    for s, away in enumerate(m.units):
        nk[s] = len(away)
        for j, (k, x) in enumerate(away.items()):
            order[s, j], units[s, UNIT_TYPES.index(k)] = UNIT_TYPES.index(k), x
    return m.called, units, order, nk


def _poland(game, ix):
    """Module 15A: per seat and category the card's status, aid steps and readiness, Farms on flipped cards; the
    Chrobry events (top first), the Chrobry card out, the first seat + 1 to flip each category."""
    status, steps, ready = (np.zeros((SEATS, 3), np.int64) for _ in range(3))
    farms, events, first = np.zeros(SEATS, np.int64), np.zeros(ROP_EVENTS, np.int64), np.zeros(3, np.int64)
    m = _mod(game, "rise_of_poland")
    if m is None:
        return status, steps, ready, farms, 0, events, 0, first
    names = ("open", "flipped", "removed")
    for s in range(game.n):
        for c, cat in enumerate(POLAND_CATEGORIES):
            status[s, c], steps[s, c] = names.index(m.status[s][cat]), m.steps[s][cat]
            ready[s, c] = int(m.ready[s][cat])
        farms[s] = m.farms[s]
    events[: len(m.events)] = m.events
    for cat, s in m.first_flip.items():
        first[POLAND_CATEGORIES.index(cat)] = s + 1
    return status, steps, ready, farms, len(m.events), events, int(m.chrobry_out), first


def _pope_holder(game, ix):
    m = _mod(game, "pope")
    return 0 if m is None or m.holder is None else m.holder + 1


def _pope_ready(game, ix):
    m = _mod(game, "pope")
    return int(m is not None and m.holder is not None and POPE_TITLE in game.players[m.holder].titles_ready)


# (name, shape, doc, get(game, ix) -> value) — fields filled together share one getter (``_MULTI``)
FIELDS = [
    # per player (leading axis: seat)
    ("gold", (SEATS,), "Gold", _seats("gold")[0]),
    ("res", (SEATS, 4), "resources, RESOURCES order", _per_kind("res", RESOURCES)[0]),
    ("supply", (SEATS, 3), "unit miniatures not on the board", _per_kind("supply", UNIT_TYPES)[0]),
    ("nobles_total", (SEATS,), "Noble discs", _seats("nobles_total")[0]),
    ("nobles_free", (SEATS,), "Noble discs in the personal supply", _seats("nobles_free")[0]),
    ("military", (SEATS, 3), "Military Technology level per unit type", _per_kind("military", UNIT_TYPES)[0]),
    ("ntech", (SEATS,), "Common Technologies played", "techs"),
    ("tech_card", (SEATS, 4), "their cards, in the order played", "techs"),
    ("tech_level", (SEATS, 4), "their visible levels", "techs"),
    ("nhand", (SEATS,), "cards in hand", "hand"),
    ("hand", (SEATS, HAND), "the hand, in order", "hand"),
    ("titles", (SEATS,), "Titles held (bits by Title index)", lambda g, ix: [_bits(p.titles, ix.tids) for p in
                                                                             g.players] + [0] * (SEATS - g.n)),
    ("titles_ready", (SEATS,), "ready Kingdom Titles (bits)", lambda g, ix: [_bits(p.titles_ready - {POPE_TITLE},
                                                                                       ix.tids) for p in g.players]
     + [0] * (SEATS - g.n)),
    ("culture", (SEATS,), "Culture track position", _seats("culture")[0]),
    ("vp", (SEATS,), "VP scored during the game", _seats("vp")[0]),
    ("vp_by", (SEATS, NVPS), "in-game VP by source (VP_SOURCES)",
     lambda g, ix: [[p.vp_by.get(s, 0) for s in VP_SOURCES] for p in g.players] + [[0] * NVPS] * (SEATS - g.n)),
    ("warehouses", (SEATS,), "Warehouses built", _seats("warehouses")[0]),
    ("farms_off", (SEATS,), "Farms taken off the Farm track", _seats("farms_off")[0]),
    ("trophies", (SEATS,), "Barbarian trophies", _seats("trophies")[0]),
    ("finished", (SEATS,), "passed in the final round", lambda g, ix: [int(p.finished) for p in g.players] + [0] *
     (SEATS - g.n)),
    ("passes", (SEATS,), "Passes", _seats("passes")[0]),
    ("actions", (SEATS,), "Noble actions resolved", _seats("actions")[0]),
    ("ruler", (SEATS,), "Ruler index (-1: the Lordlings)", lambda g, ix: [-1 if p.ruler is None else
                                                                          ix.rids.index(p.ruler.id) for p in
                                                                          g.players] + [0] * (SEATS - g.n)),
    ("strategy", (SEATS,), "the seat's row in the strategy table (not bridged)", lambda g, ix: [0] * SEATS),
    ("units", (SEATS, PROVINCES, 3), "units per Province and type", _units),
    # the table
    ("action_at", (ACTION_SPACES,), "the Action card on each space", lambda g, ix: [ACTIONS.index(a) for a in
                                                                                    g.action_at]),
    ("stack", (ACTION_SPACES, STACK), "Noble discs on each space, bottom first", "stacks"),
    ("stack_n", (ACTION_SPACES,), "discs on each space", "stacks"),
    ("exhausted", (SEATS,), "discs in the Exhausted Nobles area", lambda g, ix: list(g.exhausted) + [0] * (SEATS -
                                                                                                          g.n)),
    ("offer_n", (), "cards in the offer", "offer"),
    ("offer", (OFFER,), "the offer, leftmost first", "offer"),
    ("deck_n", (), "cards in the deck array", "deck"),
    ("deck_p", (), "the next card to draw (cards before it are drawn)", "deck"),
    ("deck", (DECK,), "the Culture deck, top first", "deck"),
    ("cities_left", (), "Cities in the supply", lambda g, ix: g.cities_left),
    ("farm_owner", (PROVINCES,), "the Farms' owner (-1: none)", "farms"),
    ("farms", (PROVINCES,), "Farms per Province", "farms"),
    ("city", (PROVINCES,), "1 with a City", lambda g, ix: _province_flags(g.cities, ix)),
    ("buildings", (PROVINCES, 4), "Production buildings by resource", lambda g, ix: [[g.buildings.get(q, {}).get(r, 0)
                                                                                      for r in RESOURCES] for q in
                                                                                     ix.pids] + [[0] * 4] *
     (PROVINCES - len(ix.pids))),
    ("church_n", (), "Churches on the board", "churches"),
    ("churches", (CHURCHES,), "Provinces with a Church, in building order", "churches"),
    ("church_in", (PROVINCES,), "1 with a Church", lambda g, ix: _province_flags(g.churches, ix)),
    ("keep", (PROVINCES,), "Keep level", lambda g, ix: [g.keeps.get(q, 0) for q in ix.pids] + [0] * (PROVINCES -
                                                                                                     len(ix.pids))),
    ("barbarian", (PROVINCES,), "the Barbarian token (-1: none)", lambda g, ix: [g.barbarians.get(q, -1) for q in
                                                                                 ix.pids] + [0] * (PROVINCES -
                                                                                                   len(ix.pids))),
    ("established", (), "Titles claimed at least once (bits)", lambda g, ix: _bits(g.established, ix.tids)),
    ("red_reached", (), "red Culture spaces reached (bits by red-space index)", "red"),
    ("deck_ran_out", (), "the last card was drawn", lambda g, ix: int(g.deck_ran_out)),
    ("churches_built", (), "Churches taken off the track", lambda g, ix: g.churches_built),
    ("extra_turn", (), "a 'take another turn' reward this turn", lambda g, ix: int(g.extra_turn)),
    ("trigger", (), "the end trigger (TRIGGERS or SOLO_TRIGGERS index, -1: none)",
     lambda g, ix: -1 if g.end_trigger is None else (TRIGGERS if g.solo is None else SOLO_TRIGGERS).index(
         g.end_trigger)),
    ("current", (), "the seat to play (not bridged: the lockstep drivers track it)", lambda g, ix: 0),
    ("turns", (), "turns played", lambda g, ix: g.turns),
    ("n", (), "seats (players; solo: 2)", lambda g, ix: g.n),
    ("in_play", (PROVINCES,), "1 in play", lambda g, ix: _province_flags(g.in_play, ix)),
    # solo (Module 1)
    ("solo", (), "1 in a solo game", lambda g, ix: int(g.solo is not None)),
    ("options", (), "difficulty options (bits of SOLO_OPTIONS)",
     lambda g, ix: 0 if g.solo is None else _bits(g.solo.options, SOLO_OPTIONS)),
    ("ldeck_n", (), "Lordling cards in the deck", "ldeck"),
    ("ldeck", (LDECK,), "the Lordling deck, top first (LCARDS)", "ldeck"),
    ("ldiscard_n", (), "Lordling cards discarded", "ldiscard"),
    ("ldiscard", (LDECK,), "the Lordling discard pile, oldest first", "ldiscard"),
    ("prep", (), "Preparation tokens: bit 0 Research, bit 1 Manoeuvre",
     lambda g, ix: ("research" in _solo(g, "prep", ())) + 2 * ("manoeuvre" in _solo(g, "prep", ()))),
    ("solo_techs", (), "Common Technologies the Lordlings collected", lambda g, ix: _solo(g, "techs")),
    ("raider_level", (3,), "Raider level per unit type",
     lambda g, ix: [0] * 3 if g.solo is None else [g.solo.raider_levels[k] for k in UNIT_TYPES]),
    ("party", (3,), "Raider units on the Raiding Party card by type",
     lambda g, ix: [0] * 3 if g.solo is None else [g.solo.party.count(k) for k in UNIT_TYPES]),
    ("party_tokens_n", (), "tokens whose units are in the party", "party_tokens"),
    ("party_tokens", (TOKENS,), "those tokens, in drawing order", "party_tokens"),
    ("pool_n", (), "tokens in the pool", "pool"),
    ("pool", (TOKENS,), "the token pool (drawn from the end)", "pool"),
    ("map_split", (), "Module 7: the map's tokens have their own pool", lambda g, ix: int(_solo(g, "map_pool", None)
                                                                                         is not None)),
    ("map_pool_n", (), "Module 7: tokens in the map's pool", "map_pool"),
    ("map_pool", (TOKENS,), "Module 7: the map's pool (drawn from the end)", "map_pool"),
    ("target", (), "the Target's Province (-1: the Ruler card)",
     lambda g, ix: 0 if g.solo is None else -1 if g.solo.target is None else ix.p(g.solo.target)),
    ("raids_off", (), "the final round: no Raider attacks", lambda g, ix: int(_solo(g, "raids_off", False))),
    ("raided_at_end", (), "the Raiders attacked at the trigger", lambda g, ix: int(_solo(g, "raided_at_end", False))),
    ("raider_attacks", (), "Raider attacks", lambda g, ix: _solo(g, "raider_attacks")),
    ("barbarian_extra", (PROVINCES, 3), "Raider units left with a Barbarian token",
     lambda g, ix: [[g.barbarian_extra.get(q, []).count(k) for k in UNIT_TYPES] for q in ix.pids] + [[0] * 3] *
     (PROVINCES - len(ix.pids))),
    # optional modules (game/modules; to_game does not carry them)
    ("mods", (), "switched-on compiled modules (bits of MODULES)",
     lambda g, ix: _bits([m.name for m in g.mods if m.name in MODULES], MODULES)),
    ("alch_card", (SEATS,), "Module 4: resources on each Alchemist card", _mod_seats("alchemists", "card")),
    ("ally_hand_n", (SEATS,), "Module 5: Alliance cards not yet given", "alliances"),
    ("ally_hand", (SEATS, ALLY_HAND), "them, in hand order (sorted card ids)", "alliances"),
    ("ally_active", (SEATS, SEATS), "the ally's card + 1 the holder has in play (0: none)", "alliances"),
    ("ally_met", (SEATS, SEATS), "1: the pair (a < b) has shared a border", "alliances"),
    ("trib_markers", (SEATS,), "Module 11: player markers left on each Ruler card", _mod_seats("tribute", "markers")),
    ("suzerain", (SEATS,), "Module 11: each player's suzerain + 1 (0: none)", _suzerain),
    ("pope_holder", (), "Module 12A: the Pope Title's holder + 1 (0: in the offer)", _pope_holder),
    ("pope_ready", (), "Module 12A: 1 when the Pope Title is ready for its holder", _pope_ready),
    ("tob_n", (SEATS,), "Module 13A: Travels of Benjamin cards collected", _mod_seats("benjamin", "collected")),
    ("tob_third", (SEATS,), "Module 13A: 1 with the third-Farm reward", _mod_seats("benjamin", "third_farm")),
    ("gb_built", (PROVINCES,), "Module 3: the Grand Building card + 1 built in each Province (0: none)", _gb_built),
    ("aow_hand_n", (SEATS,), "Module 9: Combat cards in hand", "ages_of_war"),
    ("aow_hand", (SEATS, AOW_HAND), "them, in order", "ages_of_war"),
    ("aow_disc_n", (SEATS,), "Combat cards in the discard pile", "ages_of_war"),
    ("aow_disc", (SEATS, AOW_HAND), "them, in order", "ages_of_war"),
    ("aow_tokens", (SEATS,), "War tokens held", "ages_of_war"),
    ("aow_playing", (SEATS,), "the card + 1 the attacker plays in the current battle", "ages_of_war"),
    ("aow_left", (), "War tokens left in the stack", "ages_of_war"),
    ("cmd_avail_n", (), "Module 6: Commander cards next to the board", "commanders"),
    ("cmd_avail", (CMD_CARDS,), "them, in the random set-up order (sorted card ids)", "commanders"),
    ("cmd_card", (SEATS,), "Module 6: each seat's Commander card + 1 (0: none)", "commanders"),
    ("cmd_at", (SEATS,), "the Province + 1 of its miniature (0: none)", "commanders"),
    ("cmd_from", (SEATS,), "the Province + 1 it last left with a group (0: none)", "commanders"),
    ("cmd_ready", (SEATS,), "1: its card is ready", "commanders"),
    ("cmd_engaged", (SEATS,), "1: it lends its effect to the current (last) battle", "commanders"),
    ("wyrd_deck_n", (), "Module 8: Wyrd cards in the deck", "wyrd"),
    ("wyrd_deck", (WYRD_CARDS,), "the Wyrd deck, top first (sorted Wyrd ids)", "wyrd"),
    ("wyrd_on", (CARDS,), "the Wyrd + 1 under each Culture card of the offer (0: none)", "wyrd"),
    ("wyrd_act_n", (SEATS,), "active Wyrds", "wyrd"),
    ("wyrd_act", (SEATS, WYRD_CARDS), "them, in the order played", "wyrd"),
    ("wyrd_mark", (SEATS, WYRD_CARDS), "player markers left on each", "wyrd"),
    ("wyrd_done", (SEATS,), "fulfilled Wyrds", "wyrd"),
    ("wyrd_removed", (), "Wyrds removed from play", "wyrd"),
    ("dc_hand_n", (SEATS,), "Module 10: Campaign cards in hand", "campaigns"),
    ("dc_hand", (SEATS, DC_HAND), "them, in the order dealt", "campaigns"),
    ("dc_play", (SEATS,), "the Campaign card + 1 in play (0: none)", "campaigns"),
    ("dc_won", (SEATS,), "1: the last Campaign played was won (or met no battle)", "campaigns"),
    ("cru_called", (), "Module 14A: Crusades revealed (the active one: the last)", "crusades"),
    ("cru_units", (SEATS, 3), "units next to the active Crusade by type", "crusades"),
    ("cru_order", (SEATS, 3), "their types in the order first sent", "crusades"),
    ("cru_nk", (SEATS,), "types sent", "crusades"),
    ("rop_status", (SEATS, 3), "Module 15A: each Poland card's status (P_OPEN, ...; POLAND_CATEGORIES)", "poland"),
    ("rop_steps", (SEATS, 3), "aid steps done on it", "poland"),
    ("rop_ready", (SEATS, 3), "1: the flipped card's benefit is ready", "poland"),
    ("rop_farms", (SEATS,), "Farms on flipped Poland cards", "poland"),
    ("rop_events_n", (), "Chrobry event cards left", "poland"),
    ("rop_events", (ROP_EVENTS,), "them, top first (event indices)", "poland"),
    ("rop_chrobry_out", (), "1: the Chrobry card has been shuffled into the Culture deck", "poland"),
    ("rop_first", (3,), "the first seat + 1 to flip each category (0: none)", "poland"),
    # battle statistics (game/state.BattleLog)
    ("battles", (NKINDS,), "battles by kind (BATTLE_KINDS)", lambda g, ix: g.battles.battles),
    ("attacker_wins", (NKINDS,), "attacker wins by kind", lambda g, ix: g.battles.attacker_wins),
    ("attacker_lost", (NKINDS,), "non-Transient units the attacker lost, by kind",
     lambda g, ix: g.battles.attacker_lost),
    ("defender_lost", (NKINDS,), "non-Transient units the defender lost, by kind",
     lambda g, ix: g.battles.defender_lost),
    ("dice", (FACES,), "battle dice rolled by face (1..faces)", lambda g, ix: g.battles.dice + [0] * (FACES -
                                                                                                   len(g.battles.dice))),
]  # fmt: skip
STATE = Layout("dark_ages", [f[:3] for f in FIELDS])


def _multi(game: Game, ix: Index, red: tuple[int, ...]) -> dict[str, object]:
    """The fields filled together (a count and its array, or two arrays from one reference container)."""
    out: dict[str, object] = {}
    out["ntech"], out["tech_card"], out["tech_level"] = _techs()(game, ix)
    out["nhand"], out["hand"] = _hand()(game, ix)
    out["stack"], out["stack_n"] = _stacks(game, ix)
    out["offer_n"], out["offer"] = _list(game.offer, OFFER, ix.c, -1)
    out["deck_n"], out["deck"] = _list(game.deck, DECK, ix.c)
    out["deck_p"] = 0
    out["farm_owner"], out["farms"] = _farms(game, ix)
    out["church_n"], out["churches"] = _list(game.churches, CHURCHES, ix.p)
    out["red_reached"] = sum(1 << red.index(r) for r in game.red_reached)
    solo = game.solo
    out["ldeck_n"], out["ldeck"] = _list(solo.deck if solo else [], LDECK, LCARDS.index)
    out["ldiscard_n"], out["ldiscard"] = _list(solo.discard if solo else [], LDECK, LCARDS.index)
    out["party_tokens_n"], out["party_tokens"] = _list(solo.party_tokens if solo else [], TOKENS)
    out["pool_n"], out["pool"] = _list(solo.token_pool if solo else [], TOKENS)
    out["ally_hand_n"], out["ally_hand"], out["ally_active"], out["ally_met"] = _alliances(game, ix)
    out["map_pool_n"], out["map_pool"] = _list(solo.map_pool or [] if solo else [], TOKENS)
    (out["aow_hand_n"], out["aow_hand"], out["aow_disc_n"], out["aow_disc"], out["aow_tokens"], out["aow_playing"],
     out["aow_left"]) = _ages_of_war(game, ix)  # fmt: skip
    (out["cmd_avail_n"], out["cmd_avail"], out["cmd_card"], out["cmd_at"], out["cmd_from"], out["cmd_ready"],
     out["cmd_engaged"]) = _commanders(game, ix)  # fmt: skip
    (out["wyrd_deck_n"], out["wyrd_deck"], out["wyrd_on"], out["wyrd_act_n"], out["wyrd_act"], out["wyrd_mark"],
     out["wyrd_done"], out["wyrd_removed"]) = _wyrd(game, ix)  # fmt: skip
    out["dc_hand_n"], out["dc_hand"], out["dc_play"], out["dc_won"] = _campaigns(game, ix)
    out["cru_called"], out["cru_units"], out["cru_order"], out["cru_nk"] = _crusades(game, ix)
    (out["rop_status"], out["rop_steps"], out["rop_ready"], out["rop_farms"], out["rop_events_n"], out["rop_events"],
     out["rop_chrobry_out"], out["rop_first"]) = _poland(game, ix)  # fmt: skip
    return out


def from_game(game: Game, ix: Index | None = None) -> np.ndarray:
    """A reference ``Game`` as one ``STATE`` record (an array of one). Strategies and the seat to play are not
    encoded."""
    ix = ix or Index.of(game.ctx)
    out = STATE.new()
    rec = out[0]
    multi = _multi(game, ix, game.ctx.tracks.red_spaces)
    for name, _, _, get in FIELDS:
        rec[name] = multi[name] if isinstance(get, str) else get(game, ix)
    return out


def to_game(record: np.ndarray, ctx: Context, strategies: list, rng: random.Random) -> Game:
    """A ``Game`` holding the position ``record`` (``from_game``'s inverse): seat ``s`` plays ``strategies[s]``,
    solo games get their ``SoloState`` (the solo rules of ``ctx``). Modules are not encoded."""
    s = STATE.to_dict(np.asarray(record).reshape(-1)[0])
    solo = bool(s["solo"])
    ctx = solo_context(ctx) if solo else ctx
    ix = Index.of(ctx)
    n = int(s["n"])
    pids, cids, tids = ix.pids, ix.cids, ix.tids
    players = []
    for seat in range(n):
        r = int(s["ruler"][seat])
        p = Player(seat, None if r < 0 else ctx.board.rulers[ix.rids[r]], strategies[seat], int(s["gold"][seat]),
                   {k: int(v) for k, v in zip(RESOURCES, s["res"][seat], strict=True)},
                   {k: int(v) for k, v in zip(UNIT_TYPES, s["supply"][seat], strict=True)},
                   int(s["nobles_total"][seat]), int(s["nobles_free"][seat]))  # fmt: skip
        p.military = {k: int(v) for k, v in zip(UNIT_TYPES, s["military"][seat], strict=True)}
        p.techs = {cids[int(s["tech_card"][seat, j])]: int(s["tech_level"][seat, j]) for j in range(s["ntech"][seat])}
        p.hand = [cids[int(c)] for c in s["hand"][seat, : s["nhand"][seat]]]
        p.titles, p.titles_ready = _unbits(s["titles"][seat], tids), _unbits(s["titles_ready"][seat], tids)
        p.culture, p.vp = int(s["culture"][seat]), int(s["vp"][seat])
        p.vp_by = {src: int(v) for src, v in zip(VP_SOURCES, s["vp_by"][seat], strict=True) if v}
        p.warehouses, p.farms_off, p.trophies = int(s["warehouses"][seat]), int(s["farms_off"][seat]), int(
            s["trophies"][seat])  # fmt: skip
        p.finished, p.passes, p.actions = bool(s["finished"][seat]), int(s["passes"][seat]), int(s["actions"][seat])
        p.faction = "lordling" if r < 0 else "player"
        players.append(p)
    deck = s["deck"][s["deck_p"] : s["deck_n"]]
    game = Game(ctx=ctx, rng=rng, players=players, in_play=frozenset(q for i, q in enumerate(pids) if s["in_play"][i]),
                action_at=tuple(ACTIONS[int(a)] for a in s["action_at"]),
                stacks=tuple(tuple(int(x) for x in s["stack"][i, : s["stack_n"][i]]) for i in range(ACTION_SPACES)),
                exhausted=[int(x) for x in s["exhausted"][:n]],
                offer=[cids[int(c)] for c in s["offer"][: s["offer_n"]]],
                deck=[cids[int(c)] for c in deck], cities_left=int(s["cities_left"]))  # fmt: skip
    _put_units(game, s["units"], ix)
    game.farms = {q: (int(s["farm_owner"][i]), int(s["farms"][i])) for i, q in enumerate(pids) if s["farms"][i]}
    game.cities = {q for i, q in enumerate(pids) if s["city"][i]}
    game.buildings = {q: {r: int(v) for r, v in zip(RESOURCES, s["buildings"][i], strict=True) if v}
                      for i, q in enumerate(pids) if s["buildings"][i].any()}  # fmt: skip
    game.churches = [pids[int(q)] for q in s["churches"][: s["church_n"]]]
    game.keeps = {q: int(s["keep"][i]) for i, q in enumerate(pids) if s["keep"][i]}
    game.barbarians = {q: int(s["barbarian"][i]) for i, q in enumerate(pids) if s["barbarian"][i] >= 0}
    game.established = _unbits(s["established"], tids)
    red = ctx.tracks.red_spaces
    game.red_reached = {red[i] for i in range(len(red)) if (int(s["red_reached"]) >> i) & 1}
    game.deck_ran_out, game.churches_built = bool(s["deck_ran_out"]), int(s["churches_built"])
    game.extra_turn, game.turns = bool(s["extra_turn"]), int(s["turns"])
    t = int(s["trigger"])
    game.end_trigger = None if t < 0 else (SOLO_TRIGGERS if solo else TRIGGERS)[t]
    game.barbarian_extra = {q: [k for j, k in enumerate(UNIT_TYPES) for _ in range(s["barbarian_extra"][i, j])]
                            for i, q in enumerate(pids) if s["barbarian_extra"][i].any()}  # fmt: skip
    log = game.battles
    log.battles, log.attacker_wins = [int(x) for x in s["battles"]], [int(x) for x in s["attacker_wins"]]
    log.attacker_lost, log.defender_lost = [int(x) for x in s["attacker_lost"]], [int(x) for x in s["defender_lost"]]
    log.dice = [int(x) for x in s["dice"][: len(log.dice)]]
    if solo:
        st = SoloState(rules=ctx.solo, options=frozenset(_unbits(s["options"], SOLO_OPTIONS)),
                       deck=[LCARDS[int(c)] for c in s["ldeck"][: s["ldeck_n"]]])  # fmt: skip
        st.discard = [LCARDS[int(c)] for c in s["ldiscard"][: s["ldiscard_n"]]]
        st.prep = {a for bit, a in ((1, "research"), (2, "manoeuvre")) if int(s["prep"]) & bit}
        st.techs = int(s["solo_techs"])
        st.raider_levels = {k: int(v) for k, v in zip(UNIT_TYPES, s["raider_level"], strict=True)}
        st.party = [k for j, k in enumerate(UNIT_TYPES) for _ in range(s["party"][j])]
        st.party_tokens = [int(x) for x in s["party_tokens"][: s["party_tokens_n"]]]
        st.token_pool = [int(x) for x in s["pool"][: s["pool_n"]]]
        st.target = None if s["target"] < 0 else pids[int(s["target"])]
        st.raids_off, st.raided_at_end = bool(s["raids_off"]), bool(s["raided_at_end"])
        st.raider_attacks = int(s["raider_attacks"])
        game.solo = st
    return game


def comparable(record: np.ndarray) -> np.ndarray:
    """The record without what the bridge does not carry: strategy rows, the seat to play, empty seats, the deck
    pointer (decks are compared as the cards left), offer slots past its end."""
    out = np.asarray(record).reshape(-1)[:1].copy()
    r = out[0]
    n = int(r["n"])
    r["strategy"][:] = 0
    r["current"] = 0
    for f in STATE.fields:
        if f.shape and f.shape[0] == SEATS:
            r[f.name][n:] = 0
    left = r["deck"][r["deck_p"] : r["deck_n"]].copy()
    r["deck"][:] = 0
    r["deck"][: len(left)] = left
    r["deck_n"], r["deck_p"] = len(left), 0
    r["offer"][r["offer_n"] :] = -1
    return out


def describe_diff(ref: np.ndarray, fast: np.ndarray, limit: int = 12) -> list[str]:
    """Where two records differ, by field and index: ``gold[2]: 7 != 5`` (reference first)."""
    return STATE.diff(np.asarray(ref).reshape(-1)[0], np.asarray(fast).reshape(-1)[0], limit)
