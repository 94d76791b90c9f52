"""The fast engine's data: the flat int64 state vector ``S`` (offsets below) and the constant tables, compiled from
the default Context (board, tracks, deck, game.yaml, rules.yaml), plus the bridge from a reference ``Game``.

Indices: Provinces, Titles and cards are numbered in sorted id order, so comparing indices compares ids as the
reference does (``sorted(...)``, ``max(..., key=(..., q))``); resources and unit types in ``RESOURCES`` and
``UNIT_TYPES`` order. The tables are module globals: numba freezes them into the machine code (``__init__`` drops
the cache when a source or a config file changes).
"""

from __future__ import annotations

import numpy as np

from sim.games.dark_ages.game.context import RESOURCES, UNIT_TYPES, cached_context


class Unsupported(Exception):
    """What the fast engine does not play (the dispatcher names it)."""


CTX = cached_context()
_B, _T, _D, _R, _BR = CTX.board, CTX.tracks, CTX.deck, CTX.rules, CTX.battle

# --- enumerations ---
ACTIONS = ("build", "development_of_culture", "research", "recruit", "manoeuvre")
A_BUILD, A_DOC, A_RESEARCH, A_RECRUIT, A_MANOEUVRE, A_SETTLE = 0, 1, 2, 3, 4, 5
# move kinds (column 0 of a move row); actions keep their index
M_SETTLE, M_REACT = 5, 6
B_CITY, B_PROD, B_CHURCH, B_KEEP, B_FARM, B_WH = 0, 1, 2, 3, 4, 5
BUILD_WHAT = ("city", "production", "church", "keep", "farm", "warehouse")
R_PLAY, R_RAISE, R_MIL = 0, 1, 2
RESEARCH_HOW = ("play", "raise", "military")
# reactions, numbered in sorted name order (the scripted plan's ``sorted(by_kind)``)
REACTIONS = ("cultural_exchange", "recruit", "regroup", "sell_goods", "wood_or_leather", "wood_or_stone")
X_EXCHANGE, X_RECRUIT, X_REGROUP, X_SELL, X_WL, X_WS = range(6)
CARD_TYPES = ("common_technology", "military_technology", "relic", "cognomen", "grand_building")
CT_COMMON, CT_MIL, CT_RELIC, CT_COG, CT_GB = range(5)
CT_RAIDER = 5  # solo: the Raider cards (their rank column in a strategy row is S_NTYPES: 'not listed')
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
              "provinces", "culture_red_spaces")  # fmt: skip
V_CHURCH, V_BARB, V_TITLE, V_RAID, V_COG, V_CARDS, V_RAIDERS, V_RESEARCH, V_PROVINCES, V_REDSP = range(10)
NVPS = len(VP_SOURCES)
TRIGGERS = ("cities", "churches", "culture_track", "technologies", "deck", "turn_cap", "war_tokens")
TRADE_ORDER = (3, 2, 1, 0)  # iron, stone, leather, wood

# --- board ---
PIDS = tuple(sorted(q.id for q in _B.provinces))
PIX = {q: i for i, q in enumerate(PIDS)}
NP = len(PIDS)
_nb = [CTX.neighbours[q] for q in PIDS]
MAXDEG = max(len(x) for x in _nb)
NEI = np.full((NP, MAXDEG), -1, np.int64)
NEIN = np.zeros(NP, np.int64)
for _i, _x in enumerate(_nb):
    NEIN[_i] = len(_x)
    NEI[_i, : len(_x)] = [PIX[q] for q in _x]
REGIONS = tuple(_B.regions)
REGION = np.array([REGIONS.index(_B.region(q)) for q in PIDS], np.int64)
NREG = len(REGIONS)
PRES = np.array([RESOURCES.index(_B.province(q).resource) for q in PIDS], np.int64)
INPLAY = np.zeros((5, NP), np.int64)
for _n in (2, 3, 4):
    for _q in _B.in_play(_n):
        INPLAY[_n, PIX[_q]] = 1
