"""Designer plots. Okabe-Ito colours (colour-blind safe), labelled axes with units, no overlapping labels."""

from __future__ import annotations

import textwrap
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402
from matplotlib.ticker import MaxNLocator  # noqa: E402

from sim.glossary import plain  # noqa: E402
from sim.results import atomic_write  # noqa: E402

METRIC_LABELS = {
    "attacker_win": "P(attacker wins), %",
    "defender_win": "P(defender wins), %",
    "mean_lost.attacker": "mean units lost by the attacker, units",
    "mean_lost.defender": "mean units lost by the defender, units",
}


OKABE_ITO = ["#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#F0E442", "#000000"]


def win_probability_plot(table: pd.DataFrame, path: str | Path) -> Path:
    """Horizontal bars of P(attacker wins) with 95% interval whiskers and the exact value as a marker."""
    table = table.iloc[::-1].reset_index(drop=True)
    fig, ax = plt.subplots(figsize=(9, 0.7 * len(table) + 1.6))
    games = list(dict.fromkeys(table["game"]))
    colours = [OKABE_ITO[games.index(g) % len(OKABE_ITO)] for g in table["game"]]
    y = range(len(table))
    err = [table["attacker_win"] - table["attacker_win_ci95_lo"], table["attacker_win_ci95_hi"] - table["attacker_win"]]
    ax.barh(y, table["attacker_win"] * 100, xerr=[e * 100 for e in err], color=colours, capsize=3, height=0.6)
    exact = table["attacker_win_exact"].astype(float)
    has_exact = exact.notna()
    if has_exact.any():
        ax.plot(
            exact[has_exact] * 100,
            [i for i, h in zip(y, has_exact, strict=True) if h],
            "k|",
            markersize=18,
            label="exact",
        )
        ax.legend(loc="lower right", frameon=False)
    for i, p in zip(y, table["attacker_win"], strict=True):
        inside = p > 0.8  # long bars carry their label inside, clear of the exact marker
        ax.text(
            p * 100 - 3 if inside else p * 100 + 1.5,
            i,
            f"{p:.1%}",
            va="center",
            fontsize=9,
            ha="right" if inside else "left",
            color="white" if inside else "black",
        )
    labels = [
        textwrap.fill(f"{t or s} ({g})", 48)
        for t, s, g in zip(table["title"], table["scenario"], table["game"], strict=True)
    ]
    ax.set_yticks(list(y), labels, fontsize=8)
    ax.set_xlim(0, 100)
    ax.set_xlabel("P(attacker wins), % of battles (bars: Monte Carlo with 95% interval)")
    ax.set_title("Battle odds for the bundled scenarios")
    ax.grid(axis="x", alpha=0.3)
    fig.tight_layout()
    out = atomic_write(path, lambda tmp: fig.savefig(tmp, dpi=120, format="png"))
    plt.close(fig)
    return out


def _save(fig, path: str | Path) -> Path:
    fig.tight_layout()
    out = atomic_write(path, lambda tmp: fig.savefig(tmp, dpi=120, format="png"))
    plt.close(fig)
    return out


def _cell(percent: float) -> str:
    """Whole percentages, but never a rounded 0 or 100 for something merely rare or near-certain."""
    if 0 < percent < 0.5:
        return "<1"
    if 99.5 <= percent < 100:
        return ">99"
    return f"{percent:.0f}"


