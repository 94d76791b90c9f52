"""Solo games (Module 1, Lordlings and Raiders) on the Dark Ages fast engine: the same games as the reference solo
loop, state by state after set-up and every turn, over many deals, every difficulty option and every built-in
strategy; and the solo chunk kernel's counts and rows equal to the reference ``solo_experiment.play_chunk``."""

from __future__ import annotations

import json

import numpy as np
import pytest

from sim.games.dark_ages.experiment import strategy_object
from sim.games.dark_ages.fast import ending as FE
from sim.games.dark_ages.fast import experiment as FX
from sim.games.dark_ages.fast import layout as L
from sim.games.dark_ages.fast import modules as FM
from sim.games.dark_ages.fast import raiders as FR
from sim.games.dark_ages.fast import solo_experiment as F
from sim.games.dark_ages.fast import solo_loop as FSL
from sim.games.dark_ages.fast import solo_setup as FSS
from sim.games.dark_ages.fast.context import solo_tables
from sim.games.dark_ages.game import raiders, solo_experiment, solo_loop
from sim.games.dark_ages.game.context import cached_context
from sim.games.dark_ages.game.ending import score
from sim.games.dark_ages.game.loop import MAX_TURNS
from sim.games.dark_ages.game.solo_loop import LORDLINGS, lordling_score, trigger
from sim.games.dark_ages.game.solo_setup import new_solo_game
from sim.lockstep import LockstepRandom
from sim.rng import trial_state
from tests.games.dark_ages.fast.lockstep_util import same_position

KEY = 20261129
ALL = ["culture", "expansion", "military", "random_legal"]


def experiment(**raw):
    body = {"mode": "solo", "strategies": ALL, **raw}
    return solo_experiment.experiment_from_dict(body, "test.yaml")


def lockstep_solo(e, key, i: int) -> int:
    """Game ``i`` of the solo experiment ``e`` (with its modules) on both engines; equal positions after set-up and
    every turn."""
    difficulty, g, ruler, name = solo_experiment.deal(e, i)
    state = trial_state(np.uint64(key), g)
    rng = LockstepRandom(state)
    options = frozenset() if difficulty == solo_experiment.STANDARD else frozenset([difficulty])
    strategy = strategy_object(name, json.dumps(e.strategy_params.get(name), sort_keys=True))
    ctx = cached_context(e.overrides)
    game = new_solo_game(ctx, ruler, strategy, options, rng, e.modules)
    T = solo_tables(ctx, "skirmishers" in e.modules)[0]
    ST = FX.strategy_table(e)
    states, _ = FX.new_state()
    S = states[0]
    R = np.array([state], np.uint64)
    opts = 0 if not options else 1 << L.SOLO_OPTIONS.index(difficulty)
    FSS.solo_setup(S, T, L.Index.of(ctx).rids.index(ruler), opts, FM.bits(e.modules), R)
    FM.install(S, T, FM.bits(e.modules), R)
    S["strategy"][0] = e.strategies.index(name)
    MVA, NK, MV, mv = FX.buffers()
    max_turns = e.max_turns or MAX_TURNS
    label = f"game {i} {difficulty} {ruler} {name}"
    same_position(game, states, R, rng, f"{label}: setup")
    seat = LORDLINGS
    while not all(p.finished for p in game.players):
        if game.turns >= max_turns:
            game.end_trigger = "turn_cap"
            S["trigger"] = 6
            break
        if seat == LORDLINGS:
            solo_loop._lordling_turn(game, None)
        else:
            solo_loop._player_turn(game, None)
        game.turns += 1
        if game.end_trigger is None:
            why = trigger(game)
            if why is not None:
                solo_loop._end(game, why)
        FSL.step(S, T, seat, ST, MVA, NK, MV, mv, R)
        same_position(game, states, R, rng, f"{label}: turn {game.turns} (seat {seat})")
        nxt = seat
        if not (seat == 0 and game.extra_turn and not game.players[0].finished):
            if not game.players[1 - seat].finished:
                nxt = 1 - seat
        assert nxt == FSL.next_seat(S, seat), (i, game.turns)
        seat = nxt
    if not game.solo.raided_at_end:
        raiders.attack(game, forced=True)
    if not S["raided_at_end"]:
        FR.attack(S, T, True, R)
    same_position(game, states, R, rng, f"{label}: the Raiders' closing attack")
    out = np.zeros(L.OUT_COLS, np.int64)
    FE.score(S, T, 0, out)
    ref = score(game, 0)
    assert ref["total"] == int(out[-1]), (i, ref, out)
    lo = np.zeros(L.LORDLING_COLS, np.int64)
    FSL.lordling_score(S, T, lo)
    lref = lordling_score(game)
    cats = (*solo_experiment.LORDLING_CATEGORIES, "modules")
    assert [lref.get(c, 0) for c in cats] + [lref["total"]] == [int(x) for x in lo], (i, lref, lo)
    return game.turns


