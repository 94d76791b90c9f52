"""The rollout searcher's parameters, checked once for every game, and the experiment key ``search:``.

A searching seat is ``{uses: rollout, params: {...}}``; its parameters shared by every game (``COMMON``):

- ``budget``: playouts per decision (a whole number ≥ 0; 0 plays ``policy`` exactly);
- ``rollouts``: the older spelling, playouts per candidate with the uniform allocation (the studies written with
  it replay exactly); give one of the two;
- ``allocation``: ``halving`` (sequential halving over the candidates) or ``uniform`` (the budget split evenly);
- ``objective``: ``win`` or ``score``;
- ``determinize`` (default true): each playout first resamples what the seat cannot see; ``sees_hidden: true`` (or
  ``determinize: false``) lets the playouts see the others' hands and the face-down decks: the cheating upper bound,
  labelled "sees hidden cards" wherever it is reported.

``every_seat`` turns an experiment's ``search: {budget: 64, policy: ...}`` into a searcher in every seat, each with
its seat's own plan as its policy unless the block names one.
"""

from __future__ import annotations

from sim.errors import ConfigError
from sim.search.searcher import ALLOC_CODES, ALLOCATIONS

OBJECTIVES = ("win", "score")
SEES_HIDDEN = "sees hidden cards"  # the words every output touched by the cheating mode carries
DEFAULT_BUDGET = 64
COMMON = {"budget": None, "rollouts": None, "allocation": "halving", "objective": "win", "determinize": None,
          "sees_hidden": None}  # fmt: skip


def _count(name: str, n) -> int:
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError(f"rollout: {name} must be a whole number ≥ 0, not {n!r}")
    return n


def normalize(params: dict, defaults: dict) -> dict:
    """The searcher's parameters ``params`` (as given) over the game's ``defaults``: budget, rollouts (0 unless
    given), allocation, objective and determinize resolved, sees_hidden its opposite; ValueError when bad."""
    p = {**defaults, **params}
    if params.get("budget") is not None and params.get("rollouts") is not None:
        raise ValueError("rollout: give budget (playouts per decision) or rollouts (per candidate), not both")
    if params.get("rollouts") is not None:
        p["rollouts"] = _count("rollouts", params["rollouts"])
        p["budget"] = p["rollouts"]
        p["allocation"] = "uniform"
    else:
        p["rollouts"] = 0
        p["budget"] = _count("budget", DEFAULT_BUDGET if p.get("budget") is None else p["budget"])
    for key in ("determinize", "sees_hidden"):
        if p.get(key) is not None and not isinstance(p[key], bool):
            raise ValueError(f"rollout: {key} must be true or false, not {p[key]!r}")
    det, sees = params.get("determinize"), params.get("sees_hidden")
    if det is not None and sees is not None and det == sees:
        raise ValueError(f"rollout: determinize: {str(det).lower()} and sees_hidden: {str(sees).lower()} contradict")
    p["determinize"] = (not sees) if sees is not None else (True if det is None else det)
    p["sees_hidden"] = not p["determinize"]
    for key, allowed in (("objective", OBJECTIVES), ("allocation", ALLOCATIONS)):
        if p[key] not in allowed:
            raise ValueError(f"rollout: {key} must be one of {', '.join(allowed)}, not {p[key]!r}")
    return p


def search_row(p: dict) -> tuple[int, int, int, int, int]:
    """The shared columns of a searcher's search row (``searcher.X_*``) from its ``normalize``d parameters."""
    return (p["budget"], p["rollouts"], ALLOC_CODES[p["allocation"]], OBJECTIVES.index(p["objective"]),
            int(p["determinize"]))  # fmt: skip


NOT_SEARCHING = (-1, 0, 0, 0, 0)  # a plain plan's search row


def every_seat(raw: dict, source: str, check=None, solo: tuple[str, list] | None = None) -> dict:
    """The experiment ``raw`` with its ``search:`` block (a mapping of the searcher's parameters) turned into a
    searcher in every seat, each playing its seat's plan between and inside its searches unless the block names a
    ``policy``; ``raw`` itself when it has none. A seat that is already a searcher keeps its own settings.
    ``check(params)``: the game's check of the block (its ``Rollout``), a ValueError naming what is wrong. ``solo``:
    (the key of a solo experiment's plans, their default) for a game whose solo player searches too."""
    if "search" not in raw:
        return raw
    block = raw["search"]
    mode = raw.get("mode", "multiplayer")
    if mode != "multiplayer" and not (mode == "solo" and solo):
        where = "a multiplayer or solo" if solo else "a multiplayer"
        raise ConfigError(source, "search", f"{where} experiment (searchers in every seat)", mode)
    if not isinstance(block, dict):
        raise ConfigError(source, "search", "a mapping of the searcher's parameters (budget: 64, policy: ...)", block)
    if check is not None:
        try:
            check(block)
        except (ValueError, TypeError) as err:
            raise ConfigError(source, "search", "the searcher's settings (one in every seat)", str(err)) from None
    key = "seats"
    seats = raw.get(key)
    if mode == "solo":
        key = solo[0]
        seats = raw.get(key, solo[1])
    if seats is None:
        raise ConfigError(source, "seats", "the seats' plans, for search: to seat a searcher in each", None)

    def searcher(name: str, spec):
        if isinstance(spec, dict) and ("mix" in spec or spec.get("uses") == "rollout"):
            if "mix" in spec:
                raise ConfigError(source, f"seats.{name}", "one plan per seat with search: (not a mix)", "mix")
            return spec
        if spec == "rollout":
            return spec
        policy = block.get("policy", spec)
        label = policy if isinstance(policy, str) else (policy or {}).get("name") or (policy or {}).get("uses")
        budget = block.get("budget", block.get("rollouts", DEFAULT_BUDGET))
        return {"name": f"{label}+search{budget}", "uses": "rollout", "params": {**block, "policy": policy}}

    if isinstance(seats, dict):
        new = {k: searcher(str(k), v) for k, v in seats.items()}
    elif isinstance(seats, list):
        new = [searcher(str(i), v) for i, v in enumerate(seats)]
    else:
        return {k: v for k, v in raw.items() if k != "search"}  # the game's own check names what seats should be
    return {**{k: v for k, v in raw.items() if k != "search"}, key: new}


def seat_label(label: str, uses: str, params: dict) -> str:
    """A seat's label, with "(sees hidden cards)" when it is a searcher whose playouts see them."""
    if uses != "rollout" or SEES_HIDDEN in label or not normalize(params, COMMON)["sees_hidden"]:
        return label
    return f"{label} ({SEES_HIDDEN})"
