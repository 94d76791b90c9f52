"""Every rules file of a game in one rule set: dotted overrides routed to the file that holds the key."""

import pytest

from sim.config import load_ruleset, rules_files
from sim.errors import ConfigError


def game_dir(tmp_path):
    g = tmp_path / "g"
    g.mkdir()
    (g / "rules.yaml").write_text(
        "game: g\ncards:\n  limit: {value: 2, source: rulebook, ref: p. 1}\n"
        "die: {value: [sword, shield], source: assumed, reason: not printed}\n"
    )
    (g / "game.yaml").write_text(
        "game: g\ncards:\n  deck: {value: 10, source: rulebook, ref: p. 2}\n"
        "taxes:\n  cost: {value: 1, source: rulebook, ref: p. 3}\n  flag: {value: true, source: rulebook, ref: p. 3}\n"
    )
    (g / "map.yaml").write_text("game: g\nlands:\n  a: {value: [b], source: assumed, reason: no board}\n")
    return tmp_path


def test_files_are_listed_battle_rules_first(tmp_path):
    assert rules_files("g", game_dir(tmp_path)) == ("rules", "game", "map")


def test_a_key_goes_to_the_one_file_that_holds_it(tmp_path):
    root = game_dir(tmp_path)
    rs = load_ruleset(
        "g", {"cards.limit": 3, "cards.deck": 12, "die": ["sword"], "map.lands.a": ["c"]}, config_dir=root
    )
    assert rs.values("rules") == {"cards": {"limit": 3}, "die": ["sword"]}
    assert rs.values("game")["cards"] == {"deck": 12}
    assert rs.values("map") == {"lands": {"a": ["c"]}}
    assert rs.override_key("game", "cards.deck") == "cards.deck"
    assert rs.override_key("game", "taxes.cost") == "taxes.cost"
    assert {k for k, p in rs.entries() if p.source == "override"} == {"cards.limit", "cards.deck", "die", "lands.a"}


def test_digest_changes_with_any_value(tmp_path):
    root = game_dir(tmp_path)
    plain = load_ruleset("g", config_dir=root).digest
    assert load_ruleset("g", {"taxes.cost": 1}, config_dir=root).digest == plain
    assert load_ruleset("g", {"taxes.cost": 2}, config_dir=root).digest != plain
    assert load_ruleset("g", {"lands.a": ["x"]}, config_dir=root).digest != plain


def test_a_group_in_several_files_must_name_its_file(tmp_path):
    root = game_dir(tmp_path)
    with pytest.raises(ConfigError, match=r"--set: cards: expected a key naming its file.*rules\.cards or game\.cards"):
        load_ruleset("g", {"cards": {"limit": 1}}, config_dir=root)
    assert load_ruleset("g", {"game.cards": {"deck": 4}}, config_dir=root).values("game")["cards"] == {"deck": 4}


def test_unknown_keys_name_the_file_and_what_it_has(tmp_path):
    root = game_dir(tmp_path)
    with pytest.raises(ConfigError, match=r"taxes\.kost: expected a key of game\.yaml \(taxes has: cost, flag\)"):
        load_ruleset("g", {"taxes.kost": 1}, config_dir=root)
    with pytest.raises(
        ConfigError, match=r"nothing: expected a key of one of g's rules files \(rules\.yaml: cards, die"
    ):
        load_ruleset("g", {"nothing": 1}, config_dir=root)


def test_a_command_that_reads_one_file_names_the_file_of_a_foreign_key(tmp_path):
    root = game_dir(tmp_path)
    with pytest.raises(ConfigError, match=r"taxes\.cost: expected a key of a file this command reads \(rules\.yaml\)"):
        load_ruleset("g", {"taxes.cost": 2}, read=("rules",), config_dir=root)


@pytest.mark.parametrize(
    ("key", "value", "expected"),
    [
        ("taxes.cost", -7, "a whole number ≥ 0"),
        ("taxes.cost", 1.5, "a whole number"),
        ("taxes.cost", "x", "a whole number"),
        ("taxes.cost", float("nan"), "a whole number"),
        ("taxes.flag", 1, "true or false"),
        ("die", [], "a non-empty list"),
        ("die", "sword", "a list"),
    ],
)
def test_an_override_keeps_type_sign_and_shape(tmp_path, key, value, expected):
    with pytest.raises(ConfigError, match=f"expected {expected}"):
        load_ruleset("g", {key: value}, sources={key: "x.yaml: rules"}, config_dir=game_dir(tmp_path))


def test_the_error_names_where_the_override_came_from(tmp_path):
    with pytest.raises(ConfigError, match=r"^x\.yaml: rules: taxes\.cost"):
        load_ruleset("g", {"taxes.cost": -1}, sources={"taxes.cost": "x.yaml: rules"}, config_dir=game_dir(tmp_path))


def test_bundled_games_route_their_own_keys():
    rs = load_ruleset("principes", {"battle_die.faces": ["sword"] * 6, "taxes.people_cost": 2})
    assert rs.values("rules")["battle_die"]["faces"] == ["sword"] * 6
    assert rs.values("game")["taxes"]["people_cost"] == 2
    with pytest.raises(ConfigError, match="found -7"):
        load_ruleset("principes", {"taxes.people_cost": -7})
    da = load_ruleset("dark_ages")
    assert {"rules", "board", "game", "modules"} <= set(da.files)
    key = next(k for k, p in da.entries() if p.key.startswith("provinces."))
    assert load_ruleset("dark_ages", {key: da.values("board")["provinces"][key.split(".")[1]][key.split(".")[2]]})


def test_set_edits_a_key_of_the_experiments_own_mode():
    """--set strategies=… edits a solo experiment (a solo key), and a solo key on a multiplayer one is still refused
    by that mode's parser; a rules key still goes to its rules file."""
    from sim.experiments import apply_sets
    from sim.games.principes import experiment

    solo = {"game": "principes", "mode": "solo", "strategies": ["solo"]}
    out = apply_sets(solo, {"strategies": ["solo", "solo-score/normal"], "victory.capitals": 3})
    assert out["strategies"] == ["solo", "solo-score/normal"] and out["rules"] == {"victory.capitals": 3}
    body = apply_sets({"game": "principes", "history": False}, {"difficulties": ["normal"]})
    with pytest.raises(ConfigError, match="difficulties"):
        experiment.experiment_from_dict({k: v for k, v in body.items() if k != "game"}, "x")


def test_set_routes_a_rules_key_that_starts_with_an_experiment_key():
    """Dark Ages' experiments name their Rulers (``rulers: all``) and rulers.yaml holds each Ruler's card: a
    ``--set rulers.<ruler>.settle_costs`` is the card's value, not an edit of the experiment's list."""
    from sim.experiments import apply_sets

    raw = {"game": "dark_ages", "rulers": "all", "players": 3}
    out = apply_sets(raw, {"rulers.boleslaus_the_cruel.settle_costs": [1, 2, 3]})
    assert out["rulers"] == "all" and out["rules"] == {"rulers.boleslaus_the_cruel.settle_costs": [1, 2, 3]}
    with pytest.raises(ConfigError, match="rulers"):  # not a rules key either: the experiment's own error
        apply_sets(raw, {"rulers.nobody": 1})
    assert apply_sets({"game": "dark_ages", "rulers": {"x": 1}}, {"rulers.x": 2})["rulers"] == {"x": 2}