TIDS = tuple(sorted(_B.titles))
NT = len(TIDS)
T_ORDER = np.array([TIDS.index(t) for t in _B.titles], np.int64)  # dict order (``claimable``'s list order)
T_VP = np.array([_B.titles[t].vp for t in TIDS], np.int64)
T_PLAYERS = np.array([_B.titles[t].players for t in TIDS], np.int64)
T_PROV = np.zeros((NT, NP), np.int64)
for _i, _t in enumerate(TIDS):
    for _q in _B.titles[_t].provinces:
        T_PROV[_i, PIX[_q]] = 1
RIDS = tuple(_B.rulers)
NRUL = len(RIDS)
R_CAP = np.array([PIX[_B.rulers[r].capital] for r in RIDS], np.int64)
SETTLE_COST = np.zeros((NRUL, NP), np.int64)  # the Ruler card's settle value (``costs.settle_cost``)
for _i, _r in enumerate(RIDS):
    from sim.games.dark_ages.costs import settle_cost as _sc

    for _q in PIDS:
        SETTLE_COST[_i, PIX[_q]] = _sc(_B, _B.rulers[_r], _q)

# --- cards ---
RAIDER_KINDS = ("raid", "reinforce", "surprise")  # solo: their ids sort after every Culture card id
CIDS = tuple(sorted(_D.cards)) + tuple(f"raider_{k}" for k in RAIDER_KINDS)
assert list(CIDS) == sorted(CIDS)
CIX = {c: i for i, c in enumerate(CIDS)}
NC = len(CIDS)
C_TYPE = np.array([CARD_TYPES.index(_D.cards[c].type) if c in _D.cards else CT_RAIDER for c in CIDS], np.int64)
C_L2 = np.full(NC, -1, np.int64)
C_L3 = np.full(NC, -1, np.int64)
C_RELIC = np.full(NC, -1, np.int64)
C_AMT = np.zeros(NC, np.int64)  # relic amount
C_PER = np.full(NC, -1, np.int64)  # cognomen
C_CVP = np.zeros(NC, np.int64)
C_CMAX = np.zeros(NC, np.int64)
LV_VP = np.zeros((NC, 3), np.int64)
LV_IMM = np.zeros((NC, 3), np.int64)
LV_KIND = np.full((NC, 3), -1, np.int64)
LV_ACT = np.full((NC, 3), -1, np.int64)  # gain_on_action / discount: the action (settle = 5)
LV_GAIN = np.full((NC, 3), -1, np.int64)
LV_AMT = np.zeros((NC, 3), np.int64)
LV_PHASE = np.full((NC, 3), -1, np.int64)
LV_PER = np.full((NC, 3), -1, np.int64)
LV_EVP = np.zeros((NC, 3), np.int64)
VIS_N = np.zeros((NC, 4), np.int64)  # visible effects of a card at level 0..3: how many, and which levels
VIS_LV = np.zeros((NC, 4, 3), np.int64)
_ACT_NAMES = (*ACTIONS, "settle")
for _i, _c in enumerate(CIDS):
    if _c not in _D.cards:
        C_TYPE[_i] = CT_RAIDER
        continue
    card = _D.cards[_c]
    if card.type == "military_technology":
        C_L2[_i] = UNIT_TYPES.index(card.level2) if card.level2 else -1
        C_L3[_i] = UNIT_TYPES.index(card.level3) if card.level3 else -1
    elif card.type == "relic":
        C_RELIC[_i] = RELIC_KINDS.index(card.data["effect"]["kind"])
        C_AMT[_i] = card.data["effect"]["amount"]
    elif card.type == "cognomen":
        C_PER[_i] = PERS.index(card.data["per"])
        C_CVP[_i], C_CMAX[_i] = card.data["vp"], card.data["max"]
    elif card.type == "common_technology":
        for _k, lv in enumerate(card.levels):
            e = lv.effect
            LV_VP[_i, _k], LV_IMM[_i, _k] = lv.vp, int(lv.immediate)
            LV_KIND[_i, _k] = EFFECT_KINDS.index(e["kind"])
            if "action" in e:
                LV_ACT[_i, _k] = _ACT_NAMES.index(e["action"])
            if "gain" in e:
                LV_GAIN[_i, _k] = GAINS.index(e["gain"])
            LV_AMT[_i, _k] = e.get("amount", 0)
            if "phase" in e:
                LV_PHASE[_i, _k] = PHASES.index(e["phase"])
            if "per" in e:
                LV_PER[_i, _k] = PERS.index(e["per"])
            LV_EVP[_i, _k] = e.get("vp", 0)
        for _lev in range(4):
            vis: list[int] = []
            for _k in range(_lev):
                lv = card.levels[_k]
                if lv.replaces:
                    vis = []
                if not lv.immediate:
                    vis.append(_k)
            VIS_N[_i, _lev] = len(vis)
            VIS_LV[_i, _lev, : len(vis)] = vis
