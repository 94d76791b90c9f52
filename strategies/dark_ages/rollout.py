"""The rollout searcher's settings (``uses: rollout``): it plays on the compiled engine only
(``sim.games.dark_ages.fast.search``); this class checks its parameters where every strategy's are checked.

``budget``, ``rollouts``, ``allocation``, ``objective``, ``determinize`` and ``sees_hidden``: as in every game
(``sim.search.settings``; ``objective: score`` is the share of the final VP, ``determinize`` resamples what the seat
cannot see: ``fast.search.determinize``); ``policy``: the plan the searcher plays between its searched decisions
and in its playouts (a built-in name, a plan file or an inline mapping, as a seat names one); ``choices``:
``actions`` (the policy's choice, its move restricted to each other action space, and Pass) or ``all`` (every legal
move too, up to 64); ``reactions``: ``false`` (its reactions are its policy's) or ``true`` (it weighs them too:
``fast.search.searched_react``).
"""

from __future__ import annotations

from sim.search.settings import COMMON, normalize
from strategies.dark_ages.base import Strategy

CHOICES = ("actions", "all")
FAST_ONLY = "the rollout searcher plays on the compiled engine only (engine: fast)"
KEYS = (*COMMON, "policy", "choices", "reactions")


class Rollout(Strategy):
    name = "rollout"
    defaults = {**COMMON, "policy": "culture", "choices": "actions", "reactions": False}

    def __init__(self, **params):
        unknown = sorted(set(params) - set(KEYS))
        if unknown:
            raise ValueError(f"rollout: unknown parameters {unknown} (known: {', '.join(KEYS)})")
        self.p = normalize(params, self.defaults)
        if not isinstance(self.p["reactions"], bool):
            raise ValueError(f"rollout: reactions must be true or false, not {self.p['reactions']!r}")
        for key, allowed in (("choices", CHOICES),):
            if self.p[key] not in allowed:
                raise ValueError(f"rollout: {key} must be one of {', '.join(allowed)}, not {self.p[key]!r}")
        self.policy = policy_of(self.p)

    def choose_action(self, game, seat, options, can_pass):
        raise NotImplementedError(FAST_ONLY)


def policy_of(p: dict) -> tuple[str, dict]:
    """(the built-in strategy the searcher's ``policy`` runs, its parameters); ValueError when it is no plan."""
    from strategies.dark_ages import resolve

    spec = p.get("policy", Rollout.defaults["policy"])
    try:
        _, uses, params = resolve(spec)
    except ValueError as err:
        raise ValueError(f"rollout: policy: {err}") from None
    if uses == "rollout":
        raise ValueError("rollout: policy must be a plan, not another searcher")
    return uses, params
