"""What ``sim tune`` and ``sim balance`` print and write: text tables, plan files, the equilibrium experiment, and
the balance report (``sim report DIR``: Markdown, HTML with embedded plots, CSV)."""

from __future__ import annotations

import base64
import html
import json
from pathlib import Path

import pandas as pd
import yaml

from sim.results import write_csv, write_text


def _pt(x: float) -> str:
    return f"{100 * x:+.1f}"


def gain_text(r) -> str:
    """A tuning run's held-out gain with its interval: points of win rate, or of score (``--objective score``)."""
    pt = "{:+.2f}".format if r.objective == "score" else _pt
    lo, hi = r.gain_ci95
    return f"{pt(r.gain)} points [{pt(lo)}, {pt(hi)}]"


def format_tune(r) -> str:
    level = "{:.2f}".format if r.objective == "score" else "{:.2%}".format  # a mean score, or a rate
    lines = [
        f"{r.game}: tuned {r.seat}'s plan from {r.base} ({r.objective}; budget {r.budget:,} games, "
        f"{len(r.candidates)} evaluations, seed {r.seed}, {r.seconds:.1f} s)",
        f"  baseline {', '.join(f'{k} {w:.2f}' for k, w in r.baseline.items())}: {level(r.baseline_win_rate)}",
        f"  tuned {r.plan.label}: {level(r.tuned_win_rate)}",
        f"  gain {gain_text(r)}, paired over {r.holdout_games:,} held-out games",
        "  parameters: " + ", ".join(f"{k}={json.dumps(v)}" for k, v in r.searched.items()),
    ]
    return "\n".join(lines)


def plan_mapping(r, command: str) -> dict:
    spec = r.plan.spec
    return {"uses": spec["uses"], "params": dict(spec.get("params") or {})}


def write_plan(path: str | Path, mapping: dict, header: str) -> Path:
    text = "".join(f"# {line}\n" for line in header.splitlines()) + yaml.safe_dump(mapping, sort_keys=False)
    return write_text(path, text)


def format_balance(r) -> str:
    m = r.metrics
    lines = [f"{r.title or r.game}: the least exploitable equilibrium of {len(r.rounds)} round(s) (round "
             f"{r.verdict_round}), seed {r.seed}, {r.games:,} games, {r.seconds:.0f} s"]  # fmt: skip
    width = max(len(f) for f in r.factions)
    lines.append(f"  {'faction':<{width}}  {'equilibrium':>22}  {'rotated field':>22}  {'exploitability':>22}  mixture")
    for f in sorted(r.factions, key=lambda f: -m["win_rate"][f]):
        lo, hi = m["win_rate_ci95"][f]
        rlo, rhi = r.rotated["win_rate_ci95"][f]
        e = r.exploitability[f]
        mix = ", ".join(f"{k} {w:.2f}" for k, w in r.equilibrium[f].items())
        lines.append(
            f"  {f:<{width}}  {m['win_rate'][f]:6.1%} [{lo:5.1%}, {hi:5.1%}]  "
            f"{r.rotated['win_rate'][f]:6.1%} [{rlo:5.1%}, {rhi:5.1%}]  "
            f"{_pt(e['gain']):>6} [{_pt(e['gain_ci95'][0])}, {_pt(e['gain_ci95'][1])}]  {mix}"
        )
    lines.append(f"  nash_conv {100 * r.nash_conv:.1f} points; by round: "
                 + ", ".join(f"{h['round']}: {100 * h['nash_conv']:.1f}" for h in r.rounds))  # fmt: skip
    rivals = undecided_text(r.to_json())
    if rivals:
        lines.append(f"  {rivals}")
    lines.append("  win types: " + ", ".join(f"{k} {v:.1%}" for k, v in m["win_type"].items()))
    lines.append(f"  mean rounds: {m['mean_rounds']:.2f}")
    return "\n".join(lines)


