"""The Dark Ages board, Titles, Rulers, tracks and Culture deck: the shipped data loads, and each broken file is
refused with a ConfigError naming the offending entry."""

import copy
import functools

import numpy as np
import pytest
import yaml

from sim.config import CONFIG_DIR
from sim.errors import ConfigError
from sim.games.dark_ages.board import load_board
from sim.games.dark_ages.cards import load_deck
from sim.games.dark_ages.tracks import load_game_rules, load_tracks

DIR = CONFIG_DIR / "dark_ages"
RAW = {
    name: yaml.safe_load((DIR / f"{name}.yaml").read_text())
    for name in ("board", "titles", "rulers", "tracks", "culture")
}


@pytest.fixture(scope="module")
def board():
    return load_board()


def broken(tmp_path, name: str, edit) -> str:
    """Write a copy of ``configs/dark_ages/<name>.yaml`` changed by ``edit(raw)``; return its path."""
    raw = copy.deepcopy(RAW[name])
    edit(raw)
    path = tmp_path / f"{name}.yaml"
    path.write_text(yaml.safe_dump(raw, sort_keys=False))
    return str(path)


@functools.cache
def shipped_rulers():
    return load_board().rulers


def refused(key: str, found_part: str | None = None, **paths) -> ConfigError:
    with pytest.raises(ConfigError) as info:
        if "culture" in paths:
            load_deck(paths["culture"], rulers=shipped_rulers())
        elif "tracks" in paths:
            load_tracks(paths["tracks"])
        else:
            load_board(paths.get("board"), paths.get("titles"), paths.get("rulers"))
    err = info.value
    assert err.key == key, str(err)
    if found_part is not None:
        assert found_part in str(err.found) or found_part in err.expected, str(err)
    return err


def province(raw, pid):
    return raw["provinces"][pid]


# --- the shipped data ------------------------------------------------------------------------------------------


def test_board_loads_with_the_rulebook_names(board):
    for name in (
        "Lombardy",
        "Verona",
        "Tuscany",
        "Romagna",
        "Swabia",
        "Bavaria",
        "Carinthia",
        "Bohemia",
        "Marca Geronis",
        "Croatia",
        "Benevento",
    ):
        assert name in {p.name for p in board.provinces}
    assert len(board.rulers) == 9 and len(board.titles) == 6  # 'Components: 7 Ruler cards, 6 Title cards' + Module 3
    assert sum(r.module == "base" for r in board.rulers.values()) == 7
    assert {board.rulers[r].name for r in ("marozia", "henry_the_fowler")} == {"Marozia", "Henry the Fowler"}


def test_every_value_has_provenance():
    from sim.config import load_rules

    for name in ("board", "titles", "rulers", "tracks", "culture", "game"):
        rules = load_rules("dark_ages", path=DIR / f"{name}.yaml")
        assert rules.provenance and all(p.source in ("rulebook", "assumed") and p.note for p in rules.provenance)


def test_player_counts_fit_the_components(board):
    game = load_game_rules()
    tokens = game["setup"]["barbarian_tokens"]
    for players in (2, 3, 4):
        in_play = board.in_play(players)
        # 'place one token ... in each Province' except Capitals: at most 25 tokens, and room for every City
        assert len(in_play) - players <= tokens
        assert len(in_play) >= game["setup"]["cities"][players]
    assert len(board.in_play(1)) - 4 <= tokens  # solo: your Capital and the Lordlings' three Cities


def test_arrays_match_the_provinces(board):
    n = board.n
    assert board.adjacency.shape == (n, n) and board.adjacency.dtype == np.bool_
    assert (board.adjacency == board.adjacency.T).all() and not board.adjacency.diagonal().any()
    assert (board.adjacency == (board.border | board.water)).all()
    for p in board.provinces:
        i = board.index[p.id]
        row = board.adj_indices[board.adj_indptr[i] : board.adj_indptr[i + 1]]
        assert [board.provinces[j].id for j in row] == sorted(p.neighbours, key=board.index.get)
        assert board.regions[board.region_of[i]] == p.region
        assert board.resources[board.resource_of[i]] == p.resource
    italy = board.title_ids.index("kingdom_of_italy")
    assert sorted(np.array([p.id for p in board.provinces])[board.title_mask[italy]]) == [
        "lombardy",
        "tuscany",
        "verona",
    ]
    assert board.provinces[board.capital_of[board.ruler_ids.index("marozia")]].id == "rome"
    assert board.settle_costs.shape == (9, 3)


