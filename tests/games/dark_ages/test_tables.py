"""``tables: every``: a Dark Ages experiment seats every ordered table of Rulers in turn, not only the k tables of
the rotation. Both engines seat the same Rulers game by game, the compiled games are the reference's, and bad
values are one-line errors."""

import itertools
import math
from collections import Counter

import numpy as np
import pytest

from sim.cli import main
from sim.errors import ConfigError
from sim.games.dark_ages import experiment
from sim.games.dark_ages.fast import experiment as chunk
from sim.games.dark_ages.fast.layout import OUT_COLS
from sim.games.dark_ages.game.context import cached_context
from sim.games.dark_ages.game.loop import play
from sim.games.dark_ages.game.setup import new_game
from sim.games.dark_ages.multiplayer import every_table
from sim.lockstep import LockstepRandom
from sim.rng import experiment_key, trial_state

BASE = ["conrad_the_red", "arnulf_the_bad", "boleslaus_the_cruel", "berengar_of_ivrea", "tomislav",
        "pandulf_ironhead", "gero_the_great"]  # fmt: skip


def seated(**keys):
    return experiment.experiment_from_dict({"rulers": BASE, **keys}, "t.yaml")


def test_every_set_of_rulers_meets_in_every_chair_order_equally_often():
    tables = every_table(7, 3)
    assert len(tables) == len(set(tables)) == 7 * 6 * 5
    sets = Counter(frozenset(t) for t in tables)
    assert len(sets) == math.comb(7, 3) and set(sets.values()) == {6}
    chairs = Counter((r, c) for t in tables for c, r in enumerate(t))
    assert set(chairs.values()) == {30}  # each Ruler 30 times in each chair
    first = {frozenset(t) for t in tables[: math.comb(7, 3)]}
    assert len(first) == 35  # the first 35 games already seat every set once


def test_the_rotation_seats_seven_tables_and_every_seats_all_35():
    rotation, every = seated(players=3), seated(players=3, tables="every")
    assert rotation.tables == "rotation"
    met = {e.tables: {frozenset(experiment.seating(e, i)[0]) for i in range(210)} for e in (rotation, every)}
    assert len(met["rotation"]) == 7 and len(met["every"]) == 35
    assert frozenset({"tomislav", "conrad_the_red", "arnulf_the_bad"}) in met["every"] - met["rotation"]


@pytest.mark.parametrize("players", [[3], [2, 3, 4], [4, 3]])
@pytest.mark.parametrize("seats", [False, True])
def test_the_compiled_twin_seats_the_reference_rulers_and_plans(players, seats):
    keys = {"players": players, "tables": "every", "strategies": ["expansion", "culture", "military"]}
    if seats:
        keys = {"players": players, "tables": "every", "seats": {r: ("culture", "military")[k % 2]
                                                                   for k, r in enumerate(BASE)}}  # fmt: skip
    e = seated(**keys)
    ix = chunk.Index.of(chunk.context_of(e))
    start, count = 977, 700
    npl, rul, st = chunk.seatings(e, start, count)
    for g in range(count):
        rulers, names = experiment.seating(e, start + g)
        n = len(rulers)
        assert npl[g] == n
        assert [ix.rids[r] for r in rul[g, :n]] == rulers, g
        assert [e.strategies[s] for s in st[g, :n]] == names, g


def test_the_compiled_games_are_the_reference_games():
    """The compiled chunk on ``tables: every`` against the reference ``loop.play`` on the same streams: the same
    trigger, turns, Passes and VP of every seat."""
    e = seated(players=[3, 4], tables="every", strategies=["expansion", "culture", "military"])
    key = experiment_key(11)
    start, count = 40, 12
    out = chunk.run_games(experiment.compile(e), key, start, count)
    for g in range(count):
        i = start + g
        rulers, names = experiment.seating(e, i)
        strategies = [experiment.strategy_object(s, "null") for s in names]
        o = play(new_game(cached_context(), rulers, strategies, LockstepRandom(trial_state(np.uint64(key), i))))
        row = out[g]
        assert (int(row[0]), int(row[2]), int(row[3])) == (len(rulers), o.turns, o.passes), i
        totals = [int(row[chunk.HEAD + s * OUT_COLS + OUT_COLS - 1]) for s in range(len(rulers))]
        assert totals == [sc["total"] for sc in o.scores], i


def test_every_ruler_plays_as_often_over_a_period():
    e = seated(players=3, tables="every")
    games = Counter(r for i in range(210) for r in experiment.seating(e, i)[0])
    assert set(games.values()) == {90}
    pairs = Counter(frozenset(p) for i in range(210) for p in itertools.combinations(experiment.seating(e, i)[0], 2))
    assert len(pairs) == 21 and set(pairs.values()) == {30}  # every two Rulers meet, equally often


def test_a_bad_tables_value_is_a_one_line_error(tmp_path, capsys):
    with pytest.raises(ConfigError, match="tables"):
        seated(players=3, tables="all")
    path = tmp_path / "bad.yaml"
    path.write_text("game: dark_ages\nplayers: 3\ntables: all\n")
    with pytest.raises(SystemExit) as exit_:
        main(["run", str(path), "--games", "10"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "tables" in err and "bad.yaml" in err
