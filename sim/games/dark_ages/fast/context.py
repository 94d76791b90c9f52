"""The compiled engine's constant tables: one record of ``TABLES``, compiled from a validated rule set (a
``game.context.Context``: board, tracks, deck, game.yaml, rules.yaml, solo.yaml, with any ``rules:`` overrides) and
cached per ``Context.digest``. Twin of ``game/context.py``.

Kernels take the record as an argument and read every rules value from it at run time, so numba freezes no rules
value into machine code: an override, a ``--set`` or an edited YAML file reuses the cached machine code. A count
beyond its capacity (``fast.layout``) raises ``Unsupported``, naming it.
"""

from __future__ import annotations

import numpy as np

from sim.games.dark_ages.board import SOLO
from sim.games.dark_ages.costs import settle_cost
from sim.games.dark_ages.fast.layout import (
    ACTIONS,
    CARD_TYPES,
    CARDS,
    CHROBRY,
    CT_POLAND,
    CT_RAIDER,
    CT_TOB,
    DECK,
    DEGREE,
    EFFECT_KINDS,
    FACES,
    FX_NAMES,
    GAINS,
    LCARDS,
    LDECK,
    LEVELS,
    MAX_UNITS,
    MIESZKO,
    OFFER,
    PERS,
    PHASES,
    POPE_TITLE,
    PROVINCES,
    RAIDER_KINDS,
    REACTIONS,
    REGIONS,
    RELIC_KINDS,
    REWARDS,
    RULERS,
    TITLES,
    TOKENS,
    Index,
    Unsupported,
    benjamin_cards,
)  # fmt: skip
from sim.games.dark_ages.fast.modules import FIELDS as MODULE_FIELDS
from sim.games.dark_ages.fast.modules import fill as fill_modules
from sim.games.dark_ages.game.context import RESOURCES, UNIT_TYPES, Context
from sim.games.dark_ages.game.solo_setup import skirmisher_context, solo_context
from sim.layout import Layout

COST = 4  # resources in one cost
TRACK = 64  # Culture track spaces
RED = 16  # red spaces
WAREHOUSE, ALTERNATIVES = 12, 4  # Warehouse spaces, ways to pay for one
FARM_SPACES = 16
TROPHY = 8  # trophy tiers
PASS_VP = 12  # rows of the Lordlings' Passing VP table
PILES, PILE_CARDS = 8, 12  # solo: Raider card piles, Raider cards in one
ROLLS = 8  # rows of the Raider upgrade roll table
PRODUCTION = 6  # Production buildings of one type in a Province, + 1
CITY_SLOTS = 8  # building slots of a City, + 1
P = PROVINCES

