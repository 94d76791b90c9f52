"""The balance page's worker tasks: a what-if answered as ``sim compare FILE --set … --json`` answers it, and the
field's own win rates (the Hussars page, which has no strong-play verdict yet, shows its plans' field this way).

The comparison is ``sim.compare.run_compare_experiments`` on the question's study (``balance.Question.study``) and
that study with the ``--set`` changes (``sim.experiments.apply_sets``), the two steps ``sim compare`` takes: the
page's numbers are the command line's, game by game on the same seed.
"""

from __future__ import annotations

import json
import math
from collections import OrderedDict

from sim.config import parse_assignments
from sim.serve.balance import STEPS, question


def _finite(value):
    return None if isinstance(value, float) and not math.isfinite(value) else value


BASELINES = 8  # baseline runs a worker keeps: the next what-if on the same field plays only its B games
_baselines: OrderedDict[str, object] = OrderedDict()


def baseline(raw: dict, **kwargs):
    """``run_experiment(raw, **kwargs)``, kept per worker: every what-if on the same field, games and seed shares A's
    run (a pure function of them: game i draws only from stream i), so the next one plays only its B games."""
    from sim.experiments import run_experiment

    key = json.dumps([raw, kwargs], sort_keys=True, default=repr)
    result = _baselines.pop(key, None) or run_experiment(raw, **kwargs)
    _baselines[key] = result
    while len(_baselines) > BASELINES:
        _baselines.popitem(last=False)
    return result


def whatif(game: str, body: dict, max_games: int = STEPS[-1]) -> dict:
    """``sim compare FILE --set … --json`` for the question ``body`` (FILE: ``balance.study_yaml``), plus what the
    page draws beside it: each faction's fair share, how A's and B's games ended, the engine."""
    from sim.compare import parity, run_compare_experiments
    from sim.experiments import apply_sets

    q = question(game, body, max_games)
    raw_a = q.study()
    file = f"{game}-whatif.yaml"
    raw_b = apply_sets(dict(raw_a), parse_assignments(list(q.changes), "set"), "set")
    label_b = q.label_b(file)
    r = run_compare_experiments(raw_a, raw_b, source_a=file, source_b=label_b, games=q.games, run_a=baseline)
    rows = [{k: _finite(v) for k, v in row.items()} for row in r.table.to_dict("records")]
    return {
        "a": file, "b": label_b, "games": r.a.n, "seed": r.a.seed, "factions": rows, "notes": r.notes,
        "engine": r.a.extra.get("engine"), "fair_share": parity(r.a.metrics, r.a.rows, q.players),
        "ends": {"a": r.a.metrics.get("win_type", {}), "b": r.b.metrics.get("win_type", {})},
        "command": q.command(file),
    }  # fmt: skip


def warm() -> None:
    """Play a few games of every balance page's fields, so that numba loads (or compiles) their engines."""
    from sim.serve.balance import PAGES

    for game, page in PAGES.items():
        for field in ("verdict", "rotated") if page.verdict else ("rotated",):
            whatif(game, {"field": field, "games": 2, "set": []})


def field_rates(game: str, body: dict, max_games: int = STEPS[-1]) -> dict:
    """``sim run FILE --json`` of the question's study (its changes ignored): each faction's win rate and interval."""
    from sim.experiments import run_experiment

    q = question(game, {**body, "set": []}, max_games)
    r = run_experiment(q.study(), source=f"{game}-whatif.yaml")
    m = r.metrics
    return {"games": r.n, "seed": r.seed, "engine": r.extra.get("engine"), "win_rate": m["win_rate"],
            "ci95": m["win_rate_ci95"], "ends": m.get("win_type", {}), "title": r.title}  # fmt: skip