def heatmap_plot(grid: pd.DataFrame, path: str | Path, x_label: str, y_label: str, title: str, mark=None,
                 label: str = "P(attacker wins), %") -> Path:  # fmt: skip
    """P(attacker wins) over a grid (rows: defender sizes, columns: attacker sizes), each cell labelled in %.

    ``cividis`` is readable with every colour-vision deficiency; blank cells are armies the game rejects.
    ``mark`` = (column, row) outlines the scenario's own cell."""
    data = grid.to_numpy(dtype=float) * 100
    fig, ax = plt.subplots(figsize=(1.0 * grid.shape[1] + 2.8, 0.6 * grid.shape[0] + 2.0))
    image = ax.imshow(data, cmap="cividis", vmin=0, vmax=100, origin="lower", aspect="auto")
    for i in range(data.shape[0]):
        for j in range(data.shape[1]):
            if data[i, j] == data[i, j]:
                ax.text(j, i, _cell(data[i, j]), ha="center", va="center", fontsize=9,
                        color="black" if data[i, j] > 55 else "white")  # fmt: skip
    if mark is not None:
        col, row = list(grid.columns).index(mark[0]), list(grid.index).index(mark[1])
        ax.add_patch(plt.Rectangle((col - 0.5, row - 0.5), 1, 1, fill=False, edgecolor=OKABE_ITO[3], linewidth=2.5))
    tick_labels(ax, "x", [str(c) for c in grid.columns], width=10)
    ax.set_yticks(range(grid.shape[0]), [str(r) for r in grid.index])
    ax.set_xlabel(x_label)
    ax.set_ylabel(y_label)
    ax.set_title(textwrap.fill(title, 60), fontsize=10)
    fig.colorbar(image, ax=ax, label=label)
    return _save(fig, path)


def tick_labels(ax, axis: str, labels: list[str], width: int = 12) -> None:
    """Category labels that never overlap: wrapped to ``width`` characters, and rotated when a line is still
    wider than a category's slot."""
    wrapped = [textwrap.fill(str(t), width) for t in labels]
    longest = max((len(line) for t in wrapped for line in t.split("\n")), default=0)
    if axis == "x":
        rotate = longest > width or len(labels) > 12
        ax.set_xticks(range(len(labels)), wrapped, rotation=30 if rotate else 0, ha="right" if rotate else "center")
    else:
        ax.set_yticks(range(len(labels)), wrapped)


def distribution_plot(dist: dict[str, dict[int, float]], path: str | Path, x_label: str, title: str) -> Path:
    """Side-by-side bars of P(k) for each side, e.g. the number of units lost, labelled with their %."""
    fig, ax = plt.subplots(figsize=(8, 4))
    values = sorted({k for d in dist.values() for k in d})
    width = 0.8 / max(1, len(dist))
    for i, (side, d) in enumerate(dist.items()):
        xs = [v + (i - (len(dist) - 1) / 2) * width for v in values]
        ys = [100 * d.get(v, 0.0) for v in values]
        bars = ax.bar(xs, ys, width=width, color=OKABE_ITO[i % len(OKABE_ITO)], label=side)
        ax.bar_label(bars, labels=[f"{y:.0f}" if y >= 0.5 else "" for y in ys], fontsize=8, padding=1)
    ax.set_xticks(values, [str(v) for v in values])
    ax.set_xlabel(x_label)
    ax.set_ylabel("% of battles")
    ax.set_ylim(0, 108)
    ax.set_title(textwrap.fill(title, 70), fontsize=10)
    ax.legend(frameon=False, loc="upper left", bbox_to_anchor=(1.01, 1))  # outside the axes: never on data
    ax.grid(axis="y", alpha=0.3)
    return _save(fig, path)


def survival_plot(curves: dict[str, dict[int, float]], path: str | Path, title: str) -> Path:
    """P(at least N units of a side still stand after the battle), N = 0, 1, …: one step line per side."""
    fig, ax = plt.subplots(figsize=(8, 4))
    for i, (side, curve) in enumerate(curves.items()):
        ns = sorted(curve)
        ax.plot(ns, [100 * curve[n] for n in ns], marker="os"[i % 2],
                color=OKABE_ITO[i % len(OKABE_ITO)], label=side)  # fmt: skip
    top = max((max(c) for c in curves.values() if c), default=1)
    ax.set_xticks(range(top + 1))
    ax.set_xlabel("N, units still standing after the battle (at least)")
    ax.set_ylabel("P(at least N survive), %")
    ax.set_ylim(-3, 103)
    ax.set_title(textwrap.fill(title, 70), fontsize=10)
    ax.legend(frameon=False, loc="upper left", bbox_to_anchor=(1.01, 1))  # outside the axes: never on data
    ax.grid(alpha=0.3)
    return _save(fig, path)


def _numeric(values) -> bool:
    return all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values)


