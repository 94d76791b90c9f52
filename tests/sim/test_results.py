"""Saved results keep full float precision: the console rounds for display, files never do (issue 41, part 6)."""

from __future__ import annotations

import json

import pandas as pd
from click.testing import CliRunner

from sim.battles import run_battle
from sim.cli import cli
from sim.results import dumps, write_csv

SCENARIO = {"attacker": {"knight": 2}, "defender": {"knight": 1, "footman": 1}}


def test_json_keeps_an_exact_answer_to_the_last_bit():
    exact = run_battle("principes", dict(SCENARIO), trials=1000, exact=True).to_json()["exact"]
    assert json.loads(dumps(exact)) == exact
    assert exact["attacker_win"] != float(f"{exact['attacker_win']:.6g}")  # 5/9 has more than 6 digits to lose


def test_cli_json_prints_the_exact_answer_unrounded():
    args = ["battle", "principes", "--attacker", "knight=2", "--defender", "knight=1,footman=1"]
    out = CliRunner().invoke(cli, [*args, "--exact", "--json", "--trials", "1000"]).output
    printed = json.loads(out)["exact"]["attacker_win"]
    exact = run_battle("principes", dict(SCENARIO), trials=1000, exact=True).to_json()["exact"]
    assert printed == exact["attacker_win"]


def test_csv_round_trips_every_float(tmp_path):
    frame = pd.DataFrame({"p": [7 / 9, 1 / 3, 0.21602499999999997]})
    write_csv(tmp_path / "t.csv", frame)
    assert pd.read_csv(tmp_path / "t.csv")["p"].tolist() == frame["p"].tolist()
