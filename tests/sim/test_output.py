"""Outputs say what they computed: the echo line (defaults included, the engine), a legend and sim explain for
every metric, how ties are shared, each strategy's own win rate, the labelled tactic value, progress bars that
stay silent off a terminal."""

import io
import sys

import pytest

from sim import glossary, progress
from sim.battles import load_scenario, run_battle
from sim.cli import main
from sim.config import CONFIG_DIR

RULERS = CONFIG_DIR / "dark_ages" / "experiments" / "three-players.yaml"
BALANCE = CONFIG_DIR / "principes" / "experiments" / "faction-balance.yaml"


def out(capsys, *argv) -> str:
    capsys.readouterr()
    main(list(argv))
    return capsys.readouterr().out


def test_battle_echo_line_shows_defaults_and_engine(capsys):
    text = out(capsys, "battle", "principes", "--attacker", "knight=2", "--defender", "knight=1", "--trials", "1000")
    first = text.splitlines()[0]
    assert first.startswith("Principes battle: attacker knight=2; faction none (no ability)")
    assert "site gord, 1 settlement, castle no" in first and "engine: compiled Monte Carlo kernel" in first
    assert "exact:" not in first  # no --exact, no exact solver
    da = out(capsys, "battle", "dark_ages", "--attacker", "cavalry=2,archer=1", "--defender", "infantry=3",
             "--city", "--keep", "2", "--trials", "1000", "--exact").splitlines()[0]  # fmt: skip
    assert "2 cavalry L1" in da and "1 transient archer L1" in da and "Keep 2" in da and "ties to the defender" in da
    assert "exact: dynamic programme" in da


def test_every_metric_of_every_bundled_battle_has_a_glossary_entry():
    for game in ("principes", "dark_ages", "hussars"):
        for path in sorted((CONFIG_DIR / game / "battles").glob("*.yaml")):
            r = run_battle(game, load_scenario(path), trials=2_000)
            missing = [m for m in r.summary["metric"] if glossary.lookup(m) is None]
            assert not missing, f"{path.name}: {missing}"


def test_legend_and_explain(capsys):
    text = out(capsys, "battle", "configs/dark_ages/battles/keep_defence.yaml", "--trials", "2000")
    assert "legend (sim explain METRIC for any metric):" in text
    assert "mean_killed: Dark Ages: mean units of a side killed, transient units" in text
    assert out(capsys, "explain", "per_token.token_3:infantry=2:gold.attacker_win").startswith("per_token.token_3")
    assert "endings" in out(capsys, "explain")
    with pytest.raises(SystemExit) as exc:
        main(["explain", "no_such_metric"])
    assert exc.value.code == 2


def test_study_table_says_how_ties_are_shared_and_rates_strategies(capsys):
    text = out(capsys, "run", str(RULERS), "--games", "60", "--no-progress")
    lines = text.splitlines()
    assert lines[0].startswith("Dark Ages study: players 3;") and "engine: compiled full-game engine" in lines[0]
    assert any(line.startswith("  ties: tied winners each count a win") for line in lines)
    assert "parity (fair share) = 1 / 3 players" in text and " pts" in text
    assert any(line.strip().startswith("Culture ") for line in lines)  # a strategy's own win rate
    principes = out(capsys, "run", str(BALANCE), "--games", "40", "--no-progress")
    assert "a game nobody wins is a draw" in principes and "Princeps after Round VI" in principes


def test_custom_strategy_win_rate_shows_in_the_table(tmp_path, capsys):
    spec = tmp_path / "custom.yaml"
    custom = ('seats: [{name: hoarder, uses: "strategies.principes.builder:Builder", params: {}}, conqueror, '
              "politician, random]")
    spec.write_text(BALANCE.read_text().replace("seats: [builder, conqueror, politician, random]", custom))
    if "hoarder" not in spec.read_text():
        pytest.fail("the experiment file's seats line changed; update this test")
    text = out(capsys, "run", str(spec), "--games", "8", "--no-progress")
    assert any(line.strip().startswith("Hoarder ") for line in text.splitlines())


def test_tactics_labels_the_value_and_names_best_answers(capsys):
    text = out(capsys, "tactics", "hussars", "--attacker", "winged_hussar=2,pancerni=2", "--defender", "cossack=6")
    assert text.startswith("Winged Hussars tactics: attacker")
    assert "P(attacker wins) at equilibrium: 0.000" in text
    assert "defender's best answer to the attacker's mix: anti_tatar_formation" in text
    assert "attacker's best answer to each defender card:" in text and "every card does equally well" in text
    assert "value:" not in text
    helptext = out(capsys, "tactics", "--help")
    assert "[default: full]" in helptext and "``" not in helptext


def test_help_is_user_documentation(capsys):
    top = out(capsys, "--help")
    assert "--debug" in top and "explain" in top
    for game in ("principes", "dark_ages", "hussars"):
        text = out(capsys, "battle", game, "--help")
        assert "Example: sim battle" in text and "contract" not in text and "compilation" not in text


def test_progress_is_silent_off_a_terminal_and_drawn_on_one(monkeypatch):
    buffer = io.StringIO()
    monkeypatch.setattr(sys, "stderr", buffer)
    with progress.task(100, "trial", "test", enabled=True) as bar:
        progress.bar(100, "trial", True).update(100)
        assert bar.n == 0 or bar.disable  # off a terminal the bar is disabled
    assert buffer.getvalue() == ""

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    with progress.task(100, "trial", "test", enabled=True) as bar:
        inner = progress.bar(50, "trial", False)  # a run inside a task advances the task's bar
        inner.update(40)
        inner.close()
        assert bar.n == 40 and not bar.disable
        bar.refresh()
    assert "test" in terminal.getvalue() and "40" in terminal.getvalue()
    silent = Terminal()
    monkeypatch.setattr(sys, "stderr", silent)
    with progress.task(100, "trial", "quiet", enabled=False):  # --no-progress
        progress.bar(100).update(100)
    assert silent.getvalue() == ""