def sweep_plot(frame: pd.DataFrame, keys: list[str], path: str | Path, y_label: str, title: str) -> Path:
    """The metric against the first swept key, one line per combination of the other keys, with the 95%
    interval as a band (and exact values as crosses where computed)."""
    x_key, others = keys[0], keys[1:]
    xs_all = list(dict.fromkeys(frame[x_key]))
    numeric = _numeric(xs_all)
    position = {v: (v if numeric else i) for i, v in enumerate(xs_all)}
    scale = 100 if "%" in y_label else 1
    fig, ax = plt.subplots(figsize=(8, 4.5))
    groups = list(frame.groupby(others, sort=False)) if others else [((), frame)]
    for i, (group, rows) in enumerate(groups):
        group = group if isinstance(group, tuple) else (group,)
        name = ", ".join(f"{k}={v}" for k, v in zip(others, group, strict=True)) or None
        colour = OKABE_ITO[i % len(OKABE_ITO)]
        x = [position[v] for v in rows[x_key]]
        est, lo, hi = (rows[c].astype(float) * scale for c in ("estimate", "ci95_lo", "ci95_hi"))
        style = ["-", "--", ":", "-."][(i // len(OKABE_ITO)) % 4]
        if numeric:  # a curve with its interval as a band
            ax.fill_between(x, lo, hi, color=colour, alpha=0.25, linewidth=0)
            ax.plot(x, est, marker="o", color=colour, label=name, linestyle=style)
        else:  # separate choices: points with interval whiskers, nothing joining them
            shift = (i - (len(groups) - 1) / 2) * 0.08
            ax.errorbar([v + shift for v in x], est, yerr=[est - lo, hi - est], fmt="o", capsize=4, color=colour,
                        label=name)  # fmt: skip
        exact = rows["exact"].astype(float)
        if exact.notna().any():
            ax.plot(x, exact * scale, "x", color="black", markersize=7, label="exact" if i == 0 else None)
    if numeric and _numeric(xs_all) and all(float(v).is_integer() for v in xs_all):
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    if scale == 100:
        ax.set_ylim(-3, 103)
    if not numeric:
        ax.set_xticks(range(len(xs_all)), [textwrap.fill(str(v), 18) for v in xs_all], fontsize=9)
        ax.set_xlim(-0.5, len(xs_all) - 0.5)
    ax.set_xlabel(x_key)
    ax.set_ylabel(y_label + (" (band: 95% interval)" if numeric else " (bars: 95% interval)"))
    ax.set_title(textwrap.fill(title, 70), fontsize=10)
    if others or frame["exact"].notna().any():
        ax.legend(frameon=False, fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1))  # outside: never on data
    ax.grid(alpha=0.3)
    return _save(fig, path)


def compare_plot(table: pd.DataFrame, path: str | Path, title: str) -> Path:
    """B − A for each metric: the paired 95% interval (thick) above the unpaired one (thin), each labelled
    with its half-width; zoomed on the intervals so their widths can be compared (zero shown when near)."""
    fig, axes = plt.subplots(len(table), 1, figsize=(8, 1.5 * len(table) + 1.4), squeeze=False)
    for ax, row in zip(axes[:, 0], table.itertuples(), strict=True):
        is_prob = row.metric.endswith("_win")
        scale, unit = (100, "percentage points") if is_prob else (1, "units")
        bounds = []
        for y, lo, hi, colour, width in (
            (1, row.paired_lo, row.paired_hi, OKABE_ITO[0], 6),
            (0, row.unpaired_lo, row.unpaired_hi, OKABE_ITO[1], 2),
        ):
            if lo == lo:  # a metric without per-trial columns has no paired interval
                ax.plot([lo * scale, hi * scale], [y, y], color=colour, linewidth=width, solid_capstyle="butt")
                ax.plot([lo * scale, hi * scale], [y, y], "|", color=colour, markersize=12)
                ax.annotate(f"± {(hi - lo) * scale / 2:.3g}", (hi * scale, y), xytext=(8, 0),
                            textcoords="offset points", va="center", fontsize=8)  # fmt: skip
                bounds += [lo * scale, hi * scale]
            else:
                ax.annotate("no per-trial column", (row.diff * scale, y), ha="center", va="center", fontsize=8)
        paired = row.paired_lo == row.paired_lo
        ax.plot([row.diff * scale], [1 if paired else 0], "o", color="black", markersize=4)
        exact = row.exact_diff is not None and row.exact_diff == row.exact_diff
        if exact:
            ax.plot([row.exact_diff * scale], [0.5], "x", color=OKABE_ITO[3], markersize=8, label="exact")
            bounds.append(row.exact_diff * scale)
        lo, hi = min(bounds, default=row.diff * scale), max(bounds, default=row.diff * scale)
        pad = max((hi - lo) * 0.6, 1e-3 * max(1.0, abs(row.diff * scale)))
        ax.set_xlim(lo - pad, hi + pad)
        if lo - pad < 0 < hi + pad:
            ax.axvline(0, color="grey", linewidth=0.8, linestyle=":")
        ax.set_yticks([0, 1], ["unpaired", "paired"])
        ax.set_ylim(-0.6, 1.6)
        ax.set_xlabel(f"{row.metric}: B − A, {unit}", fontsize=9)
        if exact:
            ax.legend(frameon=False, fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1))
    axes[0, 0].set_title(textwrap.fill(title, 70), fontsize=10)
    return _save(fig, path)


