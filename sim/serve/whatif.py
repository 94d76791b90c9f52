"""The balance page's worker tasks: a what-if answered as ``sim compare FILE --set … --json`` answers it, and the
field's own win rates (the Hussars page, which has no strong-play verdict yet, shows its plans' field this way).

The comparison is ``sim.compare.run_compare_experiments`` on the question's study (``balance.Question.study``) and
that study with the ``--set`` changes (``sim.experiments.apply_sets``), the two steps ``sim compare`` takes: the
page's numbers are the command line's, game by game on the same seed.

A's run is shared by every what-if on the same field, players, games and seed: it is a pure function of them (game i
draws only from stream i). So each task takes the runs the server already holds (``baselines``, by ``key``) and
answers ``(answer, runs it played)``; the server keeps those for the next request, whichever worker takes it.
"""

from __future__ import annotations

import json
import math

from sim.config import parse_assignments
from sim.serve.balance import STEPS, question


def _finite(value):
    return None if isinstance(value, float) and not math.isfinite(value) else value


def key(raw: dict, kwargs: dict) -> str:
    """What a run is a function of: the experiment and how it is run."""
    return json.dumps([raw, kwargs], sort_keys=True, default=repr)


class Baselines:
    """``run_experiment`` for A, reusing the runs given and recording those it plays (``fresh``)."""

    def __init__(self, known: dict | None):
        self.known, self.fresh = dict(known or {}), {}

    def __call__(self, raw: dict, **kwargs):
        from sim.experiments import run_experiment

        k = key(raw, kwargs)
        if k not in self.known:
            self.known[k] = self.fresh[k] = run_experiment(raw, **kwargs)
        return self.known[k]


def whatif(game: str, body: dict, max_games: int = STEPS[-1], baselines: dict | None = None) -> tuple[dict, dict]:
    """``sim compare FILE --set … --json`` for the question ``body`` (FILE: ``balance.study_yaml``), plus what the
    page draws beside it (each faction's fair share, how A's and B's games ended, the engine); and A's fresh runs."""
    from sim.compare import parity, run_compare_experiments
    from sim.experiments import apply_sets

    q = question(game, body, max_games)
    raw_a = q.study()
    file = f"{game}-whatif.yaml"
    raw_b = apply_sets(dict(raw_a), parse_assignments(list(q.changes), "set"), "set")
    label_b = q.label_b(file)
    run_a = Baselines(baselines)
    r = run_compare_experiments(raw_a, raw_b, source_a=file, source_b=label_b, games=q.games, run_a=run_a)
    rows = [{k: _finite(v) for k, v in row.items()} for row in r.table.to_dict("records")]
    answer = {
        "a": file, "b": label_b, "games": r.a.n, "seed": r.a.seed, "factions": rows, "notes": r.notes,
        "engine": r.a.extra.get("engine"), "fair_share": parity(r.a.metrics, r.a.rows, q.players),
        "ends": {"a": r.a.metrics.get("win_type", {}), "b": r.b.metrics.get("win_type", {})},
        "command": q.command(file),
    }  # fmt: skip
    return answer, run_a.fresh


def field_rates(game: str, body: dict, max_games: int = STEPS[-1], baselines: dict | None = None) -> tuple[dict, dict]:
    """``sim run FILE --json``'s win rates for the question's study (its changes ignored), played as a what-if
    plays A (so the run serves the page's next what-if); and that run when it is fresh."""
    from sim.experiments import DEFAULT_SEED

    q = question(game, {**body, "set": []}, max_games)
    raw = q.study()
    run_a = Baselines(baselines)
    r = run_a(raw, source=f"{game}-whatif.yaml", games=q.games, seed=raw.get("seed", DEFAULT_SEED), workers=1,
              keep_rows=True)  # fmt: skip
    m = r.metrics
    answer = {"games": r.n, "seed": r.seed, "engine": r.extra.get("engine"), "win_rate": m["win_rate"],
              "ci95": m["win_rate_ci95"], "ends": m.get("win_type", {}), "title": r.title}  # fmt: skip
    return answer, run_a.fresh


def warm() -> None:
    """Play a few games of every balance page's fields, so that numba loads (or compiles) their engines."""
    from sim.serve.balance import PAGES

    for game, page in PAGES.items():
        for field in ("verdict", "rotated") if page.verdict else ("rotated",):
            whatif(game, {"field": field, "games": 2, "set": []})
