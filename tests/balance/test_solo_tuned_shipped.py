"""Solo against the rulebook's claim, with plans tuned per cell (configs/principes/balance/solo-tuned.json, and
configs/dark_ages/balance/solo-tuned.json): every cell's plan file is the tuned one, one cell replays exactly, and
the README's tables and prose show the shipped numbers. Rulebook (Principes, Solo Mode): "in general … easier to
win with Silesia or Polonia Maior, and harder with Masovia or Polonia Minor"."""

import json

import pytest

from sim.config import CONFIG_DIR, read_yaml
from sim.experiments import run_experiment
from tests.balance.shipped_studies import README, readme_rows

PRINCIPES = json.loads((CONFIG_DIR / "principes" / "balance" / "solo-tuned.json").read_text())["cells"]
LEVELS = ("normal", "hard", "legendary")
ORDER = ("silesia", "polonia_maior", "masovia", "polonia_minor")


def principes_cell(c: dict) -> str:
    lo, hi = c["run"]["win_rate_ci95"]
    return f"{c['run']['win_rate']:.1%} [{lo:.1%}, {hi:.2%}]; score {c['run']['mean_score']:.1f}"


def principes_rows() -> dict:
    by = {(c["principality"], c["level"]): c for c in PRINCIPES.values()}
    return {p.replace("_", " ").title(): [principes_cell(by[p, lv]) for lv in LEVELS] for p in ORDER}


def test_every_cell_is_tuned_and_shipped():
    assert len(PRINCIPES) == 12 and {(c["principality"], c["level"]) for c in PRINCIPES.values()} == {
        (p, lv) for p in ORDER for lv in LEVELS}  # fmt: skip
    for name, c in PRINCIPES.items():
        plan = (CONFIG_DIR / "principes" / "strategies" / f"{c['plan']}.yaml").read_text()
        assert f"sim tune {c['experiment']} --seat player --objective score" in plan
        exp = read_yaml(CONFIG_DIR.parent / c["experiment"])
        assert exp["principalities"] == [c["principality"]] and exp["difficulties"] == [c["level"]]
        assert c["tune"]["budget"] == 60000 and c["tune"]["holdout_games"] == 20000 and c["run"]["games"] == 12000


def test_a_cell_replays_exactly():
    c = PRINCIPES["polonia_minor-legendary"]
    exp = read_yaml(CONFIG_DIR.parent / c["experiment"])
    again = run_experiment({**exp, "strategies": [c["plan"]]}, source=c["experiment"])
    assert again.metrics["mean_score"]["legendary"]["polonia_minor"] == pytest.approx(c["run"]["mean_score"], abs=5e-5)
    assert again.metrics["win_rate"]["legendary"] == c["run"]["win_rate"]


def test_the_readme_table_and_prose_show_the_shipped_numbers():
    assert readme_rows("solo-tuned principes", "solo-tuned") == principes_rows()
    text = " ".join(README.split("<!-- /solo-tuned -->", 1)[1].strip().split("\n\n", 1)[0].split())
    wins = sum(round(c["run"]["win_rate"] * c["run"]["games"]) for c in PRINCIPES.values())
    games = sum(c["run"]["games"] for c in PRINCIPES.values())
    assert f"{wins} of the {games:,} games" in text
    by = {(c["principality"], c["level"]): c["run"]["mean_score"] for c in PRINCIPES.values()}
    for lv in LEVELS:  # "the two easier Principalities score more than the two harder at every level"
        assert min(by["silesia", lv], by["polonia_maior", lv]) > max(by["masovia", lv], by["polonia_minor", lv])
    gaps = [min(by["silesia", lv], by["polonia_maior", lv]) - max(by["masovia", lv], by["polonia_minor", lv])
            for lv in LEVELS]  # fmt: skip
    assert f"by {min(gaps):.1f} to {max(gaps):.1f} points" in text