TABLES = Layout("dark_ages_tables", [
    # board
    ("np", (), "Provinces"), ("nei", (P, DEGREE), "neighbours (sorted ids), -1 padded"), ("nein", (P,), "their count"),
    ("region", (P,), "Region index"), ("nreg", (), "Regions"), ("pres", (P,), "the depicted resource"),
    ("inplay", (5, P), "1 in play at n players (row 1: solo)"),
    ("nt", (), "Titles"), ("t_order", (TITLES,), "Title indices in titles.yaml order (claimable's order)"),
    ("t_vp", (TITLES,), "Title VP"), ("t_players", (TITLES,), "Title player-count mark"),
    ("t_prov", (TITLES, P), "1 for a Title's Provinces"),
    ("nrul", (), "Rulers"), ("r_cap", (RULERS,), "Capital"), ("settle_cost", (RULERS, P), "the Ruler's settle cost"),
    ("r_start", (RULERS, 2), "starting cards"),
    # cards
    ("nc", (), "cards (Culture and Raider)"), ("c_type", (CARDS,), "CARD_TYPES index (CT_RAIDER)"),
    ("c_l2", (CARDS,), "Military Technology: level 2 unit type (-1)"), ("c_l3", (CARDS,), "level 3 unit type (-1)"),
    ("c_relic", (CARDS,), "RELIC_KINDS index (-1)"), ("c_amt", (CARDS,), "Relic amount"),
    ("c_per", (CARDS,), "Cognomen: PERS index (-1)"), ("c_cvp", (CARDS,), "Cognomen VP per item"),
    ("c_cmax", (CARDS,), "Cognomen VP cap"),
    ("lv_vp", (CARDS, 3), "Technology level VP"), ("lv_imm", (CARDS, 3), "1: 'Immediate!'"),
    ("lv_kind", (CARDS, 3), "EFFECT_KINDS index (-1)"), ("lv_act", (CARDS, 3), "the effect's action (settle = 5)"),
    ("lv_gain", (CARDS, 3), "GAINS index"), ("lv_amt", (CARDS, 3), "amount"), ("lv_phase", (CARDS, 3), "PHASES index"),
    ("lv_per", (CARDS, 3), "end_vp: PERS index"), ("lv_evp", (CARDS, 3), "end_vp: VP per item"),
    ("vis_n", (CARDS, 4), "effects in force at level 0..3"), ("vis_lv", (CARDS, 4, 3), "their levels"),
    ("draw", (5, CARDS), "the draw pile at n players, deck order"), ("drawn", (5,), "its size"),
    ("rc_raid", (), "card index of the Raid card"), ("rc_reinforce", (), "the Reinforce card"),
    ("rc_surprise", (), "the Surprise card"),
    # costs, tracks
    ("cost_city", (COST,), "resources, -1 padded"), ("cost_pown", (COST,), "Production building, own resource"),
    ("cost_pnei", (COST,), "neighbour's resource"), ("cost_church", (COST,), "Church"), ("cost_farm", (COST,), "Farm"),
    ("cost_keep", (LEVELS, COST), "Keep level k"), ("max_keep", (), "highest Keep level with a cost"),
    ("prod_cost", (P, 4), "0 none, 1 own, 2 neighbour (production_building_cost)"),
    ("recruit", (3, LEVELS, COST), "unit type x level"),
    ("nwh", (), "Warehouse spaces"), ("wh_nalt", (WAREHOUSE,), "ways to pay"),
    ("wh_cost", (WAREHOUSE, ALTERNATIVES, COST), "the costs"), ("wh_sell", (WAREHOUSE,), "sell"),
    ("wh_hold", (WAREHOUSE,), "hold"), ("wh_vp", (WAREHOUSE,), "VP"),
    ("nfarmsp", (), "Farm track spaces"), ("farm_limit", (FARM_SPACES,), "Army limit"),
    ("farm_vp", (FARM_SPACES,), "VP"),
    ("cult_last", (), "the Culture track's last space"), ("cult_vp", (TRACK,), "Culture VP"),
    ("nred", (), "red spaces"), ("red", (RED,), "red spaces"), ("base_access", (), "offer cards at the start"),
    ("offer_slots", (), "offer slots"), ("action_ids", (5,), "ACTIONS index of each Action card"),
    ("react_at", (6,), "REACTIONS index of reaction space i"),
    # game.yaml
    ("setup_cities", (5,), "Cities at n players"), ("setup_nobles", (5,), "Noble discs"),
    ("setup_exh", (5,), "first players with an exhausted disc"), ("setup_gold", (), "Gold"),
    ("setup_res", (4,), "resources"), ("setup_inf", (), "Infantry in the Capital"), ("setup_churches", (), "Churches"),
    ("track_farms", (), "Farms on the Farm track"), ("supply", (3,), "units per type"),
    ("hand_limit", (), "hand limit"), ("max_techs", (), "Common Technologies"),
    ("tech_levels", (), "Technology levels (raise cap)"), ("city_slots", (), "City building slots"),
    ("stack_limit", (), "discs that trigger a reaction"), ("farms_per_province", (), "Farms per Province"),
    ("city_culture", (), "Culture for a City"), ("pass_gold", (), "Gold when Passing"),
    ("end_pass_gold", (), "Gold at the trigger with every disc"), ("red_gold", (), "Gold for a new red space"),
    ("trade", (4,), "Culture per resource sold"), ("yield_", (PRODUCTION,), "resources from k buildings"),
    ("upgrade_gold", (), "raising a Technology"), ("miltech_gold", (), "a Military Technology"),
    ("excess_gold", (), "Gold per excess unit"), ("ch_base", (), "Church VP"), ("ch_first", (), "first in Region"),
    ("ch_per", (), "per empty neighbouring Region"), ("end_church", (5,), "Churches ending the game"),
    ("end_l3", (), "level 3 Technologies ending the game"), ("city_vp", (CITY_SLOTS,), "City VP by buildings"),
    ("keep_vp", (), "Keep VP per level per neighbour"), ("gold_vp", (), "VP per Gold"),
    ("settle_min", (), "settle cost floor"), ("settle_weight", (LEVELS,), "settle weight by unit level"),
    ("react_res", (), "resources of a resource reaction"), ("exch_discard_gold", (), "Cultural Exchange: discard"),
    ("exch_buy_gold", (), "Cultural Exchange: buy"), ("iron_gold", (), "Sell Goods: Gold for an Iron"),
    # battles (rules.yaml)
    ("faces", (), "the die"),
    ("stat", (3, 3, LEVELS, 5), "faction x type x level: volley, charge, melee, armour, level"),
    ("ntok", (), "Barbarian tokens"), ("ntok_map", (), "of them dealt to the map at set-up (solo Module 7: the first)"),
    ("tok_units", (TOKENS, 3), "units per token"),
    ("tok_rkind", (TOKENS,), "REWARDS index"), ("tok_ramt", (TOKENS,), "reward amount"), ("tok_rvp", (TOKENS,), "VP"),
    ("ntroph", (), "trophy tiers"), ("ntroph_vp", (), "trophy VP tiers"),
    ("trophy_units", (TROPHY, 3), "Transients by trophies"),
    ("trophy_cum", (TROPHY, 3), "cumulative Transients (solo option)"), ("trophy_vp", (TROPHY,), "VP by trophies"),
    ("farm_transient", (), "unit type per Farm"), ("city_transient", (), "unit type for a City"),
    ("keep_bonus", (), "+1s per Keep level"), ("max_neigh_keeps", (), "cap on Keep +1s"),
    ("attacker_wins_ties", (), "1: ties go to the attacker"), ("barb_level", (), "Barbarian level"),
    ("reinforce_bonus", (), "Reinforce card: + on one die"), ("capital_theft", (), "Gold or resources stolen"),
    # solo (solo.yaml)
    ("l_deck0", (LDECK,), "the Lordling deck"), ("l_ndeck0", (), "its size"), ("l_homes", (), "Lordling Rulers"),
    ("l_nobles", (), "Lordling discs"), ("l_pass_culture", (), "Culture when Passing"),
    ("l_pass_vp", (PASS_VP, 2), "rows: below this many Provinces, VP"), ("l_npass_vp", (), "rows"),
    ("l_keep_vp", (), "Keep VP per level per neighbour"), ("l_cog_vp", (), "Cognomen VP"),
    ("l_gb_vp", (), "Grand Building VP"), ("l_tech_vp", (), "VP per Technology"),
    ("l_max", (), "Lordling top level"), ("l_end_upgrades", (), "upgrades ending the game"),
    ("l_farms_off", (), "Farms off their track at set-up"), ("keep_levels", (), "Keep levels"),
    ("raider_max", (), "Raider top level"), ("reveal_fx", (3,), "Raider card reveal effect (FX_*)"),
    ("discard_fx", (3,), "discard effect"), ("no_target_vp", (), "VP lost with no Target"),
    ("raid_win_gold", (), "Gold for beating the Raiders"), ("raid_new_tokens", (), "tokens after an attack"),
    ("c_margin", (), "counterattack margin (scripted plans)"), ("npiles", (), "Raider card piles"),
    ("pile_n", (2, PILES), "Raider cards per pile (standard, harder)"), ("pile_c", (2, PILES, PILE_CARDS), "them"),
    ("solo_draw", (CARDS,), "the solo Culture deck"), ("nsolo_draw", (), "its size"),
    ("solo_cities", (), "Cities"), ("solo_nobles", (), "the player's discs"),
    ("l_cand_n", (RULERS,), "Lordling Capitals to draw from, per human Ruler"), ("l_cand", (RULERS, RULERS), "them"),
    ("l_die", (), "the solo die"), ("r_cult_up", (), "Research: culture up to"), ("r_cult", (), "its Culture"),
    ("r_upg_up", (), "upgrade up to"), ("r_vp", (), "VP"), ("r_vp_tech", (), "VP per Technology"),
    ("recruit_up_from", (), "Recruit: upgrade from"), ("build_city_up", (), "Build: City up to"),
    ("build_keep_up", (), "Keep up to"), ("build_farm_up", (), "Farm up to"), ("rush_nobles", (), "Rush: discs"),
    ("sell_culture", (), "Sell goods Culture"), ("max_redraws", (), "redraws before Passing"),
    ("end_churches_solo", (), "Churches ending a solo game"), ("raider_start", (), "Raider start level"),
    ("upgrade_roll", (ROLLS, 2), "rows: up to this roll, unit type"), ("n_upgrade_roll", (), "rows"),
    ("attack_nb_from", (), "Raiders attack a neighbour from"), ("counter_gold", (), "Gold per Raider killed"),
    ("diff_tech_vp", (), "easier: VP per Technology"), ("diff_title_vp", (), "harder: VP per Title at a Pass"),
    ("diff_pass_culture", (), "harder: Culture at a Pass"), ("diff_red_vp", (), "harder: VP per red space"),
    ("diff_cog_vp", (), "harder: Cognomen VP"),
    *MODULE_FIELDS,  # the optional modules (modules.yaml)
])  # fmt: skip


