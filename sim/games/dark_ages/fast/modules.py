"""The optional modules on the compiled engine: which ones it plays (``layout.MODULES``, bits of the ``mods``
field), their rules values as fields of ``context.TABLES`` (read from modules.yaml: no rules value in code) and
their set-up. Twin of ``game/modules/__init__.py``; each module is the twin of its reference module
(``alchemists``, ``alliances``, ``tribute``, ``pope``, ``benjamin``, ``ages_of_war``, ``grand_buildings``,
``commanders``, ``wyrd``, ``distant_campaigns``, ``crusades``, ``rise_of_poland``), and the core calls them at
the reference's hook points.
"""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
from numba import njit

from sim.games.dark_ages.board import SOLO
from sim.games.dark_ages.fast.ages_of_war import install as install_aow
from sim.games.dark_ages.fast.alliances import install as install_alliances
from sim.games.dark_ages.fast.benjamin import shuffle_in as tob_shuffle_in
from sim.games.dark_ages.fast.commanders import install as install_commanders
from sim.games.dark_ages.fast.distant_campaigns import install as install_dc
from sim.games.dark_ages.fast.grand_buildings import shuffle_in
from sim.games.dark_ages.fast.layout import (
    ALLY_HAND,
    CARDS,
    CHROBRY,
    CMD_CARDS,
    CRUSADES,
    DC_CARDS,
    DC_HAND,
    GAINS,
    GB_KINDS,
    LEVELS,
    MIESZKO,
    MOD_ALLY,
    MOD_AOW,
    MOD_CMD,
    MOD_DC,
    MOD_GB,
    MOD_ROP,
    MOD_TOB,
    MOD_TRIB,
    MOD_WYRD,
    MODULES,
    PHASES,
    POLAND_CATEGORIES,
    ROP_EVENTS,
    ROP_STEPS,
    RULERS,
    SEATS,
    TITLES,
    WYRD_CARDS,
    WYRD_PENALTIES,
    Unsupported,
)  # fmt: skip
from sim.games.dark_ages.fast.rise_of_poland import install as install_rop
from sim.games.dark_ages.fast.stream import J
from sim.games.dark_ages.fast.wyrd import install as install_wyrd
from sim.games.dark_ages.game.context import RESOURCES
from sim.games.dark_ages.game.context import UNIT_TYPES as RULE_UNIT_TYPES
from sim.games.dark_ages.game.modules.benjamin import card_ids
from sim.games.dark_ages.game.modules.distant_campaigns import campaign_targets

POPE_ROWS = 8  # rows of the Pope's cost table (capacity)
ALLY_CARDS = 16  # Alliance cards (capacity)
GB_COMMON = 8  # common Grand Building cards (capacity)
AOW_CARDS = 8 + SEATS + TITLES  # Combat cards: common, one per seat's Ruler, one per Title (capacity)
GB_COST = 4  # resources in a Grand Building's cost (capacity)
TOB_CARDS = 16  # Travels of Benjamin cards (capacity)
GOLD_AT = 32  # Module 14A: Churches built (capacity of the Gold-token table)

