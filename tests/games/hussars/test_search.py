"""The rollout searcher on Winged Hussars (``sim.games.hussars.fast.search``): with budget 0 it plays its policy's
games exactly; with every seat searching the rules' invariants hold after every planning and at every game's end and
no plan is refused; the same games for 1 and 2 workers; the determinized resample depends only on the cards left,
not on their order; on a hand-built position the searcher finds the one winning choice; bad searcher settings are
one line with exit code 2."""

import numpy as np
import pytest
import yaml

from sim.cli import main
from sim.experiments import run_experiment
from sim.games.hussars.experiment import experiment_from_dict
from sim.games.hussars.fast import search
from sim.games.hussars.fast import setup as SU
from sim.games.hussars.fast.chunk import _compiled, _grants, _seats, fast_rows
from sim.games.hussars.fast.state import STATE, sliced
from sim.games.hussars.game import invariants
from sim.games.hussars.game.state import dims, from_record
from sim.games.hussars.tally import COL
from sim.rng import trial_state

# The Hussars searcher compiles for about 4.5 CPU-minutes cold: make test-full runs these, make test does not.
pytestmark = pytest.mark.full

SEATS = {"ostrogski": "economic", "wisniowiecki": "military", "korecki": "political", "danilowicz": "raider"}


@pytest.mark.parametrize("battles", ["simplified", "full"])
def test_budget_zero_plays_the_policy_games_exactly(battles):
    plain = fast_rows(experiment_from_dict({"seats": SEATS, "battles": battles}, "t"), 11, 0, 24)
    zero = experiment_from_dict({"seats": SEATS, "battles": battles, "search": {"budget": 0}}, "t")
    assert all(uses == "rollout" for uses, _ in zero.specs)
    assert np.array_equal(plain, fast_rows(zero, 11, 0, 24))


def test_every_seat_searching_keeps_the_invariants_and_plays_no_refused_plan():
    e = experiment_from_dict({"seats": SEATS, "search": {"budget": 6}}, "t")
    setup = e.variants[0]
    rules, R, BT, P = _compiled(setup.rules, e.specs)
    fams, plans, pos = _seats(e, 0, 6)
    S = STATE.new()
    flat = STATE.flat(S)[0]
    trace = np.zeros((6 * 6, flat.shape[0]), np.int64)
    rows, stats, seen = search.run(R, BT, P, e.specs, fams, plans, pos, setup.rounds, 0, 5, 0, _grants(()),
                                   _grants(()), S, flat, trace)  # fmt: skip
    assert len(seen) == 6 * 5  # four plannings and the end, every game
    d = dims(rules)
    for k, position in enumerate(seen):
        rec = STATE.new()
        STATE.flat(rec)[0][:] = position
        state = from_record(sliced(rec, d)[0], d)
        assert invariants.violations(state, rules) == [], k
    assert rows[:, COL["illegal"]].sum() == 0
    assert (stats[:, search.S_DECISIONS] > 0).all() and stats[:, search.S_PLAYOUTS].sum() > 0


def test_searched_games_are_the_same_whatever_the_workers():
    raw = {"game": "hussars", "seats": SEATS, "search": {"budget": 4}}
    one = run_experiment(raw, games=16, seed=3, workers=1, chunk=8)
    two = run_experiment(raw, games=16, seed=3, workers=2, chunk=5)
    assert one.metrics == two.metrics


def test_the_determinized_decks_do_not_depend_on_the_order_of_the_cards_left():
    """Two positions that differ only in the order of the face-down Yellow and Event decks resample to the same
    decks from the same stream: what the searcher sees cannot depend on where the hidden cards lie."""
    e = experiment_from_dict({"seats": SEATS}, "t")
    _, R, BT, P = _compiled(e.variants[0].rules, e.specs)
    S = STATE.new()
    rs = np.array([trial_state(np.uint64(2), 0)], np.uint64)
    SU.new_state(S[0], R[0], np.array([0, 1, 2, 3]), 2, rs, _grants(()), _grants(()))
    other = S.copy()
    top, n = int(S[0]["yellow_top"]), int(R[0]["ny"])
    other[0]["yellow"][top:n] = S[0]["yellow"][top:n][::-1]
    a, b = int(S[0]["ev_top"]), int(S[0]["ev_len"])
    other[0]["ev_kind"][a:b] = S[0]["ev_kind"][a:b][::-1]
    other[0]["ev_param"][a:b] = S[0]["ev_param"][a:b][::-1]
    assert not np.array_equal(other[0]["ev_kind"], S[0]["ev_kind"])
    for rec in (S, other):
        search.determinize(rec[0], R[0], np.array([99], np.uint64))
    for name in ("yellow", "ev_kind", "ev_param"):
        assert np.array_equal(S[0][name], other[0][name]), name