class _Filler:
    """Writes named values into one TABLES record, checking each against its field's capacity."""

    def __init__(self):
        self.out = TABLES.new()
        self.rec = self.out[0]
        self.shape = {f.name: f.shape for f in TABLES.fields}

    def __setitem__(self, name: str, value) -> None:
        value = np.asarray(value, np.int64)
        cap = self.shape[name]
        if value.ndim != len(cap) or any(v > c for v, c in zip(value.shape, cap, strict=True)):
            raise Unsupported(f"{name}: shape {value.shape} exceeds the compiled engine's capacity {cap}")
        if not cap:
            self.rec[name] = value
        else:
            self.rec[name][tuple(slice(0, v) for v in value.shape)] = value


def _cost(cost) -> np.ndarray:
    if len(cost) > COST:
        raise Unsupported(f"a cost of {len(cost)} resources (at most {COST})")
    out = np.full(COST, -1, np.int64)
    out[: len(cost)] = [RESOURCES.index(r) for r in cost]
    return out


def _need(count: int, cap: int, what: str) -> int:
    if count > cap:
        raise Unsupported(f"{count} {what} (the compiled engine holds at most {cap})")
    return count


def compile_tables(ctx: Context, map_tokens: int | None = None) -> np.ndarray:
    """The TABLES record (an array of one) of ``ctx``; raises ``Unsupported`` when a count exceeds a capacity.
    ``map_tokens``: solo Module 7, the first tokens of ``ctx.tokens`` (the Skirmishers) go to the map."""
    t = _Filler()
    ix = Index.of(ctx)
    b, tr, rules = ctx.board, ctx.tracks, ctx.rules
    pix = {q: i for i, q in enumerate(ix.pids)}
    n = _need(len(ix.pids), PROVINCES, "Provinces")
    t["np"] = n
    nb = [ctx.neighbours[q] for q in ix.pids]
    deg = _need(max(len(x) for x in nb), DEGREE, "neighbours of a Province")
    nei = np.full((n, deg), -1, np.int64)
    for i, x in enumerate(nb):
        nei[i, : len(x)] = sorted(pix[q] for q in x)
    t["nei"], t["nein"] = nei, [len(x) for x in nb]
    t.rec["nei"][n:] = -1
    regions = tuple(b.regions)
    t["nreg"] = _need(len(regions), REGIONS, "Regions")
    t["region"] = [regions.index(b.region(q)) for q in ix.pids]
    t["pres"] = [RESOURCES.index(b.province(q).resource) for q in ix.pids]
    inplay = np.zeros((5, n), np.int64)
    for players in (SOLO, 2, 3, 4):
        for q in b.in_play(players):
            inplay[players, pix[q]] = 1
    t["inplay"] = inplay
    t["nt"] = _need(len(ix.tids), TITLES, "Titles")
    t["t_order"] = [ix.tids.index(x) for x in b.titles]
    t["t_vp"] = [b.titles[x].vp for x in ix.tids]
    t["t_players"] = [b.titles[x].players for x in ix.tids]
    tp = np.zeros((len(ix.tids), n), np.int64)
    for i, x in enumerate(ix.tids):
        for q in b.titles[x].provinces:
            tp[i, pix[q]] = 1
    t["t_prov"] = tp
    t["nrul"] = _need(len(ix.rids), RULERS, "Rulers")
    t["r_cap"] = [pix[b.rulers[r].capital] for r in ix.rids]
    t["settle_cost"] = [[settle_cost(b, b.rulers[r], q) for q in ix.pids] for r in ix.rids]
    _cards(t, ctx, ix)
    # costs, tracks
    costs = rules["costs"]
    t["cost_city"], t["cost_pown"], t["cost_pnei"] = (_cost(costs[k]) for k in ("city", "production_own",
                                                                                 "production_neighbour"))  # fmt: skip
    t["cost_church"], t["cost_farm"] = _cost(costs["church"]), _cost(costs["farm"])
    top = _need(max(costs["keep"]), LEVELS - 2, "Keep levels")
    t["cost_keep"] = [_cost(costs["keep"].get(k, [])) for k in range(top + 2)]
    t["max_keep"] = top
    prod = np.zeros((n, 4), np.int64)
    for q in ix.pids:
        for r, name in enumerate(RESOURCES):
            if b.province(q).resource == name:
                prod[pix[q], r] = 1
            elif any(b.province(x).resource == name for x in b.neighbours(q)):
                prod[pix[q], r] = 2
    t["prod_cost"] = prod
    rec = np.full((3, LEVELS, COST), -1, np.int64)
    for k, u in enumerate(UNIT_TYPES):
        for lev, c in ctx.data.recruit_cost[u].items():
            rec[k, _need(int(lev), LEVELS - 1, "unit levels")] = _cost(c)
    t["recruit"] = rec
    wh = tr.warehouse
    t["nwh"] = _need(len(wh), WAREHOUSE, "Warehouse spaces")
    t["wh_nalt"] = [_need(len(s.cost), ALTERNATIVES, "ways to pay for a Warehouse") for s in wh]
    t["wh_cost"] = [[_cost(alt) for alt in s.cost] + [_cost([])] * (ALTERNATIVES - len(s.cost)) for s in wh]
    t["wh_sell"], t["wh_hold"], t["wh_vp"] = ([getattr(s, k) for s in wh] for k in ("sell", "hold", "vp"))
    t["nfarmsp"] = _need(len(tr.farm), FARM_SPACES, "Farm track spaces")
    t["farm_limit"], t["farm_vp"] = [s.army_limit for s in tr.farm], [s.vp for s in tr.farm]
    t["cult_vp"] = tr.culture_vp[: _need(len(tr.culture_vp), TRACK, "Culture track spaces")]
    t["cult_last"] = tr.culture_last
    t["nred"] = _need(len(tr.red_spaces), RED, "red spaces")
    t["red"] = tr.red_spaces
    t["base_access"], t["offer_slots"] = tr.base_access, _need(tr.offer_slots, OFFER, "offer slots")
    t["action_ids"] = [ACTIONS.index(a) for a in tr.actions]
    t["react_at"] = [REACTIONS.index(r) for r in tr.reactions]
    _game_yaml(t, ctx)
    _battle(t, ctx)
    t["ntok_map"] = len(ctx.tokens) if map_tokens is None else map_tokens
    _solo(t, ctx, ix, pix)
    fill_modules(t, ctx, ix, POPE_TITLE)
    return t.out


