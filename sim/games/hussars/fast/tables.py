"""The rules as one compiled record, built per experiment from the validated ``GameRules`` (twin of ``game/ruleset``).

Kernels never read YAML: ``build(rules)`` lifts every value the compiled engine reads into the fields of ``RULES``
(a ``sim.layout.Layout``: int64 fields, a few float64 ones), padded to the fixed capacities of ``CAP`` so that one
machine code serves every experiment (a sweep over a deck's size recompiles nothing). ``fits(rules)`` says why an
experiment's rules exceed a capacity (the reference engine then plays it).
"""

from __future__ import annotations

import numpy as np

from sim.games.hussars.fast.clash import tables as clash_tables
from sim.games.hussars.game.ruleset import ATTACK_ACTIONS, EFFECTS, EVENT_KINDS, GameRules
from sim.games.hussars.game.state import NS, Dims, dims
from sim.layout import Layout

CAP = Dims(nf=64, nt=12, nc=24, ntac=12, nev=64, ny=48, natk=12, nl=8, nroad=4)
MAXNB, MAXE, NPRES, NEK = 8, 4, 12, len(EVENT_KINDS)
F8 = np.float64
KIND = {"infantry": 0, "cavalry": 1, "artillery": 2}
OBJECTIVES = ("win", "win_minus_loss", "tokens")