def win_rate_plot(frame: pd.DataFrame, path: str | Path, title: str) -> Path:
    """Horizontal bars of each faction's win rate with 95% interval whiskers and its parity (fair share) line.

    ``frame``: faction, win_rate, lo, hi, parity (fractions), sorted as they should read from the top."""
    frame = frame.iloc[::-1].reset_index(drop=True)
    fig, ax = plt.subplots(figsize=(8, 0.5 * len(frame) + 1.6))
    y = list(range(len(frame)))
    err = [(frame["win_rate"] - frame["lo"]) * 100, (frame["hi"] - frame["win_rate"]) * 100]
    fair = frame["parity"].notna().any()  # solo: no parity line (the rows are one player's levels)
    above = frame["win_rate"] >= frame["parity"]
    colours = [OKABE_ITO[0] if a or not fair else OKABE_ITO[1] for a in above]
    ax.barh(y, frame["win_rate"] * 100, xerr=err, color=colours, capsize=3, height=0.6)
    for i, row in frame.iterrows():
        if fair:
            ax.plot([row.parity * 100] * 2, [i - 0.42, i + 0.42], color="black", linestyle="--", linewidth=1.2,
                    label="parity (1 / players)" if i == 0 else None)  # fmt: skip
        ax.text(row.hi * 100 + 1, i, f"{row.win_rate:.1%}", va="center", fontsize=9)
    ax.set_yticks(y, [plain(f) for f in frame["faction"]], fontsize=9)
    top = max(frame["hi"].max(), frame["parity"].max() if fair else 0)
    ax.set_xlim(0, min(100, top * 100 + 12))
    who = "the faction played" if fair else "played at that level"
    ax.set_xlabel(f"win rate, % of the games {who} (whiskers: 95% interval)")
    ax.set_title(textwrap.fill(title, 70), fontsize=10)
    if fair:
        ax.legend(frameon=False, fontsize=8, loc="lower right")
    ax.grid(axis="x", alpha=0.3)
    return _save(fig, path)


def share_plot(shares: dict[str, float], path: str | Path, x_label: str, title: str) -> Path:
    """Horizontal bars of shares that add up to 1 (e.g. how games end), each labelled with its %."""
    names = list(shares)[::-1]
    values = [100 * shares[n] for n in names]
    fig, ax = plt.subplots(figsize=(8, 0.45 * len(names) + 1.5))
    bars = ax.barh(range(len(names)), values, color=OKABE_ITO[2], height=0.6)
    ax.bar_label(bars, labels=[f"{v:.1f}%" for v in values], fontsize=9, padding=2)
    ax.set_yticks(range(len(names)), [plain(n) for n in names], fontsize=9)
    ax.set_xlim(0, 112)
    ax.set_xlabel(x_label)
    ax.set_title(textwrap.fill(title, 70), fontsize=10)
    ax.grid(axis="x", alpha=0.3)
    return _save(fig, path)