FIELDS = [
    ("alch_per", (), "Module 4: resources on the Alchemist card per Gold"),
    ("ally_n", (), "Module 5: Alliance cards"), ("ally_dealt", (), "dealt to each player"),
    ("ally_break", (), "VP the attacker loses breaking an Alliance"),
    ("ally_recv", (ALLY_CARDS, 2), "'When Received' benefit (GAINS index, amount), sorted card ids"),
    ("ally_pass", (ALLY_CARDS, 2), "'Pass' benefit"),
    ("trib_n", (), "Module 11: player markers on a Ruler card"), ("trib_pay", (), "Gold to pay off a tribute"),
    ("trib_pay_at", (), "the tributary pays once it holds this much Gold (policy)"),
    ("trib_per_pass", (), "resources a tributary gives at each Pass"),
    ("pope_nrow", (), "Module 12A: cost rows"), ("pope_cost", (POPE_ROWS, 2), "rows: from N Churches, cost"),
    ("pope_vp", (), "VP for the holder at the end"), ("pope_claim", (), "1: claim whenever affordable (policy)"),
    ("pope_rank", (), "Kingdom Titles whose id sorts before the Pope's (a Title repeat exhausts the lowest id)"),
    ("gb_ncom", (5,), "Module 3: common cards shuffled in at n players"), ("gb_com", (5, GB_COMMON), "them"),
    ("gb_kind", (CARDS,), "a Grand Building card's effect (GB_KINDS index; -1: not a Grand Building)"),
    ("gb_amt", (CARDS,), "its amount (end_vp: its VP)"), ("gb_cost", (CARDS, GB_COST), "its cost, -1 padded"),
    ("l_cand_gb_n", (RULERS,), "solo with Module 3: Lordling Capitals to draw from (its Rulers too)"),
    ("l_cand_gb", (RULERS, RULERS), "them"),
    ("tob_ncards", (5,), "Module 13A: cards marked up to n players"), ("tob_cards", (5, TOB_CARDS), "them, by id"),
    ("tob_half", (5,), "cards into each half of the deck at n players"),
    ("tob_harder", (), "solo: 1 for the harder split"), ("tob_harder_half", (), "its cards per half"),
    ("tob_r1_vp", (), "reward 1: VP"), ("tob_r2_gold", (), "reward 2: Gold"),
    ("tob_r3_vp", (), "reward 3: VP when no Farm can be placed"), ("tob_r5_vp", (), "reward 5: VP"),
    ("aow_ncom", (), "Module 9: common Combat cards"), ("aow_dealt", (), "common cards dealt to each player"),
    ("aow_eff", (AOW_CARDS, 7), "each card's benefits (combat.card_effects; codes: fast.ages_of_war)"),
    ("aow_rec", (AOW_CARDS, 2), "its Reclaim bonus (GAINS index, amount)"), ("aow_tokens", (), "War tokens"),
    ("aow_vp", (), "VP for a win with a card"), ("aow_maxn", (), "the majority table's largest player count"),
    ("aow_nmaj", (5,), "its values at n players"), ("aow_major", (5, 4), "them"),
    ("cmd_n", (), "Module 6: Commander cards"), ("cmd_eff", (CMD_CARDS, 7), "their effects (combat.card_effects)"),
    ("cmd_drawn_extra", (), "drawn beyond the player count"), ("cmd_solo_drawn", (), "drawn in solo"),
    ("cmd_hire_gold", (), "Gold to hire"), ("cmd_fourth", (), "solo: 1 for the 4th Lordling Ruler"),
    ("cmd_caps_n", (), "solo: base Rulers' Capitals in play (sorted)"), ("cmd_caps", (RULERS,), "them"),
    ("wyrd_n", (), "Module 8: Wyrd cards"), ("wyrd_markers", (), "player markers per player"),
    ("wyrd_pen", (WYRD_CARDS, 4), "each card's top and bottom penalty: WYRD_PENALTIES index, amount"),
    ("wyrd_weight", (len(WYRD_PENALTIES),), "the cost of one penalty item (policy)"),
    ("wyrd_vp", (), "VP for most Wyrd cards"),
    ("dc_ncards", (5,), "Module 10: Campaign cards at n players"), ("dc_cards", (5, DC_CARDS), "them (card indices)"),
    ("dc_target", (DC_CARDS,), "each card's Province"), ("dc_dealt", (), "dealt to each player"),
    ("dc_kept", (), "kept"), ("dc_rmin", (RULERS,), "each Ruler's lowest printed settling cost"),
    ("cru_n", (), "Module 14A: Crusades"), ("cru_def", (CRUSADES,), "their Defence Values"),
    ("cru_nvp", (CRUSADES,), "Victory VP values"), ("cru_vp", (CRUSADES, SEATS), "them, by rank"),
    ("cru_pen", (CRUSADES,), "Defeat Penalties"),
    ("cru_gold_at", (GOLD_AT,), "1: the Church taken off the track as the n-th has a Gold token under it"),
    ("rop_mieszko", (), "Module 15A: Mieszko I's card index"), ("rop_chrobry", (), "the Chrobry card's"),
    ("rop_mieszko_top", (), "Mieszko I into the top n cards"), ("rop_chrobry_top", (), "the Chrobry card: the same"),
    ("rop_mieszko_vp", (), "Mieszko I's VP"), ("rop_end_vp", (), "VP per flipped Poland card"),
    ("rop_veleti_min", (), "units on the board before one is given up (policy)"),
    ("rop_cat_action", (3,), "the Action linked to each category (POLAND_CATEGORIES order)"),
    ("rop_aid_order", (3,), "the categories in modules.yaml order (aid order)"),
    ("rop_step", (3, ROP_STEPS, 4), "each step: kind (units, resources, cards), amount, VP, 1: flips the card"),
    ("rop_levy", (3, 2), "the Levy: -1 (remove the card), 0 Gold, 1 VP; amount"),
    ("rop_ben_action", (3,), "a flipped card's benefit: its Action"), ("rop_ben_gain", (3, 2), "its gain (GAINS)"),
    ("rop_nev", (), "Chrobry events"), ("rop_ev", (ROP_EVENTS, 3), "each: per (steps, flipped, no aid), vp/gold, n"),
    ("rop_ucost", (3, LEVELS), "resources in a unit's recruit cost by type and level"),
]  # fmt: skip