def _cards(t: _Filler, ctx: Context, ix: Index) -> None:
    deck = ctx.deck
    nc = _need(len(ix.cids), CARDS, "cards")
    t["nc"] = nc
    cix = {c: i for i, c in enumerate(ix.cids)}
    tob = set(benjamin_cards(ctx))  # Module 13A's cards: in the Index whether the module is on or not
    poland = {MIESZKO, CHROBRY}  # Module 15A's: the same
    is_card = [c in deck.cards and deck.cards[c].type != "raider" and c not in tob | poland for c in ix.cids]
    t["c_type"] = [CARD_TYPES.index(deck.cards[c].type) if ok else CT_TOB if c in tob else CT_POLAND if c in poland
                   else CT_RAIDER for c, ok in zip(ix.cids, is_card, strict=True)]  # fmt: skip
    cols = {k: np.full(nc, -1 if k in ("c_l2", "c_l3", "c_relic", "c_per") else 0, np.int64)
            for k in ("c_l2", "c_l3", "c_relic", "c_amt", "c_per", "c_cvp", "c_cmax")}  # fmt: skip
    lv = {
        k: np.full((nc, 3), -1 if k in ("lv_kind", "lv_act", "lv_gain", "lv_phase", "lv_per") else 0, np.int64)
        for k in ("lv_vp", "lv_imm", "lv_kind", "lv_act", "lv_gain", "lv_amt", "lv_phase", "lv_per", "lv_evp")
    }
    vis_n, vis_lv = np.zeros((nc, 4), np.int64), np.zeros((nc, 4, 3), np.int64)
    acts = (*ACTIONS, "settle")
    for i, c in enumerate(ix.cids):
        if not is_card[i]:
            continue
        card = deck.cards[c]
        if card.type == "military_technology":
            cols["c_l2"][i] = UNIT_TYPES.index(card.level2) if card.level2 else -1
            cols["c_l3"][i] = UNIT_TYPES.index(card.level3) if card.level3 else -1
        elif card.type == "relic":
            cols["c_relic"][i] = RELIC_KINDS.index(card.data["effect"]["kind"])
            cols["c_amt"][i] = card.data["effect"]["amount"]
        elif card.type == "cognomen":
            cols["c_per"][i] = PERS.index(card.data["per"])
            cols["c_cvp"][i], cols["c_cmax"][i] = card.data["vp"], card.data["max"]
        elif card.type == "common_technology":
            for k, level in enumerate(card.levels):
                e = level.effect
                lv["lv_vp"][i, k], lv["lv_imm"][i, k] = level.vp, int(level.immediate)
                lv["lv_kind"][i, k] = EFFECT_KINDS.index(e["kind"])
                if "action" in e:
                    lv["lv_act"][i, k] = acts.index(e["action"])
                if "gain" in e:
                    lv["lv_gain"][i, k] = GAINS.index(e["gain"])
                lv["lv_amt"][i, k] = e.get("amount", 0)
                if "phase" in e:
                    lv["lv_phase"][i, k] = PHASES.index(e["phase"])
                if "per" in e:
                    lv["lv_per"][i, k] = PERS.index(e["per"])
                lv["lv_evp"][i, k] = e.get("vp", 0)
            for level in range(4):
                shown: list[int] = []
                for k in range(level):
                    if card.levels[k].replaces:
                        shown = []
                    if not card.levels[k].immediate:
                        shown.append(k)
                vis_n[i, level] = len(shown)
                vis_lv[i, level, : len(shown)] = shown
    for k, v in {**cols, **lv}.items():
        t[k] = v
    t["vis_n"], t["vis_lv"] = vis_n, vis_lv
    draw, drawn = np.full((5, nc), -1, np.int64), np.zeros(5, np.int64)
    for players in (2, 3, 4):
        pile = [cix[c] for c in deck.draw_pile(players)]  # deck dict order: the order the reference shuffles
        draw[players, : len(pile)] = pile
        drawn[players] = len(pile)
    t["draw"], t["drawn"] = draw, drawn
    t["rc_raid"], t["rc_reinforce"], t["rc_surprise"] = (cix[f"raider_{k}"] for k in RAIDER_KINDS)
    b = ctx.board
    t["r_start"] = [[cix[c] for c in b.rulers[r].starting_cards] for r in ix.rids]