C = CAP
RULES = Layout("hussars_rules", [
    # ---- sizes
    ("nf", (), "fields"), ("nt", (), "unit types"), ("nc", (), "card types"), ("ntac", (), "tactic cards"),
    ("nev", (), "Event deck room"), ("nevents", (), "Event cards at the start"), ("ny", (), "yellow cards"),
    ("natk", (), "Attack cards"), ("nl", (), "Royal Leases"), ("nroad", (), "expedition roads"),
    # ---- the map
    ("f_bank", (C.nf,), "0 west, 1 east of the Dnieper"), ("f_nnb", (C.nf,), "neighbours"),
    ("f_nb", (C.nf, MAXNB), "neighbour field ids, ascending"), ("f_cost", (C.nf, C.nf), "border cost (0: no border)"),
    ("f_forest", (C.nf,), ""), ("f_river", (C.nf,), ""), ("f_wasteland", (C.nf,), ""), ("f_trail", (C.nf,), ""),
    ("f_sich", (C.nf,), ""), ("f_zone_lo", (C.nf,), "Tatar Attack Zone die range (0: none)"),
    ("f_zone_hi", (C.nf,), ""), ("f_via", (C.nf,), "1 on a road to another region"),
    ("f_crown", (C.nf,), "1 on the road to the Crown"), ("dist", (C.nf, C.nf), "cheapest Movement Points"),
    ("dist_wave", (C.nf, C.nf), "fields crossed"), ("sich", (), "the Sich field"),
    ("lease_at", (C.nf,), "the Royal Lease on the field, -1"), ("endow", (C.nf,), "the title endowing it, -1"),
    ("no_upkeep", (C.nf,), "1 where a garrison costs no Upkeep (the Castellan's Kyiv)"),
    # ---- units
    ("u_eff", (C.nt, 2), "Effectiveness (regular, veteran)", F8), ("u_exists", (C.nt, 2), ""),
    ("u_moves", (C.nt, 2), "Movement Points"), ("u_upkeep", (C.nt,), ""), ("u_kind", (C.nt,), "0/1/2"),
    ("u_wave", (C.nt,), ""), ("u_fast", (C.nt, 2), "Fast Cavalry"), ("u_tough", (C.nt, 2), "Toughness"),
    ("recruit_vet", (C.nt,), "the version a recruit comes as"), ("recruit_cost", (C.nt,), "-1: not recruitable"),
    ("replenish_cost", (C.nt,), ""), ("box_total", (C.nt,), "tokens in the box"),
    ("u_reserved", (C.nt,), "1: only a family with it as unique units recruits it"),
    ("fam_unique", (4, C.nt), ""), ("fam_catholic", (4,), ""),
    ("cossack", (), "unit index"), ("light_cavalry", (), ""), ("winged_hussar", (), ""), ("artillery_t", (), ""),
    ("pancerni", (), ""),
    # ---- cards and decks
    ("c_time", (C.nc,), ""), ("c_stars", (C.nc,), ""), ("c_fate", (C.nc,), "0 return, 1 rest, 2 once"),
    ("c_effect", (C.nc,), "EFFECTS index"), ("c_amount", (C.nc,), ""), ("c_yellow", (C.nc,), "in the Yellow deck"),
    ("start_deck", (C.nc,), ""), ("knowledge0", (C.nc,), ""), ("yellow0", (C.ny,), "the Yellow deck before shuffling"),
    ("ev0_kind", (C.nev,), "the Event deck before shuffling"), ("ev0_param", (C.nev,), ""),
    ("ek_major", (NEK,), ""), ("ek_first", (NEK,), ""), ("ek_attacks", (NEK,), ""), ("ek_happiness", (NEK,), ""),
    ("ek_pay", (), "expedition pay per cavalry unit"), ("ek_ks", (), ""), ("ek_hetman", (), ""),
    ("ek_peasants", (), "migration"), ("roads", (C.nroad,), "the field of each expedition road"),
    ("atk_action", (C.natk, 2), "ATTACK_ACTIONS index (green, blue)"), ("atk_lo", (C.natk, 2), ""),
    ("atk_hi", (C.natk, 2), ""),
    # ---- titles and leases
    ("t_senator", (4,), ""), ("t_catholic", (4,), ""), ("t_cur", (4, 3), "allowed currencies"),
    ("t_ohbid", (4, 3), "the Other Houses' bid"), ("t_endow", (4, MAXE), "endowment fields, -1"),
    ("t_prestige", (4,), ""), ("nepotism", (4,), "1 for the titles one family may not hold together"),
    ("t_bishop", (), ""), ("t_hetman", (), ""), ("t_castellan", (), ""), ("t_voivode", (), ""),
    ("l_field", (C.nl,), ""), ("l_heritage", (C.nl,), ""), ("l_upkeep", (C.nl,), ""), ("l_comp", (C.nl,), ""),
    ("l_bid_infl", (C.nl,), ""), ("l_bid_die", (C.nl,), ""),
    ("qa_field", (), ""), ("qa_units", (C.nt,), ""), ("qa_margin", (), "", F8),
    ("start_title", (4,), "the seat holding each title at the start by the rules, -1"),
    ("start_lease", (C.nl,), "the seat holding each lease at the start by the rules, -1"),
    # ---- the board at the start
    ("oh_est", (C.nf,), "1: an Other Houses estate"), ("est_peasants", (C.nf,), ""), ("est_town", (C.nf,), ""),
    ("est_fortress", (C.nf,), ""), ("est_garrison", (C.nf, C.nt), ""), ("est_army", (C.nf, C.nt), ""),
    ("seat_est", (C.nf,), "the seat whose estate it is, -1"), ("seat_order", (NS,), ""), ("seat_figure", (NS,), ""),
    ("seat_domain", (NS,), ""), ("seat_army", (NS, C.nt), ""), ("n_voiv", (), "voivodeships"),
    # ---- the family board and game.yaml
    ("b_gold", (), ""), ("b_influence", (), ""), ("b_xl", (), ""), ("b_prestige", (), ""), ("b_happiness", (), ""),
    ("b_health", (), ""), ("b_succ_health", (), ""), ("b_tactic_hand", (), ""), ("b_favours", (2,), ""),
    ("b_ks", (), ""), ("b_title_xp", (), ""),
    ("star_limit", (), ""), ("figure_mp", (), ""), ("extra_mp", (), ""), ("enemies_last", (), ""),
    ("extra_attack_mp", (), ""), ("raid_mp", (), ""), ("occupy_mp", (), ""), ("siege_mp", (), ""),
    ("march_moves", (), ""), ("bid_limits", (6,), ""), ("infl_gold", (), ""), ("ks_gold", (), ""),
    ("hetman_free", (), ""), ("yellow_cur", (3,), ""),
    ("deficit_vp", (), ""), ("prestige_infl", (NPRES,), ""), ("n_prestige", (), ""), ("ransom_base", (), ""),
    ("ransom_xl", (), ""), ("ransom_infl", (), ""), ("ransom_health", (), ""),
    ("sich_growth", (5,), "by players"), ("oh_cossack_income", (), ""),
    ("peasant_limit", (), ""), ("town_income", (), ""), ("town_gold", (), ""), ("town_infl", (), ""),
    ("town_river", (), ""), ("town_nb", (), ""), ("prov_peasant", (), ""), ("prov_town", (), ""),
    ("prov_fortress", (), ""), ("seat_gold", (), ""), ("seat_prestige", (), ""), ("fort_gold", (2,), ""),
    ("settle_peasants", (), ""), ("settle_gold", (), ""), ("settle_happy", (), ""), ("settle_relief", (), ""),
    ("lok_peasants", (), ""), ("lok_gold", (), ""), ("lok_relief", (), ""), ("loot_fraction", (), "", F8),
    ("loot_building", (), ""), ("burned_vp", (), ""), ("lease_raid_ks", (), ""),
    ("hussar_prestige", (), ""), ("hussar_vp", (), ""), ("artillery_vp", (), ""), ("disband_sich", (), ""),
    ("grand_plunder", (), ""), ("enemy_crests", (), ""), ("occ_start", (), ""), ("occ_turn", (), ""),
    ("punish_step", (), ""), ("punish_xp", (), ""), ("punish_infl", (), ""), ("expiry_infl", (), ""),
    ("enemy_vp", (), ""), ("all_enemies", (), ""), ("kidnap", (), ""), ("aggression", (), ""), ("famine_crime", (), ""),
    ("burn_crime", (), ""),
    ("raid_tokens", (C.nt,), ""), ("jasyr_mp", (), ""), ("jasyr_taken", (), ""), ("jasyr_fleeing", (), ""),
    ("laden_fields", (), ""), ("exit_mp", (), ""), ("hetman_infl_lost", (), ""), ("owner_happy_lost", (), ""),
    ("liberator_infl", (), ""), ("spoils", (), ""), ("captured_vp", (), ""),
    ("threshold", (), ""), ("outbreak", (), ""), ("treaty", (8,), "1 on a treaty turn"), ("auto_turn", (), ""),
    ("agreement_vp", (), "", F8), ("agreement_happy", (), ""), ("suppression_happy", (), ""), ("sich_start", (), ""),
    ("hussar_pay", (), ""), ("ks_each", (), ""), ("ks_strongest", (), ""), ("figure_xp", (), ""), ("hetman_xp", (), ""),
    ("hetman_infl", (), ""), ("sefer", (), ""), ("chambul", (), ""), ("swift_hussar", (), ""), ("swift_happy", (), ""),
    ("swift_gold", (), ""), ("favour_cav", (2,), ""), ("debt_infl", (), ""),
    ("max_xl", (), ""), ("xp_yellow", (), ""), ("xp_crime", (), ""), ("xp_raid", (), ""), ("xp_command", (), ""),
    ("new_xl", (), ""), ("every_magnate", (), ""),
    ("v_estate", (), ""), ("v_town", (), ""), ("v_fortress", (), ""), ("v_seat", (), ""), ("v_title", (), ""),
    ("v_lease", (), ""), ("v_prestige", (), ""), ("v_gold", (), ""), ("v_favour", (2,), ""), ("v_death", (), ""),
    ("objective", (), "OBJECTIVES index"), ("tatar_deck", (C.ntac,), ""), ("cossack_deck", (C.ntac,), ""),
    ("cmw_deck", (C.ntac,), ""), ("walls_interception", (), ""), ("tie_turn_order", (), ""),
    ("migration0", (), ""), ("overall0", (), ""), ("default_rounds", (), ""),
    # ---- the battle rules the game reads (the simplified rules; the full clash has its own tables)
    ("s_hit_rounds", (), ""), ("s_art_safe", (), ""), ("s_hits_fraction", (), "", F8),
    ("s_loose_fraction", (), "", F8), ("s_wounded_art", (), ""), ("s_siege_eff", (3, 2), "by kind", F8),
    ("s_vet_bonus", (2,), "", F8), ("wall_hits", (3,), ""), ("on_walls", (3,), ""), ("supplies", (3,), ""),
    ("effective_siege", (3,), ""), ("surrender", (), ""), ("capture_die", (), ""), ("capture_fast", (), "", F8),
    ("death_faces", (), ""), ("death_lose", (), ""), ("oh_death", (), ""), ("fortress_card", (3,), "tactic, -1"),
    ("promote_to", (C.nt, 2), "the veteran versions a token may become (-1)"),
    ("name_rank", (C.nt,), "the unit's place in name order (the battle code sorts tokens by name)"),
    ("recruit_order", (C.nt,), "recruitable types in the Player Screen's (recruit.cost) order, -1 pad"),
    ("deck_order", (C.ntac,), "the Commonwealth Tactic deck in hands.deck order, -1 pad"),
    ("setup_seq", (C.nf + 4, 2), "the setup's order: (0, estate field) or (1, seat whose army is placed); -1 pad"),
    ("move_limit", (), "tactic_movement_limit"), ("low_move", (C.ntac,), "1: a tactic for armies that moved little"),
])  # fmt: skip


