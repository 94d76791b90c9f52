"""``sim battle hussars``, ``sim tactics hussars`` and ``sim odds hussars``: the JSON contract and bad input."""

import json

import pytest

from sim.cli import main

KORECKI = ["--attacker", "winged_hussar=1,pancerni=1,light_cavalry=1", "--defender", "cossack=4"]


def run(capsys, *args):
    with pytest.raises(SystemExit) as exc:
        main(list(args))
        raise SystemExit(0)
    out = capsys.readouterr()
    return exc.value.code, out.out, out.err


def test_battle_json_contract(capsys):
    code, out, _ = run(capsys, "battle", "hussars", *KORECKI, "--trials", "1000", "--json", "--no-progress")
    assert code == 0
    data = json.loads(out)
    assert data["attacker_win"] == 1.0 and data["defender_win"] == 0.0
    assert data["attacker_after"] == {"light_cavalry:wounded": 1.0, "pancerni:veteran:wounded": 1.0,
                                      "winged_hussar:veteran": 1.0}
    assert data["defender_after"] == {}
    assert len(data["attacker_win_ci95"]) == 2


def test_battle_full_mode_reports_the_equilibrium(capsys):
    code, out, _ = run(capsys, "battle", "hussars", "--mode", "full", *KORECKI, "--trials", "1000", "--json",
                       "--exact", "--no-progress")
    assert code == 0
    data = json.loads(out)
    assert sum(data["equilibrium"]["attacker"].values()) == pytest.approx(1)
    assert data["exact"]["attacker_win"] == pytest.approx(data["equilibrium"]["value"])  # objective: P(win)


def test_tactics_json_contract(capsys):
    code, out, _ = run(capsys, "tactics", "hussars", *KORECKI, "--terrain", "forest", "--json")
    assert code == 0
    data = json.loads(out)
    assert set(data) >= {"matrix", "equilibrium", "value"}
    cell = data["matrix"]["charge"]["anti_tatar_formation"]
    assert cell["label"] == "countered" and cell["damage"]["attacker"] == 0
    assert set(data["equilibrium"]) == {"attacker", "defender"}
    assert sum(data["equilibrium"]["defender"].values()) == pytest.approx(1)


def test_tactics_objective_tokens(capsys):
    code, out, _ = run(capsys, "tactics", "hussars", *KORECKI, "--objective", "tokens", "--json")
    data = json.loads(out)
    assert code == 0 and data["objective"] == "tokens"
    payoffs = [c["payoff"] for row in data["matrix"].values() for c in row.values()]
    assert min(payoffs) <= data["value"] <= max(payoffs)


def test_odds_commands(capsys, tmp_path):
    code, out, _ = run(capsys, "odds", "hussars", "capture", "--attacker", "winged_hussar=1", "--xl", "0,2", "--json")
    assert code == 0
    table = json.loads(out)["table"]  # JSON: full precision
    assert [r["xl"] for r in table] == [0, 2]
    assert [r["captured"] for r in table] == pytest.approx([1.0, 5 / 6], rel=1e-5)
    plot = tmp_path / "death.png"
    code, out, _ = run(capsys, "odds", "hussars", "death", "--health", "0..2", "--rounds", "3", "--json",
                       "--plot", str(plot))
    assert code == 0 and plot.stat().st_size > 0
    assert json.loads(out)["alive_after_phase"]["health_0"] == pytest.approx([1, 2 / 3, 4 / 9])
    code, out, _ = run(capsys, "odds", "hussars", "siege", "--attacker", "cossack=4", "--defender", "cossack=2",
                       "--fortress", "1", "--assault", "every", "--turns", "3", "--json")
    data = json.loads(out)
    assert code == 0 and data["assault_win_by_famine"] == [0.0, 0.0]  # 8 besieging < 10 on the walls
    assert [r["fallen"] for r in data["timeline"]] == [0, 0, 1]


