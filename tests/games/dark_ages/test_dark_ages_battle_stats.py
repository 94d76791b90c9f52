"""Full-game battle statistics (``metrics["battles"]`` and the per-game battle columns): the same counts from
both engines on the same stream, consistent rows and metrics, and a changed battle rule visibly at work in full
games on the compiled engine."""

from __future__ import annotations

import numpy as np
import pytest

from sim.experiments import run_experiment
from sim.games.dark_ages import experiment, multiplayer
from sim.games.dark_ages.fast import experiment as fast_experiment
from sim.lockstep import LockstepRandom
from sim.rng import experiment_key

ALL = ["random_legal", "expansion", "culture", "military"]
STRONG_INFANTRY = {"1": {"volley": None, "charge": None, "melee": 3, "armour": 2},
                   "2": {"volley": None, "charge": None, "melee": 3, "armour": 2},
                   "3": {"volley": None, "charge": None, "melee": 3, "armour": 3}}  # fmt: skip


def test_both_engines_count_the_same_battles_on_the_same_stream(monkeypatch):
    raw = {"players": [2, 3, 4], "strategies": ALL}
    fast = experiment.compile(experiment.experiment_from_dict(raw, "t.yaml"))
    ref = experiment.compile(experiment.experiment_from_dict({**raw, "engine": "reference"}, "t.yaml"))
    assert (fast.experiment.engine, ref.experiment.engine) == ("fast", "reference")
    monkeypatch.setattr(multiplayer.random, "Random", LockstepRandom)
    a, rows_a = fast_experiment.play_chunk(fast, experiment_key(8), 0, 24, True)
    b, rows_b = multiplayer.play_chunk(ref, experiment_key(8), 0, 24, True)
    keys = [k for k in a if k.startswith("battle_")]
    assert len(keys) == 5 and a["battle_battles"].sum() > 24
    for k in keys:
        assert np.array_equal(a[k], b[k]), k
    for col in [c for c in rows_b if c.startswith(("battles_", "attacker_", "defender_", "die_"))]:
        assert list(rows_a[col]) == list(rows_b[col]), col


def test_metrics_rows_and_schema():
    raw = {"game": "dark_ages", "players": 3, "strategies": ALL}
    result = run_experiment(raw, games=400, seed=5, keep_rows=True)
    b = result.metrics["battles"]
    assert b["kinds"] == ["player", "barbarian"]
    rows = result.rows
    for kind in b["kinds"]:
        assert b["per_game"][kind] == pytest.approx(rows[f"battles_{kind}"].sum() / 400)
        wins, battles = rows[f"attacker_wins_{kind}"].sum(), rows[f"battles_{kind}"].sum()
        assert b["attacker_win_rate"][kind] == pytest.approx(wins / battles)
        lo, hi = b["attacker_win_rate_ci95"][kind]
        assert lo < b["attacker_win_rate"][kind] < hi
        for side in ("attacker", "defender"):
            assert b["units_lost_per_game"][side][kind] == pytest.approx(rows[f"{side}_lost_{kind}"].sum() / 400)
    assert sorted(b["die_faces"]) == ["1", "2", "3", "4", "5", "6"]
    dice = sum(rows[f"die_{v}"].sum() for v in range(1, 7))
    assert b["dice_per_game"] == pytest.approx(dice / 400) and sum(b["die_faces"].values()) == pytest.approx(1)
    assert all(abs(share - 1 / 6) < 0.01 for share in b["die_faces"].values())  # ~40,000 dice of a fair d6


def test_solo_kinds():
    result = run_experiment({"game": "dark_ages", "mode": "solo", "strategies": ALL}, games=220, seed=5)
    b = result.metrics["battles"]
    assert b["kinds"] == ["barbarian", "lordling", "raider", "counterattack"]
    assert b["per_game"]["raider"] > 0.5 and b["per_game"]["barbarian"] > 0.5


def test_a_changed_battle_rule_shows_in_full_games_on_the_compiled_engine():
    """An eight-sided die: eight faces rolled about equally often. Stronger Infantry (melee 3, more armour): more
    Barbarian battles won by the attacker, and fewer of its units lost per battle."""
    base = {"game": "dark_ages", "players": 3, "strategies": ["expansion", "military"]}
    for raw in (
        base,
        {**base, "rules": {"die.faces": 8}},
        {**base, "rules": {"units.player.infantry": STRONG_INFANTRY}},
    ):
        body = {k: v for k, v in raw.items() if k != "game"}
        assert experiment.experiment_from_dict(body, "t.yaml").engine == "fast"
    plain = run_experiment(base, games=600, seed=9)
    d8 = run_experiment({**base, "rules": {"die.faces": 8}}, games=600, seed=9)
    strong = run_experiment({**base, "rules": {"units.player.infantry": STRONG_INFANTRY}}, games=600, seed=9)
    p, e, s = (r.metrics["battles"] for r in (plain, d8, strong))
    assert sorted(e["die_faces"], key=int) == [str(v) for v in range(1, 9)]
    assert all(abs(share - 1 / 8) < 0.01 for share in e["die_faces"].values())
    assert s["attacker_win_rate_ci95"]["barbarian"][0] > p["attacker_win_rate_ci95"]["barbarian"][1]
    lost = {name: m["units_lost_per_game"]["attacker"]["barbarian"] / m["per_game"]["barbarian"]
            for name, m in (("plain", p), ("strong", s))}  # fmt: skip
    assert lost["strong"] < lost["plain"]
