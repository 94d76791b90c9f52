"""The rollout searcher's settings (``uses: rollout``): it plays on the compiled engine only
(``sim.games.hussars.fast.search``); this class checks its parameters where every plan's are checked.

``budget``, ``rollouts``, ``allocation``, ``objective``, ``determinize`` and ``sees_hidden``: as in every game
(``sim.search.settings``; ``objective: score`` is the share of the final VP, ``determinize`` resamples what the seat
cannot see: ``fast.search.determinize``); ``policy``: the plan the searcher plays between its searched decisions
and in its playouts (a built-in name, a plan file or an inline mapping, as a seat names one).
"""

from __future__ import annotations

from sim.search.settings import COMMON, normalize
from strategies.hussars.base import Plan

FAST_ONLY = "the rollout searcher plays on the compiled engine only (engine: fast)"
KEYS = (*COMMON, "policy")


class Rollout(Plan):
    name = "rollout"
    defaults = {**COMMON, "policy": "economic"}

    def __init__(self, **params):
        unknown = sorted(set(params) - set(KEYS))
        if unknown:
            raise ValueError(f"rollout: unknown parameters {unknown} (known: {', '.join(KEYS)})")
        self.p = normalize(params, self.defaults)
        self.policy = policy_of(self.p)

    def cards(self, g, s):
        raise NotImplementedError(FAST_ONLY)


def policy_of(p: dict) -> tuple[str, dict]:
    """(the built-in plan the searcher's ``policy`` runs, its parameters); ValueError when it is no plan."""
    from strategies.hussars import resolve

    try:
        _, uses, params = resolve(p.get("policy", Rollout.defaults["policy"]))
    except ValueError as err:
        raise ValueError(f"rollout: policy: {err}") from None
    if uses == "rollout":
        raise ValueError("rollout: policy must be a plan, not another searcher")
    return uses, params