def fill(t, ctx, ix, title: str) -> None:
    """The modules' fields of the TABLES filler ``t`` from ``ctx.modules`` (modules.yaml) and the module cards of
    culture.yaml; ``ix`` the tables' ``layout.Index``."""
    m = ctx.modules
    tids = ix.tids
    t["alch_per"] = m["alchemists"]["resources_per_gold"]
    al = m["alliances"]
    ids = sorted(al["cards"])
    if len(ids) > ALLY_CARDS or al["dealt"] > ALLY_HAND:
        raise Unsupported(f"{len(ids)} Alliance cards, {al['dealt']} dealt (the compiled engine holds at most "
                          f"{ALLY_CARDS}, {ALLY_HAND} in a hand)")  # fmt: skip
    t["ally_n"], t["ally_dealt"], t["ally_break"] = len(ids), al["dealt"], al["break_vp"]
    for key, side in (("ally_recv", "received"), ("ally_pass", "on_pass")):
        t[key] = [[GAINS.index(al["cards"][c][side][0]), al["cards"][c][side][1]] for c in ids]
    tr = m["tribute"]
    t["trib_n"], t["trib_pay"], t["trib_per_pass"] = tr["markers"], tr["payoff_gold"], tr["resources_per_pass"]
    t["trib_pay_at"] = max(tr["payoff_gold"], tr["payoff_when_gold_at_least"])
    pope = m["pope"]
    rows = pope["cost_by_churches"]
    if len(rows) > POPE_ROWS:
        raise Unsupported(f"{len(rows)} rows of the Pope's cost table (the compiled engine holds at most {POPE_ROWS})")
    t["pope_nrow"], t["pope_cost"] = len(rows), rows
    t["pope_vp"], t["pope_claim"] = pope["end_vp"], int(pope["claim_if_affordable"])
    t["pope_rank"] = sum(1 for x in tids if x < title)
    _grand_buildings(t, ctx, ix)
    _benjamin(t, ctx, ix)
    _commanders(t, ctx, ix)
    _ages_of_war(t, ctx, ix)
    _wyrd(t, ctx)
    _campaigns(t, ctx, ix)
    _crusades(t, ctx)
    _poland(t, ctx, ix)


def _poland(t, ctx, ix) -> None:
    """Module 15A: the two Culture cards, the categories' Actions, steps, Levies and benefits, the Chrobry events,
    the unit costs the Veleti score."""
    rp = ctx.modules["rise_of_poland"]
    acts = ("build", "development_of_culture", "research", "recruit", "manoeuvre")  # layout.ACTIONS
    steps, events = rp["steps"], rp["events"]
    if len(events) > ROP_EVENTS or any(len(steps[c]) > ROP_STEPS for c in POLAND_CATEGORIES):
        raise Unsupported(f"{len(events)} Chrobry events (the compiled engine holds at most {ROP_EVENTS}, and "
                          f"{ROP_STEPS} steps a card)")  # fmt: skip
    t["rop_mieszko"], t["rop_chrobry"] = ix.c(MIESZKO), ix.c(CHROBRY)
    t["rop_mieszko_top"], t["rop_chrobry_top"] = rp["mieszko_into_top"], rp["chrobry_into_top"]
    t["rop_mieszko_vp"], t["rop_end_vp"], t["rop_veleti_min"] = rp["mieszko"]["vp"], rp["end_vp_per_flipped"], rp[
        "veleti_min_units"]  # fmt: skip
    t["rop_cat_action"] = [acts.index(rp["categories"][c]) for c in POLAND_CATEGORIES]
    t["rop_aid_order"] = [POLAND_CATEGORIES.index(c) for c in rp["categories"]]
    step = np.zeros((3, ROP_STEPS, 4), np.int64)
    for i, c in enumerate(POLAND_CATEGORIES):
        for j, x in enumerate(steps[c]):
            kind = 0 if "remove_units" in x else 1 if "resources" in x else 2
            amount = x.get("remove_units", x.get("resources", x.get("discard_cards")))
            step[i, j] = [kind, amount, x.get("vp", 0), int(bool(x.get("flip")))]
    t["rop_step"] = step
    levy = [rp["levy"][c] for c in POLAND_CATEGORIES]
    t["rop_levy"] = [[-1, 0] if x is None else [("gold", "vp").index(x[0]), x[1]] for x in levy]
    ben = [rp["benefits"][c] for c in POLAND_CATEGORIES]
    t["rop_ben_action"] = [acts.index(b["action"]) for b in ben]
    t["rop_ben_gain"] = [[GAINS.index(b["gain"][0]), b["gain"][1]] for b in ben]
    t["rop_nev"] = len(events)
    t["rop_ev"] = [[("steps", "flipped", "no_aid").index(e["per"]), ("vp", "gold").index(e["gain"]), e["amount"]]
                   for e in events]  # fmt: skip
    cost = np.zeros((3, LEVELS), np.int64)
    for k, u in enumerate(RULE_UNIT_TYPES):
        for lev, price in ctx.data.recruit_cost[u].items():
            cost[k, int(lev)] = len(price)
    t["rop_ucost"] = cost