DRAW = np.full((5, NC), -1, np.int64)
DRAWN = np.zeros(5, np.int64)
for _n in (2, 3, 4):
    _pile = [CIX[c] for c in _D.draw_pile(_n)]  # deck dict order: the order the reference shuffles
    DRAW[_n, : len(_pile)] = _pile
    DRAWN[_n] = len(_pile)
R_START = np.array([[CIX[c] for c in _B.rulers[r].starting_cards] for r in RIDS], np.int64)


# --- costs (ordered resource lists, -1 padded: ``discounted`` depends on the order) ---
def _cost(c) -> np.ndarray:
    out = np.full(4, -1, np.int64)
    out[: len(c)] = [RESOURCES.index(r) for r in c]
    return out


_costs = _R["costs"]
COST_CITY = _cost(_costs["city"])
COST_POWN = _cost(_costs["production_own"])
COST_PNEI = _cost(_costs["production_neighbour"])
COST_CHURCH = _cost(_costs["church"])
COST_FARM = _cost(_costs["farm"])
COST_KEEP = np.stack([_cost(_costs["keep"][k]) if k in _costs["keep"] else _cost([]) for k in range(5)])
MAX_KEEP = max(_costs["keep"])
PROD_COST = np.zeros((NP, 4), np.int64)  # 0 none, 1 own, 2 neighbour (``production_building_cost``)
for _q in PIDS:
    for _r in range(4):
        if _B.province(_q).resource == RESOURCES[_r]:
            PROD_COST[PIX[_q], _r] = 1
        elif any(_B.province(x).resource == RESOURCES[_r] for x in _B.neighbours(_q)):
            PROD_COST[PIX[_q], _r] = 2
RECRUIT = np.full((3, 4, 4), -1, np.int64)
for _k, _u in enumerate(UNIT_TYPES):
    for _lev, _c in CTX.data.recruit_cost[_u].items():
        RECRUIT[_k, int(_lev)] = _cost(_c)
NWH = len(_T.warehouse)
WH_SELL = np.array([s.sell for s in _T.warehouse], np.int64)
WH_HOLD = np.array([s.hold for s in _T.warehouse], np.int64)
WH_VP = np.array([s.vp for s in _T.warehouse], np.int64)
WH_NALT = np.array([len(s.cost) for s in _T.warehouse], np.int64)
WH_COST = np.full((NWH, 4, 4), -1, np.int64)
for _i, s in enumerate(_T.warehouse):
    for _a, alt in enumerate(s.cost):
        WH_COST[_i, _a] = _cost(alt)
