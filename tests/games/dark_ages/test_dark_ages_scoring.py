"""The Dark Ages non-battle rule functions beyond the rulebook's worked examples: edge cases of each rule sentence."""

import pytest

from sim.games.dark_ages import church, costs, offer, production, reactions, research, scoring, titles, upkeep
from sim.games.dark_ages.board import Title, load_board
from sim.games.dark_ages.cards import load_deck
from sim.games.dark_ages.tracks import load_game_rules, load_tracks


@pytest.fixture(scope="module")
def board():
    return load_board()


@pytest.fixture(scope="module")
def tracks():
    return load_tracks()


@pytest.fixture(scope="module")
def game():
    return load_game_rules()


@pytest.fixture(scope="module")
def deck(board):
    return load_deck(rulers=board.rulers)


# --- Church -------------------------------------------------------------------------------------------------------


def test_church_own_region_scores_once(board, game):
    # Lombardy's neighbours Tuscany and Verona share its Region: it scores the first-in-Region VP once, not again as
    # 'a Region with at least one neighbouring Province and no Churches'; Germany (Swabia, Bavaria) adds one
    assert church.church_vp(board, "lombardy", set(), game["church_vp"]) == 5 + 1 + 1
    assert church.church_vp(board, "lombardy", {"tuscany"}, game["church_vp"]) == 5 + 0 + 1
    assert church.church_vp(board, "lombardy", {"tuscany", "franconia"}, game["church_vp"]) == 5


def test_church_counts_regions_not_provinces(board, game):
    # Bohemia neighbours four Provinces of Saxony's, Germany's and Marca Geronis's Regions and two of its own
    regions = {board.region(q) for q in board.neighbours("bohemia")} - {"bohemia"}
    assert regions == {"saxony", "germany", "marca_geronis"}
    assert church.church_vp(board, "bohemia", set(), game["church_vp"]) == 5 + 1 + 3


# --- reactions ------------------------------------------------------------------------------------------------------


def test_reaction_threshold_four_in_big_games(tracks):
    # Module 2: 'In 6–8 player games, reactions trigger after 4 Noble discs are stacked instead.'
    stacks = ((0, 1, 2), (), (), (), ())
    assert reactions.trigger_reaction(stacks, tracks.reactions, threshold=4) == (stacks, None)
    assert reactions.trigger_reaction(stacks, tracks.reactions, threshold=3)[1].owner == 0


def test_retrieving_nobles_keeps_the_order(tracks):
    # Passing: 'Do not change the order of remaining discs after removing your own.'
    assert reactions.retrieve_nobles(((1, 0, 2), (0,), (), (2, 1), ()), 0) == ((1, 2), (), (), (2, 1), ())


def test_last_action_space_has_two_reactions(tracks):
    assert len(reactions.adjacent_reactions(tracks.reactions, len(tracks.actions) - 1)) == 2


# --- offer ----------------------------------------------------------------------------------------------------------


def test_offer_access_grows_with_red_spaces_and_caps(tracks):
    assert offer.accessible_slots(tracks, 0) == tracks.base_access == 1
    assert offer.accessible_slots(tracks, tracks.culture_last) == tracks.offer_slots
    assert not offer.is_accessible(tracks, 0, -1)


def test_taking_slides_and_refills():
    # 'slide every card in the offer to the left (to fill the gap), then draw a new card and put it on the rightmost'
    card, new_offer, deck = offer.take(("a", "b", "c"), 1, ("d", "e"))
    assert (card, new_offer, deck) == ("b", ("a", "c", "d"), ("e",))
    assert offer.cycle(("a", "b"), ()) == ("a", ("b",), ())


# --- research -------------------------------------------------------------------------------------------------------


def test_single_type_military_cards_and_maxed_units(deck):
    only_l3 = deck.cards["C079"]
    assert (
        only_l3.level2 is None
        and research.military_placements(only_l3, {"infantry": 1, "archer": 1, "cavalry": 1}) == []
    )
    c074 = deck.cards["C074"]
    assert research.military_placements(c074, {"infantry": 3, "archer": 3, "cavalry": 3}) == []


def test_common_technology_levels(deck):
    assert research.can_raise(1) and research.can_raise(2) and not research.can_raise(3)
    c001 = deck.cards["C001"]  # level 2 replaces level 1 (a bigger yield of the same kind)
    assert research.visible_effects(c001, 1) == [c001.levels[0].effect]
    assert research.visible_effects(c001, 3) == [c001.levels[1].effect, c001.levels[2].effect]
    c003 = deck.cards["C003"]  # level 3 is 'Immediate!': resolved once, not a standing effect
    assert c003.levels[2].immediate and c003.levels[2].effect not in research.visible_effects(c003, 3)


# --- costs ----------------------------------------------------------------------------------------------------------


def test_gold_replaces_any_resource():
    # 'whenever you need to spend any resource (Wood, Leather, Stone, or Iron) you may spend a Gold instead'
    cost = ("wood", "stone", "stone")
    assert costs.shortfall(cost, {"wood": 1, "stone": 1}) == 1
    assert costs.can_pay(cost, {"wood": 1, "stone": 1}, gold=1)
    assert not costs.can_pay(cost, {"wood": 1, "stone": 1}, gold=0)
    assert costs.pay(cost, {"wood": 1, "stone": 1, "iron": 2}, gold=3) == ({"wood": 0, "stone": 0, "iron": 2}, 2)
    with pytest.raises(ValueError):
        costs.pay(cost, {}, gold=2)


