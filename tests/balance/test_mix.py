"""Mixed seats: each game's plans are a pure function of (seed, game, seat), whatever the chunks or workers; a mixed
experiment replays through the game's own chunk kernel; bad mixtures are one clean error."""

import json

import numpy as np
import pytest

from sim.balance.mix import Field, Seat, parse_mix
from sim.cli import main
from sim.errors import ConfigError
from sim.experiments import run_experiment
from sim.rng import experiment_key

FACTIONS = ("a", "b", "c", "d")
SEATS = {"polonia_maior": "builder", "masovia": {"mix": {"politician": 0.7, "builder": 0.3}},
         "polonia_minor": "conqueror", "silesia": {"mix": {"politician": 0.5, "conqueror": 0.5}}}  # fmt: skip
MIXED = {"game": "principes", "history": False, "rotate": False, "seats": SEATS}


def test_plan_draws_do_not_depend_on_chunks_and_follow_the_weights():
    field = Field(FACTIONS, (Seat(("x",), (1.0,)), Seat(("x", "y"), (0.7, 0.3)), Seat(("y",), (1.0,)),
                             Seat(("x", "y", "z"), (0.2, 0.3, 0.5))))  # fmt: skip
    key = experiment_key(7)
    whole = field.table(key, 0, 20_000)
    parts = np.concatenate([field.table(key, s, c) for s, c in ((0, 1), (1, 4_999), (5_000, 15_000))])
    assert (whole == parts).all()
    labels = field.labels
    assert (whole[:, 0] == labels.index("x")).all() and (whole[:, 2] == labels.index("y")).all()
    for j, seat in ((1, field.seats[1]), (3, field.seats[3])):
        for label, w in zip(seat.labels, seat.weights, strict=True):
            share = (whole[:, j] == labels.index(label)).mean()
            assert abs(share - w) < 4 * (w * (1 - w) / len(whole)) ** 0.5  # within 4 standard errors
    other = field.table(experiment_key(8), 0, 20_000)
    assert (other != whole).any()  # another seed draws other plans


def test_rotation_shifts_the_seats_as_the_engines_do_and_a_pinned_seat_stays():
    field = Field(FACTIONS, tuple(Seat((p,), (1.0,)) for p in "pqrs"), rotate=True)
    t = field.table(experiment_key(1), 5, 8)
    labels = field.labels
    for g in range(8):
        shift = (5 + g) % 4
        assert [labels[t[g, j]] for j in range(4)] == ["pqrs"[(j + shift) % 4] for j in range(4)]
    pinned = field.with_seat("b", Seat(("t",), (1.0,)))
    t2 = pinned.table(experiment_key(1), 5, 8)
    assert all(pinned.labels[x] == "t" for x in t2[:, 1])
    assert (np.delete(t2, 1, axis=1) == np.delete(t, 1, axis=1)).all()


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        ({"mix": {"politician": 0.7, "builder": 0.2}}, "summing to 1"),
        ({"mix": {"politician": 1.2, "builder": -0.2}}, "a weight ≥ 0"),
        ({"mix": {"politician": "most"}}, "a weight ≥ 0"),
        ({"mix": {}}, "one or more plans"),
        ({"mix": {"politician": 1.0}, "extra": 1}, "one or more plans"),
    ],
)
def test_bad_mixtures_are_config_errors(spec, expected):
    with pytest.raises(ConfigError, match=expected):
        parse_mix(spec, "e.yaml", "seats.masovia")


def test_mixed_experiment_is_independent_of_workers_and_chunks():
    one = run_experiment(MIXED, games=300, seed=4)
    two = run_experiment(MIXED, games=300, seed=4, workers=2, chunk=70)
    assert one.metrics == two.metrics
    games = sum(v["games"] for v in one.metrics["plan_matrix"]["politician"].values() if v)
    assert 0 < games < 600  # masovia and silesia mix politician with other plans


def test_a_mixture_of_one_plan_plays_the_same_games_as_the_plain_seat():
    plain = {**MIXED, "seats": {"polonia_maior": "builder", "masovia": "politician", "polonia_minor": "conqueror",
                                "silesia": "politician"}}  # fmt: skip
    mixed = {**MIXED, "seats": {**plain["seats"], "masovia": {"mix": {"politician": 1.0}}}}
    a, b = run_experiment(plain, games=200, seed=9), run_experiment(mixed, games=200, seed=9)
    assert a.metrics["win_rate"] == b.metrics["win_rate"]
    assert a.metrics["win_type"] == b.metrics["win_type"] and a.metrics["mean_rounds"] == b.metrics["mean_rounds"]


def test_sim_run_reports_a_bad_mixture_in_one_line(tmp_path, capsys):
    path = tmp_path / "bad.yaml"
    seats = {**MIXED["seats"], "masovia": {"mix": {"politician": 0.6, "builder": 0.6}}}
    path.write_text(json.dumps({**MIXED, "seats": seats}))
    with pytest.raises(SystemExit) as exit_:
        main(["run", str(path), "--games", "10"])
    err = capsys.readouterr().err.strip()
    assert exit_.value.code == 2 and len(err.splitlines()) == 1
    assert "seats.masovia.mix" in err and "summing to 1" in err


def test_two_mixed_experiments_compare_game_by_game():
    from sim.compare import run_compare_experiments

    other = {**MIXED, "seats": {**SEATS, "masovia": {"mix": {"politician": 0.3, "builder": 0.7}}}}
    result = run_compare_experiments(MIXED, other, games=300, seed=2)
    table = result.table.set_index("faction")
    assert not result.notes and (table["games"] == 300).all()  # paired on every game, not the unpaired fallback
    assert table.loc["polonia_minor", "tighter"] > 1