def _crusades(t, ctx) -> None:
    """Module 14A: the Crusade cards in order, the Churches with a Gold token under them."""
    cr = ctx.modules["crusades"]
    cards, gold = cr["crusades"], cr["gold_under_church"]
    if len(cards) > CRUSADES or any(len(c["vp"]) > SEATS for c in cards) or max(gold) >= GOLD_AT:
        raise Unsupported(f"{len(cards)} Crusades, Gold under Churches {gold} (the compiled engine holds at most "
                          f"{CRUSADES}, {SEATS} VP values each, Churches up to {GOLD_AT - 1})")  # fmt: skip
    t["cru_n"] = len(cards)
    t["cru_def"], t["cru_pen"] = [c["defence"] for c in cards], [c["defeat_penalty"] for c in cards]
    t["cru_nvp"] = [len(c["vp"]) for c in cards]
    t["cru_vp"] = [c["vp"] + [0] * (SEATS - len(c["vp"])) for c in cards]
    t["cru_gold_at"] = [int(i in gold) for i in range(GOLD_AT)]


def _campaigns(t, ctx, ix) -> None:
    """Module 10: the Campaign cards (``game.modules.distant_campaigns.campaign_targets``) kept at n players (marked
    up to n, their Province in play), the deal, the Rulers' lowest settling costs."""
    dc = ctx.modules["distant_campaigns"]
    cards = campaign_targets(SimpleNamespace(ctx=ctx), dc["cards"])
    if len(cards) > DC_CARDS or dc["kept"] > DC_HAND:
        raise Unsupported(f"{len(cards)} Campaign cards, {dc['kept']} kept (the compiled engine holds at most "
                          f"{DC_CARDS}, {DC_HAND} in a hand)")  # fmt: skip
    ncards, ids = np.zeros(5, np.int64), np.zeros((5, DC_CARDS), np.int64)
    for n in range(2, 5):
        in_play = set(ctx.board.in_play(n))
        mine = [i for i, (_, q, mark) in enumerate(cards) if mark <= n and q in in_play]
        ncards[n] = len(mine)
        ids[n, : len(mine)] = mine
    t["dc_ncards"], t["dc_cards"] = ncards, ids
    t["dc_target"] = [ix.p(q) for _, q, _ in cards]
    t["dc_dealt"], t["dc_kept"] = dc["dealt"], dc["kept"]
    t["dc_rmin"] = [min(ctx.board.rulers[r].settle_costs) for r in ix.rids]


def _wyrd(t, ctx) -> None:
    """Module 8: the Wyrd cards' penalties by sorted id, the markers, the policy weights, the end VP."""
    wy = ctx.modules["wyrd"]
    ids = sorted(wy["penalties"])
    if len(ids) > WYRD_CARDS:
        raise Unsupported(f"{len(ids)} Wyrd cards (the compiled engine holds at most {WYRD_CARDS})")
    t["wyrd_n"], t["wyrd_markers"], t["wyrd_vp"] = len(ids), wy["markers_per_player"], wy["end_vp"]
    t["wyrd_pen"] = [[x for what, n in wy["penalties"][c] for x in (WYRD_PENALTIES.index(what), n)] for c in ids]
    t["wyrd_weight"] = [wy["penalty_weight"][w] for w in WYRD_PENALTIES]