def write_balance(r, raw: dict, out: str | Path, command: str, ship: str | None = None) -> list[Path]:
    """balance.json, the equilibrium experiment (equilibrium.yaml) and the tuned plans (plans/*.yaml) in ``out``.
    ``ship``: a study shipped with sim instead: ``out`` is ``configs/<game>/balance/<ship>`` and the tuned plans go
    to ``configs/<game>/strategies/<ship>-<label>.yaml``, named by the equilibrium like any bundled plan."""
    from sim.balance.loop import equilibrium_experiment
    from sim.config import CONFIG_DIR

    out = Path(out)
    if ship:
        exp, files = equilibrium_experiment(r, raw, CONFIG_DIR / r.game / "strategies", prefix=ship)
    else:
        exp, files = equilibrium_experiment(r, raw, out / "plans")
    written = []
    for path, mapping in files.items():
        written.append(write_plan(path, mapping, f"A best response found by: {command}"))
    shown = Path("configs", r.game, "balance", ship) if ship else out  # a shipped file names no local path
    head = f"The equilibrium found by: {command}\nReplay: sim run {shown / 'equilibrium.yaml'}"
    written.append(write_plan(out / "equilibrium.yaml", exp, head))
    written.append(write_text(out / "balance.json", json.dumps(r.to_json(), indent=2, default=str) + "\n"))
    if not ship:  # a run's own folder is sealed like every saved run (sim.checkpoint.seal)
        from sim.checkpoint import seal
        from sim.saved import FILES

        written.append(seal(out, "balance", FILES["balance"]))
    return written


# --- sim report DIR ----------------------------------------------------------------------------------------


def is_balance_dir(path: str | Path) -> bool:
    return (Path(path) / "balance.json").exists()


def _frame(doc: dict) -> pd.DataFrame:
    rows = []
    for f in doc["factions"]:
        rows.append({
            "faction": f, "equilibrium": doc["win_rate"][f], "eq_lo": doc["win_rate_ci95"][f][0],
            "eq_hi": doc["win_rate_ci95"][f][1], "rotated": doc["rotated_win_rate"][f],
            "rot_lo": doc["rotated_win_rate_ci95"][f][0], "rot_hi": doc["rotated_win_rate_ci95"][f][1],
            "exploitability": doc["exploitability"][f], "expl_lo": doc["exploitability_ci95"][f][0],
            "expl_hi": doc["exploitability_ci95"][f][1],
            "mixture": ", ".join(f"{k} {w:.2f}" for k, w in doc["equilibrium"][f].items()),
        })  # fmt: skip
    return pd.DataFrame(rows)


def _parity(directory: Path, doc: dict) -> float:
    """A faction's fair share of its games: 1 / the players at a table (the equilibrium experiment's ``players``;
    Dark Ages seats 3 of 7 Rulers a game), else 1 / the factions."""
    from sim.config import read_yaml

    path = directory / "equilibrium.yaml"
    players = (read_yaml(path) or {}).get("players") if path.exists() else None
    counts = players if isinstance(players, list) else [players]
    if all(isinstance(n, int) and not isinstance(n, bool) and n > 0 for n in counts):
        return sum(1 / n for n in counts) / len(counts)
    return 1 / len(doc["factions"])


def _plots(doc: dict, frame: pd.DataFrame, out: Path, parity: float) -> list[Path]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    paths = []
    fig, ax = plt.subplots(figsize=(7, 3.6))
    y = range(len(frame))
    for k, (col, lo, hi, colour) in enumerate((("equilibrium", "eq_lo", "eq_hi", "tab:blue"),
                                                ("rotated", "rot_lo", "rot_hi", "tab:gray"))):  # fmt: skip
        ys = [v + (0.18 if k else -0.18) for v in y]
        ax.errorbar(100 * frame[col], ys, xerr=[100 * (frame[col] - frame[lo]), 100 * (frame[hi] - frame[col])],
                    fmt="o", color=colour, capsize=3, label=f"{col} field")  # fmt: skip
    ax.axvline(100 * parity, color="k", lw=0.8, ls=":", label="fair share")
    ax.set_yticks(list(y), [f.replace("_", " ").title() for f in frame["faction"]])
    ax.set_xlabel("win rate, % (95% interval)")
    ax.set_title("Win rate under the equilibrium and in the rotated field")
    ax.legend(loc="best", fontsize=8)
    fig.tight_layout()
    paths.append(out / "win_rates.png")
    fig.savefig(paths[-1], dpi=110)
    plt.close(fig)
    fig, ax = plt.subplots(figsize=(7, 3.2))
    rounds = [h["round"] for h in doc["rounds"]]
    for f in doc["factions"]:
        ax.plot(rounds, [100 * h["exploitability"][f] for h in doc["rounds"]], marker="o", label=f)
    ax.plot(rounds, [100 * h["nash_conv"] for h in doc["rounds"]], "k--", marker="s", label="nash_conv")
    if doc.get("exploitability_check"):  # the verdict's own check: fresh tuning runs against it
        ax.plot([doc["verdict_round"]], [100 * doc["nash_conv"]], "r*", ms=12, label="nash_conv, checked")
    ax.axhline(doc["options"]["epsilon"], color="gray", lw=0.8, ls=":", label="ε")
    ax.set_xlabel("round")
    ax.set_ylabel("best-response gain, points")
    ax.set_xticks(rounds)
    profile = "average of the equilibria" if doc["options"].get("meta") == "average" else "equilibrium"
    ax.set_title(f"Exploitability of each round's {profile} (held-out games)")
    ax.legend(fontsize=8, ncol=3)
    fig.tight_layout()
    paths.append(out / "exploitability.png")
    fig.savefig(paths[-1], dpi=110)
    plt.close(fig)
    return paths


