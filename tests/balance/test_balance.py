"""sim balance end to end on the Principes part-1 study with a tiny budget: the equilibrium file replays the
reported numbers exactly, the report is written, a resumed run gives the same answer, bad input exits 2."""

import dataclasses
import json
import os
import shutil
import signal
import subprocess
import sys
import time

import pytest

from sim.cli import main
from sim.config import CONFIG_DIR

STUDY = str(CONFIG_DIR / "principes" / "experiments" / "faction-balance.yaml")
TINY = ["--budget", "200", "--candidates", "2", "--holdout", "150", "--precision", "0.2", "--eval-games", "300",
        "--rounds", "2", "--json", "--no-progress"]  # fmt: skip


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    save = tmp_path_factory.mktemp("balance") / "run"
    cmd = ["balance", STUDY, *TINY, "--save", str(save)]
    return save, cmd


def _main_json(capsys, args):
    main(args)
    return json.loads(capsys.readouterr().out)


def test_balance_replays_resumes_and_reports(run, capsys, tmp_path):
    save, cmd = run
    body = _main_json(capsys, cmd)
    factions = body["factions"]
    assert sorted(factions) == ["masovia", "polonia_maior", "polonia_minor", "silesia"]
    for f in factions:
        assert abs(sum(body["equilibrium"][f].values()) - 1) < 1e-9
        lo, hi = body["win_rate_ci95"][f]
        assert lo <= body["win_rate"][f] <= hi and f in body["exploitability"] and f in body["rotated_win_rate"]
    assert body["nash_conv"] == pytest.approx(sum(max(0.0, g) for g in body["exploitability"].values()))
    assert 1 <= len(body["rounds"]) <= 2
    # the verdict is the least exploitable round's equilibrium (a cycling meta-game's last round need not be)
    verdict = body["rounds"][body["verdict_round"] - 1]
    assert verdict["nash_conv"] == min(h["nash_conv"] for h in body["rounds"])
    assert verdict["equilibrium"].keys() == body["equilibrium"].keys()
    # its exploitability is a fresh tuning run per faction against it (the check), not the round's own measure:
    # each faction's gain is the mean paired difference of the check's held-out games, or its best other plan of
    # the verdict round's table if that gains more (the round's table regret: the same cells)
    assert body["exploitability_check"] is True and set(body["table_check"]) == set(factions)
    for f in factions:
        records = save / f"check-r{body['verdict_round']}-{f}" / "records"
        base, tuned = (json.loads((records / f"holdout-{k}.json").read_text())["value"]["rows"]  # a sealed record
                       for k in ("baseline", "tuned"))
        pairs = [(t, b) for t, b in zip(tuned, base, strict=True) if t is not None and b is not None]
        table = body["table_check"][f]
        assert table["gain"] == pytest.approx(verdict["table_regret"][f], abs=1e-9) or table["gain"] < 0
        tuned_gain = sum(t - b for t, b in pairs) / len(pairs)
        assert body["exploitability"][f] == pytest.approx(max(tuned_gain, table["gain"]), abs=1e-6)
    assert sum(body["win_type"].values()) == pytest.approx(1.0)
    # each round keeps the pure profiles its table cannot tell from an equilibrium (every regret within √2 × noise)
    for h in body["rounds"]:
        assert set(h["table_payoff"]) == set(factions) and h["table_noise"] > 0
        for rival in h["rivals"]:
            assert set(rival["profile"]) == set(factions) and rival["regret"] <= 2**0.5 * h["table_noise"] + 1e-12
    # the equilibrium file replays the reported games exactly
    replay = _main_json(capsys, ["run", str(save / "equilibrium.yaml"), "--json", "--no-progress"])
    assert replay["win_rate"] == body["win_rate"] and replay["win_type"] == body["win_type"]
    # a resumed run (later steps lost, as after a kill between them) gives the same answer
    records = sorted((save / "records").iterdir())
    for path in records[len(records) // 2 :]:
        path.unlink()
    for sub in sorted(save.glob("tune-r*"))[2:]:
        shutil.rmtree(sub)
    again = _main_json(capsys, [*cmd, "--resume"])
    for key in ("seconds", "equilibrium_file"):
        body.pop(key), again.pop(key)
    assert again == body
    # sim report DIR
    main(["report", str(save), "-o", str(tmp_path / "report")])
    out = capsys.readouterr().out
    for name in ("report.html", "report.md", "win_rates.png", "exploitability.png", "balance.csv"):
        assert (tmp_path / "report" / name).exists() and name in out
    text = (tmp_path / "report" / "report.md").read_text()
    assert "distance from an equilibrium" in text and "Polonia" in text and "equally good other equilibria" in text


def test_a_shipped_study_names_its_tuned_plans_through_the_study(run, tmp_path):
    """--ship NAME: studies/GAME/NAME/ holds balance.json, equilibrium.yaml and manifest.yaml; each tuned plan the
    equilibrium plays becomes plans/<label>.yaml there, named NAME/<label> (not pathed) by the equilibrium; the
    header names no local path."""
    from sim.balance import loop
    from sim.balance.report import write_balance
    from sim.config import read_yaml
    from sim.experiments import load_experiment

    save, cmd = run
    if not (save / "manifest.json").exists():
        main(cmd)
    raw = load_experiment(STUDY)
    result = loop.balance(raw, budget=200, candidates=2, holdout=150, precision=0.2, eval_games=300, rounds=2,
                          save=save, resume=True)  # fmt: skip
    # a tuned plan in the equilibrium (a tiny run's responses rarely gain ε): half of Masovia's games
    tuned_spec = {"name": "br-masovia-r1", "uses": "builder", "params": {"army_target": 7}}
    mix = {**result.equilibrium, "masovia": {**{k: w / 2 for k, w in result.equilibrium["masovia"].items()},
                                             "br-masovia-r1": 0.5}}  # fmt: skip
    result = dataclasses.replace(result, plans={**result.plans, "br-masovia-r1": tuned_spec}, equilibrium=mix)
    tuned = {label for label, spec in result.plans.items() if isinstance(spec, dict)}
    study = tmp_path / "principes" / "t-ship"  # studies/<game>/<study>
    written = write_balance(result, raw, study, "sim balance …", ship="t-ship")
    assert {p.name for p in written} >= {"balance.json", "equilibrium.yaml", "manifest.yaml"}
    support = {label for m in mix.values() for label in m}
    for label in tuned:  # the plans the equilibrium plays, and no other, named through the study
        assert (study / "plans" / f"{label}.yaml").exists() == (label in support)
    exp = read_yaml(study / "equilibrium.yaml")
    named = {plan for seat in exp["seats"].values() for plan in seat["mix"]}
    assert "t-ship/br-masovia-r1" in named
    assert named <= {*(f"t-ship/{label}" for label in tuned & support), "builder", "conqueror", "politician", "random"}
    plan = read_yaml(study / "plans" / "br-masovia-r1.yaml")
    assert plan["params"] == {"army_target": 7}
    head = (study / "equilibrium.yaml").read_text().splitlines()[1]
    assert head == "# Replay: sim run studies/principes/t-ship/equilibrium.yaml"
    manifest = read_yaml(study / "manifest.yaml")
    assert manifest["status"] == "current" and manifest["seed"] == result.seed
    assert manifest["command"] == "sim balance …"
    assert manifest["headline"]["kind"] == "balance" and manifest["headline"]["win_rate"] == pytest.approx(
        result.metrics["win_rate"], abs=5e-5)  # fmt: skip


def test_a_finished_run_goes_on_for_more_rounds(capsys, tmp_path):
    """``--resume`` with a larger ``--rounds`` continues a finished run: the answer is the run started with those
    rounds (each round's steps do not depend on how many follow); fewer rounds are refused."""

    def tiny(rounds, save):
        return ["balance", STUDY, *TINY[:-4], "--rounds", str(rounds), *TINY[-2:], "--save", str(save)]

    _main_json(capsys, tiny(1, tmp_path / "short"))
    longer = _main_json(capsys, [*tiny(2, tmp_path / "short"), "--resume"])
    fresh = _main_json(capsys, tiny(2, tmp_path / "whole"))
    same = lambda body: {k: v for k, v in body.items() if k not in ("seconds", "equilibrium_file")}  # noqa: E731
    assert same(longer) == same(fresh)
    with pytest.raises(SystemExit) as exit_:
        main([*tiny(1, tmp_path / "short"), "--resume"])
    err = capsys.readouterr().err.strip()
    assert exit_.value.code == 2 and "refusing to resume a different run (rounds differs)" in err, err


def test_resume_of_a_different_experiment_is_refused(run, capsys, tmp_path):
    save, cmd = run
    other = tmp_path / "other.yaml"
    other.write_text(open(STUDY).read().replace("history: false", "history: true"))
    if not (save / "manifest.json").exists():
        main(cmd)
    capsys.readouterr()
    with pytest.raises(SystemExit) as exit_:
        main(["balance", str(other), *TINY, "--save", str(save), "--resume"])
    err = capsys.readouterr().err.strip()
    assert exit_.value.code == 2 and len(err.splitlines()) == 1
    assert "refusing to resume a different run (experiment differs)" in err, err


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["--budget", "0"], "--budget: expected a number of games ≥ 1"),
        (["--rounds", "0"], "--rounds: expected a number of games ≥ 1"),
        (["--epsilon", "-1"], "--epsilon: expected points of win rate ≥ 0"),
        (["--precision", "0.7"], "--precision: expected a 95% half-width"),
        (["--meta", "alpharank"], "--meta: expected nash or average"),
        (["--solver", "simpdiv"], "--solver: expected logit or dynamics"),
    ],
)
def test_bad_options_are_one_line_and_exit_2(capsys, args, expected):
    with pytest.raises(SystemExit) as exit_:
        main(["balance", STUDY, *args, "--no-progress"])
    err = capsys.readouterr().err.strip()
    assert exit_.value.code == 2 and len(err.splitlines()) == 1 and expected in err, err