def _game_yaml(t: _Filler, ctx: Context) -> None:
    r = ctx.rules
    setup, lim, gains, costs = r["setup"], r["limits"], r["gains"], r["costs"]
    t["setup_cities"] = [setup["cities"].get(n, 0) for n in range(5)]
    t["setup_nobles"] = [setup["nobles"].get(n, 0) for n in range(5)]
    t["setup_exh"] = [setup["exhausted_first_players"].get(n, 0) for n in range(5)]
    t["setup_gold"], t["setup_inf"], t["setup_churches"] = setup["gold"], setup["infantry_in_capital"], setup[
        "churches"]  # fmt: skip
    _need(setup["churches"], 16, "Churches")
    t["setup_res"] = [setup["resources"][x] for x in RESOURCES]
    t["track_farms"] = setup["farms"] - 1
    t["supply"] = [setup["supply"][k] for k in UNIT_TYPES]
    transients = lim["farms_per_province"] + 1  # a defender's Farm Infantry and City Archer
    _need(sum(setup["supply"].values()) + transients, MAX_UNITS, "units on one side of a battle")
    t["hand_limit"] = _need(lim["hand"], 20, "cards in hand")
    t["max_techs"] = _need(lim["common_technologies"], 4, "Common Technologies")
    t["tech_levels"], t["stack_limit"] = lim["technology_levels"], _need(lim["reaction_stack"], 7, "discs in a stack")
    t["city_slots"] = _need(lim["city_slots"], CITY_SLOTS - 1, "City slots")
    t["farms_per_province"] = lim["farms_per_province"]
    t["city_culture"], t["pass_gold"] = gains["city_culture"], gains["pass_gold"]
    t["end_pass_gold"], t["red_gold"] = gains["end_pass_all_nobles_gold"], gains["culture_red_space_gold"]
    t["trade"] = [gains["trade_value"][x] for x in RESOURCES]
    per = list(gains["production"])
    t["yield_"] = np.cumsum([0, *per[: _need(len(per), PRODUCTION - 1, "Production buildings of a type")]])
    t["upgrade_gold"], t["miltech_gold"] = costs["research_upgrade_gold"], costs["military_technology_gold"]
    t["excess_gold"] = costs["army_excess_gold"]
    ch = r["church_vp"]
    t["ch_base"], t["ch_first"], t["ch_per"] = ch["base"], ch["first_in_region"], ch["per_empty_neighbour_region"]
    t["end_church"] = [r["end_triggers"]["church"].get(n, 99) for n in range(5)]
    t["end_l3"] = r["end_triggers"]["level3_technologies"]
    fs = r["final_scoring"]
    t["city_vp"] = [fs["city_vp"].get(k, 0) for k in range(lim["city_slots"] + 1)]
    t["keep_vp"], t["gold_vp"] = fs["keep_vp_per_level_per_neighbour"], fs["gold_vp"]
    t["settle_min"] = r["settling"]["min_cost"]
    weights = gains["unit_level_settle_weight"]
    t["settle_weight"] = [weights.get(k, 0) for k in range(LEVELS)]
    react = r["reactions"]
    t["react_res"], t["exch_discard_gold"] = react["resource_amount"], react["exchange_discard_gold"]
    t["exch_buy_gold"], t["iron_gold"] = react["exchange_buy_gold"], react["iron_gold"]