def balance_report(directory: str | Path, out: str | Path) -> list[Path]:
    """``sim report DIR`` of a ``sim balance --save DIR``: balance.json (checked against the folder's checksums, and
    for the fields the report reads) and the equilibrium experiment, as a report in ``out``."""
    from sim.checkpoint import read_json, verify
    from sim.errors import ConfigError
    from sim.saved import FILES

    directory = Path(directory)
    verify(directory, ("balance",), FILES["balance"])
    path = directory / "balance.json"
    doc = read_json(path, "a balance.json written by sim balance --save")
    try:
        return _balance_report(directory, doc, Path(out))
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, ZeroDivisionError) as exc:
        raise ConfigError(str(path), "", "a balance.json written by sim balance --save",
                          f"a file without the fields a report reads ({type(exc).__name__}: {exc})") from None


def _balance_report(directory: Path, doc: dict, out: Path) -> list[Path]:
    from reports.tables import markdown_table

    frame = _frame(doc)
    out.mkdir(parents=True, exist_ok=True)
    written = [write_csv(out / "balance.csv", frame)]
    plots = _plots(doc, frame, out, _parity(directory, doc))
    written += plots
    top = frame.sort_values("equilibrium", ascending=False)
    lead = (
        f"Under the least exploitable equilibrium of its plans (round {doc.get('verdict_round', len(doc['rounds']))} "
        f"of {len(doc['rounds'])}), {top.iloc[0].faction.replace('_', ' ').title()} wins "
        f"{top.iloc[0].equilibrium:.1%} and {top.iloc[-1].faction.replace('_', ' ').title()} "
        f"{top.iloc[-1].equilibrium:.1%} of games; the best response found against it gains at most "
        f"{100 * frame.exploitability.max():.1f} points (nash_conv {100 * doc['nash_conv']:.1f} points), measured on "
        f"held-out games. The verdict rests on the assumed board data, the plans' search spaces and this "
        f"exploitability."
    )
    table = frame.assign(
        equilibrium=[f"{r.equilibrium:.1%} [{r.eq_lo:.1%}, {r.eq_hi:.1%}]" for r in frame.itertuples()],
        rotated=[f"{r.rotated:.1%} [{r.rot_lo:.1%}, {r.rot_hi:.1%}]" for r in frame.itertuples()],
        exploitability=[f"{_pt(r.exploitability)} [{_pt(r.expl_lo)}, {_pt(r.expl_hi)}]" for r in frame.itertuples()],
    )[["faction", "equilibrium", "rotated", "exploitability", "mixture"]]
    rounds = pd.DataFrame(
        [
            {
                "round": h["round"],
                "nash_conv (points)": round(100 * h["nash_conv"], 2),
                "table nash_conv": round(100 * h["table_nash_conv"], 2),
                "cells": h["cells"],
                **{f: round(100 * v, 2) for f, v in h["exploitability"].items()},
                **(
                    {"library plans joining": _joined(h["library"], doc["options"]["epsilon"])}
                    if "library" in h
                    else {}
                ),
                **({"rival equilibria": len(h["rivals"])} if "rivals" in h else {}),
            }  # fmt: skip
            for h in doc["rounds"]
        ]
    )
    rivals = undecided_text(doc)
    ends = pd.DataFrame([{"end": k, "share": f"{v:.1%}"} for k, v in doc["win_type"].items()])
    pooled, pooled_html = [], ""  # a run started from other runs' equilibria (--start): each checked in the pool
    if doc.get("start_checks"):
        from sim.balance.stability import format_start_checks, start_check_rows

        says = "What each faction's best plan of the pool gains against each run's equilibrium, points:"
        pooled = ["## The runs it pooled", "", says, "", format_start_checks(doc), ""]
        head, *rows = start_check_rows(doc)
        pooled_html = (f"<h2>The runs it pooled</h2><p>{html.escape(says)}</p>"
                       + pd.DataFrame(rows, columns=head).to_html(index=False))  # fmt: skip
    md = [f"# {doc['title'] or doc['game']}: balance under strong play", "", lead, "",
          markdown_table(table, 2), "", "![win rates](win_rates.png)", "", "## Rounds", "",
          markdown_table(rounds, 2), "", *([rivals, ""] if rivals else []), "![exploitability](exploitability.png)", "",
          *pooled, "## How games end", "",
          markdown_table(ends), "", f"Mean game length: {doc['mean_rounds']:.2f} rounds.", "",
          f"Seed {doc['seed']}, {doc['games_played']:,} games, {doc['seconds']:.0f} s; options "
          f"{json.dumps(doc['options'])}."]  # fmt: skip
    written.append(write_text(out / "report.md", "\n".join(md) + "\n"))
    images = "".join(
        f'<p><img alt="{p.stem}" src="data:image/png;base64,{base64.b64encode(p.read_bytes()).decode()}"></p>'
        for p in plots
    )
    page = (f"<!doctype html><meta charset='utf-8'><title>{html.escape(doc['title'] or doc['game'])}</title>"
            f"<h1>{html.escape(doc['title'] or doc['game'])}: balance under strong play</h1><p>{html.escape(lead)}</p>"
            f"{table.to_html(index=False)}{images}<h2>Rounds</h2>{rounds.to_html(index=False)}"
            f"{f'<p>{html.escape(rivals)}</p>' if rivals else ''}{pooled_html}"
            f"<h2>How games end</h2>{ends.to_html(index=False)}")  # fmt: skip
    written.append(write_text(out / "report.html", page))
    return written