FARM_LIMIT = np.array([s.army_limit for s in _T.farm], np.int64)
FARM_VP = np.array([s.vp for s in _T.farm], np.int64)
NFARMSP = len(_T.farm)
CULT_VP = np.array(_T.culture_vp, np.int64)
CULT_LAST = len(CULT_VP) - 1
RED = np.array(_T.red_spaces, np.int64)
OFFER_SLOTS = _T.offer_slots
BASE_ACCESS = _T.base_access
ACTION_IDS = np.array([ACTIONS.index(a) for a in _T.actions], np.int64)
REACT_AT = np.array([REACTIONS.index(r) for r in _T.reactions], np.int64)  # reaction space i
_setup, _lim, _gains = _R["setup"], _R["limits"], _R["gains"]
SETUP_CITIES = np.array([_setup["cities"].get(n, 0) for n in range(5)], np.int64)
SETUP_NOBLES = np.array([_setup["nobles"].get(n, 0) for n in range(5)], np.int64)
SETUP_EXH = np.array([_setup["exhausted_first_players"].get(n, 0) for n in range(5)], np.int64)
SETUP_GOLD = _setup["gold"]
SETUP_RES = np.array([_setup["resources"][r] for r in RESOURCES], np.int64)
SETUP_INF = _setup["infantry_in_capital"]
SETUP_CHURCHES = _setup["churches"]
TRACK_FARMS = _setup["farms"] - 1
SUPPLY = np.array([_setup["supply"][k] for k in UNIT_TYPES], np.int64)
HAND_LIMIT = _lim["hand"]
MAX_TECHS = _lim["common_technologies"]
CITY_SLOTS = _lim["city_slots"]
STACK_LIMIT = _lim["reaction_stack"]
CITY_CULTURE = _gains["city_culture"]
PASS_GOLD = _gains["pass_gold"]
END_PASS_GOLD = _gains["end_pass_all_nobles_gold"]
RED_GOLD = _gains["culture_red_space_gold"]
TRADE = np.array([_gains["trade_value"][r] for r in RESOURCES], np.int64)
YIELD = np.cumsum([0, *_gains["production"]]).astype(np.int64)  # buildings → resources
UPGRADE_GOLD = _costs["research_upgrade_gold"]
MILTECH_GOLD = _costs["military_technology_gold"]
CH_BASE, CH_FIRST, CH_PER = (_R["church_vp"][k] for k in ("base", "first_in_region", "per_empty_neighbour_region"))
END_CHURCH = np.array([_R["end_triggers"]["church"].get(n, 99) for n in range(5)], np.int64)
END_L3 = _R["end_triggers"]["level3_technologies"]
_fs = _R["final_scoring"]
CITY_VP = np.array([_fs["city_vp"][k] for k in range(4)], np.int64)
KEEP_VP = _fs["keep_vp_per_level_per_neighbour"]
GOLD_VP = _fs["gold_vp"]

# --- battles ---
FACES = _BR.faces
# faction (player, raider, lordling) × type × level → volley, charge, melee, armour, level
STAT = np.zeros((3, 3, 5, 5), np.int64)
for _f, _fac in enumerate(("player", "raider", "lordling")):
    for _k, _u in enumerate(UNIT_TYPES):
        for _lev, st in _BR.stats[_fac][_u].items():
            STAT[_f, _k, _lev] = [*st.thresholds, st.armour, st.level]
NTOK = len(CTX.tokens)
TOK_UNITS = np.array([[t.units.get(k, 0) for k in UNIT_TYPES] for t in CTX.tokens], np.int64)
TOK_RKIND = np.array([REWARDS.index(t.reward_kind) for t in CTX.tokens], np.int64)
TOK_RAMT = np.array([t.reward_amount for t in CTX.tokens], np.int64)
TOK_RVP = np.array([t.reward_vp for t in CTX.tokens], np.int64)
TROPHY_UNITS = np.array([[row.count(k) for k in UNIT_TYPES] for row in _BR.trophy_units], np.int64)
TROPHY_VP = np.array(_BR.trophy_vp, np.int64)
FARM_TRANSIENT = UNIT_TYPES.index(_BR.farm_transient)
CITY_TRANSIENT = UNIT_TYPES.index(_BR.city_transient)
KEEP_BONUS = _BR.keep_bonus
MAX_NEIGH_KEEPS = _BR.max_neighbour_keeps
ATTACKER_WINS_TIES = bool(_BR.attacker_wins_ties)
BARB_LEVEL = _BR.barbarian_level
MAX_UNITS = 40  # battle buffer per side

# --- the state vector ---
HMAX = 24  # hand slots (the limit is checked at the end of a turn)
_fields = ["GOLD", ("RES", 4), ("SUP", 3), "NTOT", "NFREE", ("MIL", 3), "NTECH", ("TECHC", 4), ("TECHL", 4), "NHAND",
           ("HAND", HMAX), "TITLES", "TREADY", "CULT", "VP", ("VPBY", NVPS), "WARE", "FOFF", "TROPH", "FIN", "PASSES",
           "ACTS", "RULER", "STRAT", ("UNITS", NP * 3)]  # fmt: skip