DIFFICULTIES = ["standard", *L.SOLO_OPTIONS]


@pytest.mark.parametrize(
    "difficulty, games",  # the full suite plays 40 deals of each option, make test 8
    [pytest.param(d, 40, marks=pytest.mark.full) for d in DIFFICULTIES] + [(d, 8) for d in DIFFICULTIES],
)
def test_same_solo_games_as_the_reference_turn_by_turn(difficulty, games):
    e = experiment(difficulties=[difficulty])
    turns = 0
    for i in range(games):
        turns += lockstep_solo(e, KEY, i)
    assert turns > games * 20


TWEAKED = {  # parameters off the defaults reach the code paths the default plans never take
    "expansion": {"attack_capitals": True, "attack_margin": 0, "sell_all": False, "pass_at_nobles": 1,
                  "reactions": ["cultural_exchange", "sell_goods"], "card_types": ["relic", "military_technology"]},
    "culture": {"settle": False, "upkeep_gold_reserve": 0, "reactions": ["regroup", "recruit"]},
    "military": {"attack_margin": 0, "sell_all": False, "card_types": ["cognomen"]},
}  # fmt: skip


@pytest.mark.parametrize("games", [pytest.param(44, marks=pytest.mark.full), 11])
def test_same_solo_games_with_tweaked_strategies(games):
    e = experiment(strategy_params=TWEAKED)  # every difficulty option in turn
    for i in range(games):
        lockstep_solo(e, KEY + 1, i)


def _reference_chunk(monkeypatch, payload, key, start, count):
    """The reference ``solo_experiment.play_chunk`` drawing from the fast engine's stream."""
    import dataclasses

    ref = dataclasses.replace(payload, experiment=dataclasses.replace(payload.experiment, engine="reference"))
    monkeypatch.setattr(solo_experiment.random, "Random", LockstepRandom)
    return solo_experiment.play_chunk(ref, key, start, count, True)


@pytest.mark.parametrize("max_turns, count", [(0, 66), (30, 22)])
def test_solo_chunk_equals_the_reference_play_chunk(monkeypatch, max_turns, count):
    """Counts and rows of the compiled solo chunk equal the reference ``play_chunk`` on the same streams (every
    difficulty, Ruler and strategy; the turn cap too)."""
    raw = {"max_turns": max_turns} if max_turns else {}
    e = experiment(**raw)
    payload = solo_experiment.compile(e)
    fast = F.play_chunk(payload, 77, 5, count, True)
    ref = _reference_chunk(monkeypatch, payload, 77, 5, count)
    assert fast[0].keys() == ref[0].keys()
    for k in ref[0]:
        assert fast[0][k].shape == ref[0][k].shape and fast[0][k].dtype == ref[0][k].dtype, k
        assert np.array_equal(fast[0][k], ref[0][k]), (k, fast[0][k], ref[0][k])
    assert fast[1].keys() == ref[1].keys()
    for k in ref[1]:
        assert fast[1][k].dtype.kind == ref[1][k].dtype.kind, k
        assert list(fast[1][k]) == list(ref[1][k]), k


def test_solo_engine_switch():
    from sim.errors import ConfigError
    from sim.games.dark_ages import experiment as X

    assert X.experiment_from_dict({"mode": "solo"}, "t.yaml").engine == "fast"
    assert X.experiment_from_dict({"mode": "solo", "engine": "fast"}, "t.yaml").engine == "fast"
    assert X.experiment_from_dict({"mode": "solo", "engine": "reference"}, "t.yaml").engine == "reference"
    ruled = {"mode": "solo", "rules": {"battle.keep_melee_bonus_per_level": 2}}
    assert X.experiment_from_dict(ruled, "t.yaml").engine == "fast"  # the tables are compiled from the overrides
    every = {"mode": "solo", "modules": {"benjamin": True, "commanders": True, "grand_buildings": True}}
    assert X.experiment_from_dict(every, "t.yaml").engine == "fast"  # every solo module is compiled
    assert X.experiment_from_dict({"mode": "solo_module_effects", "engine": "fast"}, "t.yaml").engine == "fast"
    many = {**every, "rules": {"modules.benjamin.cards_by_players": {2: 20, 3: 20, 4: 20}}, "engine": "fast"}
    with pytest.raises(ConfigError, match="fast engine cannot play.*Travels of Benjamin"):
        X.experiment_from_dict(many, "t.yaml")


def test_solo_results_do_not_depend_on_chunking_or_workers():
    from sim.experiments import run_experiment

    raw = {"game": "dark_ages", "mode": "solo", "strategies": ALL}
    a = run_experiment(raw, games=330, seed=3, workers=1, chunk=330, keep_rows=True)
    b = run_experiment(raw, games=330, seed=3, workers=2, chunk=41, keep_rows=True)
    assert a.metrics == b.metrics
    assert a.rows.equals(b.rows)