def test_meta_average_answers_the_running_mean_of_the_rounds_equilibria(capsys, tmp_path):
    """--meta average: round r's profile (which the best responses answer) is the mean of the table equilibria of
    rounds 1..r, every plan in it is kept for play, and the equilibrium file replays the verdict exactly."""
    save = tmp_path / "avg"
    body = _main_json(capsys, ["balance", STUDY, *TINY, "--meta", "average", "--save", str(save)])
    assert body["options"]["meta"] == "average"
    rounds = body["rounds"]
    for r, h in enumerate(rounds, 1):
        for f in body["factions"]:
            labels = {k for g in rounds[:r] for k in g["table_equilibrium"][f]}
            mean = {k: sum(g["table_equilibrium"][f].get(k, 0.0) for g in rounds[:r]) / r for k in labels}
            assert h["equilibrium"][f] == pytest.approx(mean)
    if len(rounds) == 2 and rounds[0]["table_equilibrium"] != rounds[1]["table_equilibrium"]:
        assert any(len(m) > 1 for m in rounds[1]["equilibrium"].values())  # a mixture of both rounds' profiles
    replay = _main_json(capsys, ["run", str(save / "equilibrium.yaml"), "--json", "--no-progress"])
    assert replay["win_rate"] == body["win_rate"]


