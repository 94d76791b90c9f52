"""``sim verdict`` on Winged Hussars (``sim.games.hussars.verdict``): the families are the ladder's factions, a rung's
wins are the families on the winning seats of its recorded games, workers 1 and 2 give the same verdict, and a study
without a plan per family is one line with exit code 2."""

import json

import numpy as np
import polars as pl
import pytest
import yaml

from sim.cli import main
from sim.games.hussars.verdict import outcomes

# The Hussars searcher compiles for about 4.5 CPU-minutes cold: make test-full runs these, make test does not.
pytestmark = pytest.mark.full

FAMILIES = ["ostrogski", "wisniowiecki", "korecki", "danilowicz"]
STUDY = {"game": "hussars", "title": "verdict test", "question": "Who wins?", "games": 100, "seed": 7, "rounds": 2,
         "seats": dict(zip(FAMILIES, ["economic", "military", "political", "economic"], strict=True))}  # fmt: skip


def _study(tmp_path, **changes) -> str:
    path = tmp_path / f"study-{len(list(tmp_path.glob('study-*')))}.yaml"
    path.write_text(yaml.safe_dump({**STUDY, **changes}))
    return str(path)


def _verdict(capsys, *args) -> dict:
    main(["verdict", *args, "--no-progress", "--json"])
    out = json.loads(capsys.readouterr().out)
    out.pop("command")
    for r in out["rungs"]:
        r.pop("seconds"), r.pop("games_per_s")
    return out


def test_a_small_ladder_the_same_for_one_and_two_workers(tmp_path, capsys):
    s = _study(tmp_path)
    one = _verdict(capsys, s, "--budgets", "1,2", "--games", "6", "--trace-games", "2", "--out", str(tmp_path / "a"))
    two = _verdict(capsys, s, "--budgets", "1,2", "--games", "6", "--trace-games", "2", "--out", str(tmp_path / "b"),
                   "--workers", "2")  # fmt: skip
    keys = one["factions"]  # the study's seats, in its file's order
    assert one == two and sorted(keys) == sorted(FAMILIES)
    rows = pl.read_parquet(tmp_path / "a" / "rungs" / "b2.parquet")
    won, ends, length = outcomes(rows, keys)
    assert np.array_equal(won.sum(axis=1), np.ones(6))  # one winning family a game, every family in every game
    winner = [rows[f"seat{s}_faction"][g] for g, s in enumerate(rows["winner_seat"].to_list())]
    assert [keys[j] for j in won.argmax(axis=1)] == winner
    assert set(ends) <= {"most_vp", "tie_break"} and set(length) == {2.0}
    for j, k in enumerate(keys):
        assert one["rungs"][1]["factions"][k]["wins"] == int(won[:, j].sum())


@pytest.mark.parametrize(
    ("changes", "expected"),
    [({"seats": None, "plans": ["economic"] * 4}, "seats: expected a plan per family"),
     ({"engine": "reference"}, "engine: expected auto or fast for a rollout seat")],
)  # fmt: skip
def test_a_study_the_searchers_cannot_play_is_one_line(tmp_path, capsys, changes, expected):
    raw = {k: v for k, v in {**STUDY, **changes}.items() if v is not None}
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump(raw))
    with pytest.raises(SystemExit) as exit_:
        main(["verdict", str(path), "--budgets", "1,2", "--games", "4", "--out", str(tmp_path / "o"), "--no-progress"])
    err = capsys.readouterr().err.strip()
    assert exit_.value.code == 2 and len(err.splitlines()) == 1 and expected in err, err
