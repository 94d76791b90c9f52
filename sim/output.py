"""The human output of ``sim battle`` and ``sim run``: the echo line (``sim.echo``), the run facts, the table,
and a legend of the metrics shown (``sim.glossary``). ``--json`` prints the metrics instead (``sim.results.dumps``).
"""

from __future__ import annotations

import math

from sim import echo, glossary
from sim.stats import wilson


def _legend(names) -> list[str]:
    lines = glossary.legend(names)
    return (["  legend (sim explain METRIC for any metric):"] + [f"    {line}" for line in lines]) if lines else []


def format_battle(result) -> str:
    """The echo line, the run facts, each metric with its interval (and exact value), each distribution on one
    line, and the legend."""
    frame = result.summary
    frame = frame[frame["estimate"].map(lambda v: isinstance(v, (int, float)))]  # labels belong in --json
    keep = (frame["estimate"] != 0) | frame["exact"].fillna(0).ne(0) | frame["ci95_lo"].notna()
    frame = frame[keep]
    # a distribution: a group of sibling rows without intervals whose probabilities add up to 1
    group = frame["metric"].str.rsplit(".", n=1).str[0].where(frame["metric"].str.contains("."), frame["metric"])
    plain = frame["ci95_lo"].isna()
    sums = frame["estimate"].where(plain, float("nan")).groupby(group).transform("sum")
    is_dist = plain & group.map(group.value_counts()).ge(2) & (sums - 1).abs().lt(1e-6) & group.map(
        plain.groupby(group).all()
    )
    lines = [
        echo.battle_line(result),
        f"{result.title or result.game + ' battle'}: {result.n:,} trials, seed {result.seed}, {result.seconds:.2f} s",
    ]
    table = frame[~is_dist]
    width = max(len(m) for m in table["metric"])
    head = f"  {'metric':<{width}}  {'estimate':>9}  {'95% interval':>19}"
    lines.append(head + ("  {:>9}".format("exact") if result.exact is not None else ""))
    for row in table.itertuples():
        ci = f"[{row.ci95_lo:.4f}, {row.ci95_hi:.4f}]" if row.ci95_lo == row.ci95_lo and row.ci95_lo is not None else ""
        line = f"  {row.metric:<{width}}  {row.estimate:>9.4f}  {ci:>19}"
        if result.exact is not None:
            line += f"  {row.exact:>9.4f}" if row.exact is not None and row.exact == row.exact else ""
        lines.append(line)
    dists = frame[is_dist].assign(group=group[is_dist])
    if len(dists):
        lines.append("  distributions, % of battles" + (" [exact]" if result.exact is not None else "") + ":")
    for name, rows in dists.groupby("group", sort=False):
        parts = []
        for row in rows.itertuples():
            exact = f" [{row.exact:.1%}]" if row.exact is not None and row.exact == row.exact else ""
            parts.append(f"{row.metric.rsplit('.', 1)[1]}: {row.estimate:.1%}{exact}")
        lines.append(f"  {name}: " + ", ".join(parts))
    return "\n".join(lines + _legend(frame["metric"]))


def parity_share(result) -> float | None:
    """Each faction's fair share of wins when every game seats the same number of players, else None."""
    parsed = result.extra.get("experiment")
    players = getattr(parsed, "players", None)
    if isinstance(players, (tuple, list)):
        return 1.0 / players[0] if len(players) == 1 else None
    factions = getattr(parsed, "factions", None)
    if factions and "win_rate" in result.metrics and set(result.metrics["win_rate"]) <= set(factions):
        return 1.0 / len(factions)
    return None


def strategy_rates(metrics: dict) -> dict[str, tuple[float, float, float, int]]:
    """Each strategy's win rate over the seats it played, with its interval and seat count: from the game's
    ``win_rate_by_strategy`` (with intervals) or from the strategy × faction matrix."""
    out = {}
    matrix = metrics.get("strategy_matrix") or {}
    for s, cells in matrix.items():
        games = sum(int(c.get("games", 0)) for c in cells.values())
        wins = sum(float(c.get("win_rate") or 0) * int(c.get("games", 0)) for c in cells.values())
        if games:
            lo, hi = wilson(round(wins), games)
            out[s] = (wins / games, lo, hi, games)
    by = metrics.get("win_rate_by_strategy") or {}
    cis = metrics.get("win_rate_by_strategy_ci95") or {}
    for s, p in by.items():
        if p is not None:
            lo, hi = cis.get(s, (math.nan, math.nan))
            out[s] = (p, lo, hi, out.get(s, (0, 0, 0, 0))[3])
    return out


def format_study(result) -> str:
    """The echo line, the run facts, win rate per faction against parity, per strategy, how ties are shared,
    how games end, game length, and the legend."""
    m = result.metrics
    lines = [echo.study_line(result)]
    lines.append(f"{result.title or result.game}: {result.n:,} games, seed {result.seed}, {result.seconds:.2f} s")
    shown = []
    rates = m.get("win_rate") or {}
    if rates:
        fair = parity_share(result)
        width = max(len(glossary.plain(f)) for f in rates)
        head = f"  {'win rate':<{width}}  {'estimate':>8}  {'95% interval':>18}"
        lines.append(head + (f"  {'vs parity':>10}" if fair else ""))
        for faction, p in sorted(rates.items(), key=lambda kv: -kv[1]):
            lo, hi = m["win_rate_ci95"][faction]
            line = f"  {glossary.plain(faction):<{width}}  {p:8.2%}  [{lo:6.2%}, {hi:6.2%}]"
            lines.append(line + (f"  {glossary.pts(100 * (p - fair)):>10}" if fair else ""))
        if fair:
            lines.append(f"  parity (fair share) = 1 / {round(1 / fair)} players = {fair:.2%}")
        shown += ["win_rate", "parity", "vs_parity"] if fair else ["win_rate"]
    strategies = strategy_rates(m)
    if strategies:
        width = max(len(glossary.plain(s)) for s in strategies)
        lines.append(f"  {'by strategy':<{width}}  {'estimate':>8}  {'95% interval':>18}  seats")
        for s, (p, lo, hi, seats) in sorted(strategies.items(), key=lambda kv: -kv[1][0]):
            interval = f"[{lo:6.2%}, {hi:6.2%}]" if lo == lo else ""
            lines.append(f"  {glossary.plain(s):<{width}}  {p:8.2%}  {interval:>18}  {seats:,}")
        shown.append("strategy_win_rate")
    if "shared_win" in m:
        games = m.get("games_by_ruler") or {}
        per_game = sum(p * games.get(f, 0) for f, p in rates.items()) / result.n if games else None
        lines.append(
            f"  ties: tied winners each count a win ({m['shared_win']:.1%} of games were shared"
            + (f", {per_game:.3f} wins a game" if per_game else "")
            + "); a win rate is out of the games that faction played, so the rates add up to more than 100%"
        )
        shown.append("shared_win")
    elif "draw_rate" in m:
        lines.append(f"  ties: a game nobody wins is a draw ({m['draw_rate']:.1%} of games), counted for nobody")
        shown.append("draw_rate")
    if m.get("win_type"):
        lines.append("  how games end: " + ", ".join(f"{glossary.plain(k)} {v:.1%}" for k, v in m["win_type"].items()))
        shown.append("win_type")
    if m.get("mean_rounds") is not None:
        ci = m.get("mean_rounds_ci95")
        interval = f" [{ci[0]:.2f}, {ci[1]:.2f}]" if ci else ""
        lines.append(f"  mean rounds: {m['mean_rounds']:.2f}{interval}")
        shown.append("mean_rounds")
    return "\n".join(lines + _legend(shown))
