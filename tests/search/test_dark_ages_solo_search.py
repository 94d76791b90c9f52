"""The Dark Ages solo player searching (``fast.solo_search``, ``search:`` in a solo experiment): with budget 0 it
plays its strategy's solo games exactly, it weighs its turns within its budget when it searches, its games do not
depend on workers, and a solo searcher that cannot be played is one line and exit code 2."""

import json

import numpy as np
import pytest

from sim.cli import main
from sim.experiments import run_experiment
from sim.games.dark_ages import experiment
from sim.games.dark_ages.fast import search, solo_search
from sim.games.dark_ages.fast import solo_experiment as fast
from sim.rng import experiment_key

# The solo searcher compiles its own copy of the solo engine (a few CPU-minutes cold): make test-full runs these.
pytestmark = pytest.mark.full

KEY = experiment_key(13)
SOLO = {"mode": "solo", "rulers": ["boleslaus_the_cruel", "tomislav"], "strategies": ["culture", "military"]}


def payload(**keys):
    return experiment.experiment_from_dict({**SOLO, **keys}, "t.yaml")


def test_budget_0_plays_the_strategies_solo_games_exactly():
    e = payload(search={"budget": 0})
    assert [json.loads(p)["policy"] for _, p in e.specs] == ["culture", "military"]
    d0, plain = fast.run_games(payload(), KEY, 0, 16)
    d, table, stats = solo_search.run_games(e, KEY, 0, 16)
    assert np.array_equal(d, d0) and np.array_equal(table, plain)
    assert stats[:, search.S_DECISIONS].sum() > 0 and stats[:, search.S_CHANGED].sum() == 0
    assert stats[:, search.S_PLAYOUTS].sum() == 0


def test_the_solo_searcher_weighs_its_turns_within_its_budget():
    _, table, stats = solo_search.run_games(payload(search={"budget": 4, "objective": "score"}), KEY, 0, 2)
    decisions = stats[:, search.S_DECISIONS].sum()
    assert 0 < stats[:, search.S_CHANGED].sum() <= decisions
    # halving over at most 7 candidates (the policy's, Pass, each action space) in 3 rounds of at least one
    # playout for every candidate still in: at least 2 a decision, at most 7 x 3
    assert 2 * decisions <= stats[:, search.S_PLAYOUTS].sum() <= 21 * decisions


def test_workers_1_and_2_give_the_same_searched_solo_games():
    raw = {"game": "dark_ages", **SOLO, "search": {"budget": 2}, "seed": 3}
    one, two = (run_experiment(raw, games=4, workers=w, chunk=2, keep_rows=True) for w in (1, 2))
    assert one.metrics == two.metrics


@pytest.mark.parametrize("keys, where", [
    ({"search": {"budget": -2}}, "search"),
    ({"search": {"budget": 4}, "engine": "reference"}, "engine"),
])  # fmt: skip
def test_a_solo_searcher_that_cannot_play_is_refused_in_one_line(keys, where, tmp_path, capsys):
    path = tmp_path / "solo.yaml"
    path.write_text(json.dumps({"game": "dark_ages", **SOLO, **keys}))
    with pytest.raises(SystemExit) as exit_:
        main(["run", str(path), "--games", "2", "--no-progress"])
    err = capsys.readouterr().err.strip()
    assert exit_.value.code == 2 and len(err.splitlines()) == 1 and where in err and str(path) in err, err


def test_the_determinized_solo_player_cannot_tell_where_the_hidden_cards_lie():
    """Swap test: two solo positions that differ only in what the player cannot see (where the common Culture cards
    lie in the deck, the Lordling deck's and the Raider pool's order) give the same resample, which keeps every
    card of the deck."""
    from sim.games.dark_ages.fast.context import solo_tables
    from sim.games.dark_ages.fast.experiment import new_state
    from sim.games.dark_ages.game.context import cached_context
    from sim.numba_cache import call

    T = solo_tables(cached_context(), False)[0]
    states, flat = new_state()
    out, out2 = new_state()[0], new_state()[0]
    call(solo_search.resampled, states, T, True, np.uint64(5), 0, 0, 0, flat, np.uint64(9), out)
    true = states[0].copy()
    rng = np.random.default_rng(1)
    n, special = int(true["deck_n"]), {int(c) for c in T["pile_c"][0].ravel() if c >= 0}
    common = [i for i in range(int(true["deck_p"]), n) if int(true["deck"][i]) not in special]  # undrawn ones
    true["deck"][common] = true["deck"][rng.permutation(common)]
    true["ldeck"][: true["ldeck_n"]] = rng.permutation(true["ldeck"][: true["ldeck_n"]])
    true["pool"][: true["pool_n"]] = rng.permutation(true["pool"][: true["pool_n"]])
    assert not np.array_equal(true["deck"], states[0]["deck"])
    states[0] = true
    call(solo_search.resampled, states, T, False, np.uint64(0), 0, 0, 0, flat, np.uint64(9), out2)
    for field in ("deck", "ldeck", "pool"):
        assert np.array_equal(out[0][field], out2[0][field]), field
    assert int(true["deck_p"]) > 0 and np.array_equal(out[0]["deck"][: true["deck_p"]], true["deck"][: true["deck_p"]])
    assert sorted(out[0]["deck"][:n]) == sorted(true["deck"][:n])  # every card kept, the drawn ones where they were
    assert not np.array_equal(out[0]["deck"][:n], true["deck"][:n])
