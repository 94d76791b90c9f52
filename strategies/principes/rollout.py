"""The rollout searcher's settings (``uses: rollout``): it plays on the compiled engine only
(``sim.games.principes.fast.search``); this class checks its parameters where every strategy's are checked.

``rollouts``: playouts per candidate plan (0: play ``policy`` unchanged); ``policy``: the plan the searcher plays
between its searched decisions and in its playouts (a built-in name, a plan file or an inline mapping, as a seat
names one); ``objective``: ``win`` (win rate) or ``score`` (final Might share); ``choices``: ``lead`` (the policy's
plan with each action moved to the lead) or ``all`` (every ordered plan); ``determinize``: ``false`` (the playouts
see the others' hands and the face-down decks: the cheating upper bound) or ``true`` (each playout first resamples
what the seat cannot see: ``fast.search.determinize``).
"""

from __future__ import annotations

from strategies.principes.base import Strategy

OBJECTIVES = ("win", "score")
CHOICES = ("lead", "all")
FAST_ONLY = "the rollout searcher plays on the compiled engine only (engine: fast)"


class Rollout(Strategy):
    name = "rollout"
    defaults = {"rollouts": 16, "policy": "politician", "objective": "win", "choices": "lead", "determinize": False}

    def __init__(self, **params):
        super().__init__(**params)
        n = self.p["rollouts"]
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise ValueError(f"rollout: rollouts must be a whole number ≥ 0, not {n!r}")
        if not isinstance(self.p["determinize"], bool):
            raise ValueError(f"rollout: determinize must be true or false, not {self.p['determinize']!r}")
        for key, allowed in (("objective", OBJECTIVES), ("choices", CHOICES)):
            if self.p[key] not in allowed:
                raise ValueError(f"rollout: {key} must be one of {', '.join(allowed)}, not {self.p[key]!r}")

    def plan(self, state, me, rng):
        raise NotImplementedError(FAST_ONLY)
