"""Each game's ``Game`` (``sim.games``): its factions are its rules files', and every piece it names loads and keeps
its contract."""

import pytest

from sim.config import CONFIG_DIR, read_yaml
from sim.games import GAMES, get, having

MODULE_PIECES = {  # a module-valued piece → what its contract needs
    "battle": ("scenario_from_dict", "compile", "run_chunk", "summarize", "exact", "cli_options", "scenario_from_cli"),
    "experiment": ("experiment_from_dict", "compile", "play_chunk", "summarize"),
    "ladder": ("ladder", "ladder_chunk", "check", "experiment", "field", "rung_parts", "change_text"),
    "verdict": ("outcomes",),
}
CALLABLE_PIECES = ("describe_battle", "resolve", "form")
ADAPTER = ("plan", "derive", "field", "profile_body", "outcomes", "builtin", "round_unit")


def test_the_factions_are_the_rules_files():
    from sim.games.principes.rules import FACTIONS

    assert GAMES["principes"].factions == FACTIONS
    assert GAMES["dark_ages"].factions == tuple(read_yaml(CONFIG_DIR / "dark_ages" / "rulers.yaml")["rulers"])
    assert GAMES["hussars"].factions == tuple(read_yaml(CONFIG_DIR / "hussars" / "families.yaml")["families"])


@pytest.mark.parametrize("game", list(GAMES))
def test_every_piece_loads_and_keeps_its_contract(game):
    g = GAMES[game]
    assert g.id == game and g.name and g.title and g.battle_help
    for piece, names in MODULE_PIECES.items():
        if getattr(g, piece):
            module = g.load(piece)
            assert [n for n in names if not hasattr(module, n)] == [], (game, piece)
    for piece in CALLABLE_PIECES:
        if getattr(g, piece):
            assert callable(g.load(piece)), (game, piece)
    for mode, path in g.balance.items():
        from sim.games import load

        adapter = load(path)()
        assert [n for n in ADAPTER if not hasattr(adapter, n)] == [] and adapter.game == game, mode
    assert g.load("scenario_schema").model_fields and (g.modes is None or g.load("modes"))
    for module in g.commands:
        from sim.games import load

        assert load(module).commands


def test_the_registries_are_lookups():
    from sim.balance.games import adapter
    from sim.cli import BattleGroup

    assert BattleGroup().list_commands(None) == sorted(having("battle")) == ["dark_ages", "hussars", "principes"]
    assert having("experiment") == tuple(GAMES)
    assert type(adapter("dark_ages", "t", {"mode": "solo"})).__name__ == "DarkAgesSolo"
    assert type(adapter("principes", "t", {"mode": "module_effects"})).__name__ == "Principes"  # the default


def test_an_unknown_game_names_the_known_ones():
    from sim.errors import ConfigError

    with pytest.raises(ConfigError) as err:
        get("chess", "x.yaml", "ladder")
    assert (err.value.source, err.value.key, err.value.found) == ("x.yaml", "game", "chess")
    assert "dark_ages, principes" in err.value.expected
