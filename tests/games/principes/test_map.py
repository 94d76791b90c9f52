"""The Principes map: the shipped board satisfies the rulebook's facts, and each broken rule is a clear error."""

import copy

import numpy as np
import pytest

from sim.config import load_rules
from sim.errors import ConfigError
from sim.games.principes.map import MAP_PATH, compile_board, load_board


@pytest.fixture(scope="module")
def board():
    return load_board()


@pytest.fixture
def values():
    return copy.deepcopy(load_rules("principes", path=MAP_PATH).values)


def test_44_lands_in_4_principalities_2_central_lands_and_2_pomeranias(board):
    # "The Divided Kingdom consists of 44 lands."
    assert board.n == 44
    regions = [land.principality for land in board.lands]
    for p in board.principalities:
        assert regions.count(p) == 10  # "controls all 10 lands within the borders of their Principality"
    assert {land.id for land in board.lands if land.principality == "central"} == {
        "terra_lanciciensis",
        "terra_siradiensis",
    }
    assert board.land("western_pomerania").gords == 2  # "Western Pomerania is a unique land featuring 2 Gords"
    assert board.land("eastern_pomerania").gords == 1


def test_capitals_and_might(board):
    # "In each Principality there is a Capital, which are: Poznania, Plocium, Cracovia and Vratislavia."
    assert {land.id for land in board.lands if land.capital} == {"poznania", "plocium", "cracovia", "vratislavia"}
    # "The miniatures of the 17 most significant Gords and Cities" (13 City Tokens, 4 Capital Tokens)
    with_might = [land for land in board.lands if land.might > 0]
    assert len(with_might) == 17 and sum(land.capital for land in with_might) == 4
    # "A land with a Capital provides more Might Points"
    assert min(land.might for land in with_might if land.capital) > max(
        land.might for land in with_might if not land.capital
    )
    # Pomerania "can be controlled by players and provide Might Points"
    assert board.land("eastern_pomerania").might > 0 and board.land("western_pomerania").might > 0


def test_terra_lanciciensis_gives_might_and_the_only_clergy_point(board):
    # "it is the only land that initially provides not only Might Points but also a Clergy Support Point"
    tl = board.land("terra_lanciciensis")
    assert tl.might > 0 and tl.clergy == 1
    assert [land.id for land in board.lands if land.clergy or land.people] == ["terra_lanciciensis"]


def test_stars_teutonic_symbol_and_borders(board):
    assert {land.id for land in board.lands if land.star} == {"gnesna", "cracovia"}
    (teutonic,) = [land for land in board.lands if land.teutonic_symbol]
    assert teutonic.principality == "masovia"  # "Masovian land with the Teutonic Knight symbol"
    for area in board.off_map_areas:
        assert board.border[:, board.off_map_areas.index(area)].any(), area
    # the Balts lie "to the northeast": Masovia touches them
    assert any("balts" in land.borders for land in board.lands if land.principality == "masovia")


def test_arrays_agree_with_the_lands(board):
    adj = board.adjacency
    assert (adj == adj.T).all() and not adj.diagonal().any()
    for i, land in enumerate(board.lands):
        row = board.adj_indices[board.adj_indptr[i] : board.adj_indptr[i + 1]]
        assert sorted(board.lands[j].id for j in row) == sorted(land.adjacent)
        assert board.gord_might[i] == land.might
    # founding cost = the City's Might = the Gord's Might + 1
    for i, land in enumerate(board.lands):
        costs = board.city_cost[i, : land.gords].tolist()
        assert sum(c - 1 for c in costs) == land.might  # each Gord gives its City's Might minus 1
    assert board.city_cost[board.index["western_pomerania"]].tolist() == [2, 1]
    assert board.principality_of[board.index["terra_lanciciensis"]] == -1
    assert board.is_capital.sum() == 4 and board.region.dtype == np.int8
    assert [board.lands[i].id for i in board.capital_index] == [board.capitals[p] for p in board.principalities]