def _battle_row(benefits) -> list[int]:
    """Battle benefits ``[kind, phase, n]`` as a ``combat.card_effects`` row: dice by phase, hits by phase,
    cancels."""
    row = [0] * 7
    for kind, phase, n in benefits:
        col = {"battle_die": 0, "battle_hit": 3, "battle_cancel": 6}[kind]
        row[col + (PHASES.index(phase) if kind != "battle_cancel" else 0)] += n
    return row


def _ages_of_war(t, ctx, ix) -> None:
    """Module 9: the Combat cards (common by sorted id, a Ruler card per seat, a Title card per Title), the War
    tokens and the majority table."""
    aw = ctx.modules["ages_of_war"]
    common = sorted(aw["common_cards"])
    if len(common) + SEATS + len(ix.tids) > AOW_CARDS:
        raise Unsupported(f"{len(common)} common Combat cards (the compiled engine holds at most {AOW_CARDS})")
    cards = [aw["common_cards"][c] for c in common] + [aw["ruler_card"]] * SEATS + [aw["title_card"]] * len(ix.tids)
    t["aow_ncom"], t["aow_dealt"] = len(common), aw["common_dealt"]
    t["aow_eff"] = [_battle_row(c["benefits"]) for c in cards]
    t["aow_rec"] = [[GAINS.index(c["reclaim"][0]), c["reclaim"][1]] for c in cards]
    t["aow_tokens"], t["aow_vp"] = aw["war_tokens"], aw["victory_vp"]
    table = {int(k): v for k, v in aw["majority_vp"].items()}
    major, nmaj = np.zeros((5, 4), np.int64), np.zeros(5, np.int64)
    for n, values in table.items():
        if n < 5:
            if len(values) > 4:
                raise Unsupported(f"{len(values)} War-token majority values (at most 4)")
            major[n, : len(values)], nmaj[n] = values, len(values)
    t["aow_maxn"], t["aow_major"], t["aow_nmaj"] = max(table), major, nmaj


def _commanders(t, ctx, ix) -> None:
    """Module 6: each Commander's effects as a ``combat.card_effects`` row (dice by phase, hits by phase, cancels),
    the draw, the hire, the solo 4th Lordling's candidate Capitals (base Rulers', in solo play)."""
    cg = ctx.modules["commanders"]
    ids = sorted(cg["effects"])
    if len(ids) > CMD_CARDS:
        raise Unsupported(f"{len(ids)} Commander cards (the compiled engine holds at most {CMD_CARDS})")
    t["cmd_n"], t["cmd_eff"] = len(ids), [_battle_row(cg["effects"][c]) for c in ids]
    t["cmd_drawn_extra"], t["cmd_solo_drawn"], t["cmd_hire_gold"] = cg["drawn_extra"], cg["solo_drawn"], cg["hire_gold"]
    t["cmd_fourth"] = int(cg["solo_fourth_lordling"])
    b = ctx.board
    solo_in = set(b.in_play(SOLO))
    caps = sorted({ix.p(r.capital) for r in b.rulers.values() if r.capital in solo_in and r.module == "base"})
    t["cmd_caps_n"], t["cmd_caps"] = len(caps), caps


def _benjamin(t, ctx, ix) -> None:
    """Module 13A: the cards marked up to n players (``game.modules.benjamin.card_ids``), the split, the rewards."""
    tob = ctx.modules["benjamin"]
    marks = {int(k): v for k, v in tob["cards_by_players"].items()}
    ids = card_ids(marks)
    if len(ids) > TOB_CARDS:
        raise Unsupported(f"{len(ids)} Travels of Benjamin cards (the compiled engine holds at most {TOB_CARDS})")
    cards, ncards, half = np.zeros((5, TOB_CARDS), np.int64), np.zeros(5, np.int64), np.zeros(5, np.int64)
    for n in range(5):
        mine = [ix.c(c) for c, players in ids if players <= n]
        ncards[n] = len(mine)
        cards[n, : len(mine)] = mine
        half[n] = tob["per_half"].get(n, tob["per_half"].get(str(n), 0))
    t["tob_ncards"], t["tob_cards"], t["tob_half"] = ncards, cards, half
    t["tob_harder"], t["tob_harder_half"] = int(tob["solo_harder"]), tob["solo_harder_per_half"]
    t["tob_r1_vp"], t["tob_r2_gold"], t["tob_r3_vp"] = tob["reward1_vp"], tob["reward2_gold"], tob["reward3_vp"]
    t["tob_r5_vp"] = tob["end_vp_reward5"]