_off = 0
_PL: dict[str, int] = {}
for _f in _fields:
    name, size = (_f, 1) if isinstance(_f, str) else _f
    _PL[name] = _off
    _off += size
PS = _off
P_GOLD, P_RES, P_SUP, P_NTOT, P_NFREE, P_MIL = (_PL[k] for k in ("GOLD", "RES", "SUP", "NTOT", "NFREE", "MIL"))
P_NTECH, P_TECHC, P_TECHL, P_NHAND, P_HAND = (_PL[k] for k in ("NTECH", "TECHC", "TECHL", "NHAND", "HAND"))
P_TITLES, P_TREADY, P_CULT, P_VP, P_VPBY = (_PL[k] for k in ("TITLES", "TREADY", "CULT", "VP", "VPBY"))
P_WARE, P_FOFF, P_TROPH, P_FIN, P_PASSES = (_PL[k] for k in ("WARE", "FOFF", "TROPH", "FIN", "PASSES"))
P_ACTS, P_RULER, P_STRAT, P_UNITS = (_PL[k] for k in ("ACTS", "RULER", "STRAT", "UNITS"))
DECKMAX = NC + 24  # solo: the Culture deck and up to 18 Raider cards
_gfields = [("ACTAT", 5), ("STK", 5 * 4), ("STKN", 5), ("EXH", 4), "OFFN", ("OFF", 8), "DECKN", "DECKP",
            ("DECK", DECKMAX), "CLEFT", ("FOWN", NP), ("FN", NP), ("CITY", NP), ("BLD", NP * 4), "CHN", ("CHL", 16),
            ("CHIN", NP), ("KEEP", NP), ("BARB", NP), "EST", "REDR", "RANOUT", "CHBUILT", "EXTRA", "TRIG", "CUR",
            "TURNS", "N", ("INP", NP),
            # solo (Module 1): 1 in a solo game; difficulty options (bits of SOLO_OPTIONS); the Lordling deck and
            # discard (top / oldest first); Preparation tokens (bit 0 research, bit 1 manoeuvre); Common
            # Technologies collected; Raider levels; the Raiding Party's units by type, its tokens and the token
            # pool (as the reference lists); the Target (-1: the Ruler card); the final-round flags; Raider
            # attacks; Raider units left with a Barbarian token (``barbarian_extra``)
            "SOLO", "OPTS", "LDN", ("LD", 9), "LXN", ("LX", 9), "PREP", "STECH", ("RLEV", 3), ("PARTY", 3),
            "PTN", ("PT", NTOK), "TPN", ("TP", NTOK), "TARGET", "ROFF", "RAIDED", "RATT", ("BX", NP * 3)]  # fmt: skip
_off = 4 * PS
_GL: dict[str, int] = {}
for _f in _gfields:
    name, size = (_f, 1) if isinstance(_f, str) else _f
    _GL[name] = _off
    _off += size
NS = _off
(G_SOLO, G_OPTS, G_LDN, G_LD, G_LXN, G_LX, G_PREP, G_STECH, G_RLEV, G_PARTY, G_PTN, G_PT, G_TPN, G_TP, G_TARGET,
 G_ROFF, G_RAIDED, G_RATT, G_BX) = (_GL[k] for k in ("SOLO", "OPTS", "LDN", "LD", "LXN", "LX", "PREP", "STECH", "RLEV",
                                                  "PARTY", "PTN", "PT", "TPN", "TP", "TARGET", "ROFF", "RAIDED",
                                                  "RATT", "BX"))  # fmt: skip