@pytest.mark.parametrize(
    "args, message",
    [
        (["battle", "hussars", "--attacker", "winged_husar=1", "--defender", "cossack=1"], "a unit type"),
        (["battle", "hussars", "--attacker", "artillery:veteran=1", "--defender", "cossack=1"], "veteran"),
        (["battle", "hussars", "--attacker", "cossack=0", "--defender", "cossack=1"], "at least one token"),
        (["battle", "hussars", "--attacker", "cossack=-2", "--defender", "cossack=1"], "count"),
        (["battle", "hussars", "--attacker", "cossack=5..2", "--defender", "cossack=1"], "range"),
        (["battle", "hussars", "--attacker", "cossack", "--defender", "cossack=1"], "UNIT=COUNT"),
        (["battle", "hussars", "--mode", "full", "--attacker", "cossack=2", "--defender", "cossack=1",
          "--attacker-tactics", "shoot,volley"], "volley"),
        (["battle", "hussars", "--mode", "full", "--attacker", "cossack=2", "--defender", "cossack=1",
          "--attacker-tactics", "ambush"], "more tokens"),
        (["tactics", "hussars", "--attacker", "cossack=2", "--defender", "cossack=1", "--attacker-moved", "3",
          "--attacker-tactics", "tabor_wagon"], "Movement Points"),
        (["tactics", "hussars", "--attacker", "cossack=2", "--defender", "cossack=1..2"], "fixed armies"),
        (["tactics", "principes", "--attacker", "cossack=2", "--defender", "cossack=1"], "hussars"),
        (["odds", "hussars", "ransom"], "capture"),
        (["battle", "hussars", "--attacker", "cossack=2", "--defender", "cossack=1", "--attacker-tactics", "shoot"],
         "mode: full"),
        (["battle", "hussars", "--mode", "full", "--hands", "random", "--attacker", "cossack=2", "--defender",
          "cossack=1", "--attacker-tactics", "shoot"], "hands: random"),
        (["battle", "hussars", "--attacker", "cossack=1", "--defender", "cossack=1", "--terrain", "swamp"], "forest"),
        (["battle", "hussars", "--attacker", "cossack=1", "--defender", "cossack=1", "--famine", "1"], "besieged"),
        (["battle", "hussars", "--attacker", "cossack=1", "--defender", "cossack=1",
          "--set", "units.cossack.toughness=[1]"], "toughness"),
    ],
)
def test_bad_input_is_one_line_config_error(capsys, args, message):
    code, out, err = run(capsys, *args)
    assert code == 2
    assert err.startswith("error:") and message in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def test_odds_tables_and_plots(capsys, tmp_path):
    for kind, extra in (("capture", ["--threat", "5"]),
                        ("siege", ["--attacker", "cossack=4", "--defender", "cossack=2", "--tabor", "--assault",
                                   "every", "--mode", "full"])):
        plot = tmp_path / f"{kind}.png"
        code, out, _ = run(capsys, "odds", "hussars", kind, *extra, "--plot", str(plot))
        assert code == 0 and plot.stat().st_size > 0
        assert ("captured" in out) if kind == "capture" else ("Tabor: 1 supplies" in out and "fallen" in out)


def test_siege_effective_threshold(capsys):
    code, out, _ = run(capsys, "odds", "hussars", "siege", "--attacker", "cossack=3", "--defender", "cossack=1",
                       "--fortress", "2", "--json")
    assert code == 0 and json.loads(out)["effective_siege"] is False  # Fortress 2 needs 4 or more tokens


def test_example_scenarios_run(capsys):
    from sim.battles import load_scenario, run_battle
    from sim.config import CONFIG_DIR

    paths = sorted((CONFIG_DIR / "hussars" / "battles").glob("*.yaml"))
    assert len(paths) >= 2
    for path in paths:
        scenario = load_scenario(path)
        result = run_battle("hussars", scenario, source=str(path), trials=2000, exact=True)
        assert result.exact["attacker_win"] + result.exact["defender_win"] + result.exact["no_winner"] == \
            pytest.approx(1)


def test_tactics_loose_defender_reports_types(capsys):
    code, out, _ = run(capsys, "tactics", "hussars", "--attacker", "light_cavalry=2,cossack=2", "--defender",
                       "light_cavalry=1,cossack=3", "--loose-columns", "defender", "--objective", "tokens", "--json")
    data = json.loads(out)
    assert code == 0 and len(data["types"]) == 2
    assert sum(t["probability"] for t in data["types"]) == pytest.approx(1)
    assert sum(data["equilibrium"]["defender"].values()) == pytest.approx(1)
    code, out, _ = run(capsys, "battle", "hussars", "--mode", "full", "--attacker", "light_cavalry=2,cossack=2",
                       "--defender", "light_cavalry=1,cossack=3", "--loose-columns", "defender", "--objective",
                       "tokens", "--exact", "--trials", "1000", "--json", "--no-progress")
    battle = json.loads(out)
    assert battle["exact"]["mean_lost"]["defender"] - battle["exact"]["mean_lost"]["attacker"] == \
        pytest.approx(data["value"], abs=1e-6)
