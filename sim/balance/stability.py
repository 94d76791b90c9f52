"""Do independent runs of ``sim balance`` agree? Runs of one study from different seeds (their balance.json): each
faction's equilibrium win rate per run and its spread, the strongest and weakest faction of each run, and Kendall's
τ between every two runs' rankings (``scipy.stats.kendalltau``; 1 is the same order, −1 the reverse)."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from scipy.stats import kendalltau


@dataclass(frozen=True)
class Stability:
    seeds: tuple[int, ...]
    factions: tuple[str, ...]
    win_rate: dict[str, tuple[float, ...]]  # faction -> its equilibrium win rate in each run
    spread: dict[str, float]  # faction -> highest minus lowest win rate over the runs
    strongest: tuple[str, ...]  # each run's
    weakest: tuple[str, ...]
    tau: dict[tuple[int, int], float]  # (run i, run j) -> Kendall's τ between their rankings

    @property
    def agree(self) -> bool:
        """Every run names the same strongest and the same weakest faction."""
        return len(set(self.strongest)) == 1 and len(set(self.weakest)) == 1


def stability(runs: list[dict]) -> Stability:
    factions = tuple(runs[0]["factions"])
    rates = {f: tuple(float(r["win_rate"][f]) for r in runs) for f in factions}
    pairs = {(i, j): float(kendalltau([rates[f][i] for f in factions], [rates[f][j] for f in factions]).statistic)
             for i, j in combinations(range(len(runs)), 2)}  # fmt: skip
    return Stability(
        seeds=tuple(int(r["seed"]) for r in runs), factions=factions, win_rate=rates,
        spread={f: max(v) - min(v) for f, v in rates.items()},
        strongest=tuple(max(factions, key=lambda f, r=r: r["win_rate"][f]) for r in runs),
        weakest=tuple(min(factions, key=lambda f, r=r: r["win_rate"][f]) for r in runs), tau=pairs,
    )  # fmt: skip


def format_stability(s: Stability) -> str:
    """A Markdown table: one row per faction (strongest first in the first run), one column per run, the spread."""
    title = lambda f: f.replace("_", " ").title()  # noqa: E731
    head = "| Faction | " + " | ".join(f"seed {seed}" for seed in s.seeds) + " | spread, points |"
    rows = [head, "|---" * (len(s.seeds) + 2) + "|"]
    for f in sorted(s.factions, key=lambda f: -s.win_rate[f][0]):
        cells = " | ".join(f"{w:.1%}" for w in s.win_rate[f])
        rows.append(f"| {title(f)} | {cells} | {100 * s.spread[f]:.1f} |")
    taus = ", ".join(f"{s.seeds[i]}–{s.seeds[j]} {t:+.2f}" for (i, j), t in s.tau.items())
    rows += ["", f"Strongest: {', '.join(map(title, s.strongest))}; weakest: {', '.join(map(title, s.weakest))}; "
             f"largest spread {100 * max(s.spread.values()):.1f} points; Kendall's τ {taus}."]  # fmt: skip
    return "\n".join(rows)


def start_check_rows(doc: dict) -> list[list[str]]:
    """A pooled run's check of each --start file (balance.json ``start_checks``), header row first: per file (run
    1, 2, …), what each faction's best plan of the pool gains against that file's profile, in points, and whose plan
    it is (the run whose study names the plan: ``STUDY/PLAN``, or ``STUDY-PLAN`` as plans were named before)."""
    title = lambda f: f.replace("_", " ").title()  # noqa: E731
    factions = doc["factions"]
    studies = [c["source"].replace("\\", "/").rsplit("/", 2)[-2] for c in doc["start_checks"]]

    def whose(label: str) -> str:  # a built-in plan keeps its own name
        runs = [i for i, s in enumerate(studies) if label.startswith((s + "/", s + "-"))]
        return f"run {max(runs, key=lambda i: len(studies[i])) + 1}'s plan" if runs else label

    rows = [["equilibrium of", *map(title, factions)]]
    for i, (check, study) in enumerate(zip(doc["start_checks"], studies, strict=True)):
        cells = []
        for f in factions:
            gain = 100 * check["gain"][f]
            cells.append(f"{gain:+.1f}" + (f" ({whose(check['best_plan'][f])})" if round(gain, 1) > 0 else ""))
        rows.append([f"run {i + 1}, `{study}`", *cells])
    return rows


def format_start_checks(doc: dict) -> str:
    """``start_check_rows`` as a Markdown table."""
    head, *body = start_check_rows(doc)
    lines = ["| " + " | ".join(head) + " |", "|---" * len(head) + "|"]
    return "\n".join(lines + ["| " + " | ".join(row) + " |" for row in body])
