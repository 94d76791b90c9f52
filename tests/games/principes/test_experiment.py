"""The Principes full-game driver and experiment: conformance harness, reproducibility, rotation, the CLI."""

import json
import random

import numpy as np
import polars as pl
import pytest
from click.testing import CliRunner

from sim.cli import cli
from sim.errors import ConfigError
from sim.experiments import run_experiment
from sim.games.principes import experiment
from sim.games.principes.driver import WIN_TYPES, play_game
from sim.games.principes.game.invariants import violations
from strategies.principes import make, resolve

RAW = {"game": "principes", "players": 4, "seats": ["builder", "conqueror", "politician", "random"], "rotate": True}
BODY = {k: v for k, v in RAW.items() if k != "game"}  # what the module sees: the experiment keys only
FACTIONS = ("polonia_maior", "masovia", "polonia_minor", "silesia")


def checked(log):
    def on_action(state, player, action):
        found = violations(state)
        assert not found, (state.round, player, action, found)
        log.append(action)

    return on_action


@pytest.mark.parametrize("seed", range(12))
def test_random_legal_play_always_finishes_with_invariants(board_rules, seed):
    board, rules = board_rules
    log: list[str] = []
    seats = {p: make("random", {}) for p in FACTIONS}
    rec = play_game(seats, random.Random(seed), board, rules, strict=True, on_action=checked(log))
    assert rec.win_type in WIN_TYPES and 1 <= rec.rounds <= 6
    assert rec.actions == len(log) and rec.illegal == 0
    assert (rec.winner is None) == (rec.win_type == "draw")
    assert rec.winner is None or rec.winner not in rec.final.eliminated


def test_scripted_mix_keeps_invariants_after_every_action(board_rules):
    board, rules = board_rules
    specs = [resolve(n) for n in RAW["seats"]]
    for seed in range(4):
        seats = {p: make(*specs[(j + seed) % 4][1:]) for j, p in enumerate(FACTIONS)}
        log: list[str] = []
        rec = play_game(seats, random.Random(100 + seed), board, rules, strict=True, on_action=checked(log))
        assert rec.illegal == 0 and len(log) == rec.actions


def test_the_same_game_index_replays_the_same_game():
    payload = experiment.compile(experiment.experiment_from_dict(BODY, "test"))
    key = np.uint64(12345)
    a, rows_a = experiment.play_chunk(payload, key, 3, 2, True)
    b, rows_b = experiment.play_chunk(payload, key, 4, 1, True)
    assert all(rows_a[c][1] == rows_b[c][0] for c in rows_a)


def test_same_seed_same_table_for_any_workers_and_chunks():
    runs = [
        run_experiment(RAW, games=12, seed=7, workers=1, keep_rows=True, chunk=12),
        run_experiment(RAW, games=12, seed=7, workers=2, keep_rows=True, chunk=5),
        run_experiment(RAW, games=12, seed=7, workers=1, keep_rows=True, chunk=3),
    ]
    first = runs[0]
    for other in runs[1:]:
        assert other.metrics == first.metrics
        assert other.rows.equals(first.rows)
    assert first.rows.height == 12 and "winner" in first.rows.columns
    different = run_experiment(RAW, games=12, seed=8, workers=1, keep_rows=True)
    assert not different.rows.equals(first.rows)


def test_rotation_meets_every_strategy_equally_often():
    payload = experiment.experiment_from_dict(BODY, "test")
    r = len(FACTIONS)
    for offset in (0, 5):  # any R consecutive games
        met = [experiment.seat_strategies(payload, offset + g) for g in range(r)]
        for j in range(r):
            assert sorted(ids[j] for ids in met) == list(range(r))
    result = run_experiment(RAW, games=8, seed=1)
    for label, row in result.metrics["strategy_matrix"].items():
        assert [row[p]["games"] for p in FACTIONS] == [2, 2, 2, 2], label
    fixed = experiment.experiment_from_dict({**BODY, "rotate": False}, "test")
    assert {experiment.seat_strategies(fixed, g) for g in range(4)} == {(0, 1, 2, 3)}


def test_summary_metrics_follow_the_counts():
    payload = experiment.experiment_from_dict(BODY, "test")
    counts, _ = experiment.play_chunk(payload, np.uint64(9), 0, 8, False)
    m = experiment.summarize(counts, 8, payload)
    assert sum(m["win_rate"].values()) + m["draw_rate"] == pytest.approx(1.0)
    assert sum(m["win_type"].values()) == pytest.approx(1.0)
    assert sum(m["rounds_hist"].values()) == pytest.approx(1.0)
    rates = list(m["win_rate"].values())
    assert m["balance"]["balance"] == pytest.approx(1 - (max(rates) - min(rates)))
    assert m["balance"]["completion"] == pytest.approx(1 - m["balance"]["drawishness"])
    assert m["balance"]["duration"] == pytest.approx(m["mean_actions"])
    assert all(lo <= m["win_rate"][p] <= hi for p, (lo, hi) in m["win_rate_ci95"].items())
    assert m["illegal_actions"] == 0


def test_seats_as_mapping_and_rules_overrides():
    seats = dict(zip(FACTIONS, ["random", "builder", "builder", "random"], strict=True))
    result = run_experiment({"game": "principes", "seats": seats, "rules": {"taxes.people_cost": 2}}, games=4, seed=3)
    assert result.metrics["strategies"] == ["random", "builder"]
    assert result.n == 4


@pytest.mark.parametrize(
    "raw, key",
    [
        ({"players": 3}, "players"),
        ({"seats": ["builder", "nope", "random", "random"]}, "seats[1]"),
        ({"seats": ["builder"]}, "seats"),
        ({"rotate": "yes"}, "rotate"),
        ({"strategy": "x"}, "strategy"),
        ({"rules": {"taxes.no_such_key": 1}}, "taxes.no_such_key"),
    ],
)
def test_bad_experiment_keys_name_the_key(raw, key):
    with pytest.raises(ConfigError) as err:
        experiment.experiment_from_dict(raw, "exp.yaml")
    assert err.value.key == key


EXPERIMENT = "configs/principes/experiments/faction-balance.yaml"


def test_cli_json_contract():
    out = CliRunner().invoke(cli, ["run", EXPERIMENT, "--games", "8", "--seed", "4", "--json", "--no-progress"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    for key in ("games", "seed", "win_rate", "win_rate_ci95", "win_type", "mean_rounds"):
        assert key in data
    assert data["games"] == 8 and data["seed"] == 4
    assert set(data["win_rate"]) == set(FACTIONS) and set(data["win_type"]) == set(WIN_TYPES)
    assert all(len(ci) == 2 for ci in data["win_rate_ci95"].values())


def test_cli_text_and_save(tmp_path):
    out = CliRunner().invoke(cli, ["run", EXPERIMENT, "--games", "6", "--no-progress", "--save", str(tmp_path / "r")])
    assert out.exit_code == 0, out.output
    assert "polonia_minor" in out.output and "how games end" in out.output
    rows = pl.read_parquet(tmp_path / "r" / "games.parquet")
    assert rows.height == 6 and {"game", "winner", "win_type", "rounds"} <= set(rows.columns)


@pytest.mark.slow
def test_random_legal_conformance_many_games(board_rules):
    board, rules = board_rules
    for seed in range(200):
        seats = {p: make("random", {}) for p in FACTIONS}
        rec = play_game(seats, random.Random(seed), board, rules, strict=True, on_action=checked([]))
        assert rec.win_type in WIN_TYPES
