"""The rollout searcher on the compiled Principes engine (``fast.search``, ``sim ladder``): with 0 playouts it plays
its policy's games exactly, it never breaks an invariant, it beats its policy (paired, with an interval), and its
results do not depend on chunks or workers."""

import json

import numpy as np
import pytest

from sim.cli import main
from sim.errors import ConfigError
from sim.games.principes import experiment
from sim.games.principes.fast import chunk, search
from sim.games.principes.fast.state import NP
from sim.games.principes.ladder import ladder
from sim.rng import experiment_key

KEY = experiment_key(11)
FIELD = ["builder", "politician", "conqueror", "random"]
FACTIONS = ("polonia_maior", "masovia", "polonia_minor", "silesia")  # seat order (map.yaml)


def searcher(n, **params):
    return {"name": f"search{n}", "uses": "rollout", "params": {"rollouts": n, "policy": "politician", **params}}


def payload(seats, **keys):
    return experiment.experiment_from_dict({"seats": seats, "history": True, **keys}, "test.yaml")


@pytest.mark.parametrize(("determinize", "tactics"), [(False, False), (True, False), (True, True)])
def test_zero_playouts_plays_the_policys_games_exactly(determinize, tactics):
    plain = chunk.run_games(payload(FIELD), KEY, 0, 40)
    seats = [FIELD[0], searcher(0, determinize=determinize, tactics=tactics), *FIELD[2:]]
    table, stats = search.run_games(payload(seats), KEY, 0, 40)
    assert np.array_equal(table, plain)  # every column: winner, win type, Rounds, tracks, battles, die
    assert stats.sum() == 0  # no decision searched


@pytest.mark.parametrize(("determinize", "tactics"), [(False, False), (True, False), (True, True)])
def test_invariants_hold_and_the_seat_is_searched_every_round(determinize, tactics):
    objective = "score" if tactics else "win"  # a share of Might: with 2 playouts a tactic can still win a Round
    seats = [FIELD[0], searcher(2, determinize=determinize, tactics=tactics, objective=objective), *FIELD[2:]]
    table, stats = search.run_games(payload(seats, rotate=True), KEY, 0, 12, True)
    assert (table[:, chunk.COL["bad"]] == 0).all()  # ``invariants.violations`` after every event, searcher seated
    rounds = table[:, chunk.COL["rounds"]]
    assert stats[:, search.S_DECISIONS].sum() >= rounds.sum() - len(rounds)  # eliminated seats aside, one a Round
    assert 0 < stats[:, search.S_CHANGED].sum() <= stats[:, search.S_DECISIONS].sum()
    chosen = stats[:, search.S_TACTIC : search.S_TACTIC + search.NTACT].sum()
    assert (chosen > 0) == tactics  # a tactic wins some Rounds; without tactics none is weighed
    assert chosen + stats[:, search.S_LEAD : search.S_TACTIC].sum() == stats[:, search.S_CHANGED].sum()


def test_tactic_rows_are_the_policy_with_the_tactics_parameters():
    from sim.games.principes.fast.policy.params import P_ATT_NEUTRAL, P_ATT_PLAYERS, P_BLOCK, compile_strategy
    from strategies.principes import playout_policy
    from strategies.principes.rollout import TACTICS

    seat = searcher(2, tactics=True)
    policy, params = playout_policy(seat["params"])  # politician.yaml: its plan file's parameters
    p = payload([FIELD[0], seat, *FIELD[2:]])
    rows, floats, x = search.search_tables(p)
    n = len(p.specs)
    assert rows.shape[0] == floats.shape[0] == x.shape[0] == n + search.NTACT
    me = p.seats[1]
    assert tuple(x[me, [search.X_TACTICS, search.X_TROW]]) == (search.NTACT, n)
    assert (x[n:, search.X_BUDGET] == -1).all()  # a tactic row is played, never searched from
    for t, change in enumerate(TACTICS.values()):
        ints, fl = compile_strategy(policy, {**params, **change})
        assert (rows[n + t] == ints).all() and (floats[n + t] == fl).all()
    names = list(TACTICS)
    none, block = n + names.index("no attacks"), n + names.index("block Councils")
    assert rows[none, P_ATT_PLAYERS] == rows[none, P_ATT_NEUTRAL] == 0 and rows[block, P_BLOCK] == 1
    both = np.hstack([rows, floats])  # every tactic plays differently from the others, most from the policy
    assert len({tuple(r) for r in both[n:]}) == search.NTACT and (both[n:] != both[me]).any(axis=1).sum() >= 4
    assert (rows[n + names.index("attack at even odds"), [P_ATT_PLAYERS, P_ATT_NEUTRAL]] == 1).all()


