"""Full-game battle statistics: the reference's tally counts every battle it fights, by kind and die face; the
statistics reach ``--json``, the per-game rows and both engines alike; a changed die (an all-blank one) shows in the
die faces and in the battles' outcomes of compiled full games, from an experiment's ``rules:`` and from ``--set``."""

import json
import random

import numpy as np
import pytest

from sim.cli import main
from sim.experiments import load_experiment, run_experiment
from sim.games.principes import battle_stats
from sim.games.principes.driver import play_game
from sim.games.principes.game import battles
from sim.games.principes.game.setup import load_game_rules
from sim.games.principes.rules import SYMBOLS
from strategies.principes import make

PART1 = "configs/principes/experiments/faction-balance.yaml"
BLANK = {"battle_die.faces": ["blank"] * 6}  # "the die shows no symbol": no swords, shields or coins from dice


def test_the_tally_counts_every_battle_by_kind_and_every_roll():
    """Each battle the reference fights adds 1 to its kind, the attacker's win, the units toppled on each side, and
    its 2 die rolls plus any reroll (Masovia's "With the Wind") to the faces rolled."""
    rules = load_game_rules()
    seen = []
    fight = battles.battle

    def counted(state, land, attacker, rng, withdraw_to=None):
        out, report = fight(state, land, attacker, rng, withdraw_to)
        seen.append((battles.battle_kind(state, report.attacker, report.defender), report, out.tally, state.tally))
        return out, report

    names = ["builder", "conqueror", "random", "random"]
    seats = {p: make(n, {}) for p, n in zip(rules.board.principalities, names, strict=True)}
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(battles, "battle", counted)
        for seed in range(3):
            variants = frozenset({"neighbors", "tiles", "princesses"})
            play_game(seats, random.Random(seed), rules=rules, history=True, variants=variants, strict=True)
    kinds = {k for k, *_ in seen}
    assert {"player", "neighbor", "invader"} <= kinds, kinds  # the games reach the kinds the modules bring
    for kind, report, after, before in seen:
        delta = {k: after.get(k, 0) - before.get(k, 0) for k in set(after) | set(before)}
        assert delta.get(f"battles.{kind}") == 1
        assert delta.get(f"attacker_wins.{kind}", 0) == (report.winner == report.attacker)
        assert delta.get(f"attacker_lost.{kind}", 0) == sum(report.toppled[report.attacker].values())
        assert delta.get(f"defender_lost.{kind}", 0) == sum(report.toppled[report.defender].values())
        rolls = sum(v for k, v in delta.items() if k.startswith("die."))
        assert rolls in (2, 3)


def test_one_battle_a_game_gives_the_binomial_interval():
    """With exactly one battle per game the cluster-robust interval is the normal (Wald) interval of a proportion,
    with n - 1 in the variance."""
    n, wins = 400, 130
    w = np.array([1] * wins + [0] * (n - wins))
    c = battle_stats.counts(np.ones((n, 1)), w[:, None], np.zeros((n, 1)), np.zeros((n, 1)), np.ones((n, 2)))
    lo, hi = battle_stats.ratio_ci(wins, n, c["battle_moments"][0], n)
    r = wins / n
    half = 1.959963984540054 * (r * (1 - r) / (n - 1)) ** 0.5
    assert (lo, hi) == pytest.approx((r - half, r + half))
    assert battle_stats.ratio_ci(0, 0, c["battle_moments"][0], n) is None


@pytest.fixture(scope="module")
def runs():
    raw = load_experiment(PART1)
    plain = run_experiment(raw, games=400, seed=5, keep_rows=True)
    blank = run_experiment({**raw, "rules": BLANK}, games=400, seed=5, keep_rows=True)
    return plain, blank


def test_an_all_blank_die_changes_the_faces_and_the_battles_of_compiled_games(runs):
    plain, blank = runs
    assert plain.metrics["battles"]["die_faces"]["blank"] == pytest.approx(1 / 6, abs=0.03)
    faces = blank.metrics["battles"]["die_faces"]
    assert faces == {"sword": 0.0, "shield": 0.0, "coin": 0.0, "blank": 1.0}
    b0, b1 = plain.metrics["battles"], blank.metrics["battles"]
    assert b0["per_game"]["player"] > 0.5 and b1["per_game"]["player"] > 0.5
    # no die sword or shield: the attackers' odds and the units lost change (the same seed, the same seats)
    assert b1["attacker_win_rate"]["player"] != b0["attacker_win_rate"]["player"]
    assert b1["units_lost_per_game"] != b0["units_lost_per_game"]
    assert not plain.rows.equals(blank.rows)


def test_the_battle_columns_of_the_per_game_rows_add_up_to_the_json(runs):
    plain, _ = runs
    b = plain.metrics["battles"]
    assert b["kinds"] == list(battles.KINDS)
    for kind in b["kinds"]:
        assert plain.rows[f"battles_{kind}"].mean() == pytest.approx(b["per_game"][kind])
        assert plain.rows[f"defender_lost_{kind}"].mean() == pytest.approx(b["units_lost_per_game"]["defender"][kind])
        won, fought = plain.rows[f"attacker_wins_{kind}"].sum(), plain.rows[f"battles_{kind}"].sum()
        assert b["attacker_win_rate"][kind] == (won / fought if fought else None)
    rolls = sum(plain.rows[f"die_{s}"].sum() for s in SYMBOLS)
    assert b["dice_per_game"] == pytest.approx(rolls / plain.n)


def test_the_reference_reports_the_same_battle_statistics():
    """The same keys and columns on the reference engine (its games are other games: no numbers compared here; the
    lockstep tests compare the tallies state by state)."""
    raw = {**load_experiment(PART1), "engine": "reference"}
    ref = run_experiment(raw, games=8, seed=1, keep_rows=True)
    fast = run_experiment({**raw, "engine": "fast"}, games=8, seed=1, keep_rows=True)
    assert set(ref.metrics["battles"]) == set(fast.metrics["battles"]) and ref.rows.schema == fast.rows.schema
    assert sum(ref.metrics["battles"]["per_game"].values()) > 0


def test_set_on_sim_run_reaches_the_compiled_engine(capsys):
    faces = "battle_die.faces=[blank,blank,blank,blank,blank,blank]"
    main(["run", PART1, "--games", "60", "--json", "--set", faces])
    data = json.loads(capsys.readouterr().out)
    assert data["battles"]["die_faces"]["blank"] == 1.0 and data["battles"]["dice_per_game"] > 0
