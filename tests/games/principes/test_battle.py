"""Principes battle engine: Monte Carlo against exact, compiled tables against the plain-Python reference."""

import itertools
import math
import random

import numpy as np
import pytest

import sim
from sim.config import load_rules
from sim.games.principes import battle as b
from sim.games.principes import reference as ref
from sim.games.principes.kernel import attacker_wins
from sim.games.principes.rules import SYMBOLS

SCENARIOS = {
    "plain city": dict(attacker={"knight": 2, "footman": 1}, defender={"knight": 1, "footman": 1}, site="city"),
    "cards both sides": dict(
        attacker={"knight": 2, "footman": 2},
        defender={"prince": 1, "footman": 2},
        site="gord",
        attacker_cards={"either": 2, "sword": 1},
        defender_cards={"shield": 1, "either": 1},
    ),
    "masovia reroll vs learning chess": dict(
        attacker={"knight": 1, "footman": 3},
        defender={"knight": 1, "footman": 1},
        site="city",
        attacker_faction="masovia",
        defender_tiles=["learning_chess"],
        defender_cards={"sword": 1},
    ),
    "pomerania neutral": dict(
        attacker={"prince": 1, "knight": 2},
        defender={"knight": 1, "footman": 2},
        defender_faction="neutral",
        site="gord",
        settlements=2,
        attacker_cards={"sword": 2},
    ),
    "both choices": dict(
        attacker={"knight": 2},
        defender={"knight": 2},
        site="gord",
        attacker_faction="masovia",
        attacker_tiles=["learning_chess"],
        defender_tiles=["learning_chess"],
    ),
}


@pytest.mark.stat
@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_monte_carlo_matches_exact(name, mc_trials):
    r = sim.battle("principes", trials=mc_trials, seed=7, exact=True, **SCENARIOS[name])
    n = r.n
    for metric in (
        "attacker_win",
        "mean_lost.attacker",
        "mean_lost.defender",
        "gold_looted.attacker",
        "cards_spent.attacker",
        "cards_spent.defender",
        "die_choices.attacker.rerolls",
        "die_choices.defender.flips",
        "standing.attacker.1",
        "outcome.defender_holds",
    ):
        est = r.summary.set_index("metric").loc[metric]
        # 5 standard errors of a variable in [0, 4] (the largest army here has 4 units)
        tol = 5 * 4 * math.sqrt(0.25 / n)
        assert abs(est.estimate - est.exact) <= tol, (metric, est.estimate, est.exact)
    lo, hi = r.metrics["attacker_win_ci95"]
    half = 4 * math.sqrt(max(r.exact["attacker_win"] * (1 - r.exact["attacker_win"]), 1e-12) / n)
    assert lo - half <= r.exact["attacker_win"] <= hi + half


def _compile(raw):
    rules = load_rules("principes")
    return b.compile(rules, b.scenario_from_dict(raw, "test", rules))


def test_outcome_table_matches_reference_on_random_battles():
    """For random armies, hands and every pair of die symbols, the compiled outcome equals the reference's."""
    rng = random.Random(3)
    for _ in range(60):
        raw = {
            "attacker": {k: rng.randint(0, 3) for k in ("footman", "knight", "prince")},
            "defender": {k: rng.randint(0, 3) for k in ("footman", "knight", "prince")},
            "site": rng.choice(["gord", "city"]),
            "castle": rng.random() < 0.3,
            "attacker_cards": {k: rng.randint(0, 2) for k in ("sword", "shield", "either")},
            "defender_cards": {k: rng.randint(0, 2) for k in ("sword", "shield", "either")},
        }
        raw["attacker"]["knight"] += 1
        raw["defender"]["footman"] += 1
        p = _compile(raw)
        site = (1 if raw["site"] == "gord" else 2) + (2 if raw["castle"] else 0)
        for sa, sd in itertools.product(range(4), repeat=2):
            fa, fd = SYMBOLS[sa], SYMBOLS[sd]
            base = (fa == "sword", fa == "shield", fd == "sword", site + (fd == "shield"))
            a_play, d_play = ref.play_cards(
                raw["attacker"], raw["defender"], base, raw["attacker_cards"], raw["defender_cards"]
            )
            w, att, dfn = ref.fight(
                raw["attacker"],
                raw["defender"],
                base[0] + a_play[0],
                base[1] + a_play[1],
                base[2] + d_play[0],
                base[3] + d_play[1],
            )
            kind, ta, td, _, _, ca, cd = p.outcome[sa, sd]
            assert (attacker_wins(kind), ta, td) == (
                w == "attacker",
                sum(f.toppled for f in att),
                sum(f.toppled for f in dfn),
            ), (raw, fa, fd)
            assert (ca, cd) == (a_play[2], d_play[2])


