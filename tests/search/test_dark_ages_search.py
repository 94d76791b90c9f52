"""The rollout searcher on the compiled Dark Ages engine (``fast.search``, ``sim ladder``): with 0 playouts it plays
its policy's games exactly, it never breaks an invariant, it beats its policy (paired, with an interval), and its
results do not depend on chunks or workers."""

import json

import numpy as np
import pytest

from sim.cli import main
from sim.errors import ConfigError
from sim.games.dark_ages import experiment
from sim.games.dark_ages.fast import experiment as fast_experiment
from sim.games.dark_ages.fast import search
from sim.games.dark_ages.fast.layout import A_BUILD, A_MANOEUVRE, A_RESEARCH
from sim.games.dark_ages.ladder import ladder, seating
from sim.rng import experiment_key

KEY = experiment_key(11)
FIELD = {"conrad_the_red": "military", "arnulf_the_bad": "expansion", "boleslaus_the_cruel": "culture",
         "berengar_of_ivrea": "military", "tomislav": "expansion", "pandulf_ironhead": "culture",
         "gero_the_great": "random_legal"}  # fmt: skip
SEAT = "boleslaus_the_cruel"


def searcher(n, **params):
    return {"name": f"search{n}", "uses": "rollout", "params": {"rollouts": n, "policy": "culture", **params}}


def study(seats=None, **keys):
    raw = {"game": "dark_ages", "players": 3, "rulers": "all", "seats": seats or FIELD, **keys}
    return experiment.experiment_from_dict({k: v for k, v in raw.items() if k != "game"}, "test.yaml")


def payload(seats=None, **keys):
    e = study(seats, **keys)
    return experiment.compile(e)


@pytest.mark.parametrize(("determinize", "reactions"), [(False, False), (True, True)])
def test_zero_playouts_plays_the_policys_games_exactly(determinize, reactions):
    """Every candidate listed and weighed with no playout: the policy's choice stands, and the game's own stream is
    untouched, so every game is the policy's to the last column."""
    plain = fast_experiment.run_games(payload(), KEY, 0, 30)
    seat = searcher(0, determinize=determinize, reactions=reactions)
    table, stats = search.run_games(study({**FIELD, SEAT: seat}), KEY, 0, 30)
    assert np.array_equal(table, plain)  # players, trigger, turns, Passes, every score category, battles, dice
    assert stats[:, search.S_DECISIONS].sum() > 0 and stats[:, search.S_CHANGED].sum() == 0


@pytest.mark.parametrize(("determinize", "choices"), [(False, "actions"), (True, "actions"), (False, "all")])
def test_invariants_hold_and_the_searcher_changes_some_choices(determinize, choices):
    e = study({**FIELD, SEAT: searcher(2, determinize=determinize, choices=choices, objective="score")})
    table, stats = search.run_games(e, KEY, 0, 8, debug=True)  # ``invariants.check`` after every turn, or it raises
    assert (table[:, 0] == 3).all()  # every game finished with its 3 players (a failed invariant: -its number)
    assert 0 < stats[:, search.S_CHANGED].sum() <= stats[:, search.S_DECISIONS].sum()
    assert stats[:, search.S_KIND : search.S_KIND + 36].sum() == stats[:, search.S_CHANGED].sum()
    assert stats[:, search.S_RDECISIONS : search.S_PLAYOUTS].sum() == 0  # reactions are the policy's unless asked for