def test_production_building_cost_by_distance(board, game):
    c = game["costs"]
    assert costs.production_building_cost(board, "carinthia", "iron", c) == ("wood", "stone")
    assert costs.production_building_cost(board, "carinthia", "wood", c) == ("wood", "stone", "stone")  # Bavaria
    assert costs.production_building_cost(board, "salerno", "iron", c) is None  # nowhere near


def test_warehouse_and_keep_costs_end(tracks, game):
    assert costs.warehouse_cost(tracks, 0) == (("stone",), ("wood",))
    assert costs.warehouse_cost(tracks, len(tracks.warehouse) - 1) is None
    assert costs.keep_cost(0, game["costs"]) == ("stone",)
    assert costs.keep_cost(2, game["costs"]) == ("stone", "iron")
    assert costs.keep_cost(3, game["costs"]) is None


def test_settle_tiers(board):
    berengar = board.rulers["berengar_of_ivrea"]  # Capital Lombardy, costs 1/2/3
    assert costs.settle_cost(board, berengar, "verona") == 1  # neighbouring and same Region
    assert costs.settle_cost(board, berengar, "swabia") == 2  # neighbouring, other Region
    assert costs.settle_tier(board, "lombardy", "tuscany") == costs.SAME_REGION_AND_NEIGHBOURING
    assert costs.settle_tier(board, "swabia", "ostmark") == costs.NEIGHBOURING_OR_SAME_REGION  # same Region only
    assert costs.settle_cost(board, berengar, "rome") == 3  # neither
    # 'Level II units count as two units for settling purposes, level III units count as three.'
    assert costs.settle_strength({1: 1, 2: 1, 3: 1}) == 6


# --- production and upkeep ----------------------------------------------------------------------------------------


def test_production_yields_and_limits():
    assert [production.province_yield(n) for n in range(4)] == [0, 1, 3, 5]
    with pytest.raises(ValueError):
        production.province_yield(4)
    assert production.over_hold({"wood": 3, "iron": 3}, hold=4) == 2
    assert production.over_hold({"wood": 1}, hold=4) == 0


def test_army_limit_from_the_farm_track(tracks):
    assert upkeep.army_limit(tracks, 0) == tracks.farm[0].army_limit
    assert upkeep.army_limit(tracks, 99) == tracks.farm[-1].army_limit
    assert upkeep.excess_units(3, 4) == 0 and upkeep.upkeep_choices(0) == [(0, 0)]
    assert not upkeep.upkeep_settles(6, 4, returned=3, gold_paid=0)  # only 'until this is no longer the case'
    assert not upkeep.upkeep_settles(6, 4, returned=-1, gold_paid=3)


# --- Titles ---------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("size,needed", [(1, 1), (2, 1), (3, 2), (4, 2), (6, 3)])
def test_title_half_rounded_up(size, needed):
    # '2 out of 3, 2 out of 4, 3 out of 6, etc.'
    title = Title("t", "T", "r", tuple(f"p{i}" for i in range(size)), 7, 2, False)
    assert titles.provinces_needed(title) == needed


def test_title_needs_a_disc_per_missing_province(board):
    germany = board.titles["kingdom_of_germany"]  # four Provinces
    assert not titles.can_claim(germany, {"swabia"}, free_nobles=3)  # fewer than half
    assert not titles.can_claim(germany, {"swabia", "bavaria"}, free_nobles=1)
    assert titles.can_claim(germany, {"swabia", "bavaria"}, free_nobles=2)
    assert titles.can_claim(germany, {"swabia", "bavaria", "franconia", "ostmark"}, free_nobles=0)


def test_claimable_titles_respect_player_count(board):
    controlled = {"croatia", "slavonia", "dalmatia", "lombardy", "verona"}
    assert titles.claimable(board, controlled, free_nobles=1, players=4) == ["kingdom_of_italy", "kingdom_of_croatia"]
    assert titles.claimable(board, controlled, free_nobles=1, players=2) == ["kingdom_of_italy"]
    assert titles.claimable(board, controlled, free_nobles=1, held=["kingdom_of_italy"], players=2) == []


# --- final scoring --------------------------------------------------------------------------------------------------


def test_keeps_only_score_where_controlled(board):
    assert scoring.keep_vp(board, {"lombardy": 3}, {"verona", "tuscany"}) == 0
    assert scoring.keep_vp(board, {"lombardy": 2}, {"lombardy"}) == 0
    # neighbours count 'even if controlled without a City'; water links make neighbours too
    assert scoring.keep_vp(board, {"croatia": 1}, {"croatia", "benevento", "romagna"}) == 2


def test_technology_vp_uses_the_highest_visible_level(deck):
    c001 = deck.cards["C001"]
    assert scoring.technology_vp(deck, {"C001": 1}) == c001.levels[0].vp
    assert scoring.technology_vp(deck, {"C001": 3, "C003": 2}) == c001.levels[2].vp + deck.cards["C003"].levels[1].vp


def test_final_score_counts_only_controlled_cities(board, tracks, deck, game):
    pos = scoring.EndPosition(
        controlled=frozenset({"rome"}), city_buildings={"rome": 2, "capua": 3}, technologies={"C001": 2}
    )
    score = scoring.final_score(board, tracks, deck, game.values, pos)
    assert score["cities"] == 4 and score["technologies"] == deck.cards["C001"].levels[1].vp
    assert score["total"] == sum(v for k, v in score.items() if k != "total")
    assert set(score) == set(scoring.CATEGORIES) | {"total"}