def test_reroll_taken_only_when_it_raises_the_win_chance():
    """'The player may ... reroll their Battle Die once': sim rerolls exactly when the roll loses and a reroll
    could win (no defender choices here, so the win chance of a reroll is the mean over the new face)."""
    raw = dict(
        attacker={"knight": 1, "footman": 3},
        defender={"knight": 1, "footman": 1},
        site="city",
        attacker_faction="masovia",
        defender_cards={"sword": 1},
    )
    p = _compile(raw)
    win = np.isin(p.outcome[:, :, 0], (0, 3))
    F = p.n_faces
    rerolls = 0
    for ia, jd in itertools.product(range(F), range(F)):
        wins_now = win[p.sym[ia], p.sym[jd]]
        reroll_chance = np.mean([win[p.sym[k], p.sym[jd]] for k in range(F)])
        assert (p.att_act[ia, jd, 1, 0] == 2) == (not wins_now and reroll_chance > 0), (ia, jd)
        rerolls += p.att_act[ia, jd, 1, 0] == 2
    assert rerolls > 0
    assert b.exact(p)["attacker_win"] > b.exact(_compile({**raw, "attacker_faction": "silesia"}))["attacker_win"]


def test_neutral_vs_neutral_loots_nothing_and_plays_no_cards():
    """'In the case of a clash between two neutral forces, this symbol is ignored'; 'Neutral factions do not use
    Battle Cards'."""
    raw = dict(attacker={"knight": 2}, defender={"footman": 2}, attacker_faction="neutral", defender_faction="neutral")
    e = b.exact(_compile(raw))
    assert e["gold_looted"] == {"attacker": 0.0, "defender": 0.0}
    with pytest.raises(sim.errors.ConfigError):
        _compile({**raw, "attacker_cards": {"sword": 1}})


def test_the_battle_engine_reads_the_neutral_and_card_order_rules():
    """cards.neutral_use_cards lets a neutral side play its cards, loot.neutral_vs_neutral_ignored false loots a
    coin between neutrals, and cards.attacker_first false (not modelled by the card search) is refused."""
    raw = dict(attacker={"footman": 2}, defender={"footman": 2}, attacker_faction="neutral", defender_faction="neutral")

    def compiled(overrides, scenario):
        rules = load_rules("principes", overrides)
        return b.compile(rules, b.scenario_from_dict(scenario, "test", rules))

    plain = b.exact(compiled({}, raw))["attacker_win"]
    armed = {**raw, "attacker_cards": {"sword": 2}}
    assert b.exact(compiled({"cards.neutral_use_cards": True}, armed))["attacker_win"] > plain
    looted = b.exact(compiled({"loot.neutral_vs_neutral_ignored": False}, raw))["gold_looted"]
    assert looted["attacker"] > 0 and looted["defender"] > 0
    with pytest.raises(sim.errors.ConfigError, match="attacker_first"):
        compiled({"cards.attacker_first": False}, raw)


def test_exact_distribution_sums_to_one_and_matches_hand_count():
    """1 Knight attacks 1 Footman in a Gord, no cards. By hand: the Footman survives only when the defender rolls a
    shield and the attacker no sword (2/6 * 4/6); the Knight is toppled only when the defender rolls a sword and the
    attacker no shield (2/6 * 4/6). The two need different defender faces, so P(attacker wins) = 1 - 16/36 = 5/9."""
    e = b.exact(_compile(dict(attacker={"knight": 1}, defender={"footman": 1}, site="gord")))
    p = 0.0
    for fa, fd in itertools.product(["sword"] * 2 + ["shield"] * 2 + ["coin", "blank"], repeat=2):
        to_def = max(0, 2 + (fa == "sword") - 1 - (fd == "shield"))
        to_att = max(0, 1 + (fd == "sword") - (fa == "shield"))
        p += (to_def >= 1 and to_att < 2) / 36
    assert e["attacker_win"] == pytest.approx(p)
    assert p == pytest.approx(5 / 9)
    assert sum(e["standing"]["attacker"].values()) == pytest.approx(1.0)


def test_same_seed_same_numbers_for_any_worker_count_and_chunking():
    from sim.rng import experiment_key
    from sim.runner import run

    p = _compile(SCENARIOS["both choices"])
    one = run(b.run_chunk, p, 300_000, seed=11, workers=1, progress=False)
    two = run(b.run_chunk, p, 300_000, seed=11, workers=2, progress=False, chunk=40_000)
    small = run(b.run_chunk, p, 300_000, seed=11, workers=1, progress=False, chunk=7_777)
    for name in one.counts:
        assert np.array_equal(one.counts[name], two.counts[name]) and np.array_equal(
            one.counts[name], small.counts[name]
        )
    other = run(b.run_chunk, p, 300_000, seed=12, workers=1, progress=False)
    assert not np.array_equal(one.counts["kinds"], other.counts["kinds"])
    # per-trial rows come back in trial order whatever the chunking
    kept = run(b.run_chunk, p, 50_000, seed=11, workers=2, keep_trials=True, progress=False, chunk=9_000)
    whole, rows = b.run_chunk(p, experiment_key(11), 0, 50_000, True)
    assert np.array_equal(kept.trials["outcome"], rows["outcome"])
    assert int(rows["attacker_win"].sum()) == int(whole["attacker_win"])


def test_precision_stops_when_the_interval_is_tight_enough():
    r = sim.battle("principes", precision=0.005, trials=10_000_000, seed=1, **SCENARIOS["plain city"])
    lo, hi = r.metrics["attacker_win_ci95"]
    assert (hi - lo) / 2 <= 0.005
    assert r.n < 10_000_000
