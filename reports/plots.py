"""Designer plots. Okabe-Ito colours (colour-blind safe), labelled axes with units, no overlapping labels."""

from __future__ import annotations

import textwrap
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402

from sim.results import atomic_write  # noqa: E402

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