def test_chunks_do_not_change_the_games():
    p = payload([FIELD[0], searcher(2, objective="score", tactics=True), *FIELD[2:]])
    whole = search.run_games(p, KEY, 0, 8)
    parts = [search.run_games(p, KEY, s, c) for s, c in ((0, 3), (3, 5))]
    assert np.array_equal(whole[0], np.vstack([t for t, _ in parts]))
    assert np.array_equal(whole[1], np.vstack([s for _, s in parts]))


def test_candidates_are_legal_plans_with_the_policys_first():
    s0, c, _, _ = chunk.compiled(payload(FIELD))
    out = np.empty((search.MAXCAND, search.NACT), np.int64)
    base = np.array([5, 1, 4, 0, 0, 0], np.int64)
    for choices, expected in ((0, 6), (1, 120)):  # lead: each action first; all: every ordered 3 of 6
        n = search.candidates(c[0], base, choices, out)
        plans = {tuple(row[:3]) for row in out[:n]}
        assert n == expected and len(plans) == n and tuple(out[0, :3]) == (5, 1, 4)
        assert all(len(set(p)) == 3 and set(p) <= set(range(6)) for p in plans)  # rounds.check_plan
    n = search.candidates(c[0], base, 0, out)
    assert sorted(out[:n, 0]) == list(range(6)) and [2, 5, 1] in out[:n, :3].tolist()


def test_the_searcher_beats_its_policy_on_the_same_games():
    raw = {"game": "principes", "seed": 5, "seats": FIELD, "history": False}
    result = ladder(raw, "masovia", [4], games=150)
    rung = result.rungs[0]
    assert rung.gain_ci95[0] > 0, rung  # paired: the same 150 games, seat fixed
    assert rung.win_rate == pytest.approx(result.plan_win_rate + rung.gain)


@pytest.mark.parametrize(
    ("params", "expected"),
    [
        ({"rollouts": -1}, "rollouts"),
        ({"rollouts": 2.5}, "rollouts"),
        ({"objective": "glory"}, "objective must be one of win, score"),
        ({"choices": "some"}, "choices must be one of lead, all"),
        ({"determinize": "yes"}, "determinize: expected true or false"),
        ({"tactics": 1}, "tactics: expected true or false"),
        ({"tactics": True, "policy": "random"}, "tactics need a scripted policy"),
        ({"actions": "no"}, "actions: expected true or false"),
        ({"actions": True, "policy": "random"}, "actions need a scripted policy"),
        ({"policy": "rollout"}, "policy must be a plan"),
        ({"policy": "nobody"}, "unknown strategy"),
    ],
)
def test_bad_searcher_settings_are_config_errors(params, expected):
    with pytest.raises(ConfigError, match=expected):
        payload([FIELD[0], {"uses": "rollout", "params": params}, *FIELD[2:]])


def test_the_searcher_refuses_the_reference_engine():
    with pytest.raises(ConfigError, match="engine: .*rollout seat"):
        payload([FIELD[0], searcher(2), *FIELD[2:]], engine="reference")
    with pytest.raises(ConfigError, match="seats: .*fast engine"):  # a hand limit the compiled layout cannot hold
        payload([FIELD[0], searcher(2), *FIELD[2:]], rules={"politics.hand_limit": 13})
    with pytest.raises(ConfigError, match="players: expected 4 for a rollout seat"):
        seats = {"polonia_maior": FIELD[0], "masovia": searcher(2), "polonia_minor": FIELD[2]}
        experiment.experiment_from_dict({"players": 3, "seats": seats}, "test.yaml")