@pytest.mark.parametrize(
    ("search_block", "expected"),
    [
        ({"budget": -1}, "search: expected the searcher's settings"),
        ({"budget": 4, "policy": "shogun"}, "rollout: policy"),
        ({"budget": 4, "engine": "x"}, "unknown parameters"),
    ],
)
def test_bad_searcher_settings_are_one_line(tmp_path, capsys, search_block, expected):
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump({"game": "hussars", "games": 4, "seats": SEATS, "search": search_block}))
    with pytest.raises(SystemExit) as exit_:
        main(["run", str(path), "--no-progress"])
    err = capsys.readouterr().err.strip()
    assert exit_.value.code == 2 and len(err.splitlines()) == 1 and expected in err, err


def test_search_on_the_reference_engine_is_one_line(tmp_path, capsys):
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump({"game": "hussars", "games": 4, "seats": SEATS, "search": {"budget": 4},
                                    "engine": "reference"}))  # fmt: skip
    with pytest.raises(SystemExit) as exit_:
        main(["run", str(path), "--no-progress"])
    err = capsys.readouterr().err.strip()
    assert exit_.value.code == 2 and len(err.splitlines()) == 1 and "engine: expected auto or fast" in err, err


def _last_phase_position():
    """A 2-round game at its last Action Phase's planning: every family's hand emptied but Ostrogski's (seat 0,
    first on the Turn Order Track), which holds one Royal Grant (+6 Gold, Time 1)."""
    seats = {**SEATS, "ostrogski": {"name": "s", "uses": "rollout", "params": {"budget": 32, "policy": "economic"}}}
    e = experiment_from_dict({"seats": seats, "rotate": False}, "t")
    rules, R, BT, P = _compiled(e.variants[0].rules, e.specs)
    S = STATE.new()
    rs = np.array([trial_state(np.uint64(3), 0)], np.uint64)
    SU.new_state(S[0], R[0], np.array(e.family_ids), 2, rs, _grants(()), _grants(()))
    S[0]["round"], S[0]["season"] = 2, 2
    S[0]["hand"][:] = 0
    grant = [c.id for c in rules.cards].index("royal_grant")
    S[0]["hand"][0, grant] = 1
    return e, S, R, BT, P, grant


def test_the_searcher_finds_the_one_winning_choice_of_a_hand_built_position():
    """From ``_last_phase_position`` Ostrogski ends with the same VP whether it plays the grant or not (its 6 Gold do
    not reach the next VP of treasury), but the grant's Time puts it last on the Turn Order Track, which breaks the
    tie for the lead: its economic plan plays the grant and loses, and the one winning choice is to play no card. The
    searcher finds it, determinized or seeing the hidden cards."""
    e, S, R, BT, P, grant = _last_phase_position()
    sp = np.array(e.seats, np.int64)
    for seed in (1, 2, 3):  # each choice played to the end on the same streams
        ends = {}
        for cards in ([grant], []):
            end = S.copy()
            fc = np.zeros(64, np.int64)
            fc[: len(cards)] = cards
            won = search.playout(end[0], R[0], BT, P, sp, np.array([seed], np.uint64), np.int64(0), np.int64(0),
                                 np.int64(3), fc, np.int64(len(cards)), np.int64(0))  # fmt: skip
            ends[len(cards)] = (won, int(search.V.total(end[0], R[0], 0, False)), list(end[0]["track"][:4]).index(0))
        (won_grant, vp_grant, place_grant), (won_none, vp_none, place_none) = ends[1], ends[0]
        assert vp_grant == vp_none and (place_grant, place_none) == (3, 0) and (won_grant, won_none) == (0, 1), seed
    for determinize in (True, False):
        e2 = experiment_from_dict({"seats": {**SEATS, "ostrogski": {"name": "s", "uses": "rollout", "params": {
            "budget": 32, "policy": "economic", "determinize": determinize}}}, "rotate": False}, "t")  # fmt: skip
        cand, values, best = search.search_position(e2, S, 0, 3, root=5)
        assert cand[0].tolist() == [int(c == grant) for c in range(cand.shape[1])]  # the plan's choice: the grant
        assert best > 0 and cand[best].sum() == 0 and values[best] > 0 and values[0] == 0