def _battle(t: _Filler, ctx: Context) -> None:
    br = ctx.battle
    t["faces"] = _need(br.faces, FACES, "die faces")
    stat = np.zeros((3, 3, LEVELS, 5), np.int64)
    for f, faction in enumerate(("player", "raider", "lordling")):
        for k, u in enumerate(UNIT_TYPES):
            for lev, st in br.stats[faction][u].items():
                stat[f, k, _need(lev, LEVELS - 1, "unit levels")] = [*st.thresholds, st.armour, st.level]
    t["stat"] = stat
    tokens = ctx.tokens
    t["ntok"] = _need(len(tokens), TOKENS, "Barbarian tokens")
    t["tok_units"] = [[x.units.get(k, 0) for k in UNIT_TYPES] for x in tokens]
    t["tok_rkind"] = [REWARDS.index(x.reward_kind) for x in tokens]
    t["tok_ramt"], t["tok_rvp"] = [x.reward_amount for x in tokens], [x.reward_vp for x in tokens]
    rows = br.trophy_units
    t["ntroph"] = _need(len(rows), TROPHY, "trophy tiers")
    t["ntroph_vp"] = _need(len(br.trophy_vp), TROPHY, "trophy VP tiers")
    t["trophy_units"] = [[row.count(k) for k in UNIT_TYPES] for row in rows]
    t["trophy_cum"] = [[sum(r.count(k) for r in rows[1 : i + 1]) for k in UNIT_TYPES] for i in range(len(rows))]
    t["trophy_vp"] = br.trophy_vp
    t["farm_transient"], t["city_transient"] = UNIT_TYPES.index(br.farm_transient), UNIT_TYPES.index(br.city_transient)
    t["keep_bonus"], t["max_neigh_keeps"] = br.keep_bonus, br.max_neighbour_keeps
    t["attacker_wins_ties"], t["barb_level"] = int(br.attacker_wins_ties), br.barbarian_level
    t["reinforce_bonus"], t["capital_theft"] = br.reinforce_bonus, br.capital_theft
    t["raider_max"] = br.max_level("raider")


