"""The command line: output contract, and a one-line error (exit 2, no traceback) for each kind of bad input."""

import json

import pytest

from sim.cli import main

BATTLE = [
    "battle",
    "principes",
    "--attacker",
    "knight=2,footman=1",
    "--defender",
    "knight=1,footman=1",
    "--site",
    "city",
    "--trials",
    "20000",
    "--seed",
    "3",
    "--no-progress",
]


def run(capsys, *args):
    try:
        main(list(args))
        code = 0
    except SystemExit as exc:
        code = exc.code
    out = capsys.readouterr()
    return code, out.out, out.err


def test_json_contract(capsys):
    code, out, _ = run(capsys, *BATTLE, "--exact", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["game"] == "principes" and data["trials"] == 20000 and data["seed"] == 3
    lo, hi = data["attacker_win_ci95"]
    assert lo <= data["attacker_win"] <= hi
    assert data["defender_win"] == pytest.approx(1 - data["attacker_win"])
    assert set(data["mean_lost"]) == {"attacker", "defender"}
    assert set(data["exact"]) >= {"attacker_win", "defender_win", "mean_lost"}
    assert data["exact"]["attacker_win"] == pytest.approx(7 / 9)


def test_table_output_and_save(capsys, tmp_path):
    code, out, _ = run(capsys, *BATTLE, "--exact", "--save", str(tmp_path / "run"))
    assert code == 0
    assert "attacker_win" in out and "95% interval" in out and "exact" in out
    assert "distributions, % of battles" in out and "\n  standing.attacker: " in out  # one line per distribution
    assert {p.name for p in (tmp_path / "run").iterdir()} == {
        "summary.csv",
        "result.json",
        "trials.parquet",
        "manifest.json",
        "chunks",
        "checksums.json",  # the SHA-256 of each file, checked when the folder is read back (sim report DIR)
    }
    import polars as pl

    trials = pl.read_parquet(tmp_path / "run" / "trials.parquet")
    assert trials.height == 20000
    assert trials["attacker_win"].mean() == pytest.approx(
        json.loads((tmp_path / "run" / "result.json").read_text())["attacker_win"]
    )


def test_scenario_file_equals_flags(capsys, tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text(
        "game: principes\nattacker: {knight: 2, footman: 1}\ndefender: {knight: 1, footman: 1}\n"
        "site: city\ntrials: 20000\nseed: 3\n"
    )
    _, from_file, _ = run(capsys, "battle", str(path), "--json", "--no-progress")
    _, from_flags, _ = run(capsys, *BATTLE, "--json")
    a, b = json.loads(from_file), json.loads(from_flags)
    assert a["attacker_win"] == b["attacker_win"] and a["mean_lost"] == b["mean_lost"]


def test_set_override_changes_the_die(capsys):
    """With no sword faces the attacker (5 swords) beats the City (2 shields) only when the defender's die is not a
    shield (2/6): then all 3 damage topples both defenders; otherwise 1 toppled each way at best, a tie."""
    faces = "battle_die.faces=[shield,shield,shield,shield,coin,blank]"
    _, out, _ = run(capsys, *BATTLE, "--exact", "--json", "--set", faces)
    assert json.loads(out)["exact"]["attacker_win"] == pytest.approx(1 / 3)


BAD = {
    "unknown unit": (["--attacker", "lancer=1"], "--attacker: lancer"),
    "negative count": (["--attacker", "knight=-1"], "--attacker: knight"),
    "non-integer count": (["--attacker", "knight=two"], "--attacker"),
    "empty army": (["--attacker", "knight=0"], "at least one unit"),
    "unknown faction": (["--attacker-faction", "bohemia"], "--attacker-faction"),
    "unknown tile": (["--attacker-tiles", "chess"], "--attacker-tiles: [0]"),
    "unknown card": (["--attacker-cards", "axe=1"], "--attacker-cards: axe"),
    "two settlements max": (["--settlements", "3"], "settlements"),
    "die with no faces": (["--set", "battle_die.faces=[]"], "--set: battle_die.faces"),
    "unknown face": (["--set", "battle_die.faces=[sword,axe]"], "battle_die.faces[1]"),
    "die and opposite disagree": (["--set", "battle_die.faces=[sword,shield]"], "set battle_die.opposite too"),
    "negative castle": (["--set", "defender_shields.castle=-1"], "--set: defender_shields.castle"),
    "unknown rules key": (["--set", "battle_dice.faces=[sword]"], "battle_dice"),
    "cards for a neutral side": (["--attacker-faction", "neutral", "--attacker-cards", "sword=1"], "neutral"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_input_is_one_clean_line(case, capsys):
    extra, needle = BAD[case]
    args = list(BATTLE)
    for i in range(0, len(extra), 2):
        if extra[i] in args:
            args[args.index(extra[i]) + 1] = extra[i + 1]
        else:
            args += extra[i : i + 2]
    code, out, err = run(capsys, *args)
    assert code == 2
    assert err.startswith("error: ") and err.count("\n") == 1, err
    assert needle in err and "expected" in err and "found" in err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    "extra, needle",
    [(["--resume"], "--resume needs --save"), (["--scheduler", "tcp://127.0.0.1:1"], "need --backend dask")],
)
def test_flag_combinations_are_checked(extra, needle, capsys):
    code, _, err = run(capsys, *BATTLE, *extra)
    assert code == 2 and err.startswith("error: ") and needle in err and err.count("\n") == 1


def test_missing_army_names_the_side(capsys):
    code, _, err = run(capsys, "battle", "principes", "--defender", "knight=1")
    assert code == 2 and "attacker: expected an army" in err


def test_unreadable_yaml_and_missing_file(capsys, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("attacker: [knight\n")
    code, _, err = run(capsys, "battle", str(bad))
    assert code == 2 and str(bad) in err and "valid YAML" in err
    code, _, err = run(capsys, "battle", str(tmp_path / "missing.yaml"))
    assert code == 2 and "missing.yaml" in err and "readable" in err


def test_unknown_game_in_file(capsys, tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text("game: chess\nattacker: {knight: 1}\n")
    code, _, err = run(capsys, "battle", str(path))
    assert code == 2 and "game" in err and "chess" in err


def test_rules_lists_assumptions_first(capsys):
    code, out, _ = run(capsys, "rules", "principes")
    assert code == 0
    head, first = out.splitlines()[:2]
    assert head.startswith("== rules.yaml") and first.startswith("[assumed] battle_die.")
    assert "== map.yaml" in out and "[rulebook] taxes.people_cost = 1" in out  # every file, with its key
    assert out.rstrip().endswith("in all (configs/principes/*.yaml)")
    assert "[rulebook] defender_shields.castle = 2" in out


def test_precision_says_when_the_cap_stops_it(capsys):
    code, out, err = run(capsys, *BATTLE, "--precision", "0.0001")
    assert code == 0 and "stopped at the cap of 20,000 trials" in err
    code, out, err = run(capsys, *[a if a != "20000" else "100000000" for a in BATTLE], "--precision", "0.002")
    assert code == 0 and "stopped at the cap" not in err


def test_an_internal_error_is_one_line_not_a_traceback(capsys, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr("sim.battles.run_battle", broken)
    code, _, err = run(capsys, *BATTLE)
    assert code == 1 and err.startswith("error: internal error (RuntimeError: boom)") and err.count("\n") == 1


def test_a_bad_rules_override_in_a_file_names_the_file(capsys, tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text("game: principes\nattacker: {knight: 1}\ndefender: {knight: 1}\nrules: {castle: 1}\n")
    code, _, err = run(capsys, "battle", str(path))
    assert code == 2 and err.startswith(f"error: {path}: rules: castle: expected a key of rules.yaml (battle_die")


def test_run_takes_set_for_experiment_and_rules_keys(capsys):
    exp = "configs/principes/experiments/faction-balance.yaml"
    code, out, _ = run(capsys, "run", exp, "--games", "40", "--json", "--set", "rotate=false")
    assert code == 0 and json.loads(out)["games"] == 40
    code, _, err = run(capsys, "run", exp, "--games", "40", "--set", "taxes.people_cost=-7")
    assert code == 2 and err.startswith("error: --set: taxes.people_cost: expected a whole number ≥ 0, found -7")
    code, _, err = run(capsys, "run", exp, "--games", "40", "--set", "taxes.nothing=1")
    assert code == 2 and "expected a key of game.yaml (taxes has: " in err