def fits(rules: GameRules) -> str | None:
    d = dims(rules)
    for name in ("nf", "nt", "nc", "ntac", "nev", "ny", "natk", "nl", "nroad"):
        if getattr(d, name) > getattr(CAP, name):
            return f"{name} {getattr(d, name)} above the compiled engine's {getattr(CAP, name)}"
    if max(len(f.neighbours) for f in rules.fields) > MAXNB:
        return f"a field with more than {MAXNB} neighbours"
    if any(len(t.endowment) > MAXE for t in rules.titles):
        return f"a title with more than {MAXE} endowment estates"
    if len(rules.values["harvest"]["prestige_influence"]) > NPRES:
        return f"a Prestige track longer than {NPRES}"
    return None


def _set(r, name, value) -> None:
    arr = np.asarray(value)
    if arr.ndim == 0:
        r[name] = value
    else:
        target = r[name]
        target[tuple(slice(0, n) for n in arr.shape)] = arr


def build(rules: GameRules) -> np.ndarray:
    """The RULES record of ``rules`` (an array of one record)."""
    rec = RULES.new()
    r = rec[0]
    d = dims(rules)
    v, b = rules.values, rules.battle
    for name in ("nf", "nt", "nc", "ntac", "ny", "natk", "nl", "nroad"):
        r[name] = getattr(d, name)
    r["nev"], r["nevents"] = d.nev, len(rules.events)
    nf = d.nf
    nb = np.full((nf, MAXNB), -1)
    cost = np.zeros((nf, nf), np.int64)
    for i, f in enumerate(rules.fields):
        ns = sorted(f.neighbours)
        nb[i, : len(ns)] = ns
        for j in ns:
            cost[i, j] = rules.cost(i, j)
    _set(r, "f_nb", nb)
    _set(r, "f_nnb", [len(f.neighbours) for f in rules.fields])
    _set(r, "f_cost", cost)
    _set(r, "f_bank", [int(f.bank == "east") for f in rules.fields])
    for name in ("forest", "river", "wasteland", "trail", "sich"):
        _set(r, f"f_{name}", [int(getattr(f, name)) for f in rules.fields])
    _set(r, "f_zone_lo", [f.tatar_zone[0] if f.tatar_zone else 0 for f in rules.fields])
    _set(r, "f_zone_hi", [f.tatar_zone[1] if f.tatar_zone else 0 for f in rules.fields])
    _set(r, "f_via", [int(f.via is not None) for f in rules.fields])
    _set(r, "f_crown", [int(f.via == "crown") for f in rules.fields])
    _set(r, "dist", rules.dist)
    _set(r, "dist_wave", rules.dist_wave)
    r["sich"] = [i for i, f in enumerate(rules.fields) if f.sich][0]
    lease_at = np.full(nf, -1)
    for i, le in enumerate(rules.leases):
        lease_at[le.field] = i
    _set(r, "lease_at", lease_at)
    endow = np.full(nf, -1)
    for t, title in enumerate(rules.titles):
        for f in title.endowment:
            if endow[f] < 0:
                endow[f] = t
    _set(r, "endow", endow)
    castellan = [t for t in rules.titles if t.id == "castellan"]
    _set(r, "no_upkeep", [int(bool(castellan) and i in castellan[0].endowment) for i in range(nf)])
    # units
    rv = []
    for t, name in enumerate(rules.units):
        k = b.units[name]
        r["u_eff"][t] = (k.eff(False), k.eff(True))
        r["u_exists"][t] = (int(k.exists(False)), int(k.exists(True)))
        r["u_moves"][t] = (k.moves(False), k.moves(True))
        r["u_upkeep"][t] = k.upkeep
        r["u_kind"][t] = KIND[k.kind]
        r["u_wave"][t] = int(k.wave)
        r["u_fast"][t] = (int(b.is_fast(name, False)), int(b.is_fast(name, True)))
        r["u_tough"][t] = k.toughness
        rv.append(0 if k.exists(False) else 1)
        r["recruit_cost"][t] = v["recruit"]["cost"].get(name, -1)
        r["replenish_cost"][t] = v["recruit"]["replenish"].get(name, 0)
        r["box_total"][t] = v["recruit"]["box"].get(name, 0)
        r["raid_tokens"][t] = v["tatars"]["raid_tokens"].get(name, 0)
    _set(r, "recruit_vet", rv)
    for fi, fam in enumerate(rules.families):
        r["fam_catholic"][fi] = int(fam.catholic)
        for t, _n in fam.unique_units:
            r["fam_unique"][fi, t] = 1
            r["u_reserved"][t] = 1
    for name, key in (("cossack", "cossack"), ("light_cavalry", "light_cavalry"), ("winged_hussar", "winged_hussar"),
                      ("artillery_t", "artillery"), ("pancerni", "pancerni")):  # fmt: skip
        r[name] = rules.units.index(key)
    # cards
    yellow = set(rules.yellow_deck)
    for c, card in enumerate(rules.cards):
        r["c_time"][c], r["c_stars"][c], r["c_amount"][c] = card.time, card.stars, card.amount
        r["c_fate"][c] = ("return", "rest", "once").index(card.fate)
        r["c_effect"][c] = EFFECTS.index(card.effect)
        r["c_yellow"][c] = int(c in yellow)
    _set(r, "start_deck", rules.starting_deck)
    _set(r, "knowledge0", rules.knowledge)
    _set(r, "yellow0", rules.yellow_deck)
    r["ev0_kind"][:] = -1
    r["ev0_param"][:] = -1
    for i, (kind, param) in enumerate(rules.events):
        r["ev0_kind"][i], r["ev0_param"][i] = kind, param
    for k, kind in enumerate(EVENT_KINDS):
        spec = rules.event_kinds[kind]
        r["ek_major"][k], r["ek_first"][k] = int(spec["major"]), int(spec["first_round"])
        r["ek_attacks"][k] = spec.get("attacks", 0)
        r["ek_happiness"][k] = spec.get("happiness", 0)
    ex = rules.event_kinds["expedition"]
    r["ek_pay"], r["ek_ks"], r["ek_hetman"] = ex["pay"], int(ex["kings_support"]), int(ex["hetman"])
    r["ek_peasants"] = rules.event_kinds["migration"]["peasants"]
    _set(r, "roads", rules.roads)
    for i, (green, blue) in enumerate(rules.attack_deck):
        for side, spec in enumerate((green, blue)):
            r["atk_action"][i, side] = ATTACK_ACTIONS.index(spec.action)
            r["atk_lo"][i, side], r["atk_hi"][i, side] = spec.tokens
    # titles and leases
    ids = [t.id for t in rules.titles]
    r["t_endow"][:] = -1
    for t, title in enumerate(rules.titles):
        r["t_senator"][t], r["t_catholic"][t], r["t_prestige"][t] = title.senator, title.catholic_only, title.prestige
        r["t_cur"][t] = [int(c in title.currencies) for c in ("gold", "influence", "kings_support")]
        r["t_ohbid"][t] = title.other_houses_bid
        r["t_endow"][t, : len(title.endowment)] = title.endowment
    for t in rules.nepotism:
        r["nepotism"][t] = 1
    r["t_bishop"], r["t_hetman"] = ids.index("bishop"), ids.index("hetman")
    r["t_castellan"], r["t_voivode"] = ids.index("castellan"), ids.index("voivode")
    for i, le in enumerate(rules.leases):
        r["l_field"][i], r["l_heritage"][i], r["l_upkeep"][i] = le.field, le.heritage, le.upkeep
        r["l_comp"][i], r["l_bid_infl"][i], r["l_bid_die"][i] = le.compensation, le.bid_influence, le.bid_die
    r["qa_field"], r["qa_margin"] = rules.quarter_field, rules.quarter_margin
    for t, n in rules.quarter_army:
        r["qa_units"][t] = n
    r["start_title"][:] = -1
    r["start_lease"][:] = -1
    for t, s in rules.start_titles:
        r["start_title"][t] = s
    for i, s in rules.start_leases:
        r["start_lease"][i] = s
    # the board
    r["seat_est"][:] = -1
    for e in rules.oh_estates:
        r["oh_est"][e.field] = 1
        _estate(r, e)
    for s, seat in enumerate(rules.seats):
        r["seat_order"][s], r["seat_figure"][s], r["seat_domain"][s] = seat.order, seat.figure, seat.domain
        for e in seat.estates:
            r["seat_est"][e.field] = s
            _estate(r, e)
        for t, n in seat.army:
            r["seat_army"][s, t] = n
    r["n_voiv"] = len(rules.voivodeships)
    r["setup_seq"][:] = -1
    k = 0
    for e in rules.oh_estates:
        r["setup_seq"][k] = (0, e.field)
        k += 1
    for s, seat in enumerate(rules.seats):
        for e in seat.estates:
            r["setup_seq"][k] = (0, e.field)
            k += 1
        if seat.army:
            r["setup_seq"][k] = (1, s)
            k += 1
    _values(r, rules)
    return rec


