"""The plans' lead rule (``lead_early`` / ``lead_late`` / ``lead_switch`` / ``lead_min_gold``), fed back from the
rollout searcher's most frequent change (``sim ladder``: "progress first, not taxes"): the same games in both
engines state by state with the rule on, the lead changed exactly when the rule's condition holds, and off by
default (the compiled row of every built-in plan says so)."""

import random

import pytest

from sim.games.principes import experiment
from sim.games.principes.driver import play_game
from sim.games.principes.fast.policy.params import (
    P_LEAD_EARLY,
    P_LEAD_GOLD,
    P_LEAD_LATE,
    P_LEAD_SWITCH,
    compile_strategy,
)
from sim.games.principes.fast.state import ACTIONS
from sim.games.principes.game.setup import load_game_rules
from sim.rng import experiment_key
from strategies.principes import STRATEGIES, make, scripted

from .lockstep_helpers import lockstep

EVERY = {"history": True, "progress": "tiles", "court": True, "princesses": True, "neighbors": True}
LEADS = [  # the rule on in every scripted plan, with the other decision rules around it
    {"name": "early", "uses": "builder", "params": {"lead_early": "progress", "lead_late": "politics",
                                                    "lead_switch": 4, "lead_min_gold": 2, "spend_leftover": 1}},
    {"name": "late", "uses": "conqueror", "params": {"lead_late": "assembly", "lead_switch": 3}},
    {"name": "rich", "uses": "politician", "params": {"lead_early": "taxes", "lead_switch": 7, "lead_min_gold": 4,
                                                      "late_council": False}},
    "random",
]  # fmt: skip


def payload(seats, **keys):
    return experiment.experiment_from_dict({"seats": seats, "history": False, **keys}, "test.yaml")


def test_off_by_default_in_every_built_in_plan():
    for name in STRATEGIES:
        if name == "random":
            continue
        p = make(name, {}).p
        assert p["lead_early"] is None and p["lead_late"] is None
        ints, _ = compile_strategy(name, {})
        assert ints[P_LEAD_EARLY] == ints[P_LEAD_LATE] == -1 and ints[P_LEAD_GOLD] == 0
    ints, _ = compile_strategy("builder", {"lead_early": "movement", "lead_late": "building", "lead_switch": 5})
    assert (ints[P_LEAD_EARLY], ints[P_LEAD_LATE], ints[P_LEAD_SWITCH]) == (3, 4, 5)


@pytest.mark.parametrize("keys", [{}, EVERY], ids=["base", "every-module"])
def test_same_games_as_the_reference_with_the_lead_rule_on(monkeypatch, keys):
    """Lockstep with the rule on: every state after every action is the reference's, and the rule fires (it
    changes some Round's plan and leaves others as they were)."""
    seen = {"changed": 0, "kept": 0}
    real = scripted.Scripted.plan

    def counted(self, state, me, rng):
        plan = real(self, state, me, rng)
        if self.lead(state, me) is not None:
            saved, self.p = self.p, {**self.p, "lead_early": None, "lead_late": None}
            seen["changed" if real(self, state, me, rng) != plan else "kept"] += 1
            self.p = saved
        return plan

    monkeypatch.setattr(scripted.Scripted, "plan", counted)
    ex = payload(LEADS, **keys)
    assert ex.engine == "fast"
    lockstep(ex, experiment_key(31), range(6 if keys else 10))
    assert seen["changed"] > 0 and seen["kept"] > 0, seen


@pytest.mark.parametrize(
    "params",
    [
        {"lead_early": "progress", "lead_late": "politics", "lead_switch": 4, "lead_min_gold": 3},
        {"lead_early": None, "lead_late": "assembly", "lead_switch": 3, "lead_min_gold": 0},
        {"lead_early": "taxes", "lead_switch": 7, "lead_min_gold": 5},
    ],
)
def test_the_lead_changes_exactly_when_its_condition_holds(monkeypatch, params):
    """Reference games: in every Round the plan with the rule on is the plan with it off, except that when the
    Round is before ``lead_switch`` (``lead_early``) or from it on (``lead_late``), that action is not null and the
    plan holds at least ``lead_min_gold`` gold, the action leads and the plan's others follow in their order."""
    records = []
    real = scripted.Scripted.plan

    def watched(self, state, me, rng):
        on = real(self, state, me, rng)
        saved, self.p = self.p, {**self.p, "lead_early": None, "lead_late": None}
        off = real(self, state, me, rng)
        self.p = saved
        records.append((state.round, state.gold[me], on, off))
        return on

    monkeypatch.setattr(scripted.Scripted, "plan", watched)
    rules = load_game_rules()
    names = ["builder", "conqueror", "politician", "builder"]
    for seed in range(3):  # spend_leftover and late_council off: nothing reorders the plan after the rule
        seats = {
            p: make(n, {**params, "late_council": False})
            for p, n in zip(rules.board.principalities, names, strict=True)
        }
        play_game(seats, random.Random(seed), rules.board, rules, strict=True)
    fired = 0
    for round_, gold, on, off in records:
        action = params.get("lead_early") if round_ < params["lead_switch"] else params.get("lead_late")
        if action is not None and gold >= params["lead_min_gold"]:
            assert on == (action,) + tuple(a for a in off if a != action)[: len(off) - 1], (round_, gold, on, off)
            fired += on != off
        else:
            assert on == off, (round_, gold, on, off)
    assert fired > 0 and any(on == off for *_, on, off in records)
    assert all(a in ACTIONS for *_, on, _ in records for a in on)
