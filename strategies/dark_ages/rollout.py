"""The rollout searcher's settings (``uses: rollout``): it plays on the compiled engine only
(``sim.games.dark_ages.fast.search``); this class checks its parameters where every strategy's are checked.

``rollouts``: playouts per candidate (0: play ``policy`` unchanged); ``policy``: the plan the searcher plays between
its searched decisions and in its playouts (a built-in name, a plan file or an inline mapping, as a seat names one);
``objective``: ``win`` (win rate) or ``score`` (share of the final VP); ``choices``: ``actions`` (the policy's
choice, its move restricted to each other action space, and Pass) or ``all`` (every legal move too, up to 64);
``determinize``: ``false`` (the playouts see the others' hands and the Culture deck's order: the cheating upper
bound) or ``true`` (each playout first resamples what the seat cannot see: ``fast.search.determinize``);
``reactions``: ``false`` (its reactions are its policy's) or ``true`` (it weighs them too:
``fast.search.searched_react``).
"""

from __future__ import annotations

from strategies.dark_ages.base import Strategy

OBJECTIVES = ("win", "score")
CHOICES = ("actions", "all")
FAST_ONLY = "the rollout searcher plays on the compiled engine only (engine: fast)"
KEYS = ("rollouts", "policy", "objective", "choices", "determinize", "reactions")


class Rollout(Strategy):
    name = "rollout"
    defaults = {
        "rollouts": 16,
        "policy": "culture",
        "objective": "win",
        "choices": "actions",
        "determinize": False,
        "reactions": False,
    }

    def __init__(self, **params):
        unknown = sorted(set(params) - set(KEYS))
        if unknown:
            raise ValueError(f"rollout: unknown parameters {unknown} (known: {', '.join(KEYS)})")
        self.p = {**self.defaults, **params}
        n = self.p["rollouts"]
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise ValueError(f"rollout: rollouts must be a whole number ≥ 0, not {n!r}")
        for key in ("determinize", "reactions"):
            if not isinstance(self.p[key], bool):
                raise ValueError(f"rollout: {key} must be true or false, not {self.p[key]!r}")
        for key, allowed in (("objective", OBJECTIVES), ("choices", CHOICES)):
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