def _estate(r, e) -> None:
    r["est_peasants"][e.field], r["est_town"][e.field], r["est_fortress"][e.field] = e.peasants, e.town, e.fortress
    for t, n in e.garrison:
        r["est_garrison"][e.field, t] = n
    for t, n in e.army:
        r["est_army"][e.field, t] = n


def _values(r, rules: GameRules) -> None:
    v, bd, b = rules.values, rules.board, rules.battle.values
    for name, key in (("b_gold", "gold"), ("b_influence", "influence"), ("b_xl", "xl"), ("b_prestige", "prestige"),
                      ("b_happiness", "happiness"), ("b_health", "magnate_health"),
                      ("b_succ_health", "successor_health"), ("b_tactic_hand", "tactic_hand"),
                      ("b_ks", "kings_support"), ("b_title_xp", "title_xp")):  # fmt: skip
        r[name] = bd[key]
    r["b_gold"] = bd["gold"] + bd["first_game_gold"]
    r["b_favours"] = (bd["favours"]["minor"], bd["favours"]["major"])
    a = v["action_phase"]
    r["star_limit"], r["figure_mp"], r["extra_mp"] = a["star_limit"], a["figure_mp"], a["extra_mp"]
    r["enemies_last"] = int(a["enemies_position"] == "last")
    r["extra_attack_mp"], r["raid_mp"], r["occupy_mp"] = a["extra_attack_mp"], a["raid_mp"], a["occupy_mp"]
    r["siege_mp"], r["march_moves"] = a["siege_mp"], a["march_moves"]
    bi = v["bidding"]
    _set(r, "bid_limits", bi["limits"][:6])
    r["infl_gold"], r["ks_gold"], r["hetman_free"] = (
        bi["influence_gold"],
        bi["kings_support_gold"],
        bi["hetman_free_influence"],
    )
    cur = rules.ruleset.values("cards")["yellow_currencies"]
    r["yellow_cur"] = [int(c in cur) for c in ("gold", "influence", "kings_support")]
    h = v["harvest"]
    r["deficit_vp"] = h["deficit_vp_per_gold"]
    _set(r, "prestige_infl", h["prestige_influence"])
    r["n_prestige"] = len(h["prestige_influence"])
    r["ransom_base"], r["ransom_xl"] = h["ransom_base"], h["ransom_per_xl"]
    r["ransom_infl"], r["ransom_health"] = h["unpaid_ransom_influence"], h["unpaid_ransom_health"]
    for p in range(1, 5):
        r["sich_growth"][p] = v["refresh"]["sich_growth"][str(p)]
    r["oh_cossack_income"] = v["refresh"]["other_houses_cossack_income"]
    e = v["estates"]
    for name, key in (("peasant_limit", "peasant_limit"), ("town_income", "town_income"), ("town_gold", "town_gold"),
                      ("town_infl", "town_influence"), ("town_river", "town_river_discount"),
                      ("town_nb", "town_neighbour_discount"), ("prov_peasant", "province_peasant_price"),
                      ("prov_town", "province_town_price"), ("prov_fortress", "province_fortress_price"),
                      ("seat_gold", "family_seat_gold"), ("seat_prestige", "family_seat_prestige"),
                      ("settle_peasants", "settlers_peasants"), ("settle_gold", "settlers_gold"),
                      ("settle_happy", "settlers_happiness"), ("settle_relief", "settlers_relief"),
                      ("lok_peasants", "lokator_peasants"), ("lok_gold", "lokator_gold"),
                      ("lok_relief", "lokator_relief"), ("loot_building", "loot_per_building"),
                      ("burned_vp", "burned_vp_per_level"), ("lease_raid_ks", "lease_raid_kings_support")):  # fmt: skip
        r[name] = e[key]
    r["loot_fraction"] = e["loot_fraction"]
    _set(r, "fort_gold", e["fortress_gold"][:2])
    rc = v["recruit"]
    r["hussar_prestige"], r["hussar_vp"], r["artillery_vp"] = rc["hussar_prestige"], rc["hussar_vp"], rc["artillery_vp"]
    r["disband_sich"] = int(rc["disbanded_cossacks_to_sich"])
    law = v["law"]
    for name, key in (("grand_plunder", "grand_plunder"), ("enemy_crests", "enemy_crests"),
                      ("occ_start", "occupation_start_crimes"), ("occ_turn", "occupation_turn_crimes"),
                      ("punish_step", "punishment_loot_step"), ("punish_xp", "punish_xp"),
                      ("punish_infl", "punish_influence"), ("expiry_infl", "expiry_influence"),
                      ("enemy_vp", "enemy_token_vp"), ("kidnap", "kidnapping_crimes"),
                      ("aggression", "aggression_crimes"), ("famine_crime", "famine_crimes"),
                      ("burn_crime", "burn_crimes_per_building")):  # fmt: skip
        r[name] = law[key]
    r["all_enemies"] = int(law["enemy_tokens"] == "all_enemies")
    ta = v["tatars"]
    for name, key in (("jasyr_mp", "jasyr_mp"), ("jasyr_taken", "jasyr_taken"), ("jasyr_fleeing", "jasyr_fleeing"),
                      ("laden_fields", "laden_fields"), ("exit_mp", "exit_mp"),
                      ("hetman_infl_lost", "hetman_influence_lost"), ("owner_happy_lost", "owner_happiness_lost"),
                      ("liberator_infl", "liberator_influence")):  # fmt: skip
        r[name] = ta[key]
    r["spoils"], r["captured_vp"] = v["spoils"]["per_token"], v["spoils"]["captured_artillery_vp"]
    u = v["unrest"]
    r["threshold"], r["outbreak"], r["auto_turn"] = u["threshold"], u["outbreak_happiness"], u["automatic_turn"]
    for t in u["treaty_turns"]:
        if 0 <= t < 8:
            r["treaty"][t] = 1
    r["agreement_vp"], r["agreement_happy"] = u["agreement_vp_per_income"], u["agreement_happiness"]
    r["suppression_happy"], r["sich_start"] = u["suppression_happiness"], u["sich_start"]
    x = v["expeditions"]
    r["hussar_pay"], r["ks_each"], r["ks_strongest"] = x["hussar_pay_units"], x["kings_support"], x["strongest_bonus"]
    r["figure_xp"], r["hetman_xp"], r["hetman_infl"] = x["figure_xp"], x["hetman_xp"], x["hetman_influence"]
    sw = v["swift_support"]
    r["sefer"], r["chambul"], r["swift_hussar"] = sw["sefer_attacks"], sw["chambul_attacks"], sw["hussar_cavalry"]
    r["swift_happy"], r["swift_gold"], r["debt_infl"] = (
        sw["penalty_happiness"],
        sw["penalty_gold"],
        sw["refused_debt_influence"],
    )
    r["favour_cav"] = (sw["favour_cavalry"]["minor"], sw["favour_cavalry"]["major"])
    xp = v["experience"]
    r["max_xl"], r["xp_yellow"], r["xp_crime"] = xp["max_xl"], xp["yellow_card"], xp["crime"]
    r["xp_raid"], r["xp_command"] = xp["lead_raid"], xp["command_battle"]
    r["new_xl"] = v["succession"]["new_magnate_xl"]
    r["every_magnate"] = int(v["succession"]["death_check"] == "every_magnate")
    vi = v["victory"]
    for name, key in (("v_estate", "estate"), ("v_town", "town"), ("v_fortress", "fortress_level"),
                      ("v_seat", "family_seat"), ("v_title", "title"), ("v_lease", "lease"),
                      ("v_prestige", "prestige"), ("v_gold", "gold_per_vp"), ("v_death", "death_xl")):  # fmt: skip
        r[name] = vi[key]
    r["v_favour"] = (vi["favour"]["minor"], vi["favour"]["major"])
    bt = v["battles"]
    r["objective"] = OBJECTIVES.index(bt["objective"])
    names = list(rules.battle.tactics)
    for key, field in (("tatar_deck", "tatar_deck"), ("cossack_deck", "cossack_deck")):
        for n in bt[key]:
            r[field][names.index(n)] = 1
    r["deck_order"][:] = -1
    k = 0
    for n, c in b["hands"]["deck"].items():
        if c > 0:
            r["cmw_deck"][names.index(n)] = 1
            r["deck_order"][k] = names.index(n)
            k += 1
    r["walls_interception"] = int(bt["interception_walls"])
    r["tie_turn_order"] = int(b["simplified"]["tie"] == "turn_order")
    r["migration0"], r["overall0"] = v["setup"]["migration_bank"], v["setup"]["overall_happiness"]
    r["default_rounds"] = v["rounds"]["default"]
    s = b["simplified"]
    r["s_hit_rounds"], r["s_art_safe"] = s["hit_rounds"], s["artillery_safe_rounds"]
    r["s_hits_fraction"], r["s_loose_fraction"] = s["winner_hits_fraction"], s["loose_columns_fighting_fraction"]
    r["s_wounded_art"] = int(s["wounded_artillery_fights"])
    se = s["siege_effectiveness"]
    for kind, k in KIND.items():
        r["s_siege_eff"][k] = se[kind]
    r["s_vet_bonus"] = se["veteran_bonus"]
    for level in (1, 2):
        fo = b["fortress"][f"level_{level}"]
        r["wall_hits"][level], r["on_walls"][level] = fo["wall_hit_reduction"], fo["max_on_walls"]
        r["supplies"][level], r["effective_siege"][level] = fo["supplies"], fo["effective_siege_tokens"]
    r["surrender"] = b["famine"]["surrender_markers"]
    ch = b["characters"]
    r["capture_die"], r["capture_fast"] = ch["capture_die"], ch["capture_fast_cavalry_multiplier"]
    r["death_faces"], r["death_lose"], r["oh_death"] = (
        ch["death_roll_faces"],
        ch["death_roll_lose_health"],
        ch["other_houses_death"],
    )
    r["fortress_card"][:] = -1
    for n, card in rules.battle.tactics.items():
        if card.fortress_level:
            r["fortress_card"][card.fortress_level] = names.index(n)
    for k, name in enumerate(sorted(rules.units)):
        r["name_rank"][rules.units.index(name)] = k
    r["move_limit"] = b["tactic_movement_limit"]
    r["recruit_order"][:] = -1
    for k, name in enumerate(v["recruit"]["cost"]):
        r["recruit_order"][k] = rules.units.index(name)
    for k, card in enumerate(rules.battle.tactics.values()):
        r["low_move"][k] = int(card.needs_low_movement)
    r["promote_to"][:] = -1
    for t, name in enumerate(rules.units):  # aftermath.UPGRADES: Light Cavalry may become Pancerni (tried first)
        options = [n for n in (("pancerni", "light_cavalry") if name == "light_cavalry" else (name,))
                   if n in rules.units and rules.battle.units[n].exists(True)]  # fmt: skip
        for k, n in enumerate(options[:2]):
            r["promote_to"][t, k] = rules.units.index(n)


def battle_tables(rules: GameRules) -> tuple:
    """The full-rules clash tables (``fast.clash.tables``): (units, cards, params)."""
    _, _, units, cards, params = clash_tables(rules.battle)
    return units, cards, params