def length_plot(values, path: str | Path, x_label: str, title: str) -> Path:
    """The distribution of game lengths: one bar per value when they are few whole numbers, else a histogram."""
    import numpy as np

    values = np.asarray(values, dtype=float)
    fig, ax = plt.subplots(figsize=(8, 3.8))
    distinct = np.unique(values)
    if len(distinct) <= 30 and np.all(distinct == np.round(distinct)):
        shares = [100 * np.mean(values == v) for v in distinct]
        bars = ax.bar(distinct, shares, color=OKABE_ITO[0], width=0.7)
        ax.bar_label(bars, labels=[f"{s:.0f}" if s >= 0.5 else "" for s in shares], fontsize=8, padding=1)
        ax.set_xticks(distinct, [f"{v:.0f}" for v in distinct])
    else:
        weights = np.full(len(values), 100 / len(values))
        ax.hist(values, bins=min(30, max(5, len(distinct))), weights=weights, color=OKABE_ITO[0], edgecolor="white")
        if np.all(distinct == np.round(distinct)):
            ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.axvline(values.mean(), color=OKABE_ITO[3], linestyle="--", linewidth=1.2, label=f"mean {values.mean():.2f}")
    ax.set_xlabel(x_label)
    ax.set_ylabel("% of games")
    ax.set_title(textwrap.fill(title, 70), fontsize=10)
    ax.legend(frameon=False, fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1))
    ax.grid(axis="y", alpha=0.3)
    return _save(fig, path)


def _category_style(k: int) -> dict:
    """Okabe-Ito colours, hatched from the ninth category on, so up to 16 stacked categories stay apart."""
    return {"color": OKABE_ITO[k % len(OKABE_ITO)], "hatch": "//" if k >= len(OKABE_ITO) else None,
            "edgecolor": "white", "linewidth": 0.5}  # fmt: skip


def score_category_plot(frame: pd.DataFrame, path: str | Path, title: str) -> Path:
    """Stacked horizontal bars of the mean VP by scoring category, one bar per row of ``frame`` (e.g. a Ruler),
    labelled with the total. ``frame``: index = the bars, top first; columns = the categories, values = mean VP."""
    frame = frame.iloc[::-1]
    fig, ax = plt.subplots(figsize=(9, 0.5 * len(frame) + 2.4))
    y = list(range(len(frame)))
    left = [0.0] * len(frame)
    for k, cat in enumerate(frame.columns):
        values = frame[cat].to_list()
        ax.barh(y, values, left=left, height=0.65, label=plain(cat), **_category_style(k))
        left = [a + b for a, b in zip(left, values, strict=True)]
    for i, total in enumerate(left):
        ax.text(total + 0.5, i, f"{total:.1f}", va="center", fontsize=9)
    ax.set_yticks(y, [plain(f) for f in frame.index], fontsize=9)
    ax.set_xlim(0, max(left) * 1.1 + 1)
    ax.set_xlabel("mean VP per player-game, by scoring category")
    ax.set_title(textwrap.fill(title, 70), fontsize=10)
    ax.legend(frameon=False, fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1))
    ax.grid(axis="x", alpha=0.3)
    return _save(fig, path)


def score_distribution_plot(values: dict, path: str | Path, title: str) -> Path:
    """The distribution of one player's VP in each scoring category over all player-games: a box (quartiles,
    whiskers to the 5th and 95th percentiles) and the mean as a diamond, one row per category, top first."""
    import numpy as np

    names = list(values)[::-1]
    data = [np.asarray(values[n], dtype=float) for n in names]
    fig, ax = plt.subplots(figsize=(8, 0.42 * len(names) + 1.8))
    ax.boxplot(data, orientation="horizontal", whis=(5, 95), showfliers=False, widths=0.6, patch_artist=True,
               boxprops={"facecolor": OKABE_ITO[5], "alpha": 0.7}, medianprops={"color": "black"})  # fmt: skip
    ax.scatter([d.mean() for d in data], range(1, len(data) + 1), marker="D", s=18, color=OKABE_ITO[3], zorder=3,
               label="mean")  # fmt: skip
    ax.set_yticks(range(1, len(names) + 1), [plain(n) for n in names], fontsize=9)
    ax.set_xlabel("VP per player-game (box: quartiles; whiskers: 5th–95th percentile)")
    ax.set_title(textwrap.fill(title, 70), fontsize=10)
    ax.legend(frameon=False, fontsize=8, loc="lower right")
    ax.grid(axis="x", alpha=0.3)
    return _save(fig, path)