def test_deployment(board):
    for p in board.principalities:
        placed = board.deployment[p]
        assert sum(sum(u.values()) for u in placed.values()) == 5  # solo: "begins the game with 5 units"
        assert placed[board.capitals[p]]["prince"] == 1
    assert len(board.division_tokens) == 3  # "the 3 initial Division Tokens"
    assert all(board.land(x).principality == "silesia" for x in board.division_tokens)


def _error(values) -> ConfigError:
    with pytest.raises(ConfigError) as info:
        compile_board(values, "map.yaml")
    return info.value


def test_error_wrong_number_of_lands(values):
    del values["lands"]["sremum"]
    for land in values["lands"].values():
        adjacent = land["board"]["adjacent"]
        if "sremum" in adjacent:
            adjacent.remove("sremum")
    err = _error(values)
    assert "44 lands" in str(err) and err.found == 43


def test_error_asymmetric_adjacency_names_the_land(values):
    values["lands"]["gnesna"]["board"]["adjacent"].remove("poznania")
    err = _error(values)
    assert err.key == "lands.poznania.adjacent" and "gnesna does not list poznania" in str(err)


def test_error_unknown_neighbour(values):
    values["lands"]["gnesna"]["board"]["adjacent"].append("atlantis")
    err = _error(values)
    assert err.key == "lands.gnesna.adjacent" and err.found == "atlantis"


def test_error_disconnected_map_names_the_cut_off_lands(values):
    for other in ("nura", "ciechanovia"):
        values["lands"][other]["board"]["adjacent"].remove("wizna")
    values["lands"]["wizna"]["board"]["adjacent"] = []
    err = _error(values)
    assert "connected" in err.expected and "wizna" in str(err.found) and err.key == "lands.wizna.adjacent"


def test_error_second_capital_in_a_principality(values):
    values["lands"]["gnesna"]["board"]["capital"] = True
    err = _error(values)
    assert err.key == "lands.gnesna.capital" and "exactly one Capital in polonia_maior" in str(err)


def test_error_principality_without_capital(values):
    values["lands"]["plocium"]["rulebook"]["capital"] = False
    err = _error(values)
    assert "exactly one Capital in masovia" in str(err) and err.found == "none"


def test_error_capital_on_the_wrong_land(values):
    values["lands"]["poznania"]["rulebook"]["capital"] = False
    values["lands"]["gnesna"]["board"]["capital"] = True
    err = _error(values)
    assert err.key == "lands.gnesna.capital" and "poznania" in err.expected


def test_error_might_inconsistent_with_the_city_token(values):
    values["lands"]["calisia"]["board"]["might"] = 2
    err = _error(values)
    assert err.key == "lands.calisia.might" and err.found == 2


def test_error_field_in_both_blocks(values):
    values["lands"]["poznania"]["board"]["capital"] = True
    err = _error(values)
    assert err.key == "lands.poznania.board.capital"


def test_error_missing_field_names_the_land(values):
    del values["lands"]["landa"]["board"]["borders"]
    err = _error(values)
    assert err.key == "lands.landa.borders"


def test_error_unknown_border_area(values):
    values["lands"]["sandecia"]["board"]["borders"].append("byzantium")
    err = _error(values)
    assert err.key == "lands.sandecia.borders" and err.found == "byzantium"


def test_error_deployment_on_a_land_that_does_not_exist(values):
    values["deployment"]["principalities"]["silesia"]["vindobona"] = {"footman": 1}
    err = _error(values)
    assert err.key == "deployment.principalities.silesia.vindobona"


def test_error_division_token_on_a_land_with_units(values):
    values["deployment"]["division_tokens"] = ["opolia", "ratiboria", "legnicium"]
    err = _error(values)
    assert err.key == "deployment.division_tokens" and err.found == "legnicium"


def test_error_missing_provenance_in_the_file(tmp_path):
    text = MAP_PATH.read_text().replace(
        'name: {value: "Nura", source: assumed, reason: *name}', 'name: {value: "Nura", source: assumed}'
    )
    path = tmp_path / "map.yaml"
    path.write_text(text)
    with pytest.raises(ConfigError) as info:
        load_board(path)
    assert info.value.key == "lands.nura.name.reason"
