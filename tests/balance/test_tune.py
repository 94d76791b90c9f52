"""sim tune: the optimizer finds a known optimum through the noise; on a real experiment a tuned plan beats a
deliberately poor baseline on held-out games; the plan file it writes plays in any experiment; a killed run
resumes to the same answer; bad input is one clean line and exit code 2."""

import json
import os
import signal
import subprocess
import sys
import time

import numpy as np
import pytest
import yaml

from sim.balance.space import parse_search
from sim.balance.tune import optimize, tune
from sim.cli import main
from sim.experiments import run_experiment

FIXED = {"game": "principes", "history": False, "rotate": False,
         "seats": {"polonia_maior": "builder", "masovia": "politician", "polonia_minor": "conqueror",
                   "silesia": "politician"}}  # fmt: skip
POOR = {"name": "poor", "uses": "politician",
        "params": {"priorities": ["movement", "progress", "assembly", "taxes", "building", "politics"],
                   "draw_court": 0}}  # fmt: skip
SMALL = dict(budget=2_400, holdout=1_500, candidates=8, seed=3)


@pytest.mark.parametrize("optimizer", ["ngopt", "tpe"])
def test_optimizer_finds_the_known_optimum_of_a_noisy_objective(optimizer):
    params = {"x": 0, "y": 0.9, "b": False, "order": ["p", "q", "r", "s"]}
    space = parse_search({"x": [0, 20], "y": [0.0, 1.0], "b": "bool", "order": "permutation"}, params, "t")

    def truth(p):  # optimum: x 13, y 0.3, b true, order s r q p
        wrong = sum(a != b for a, b in zip(p["order"], "srqp", strict=True))
        return -abs(p["x"] - 13) / 13 - abs(p["y"] - 0.3) - 0.5 * (not p["b"]) - 0.25 * wrong

    rng = np.random.default_rng(0)
    found = optimize(space, lambda p: truth(p) + rng.normal(0, 0.05), 80, optimizer, 1, params)
    best = max(found, key=lambda t: t[0])[1]
    assert truth(params) < -2.0 and truth(best) > -0.45  # from the far corner to near the optimum
    assert best["b"] is True and abs(best["x"] - 13) <= 3 and abs(best["y"] - 0.3) <= 0.25
    assert found[0][1] == params  # the search starts from the plan's own point


@pytest.fixture(scope="module")
def tuned():
    return tune(FIXED, "masovia", plan=POOR, **SMALL)


def test_tuned_plan_beats_a_poor_baseline_on_held_out_games(tuned):
    r = tuned
    assert r.base == "poor" and r.holdout_games == SMALL["holdout"] and r.budget == SMALL["budget"]
    assert r.gain == pytest.approx(r.tuned_win_rate - r.baseline_win_rate)
    assert r.gain_ci95[0] > 0  # the held-out paired interval clears zero
    assert len(r.candidates) == 8 + 5  # the search, then the race of the base plan and the 4 best


def test_baseline_side_of_the_check_is_the_base_plan_on_the_same_games(tuned):
    alone = run_experiment({**FIXED, "seats": {**FIXED["seats"], "masovia": POOR}}, games=300,
                           seed=7)  # fmt: skip
    assert 0 <= alone.metrics["win_rate"]["masovia"] < tuned.tuned_win_rate


def test_the_written_plan_file_plays_in_any_experiment(tmp_path, capsys):
    out = tmp_path / "tuned-masovia.yaml"
    main(["tune", _experiment(tmp_path), "--seat", "masovia", "--plan", "politician", "--budget", "600",
          "--holdout", "200", "--candidates", "3", "--out", str(out), "--json", "--no-progress"])  # fmt: skip
    body = json.loads(capsys.readouterr().out)
    for key in ("baseline_win_rate", "tuned_win_rate", "gain", "gain_ci95", "holdout_games", "budget", "seconds"):
        assert key in body
    plan = yaml.safe_load(out.read_text())
    assert plan["uses"] == "politician" and set(plan["params"]) >= {"army_target", "priorities"}
    r = run_experiment({**FIXED, "seats": {**FIXED["seats"], "silesia": str(out)}}, games=50, seed=1)
    assert "tuned-masovia" in r.metrics["strategies"]  # the file's stem is its label


def _experiment(tmp_path):
    path = tmp_path / "fixed.yaml"
    path.write_text(json.dumps(FIXED))
    return str(path)


ARGS = ["--seat", "masovia", "--plan", "politician", "--budget", "1000", "--holdout", "300", "--candidates", "10",
        "--json", "--no-progress"]  # fmt: skip


def _sim(*args, **kw):
    env = {**os.environ, "PYTHONPATH": os.getcwd()}
    return [sys.executable, "-c", "from sim.cli import main; main()", *args], env


