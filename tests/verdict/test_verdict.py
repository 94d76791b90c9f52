"""``sim verdict`` end to end on small budgets (Principes, 4 players): the rungs play the same games, a rung's games
do not depend on the rest of the ladder, workers 1 and 2 give the same verdict, ``--resume`` after a kill gives the
verdict of an uninterrupted run, and bad input is one line with exit code 2."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import polars as pl
import pytest
import yaml

from sim.cli import main
from sim.games.principes.verdict import outcomes

FACTIONS = ["polonia_maior", "masovia", "polonia_minor", "silesia"]
STUDY = {"game": "principes", "title": "verdict test", "question": "Who wins?", "games": 100, "seed": 7, "players": 4,
         "history": False, "seats": dict(zip(FACTIONS, ["builder", "politician", "conqueror", "politician"],
                                             strict=True))}  # fmt: skip
ROOT = Path(__file__).resolve().parents[2]


def study(tmp_path, **changes) -> str:
    path = tmp_path / f"study-{len(list(tmp_path.glob('study-*')))}.yaml"
    path.write_text(yaml.safe_dump({**STUDY, **changes}))
    return str(path)


def verdict(capsys, *args) -> dict:
    main(["verdict", *args, "--no-progress", "--json"])
    return json.loads(capsys.readouterr().out)


def comparable(result: dict) -> dict:
    """A verdict without what depends on the machine (timings) or the folder (command)."""
    out = json.loads(json.dumps(result))
    out.pop("command")
    for r in out["rungs"]:
        r.pop("seconds"), r.pop("games_per_s")
    out["verdict"].get("settle") and out["verdict"].pop("settle")  # its text quotes nothing timed, but be plain
    return out


def test_rungs_are_paired_and_a_rungs_games_do_not_depend_on_the_ladder(tmp_path, capsys):
    s = study(tmp_path)
    full = verdict(capsys, s, "--budgets", "1,2", "--games", "8", "--trace-games", "4", "--out", str(tmp_path / "a"))
    alone = verdict(capsys, s, "--budgets", "2", "--games", "8", "--no-trace", "--out", str(tmp_path / "b"))
    b1 = pl.read_parquet(tmp_path / "a" / "rungs" / "b1.parquet")
    b2 = pl.read_parquet(tmp_path / "a" / "rungs" / "b2.parquet")
    assert b1["game"].to_list() == b2["game"].to_list() == list(range(8))
    # game i of a rung is the same game whatever else the ladder plays: the rung at 2 alone equals the ladder's
    assert b2.equals(pl.read_parquet(tmp_path / "b" / "rungs" / "b2.parquet"))
    assert alone["rungs"][0]["factions"] == full["rungs"][1]["factions"]
    # the budget matters: the searchers change some games (else the ladder would measure nothing)
    assert not b1.drop("budget").equals(b2.drop("budget"))
    # the reported change is the game-by-game difference of the two rungs' recorded games
    w1, w2 = outcomes(b1, FACTIONS)[0], outcomes(b2, FACTIONS)[0]
    for j, f in enumerate(FACTIONS):
        assert full["rungs"][1]["change"][f]["change"] == pytest.approx((w2[:, j] - w1[:, j]).mean(), abs=1e-6)
    # the skill trace plays the rung's first games, each seat in turn at twice the budget
    trace = pl.read_parquet(tmp_path / "a" / "trace" / "b1.parquet")
    assert sorted(set(trace["strong"])) == sorted(FACTIONS) and set(trace["game"]) == set(range(4))
    assert full["rungs"][0]["trace"]["budget"] == 2 and full["rungs"][1]["trace"]["budget"] == 4
    for f, seat in full["rungs"][0]["trace"]["seats"].items():
        mine = outcomes(trace.filter(pl.col("strong") == f), FACTIONS)[0][:, FACTIONS.index(f)]
        assert seat["gain"] == pytest.approx((mine - w1[:4, FACTIONS.index(f)]).mean(), abs=1e-6)
    for name in ("ladder.png", "skill-trace.png", "report.html", "report.md", "manifest.yaml", ".gitignore"):
        assert (tmp_path / "a" / name).stat().st_size > 0
    manifest = yaml.safe_load((tmp_path / "a" / "manifest.yaml").read_text())
    assert manifest["headline"]["budget"] == 2 and manifest["headline"]["converged"] is False


def test_workers_1_and_2_give_the_same_verdict(tmp_path, capsys):
    s = study(tmp_path)
    args = [s, "--budgets", "1,2", "--games", "6", "--trace-games", "2"]
    one = verdict(capsys, *args, "--workers", "1", "--out", str(tmp_path / "w1"))
    two = verdict(capsys, *args, "--workers", "2", "--out", str(tmp_path / "w2"))
    assert comparable(one) == comparable(two)


def test_resume_after_a_kill_gives_the_same_verdict(tmp_path, capsys):
    s = study(tmp_path)
    args = [s, "--budgets", "1,2", "--games", "12", "--trace-games", "3"]
    whole = verdict(capsys, *args, "--out", str(tmp_path / "whole"))
    out = tmp_path / "killed"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "sim.entry", "verdict", *args, "--out", str(out), "--no-progress"],
                            env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)  # fmt: skip
    deadline = time.time() + 300
    while time.time() < deadline and not list(out.glob("checkpoints/rung-b2/chunks/*.npz")):
        assert proc.poll() is None, proc.stderr.read().decode()
        time.sleep(0.05)
    proc.send_signal(signal.SIGTERM)  # mid-ladder: the first rung done, the second begun
    assert proc.wait(timeout=120) == 128 + signal.SIGTERM
    assert not json.loads((out / "verdict.json").read_text())["complete"]
    resumed = verdict(capsys, *args, "--out", str(out), "--resume")
    assert comparable(resumed) == comparable(whole) and resumed["complete"]


@pytest.mark.parametrize(("args", "expected"), [
    (["--budgets", "4,4"], "--budgets: expected budgets of 1 or more playouts that grow rung by rung"),
    (["--budgets", "8,4"], "--budgets: expected budgets of 1 or more playouts that grow rung by rung"),
    (["--budgets", "0,2"], "--budgets: expected budgets of 1 or more playouts that grow rung by rung"),
    (["--budgets", "2,x"], "--budgets: expected a comma list of whole numbers"),
    (["--budgets", "2,4", "--b0", "2"], "--budgets: expected either --budgets or --b0/--rungs"),
    (["--policy", "nosuchplan"], "seats[0]: expected a strategy"),
    (["--resume"], "nothing to resume"),
])  # fmt: skip
def test_bad_flags_are_one_line_and_exit_2(tmp_path, capsys, args, expected):
    with pytest.raises(SystemExit) as exit_:
        main(["verdict", study(tmp_path), *args, "--out", str(tmp_path / "out"), "--no-progress"])
    err = capsys.readouterr().err.strip()
    assert exit_.value.code == 2 and len(err.splitlines()) == 1 and expected in err, err
    assert not (tmp_path / "out" / "verdict.json").exists()


@pytest.mark.parametrize(("changes", "expected"), [
    ({"game": "chess"}, "game: expected one of principes, dark_ages, hussars, found 'chess'"),  # all three search
    ({"players": 3, "seats": dict(zip(FACTIONS[:3], ["builder"] * 3, strict=True))},
     "players: expected 4 for a rollout seat"),
    ({"seats": ["builder", "politician", "conqueror", "random"], "rotate": True}, "seats: expected a plan for each"),
])  # fmt: skip
def test_a_study_the_searcher_cannot_play_is_one_line_and_exit_2(tmp_path, capsys, changes, expected):
    with pytest.raises(SystemExit) as exit_:
        main(["verdict", study(tmp_path, **changes), "--out", str(tmp_path / "out"), "--no-progress"])
    err = capsys.readouterr().err.strip()
    assert exit_.value.code == 2 and len(err.splitlines()) == 1 and expected in err, err
    assert not (tmp_path / "out").exists()


def test_resume_of_another_study_is_refused(tmp_path, capsys):
    out = str(tmp_path / "out")
    verdict(capsys, study(tmp_path), "--budgets", "1", "--games", "2", "--no-trace", "--out", out)
    cases = [([study(tmp_path, seed=8), "--games", "2"], "refusing to resume another study's ladder (seed: saved 7"),
             ([study(tmp_path, history=True), "--games", "2"], "refusing to resume another study's ladder (study_hash"),
             ([study(tmp_path), "--games", "2", "--see-hidden"], "(determinize: saved True, now False)"),
             ([study(tmp_path), "--games", "3"], "(games: saved 2, now 3)")]  # fmt: skip
    for args, expected in cases:
        with pytest.raises(SystemExit) as exit_:
            main(["verdict", *args, "--budgets", "1", "--no-trace", "--out", out, "--resume", "--no-progress"])
        err = capsys.readouterr().err.strip()
        assert exit_.value.code == 2 and len(err.splitlines()) == 1 and expected in err, err
    with pytest.raises(SystemExit) as exit_:  # a new ladder into a used folder needs --resume
        main(["verdict", study(tmp_path), "--budgets", "1", "--games", "2", "--out", out, "--no-progress"])
    assert exit_.value.code == 2 and "holds an earlier ladder" in capsys.readouterr().err


@pytest.mark.parametrize("damage", ["{\"study\": ", "[1, 2]", "{\"seed\": 7, \"seed\": 8}"])
def test_a_damaged_ladder_record_under_resume_is_named_in_one_line(tmp_path, capsys, damage):
    out = tmp_path / "out"
    verdict(capsys, study(tmp_path), "--budgets", "1", "--games", "2", "--no-trace", "--out", str(out))
    (out / "verdict-run.json").write_text(damage)  # truncated, not a mapping, a key given twice
    with pytest.raises(SystemExit) as exit_:
        main(["verdict", study(tmp_path), "--budgets", "1", "--games", "2", "--no-trace", "--out", str(out),
              "--resume", "--no-progress"])  # fmt: skip
    err = capsys.readouterr().err.strip()
    assert exit_.value.code == 2 and len(err.splitlines()) == 1 and "verdict-run.json" in err, err


def test_a_shorter_resume_rebuilds_the_verdict_from_the_games_on_disk(tmp_path, capsys):
    s, out = study(tmp_path), str(tmp_path / "out")
    longer = verdict(capsys, s, "--budgets", "1,2", "--games", "4", "--no-trace", "--out", out)
    shorter = verdict(capsys, s, "--budgets", "1", "--games", "4", "--no-trace", "--out", out, "--resume")
    assert shorter["rungs"][0]["factions"] == longer["rungs"][0]["factions"] and len(shorter["rungs"]) == 1
    assert np.isclose(sum(f["win_rate"] for f in shorter["rungs"][0]["factions"].values()), 1.0)


@pytest.mark.slow
def test_a_rung_on_a_local_dask_cluster_gives_the_local_verdict(tmp_path, capsys):
    s = study(tmp_path)
    args = [s, "--budgets", "1", "--games", "4", "--no-trace"]
    local = verdict(capsys, *args, "--out", str(tmp_path / "local"))
    cluster = verdict(capsys, *args, "--backend", "dask", "--local-cluster", "2", "--out", str(tmp_path / "dask"))
    assert comparable(cluster) == comparable(local)
    assert pl.read_parquet(tmp_path / "dask" / "rungs" / "b1.parquet").equals(
        pl.read_parquet(tmp_path / "local" / "rungs" / "b1.parquet"))
