"""The searcher's ladder on the shipped every-module equilibrium (studies/principes/faction-balance-full/
ladder-FACTION.json, written by ``sim ladder … --json``): one per Principality, determinized, at 4, 16 and 64
playouts; the seat's plan alone plays the equilibrium file's first games, and the README's table shows the shipped
numbers."""

import json
from pathlib import Path

import pytest

from sim.config import CONFIG_DIR

STUDY = CONFIG_DIR / "principes" / "balance" / "faction-balance-full"
LADDERED = ["faction-balance-full", "faction-balance-full-r12", "faction-balance-full-pooled",
            "faction-balance-full-pooled2-seed20260102"]  # with ladders  # fmt: skip
README = (Path(__file__).resolve().parents[2] / "README.md").read_text()


def _ladders(study: Path = STUDY) -> dict:
    doc = json.loads((study / "balance.json").read_text())
    return {f: json.loads((study / f"ladder-{f}.json").read_text()) for f in doc["factions"]}


@pytest.mark.parametrize("name", LADDERED)
def test_every_principality_has_a_determinized_ladder_that_agrees_with_the_equilibrium(name):
    """The plan-alone games are the equilibrium file's first games: ``sim run`` of as many plays the same wins (the
    older study's ladders and a mixed equilibrium's: the equilibrium's win rate lies in the plan-alone interval)."""
    from sim.experiments import load_experiment, run_experiment

    study = STUDY.parent / name
    raw = load_experiment(study / "equilibrium.yaml")
    replays: dict = {}
    for faction, ladder in _ladders(study).items():
        assert ladder["seat"] == faction and ladder["determinize"] and ladder["seed"] == raw["seed"]
        assert [r["rollouts"] for r in ladder["rungs"]] == [4, 16, 64]
        # the older study's ladders ran on an older sim (their games are not today's replay); a mixed seat's ladder
        # plays each profile its share of the games, which sim run draws game by game instead
        if name == "faction-balance-full" or any(len(s.get("mix", {})) > 1 for s in raw["seats"].values()):
            lo, hi = ladder["plan_win_ci95"]
            assert lo <= json.loads((study / "balance.json").read_text())["win_rate"][faction] <= hi, faction
            continue
        n = ladder["games"]
        replays.setdefault(n, run_experiment(raw, games=n, source=str(study / "equilibrium.yaml")).metrics)
        assert ladder["plan_win_rate"] == pytest.approx(replays[n]["win_rate"][faction], abs=5e-7), faction
        for r in ladder["rungs"]:
            assert r["win_rate"] - ladder["plan_win_rate"] == pytest.approx(r["gain"], abs=1e-9)


@pytest.mark.parametrize("name", LADDERED)
def test_the_readme_ladder_table_shows_the_shipped_numbers(name):
    section = README.split(f"<!-- ladder principes/{name} -->", 1)[1].split("<!-- /ladder -->", 1)[0]
    rows = {line.split("|")[1].strip(): [c.strip() for c in line.strip("|").split("|")[1:]]
            for line in section.splitlines() if line.startswith("| ") and not line.startswith("| Faction")}  # fmt: skip
    ladders = _ladders(STUDY.parent / name)
    assert len(rows) == len(ladders)
    for faction, ladder in ladders.items():
        cells = rows[faction.replace("_", " ").title()]
        assert cells[0] == f"{ladder['games']:,}" and cells[1] == f"{ladder['plan_win_rate']:.1%}"
        for cell, r in zip(cells[2:5], ladder["rungs"], strict=True):
            lo, hi = r["gain_ci95"]
            assert cell == f"{r['win_rate']:.1%} ({100 * r['gain']:+.1f} [{100 * lo:+.1f}, {100 * hi:+.1f}])"
        top = ladder["rungs"][-1]["changes"][0]
        assert cells[5].startswith(f"{top['to']} first, not {top['from']} ({top['count']} of")


def test_the_readme_tactics_paragraph_shows_the_shipped_numbers():
    """The Masovia ladder at 16 playouts with and without ``tactics`` (search16-masovia*.json): the README's win
    rates, searched Rounds, tactics chosen and speeds are the shipped ones."""
    off, on = (json.loads((STUDY / f"search16-masovia{t}.json").read_text()) for t in ("", "-tactics"))
    text = " ".join(README.split("<!-- tactics principes/faction-balance-full -->", 1)[1].split("<!-- /tactics")[0]
                    .split())  # fmt: skip
    a, b = off["rungs"][0], on["rungs"][0]
    assert not off["tactics"] and on["tactics"] and off["games"] == on["games"] == 300 and a["rollouts"] == 16
    assert f"wins {a['win_rate']:.1%} of the games without tactics and {b['win_rate']:.1%} with" in text
    assert f"against {on['plan_win_rate']:.1%} for the plan" in text and off["plan_win_rate"] == on["plan_win_rate"]
    chosen = ", ".join(f"{t['tactic']} {t['count']}" for t in b["tactics"])
    assert f"Of {b['decisions']:,} searched Rounds it carried out {sum(t['count'] for t in b['tactics'])} with" in text
    assert chosen in text and not a["tactics"]
    assert f"{b['games_per_s']:.1f} games/s here, against {a['games_per_s']:.1f} without" in text