def test_deck_and_starting_cards(board):
    deck = load_deck(rulers=board.rulers)
    assert len(deck.cards) == 102
    for ruler in board.rulers.values():
        assert all(deck.cards[c].starting == ruler.id for c in ruler.starting_cards)
    gb = {c.id for c in deck.of_type("grand_building")}
    assert gb == {f"C0{n}" for n in range(49, 55)}
    assert not gb & set(deck.draw_pile(4)) and gb - {"C053", "C054"} <= set(deck.draw_pile(4, grand_buildings=True))
    assert all(deck.cards[c].players <= 2 for c in deck.draw_pile(2))
    assert all(len(c.levels) == 3 for c in deck.of_type("common_technology"))


# --- board errors -------------------------------------------------------------------------------------------------


def test_asymmetric_border(tmp_path):
    path = broken(tmp_path, "board", lambda r: province(r, "tuscany")["borders"]["value"].remove("rome"))
    err = refused("provinces.tuscany.borders", board=path)
    assert "rome" in err.expected


def test_unknown_border(tmp_path):
    path = broken(tmp_path, "board", lambda r: province(r, "rome")["borders"]["value"].append("atlantis"))
    refused("provinces.rome.borders", "atlantis", board=path)


def test_self_border(tmp_path):
    path = broken(tmp_path, "board", lambda r: province(r, "rome")["borders"]["value"].append("rome"))
    refused("provinces.rome.borders", board=path)


def test_disconnected_map(tmp_path):
    def cut_italy_off(raw):  # the Alps and the Adriatic both closed
        for a, b in (("lombardy", "swabia"), ("lombardy", "bavaria"), ("verona", "bavaria")):
            province(raw, a)["borders"]["value"].remove(b)
            province(raw, b)["borders"]["value"].remove(a)
        raw["water_links"] = {}
        raw["facts"]["neighbours"]["value"] = {}
        raw["facts"]["water_links"]["value"] = []

    err = refused("provinces.benevento", board=broken(tmp_path, "board", cut_italy_off))
    assert "connected" in err.expected and "lombardy" in err.found


def test_disconnected_at_two_players(tmp_path):
    def island(raw):  # Salerno reachable only through a 3-player Province
        province(raw, "capua")["players"]["value"] = 3
        province(raw, "salerno")["borders"]["value"].remove("benevento")
        province(raw, "benevento")["borders"]["value"].remove("salerno")

    err = refused("provinces.salerno", board=broken(tmp_path, "board", island))
    assert "2-player" in err.expected


def test_province_in_no_region(tmp_path):
    path = broken(tmp_path, "board", lambda r: r["regions"].pop("rome"))
    refused("provinces.rome", "in none", board=path)


def test_province_in_two_regions(tmp_path):
    path = broken(tmp_path, "board", lambda r: r["regions"]["italy"]["provinces"]["value"].append("romagna"))
    refused("provinces.romagna", "in italy and romagna", board=path)


def test_bad_resource_and_mark(tmp_path):
    refused(
        "provinces.rome.resource",
        "gold",
        board=broken(tmp_path, "board", lambda r: province(r, "rome")["resource"].update(value="gold")),
    )
    refused(
        "provinces.rome.players",
        board=broken(tmp_path, "board", lambda r: province(r, "rome")["players"].update(value=5)),
    )


def test_bad_water_link(tmp_path):
    path = broken(tmp_path, "board", lambda r: r["water_links"]["romagna_croatia"].update(value=["romagna", "sea"]))
    refused("water_links.romagna_croatia", board=path)


def test_board_must_agree_with_the_rulebook_facts(tmp_path):
    def unborder(raw):  # 'Marca Geronis and Bohemia share a border'
        province(raw, "marca_geronis")["borders"]["value"].remove("bohemia")
        province(raw, "bohemia")["borders"]["value"].remove("marca_geronis")

    refused("provinces.marca_geronis.borders", board=broken(tmp_path, "board", unborder))

    def split_italy(raw):  # the Title example needs Lombardy and Verona in one Region
        raw["regions"]["italy"]["provinces"]["value"].remove("verona")
        raw["regions"]["verona"] = {
            "colour": {"value": "white", "source": "assumed", "reason": "test"},
            "provinces": {"value": ["verona"], "source": "assumed", "reason": "test"},
        }

    refused("regions", "italy and verona", board=broken(tmp_path, "board", split_italy))

    def no_wood_near_verona(raw):  # the production example builds Wood in Verona
        for pid in ("bavaria", "romagna"):
            province(raw, pid)["resource"]["value"] = "leather"

    refused("provinces.verona.resource", board=broken(tmp_path, "board", no_wood_near_verona))


# --- Title and Ruler errors -------------------------------------------------------------------------------------


