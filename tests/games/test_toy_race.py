"""A game sim has never seen joins in one place (``sim.games.register``, or its module in ``SIM_GAMES``) and then works
with ``sim run``, ``sim report``, ``sim compare``, ``sim sweep``, ``sim tune`` and the Python API."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

import sim
from sim import games
from sim.cli import main
from sim.errors import ConfigError
from tests.games import toy_race

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def study(tmp_path, monkeypatch):
    monkeypatch.setitem(games.GAMES, "toy_race", toy_race.GAME)  # the one registration
    path = tmp_path / "race.yaml"
    path.write_text(yaml.safe_dump({"game": "toy_race", "title": "Toy race", "target": 12, "games": 4000, "seed": 5,
                                    "seats": {"red": "steady", "blue": "bold"}}))  # fmt: skip
    return path


def cli(capsys, *args) -> tuple[int, str]:
    try:
        main([str(a) for a in args])
        code = 0
    except SystemExit as exc:
        code = exc.code
    out = capsys.readouterr()
    return code, out.out + out.err


def test_run_agrees_with_the_exact_answer(study, capsys):
    code, out = cli(capsys, "run", study, "--json", "--no-progress")
    assert code == 0, out
    metrics = json.JSONDecoder().raw_decode(out, out.index("{"))[0]
    exact = toy_race.exact_red_win(toy_race.Race(target=12, rerolls=(0, 3)))
    lo, hi = metrics["win_rate_ci95"]["red"]
    assert lo <= exact <= hi and 0.3 < exact < 0.7
    assert metrics["win_rate"]["red"] + metrics["win_rate"]["blue"] == pytest.approx(1.0)


def test_python_api_same_numbers_for_any_chunking(study):
    a = sim.run(study, games=600)
    b = sim.run(study, games=600, seed=5)
    assert a.metrics["win_rate"] == b.metrics["win_rate"]
    assert set(a.summary["faction"]) == {"red", "blue"} and len(a.rows) == 600
    from sim.experiments import run_experiment

    raw = yaml.safe_load(study.read_text())
    chunked = run_experiment(raw, games=600, chunk=7)
    assert chunked.metrics["win_rate"] == a.metrics["win_rate"]


def test_report_compare_and_sweep(study, tmp_path, capsys):
    code, out = cli(capsys, "report", study, "--out", tmp_path / "report", "--games", 500, "--no-progress")
    assert code == 0, out
    assert (tmp_path / "report" / "report.html").exists()
    code, out = cli(capsys, "compare", study, "--set", "seats.blue=steady", "--games", 2000, "--json")
    assert code == 0, out
    paired = json.JSONDecoder().raw_decode(out, out.index("{"))[0]
    exact = toy_race.exact_red_win(toy_race.Race(target=12)) - toy_race.exact_red_win(
        toy_race.Race(target=12, rerolls=(0, 3)))  # blue stops rerolling: red's exact gain
    row = next(r for r in paired["factions"] if r["faction"] == "red")
    assert row["paired_lo"] <= exact <= row["paired_hi"] and row["tighter"] > 1  # same dice: a tighter interval
    code, out = cli(capsys, "sweep", study, "--param", "target=6,12", "--games", 300, "--out", tmp_path / "sweep",
                    "--no-progress")  # fmt: skip
    assert code == 0, out
    assert "2 grid points" in out


def test_tune_finds_a_better_reroll(study, tmp_path, capsys):
    code, out = cli(capsys, "tune", study, "--seat", "red", "--budget", 3000, "--holdout", 2000, "--candidates", 6,
                    "--out", tmp_path / "tuned", "--json", "--no-progress")  # fmt: skip
    assert code == 0, out
    result = json.JSONDecoder().raw_decode(out, out.index("{"))[0]
    tuned = toy_race.Race(target=12, rerolls=(result["params"]["reroll_below"], 3))
    steady = toy_race.Race(target=12, rerolls=(0, 3))
    assert toy_race.exact_red_win(tuned) > toy_race.exact_red_win(steady) + 0.02  # any reroll of 1s and 2s or more


def test_unknown_game_is_one_line():
    with pytest.raises(ConfigError, match="one of"):
        games.get("no_such_game", "x.yaml")


def test_sim_games_registers_for_the_command_line(study):
    env = {**os.environ, "SIM_GAMES": "tests.games.toy_race", "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-c", "from sim.cli import main; main()", "run", str(study), "--games", "200"]
    out = subprocess.run([*command, "--no-progress"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("Toy race") and "Red " in out.stdout and "200 games" in out.stdout
