"""The plans' ``research_after_passes`` rule (fed back from the rollout searcher, issue 20: at 64 playouts it most
often builds, manoeuvres or develops Culture where the plan would research, most of all early in the game): off in
every built-in plan, the same games on both engines with it on, and no Research priority before the plan's own
k-th Pass."""

import json

import numpy as np
import pytest

from sim.games.dark_ages import experiment
from sim.games.dark_ages.game.context import cached_context
from sim.games.dark_ages.game.loop import play
from sim.games.dark_ages.game.setup import new_game
from sim.lockstep import LockstepRandom
from sim.rng import experiment_key, trial_state
from strategies.dark_ages.scripted import SCRIPTED, Scripted, load_plan
from tests.games.dark_ages.fast.lockstep_util import lockstep_game

ALL = ["random_legal", "expansion", "culture", "military"]
GATED = {"expansion": {"research_after_passes": 1}, "culture": {"research_after_passes": 2},
         "military": {"research_after_passes": 3}}  # fmt: skip


def study(params):
    return experiment.experiment_from_dict({"players": 3, "strategies": ALL, "strategy_params": params}, "t.yaml")


@pytest.mark.parametrize("name", SCRIPTED)
def test_the_rule_is_off_in_every_built_in_plan(name):
    assert load_plan(name)["params"]["research_after_passes"] == 0


def test_both_engines_play_the_same_games_with_the_rule_on():
    e = study(GATED)
    assert sum(lockstep_game(e, experiment_key(20), i) for i in range(12)) > 12 * 40


def _research_turns(params, games, monkeypatch):
    """(the plan's k, its Passes so far, whether it chose Research, whether Research was legal, whether the move was
    forced: no priority fits and it may not Pass) at every turn a scripted plan chose, over ``games`` reference
    games."""
    seen = []
    choose = Scripted.choose_action

    def spy(self, game, seat, options, can_pass):
        move = choose(self, game, seat, options, can_pass)
        k = self.params.get("research_after_passes", 0)
        forced = not can_pass and self._first(game, seat, options) is None
        seen.append((k, game.players[seat].passes, move is not None and move[0] == "research", "research" in options,
                     forced))  # fmt: skip
        return move

    monkeypatch.setattr(Scripted, "choose_action", spy)
    e = study(params)
    for i in range(games):
        rulers, names = experiment.seating(e, i)
        strategies = [experiment.strategy_object(s, json.dumps(e.strategy_params.get(s), sort_keys=True))
                      for s in names]  # fmt: skip
        play(new_game(cached_context(), rulers, strategies, LockstepRandom(trial_state(np.uint64(1), i))))
    return seen


def test_no_research_before_the_plans_kth_pass(monkeypatch):
    """A turn with Research legal before the k-th Pass takes another action or Passes, unless nothing else fits and
    it may not Pass ("You may not Pass, however, if all of your Noble discs are available": the plan's fallback);
    from the k-th Pass on the plan researches again."""
    gated = _research_turns(GATED, 30, monkeypatch)
    early = [t for t in gated if t[1] < t[0] and t[3]]
    assert len(early) > 50 and not any(t[2] and not t[4] for t in early)
    assert any(t[2] for t in gated if t[1] >= t[0] > 0)
    plain = _research_turns({}, 30, monkeypatch)  # the same turns with the rule off do research early
    assert any(t[2] for t in plain if t[1] < 2 and t[3])