def test_a_resumed_tuning_reads_back_its_steps_and_gives_the_same_answer(tmp_path, capsys):
    exp, save = _experiment(tmp_path), tmp_path / "run"
    main(["tune", exp, *ARGS, "--save", str(save)])
    whole = json.loads(capsys.readouterr().out)
    records = sorted((save / "records").iterdir())
    assert len(records) == 10 + 5 + 2  # 10 candidates, the race of 5, the two held-out sides
    for path in records[len(records) // 2 :]:  # as if killed half way: the later steps were never written
        path.unlink()
    main(["tune", exp, *ARGS, "--save", str(save), "--resume"])
    again = json.loads(capsys.readouterr().out)
    whole.pop("seconds"), again.pop("seconds")
    assert again == whole


@pytest.mark.full
def test_a_killed_tuning_resumes_to_the_same_answer(tmp_path):
    exp, save = _experiment(tmp_path), tmp_path / "run"
    cmd, env = _sim("tune", exp, *ARGS, "--save", str(save))
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    records = save / "records"
    deadline = time.time() + 300
    while time.time() < deadline and (not records.exists() or len(list(records.iterdir())) < 4):
        time.sleep(0.05)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    done = len(list(records.iterdir()))
    assert 4 <= done < 17, done  # killed part way (10 searched, 5 raced, 2 held out)
    resumed = subprocess.run([*cmd, "--resume"], env=env, capture_output=True, text=True, check=True)
    cmd, env = _sim("tune", exp, *ARGS, "--save", str(tmp_path / "whole"))
    whole = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True)
    a, b = json.loads(resumed.stdout), json.loads(whole.stdout)
    a.pop("seconds"), b.pop("seconds")
    assert a == b


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["--seat", "bohemia"], "--seat: expected a faction of the experiment"),
        (["--seat", "masovia", "--plan", "no-such-plan"], "--plan: plan: expected a plan"),
        (["--seat", "masovia", "--budget", "0"], "--budget: expected a number of games ≥ 1"),
        (["--seat", "masovia", "--objective", "glory"], "--objective: expected win or a win type"),
        (["--seat", "masovia", "--plan", "random"], "--plan: search: expected a plan with a search: block"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(tmp_path, capsys, args, expected):
    with pytest.raises(SystemExit) as exit_:
        main(["tune", _experiment(tmp_path), *args, "--no-progress"])
    err = capsys.readouterr().err.strip()
    assert exit_.value.code == 2 and len(err.splitlines()) == 1 and expected in err, err


@pytest.mark.parametrize(("search", "expected"), [("[8, 2]", "lo < hi"), ("[4, 4]", "lo < hi"), ("yes", "one of")])
def test_a_bad_search_range_in_a_plan_file_is_one_line(tmp_path, capsys, search, expected):
    plan = tmp_path / "broken.yaml"
    plan.write_text(f"uses: politician\nsearch:\n  army_target: {search}\n")
    with pytest.raises(SystemExit) as exit_:
        main(["tune", _experiment(tmp_path), "--seat", "masovia", "--plan", str(plan), "--no-progress"])
    err = capsys.readouterr().err.strip()
    assert exit_.value.code == 2 and len(err.splitlines()) == 1, err
    assert f"{plan}: search.army_target" in err and expected in err, err


@pytest.mark.full
def test_tuning_on_a_dask_cluster_equals_the_local_run(tmp_path, capsys):
    args = ["tune", _experiment(tmp_path), "--seat", "masovia", "--plan", "politician", "--budget", "800",
            "--holdout", "300", "--candidates", "4", "--json", "--no-progress"]  # fmt: skip
    main([*args, "--backend", "dask", "--local-cluster", "2"])
    on_dask = json.loads(capsys.readouterr().out)
    main(args)
    local = json.loads(capsys.readouterr().out)
    on_dask.pop("seconds"), local.pop("seconds")
    assert on_dask == local


def test_resume_of_a_different_run_is_refused(tmp_path, capsys):
    exp = _experiment(tmp_path)
    save = str(tmp_path / "run")
    main(["tune", exp, *ARGS[:-2], "--budget", "400", "--candidates", "2", "--holdout", "100", "--save", save,
          "--no-progress"])  # fmt: skip
    capsys.readouterr()
    with pytest.raises(SystemExit) as exit_:
        main(["tune", exp, *ARGS[:-2], "--budget", "500", "--candidates", "2", "--holdout", "100", "--save", save,
              "--resume", "--no-progress"])  # fmt: skip
    err = capsys.readouterr().err.strip()
    assert exit_.value.code == 2 and "refusing to resume a different run (budget differs)" in err, err


def test_a_rotating_seat_starts_from_the_best_of_its_plans_on_a_screening():
    from sim.config import CONFIG_DIR
    from sim.experiments import load_experiment

    raw = load_experiment(CONFIG_DIR / "principes" / "experiments" / "faction-balance.yaml")  # rotated seats
    r = tune(raw, "silesia", budget=1_200, holdout=200, candidates=4, seed=2)
    screened = {c["plan"]: c["score"] for c in r.candidates if c["phase"] == "screen"}
    assert set(screened) == {"builder", "conqueror", "politician"}  # the seat's tunable plans and the built-in ones
    assert r.base == max(screened, key=screened.get)