def rivals_text(doc: dict) -> str:
    """One sentence on the verdict round's rival equilibria (``rounds[].rivals``), or "" when it has none."""
    from sim.balance.loop import rival_ranges, rival_spread

    h = doc["rounds"][doc.get("verdict_round", len(doc["rounds"])) - 1]
    if not h.get("rivals"):
        return ""
    spread = rival_spread(h["rivals"], h["table_payoff"])
    ranges = rival_ranges(h["rivals"], h["table_payoff"])
    each = ", ".join(f"{f.replace('_', ' ').title()} {lo:.1%}–{hi:.1%}"
                     for f, (lo, hi) in sorted(ranges.items(), key=lambda kv: -kv[1][1]))  # fmt: skip
    return (f"Round {h['round']}'s table has {len(h['rivals'])} other pure profile(s) that it cannot tell from an "
            f"equilibrium (each faction's payoff ±{100 * h['table_noise']:.1f} points); under them a faction's win "
            f"rate differs from the verdict's by up to {100 * spread:.1f} points (in the table's cells, over the "
            f"verdict and its rivals: {each}). Which one a run selects can depend on its seed: a smaller "
            "--precision tells them apart.")  # fmt: skip


def kingmakers_text(doc: dict) -> str:
    """One sentence on the verdict round's kingmaker (``rounds[].kingmakers``): the faction whose plans within the
    noise of its best move another faction's win rate the most, when that move is beyond a paired difference's
    noise; or ""."""
    h = doc["rounds"][doc.get("verdict_round", len(doc["rounds"])) - 1]
    if not h.get("kingmakers"):
        return ""
    m, noise = h["kingmakers"][0], 2**0.5 * h["table_noise"]
    moved = sorted(((g, lo, hi) for g, (lo, hi) in m["others"].items() if hi - lo > noise), key=lambda x: x[1] - x[2])
    if not moved:
        return ""
    parts = [f"{g.replace('_', ' ').title()}{' wins' if i == 0 else ''} {lo:.1%}–{hi:.1%}"
             for i, (g, lo, hi) in enumerate(moved)]  # fmt: skip
    each = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    return (f"{m['faction'].replace('_', ' ').title()} is a kingmaker here: {len(m['plans'])} of its plans are within "
            f"the noise of its best for itself ({m['own'][0]:.1%}–{m['own'][1]:.1%}), but over them {each} (against "
            "the others' equilibrium mixtures, in the table's cells). Which of them it plays the table cannot decide, "
            "and the others' win rates move with it.")  # fmt: skip


def undecided_text(doc: dict) -> str:
    """What the verdict round's table cannot decide: its rival equilibria and its kingmaker, or ""."""
    return " ".join(t for t in (rivals_text(doc), kingmakers_text(doc)) if t)


def _joined(library: dict, epsilon: float) -> str:
    """A --library-joins round's library plans that gained more than ε (they join the next round's populations)."""
    return ", ".join(f"{f}: {c['best_plan']} ({100 * c['gain']:+.1f})" for f, c in library.items()
                     if 100 * c["gain"] > epsilon) or "none"  # fmt: skip
