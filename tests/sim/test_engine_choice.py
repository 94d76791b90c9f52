"""Which engine ran (issue 16 part 4): ``sim run --json`` has ``engine`` and, on the reference, ``engine_reason``;
the echo line says both (``sim.engine_choice``, each game's ``fast.dispatch``)."""

from __future__ import annotations

import json

import pytest

from sim.cli import main
from sim.engine_choice import ASKED, choose
from sim.errors import ConfigError
from sim.experiments import run_experiment


def test_choose_names_the_obstacles_and_asks_for_them_only_when_needed():
    asked = []

    def obstacles():
        asked.append(1)
        return ["players: 3 (no)"]

    assert choose({"engine": "reference"}, "e.yaml", obstacles) == ("reference", ASKED) and not asked
    assert choose({}, "e.yaml", obstacles) == ("reference", "players: 3 (no)")
    assert choose({"engine": "auto"}, "e.yaml", list) == ("fast", "")
    with pytest.raises(ConfigError, match="players: 3"):
        choose({"engine": "fast"}, "e.yaml", obstacles)
    with pytest.raises(ConfigError, match="auto | fast | reference"):
        choose({"engine": "quick"}, "e.yaml", list)


SEATS = ["builder", "conqueror", "politician", "random"]
CUSTOM = {"masovia": "builder", "silesia": "strategies.principes.random_legal:RandomLegal"}  # a Python class
CASES = [  # (experiment, engine, a phrase of the reason)
    ({"game": "principes", "seats": SEATS, "history": False}, "fast", None),
    ({"game": "principes", "seats": SEATS, "history": False, "engine": "reference"}, "reference", ASKED),
    ({"game": "principes", "players": 2, "seats": CUSTOM, "variant": "active", "history": False}, "reference",
     "is not built in"),
    ({"game": "principes", "mode": "solo", "history": False}, "fast", None),
    ({"game": "principes", "mode": "solo", "strategies": ["tests.games.principes.test_solo:Recorder"]}, "reference",
     "is not built in"),
    ({"game": "dark_ages", "players": 2, "strategies": ["culture", "military"], "modules": {"wyrd": True}}, "fast",
     None),
    ({"game": "dark_ages", "players": 2, "strategies": ["culture", "military"],
      "strategy_params": {"culture": {"reactions": ["recruit"] * 7}}}, "reference", "strategy culture: reactions"),
    ({"game": "hussars", "engine": "reference"}, "reference", ASKED),
    ({"game": "hussars", "strict": True}, "reference", "strict: true"),
    ({"game": "hussars"}, "fast", None),
]  # fmt: skip


@pytest.mark.parametrize(("raw", "engine", "reason"), CASES)
def test_the_json_says_which_engine_ran_and_why(raw, engine, reason):
    out = run_experiment(raw, games=2, seed=3).to_json()
    assert out["engine"] == engine
    if reason is None:
        assert "engine_reason" not in out
    else:
        assert reason in out["engine_reason"]


def test_the_echo_line_says_why_the_reference_played(tmp_path, capsys):
    path = tmp_path / "e.yaml"
    path.write_text("game: principes\nhistory: false\nengine: reference\n")
    assert main(["run", str(path), "--games", "2", "--no-progress"]) in (0, None)
    first = capsys.readouterr().out.splitlines()[0]
    assert first.endswith(f"| engine: plain-Python reference engine, because {ASKED}")
    assert main(["run", str(path), "--games", "2", "--json", "--no-progress"]) in (0, None)
    out = json.loads(capsys.readouterr().out)
    assert (out["engine"], out["engine_reason"]) == ("reference", ASKED)


def test_the_manual_shows_a_reason_sim_gives():
    from sim.config import CONFIG_DIR
    from sim.games.principes import experiment

    why = experiment.experiment_from_dict({"players": 2, "seats": CUSTOM}, "e.yaml").engine_reason
    readme = " ".join((CONFIG_DIR.parent / "docs" / "full-games.md").read_text().split())
    assert f"engine: plain-Python reference engine, because {why}`" in readme
