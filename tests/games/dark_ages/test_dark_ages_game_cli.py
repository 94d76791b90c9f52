"""``sim run`` on a Dark Ages experiment: the --json contract keyed by Ruler, and one-line errors."""

import json

from sim.cli import main

FILE = "configs/dark_ages/experiments/ruler-balance.yaml"


def run(capsys, *args):
    try:
        main(list(args))
        code = 0
    except SystemExit as exc:
        code = exc.code
    out = capsys.readouterr()
    return code, out.out, out.err


def test_json_contract(capsys):
    code, out, _ = run(capsys, "run", FILE, "--games", "14", "--seed", "5", "--json", "--no-progress")
    assert code == 0
    data = json.loads(out)
    assert data["game"] == "dark_ages" and data["games"] == 14 and data["seed"] == 5
    assert set(data["win_rate"]) == set(data["win_rate_ci95"]) == set(data["factions"])
    assert len(data["factions"]) == 7
    for ruler, p in data["win_rate"].items():
        lo, hi = data["win_rate_ci95"][ruler]
        assert 0 <= lo <= p <= hi <= 1
    assert abs(sum(data["win_type"].values()) - 1) < 1e-9
    assert data["mean_rounds"] > 0 and data["mean_turns"] > 0
    assert data["score_by_category"]["culture"] >= 0 and "barbarians" in data["score_by_category"]


def test_table_output(capsys):
    code, out, _ = run(capsys, "run", FILE, "--games", "7", "--no-progress")
    assert code == 0 and "mean rounds" in out and "tomislav" in out


def test_bad_key_is_one_line_error(capsys, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: dark_ages\nplayers: 5\n")
    code, _, err = run(capsys, "run", str(bad), "--games", "2")
    assert code == 2 and "players" in err and "Traceback" not in err
