"""Dark Ages: Holy Roman Empire full-game rulebook examples (non-battle sections), each with the sentence it checks.

The pictures are not in the text, so each example is set up on the assumed board and tracks (configs/dark_ages/)
in a position that matches every number the sentence gives.
"""

import pytest

from sim.config import load_rules
from sim.games.dark_ages import church, costs, offer, production, reactions, research, scoring, titles, upkeep
from sim.games.dark_ages.board import load_board
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


def test_neighbouring_example(board):
    # "Marca Geronis and Bohemia share a border. They are neighbouring."
    assert board.border[board.index["marca_geronis"], board.index["bohemia"]]
    assert board.are_neighbours("marca_geronis", "bohemia") and board.are_neighbours("bohemia", "marca_geronis")
    # "Croatia and Benevento are connected by a water link. They are also neighbouring."
    assert not board.border[board.index["croatia"], board.index["benevento"]]
    assert board.water[board.index["croatia"], board.index["benevento"]]
    assert board.are_neighbours("croatia", "benevento") and "croatia" in board.neighbours("benevento")
    assert not board.are_neighbours("marca_geronis", "benevento")


def test_reaction_example(tracks):
    # "The white player places their disc on top two discs already stacked on the Research action: yellow disc on
    # top, white on the bottom. After performing the Research action, the white player slides the bottom disc out,
    # allowing them to perform one of two reactions."
    white, yellow = 0, 1
    research_space = 2
    stacks = ((), (), (white, yellow), (), ())
    stacks = reactions.place_noble(stacks, research_space, white)
    assert stacks[research_space] == (white, yellow, white)
    stacks, reaction = reactions.trigger_reaction(stacks, tracks.reactions)
    assert reaction.owner == white and reaction.space == research_space
    assert reaction.choices == (tracks.reactions[2], tracks.reactions[3])
    assert stacks[research_space] == (yellow, white)
    # two discs do not trigger: "If there are 3 discs stacked on top of each other, move the bottom one out."
    assert reactions.trigger_reaction(stacks, tracks.reactions) == (stacks, None)


def test_reaction_goes_to_the_bottom_disc_owner_not_the_active_player(tracks):
    # "The owner of that disc — that may be you or another player — must select one of the two adjacent reactions"
    stacks = reactions.place_noble(((2, 1), (), (), (), ()), 0, 0)
    _, reaction = reactions.trigger_reaction(stacks, tracks.reactions)
    assert reaction.owner == 2 and reaction.choices == tracks.reactions[:2]


def test_church_example(board, game):
    # "The yellow player Builds a Church in Carinthia. They receive 5 VP, and then another 1 VP because this is the
    # first Church built in the Region Carinthia belongs to. Another 1 VP is scored for the yellow Region, since there
    # is no Church in any of its Provinces. There is already a Church in Swabia, so the yellow player does not receive
    # the 1VP from the orange Region. Thus, the yellow player receives a total of 7 VP."
    neighbouring_regions = {board.region(q) for q in board.neighbours("carinthia")} - {board.region("carinthia")}
    colours = {board.region_colour[r] for r in neighbouring_regions}
    assert colours == {"yellow", "orange"} and board.region_colour[board.region("swabia")] == "orange"
    assert church.church_vp(board, "carinthia", {"swabia"}, game["church_vp"]) == 7
    # without the Church in Swabia the orange Region would score too
    assert church.church_vp(board, "carinthia", set(), game["church_vp"]) == 8


def test_warehouse_build_example(tracks):
    # "The yellow player builds their second Warehouse. They pay 1 Wood to slide their Warehouse marker down 1 space
    # on the Warehouse track." / "Note: The first two Warehouses cost Stone or Wood, not both."
    second = costs.warehouse_cost(tracks, built=1)
    assert ("wood",) in second and ("stone",) in second and ("stone", "wood") not in second
    purse, gold = costs.pay(("wood",), {"wood": 1, "stone": 0}, gold=0)
    assert purse["wood"] == 0 and gold == 0


def test_offer_access_example(tracks):
    # "The yellow player has access to the first, second and third card in the offer, but not to the fourth and any
    # subsequent cards."
    position = tracks.red_spaces[1]  # the second red space reached: one card from the start, one per red space
    assert offer.accessible_slots(tracks, position) == 3
    assert [offer.is_accessible(tracks, position, slot) for slot in range(tracks.offer_slots)] == [True] * 3 + [
        False
    ] * (tracks.offer_slots - 3)
    assert offer.accessible_slots(tracks, position - 1) == 2


def test_military_technology_example(deck):
    # "The white player is playing a card that can be played as Level 2 Archer or Level 3 Infantry (C074). Since all
    # their Military technologies are on Level 1 (pre-printed on the player board), the white player is only allowed
    # to play the card as a Level 2 Archer."
    c074 = deck.cards["C074"]
    assert research.military_placements(c074, {"infantry": 1, "archer": 1, "cavalry": 1}) == [("archer", 2)]
    # "level III Technologies can only replace level II ones"
    assert research.military_placements(c074, {"infantry": 2, "archer": 2, "cavalry": 1}) == [("infantry", 3)]


def test_recruit_example():
    # "As part of a Recruit action, the yellow player pays 1 Wood and 1 Leather and places an Archer unit in Lombardy."
    table = load_rules("dark_ages").values["recruit_cost"]["player"]
    cost = costs.recruit_cost(table, "archer", 1)
    assert sorted(cost) == ["leather", "wood"]
    purse, gold = costs.pay(cost, {"wood": 1, "leather": 1}, gold=0)
    assert purse == {"wood": 0, "leather": 0} and gold == 0


