"""sim tune on Principes solo (``mode: solo``): the player is the experiment's one faction, and ``--objective
score`` steers the search by the solo experiment's graded score while wins are rare. Rulebook, Solo Mode, Victory:
"the player must: reach the maximum position on all 3 tracks of the Position Board (15 in this case); control the
4 Capitals of all four Principalities" (the score: the 3 track positions plus 3 per foreign Capital, 54 at a win).
Bad solo input, Principes and Dark Ages, is one line and exit code 2."""

import json

import pytest

from sim.balance.store import derive_seed
from sim.balance.tune import tune
from sim.cli import main
from sim.experiments import run_experiment

SOLO = {"game": "principes", "mode": "solo", "difficulties": ["normal"], "principalities": "all",
        "strategies": ["solo"], "history": True}  # fmt: skip
DARK_AGES_SOLO = {"game": "dark_ages", "mode": "solo", "difficulties": ["standard"], "strategies": ["culture"]}


@pytest.fixture(scope="module")
def tuned():
    return tune(SOLO, "player", objective="score", budget=1_200, holdout=400, candidates=4, seed=5)


def test_the_held_out_baseline_is_the_solo_plans_mean_score_on_the_same_games(tuned):
    alone = run_experiment(SOLO, games=400, seed=derive_seed(5, "tune", "player", "holdout"))
    cells = alone.metrics["games_by_cell"]["normal"]
    score = sum(alone.metrics["mean_score"]["normal"][p] * n for p, n in cells.items()) / sum(cells.values())
    assert tuned.base == "solo" and tuned.holdout_games == 400
    assert tuned.baseline_win_rate == pytest.approx(score)  # a score, 0-54, not a rate
    assert 5 < score < 54
    assert tuned.gain == pytest.approx(tuned.tuned_win_rate - tuned.baseline_win_rate)


def test_a_win_objective_on_solo_counts_wins():
    r = tune(SOLO, "player", objective="win", budget=400, holdout=200, candidates=2, seed=5)
    assert 0.0 <= r.baseline_win_rate <= 1.0 and 0.0 <= r.tuned_win_rate <= 1.0


def _file(tmp_path, body):
    path = tmp_path / "x.yaml"
    path.write_text(json.dumps(body))
    return str(path)


@pytest.mark.parametrize(
    ("body", "args", "expected"),
    [
        (SOLO, ["tune", "--seat", "masovia"], "--seat: expected a faction of the experiment (player)"),
        ({**SOLO, "strategies": ["solo", "builder"]}, ["tune", "--seat", "player"],
         "strategies: expected one plan (or one mixture) for the player to tune"),
        ({"game": "principes", "history": False}, ["tune", "--seat", "masovia", "--objective", "score"],
         "--objective: expected win or a win type (coronation"),
        (SOLO, ["balance"], "mode: expected a multiplayer experiment"),
        (DARK_AGES_SOLO, ["tune", "--seat", "tomislav"], "--seat: expected a faction of the experiment (player)"),
        ({**DARK_AGES_SOLO, "strategies": ["culture", "military"]}, ["tune", "--seat", "player"],
         "strategies: expected one plan (or one mixture) for the player to tune"),
        ({**DARK_AGES_SOLO, "difficulties": ["easy"]}, ["tune", "--seat", "player"],
         "difficulties: expected a list of"),
        (DARK_AGES_SOLO, ["balance"], "mode: expected a multiplayer experiment"),
    ],
)  # fmt: skip
def test_bad_solo_input_is_one_line_and_exit_2(tmp_path, capsys, body, args, expected):
    with pytest.raises(SystemExit) as exit_:
        main([args[0], _file(tmp_path, body), *args[1:], "--no-progress"])
    err = capsys.readouterr().err.strip()
    assert exit_.value.code == 2 and len(err.splitlines()) == 1 and expected in err, err


def test_neither_solo_plan_wins_or_fills_the_tracks():
    """Neither plan wins one of the 24,000 games of solo-tuned.yaml, and in none are all 3 tracks at 15."""
    from pathlib import Path

    from sim.experiments import load_experiment

    root = Path(__file__).resolve().parents[2]
    raw = load_experiment(str(root / "configs/principes/experiments/solo-tuned.yaml"))
    out = run_experiment(raw, games=raw["games"], seed=raw["seed"], workers=1)
    m = out.metrics
    assert raw["games"] == 24_000 and m["strategies"] == ["solo", "solo-score/normal"]
    assert all(rate == 0.0 for by_level in m["strategy_win_rate"].values() for rate in by_level.values())
    assert all(share == 0.0 for cells in m["tracks_reached"].values() for share in cells.values())
    assert out.to_json()["engine"] == "fast"
