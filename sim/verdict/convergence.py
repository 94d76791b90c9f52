"""When the ladder has converged: a pure rule over rung summaries (``sim.verdict.summary``), checked at the top
rung the ladder reached. It has converged there when all of these hold:

- every faction's win rate agrees with the previous rung's within ``TOLERANCE`` (its paired 95% interval lies
  inside ±2 points, so noise alone cannot pass it: too few games fail it);
- the ranking of the factions is the same as at the previous rung;
- the skill trace at that rung (one seat at twice the budget) gains at most ``TRACE_LIMIT``: the top of its 95%
  interval, for the same reason.

Otherwise it says how far the win rates still move, in which direction, and what budget and games would likely
settle it, read off how the changes shrank from rung to rung; where the ladder is too short to show a trend it says
so (and what it assumed). It never claims more than the ladder shows: one rung, or a rung without its skill trace,
is not converged.
"""

from __future__ import annotations

import math

from sim.glossary import plain

TOLERANCE = 0.02  # a faction's paired rung-to-rung change: its 95% interval inside ±2 points
TRACE_LIMIT = 0.03  # the skill trace: a seat at twice the budget gains at most 3 points (top of its interval)
SETTLED = 0.01  # a change this small leaves room for a ±1-point interval inside ±2 points


def _pts(x: float) -> str:
    return f"{100 * x:+.1f}"


def _ci(ci) -> str:
    return "[n/a]" if any(v is None or math.isnan(v) for v in ci) else f"[{_pts(ci[0])}, {_pts(ci[1])}]"


def _steps_to(value: float, before: float | None, target: float) -> tuple[int | None, str]:
    """Doublings (rungs) until ``value`` shrinks to ``target``, at the rate it shrank from ``before``; the basis."""
    if value <= target:
        return 0, "already within (its estimate)"
    if before is None:
        return math.ceil(math.log2(value / target)), "assumed to halve with each rung (one step measured)"
    if value >= before or before <= 0:
        return None, "did not shrink from the previous rung"
    rate = value / before
    return math.ceil(math.log(target / value) / math.log(rate)), f"shrinking by ×{rate:.2f} a rung as measured"


def judge(rungs: list[dict]) -> dict:
    """The verdict of ``rungs`` (lowest budget first; each a rung summary with ``change``: each faction's paired
    change from the previous rung, or None, and ``trace``: the skill trace, or None)."""
    if not rungs:
        return {"converged": False, "budget": None, "text": "No rung finished: no verdict."}
    top = rungs[-1]
    out = {"converged": False, "budget": top["budget"], "previous_budget": None, "checks": {}, "settle": None}
    trace = top.get("trace")
    gain = trace.get("ci95", [math.nan] * 2)[1] if trace else math.nan
    out["checks"]["skill_trace"] = bool(trace) and not math.isnan(gain) and gain <= TRACE_LIMIT
    if len(rungs) < 2 or not top.get("change"):
        out["checks"].update(win_rates=False, ranking=False)
        out["text"] = (f"Not converged: only the rung at {top['budget']} playouts finished, and one rung cannot show "
                       "that the win rates stopped moving.")  # fmt: skip
        return out
    prev = rungs[-2]
    out["previous_budget"] = prev["budget"]
    moves = top["change"]
    inside = {k: all(not math.isnan(v) and -TOLERANCE <= v <= TOLERANCE for v in m["ci95"]) for k, m in moves.items()}
    out["checks"]["win_rates"] = all(inside.values())
    out["checks"]["ranking"] = top["ranking"] == prev["ranking"]
    out["converged"] = all(out["checks"].values())
    largest = max(moves, key=lambda k: abs(moves[k]["change"]))
    out["largest_change"] = {"faction": largest, **moves[largest]}
    out["directions"] = {k: ("up" if m["change"] > 0 else "down" if m["change"] < 0 else "flat") for k, m in
                         moves.items()}  # fmt: skip
    trace_text = (f"a seat with {2 * top['budget']} playouts gains {_pts(trace['gain'])} points {_ci(trace['ci95'])}"
                  if trace else f"the skill trace at {top['budget']} playouts did not finish")  # fmt: skip
    if out["converged"]:
        out["text"] = (f"Converged at {top['budget']} playouts: every faction is within ±2 points of {prev['budget']} "
                       f"playouts (largest change {plain(largest)} {_pts(moves[largest]['change'])} "
                       f"{_ci(moves[largest]['ci95'])}), the ranking is the same, and {trace_text}.")  # fmt: skip
        return out
    out["settle"] = settle(rungs)
    movers = sorted(moves, key=lambda k: -abs(moves[k]["change"]))
    said = ", ".join(f"{plain(k)} {out['directions'][k]} {_pts(moves[k]['change'])} {_ci(moves[k]['ci95'])}"
                     for k in movers if not inside[k])  # fmt: skip
    parts = [f"Not converged at {top['budget']} playouts."]
    if not out["checks"]["win_rates"]:
        parts.append(f"From {prev['budget']} playouts the win rates still move by up to "
                     f"{abs(100 * moves[largest]['change']):.1f} points, or their intervals are wider than ±2 points: "
                     f"{said}.")  # fmt: skip
    if not out["checks"]["ranking"]:
        parts.append(f"The ranking changed ({' > '.join(map(plain, prev['ranking']))} became "
                     f"{' > '.join(map(plain, top['ranking']))}).")
    if not out["checks"]["skill_trace"]:
        parts.append(f"Skill trace: {trace_text}; its interval reaches above the 3-point line." if trace else
                     f"Skill trace: {trace_text}.")  # fmt: skip
    parts.append(out["settle"]["text"])
    out["text"] = " ".join(parts)
    return out