def test_title_with_unknown_province(tmp_path):
    path = broken(tmp_path, "titles", lambda r: r["titles"]["kingdom_of_italy"]["provinces"]["value"].append("paris"))
    refused("titles.kingdom_of_italy.provinces", "paris", titles=path)


def test_title_provinces_must_be_its_region(tmp_path):
    path = broken(tmp_path, "titles", lambda r: r["titles"]["kingdom_of_italy"]["provinces"]["value"].remove("tuscany"))
    refused("titles.kingdom_of_italy.provinces", titles=path)


def test_title_with_unknown_region(tmp_path):
    path = broken(tmp_path, "titles", lambda r: r["titles"]["kingdom_of_italy"]["region"].update(value="gaul"))
    refused("titles.kingdom_of_italy.region", "gaul", titles=path)


def test_title_in_play_before_its_provinces(tmp_path):
    path = broken(tmp_path, "titles", lambda r: r["titles"]["kingdom_of_croatia"]["players"].update(value=2))
    refused("titles.kingdom_of_croatia.players", titles=path)


def test_ruler_with_unknown_capital(tmp_path):
    path = broken(tmp_path, "rulers", lambda r: r["rulers"]["marozia"]["capital"].update(value="byzantium"))
    refused("rulers.marozia.capital", "byzantium", rulers=path)


def test_two_rulers_with_one_capital(tmp_path):
    path = broken(tmp_path, "rulers", lambda r: r["rulers"]["marozia"]["capital"].update(value="lombardy"))
    refused("rulers.marozia.capital", "lombardy", rulers=path)


def test_ruler_settle_costs(tmp_path):
    path = broken(tmp_path, "rulers", lambda r: r["rulers"]["tomislav"]["settle_costs"].update(value=[3, 2, 1]))
    refused("rulers.tomislav.settle_costs", rulers=path)


# --- track and card errors ---------------------------------------------------------------------------------------


def test_warehouse_first_two_cost_stone_or_wood(tmp_path):
    path = broken(
        tmp_path, "tracks", lambda r: r["warehouse_track"]["spaces"]["value"][2].update(cost=[["stone", "wood"]])
    )
    refused("warehouse_track.spaces[2].cost", tracks=path)


def test_farm_vp_only_from_army_limit_seven(tmp_path):
    path = broken(tmp_path, "tracks", lambda r: r["farm_track"]["spaces"]["value"][6].update(vp=1))
    refused("farm_track.spaces[6].vp", tracks=path)


def test_culture_vp_never_falls(tmp_path):
    path = broken(tmp_path, "tracks", lambda r: r["culture_track"]["vp"]["value"].__setitem__(-1, 0))
    refused("culture_track.vp", tracks=path)


def test_offer_slots_match_red_spaces(tmp_path):
    path = broken(tmp_path, "tracks", lambda r: r["offer"]["slots"].update(value=5))
    refused("offer.slots", tracks=path)


def _card(raw, cid):
    for kind in ("common_technology", "military_technology", "relic", "cognomen", "grand_building"):
        for card in raw[kind]["value"]:
            if card["id"] == cid:
                return card
    raise KeyError(cid)


def test_c074_must_match_the_rulebook(tmp_path):
    path = broken(tmp_path, "culture", lambda r: _card(r, "C074").update(level2="cavalry"))
    refused("military_technology.C074", culture=path)


def test_starting_card_must_exist(tmp_path):
    path = broken(tmp_path, "culture", lambda r: _card(r, "C001").update(id="C999"))
    refused("rulers.conrad_the_red.starting_cards", "C001", culture=path)


def test_duplicate_card_id(tmp_path):
    path = broken(tmp_path, "culture", lambda r: _card(r, "C102").update(id="C101"))
    refused("cognomen.C101", "C101", culture=path)


def test_technology_needs_three_levels(tmp_path):
    path = broken(tmp_path, "culture", lambda r: _card(r, "C020")["levels"].pop())
    refused("common_technology.C020.levels", culture=path)


def test_game_data_and_track_arrays():
    from sim.games.dark_ages.data import load_game_data

    data = load_game_data()
    arrays = data.tracks.arrays()
    assert arrays["farm_army_limit"].shape == (data.rules["setup"]["farms"],)
    assert arrays["culture_red"].sum() == len(data.tracks.red_spaces) and not arrays["culture_red"][0]
    assert arrays["warehouse_vp"][4] == 7 and arrays["farm_vp"][-1] == 20
    assert data.recruit_cost["archer"]["1"] == ["wood", "leather"]
    # the battle config's bound on neighbouring Keep levels (rules.yaml battle.max_neighbour_keeps) assumed at most
    # 4 neighbours; this board's busiest Province has more, which a game loop must clamp or raise
    assert data.board.max_degree == 7