(G_ACTAT, G_STK, G_STKN, G_EXH, G_OFFN, G_OFF, G_DECKN, G_DECKP, G_DECK, G_CLEFT, G_FOWN, G_FN, G_CITY, G_BLD, G_CHN,
 G_CHL, G_CHIN, G_KEEP, G_BARB, G_EST, G_REDR, G_RANOUT, G_CHBUILT, G_EXTRA, G_TRIG, G_CUR, G_TURNS, G_N,
 G_INP) = (_GL[k] for k in ("ACTAT", "STK", "STKN", "EXH", "OFFN", "OFF", "DECKN", "DECKP", "DECK", "CLEFT", "FOWN",
                            "FN", "CITY", "BLD", "CHN", "CHL", "CHIN", "KEEP", "BARB", "EST", "REDR", "RANOUT",
                            "CHBUILT", "EXTRA", "TRIG", "CUR", "TURNS", "N", "INP"))  # fmt: skip
OUT_COLS = 16 + 1  # per seat: VP by category (experiment.CATEGORIES) and total

# --- solo (Module 1, Lordlings and Raiders) ---
from sim.games.dark_ages.board import SOLO as _SOLO  # noqa: E402
from sim.games.dark_ages.game.solo_state import OPTIONS as SOLO_OPTIONS  # noqa: E402
from sim.games.dark_ages.game.solo_state import solo_rules as _solo_rules  # noqa: E402

_SR = _solo_rules()
_SL, _SRA = _SR["lordlings"], _SR["raiders"]
O_CITY_ONLY, O_TECH1, O_HARDER, O_TITLE_VP, O_CULT3, O_RED_VP, O_COG10, O_AT_TRIGGER, O_CUMUL, O_UPG_LOSS = (
    1 << SOLO_OPTIONS.index(o) for o in ("lordling_city_vp_only", "lordling_tech_1vp", "raider_cards_harder",
                                         "lordling_title_vp", "lordling_culture_3", "lordling_red_space_vp",
                                         "lordling_cognomen_10", "raiders_attack_at_trigger", "barbarians_cumulative",
                                         "raider_upgrade_on_loss"))  # fmt: skip
LCARDS = ("research", "recruit", "manoeuvre", "development_of_culture", "build", "settle", "persevere", "rush")
L_RESEARCH, L_RECRUIT, L_MANOEUVRE, L_DOC, L_BUILD, L_SETTLE, L_PERSEVERE, L_RUSH = range(8)
LDECK0 = np.array([LCARDS.index(c) for c in _SL["deck"]], np.int64)
L_HOMES = _SL["rulers"]
L_NOBLES = _SL["nobles"]
L_PASS_CULTURE = _SL["pass_culture"]
L_PASS_VP = np.array(_SL["pass_vp"], np.int64)
L_COG_VP, L_GB_VP, L_TECH_VP = _SL["cognomen_vp"], _SL["grand_building_vp"], _SL["tech_end_vp"]
L_MAX, L_END_UPGRADES, L_FARMS_OFF = _SL["max_level"], _SL["end_upgrades"], _SL["farms_off_at_setup"]
KEEP_LEVELS = _lim["keep_levels"]
RAIDER_MAX = _BR.max_level("raider")
RC_RAID, RC_REINFORCE, RC_SURPRISE = (CIX[f"raider_{k}"] for k in RAIDER_KINDS)
FX_NONE, FX_ADD, FX_UPGRADE, FX_ATTACK = range(4)
_FX = {"add": FX_ADD, "upgrade": FX_UPGRADE, "attack": FX_ATTACK}
REVEAL_FX = np.array([_FX[_SRA["reveal"][k]] if k in _SRA["reveal"] else 0 for k in RAIDER_KINDS], np.int64)
DISCARD_FX = np.array([_FX[_SRA["discard"][k]] if k in _SRA["discard"] else 0 for k in RAIDER_KINDS], np.int64)
NO_TARGET_VP, RAID_WIN_GOLD = _SRA["no_target_vp_loss"], _SRA["win_gold"]
RAID_NEW_TOKENS = _SRA["new_tokens_after_attack"]
C_MARGIN = _SRA["counterattack_margin"]
PILE_N = np.zeros((2, 5), np.int64)  # Raider cards added to each pile, in the rules' order
PILE_C = np.full((2, 5, 8), -1, np.int64)
for _h, _key in enumerate(("piles", "piles_harder")):
    for _i, _adds in enumerate(_SRA[_key]):
        _cs = [CIX[f"raider_{k}"] for k, n in _adds.items() for _ in range(n)]
        PILE_N[_h, _i] = len(_cs)
        PILE_C[_h, _i, : len(_cs)] = _cs
