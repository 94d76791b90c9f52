"""What the server's worker processes compute. Each task takes and returns plain JSON-able data.

Tasks run in ``sim.serve.pool`` worker processes, so a task that overruns its time limit can be ended by
ending its process. Errors cross the process boundary as data (``run`` tags every answer), because a
``ConfigError`` does not survive pickling with its key path.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import yaml

from sim.armies import SIDES, army_size
from sim.battles import RUN_KEYS, battle_rules, run_battle
from sim.errors import ConfigError, SimError
from sim.games import GAMES
from sim.serve import whatif

SOURCE = "request"  # what error messages name as the origin of a bad field

# a small battle of each game, run once per worker so numba loads (or compiles) every kernel before requests
WARM = {g.id: g.warm for g in GAMES.values() if g.warm}  # each game's Game.warm (sim.games)


def warm() -> None:
    for game, scenario in WARM.items():
        odds(game, {**scenario, "trials": 100}, exact=True)
    tactics(WARM["hussars"])


def ping() -> str:
    return "ready"


def battle(game: str, body: dict, exact: bool = False) -> dict:
    """The object ``sim battle FILE --json [--exact]`` prints for a scenario file holding ``body``."""
    return _finite(run_battle(game, body, source=SOURCE, exact=exact).to_json())


def _finite(tree: Any) -> Any:
    """JSON has no NaN: undefined means (an empty histogram) become null; estimates keep full precision, as
    ``sim battle --json`` prints them."""
    if isinstance(tree, dict):
        return {k: _finite(v) for k, v in tree.items()}
    if isinstance(tree, (list, tuple)):
        return [_finite(v) for v in tree]
    return None if isinstance(tree, float) and not math.isfinite(tree) else tree


def odds(game: str, body: dict, exact: bool = False) -> dict:
    """What the calculator page shows: the ``battle`` object, the loss and survival distributions (exact where
    the exact answer has them, else from the trials), and the rules values behind the answer that are assumed
    or overridden."""
    from reports import tables

    r = run_battle(game, body, source=SOURCE, exact=exact, keep_trials=True)
    from_exact = r.exact is not None and bool(tables.losses(r.exact, None))
    lost = tables.losses(r.exact, None) if from_exact else tables.losses(r.metrics, r.trials)
    sizes = {side: army_size(body, side) for side in SIDES}
    curves = tables.survival(r.exact if from_exact else r.metrics, lost, sizes)
    for side, curve in curves.items():  # to the whole army: P(all N stand) may be 0
        curve.update({n: 0.0 for n in range((sizes[side] or 0) + 1) if n not in curve})
    assumed = [{"key": p.key, "value": p.value, "source": p.source, "note": p.note} for p in r.rules.assumptions()]
    return _finite({
        "result": r.to_json(),
        "losses": {side: {str(k): p for k, p in d.items()} for side, d in lost.items()},
        "survival": {side: {str(k): p for k, p in d.items()} for side, d in curves.items()},
        "distributions": "exact" if from_exact else f"Monte Carlo, {r.n:,} trials",
        "assumed": assumed,
        "rules_values": len(r.rules.provenance),
    })  # fmt: skip


def solve(game: str, body: dict, keys: str, target: float, exact: bool, trials: int) -> dict:
    """``sim battle FILE --solve-for KEYS --target P [--exact] --trials N --json``."""
    from sim.solve import solve_for

    return _finite(solve_for(game, body, keys, target, source=SOURCE, trials=trials, exact=exact).to_json())


def tactics(body: dict) -> dict:
    """``sim tactics hussars --json``: the full-rules payoff matrix and each side's equilibrium mix."""
    from sim.games.hussars.rules import build
    from sim.games.hussars.scenario import scenario_from_dict
    from sim.games.hussars.tactics import tactic_report

    overrides = body.get("rules") or {}
    if not isinstance(overrides, dict):
        raise ConfigError(SOURCE, "rules", "a mapping of dotted rule keys to values", overrides)
    rules = build(battle_rules("hussars", overrides, {k: f"{SOURCE}: rules" for k in overrides}))
    raw = {k: v for k, v in body.items() if k not in RUN_KEYS and k != "hands"}
    return _finite(tactic_report(rules, scenario_from_dict({**raw, "mode": "full"}, SOURCE, rules)))


def scenario_yaml(game: str, body: dict) -> str:
    """The scenario file for ``body``: ``sim battle FILE`` answers it with the same numbers (same seed, trials)."""
    return yaml.safe_dump({"game": game, **{k: v for k, v in body.items() if k != "game"}}, sort_keys=False,
                          allow_unicode=True)  # fmt: skip


def report(game: str, body: dict, folder: str) -> str:
    """Build the designer report (``sim report FILE``) into ``folder``; return the HTML page's name in it."""
    from reports.build import report as build

    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    scenario = out / "scenario.yaml"
    scenario.write_text(scenario_yaml(game, body))
    written = build(scenario, out)
    page = next(p for p in written if Path(p).name == "report.html")
    return Path(page).name


TASKS = {"battle": battle, "odds": odds, "solve": solve, "tactics": tactics, "report": report, "ping": ping,
         "whatif": whatif.whatif, "field_rates": whatif.field_rates}


def run(task: str, kwargs: dict) -> dict:
    """Run one task; the answer is ``{"ok": value}`` or ``{"error": {...}}`` (a user error, by its key path)."""
    try:
        return {"ok": TASKS[task](**kwargs)}
    except ConfigError as exc:
        try:
            found = json.loads(json.dumps(exc.found, allow_nan=False))  # JSON has no NaN: a 500 otherwise
        except (TypeError, ValueError):
            found = repr(exc.found)
        fields = {"source": exc.source, "key": exc.key, "expected": exc.expected, "found": found}
        return {"error": {"message": str(exc), **fields}}
    except SimError as exc:
        return {"error": {"message": str(exc), "source": SOURCE, "key": "", "expected": "", "found": None}}