def settle(rungs: list[dict]) -> dict:
    """What would likely settle the ladder: the budget where the largest change falls to 1 point and the skill
    trace's gain to 3 (at the rate each shrank over the last rungs), and the games that make each faction's paired
    interval ±1 point at the top rung's spread."""
    top = rungs[-1]
    growth = top["budget"] / rungs[-2]["budget"] if len(rungs) > 1 else 2.0
    largest = [max(abs(m["change"]) for m in r["change"].values()) for r in rungs if r.get("change")]
    steps, basis = _steps_to(largest[-1], largest[-2] if len(largest) > 1 else None, SETTLED)
    gains = [r["trace"]["gain"] for r in rungs if r.get("trace") and not math.isnan(r["trace"]["gain"])]
    tsteps, tbasis = (_steps_to(gains[-1], gains[-2] if len(gains) > 1 else None, TRACE_LIMIT) if gains
                      else (None, "not measured"))  # fmt: skip
    if gains and not top.get("trace"):
        tsteps, tbasis = None, f"{tbasis} at {rungs[-2]['budget']} playouts, not yet measured at {top['budget']}"
    widths = [(m["ci95"][1] - m["ci95"][0]) / 2 for m in top["change"].values() if not math.isnan(m["ci95"][0])]
    games = math.ceil(top["games"] * (max(widths) / SETTLED) ** 2) if widths else None
    budget = None
    if steps is not None and tsteps is not None:
        budget = int(round(top["budget"] * growth ** max(steps, tsteps)))
    noise = all(m["ci95"][0] <= 0 <= m["ci95"][1] for m in top["change"].values())
    said = (f" Every change since {rungs[-2]['budget']} playouts is within its interval's noise; ±1-point intervals "
            f"would take about {games:,} games a rung." if noise and games else "")  # fmt: skip
    if budget is None:
        text = (f"No budget can be read off yet (largest change: {basis}; skill-trace gain: {tbasis}); the next rung, "
                f"{int(top['budget'] * growth)} playouts, is the way to find out.{said}")  # fmt: skip
    elif budget <= top["budget"]:
        text = (f"The budget may already be enough (largest change {basis}; skill-trace gain {tbasis}); the games are "
                "not" + (f": ±1-point intervals would take about {games:,} games a rung." if games else "."))
    else:
        text = (f"It would likely settle near {budget} playouts (largest change {basis}; skill-trace gain {tbasis})"
                + (f", with about {games:,} games for ±1-point intervals." if games else "."))
    return {"budget": budget, "games": games, "change_basis": basis, "trace_basis": tbasis, "text": text}
