"""The JSON API of ``sim serve`` against a live server: the same answers as the command line and the library,
every field of every game's page accepted by the engine, and bad input answered 422 with its key path."""

from __future__ import annotations

import copy
import json
import time

import httpx
import pytest
import yaml

from sim.battles import load_scenario, run_battle
from sim.cli import main
from sim.config import CONFIG_DIR

SCENARIOS = sorted(CONFIG_DIR.glob("*/battles/*.yaml"))
TRIALS = 20_000


def without_time(result: dict) -> dict:
    return {k: v for k, v in result.items() if k != "seconds"}


def cli_json(capsys, *args: str) -> dict:
    try:
        main([*args, "--json", "--no-progress"])
    except SystemExit as exc:
        assert exc.code == 0, capsys.readouterr().err
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: f"{p.parent.parent.name}/{p.stem}")
def test_battle_equals_the_command_line(client, capsys, path):
    """POST /api/GAME/battle with a scenario file's fields = ``sim battle FILE --json`` (with --exact too)."""
    body = {**load_scenario(path), "trials": TRIALS}
    game = body["game"]
    for exact in (False, True) if path.stem == "knights-storm-castle" else (True,):
        r = client.post(f"/api/{game}/battle", params={"exact": exact}, json=body)
        assert r.status_code == 200, r.text
        flags = ["--trials", str(TRIALS)] + (["--exact"] if exact else [])
        assert without_time(r.json()) == without_time(cli_json(capsys, "battle", str(path), *flags))
        assert ("exact" in r.json()) == exact


EVERY_FIELD = {
    "principes": [
        {
            "attacker": {"knight": 2, "footman": 1, "prince": 1},
            "defender": {"knight": 1, "footman": 2},
            "attacker_cards": {"sword": 1, "either": 1},
            "defender_cards": {"shield": 1},
            "attacker_faction": "masovia",
            "defender_faction": "silesia",
            "attacker_tiles": ["learning_chess"],
            "defender_tiles": ["learning_chess"],
            "attacker_bonus": {"swords": 1},
            "defender_bonus": {"shields": 1},
            "site": "city",
            "settlements": 2,
            "castle": True,
            "seed": 7,
            "title": "every field",
        },
        {
            "attacker": {"knight": 3},
            "defender": {"footman": 3},
            "defender_faction": "neutral",
            "rules": {"defender_shields.castle": 1},
            "castle": True,
        },
    ],
    "dark_ages": [
        {
            "attacker": {
                "units": {"infantry": 2, "archer": 1, "cavalry": 1},
                "tech": {"archer": 2},
                "faction": "player",
                "keeps": 1,
                "policy": "focus-strongest",
            },
            "defender": {"units": {"infantry": 2, "archer": 1}, "tech": {"infantry": 3}, "keeps": 2, "policy": "solo"},
            "farms": 1,
            "city": True,
            "keep": 1,
            "capital": 4,
            "reinforce": "defender",
        },
        {
            "attacker": {"units": {"cavalry": 2}, "faction": "raider", "tech": {"cavalry": 4}},
            "barbarian": {"infantry": 1, "archer": 1},
            "trophies": 1,
            "barbarian_policy": "focus-strongest",
        },
        {"attacker": {"units": {"archer": 2}}, "barbarian_token": "random", "skirmishers": True, "trophies": 2},
        {"attacker": {"units": {"infantry": 3}}, "barbarian_token": 3, "reinforce": "attacker"},
    ],
    "hussars": [
        {
            "mode": "simplified",
            "attacker": {"winged_hussar": 1, "pancerni": 1, "light_cavalry:wounded": 1},
            "defender": {"cossack": "3..5", "cossack:veteran": {0: 0.5, 1: 0.5}},
            "terrain": ["forest", "river"],
            "loose_columns": ["defender"],
            "moved": {"attacker": 1},
            "cannot_retreat": ["attacker"],
        },
        {
            "mode": "full",
            "attacker": {"winged_hussar": 1, "cossack:veteran": 2},
            "defender": {"cossack": 3},
            "veteran": ["defender"],
            "objective": "win_minus_loss",
            "tactics": {"attacker": ["charge", "shoot"]},
            "terrain": ["peasants", "wasteland"],
        },
        {"mode": "full", "hands": "random", "attacker": {"pancerni": 2}, "defender": {"cossack": 3}},
        {
            "mode": "full",
            "attacker": {"cossack": 4, "artillery": 1},
            "defender": {"cossack": 2, "artillery": 1},
            "fortress": 1,
            "famine": 1,
        },
        {"attacker": {"cossack": 3}, "defender": {"cossack": 3}, "fortress": 2, "inside_fortress": True},
    ],
}