def _solo(t: _Filler, ctx: Context, ix: Index, pix: dict) -> None:
    s = ctx.solo
    lord, raid, diff = s["lordlings"], s["raiders"], s["difficulty"]
    t["l_deck0"] = [LCARDS.index(c) for c in lord["deck"][: _need(len(lord["deck"]), LDECK, "Lordling cards")]]
    t["l_ndeck0"] = len(lord["deck"])
    t["l_homes"], t["l_nobles"], t["l_pass_culture"] = lord["rulers"], lord["nobles"], lord["pass_culture"]
    t["l_pass_vp"] = lord["pass_vp"][: _need(len(lord["pass_vp"]), PASS_VP, "Passing VP rows")]
    t["l_npass_vp"] = len(lord["pass_vp"])
    t["l_cog_vp"], t["l_gb_vp"], t["l_tech_vp"] = lord["cognomen_vp"], lord["grand_building_vp"], lord["tech_end_vp"]
    t["l_keep_vp"] = lord["keep_vp_per_level_per_neighbour"]
    t["l_max"], t["l_end_upgrades"], t["l_farms_off"] = lord["max_level"], lord["end_upgrades"], lord[
        "farms_off_at_setup"]  # fmt: skip
    _need(lord["max_level"], LEVELS - 1, "Lordling levels")
    t["keep_levels"] = ctx.rules["limits"]["keep_levels"]
    t["reveal_fx"] = [FX_NAMES[raid["reveal"][k]] if k in raid["reveal"] else 0 for k in RAIDER_KINDS]
    t["discard_fx"] = [FX_NAMES[raid["discard"][k]] if k in raid["discard"] else 0 for k in RAIDER_KINDS]
    t["no_target_vp"], t["raid_win_gold"] = raid["no_target_vp_loss"], raid["win_gold"]
    t["raid_new_tokens"], t["c_margin"] = raid["new_tokens_after_attack"], raid["counterattack_margin"]
    cix = {c: i for i, c in enumerate(ix.cids)}
    piles = (raid["piles"], raid["piles_harder"])
    if len(piles[0]) != len(piles[1]):
        raise Unsupported("raiders.piles and raiders.piles_harder of different lengths")
    t["npiles"] = _need(len(piles[0]), PILES, "Raider card piles")
    pile_n, pile_c = np.zeros((2, len(piles[0])), np.int64), np.full((2, len(piles[0]), PILE_CARDS), -1, np.int64)
    for h, rows in enumerate(piles):
        for i, adds in enumerate(rows):
            cards = [cix[f"raider_{k}"] for k, m in adds.items() for _ in range(m)]
            pile_n[h, i] = _need(len(cards), PILE_CARDS, "Raider cards in a pile")
            pile_c[h, i, : len(cards)] = cards
    t["pile_n"], t["pile_c"] = pile_n, pile_c
    base = solo_context(ctx)
    draw = [cix[c] for c in base.deck.draw_pile(2) if base.deck.cards[c].type != "raider"]
    _need(len(draw) + int(pile_n.sum(axis=1).max()), DECK, "cards in the solo deck with its Raider cards")
    t["solo_draw"], t["nsolo_draw"] = draw, len(draw)
    setup = ctx.rules["setup"]
    t["solo_cities"], t["solo_nobles"] = setup["cities"][2], setup["nobles"][2]
    b = ctx.board
    solo_in = set(b.in_play(SOLO))
    cand = np.full((len(ix.rids), len(ix.rids)), -1, np.int64)
    cand_n = np.zeros(len(ix.rids), np.int64)
    for i, r in enumerate(ix.rids):  # the Lordling Rulers' draw: sorted other base Rulers with a Capital in play
        others = sorted(x for x, ru in b.rulers.items() if x != r and ru.module == "base" and ru.capital in solo_in)
        cand_n[i] = len(others)
        cand[i, : len(others)] = [pix[b.rulers[x].capital] for x in others]
    t["l_cand_n"], t["l_cand"] = cand_n, cand
    t["l_die"] = lord["die"]
    rs = lord["research"]
    t["r_cult_up"], t["r_cult"], t["r_upg_up"] = rs["culture_up_to"], rs["culture"], rs["upgrade_up_to"]
    t["r_vp"], t["r_vp_tech"] = rs["vp"], rs["vp_per_technology"]
    t["recruit_up_from"] = lord["recruit_upgrade_from"]
    bd = lord["build"]
    t["build_city_up"], t["build_keep_up"], t["build_farm_up"] = bd["city_up_to"], bd["keep_up_to"], bd["farm_up_to"]
    t["rush_nobles"], t["sell_culture"], t["max_redraws"] = lord["rush_nobles"], lord["sell_goods_culture"], lord[
        "max_redraws"]  # fmt: skip
    t["end_churches_solo"], t["raider_start"] = lord["end_churches"], raid["start_level"]
    roll = raid["upgrade_roll"]
    t["upgrade_roll"] = [[up, UNIT_TYPES.index(k)] for up, k in roll[: _need(len(roll), ROLLS, "upgrade roll rows")]]
    t["n_upgrade_roll"] = len(roll)
    t["attack_nb_from"], t["counter_gold"] = raid["attack_neighbour_from"], raid["counterattack_gold_per_kill"]
    t["diff_tech_vp"], t["diff_title_vp"] = diff["tech_end_vp_easier"], diff["title_pass_vp"]
    t["diff_pass_culture"], t["diff_red_vp"] = diff["pass_culture_harder"], diff["red_space_vp"]
    t["diff_cog_vp"] = diff["cognomen_vp_harder"]


_TABLES: dict[str, np.ndarray] = {}  # the last few rule sets' tables, by Context.digest


def tables_for(ctx: Context, map_tokens: int | None = None) -> np.ndarray:
    """The TABLES record of ``ctx`` (and ``map_tokens``), compiled once per rule set (``Context.digest``) and
    process."""
    key = f"{ctx.digest}/{map_tokens}"
    out = _TABLES.get(key)
    if out is None:
        if len(_TABLES) >= 8:
            _TABLES.pop(next(iter(_TABLES)))
        out = _TABLES[key] = compile_tables(ctx, map_tokens)
    return out


def solo_tables(ctx: Context, skirmishers: bool) -> np.ndarray:
    """Twin: ``game.solo_setup.skirmisher_context``: a solo game's tables; with Module 7 the token table holds the
    Skirmishers (dealt to the map) and then the regular tokens (drawn by the Raiding Party)."""
    if not skirmishers:
        return tables_for(ctx)
    on_map = sum(t.count for t in ctx.battle.skirmisher_tokens)
    return tables_for(skirmisher_context(solo_context(ctx)), on_map)
