"""Designer tables built from battle results."""

from __future__ import annotations

import json

import pandas as pd
import polars as pl


def battle_odds_table(results: dict) -> pd.DataFrame:
    """One row per scenario: win probability with its interval (and exact value), and expected losses."""
    rows = []
    for name, r in results.items():
        lo, hi = r.metrics["attacker_win_ci95"]
        exact = r.exact or {}
        rows.append(
            {
                "game": r.game,
                "scenario": name,
                "title": r.title,
                "trials": r.n,
                "seed": r.seed,
                "attacker_win": r.metrics["attacker_win"],
                "attacker_win_ci95_lo": lo,
                "attacker_win_ci95_hi": hi,
                "attacker_win_exact": exact.get("attacker_win"),
                "mean_lost_attacker": r.metrics["mean_lost"]["attacker"],
                "mean_lost_defender": r.metrics["mean_lost"]["defender"],
            }
        )
    return pd.DataFrame(rows)


SIDES = ("attacker", "defender")


def key_rows(summary: pd.DataFrame) -> pd.DataFrame:
    """The summary without metrics that are zero and carry no interval (absent features, e.g. no Prince)."""
    keep = (summary["estimate"] != 0) | summary["exact"].fillna(0).ne(0) | summary["ci95_lo"].notna()
    return summary[keep].reset_index(drop=True)


def provenance_frame(rules) -> pd.DataFrame:
    """Every rules value with where it came from; assumptions and overrides first."""
    order = {"assumed": 0, "override": 1, "rulebook": 2}
    rows = [
        {"key": p.key, "value": json.dumps(p.value), "source": p.source, "note": p.note}
        for p in sorted(rules.provenance, key=lambda p: order.get(p.source, 3))
    ]
    return pd.DataFrame(rows, columns=["key", "value", "source", "note"])


def _standing(metrics: dict, side: str) -> dict[int, float] | None:
    hist = (metrics.get("standing") or {}).get(side)
    if not isinstance(hist, dict) or not hist:
        return None
    counts = {int(k): float(v) for k, v in hist.items()}
    return counts if sorted(counts) == list(range(max(counts) + 1)) else None  # 0..army size, no gaps


def losses(metrics: dict, trials: pl.DataFrame | None) -> dict[str, dict[int, float]]:
    """P(a side loses k units), from the ``standing`` metric or from per-trial ``<side>_lost`` columns."""
    out = {}
    for side in SIDES:
        standing = _standing(metrics, side)
        if standing is not None:
            size = max(standing)
            out[side] = {size - k: p for k, p in standing.items()}
        elif trials is not None and f"{side}_lost" in trials.columns:
            counts = trials[f"{side}_lost"].value_counts()
            n = trials.height
            out[side] = {int(k): c / n for k, c in zip(counts[f"{side}_lost"], counts["count"], strict=True)}
    return {side: dict(sorted(d.items())) for side, d in out.items()}


def survival(metrics: dict, lost: dict[str, dict[int, float]], sizes: dict[str, int | None]) -> dict:
    """P(at least N units of a side stand), N = 0..army size; only for sides whose army size is fixed."""
    out = {}
    for side in SIDES:
        standing = _standing(metrics, side)
        size = sizes.get(side)
        if standing is None and side in lost and size is not None and max(lost[side]) <= size:
            standing = {size - k: p for k, p in lost[side].items()}
        if standing is None:
            continue
        top = max(standing)
        out[side] = {n: min(1.0, sum(p for k, p in standing.items() if k >= n)) for n in range(top + 1)}
    return out


def markdown_table(frame: pd.DataFrame, digits: int = 4) -> str:
    """A GitHub-flavoured Markdown table (pandas' own needs the optional tabulate package)."""

    def cell(v) -> str:
        if v is None or (isinstance(v, float) and v != v):
            return ""
        if isinstance(v, float):
            return f"{v:.{digits}f}"
        return str(v).replace("|", "\\|").replace("\n", " ")

    lines = ["| " + " | ".join(map(str, frame.columns)) + " |", "|" + "---|" * len(frame.columns)]
    lines += ["| " + " | ".join(cell(v) for v in row) + " |" for row in frame.itertuples(index=False)]
    return "\n".join(lines)
