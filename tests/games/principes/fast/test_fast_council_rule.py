"""The plans' Council rule (``council_hold`` / ``council_final``), fed back from the rollout searcher's Politics
choices (``sim ladder --actions``): the same games in both engines state by state with the rule on, the choice
changed exactly when the rule's condition holds, and off by default (the compiled row of every built-in plan says
so). Rulebook, Other Ways to Win: "If, throughout the entire game, no player manages to crown their Prince, the game
is won by the player who possesses the Princeps Token"; Summoning the Council: the summoner "claims the Princeps
Token from its current holder" when it leads on at least 2 Tracks."""

import random

import pytest

from sim.games.principes import experiment, legal
from sim.games.principes.driver import play_game
from sim.games.principes.fast.policy.params import P_COUNCIL_FINAL, P_COUNCIL_HOLD, compile_strategy
from sim.games.principes.game.politics import TRACKS
from sim.games.principes.game.setup import load_game_rules
from sim.rng import experiment_key
from strategies.principes import STRATEGIES, make, scripted

from .lockstep_helpers import lockstep

EVERY = {"history": True, "progress": "tiles", "court": True, "princesses": True, "neighbors": True}
RULE = [  # the rule on in every scripted plan, with the other decision rules around it
    {"name": "hold", "uses": "politician", "params": {"council_hold": 1, "council_final": True}},
    {"name": "hold2", "uses": "builder", "params": {"council_hold": 2, "spend_leftover": 1}},
    {"name": "final", "uses": "conqueror", "params": {"council_final": True, "lead_late": "politics"}},
    "random",
]


def payload(seats, **keys):
    return experiment.experiment_from_dict({"seats": seats, "history": False, **keys}, "test.yaml")


def _off(self, state, me, rng, real):
    saved, self.p = self.p, {**self.p, "council_hold": 0, "council_final": False}
    try:
        return real(self, state, me, rng)
    finally:
        self.p = saved


def test_off_by_default_in_every_built_in_plan():
    for name in STRATEGIES:
        if name == "random":
            continue
        p = make(name, {}).p
        assert p["council_hold"] == 0 and p["council_final"] is False
        ints, _ = compile_strategy(name, {})
        assert ints[P_COUNCIL_HOLD] == ints[P_COUNCIL_FINAL] == 0
    ints, _ = compile_strategy("politician", {"council_hold": 2, "council_final": True})
    assert (ints[P_COUNCIL_HOLD], ints[P_COUNCIL_FINAL]) == (2, 1)


@pytest.mark.parametrize("keys", [{}, EVERY], ids=["base", "every-module"])
def test_same_games_as_the_reference_with_the_council_rule_on(monkeypatch, keys):
    """Lockstep with the rule on: every state after every action is the reference's, and the rule fires (it
    changes some Politics choice and leaves others as they were)."""
    seen = {"changed": 0, "kept": 0}
    real = scripted.Scripted.politics

    def counted(self, state, me, rng):
        on = real(self, state, me, rng)
        if self.p["council_hold"] or self.p["council_final"]:
            seen["changed" if _off(self, state, me, rng, real) != on else "kept"] += 1
        return on

    monkeypatch.setattr(scripted.Scripted, "politics", counted)
    ex = payload(RULE, **keys)
    assert ex.engine == "fast"
    lockstep(ex, experiment_key(37), range(6 if keys else 10))
    assert seen["changed"] > 0 and seen["kept"] > 0, seen


@pytest.mark.parametrize("params", [{"council_hold": 1}, {"council_hold": 3}, {"council_final": True},
                                    {"council_hold": 2, "council_final": True}])  # fmt: skip
def test_the_choice_changes_exactly_when_the_rule_says(monkeypatch, params):
    """Reference games: every Politics choice with the rule on is the one with it off, except a Council in the
    ``council_hold`` Rounds before the final one becomes the plan's draw (unless the Principality could be crowned),
    and a draw in the final Round becomes a Council while a rival holds the Princeps Token (``council_final``)."""
    records = []
    real = scripted.Scripted.politics

    def watched(self, state, me, rng):
        on = real(self, state, me, rng)
        off = _off(self, state, me, rng, real)
        _, mine = self.support_plan(state, me, legal.council_standing(state))  # the standing the plan projects
        crowned = all(mine[t] >= state.rules.track_high for t in TRACKS)
        records.append((state.final_round - state.round, state.princeps != me, crowned, on, off))
        return on

    monkeypatch.setattr(scripted.Scripted, "politics", watched)
    rules = load_game_rules()
    names = ["politician", "builder", "conqueror", "politician"]  # the built-in plans, each summoning Councils
    for seed in range(8):
        seats = {p: make(n, params) for p, n in zip(rules.board.principalities, names, strict=True)}
        play_game(seats, random.Random(seed), rules.board, rules, strict=True)
    draw = {n: make(n, params).p["draw_court"] for n in names}
    fired = 0
    for left, rival_holds, crowned, on, off in records:
        if 0 < left <= params.get("council_hold", 0) and off == "council" and not crowned:
            assert on in draw.values(), (left, on, off)
            fired += 1
        elif left <= 0 and params.get("council_final") and rival_holds and off != "council":
            assert on == "council", (left, on, off)
            fired += 1
        else:
            assert on == off, (left, rival_holds, on, off)
    assert fired > 0 and any(on == off for *_, on, off in records)