def test_army_limit_example(tracks):
    # "The yellow player has 3 Archers in Verona and 3 Infantry units in Lombardy, and an Army limit of 4. After
    # selecting the Manoeuvre action (but before moving any units), the yellow player chooses to pay 1 Gold and
    # return 1 Infantry unit to the supply."
    assert 4 in [upkeep.army_limit(tracks, k) for k in range(len(tracks.farm))]
    units = 3 + 3
    assert upkeep.excess_units(units, 4) == 2
    assert upkeep.upkeep_settles(units, 4, returned=1, gold_paid=1)
    assert not upkeep.upkeep_settles(units, 4, returned=1, gold_paid=0)
    assert (1, 1) in upkeep.upkeep_choices(2)


def test_title_claim_example(board):
    # "The yellow player controls Lombardy and Verona. As they Pass with one available Noble disc, they can claim the
    # Kingdom of Italy Title. Since the Title card is claimed for the first time, the yellow player receives 7 VP for
    # establishing the Title."
    italy = board.titles["kingdom_of_italy"]
    assert {"lombardy", "verona"} <= set(italy.provinces) and board.region("lombardy") == board.region("verona")
    assert titles.can_claim(italy, {"lombardy", "verona"}, free_nobles=1)
    assert not titles.can_claim(italy, {"lombardy", "verona"}, free_nobles=0)
    assert titles.claim_vp(italy, established=set()) == 7
    # "If you claim a Title from another player, simply take it from them." — no VP the second time
    assert titles.claim_vp(italy, established={"kingdom_of_italy"}) == 0


def test_production_example(board, game):
    # "Having Passed, the yellow player (who controls Carinthia, Bavaria and Verona) produces resources. The City in
    # Verona has a single Wood Production building and 2 Stone Production buildings, so it produces 1 Wood and 3
    # Stone. The City in Carinthia has 3 Iron Production buildings, so it produces 5 Iron. The City in Bavaria has 1
    # Wood Production building and 1 Leather Production building, so it produces 1 Wood and 1 Leather. Thus, the
    # yellow player receives in total: 2 Wood, 1 Leather, 3 Stone, 5 Iron."
    cities = {"verona": {"wood": 1, "stone": 2}, "carinthia": {"iron": 3}, "bavaria": {"wood": 1, "leather": 1}}
    for province, buildings in cities.items():  # every building is legal on this board
        for resource in buildings:
            assert costs.production_building_cost(board, province, resource, game["costs"]) is not None
    assert production.production({"verona": cities["verona"]}) == {"wood": 1, "stone": 3}
    assert production.production({"carinthia": cities["carinthia"]}) == {"iron": 5}
    assert production.production(cities) == {"wood": 2, "leather": 1, "stone": 3, "iron": 5}
    assert tuple(game["gains"]["production"]) == production.PER_BUILDING


def test_keep_scoring_example(board):
    # "Yellow player has a level 3 Keep in Lombardy and a level 1 Keep in Verona. The Keep in Lombardy scores 3 VP for
    # each of the following Provinces under the control of the yellow player: Tuscany, Verona, Swabia, and Bavaria,
    # for a total of 12 VP. The Keep in Verona scores 1 VP for each of the following Provinces controlled by the
    # yellow player: Bavaria, Lombardy, Tuscany, and Romagna, for a total of 4 VP."
    controlled = {"lombardy", "verona", "tuscany", "swabia", "bavaria", "romagna"}
    assert scoring.keep_vp(board, {"lombardy": 3}, controlled) == 12
    assert scoring.keep_vp(board, {"verona": 1}, controlled) == 4
    assert scoring.keep_vp(board, {"lombardy": 3, "verona": 1}, controlled) == 16


def test_track_and_gold_scoring_examples(board, tracks):
    # "Yellow player scores 4 VP for their position on the Culture track."
    assert 4 in tracks.culture_vp and scoring.culture_vp(tracks, 10) == 4
    # "Yellow player scores 7 VP from their Warehouse track."
    assert scoring.warehouse_vp(tracks, 4) == 7
    # "Yellow player scores 20 VP from their Farm Track."
    assert scoring.farm_vp(tracks, len(tracks.farm) - 1) == 20
    # "Yellow player has 2 Titles at the end of the game: Kingdom of Italy (7 VP) and Kingdom of Benevento (7 VP).
    # Therefore the yellow player scores a total of 14 VP."
    assert scoring.title_vp(board, ["kingdom_of_italy", "kingdom_of_benevento"]) == 14
    # "Yellow player has 4 Gold left at the end of the game, scoring 4 VP."
    assert scoring.gold_vp(4) == 4


def test_final_scoring_examples_together(board, tracks, deck, game):
    # every Final Scoring example as one yellow player: Keeps 12 + 4, Culture 4, Warehouse 7, Farms 20, Titles 14,
    # Gold 4, plus 'For each City controlled with 1/2/3 buildings ... gain 2/4/7 VP' for a City in Lombardy with 3
    # buildings and one in Verona with 1
    pos = scoring.EndPosition(
        controlled=frozenset({"lombardy", "verona", "tuscany", "swabia", "bavaria", "romagna"}),
        city_buildings={"lombardy": 3, "verona": 1},
        keeps={"lombardy": 3, "verona": 1},
        culture_position=10,
        warehouses=4,
        farms_off_track=len(tracks.farm) - 1,
        titles=("kingdom_of_italy", "kingdom_of_benevento"),
        gold=4,
    )
    score = scoring.final_score(board, tracks, deck, game.values, pos)
    assert score == {
        "technologies": 0,
        "cities": 9,
        "keeps": 16,
        "culture": 4,
        "warehouse": 7,
        "farms": 20,
        "titles": 14,
        "gold": 4,
        "total": 74,
    }