def _experiment(tmp_path):
    path = tmp_path / "field.yaml"
    path.write_text("game: principes\nseed: 3\nhistory: false\nseats: [builder, politician, conqueror, random]\n")
    return str(path)


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["--seat", "bohemia"], "--seat: expected one of polonia_maior"),
        (["--seat", "masovia", "--rollouts", "4,x"], "--rollouts: expected a comma list"),
        (["--seat", "masovia", "--games", "1"], "--games: expected a number of games ≥ 2"),
        (["--seat", "masovia", "--budget", "-4"], "--budget: expected a comma list"),
    ],
)
def test_bad_ladder_flags_are_one_line_and_exit_2(tmp_path, capsys, args, expected):
    with pytest.raises(SystemExit) as exit_:
        main(["ladder", _experiment(tmp_path), *args, "--no-progress"])
    err = capsys.readouterr().err.strip()
    assert exit_.value.code == 2 and len(err.splitlines()) == 1 and expected in err, err


def test_ladder_workers_1_and_2_agree(tmp_path, capsys):
    runs = []
    for workers in ("1", "2"):
        main(["ladder", _experiment(tmp_path), "--seat", "silesia", "--rollouts", "0,2", "--games", "60",
              "--workers", workers, "--json", "--no-progress"])  # fmt: skip
        body = json.loads(capsys.readouterr().out)
        for rung in body["rungs"]:
            rung.pop("games_per_s")
        runs.append(body)
    assert runs[0] == runs[1]
    assert runs[0]["rungs"][0]["gain"] == 0 and runs[0]["rungs"][0]["decisions"] == 0  # 0 playouts: the plan itself
    assert runs[0]["rungs"][1]["decisions"] > 0 and NP == 4


def test_ladder_budgets_per_decision_by_halving(tmp_path, capsys):
    """``--budget``: each rung's searcher spends that many playouts per decision (sequential halving over the 6
    leads: 6 + 3 + 2 playouts at budget 6, one more than uniform's 6 x 1), and the ladder says so."""
    main(["ladder", _experiment(tmp_path), "--seat", "silesia", "--budget", "0,6", "--games", "6", "--json",
          "--no-progress"])  # fmt: skip
    body = json.loads(capsys.readouterr().out)
    assert body["allocation"] == "halving" and body["determinize"] and [r["rollouts"] for r in body["rungs"]] == [0, 6]
    assert body["rungs"][0]["decisions"] == 0 < body["rungs"][1]["decisions"]
    main(["ladder", _experiment(tmp_path), "--seat", "silesia", "--budget", "6", "--games", "6", "--sees-hidden",
          "--no-progress"])  # fmt: skip
    assert all("sees hidden cards" in line for line in capsys.readouterr().out.strip().splitlines())


def test_a_mixed_seat_plays_each_profile_its_share_of_the_games():
    """An equilibrium file's mixtures: each profile plays games in proportion to its probability, from a seed of its
    own; the ladder's sample is the union of the profiles' games."""
    from sim.balance.store import derive_seed
    from sim.games.principes.ladder import _shares

    assert _shares(10, [0.28, 0.52, 0.07, 0.13]) == [3, 5, 1, 1] and sum(_shares(7, [1 / 3] * 3)) == 7
    pure = {"game": "principes", "seed": 5, "history": False, "seats": dict(zip(FACTIONS, FIELD, strict=True))}
    one = {**pure, "seats": {**pure["seats"], "masovia": {"mix": {"politician": 1.0}}}}
    assert ladder(one, "silesia", [0], games=30).plan_win_rate == ladder(pure, "silesia", [0], games=30).plan_win_rate
    two = {**pure, "seats": {**pure["seats"], "silesia": {"mix": {"random": 0.5, "builder": 0.5}}}}
    mixed = ladder(two, "silesia", [0], games=60)
    parts = [ladder({**pure, "seats": {**pure["seats"], "silesia": plan}}, "silesia", [0], games=30,
                    seed=derive_seed(5, "profile", k)) for k, plan in enumerate(("random", "builder"))]  # fmt: skip
    assert mixed.plan_win_rate == pytest.approx(np.mean([p.plan_win_rate for p in parts]))
    assert mixed.plan == "random 0.50, builder 0.50" and mixed.rungs[0].gain == 0
