"""The rollout searcher's settings (``uses: rollout``): it plays on the compiled engine only
(``sim.games.principes.fast.search``); this class checks its parameters where every strategy's are checked.

``budget``, ``rollouts``, ``allocation``, ``objective``, ``determinize`` and ``sees_hidden``: as in every game
(``sim.search.settings``; ``objective: score`` is the final Might share, ``determinize`` resamples what the seat
cannot see: ``fast.search.determinize``); ``policy``: the plan the searcher plays between its searched decisions and
in its playouts (a built-in name, a plan file or an inline mapping, as a seat names one); ``choices``: ``lead`` (the
policy's plan with each action moved to the lead) or ``all`` (every ordered plan); ``tactics``: ``false`` (the
searcher weighs the Round's actions only) or ``true`` (it also weighs how it carries them out this Round: the
policy's plan with each of ``TACTICS``, a set of the policy's parameters that decide attacks, their targets and
Council plays, for this Round only); ``actions``: ``false`` (the policy decides inside the Round's actions) or
``true`` (at each of its Movement and Politics actions it weighs that action's choices one by one: the policy's
target, not moving and every other land its figures reach; a Council or each number of Court Cards to draw).
"""

from __future__ import annotations

from sim.search.settings import COMMON, normalize
from strategies.principes.base import Strategy

CHOICES = ("lead", "all")
# How the searcher may carry out a Round's actions (``tactics: true``): each is the policy's parameters with these
# changed, for the rest of the Round. They cover the in-action decisions the Round's plan leaves to the policy:
# whether and whom to attack, when to summon and whether to block Councils, and whether to spend the gold now.
TACTICS = {
    "attack at even odds": {"attack_players": True, "attack_neutral": True, "attack_win_prob": 0.5},
    "no attacks": {"attack_players": False, "attack_neutral": False},
    "attack the weakest": {"attack_players": True, "attack_neutral": True, "prefer_weakest": 20},
    "Council on one lead": {"council_leads": 1},
    "block Councils": {"block_councils": True, "neighbor_block": True},
    "spend all gold": {"spend_leftover": 6, "spend_reserve": 0, "gold_reserve": 0},
}
FAST_ONLY = "the rollout searcher plays on the compiled engine only (engine: fast)"


class Rollout(Strategy):
    name = "rollout"
    defaults = {**COMMON, "policy": "politician", "choices": "lead", "tactics": False, "actions": False}
    optional = {"budget": 0, "rollouts": 0, "determinize": False, "sees_hidden": False}  # null by default

    def __init__(self, **params):
        super().__init__(**params)
        self.p = normalize(params, self.defaults)
        for key in ("tactics", "actions"):
            if not isinstance(self.p[key], bool):
                raise ValueError(f"rollout: {key} must be true or false, not {self.p[key]!r}")
        for key, allowed in (("choices", CHOICES),):
            if self.p[key] not in allowed:
                raise ValueError(f"rollout: {key} must be one of {', '.join(allowed)}, not {self.p[key]!r}")

    def plan(self, state, me, rng):
        raise NotImplementedError(FAST_ONLY)
