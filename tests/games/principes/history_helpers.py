"""Shared set-ups for the full-game tests: a fresh 4-player state, strategies that follow a script, and an
invariant checker to hook after every action."""

from __future__ import annotations

from sim.games.principes.game.invariants import violations
from sim.games.principes.game.setup import initial_state
from strategies.principes.base import Strategy

PM, MAS, PMIN, SIL = "polonia_maior", "masovia", "polonia_minor", "silesia"


def fresh():
    return initial_state()


def checked(where: list):
    """An ``on_action`` / ``on_history`` hook: asserts the invariants hold, and logs each call's arguments."""

    def check(state, *args):
        found = violations(state)
        assert not found, (state.round, args, found)
        where.append(args)

    return check


class Scripted(Strategy):
    """Answers History questions from a script and logs who was asked what."""

    def __init__(self, log=None, **answers):
        super().__init__()
        self.log = [] if log is None else log
        self.answers = answers

    def _answer(self, hook, state, me, *args):
        self.log.append((hook, me))
        if hook in self.answers:
            value = self.answers[hook]
            return value(state, me, *args) if callable(value) else value
        return getattr(Strategy, hook)(self, state, me, *args)

    def history_division(self, state, me, rng):
        return self._answer("history_division", state, me, rng)

    def history_urbanization(self, state, me, rng):
        return self._answer("history_urbanization", state, me, rng)

    def history_release(self, state, me, rng):
        return self._answer("history_release", state, me, rng)

    def history_teutonic(self, state, me, rng):
        return self._answer("history_teutonic", state, me, rng)

    def history_invaders(self, state, me, faction, stock, rng):
        return self._answer("history_invaders", state, me, faction, stock, rng)


def seats(log=None, **answers):
    log = [] if log is None else log
    return {p: Scripted(log, **answers) for p in (PM, MAS, PMIN, SIL)}, log