@pytest.mark.parametrize("game,i", [(g, i) for g, bodies in EVERY_FIELD.items() for i in range(len(bodies))])
def test_every_scenario_field_equals_the_library(client, game, i):
    """Each game's scenario keys pass through unchanged: the API answers what ``run_battle`` answers."""
    body = {**EVERY_FIELD[game][i], "trials": TRIALS}
    r = client.post(f"/api/{game}/battle?exact=true", json=body)
    assert r.status_code == 200, r.text
    expected = run_battle(game, copy.deepcopy(body), exact=True).to_json()  # JSON: full precision
    assert without_time(r.json()) == without_time(expected)


# ----- the pages' fields: each one, set on its own, is a scenario the engine accepts -----


def visible(spec: dict, values: dict) -> bool:
    when = spec.get("when") or {}
    return all(str(values[k]) in [str(w) for w in (want if isinstance(want, list) else [want])]
               for k, want in when.items())  # fmt: skip


def page_fields(form: dict) -> list[dict]:
    out = []
    for section in form["sections"]:
        for column in section["columns"]:
            for spec in column["fields"]:
                if spec["type"] == "table":
                    out += [cell for row in spec["rows"] for cell in row["cells"] if cell]
                else:
                    out.append(spec)
    return out


def page_scenario(fields: list[dict], values: dict) -> dict:
    """What static/app.js ``scenario()`` builds: visible keyed fields that differ from their default."""
    out: dict = {}
    for spec in fields:
        if not spec["key"] or not visible(spec, values):
            continue
        node = out
        *parents, last = spec["key"].split(".")
        value = values[spec["id"]]
        if spec["type"] == "item":
            if value:
                for p in parents:
                    node = node.setdefault(p, {})
                node.setdefault(last, []).append(spec["item"])
            continue
        if not spec.get("always") and value == spec["default"]:
            continue
        for p in parents:
            node = node.setdefault(p, {})
        node[last] = value
    return out


def other_value(spec: dict):
    if spec["type"] in ("count", "int"):
        return spec["default"] + 1
    if spec["type"] == "select":
        return next(v for v, _ in spec["options"] if v != spec["default"])
    return True


@pytest.mark.parametrize("game", list(EVERY_FIELD))
def test_every_page_field_is_accepted(client, game):
    form = client.get(f"/api/{game}/form").json()
    fields = page_fields(form)
    base = {f["id"]: f.get("initial", f["default"]) for f in fields}
    changed = 0
    for spec in fields:
        if not spec["key"] or spec["id"] == "seed":
            continue
        values = dict(base)
        for k, want in (spec.get("when") or {}).items():  # make the field shown
            values[k] = want[0] if isinstance(want, list) else want
        values[spec["id"]] = other_value(spec)
        if spec["type"] == "count" and spec["key"].endswith("keeps"):
            values[spec["id"]] = 1
        body = {**page_scenario(fields, values), "trials": 2000}
        r = client.post(f"/api/{game}/battle", json=body)
        assert r.status_code == 200, (spec["id"], body, r.text)
        changed += 1
    assert changed >= {"principes": 20, "dark_ages": 25, "hussars": 60}[game]


def test_forms_name_the_engines_units(client):
    principes = page_fields(client.get("/api/principes/form").json())
    assert {f["key"] for f in principes} >= {"attacker.knight", "defender.prince", "attacker_cards.either", "castle"}
    hussars = page_fields(client.get("/api/hussars/form").json())
    keys = {f["key"] for f in hussars}
    assert "attacker.cossack:veteran:wounded" in keys and "defender.pancerni:veteran" in keys
    assert "defender.pancerni" not in keys  # Pancerni exist only as veterans


