"""--solve-for: the smallest army reaching the target, checked against independent exact runs."""

import json

import pytest

from sim.battles import run_battle
from sim.errors import ConfigError
from sim.solve import parse_keys, solve_for

CASTLE = {"attacker": {"knight": 1}, "defender": {"knight": 2}, "site": "city", "castle": True}


def _exact_win(**attacker):
    scenario = {**CASTLE, "attacker": attacker}
    return run_battle("principes", scenario, trials=1_000, exact=True).exact["attacker_win"]


def test_smallest_army_matches_exact_odds():
    result = solve_for("principes", CASTLE, "attacker.knight", 0.8, trials=20_000, exact=True)
    assert result.best.army == {"attacker.knight": 5} and result.previous.army == {"attacker.knight": 4}
    assert _exact_win(knight=5) >= 0.8 > _exact_win(knight=4)
    for smaller in range(1, 5):
        assert _exact_win(knight=smaller) < 0.8
    lo, hi = result.previous.interval
    assert lo <= _exact_win(knight=4) <= hi


def test_monte_carlo_search_agrees_without_exact():
    result = solve_for("principes", CASTLE, ["attacker.knight"], 0.5, trials=20_000)
    assert result.best.army == {"attacker.knight": 4}
    assert result.best.result.exact is None and result.best.estimate >= 0.5 > result.previous.estimate


def test_several_unit_types_keep_the_best_mix_of_each_size():
    result = solve_for("principes", CASTLE, "attacker.knight,attacker.footman", 0.8, trials=5_000)
    assert sum(result.best.army.values()) == 5
    assert all(c.estimate < 0.8 for c in result.tried[:-1])
    assert [sum(c.army.values()) for c in result.tried] == list(range(1, 6))  # total 0 is no army


def test_unreachable_target_says_so():
    result = solve_for("principes", CASTLE, "attacker.footman", 0.99, trials=2_000, max_units=3)
    assert result.best is None and "not reached" in result.note and len(result.tried) == 4  # 0..3 footmen


@pytest.mark.parametrize("keys", ["knight", "attacker.knigt", "attacker.knight,attacker.knight", "castle.x", ""])
def test_bad_keys(keys):
    with pytest.raises(ConfigError):
        solve_for("principes", CASTLE, keys, 0.8, trials=100)


@pytest.mark.parametrize("target", [0, 1.5, -0.1, True])
def test_bad_targets(target):
    with pytest.raises(ConfigError):
        solve_for("principes", CASTLE, "attacker.knight", target, trials=100)


def test_parse_keys():
    assert parse_keys("attacker.knight, attacker.footman") == ["attacker.knight", "attacker.footman"]
    with pytest.raises(ConfigError, match="keys of one side"):  # --target is one side's win probability
        parse_keys("attacker.knight, defender.footman")


def test_a_defender_search_targets_p_defender_wins():
    """Issue 45: ``--solve-for defender.X`` applied --target to P(attacker wins) and answered "not reached" where
    one defending Knight already holds. The answer is checked against the exact solver, army by army."""
    scenario = {"attacker": {"knight": 2}, "defender": {"knight": 1}}
    exact = {n: 1 - run_battle("principes", {**scenario, "defender": {"knight": n}}, trials=100,
                                exact=True).exact["attacker_win"] for n in range(1, 8)}  # fmt: skip
    target = 0.9
    smallest = min(n for n, p in exact.items() if p >= target)
    result = solve_for("principes", scenario, "defender.knight", target, trials=2_000, exact=True)
    assert result.side == "defender" and result.best is not None
    assert result.best.army == {"defender.knight": smallest}
    assert result.best.estimate == pytest.approx(exact[smallest])
    assert result.to_json()["best"]["defender_win_exact"] == pytest.approx(exact[smallest])


ISSUE = ["battle", "principes", "--attacker", "knight=1", "--defender", "knight=2", "--site", "city", "--castle"]


def test_cli_solve_for(capsys):
    from sim.cli import main

    main([*ISSUE, "--solve-for", "attacker.knight", "--target", "0.8", "--trials", "20000", "--exact"])
    out = capsys.readouterr().out
    assert "attacker.knight=5" in out and "attacker.knight=4" in out and "reaches the target" in out


def test_cli_solve_for_json(capsys):
    from sim.cli import main

    main([*ISSUE, "--solve-for", "attacker.knight", "--target", "0.8", "--trials", "5000", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert data["best"]["army"] == {"attacker.knight": 5} and data["target"] == 0.8


@pytest.mark.parametrize("flags", [["--solve-for", "attacker.knight"], ["--target", "0.8"]])
def test_cli_solve_for_needs_both_flags(capsys, flags):
    from sim.cli import main

    with pytest.raises(SystemExit) as exc:
        main([*ISSUE, *flags, "--trials", "100"])
    assert exc.value.code == 2 and capsys.readouterr().err.startswith("error:")


def test_cli_solve_for_refuses_save(capsys, tmp_path):
    from sim.cli import main

    with pytest.raises(SystemExit) as exc:
        main([*ISSUE, "--solve-for", "attacker.knight", "--target", "0.8", "--save", str(tmp_path / "x")])
    assert exc.value.code == 2 and "--save" in capsys.readouterr().err
    assert not (tmp_path / "x").exists()


def test_precision_stops_each_army_on_its_own():
    result = solve_for("principes", CASTLE, "attacker.knight", 0.8, trials=400_000, precision=0.005)
    assert result.best.army == {"attacker.knight": 5}
    assert all(c.result.n < 400_000 for c in result.tried)