def test_a_searcher_weighs_its_reactions_when_asked():
    """With ``reactions: true`` the searcher also weighs its reaction whenever a stack pushes out its disc ("The
    owner of that disc — that may be you or another player — must select one of the two adjacent reactions to
    perform"): some reactions are searched and some changed, the invariants hold after every turn, and the turns'
    choices are counted apart from the reactions' (determinized too: ``test_ladder_workers_1_and_2_agree``)."""
    e = study({**FIELD, SEAT: searcher(2, reactions=True, objective="score")})
    table, stats = search.run_games(e, KEY, 0, 16, debug=True)
    assert (table[:, 0] == 3).all()
    decided, changed = stats[:, search.S_RDECISIONS].sum(), stats[:, search.S_RCHANGED].sum()
    assert 0 < changed <= decided
    assert stats[:, search.S_RKIND : search.S_PLAYOUTS].sum() == changed
    assert stats[:, search.S_KIND : search.S_KIND + 36].sum() == stats[:, search.S_CHANGED].sum()
    found = search.reaction_changes(stats.sum(axis=0))
    assert found["decisions"] == decided and sum(c["count"] for c in found["changes"]) <= changed
    assert {c["from"] for c in found["changes"]} <= set(search.REACTIONS)
    # the reaction search plays other games than the turns' search alone, on the same seed
    alone, _ = search.run_games(study({**FIELD, SEAT: searcher(2, objective="score")}), KEY, 0, 16)
    assert not np.array_equal(alone, table)


def test_changes_name_the_actions_of_the_move_rows():
    """A change counted from the policy's Manoeuvre to Pass, and from its Research to Build, is reported by those
    names (the counts are indexed by the move rows' action column, ``layout.A_*``)."""
    stats = np.zeros(search.NSTAT, np.int64)
    stats[search.S_KIND + 6 * A_MANOEUVRE + search.PASS] = 3
    stats[search.S_KIND + 6 * A_RESEARCH + A_BUILD] = 2
    assert search.changes(stats) == [{"from": "manoeuvre", "to": "pass", "count": 3},
                                     {"from": "research", "to": "build", "count": 2}]  # fmt: skip


def test_the_run_command_plays_a_rollout_seat(tmp_path, capsys):
    path = tmp_path / "search.yaml"
    path.write_text(json.dumps({"game": "dark_ages", "seed": 3, "players": 3, "rulers": "all",
                                "seats": {**FIELD, SEAT: searcher(1)}}))  # fmt: skip
    main(["run", str(path), "--games", "6", "--json", "--no-progress"])
    body = json.loads(capsys.readouterr().out)
    assert sum(body["win_rate"].values()) > 0 and "search1" in body["score_by_strategy"]


def test_chunks_do_not_change_the_games():
    e = study({**FIELD, SEAT: searcher(2, objective="score")})
    whole = search.run_games(e, KEY, 0, 6)
    parts = [search.run_games(e, KEY, s, c) for s, c in ((0, 2), (2, 4))]
    assert np.array_equal(whole[0], np.vstack([t for t, _ in parts]))
    assert np.array_equal(whole[1], np.vstack([s for _, s in parts]))


def test_the_ladder_seats_the_ruler_against_every_pair_in_every_chair():
    e = study()
    npl, rul, st, chair = seating(e, SEAT, 0, 45)
    from sim.games.dark_ages.fast.layout import Index

    rids = Index.of(fast_experiment.context_of(e)).rids
    me = rids.index(SEAT)
    assert (npl == 3).all() and (rul[np.arange(45), chair] == me).all() and (rul[:, 3] == 0).all()
    tables = {(tuple(sorted(set(r[:3]) - {me})), int(c)) for r, c in zip(rul, chair, strict=True)}
    assert len(tables) == 45  # the 15 pairs of the other six, each with the Ruler in each of the 3 chairs
    plans = dict(zip(e.rulers, experiment.multiplayer.ruler_plans(e), strict=True))
    assert all(st[g, j] == plans[rids[rul[g, j]]] for g in range(45) for j in range(3))


def test_the_searcher_beats_its_policy_on_the_same_games():
    raw = {"game": "dark_ages", "seed": 5, "players": 3, "rulers": "all", "seats": FIELD}
    result = ladder(raw, "tomislav", [4], games=60)
    rung = result.rungs[0]
    assert rung.gain_ci95[0] > 0, rung  # paired: the same games, the same seating
    assert rung.win_rate == pytest.approx(result.plan_win_rate + rung.gain)