assert PILE_N.shape[1] == len(_SRA["piles"]) == len(_SRA["piles_harder"])
INPLAY_SOLO = np.zeros(NP, np.int64)
for _q in _B.in_play(_SOLO):
    INPLAY_SOLO[PIX[_q]] = 1
_solo_deck = [CIX[c] for c in _D.draw_pile(2)]  # the Culture deck before the Raider cards go in
SOLO_DRAW = np.array(_solo_deck, np.int64)
SOLO_CITIES = _setup["cities"][2]
SOLO_NOBLES = _setup["nobles"][2]
# the Lordling Rulers' draw for each human Ruler: sorted other base Rulers with a Capital in play
L_CAND_N = np.zeros(NRUL, np.int64)
L_CAND = np.full((NRUL, NRUL), -1, np.int64)
for _i, _r in enumerate(RIDS):
    _others = sorted(
        x for x, ru in _B.rulers.items() if x != _r and ru.module == "base" and INPLAY_SOLO[PIX[ru.capital]]
    )
    L_CAND_N[_i] = len(_others)
    L_CAND[_i, : len(_others)] = [PIX[_B.rulers[x].capital] for x in _others]
SOLO_TRIGGERS = ("cities", "churches", "culture_track", "technologies", "deck", "lordling_upgrades", "turn_cap")