# ----- bad input: 422 with the key path, never a traceback -----

P = {"attacker": {"knight": 2}, "defender": {"knight": 1}}
D = {"attacker": {"units": {"infantry": 2}}, "defender": {"units": {"infantry": 1}}}
H = {"attacker": {"cossack": 2}, "defender": {"cossack": 2}}
BAD = [
    ("principes", {"attacker": {"knight": 2}}, "defender"),
    ("principes", {**P, "attacker": {"kinght": 1}}, "attacker.kinght"),
    ("principes", {**P, "attacker": {"knight": "two"}}, "attacker.knight"),
    ("principes", {**P, "attacker": {"knight": -1}}, "attacker.knight"),
    ("principes", {**P, "site": "castle"}, "site"),
    ("principes", {**P, "settlements": 3}, "settlements"),
    ("principes", {**P, "attacker_faction": "poland"}, "attacker_faction"),
    ("principes", {**P, "attacker_tiles": ["chess"]}, "attacker_tiles[0]"),
    ("principes", {**P, "weather": "rain"}, "weather"),
    ("principes", {**P, "trials": 0}, "trials"),
    ("principes", {**P, "seed": "x"}, "seed"),
    ("principes", {**P, "rules": "nope"}, "rules"),
    ("principes", {**P, "rules": {"no.such.rule": 1}}, "no.such.rule"),
    ("principes", {**P, "trials": 10**8}, "trials"),  # the server's cap
    ("principes", {**P, "attacker": {"knight": 15, "footman": 6}}, "attacker"),  # the server's cap
    ("principes", {**P, "attacker_cards": {"either": 100_000}}, "attacker_cards.either"),  # the server's cap
    ("dark_ages", {**D, "attacker": {"units": {"dragon": 1}}}, "attacker.units.dragon"),
    ("dark_ages", {**D, "attacker": {"units": {"infantry": 1}, "tech": {"infantry": 9}}}, "attacker.tech.infantry"),
    ("dark_ages", {**D, "barbarian_token": "random"}, "defender"),
    ("dark_ages", {"attacker": D["attacker"], "barbarian_token": 99}, "barbarian_token"),
    ("dark_ages", {"attacker": D["attacker"], "barbarian_token": 1, "farms": 1}, "farms"),
    ("dark_ages", {**D, "reinforce": "both"}, "reinforce"),
    ("dark_ages", {**D, "attacker": {"units": {"infantry": 12, "cavalry": 9}}}, "attacker.units"),
    ("hussars", {**H, "mode": "fancy"}, "mode"),
    ("hussars", {**H, "attacker": {"tank": 1}}, "attacker.tank"),
    ("hussars", {**H, "terrain": ["lava"]}, "terrain[0]"),
    ("hussars", {**H, "famine": 1}, "famine"),
    ("hussars", {**H, "hands": "random"}, "hands"),
    ("hussars", {**H, "defender": {"cossack": "2..30"}}, "defender"),  # the server's cap
    ("principes", ["not", "a", "mapping"], ""),
    ("principes", {**P, "game": "hussars"}, "game"),
    ("chess", P, "game"),
]


@pytest.mark.parametrize("game,body,key", BAD, ids=[f"{g}:{k or 'body'}" for g, _, k in BAD])
def test_bad_input_is_422_with_the_key_path(client, game, body, key):
    for endpoint in ("battle", "odds"):
        r = client.post(f"/api/{game}/{endpoint}", json=body)
        assert r.status_code == 422, r.text
        error = r.json()["error"]
        assert error["key"] == key and key in error["message"]
        assert "Traceback" not in r.text