@pytest.mark.parametrize(
    ("params", "expected"),
    [
        ({"rollouts": -1}, "rollouts"),
        ({"rollouts": 2.5}, "rollouts"),
        ({"objective": "glory"}, "objective must be one of win, score"),
        ({"choices": "some"}, "choices must be one of actions, all"),
        ({"determinize": "yes"}, "determinize must be true or false"),
        ({"reactions": 1}, "reactions must be true or false"),
        ({"policy": "rollout"}, "policy must be a plan"),
        ({"policy": "nobody"}, "unknown plan"),
        ({"tactics": True}, "unknown parameters"),
    ],
)
def test_bad_searcher_settings_are_config_errors(params, expected):
    with pytest.raises(ConfigError, match=expected):
        study({**FIELD, SEAT: {"uses": "rollout", "params": params}})


def test_the_searcher_refuses_the_reference_engine(tmp_path, capsys):
    with pytest.raises(ConfigError, match="engine: .*rollout seat"):
        study({**FIELD, SEAT: searcher(2)}, engine="reference")
    with pytest.raises(ConfigError, match="mode: expected multiplayer or solo for a rollout seat"):
        experiment.experiment_from_dict({"mode": "module_effects", "players": 3, "seats": {**FIELD,
                                         SEAT: searcher(2)}, "modules": {"pope": True}}, "test.yaml")  # fmt: skip
    path = tmp_path / "ref.yaml"
    path.write_text(json.dumps({"game": "dark_ages", "players": 3, "engine": "reference",
                                "seats": {**FIELD, SEAT: searcher(2)}}))  # fmt: skip
    with pytest.raises(SystemExit) as exit_:
        main(["run", str(path), "--games", "2", "--no-progress"])
    err = capsys.readouterr().err.strip()
    assert exit_.value.code == 2 and len(err.splitlines()) == 1 and "engine" in err and "rollout" in err, err


def _experiment(tmp_path):
    path = tmp_path / "field.yaml"
    path.write_text(json.dumps({"game": "dark_ages", "seed": 3, "players": 3, "rulers": "all", "seats": FIELD}))
    return str(path)


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["--seat", "charlemagne"], "--seat: expected one of conrad_the_red"),
        (["--seat", SEAT, "--rollouts", "4,x"], "--rollouts: expected a comma list"),
        (["--seat", SEAT, "--games", "1"], "--games: expected a number of games ≥ 2"),
    ],
)
def test_bad_ladder_flags_are_one_line_and_exit_2(tmp_path, capsys, args, expected):
    with pytest.raises(SystemExit) as exit_:
        main(["ladder", _experiment(tmp_path), *args, "--no-progress"])
    err = capsys.readouterr().err.strip()
    assert exit_.value.code == 2 and len(err.splitlines()) == 1 and expected in err, err


def test_ladder_workers_1_and_2_agree(tmp_path, capsys):
    """With --tactics (its reactions searched too) as without."""
    runs = []
    for workers in ("1", "2"):
        main(["ladder", _experiment(tmp_path), "--seat", SEAT, "--rollouts", "0,2", "--games", "24",
              "--workers", workers, "--determinize", "--tactics", "--json", "--no-progress"])  # fmt: skip
        body = json.loads(capsys.readouterr().out)
        for rung in body["rungs"]:
            rung.pop("games_per_s")
        runs.append(body)
    assert runs[0] == runs[1]
    zero, two = runs[0]["rungs"]
    assert zero["gain"] == 0 and zero["changed"] == 0 < zero["decisions"]  # 0 playouts: the plan itself
    assert two["changed"] > 0 and runs[0]["determinize"] and runs[0]["tactics"]
    assert zero["reactions"]["decisions"] == 0 < two["reactions"]["decisions"]  # 0 playouts: nothing searched
    assert 0 <= two["reactions"]["changed"] <= two["reactions"]["decisions"]
