"""The balance page's API (``sim serve``'s /api/GAME/balance and /api/GAME/whatif) against a live server: the verdict
it shows is the shipped study's, a what-if answers exactly what ``sim compare`` answers for the downloaded study, and a
bad question answers 422 naming its key."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from sim.cli import main
from sim.serve import balance
from sim.studies import STUDIES_DIR
from tests.serve.test_api import cli_json

GAMES = 120  # small: each what-if plays 2 × GAMES full games, and the test plays them again on the command line


@pytest.mark.parametrize("game,study", [("principes", "faction-balance-full-ladder"),
                                        ("dark_ages", "ruler-balance-3p-ladder")])  # fmt: skip
def test_verdict_is_the_shipped_ladders_last_rung(game, study):
    shown = balance.page(game)
    doc = json.loads((STUDIES_DIR / game / study / "verdict.json").read_text())
    top = doc["rungs"][-1]
    assert shown["verdict"]["study"] == study and shown["verdict"]["budget"] == top["budget"] == max(doc["budgets"])
    assert {f: (v["win_rate"], v["ci95"]) for f, v in shown["verdict"]["factions"].items()} == {
        f: (v["win_rate"], v["win_ci95"]) for f, v in top["factions"].items()
    }
    assert shown["verdict"]["converged"] is doc["verdict"]["converged"]
    assert shown["verdict"]["ends"] == top["ends"] and abs(sum(top["ends"].values()) - 1) < 1e-6
    assert (STUDIES_DIR.parent / shown["fields"]["verdict"]["file"]).exists()  # the ladder's --policy equilibrium
    policy = Path(shown["fields"]["verdict"]["file"])
    assert shown["plans"]["study"] == policy.parent.name and shown["plans"]["headline"]["kind"] == "balance"
    assert f"--policy {policy}" in doc["command"]  # the equilibrium its searchers started from


def test_hussars_has_no_verdict_and_offers_its_plans_only():
    shown = balance.page("hussars")
    assert shown["verdict"] is None and list(shown["fields"]) == ["rotated"]
    with pytest.raises(Exception, match="field"):
        balance.question("hussars", {"field": "verdict"}, 1000)


def test_rules_list_is_sim_rules_with_sources(capsys):
    listed = balance.rules_list("dark_ages")
    try:
        main(["rules", "dark_ages"])
    except SystemExit as exc:
        assert exc.code == 0
    out = capsys.readouterr().out
    lines = [line for line in out.splitlines() if line.startswith("[")]
    assert len(lines) == len(listed)
    for r in listed:
        assert f"[{r['source']}] {r['key']} = {json.dumps(r['value'])}" in lines


@pytest.mark.parametrize("game,body", [
    ("principes", {"field": "verdict", "set": ["history=false"]}),
    pytest.param("dark_ages", {"field": "rotated", "players": 3, "set": ["skirmishers=true", "settling.min_cost=2"],
                               "seed": 5}, marks=pytest.mark.full),
    ("dark_ages", {"field": "verdict", "set": ["modules.pope=true"]}),  # mixed plans, 3 of 7 Rulers a game
], ids=["principes-module", "dark_ages-module-and-rule", "dark_ages-verdict-plans"])  # fmt: skip
def test_whatif_equals_sim_compare_on_the_downloaded_study(client, capsys, tmp_path, game, body):
    body = {**body, "games": GAMES}
    field = client.post(f"/api/{game}/whatif/field", json={k: v for k, v in body.items() if k != "set"})
    assert field.status_code == 200, field.text  # A's run, which the server keeps for the what-if below
    api = client.post(f"/api/{game}/whatif", json=body)
    assert api.status_code == 200, api.text
    api = api.json()
    study = client.post(f"/api/{game}/whatif/study", json=body)
    assert study.status_code == 200 and "attachment" in study.headers["content-disposition"]
    path = tmp_path / f"{game}-whatif.yaml"
    path.write_text(study.text)
    assert yaml.safe_load(study.text)["games"] == GAMES
    sets = [a for item in body["set"] for a in ("--set", item)]
    cli = cli_json(capsys, "compare", str(path), *sets)
    run = cli_json(capsys, "run", str(path))
    assert field.json()["win_rate"] == run["win_rate"] and field.json()["ci95"] == run["win_rate_ci95"]
    assert api["factions"] == cli["factions"] and api["notes"] == cli["notes"]  # the same numbers, every digit
    assert (api["games"], api["seed"]) == (cli["games"], cli["seed"]) == (GAMES, body.get("seed", api["seed"]))
    assert all(r["paired_lo"] is not None and r["games"] > 0 for r in api["factions"])  # paired game by game
    assert any(r["paired_lo"] < r["paired_hi"] for r in api["factions"])


BAD = [
    ({"set": ["taxes.people_cots=2"]}, "taxes.people_cots"),  # an unknown rules key
    ({"set": ["history=maybe"]}, "history"),  # a module value of the wrong type
    ({"set": ["history"]}, "history"),  # not KEY=VALUE
    ({"set": ["players=3"]}, "set.players"),  # the question's own key
    ({"set": ["seats.masovia=rollout"]}, "set.seats.masovia"),  # no searched (or other) players from a request
    ({"players": 7}, "players"),
    ({"games": 10**6}, "games"),  # over the server's cap
    ({"field": "searched"}, "field"),
    ({"sett": []}, "sett"),
]


@pytest.mark.parametrize("body,key", BAD, ids=[k for _, k in BAD])
def test_bad_question_is_422_naming_its_key(client, body, key):
    r = client.post("/api/principes/whatif", json={"games": 10, **body})
    assert r.status_code == 422, r.text
    error = r.json()["error"]
    assert key in error["key"] and key in error["message"] and "Traceback" not in r.text


def test_wrong_typed_rules_value_is_422(client):
    r = client.post("/api/dark_ages/whatif", json={"field": "rotated", "games": 10, "set": ["settling.min_cost=abc"]})
    assert r.status_code == 422, r.text
    assert r.json()["error"]["key"] == "settling.min_cost" and "whole number" in r.json()["error"]["message"]


def test_page_and_studies_are_served(client):
    assert "balance.js" in client.get("/balance/principes").text
    assert client.get("/balance/chess").status_code == 422
    verdict = client.get("/api/dark_ages/balance").json()["verdict"]
    assert client.get(verdict["links"]["plot"]).headers["content-type"] == "image/png"
    assert client.get(verdict["links"]["report"]).status_code == 200
    for path in ("/studies/../sim/config.py", "/studies/%2e%2e/pyproject.toml"):
        assert client.get(path).status_code == 404, path