def test_bad_json_and_flags_are_422(client):
    r = client.post("/api/principes/battle", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 422 and "JSON" in r.json()["error"]["message"]
    r = client.post("/api/principes/battle?exact=maybe", json=P)
    assert r.status_code == 422 and r.json()["error"]["key"] == "?exact"
    r = client.post("/api/principes/solve?solve_for=attacker.kinght&target=0.8", json=P)
    assert r.status_code == 422 and "kinght" in r.json()["error"]["key"]
    for target in ("2", "nan", "inf", "0"):  # a query parameter is named as ?exact is
        r = client.post(f"/api/principes/solve?solve_for=attacker.knight&target={target}", json=P)
        assert r.status_code == 422 and r.json()["error"]["key"] == "?target", target


def test_body_size_is_capped(client):
    big = json.dumps({**P, "title": "x" * 100_000}).encode()
    assert client.post("/api/principes/battle", content=big).status_code == 413

    def chunks():  # no Content-Length: the body streams in, and is cut off past the cap
        for _ in range(40):
            yield b" " * 4096

    r = client.post("/api/principes/battle", content=chunks())
    assert r.status_code == 413 and "bytes" in r.json()["error"]["message"]


def test_time_limit_stops_a_slow_request(limited):
    """A server with a 2 s limit: this exact Hussars battle (random hands over 144 pairs of armies) takes over
    10 s. The limit is wide enough that the fresh worker's small request fits in it on a loaded machine."""
    slow = {"mode": "full", "hands": "random", "trials": 1000,
            "attacker": {"cossack": "1..3", "light_cavalry": "0..2", "pancerni": "1..2"},
            "defender": {"cossack": "2..5", "cossack:veteran": "0..1"}}  # fmt: skip
    with httpx.Client(base_url=limited.url, timeout=60) as c:
        r = c.post("/api/hussars/battle?exact=true", json=slow)
        assert r.status_code == 504 and "time limit" in r.json()["error"]["message"]
        r = c.post("/api/principes/battle", json={**P, "trials": 100})  # a fresh worker answers the next one
        assert r.status_code == 200 and r.json()["trials"] == 100


def test_a_request_whose_client_left_is_ended(client):
    """The page moves on (it aborts its fetch): the server ends the computation instead of finishing it. This
    battle (random hands over 144 pairs of armies) takes longer than the 10 s limit, so only a cancel ends it
    early; a fresh worker then answers."""
    slow = {"mode": "full", "hands": "random", "trials": 1000,
            "attacker": {"cossack": "1..3", "light_cavalry": "0..2", "pancerni": "1..2"},
            "defender": {"cossack": "2..5", "cossack:veteran": "0..1"}}  # fmt: skip
    before = client.get("/api/health").json()
    with pytest.raises(httpx.ReadTimeout):
        client.post("/api/hussars/battle?exact=true", json=slow, timeout=0.5)
    for _ in range(80):
        health = client.get("/api/health").json()
        if health["cancelled"] > before["cancelled"]:
            break
        time.sleep(0.1)
    assert health["cancelled"] == before["cancelled"] + 1 and health["timed_out"] == before["timed_out"]
    assert client.post("/api/principes/battle", json={**P, "trials": 1000}).status_code == 200


# ----- page helpers: odds, solve, tactics -----


def test_odds_carry_the_battle_object_and_distributions(client):
    body = {"attacker": {"knight": 2, "footman": 1}, "defender": {"knight": 1}, "site": "city", "castle": True,
            "trials": TRIALS, "seed": 1}  # fmt: skip
    odds = client.post("/api/principes/odds?exact=true", json=body).json()
    battle = client.post("/api/principes/battle?exact=true", json=body).json()
    assert without_time(odds["result"]) == without_time(battle)
    assert odds["distributions"] == "exact"
    assert odds["result"]["exact"]["attacker_win"] == pytest.approx(2 / 9)  # the README's worked example
    assert sum(odds["losses"]["attacker"].values()) == pytest.approx(1)
    survival = odds["survival"]["attacker"]
    assert survival["0"] == pytest.approx(1) and survival["3"] == 0.0  # 3 units, never all standing
    assert survival["2"] == pytest.approx(odds["result"]["exact"]["standing"]["attacker"]["2"])
    assert any(a["source"] == "assumed" for a in odds["assumed"])
    over = client.post("/api/principes/odds", json={**body, "rules": {"defender_shields.castle": 1}}).json()
    assert [a["key"] for a in over["assumed"] if a["source"] == "override"] == ["defender_shields.castle"]
    mc = client.post("/api/dark_ages/odds", json={**D, "trials": TRIALS}).json()
    assert mc["distributions"].startswith("Monte Carlo")
    assert sum(mc["losses"]["defender"].values()) == pytest.approx(1)


def test_solve_equals_the_command_line(client, capsys):
    body = {"defender": {"knight": 2}, "site": "city", "castle": True, "attacker": {"footman": 1}, "trials": 5000}
    q = {"solve_for": "attacker.knight", "target": 0.8, "exact": True}
    r = client.post("/api/principes/solve", params=q, json=body)
    assert r.status_code == 200, r.text
    args = ["battle", "principes", "--defender", "knight=2", "--attacker", "footman=1", "--site", "city", "--castle",
            "--trials", "5000", "--solve-for", "attacker.knight", "--target", "0.8", "--exact"]  # fmt: skip
    assert r.json() == cli_json(capsys, *args)
    assert r.json()["best"]["attacker_win_exact"] >= 0.8 > r.json()["previous"]["attacker_win_exact"]


def test_tactics_equal_the_command_line(client, capsys):
    body = {"attacker": {"winged_hussar": 1, "pancerni": 1, "light_cavalry": 1}, "defender": {"cossack": 4},
            "terrain": ["forest"]}  # fmt: skip
    r = client.post("/api/hussars/tactics", json=body)
    assert r.status_code == 200, r.text
    args = ["tactics", "hussars", "--attacker", "winged_hussar=1,pancerni=1,light_cavalry=1", "--defender",
            "cossack=4", "--terrain", "forest", "--json"]  # fmt: skip
    try:
        main(args)
    except SystemExit as exc:
        assert exc.code == 0
    assert r.json() == json.loads(capsys.readouterr().out)
    assert sum(r.json()["equilibrium"]["attacker"].values()) == pytest.approx(1)


# ----- shareable and reproducible: the scenario file, the report, and nothing written elsewhere -----


@pytest.mark.parametrize("game", list(EVERY_FIELD))
def test_downloaded_scenario_reproduces_the_numbers(client, capsys, tmp_path, game):
    body = {**EVERY_FIELD[game][0], "trials": 30_000, "seed": 11}
    text = client.post(f"/api/{game}/scenario", json=body)
    assert text.status_code == 200 and "attachment" in text.headers["content-disposition"]
    path = tmp_path / f"{game}.yaml"
    path.write_text(text.text)
    assert yaml.safe_load(text.text) == {"game": game, **json.loads(json.dumps(body))}
    api = client.post(f"/api/{game}/battle", json=body).json()
    assert without_time(cli_json(capsys, "battle", str(path))) == without_time(api)


REPORT = {"attacker": {"knight": 2}, "defender": {"knight": 1}, "trials": 5000, "seed": 2}


def test_report_is_built_inside_the_report_folder(client, server):
    body = REPORT
    r = client.post("/api/principes/report", json=body)
    assert r.status_code == 200, r.text
    url = r.json()["url"]
    page = client.get(url)
    assert page.status_code == 200 and "<html" in page.text and "Assumed values" in page.text
    folder = server.cwd / "reports" / r.json()["folder"]
    assert (folder / "report.html").exists() and (folder / "scenario.yaml").exists()
    assert yaml.safe_load((folder / "scenario.yaml").read_text())["seed"] == 2
    again = client.post("/api/principes/report", json=body)
    assert again.json() == r.json()  # built once per question


def test_no_request_reads_or_writes_outside_the_report_folder(client, server):
    for path in ("/reports/../conftest.py", "/reports/%2e%2e/%2e%2e/etc/passwd", "/static/../app.py",
                 "/reports/..%2f..%2fpyproject.toml"):  # fmt: skip
        r = client.get(path)
        assert r.status_code == 404, path
    assert client.post("/api/principes/report", json=REPORT).status_code == 200  # built here, or earlier
    written = [p for p in server.cwd.rglob("*") if p.is_file()]
    assert written and all(p.is_relative_to(server.cwd / "reports") for p in written)