def from_game(game) -> np.ndarray:
    """A reference ``Game`` as a state vector (for the lockstep comparisons). Strategies are not encoded."""
    S = np.zeros(NS, np.int64)
    n = game.n
    S[G_N] = n
    for p in game.players:
        b = p.seat * PS
        S[b + P_GOLD] = p.gold
        for r, name in enumerate(RESOURCES):
            S[b + P_RES + r] = p.res[name]
        for k, name in enumerate(UNIT_TYPES):
            S[b + P_SUP + k] = p.supply[name]
            S[b + P_MIL + k] = p.military[name]
        S[b + P_NTOT], S[b + P_NFREE] = p.nobles_total, p.nobles_free
        S[b + P_NTECH] = len(p.techs)
        for j, (cid, lev) in enumerate(p.techs.items()):
            S[b + P_TECHC + j], S[b + P_TECHL + j] = CIX[cid], lev
        S[b + P_NHAND] = len(p.hand)
        for j, cid in enumerate(p.hand):
            S[b + P_HAND + j] = CIX[cid]
        S[b + P_TITLES] = sum(1 << TIDS.index(t) for t in p.titles)
        S[b + P_TREADY] = sum(1 << TIDS.index(t) for t in p.titles_ready)
        S[b + P_CULT], S[b + P_VP] = p.culture, p.vp
        for j, src in enumerate(VP_SOURCES):
            S[b + P_VPBY + j] = p.vp_by.get(src, 0)
        S[b + P_WARE], S[b + P_FOFF], S[b + P_TROPH] = p.warehouses, p.farms_off, p.trophies
        S[b + P_FIN], S[b + P_PASSES], S[b + P_ACTS] = int(p.finished), p.passes, p.actions
        S[b + P_RULER] = -1 if p.ruler is None else RIDS.index(p.ruler.id)
        for q, units in p.units.items():
            for k, name in enumerate(UNIT_TYPES):
                S[b + P_UNITS + PIX[q] * 3 + k] = units.get(name, 0)
    for i, a in enumerate(game.action_at):
        S[G_ACTAT + i] = ACTIONS.index(a)
    for i, st in enumerate(game.stacks):
        S[G_STKN + i] = len(st)
        for j, s in enumerate(st):
            S[G_STK + i * 4 + j] = s
    for s in range(n):
        S[G_EXH + s] = game.exhausted[s]
    S[G_OFFN] = len(game.offer)
    for j, c in enumerate(game.offer):
        S[G_OFF + j] = CIX[c]
    S[G_DECKN] = len(game.deck)
    for j, c in enumerate(game.deck):
        S[G_DECK + j] = CIX[c]
    S[G_CLEFT] = game.cities_left
    S[G_FOWN : G_FOWN + NP] = -1
    for q, (owner, k) in game.farms.items():
        S[G_FOWN + PIX[q]], S[G_FN + PIX[q]] = owner, k
    for q in game.cities:
        S[G_CITY + PIX[q]] = 1
    for q, b in game.buildings.items():
        for r, name in enumerate(RESOURCES):
            S[G_BLD + PIX[q] * 4 + r] = b.get(name, 0)
    S[G_CHN] = len(game.churches)
    for j, q in enumerate(game.churches):
        S[G_CHL + j] = PIX[q]
        S[G_CHIN + PIX[q]] = 1
    for q, k in game.keeps.items():
        S[G_KEEP + PIX[q]] = k
    S[G_BARB : G_BARB + NP] = -1
    for q, t in game.barbarians.items():
        S[G_BARB + PIX[q]] = t
    S[G_EST] = sum(1 << TIDS.index(t) for t in game.established)
    S[G_REDR] = sum(1 << int(np.searchsorted(RED, r)) for r in game.red_reached)
    S[G_RANOUT], S[G_CHBUILT], S[G_EXTRA] = int(game.deck_ran_out), game.churches_built, int(game.extra_turn)
    triggers = TRIGGERS if game.solo is None else SOLO_TRIGGERS
    S[G_TRIG] = -1 if game.end_trigger is None else triggers.index(game.end_trigger)
    S[G_CUR], S[G_TURNS] = game.current, game.turns
    for q in game.in_play:
        S[G_INP + PIX[q]] = 1
    solo = game.solo
    if solo is not None:
        S[G_SOLO] = 1
        S[G_OPTS] = sum(1 << SOLO_OPTIONS.index(o) for o in solo.options)
        S[G_LDN], S[G_LXN] = len(solo.deck), len(solo.discard)
        for j, c in enumerate(solo.deck):
            S[G_LD + j] = LCARDS.index(c)
        for j, c in enumerate(solo.discard):
            S[G_LX + j] = LCARDS.index(c)
        S[G_PREP] = ("research" in solo.prep) + 2 * ("manoeuvre" in solo.prep)
        S[G_STECH] = solo.techs
        for k, name in enumerate(UNIT_TYPES):
            S[G_RLEV + k] = solo.raider_levels[name]
            S[G_PARTY + k] = solo.party.count(name)
        S[G_PTN], S[G_TPN] = len(solo.party_tokens), len(solo.token_pool)
        S[G_PT : G_PT + len(solo.party_tokens)] = solo.party_tokens
        S[G_TP : G_TP + len(solo.token_pool)] = solo.token_pool
        S[G_TARGET] = -1 if solo.target is None else PIX[solo.target]
        S[G_ROFF], S[G_RAIDED], S[G_RATT] = int(solo.raids_off), int(solo.raided_at_end), solo.raider_attacks
    for q, extra in game.barbarian_extra.items():
        for k, name in enumerate(UNIT_TYPES):
            S[G_BX + PIX[q] * 3 + k] = extra.count(name)
    return S


def comparable(S: np.ndarray) -> np.ndarray:
    """The state without what the bridge does not carry (strategy rows, the deck pointer: decks are compared as the
    cards left)."""
    out = S.copy()
    n = int(out[G_N])
    for s in range(4):
        out[s * PS + P_STRAT] = 0
        if s >= n:
            out[s * PS : (s + 1) * PS] = 0
    p = int(out[G_DECKP])
    left = out[G_DECK + p : G_DECK + int(out[G_DECKN])].copy()
    out[G_DECK : G_DECK + DECKMAX] = 0
    out[G_DECK : G_DECK + len(left)] = left
    out[G_DECKN], out[G_DECKP] = len(left), 0
    out[G_OFF + int(out[G_OFFN]) : G_OFF + 8] = 0
    out[G_CUR] = 0
    return out