def _grand_buildings(t, ctx, ix) -> None:
    """Module 3: the common cards by player count, each Grand Building card's cost and effect, the solo Lordlings' draw
    with the module's Rulers (``game.solo_setup.new_solo_game``: Rulers of the base game and the modules on)."""
    deck = ctx.deck.cards
    common = ctx.modules["grand_buildings"]["common_cards"]
    if len(common) > GB_COMMON:
        raise Unsupported(f"{len(common)} common Grand Buildings (the compiled engine holds at most {GB_COMMON})")
    com = np.zeros((5, GB_COMMON), np.int64)
    ncom = np.zeros(5, np.int64)
    for n in range(5):
        cards = [ix.c(c) for c in common if deck[c].players <= n]
        ncom[n] = len(cards)
        com[n, : len(cards)] = cards
    t["gb_ncom"], t["gb_com"] = ncom, com
    kind, amt, cost = np.full(len(ix.cids), -1), np.zeros(len(ix.cids), np.int64), np.full((len(ix.cids), GB_COST), -1)
    for c, card in deck.items():
        if card.type == "grand_building":
            e, price = card.data["effect"], card.data["cost"]
            if len(price) > GB_COST:
                raise Unsupported(f"a Grand Building cost of {len(price)} resources (at most {GB_COST})")
            i = ix.c(c)
            kind[i] = GB_KINDS.index(e["kind"])
            amt[i] = e.get("vp", 0) if e["kind"] == "end_vp" else e["amount"]
            cost[i, : len(price)] = [RESOURCES.index(r) for r in price]
    t["gb_kind"], t["gb_amt"], t["gb_cost"] = kind, amt, cost
    b = ctx.board
    solo_in = set(b.in_play(SOLO))
    cand, cand_n = np.full((len(ix.rids), len(ix.rids)), -1), np.zeros(len(ix.rids), np.int64)
    for i, r in enumerate(ix.rids):
        others = sorted(x for x, ru in b.rulers.items()
                        if x != r and ru.module in ("base", "grand_buildings") and ru.capital in solo_in)  # fmt: skip
        cand_n[i] = len(others)
        cand[i, : len(others)] = [ix.p(b.rulers[x].capital) for x in others]
    t["l_cand_gb_n"], t["l_cand_gb"] = cand_n, cand


def bits(names) -> int:
    """The ``mods`` bits of the switched-on modules ``names`` (the compiled ones; Module 7 is in the tables)."""
    return sum(1 << MODULES.index(m) for m in names if m in MODULES)


@njit(**J)
def install(S, T, mods, R):
    """Twin: ``game.modules.install``, ``game.modules.tribute.Tribute.install``,
    ``game.modules.alchemists.Alchemists.install``: after the set-up, in module order (Alliances deal their cards
    from the stream)."""
    S.mods = mods
    if mods & MOD_ALLY:
        install_alliances(S, T, R)
    if not S.solo:  # solo: in solo_setup, before the Culture deck is split into piles
        S.deck_n = module_setup(S, T, mods, S.deck, S.deck_n, R)
    if mods & MOD_TRIB:
        for s in range(S.n):
            S.trib_markers[s] = T.trib_n


@njit(**J)
def module_setup(S, T, mods, deck, m, R):
    """Twin: ``game.modules.benjamin.Benjamin.install``, ``game.modules.grand_buildings.GrandBuildings.install``,
    ``game.modules.commanders.Commanders.install``, ``game.modules.ages_of_war.AgesOfWar.install``,
    ``game.modules.wyrd.Wyrd.install``, ``game.modules.distant_campaigns.DistantCampaigns.install``,
    ``game.modules.rise_of_poland.RiseOfPoland.install``: the set-up
    steps drawing from the stream, in module order (the module cards shuffled into the Culture deck ``deck[:m]``,
    the Campaign cards dealt, the Commanders drawn, the first Wyrd attached); returns the deck's size."""
    if mods & MOD_TOB:
        m = tob_shuffle_in(S, T, deck, m, R)
    if mods & MOD_AOW:
        install_aow(S, T, R)
    if mods & MOD_DC:
        install_dc(S, T, R)
    if mods & MOD_GB:
        m = shuffle_in(T, deck, m, S.n, R)
    if mods & MOD_CMD:
        install_commanders(S, T, R)
    if mods & MOD_WYRD:
        install_wyrd(S, T, R)
    if mods & MOD_ROP:  # (never solo: the deck is S.deck)
        S.deck_n = m
        install_rop(S, T, R)
        m = S.deck_n
    return m