def test_an_unknown_plan_in_a_seat_is_one_line(tmp_path, capsys):
    path = tmp_path / "bad.yaml"
    path.write_text(open(STUDY).read().replace("seats: [builder, conqueror, politician, random]",
                                               "seats: [builder, conqueror, diplomat, random]"))  # fmt: skip
    with pytest.raises(SystemExit) as exit_:
        main(["balance", str(path), "--no-progress"])
    err = capsys.readouterr().err.strip()
    assert exit_.value.code == 2 and len(err.splitlines()) == 1 and "diplomat" in err, err


@pytest.mark.full
def test_a_killed_balance_run_resumes_bit_identical(tmp_path):
    env = {**os.environ, "PYTHONPATH": os.getcwd()}
    cmd = [sys.executable, "-c", "from sim.cli import main; main()", "balance", STUDY, *TINY]
    killed, whole = tmp_path / "killed", tmp_path / "whole"
    proc = subprocess.Popen([*cmd, "--save", str(killed)], env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)  # fmt: skip
    deadline = time.time() + 300
    while time.time() < deadline and len(list(killed.glob("records/cell-*"))) < 40:
        time.sleep(0.05)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    assert not (killed / "balance.json").exists()
    a = subprocess.run([*cmd, "--save", str(killed), "--resume"], env=env, capture_output=True, text=True, check=True)
    b = subprocess.run([*cmd, "--save", str(whole)], env=env, capture_output=True, text=True, check=True)
    a, b = json.loads(a.stdout), json.loads(b.stdout)
    for key in ("seconds", "equilibrium_file"):
        a.pop(key), b.pop(key)
    assert a == b
