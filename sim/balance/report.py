"""What ``sim tune`` and ``sim balance`` print and write: text tables, plan files, the equilibrium experiment, and
the balance report (``sim report DIR``: Markdown, HTML with embedded plots, CSV)."""

from __future__ import annotations

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
    ``ship``: a study shipped with sim instead: ``out`` is ``studies/<game>/<ship>``, its tuned plans
    ``plans/<label>.yaml`` there, which the equilibrium names ``<ship>/<label>``; a ``manifest.yaml`` (status
    current) records the question, command and headline numbers."""
    from sim.balance.loop import equilibrium_experiment

    out = Path(out)
    if ship:
        exp, files = equilibrium_experiment(r, raw, out / "plans", prefix=ship)
    else:
        exp, files = equilibrium_experiment(r, raw, out / "plans")
    written = []
    for path, mapping in files.items():
        written.append(write_plan(path, mapping, f"A best response found by: {command}"))
    shown = Path("studies", r.game, ship) if ship else out  # a shipped file names no local path
    head = f"The equilibrium found by: {command}\nReplay: sim run {shown / 'equilibrium.yaml'}"
    written.append(write_plan(out / "equilibrium.yaml", exp, head))
    written.append(write_text(out / "balance.json", json.dumps(r.to_json(), indent=2, default=str) + "\n"))
    if ship:
        from sim.studies import write_manifest

        written.append(write_manifest(out, exp["question"], command, r.seed))
    else:  # a run's own folder is sealed like every saved run (sim.checkpoint.seal)
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


def fair_share(directory: Path, doc: dict) -> float:
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
    ax.plot(rounds, [100 * h["nash_conv"] for h in doc["rounds"]], "k--", marker="s", label="sum over factions")
    if doc.get("exploitability_check"):  # the verdict's own check: fresh tuning runs against it
        ax.plot([doc["verdict_round"]], [100 * doc["nash_conv"]], "r*", ms=12, label="sum, checked")
    ax.axhline(doc["options"]["epsilon"], color="gray", lw=0.8, ls=":", label="ε")
    ax.set_xlabel("round")
    ax.set_ylabel("best-response gain, points")
    ax.set_xticks(rounds)
    profile = "average of the equilibria" if doc["options"].get("meta") == "average" else "equilibrium"
    ax.set_title(f"What the best plan found gains against each round's {profile}")
    ax.legend(fontsize=8, ncol=3)
    fig.tight_layout()
    paths.append(out / "exploitability.png")
    fig.savefig(paths[-1], dpi=110)
    plt.close(fig)
    return paths


def searcher_gains(directory: Path) -> dict[str, dict]:
    """Each faction's shipped ladder (``ladder-FACTION*.json``) at its top budget: the rollout searcher's paired gain
    over the faction's own plan, the largest where a faction has several ladders."""
    best: dict[str, dict] = {}
    for path in sorted(directory.glob("ladder-*.json")):
        lad = json.loads(path.read_text())
        top = lad["rungs"][-1]
        if lad["seat"] not in best or top["gain"] > best[lad["seat"]]["gain"]:
            best[lad["seat"]] = {**top, "games": lad["games"], "determinize": lad.get("determinize", False),
                                 "file": path.name}  # fmt: skip
    return best


def _name(faction: str) -> str:
    return faction.replace("_", " ").title()


def balance_report(directory: str | Path, out: str | Path) -> list[Path]:
    """``sim report DIR`` of a ``sim balance`` run: balance.json (checked against the folder's checksums, and for
    the fields the report reads) as a designer page in the study reports' style (``reports.page``)."""
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
    """The question, the answer in words, how far to trust it, the table, plots, rounds, and the assumed values."""
    from reports.assumptions import study_assumptions
    from reports.page import render_html, render_markdown
    from sim.config import read_yaml
    from sim.studies import from_ladder, from_ladder_text, ladder_of

    frame = _frame(doc)
    out.mkdir(parents=True, exist_ok=True)
    written = [write_csv(out / "balance.csv", frame)]
    parity = fair_share(directory, doc)
    plots = _plots(doc, frame, out, parity)
    written += plots
    top = frame.sort_values("equilibrium", ascending=False)
    strongest, weakest = top.iloc[0], top.iloc[-1]
    gain = 100 * frame.exploitability.max()
    summary = (
        f"When every faction plays the mix of plans that none of them can improve on (the equilibrium sim found), "
        f"{_name(strongest.faction)} wins {strongest.equilibrium:.1%} [{strongest.eq_lo:.1%}, {strongest.eq_hi:.1%}] "
        f"of its games and {_name(weakest.faction)} {weakest.equilibrium:.1%} [{weakest.eq_lo:.1%}, "
        f"{weakest.eq_hi:.1%}], against a fair share of {parity:.1%}."
    )
    searched = searcher_gains(directory)
    caveats = [
        f"The players are scripted plans. The best plan sim could find against this equilibrium gains at most "
        f"{gain:.1f} points for one faction (its exploitability; the sum over factions, {100 * doc['nash_conv']:.1f} "
        f"points, is the distance from an equilibrium): near 0 means no plan sim knows does better.",
    ]
    if searched:
        gains = [100 * g["gain"] for g in searched.values()]
        lo, hi, budget = min(gains), max(gains), max(g["rollouts"] for g in searched.values())
        caveats.append(
            f"A short lookahead beats these plans: the rollout searcher ({budget} "
            f"playouts a decision, one seat) gains {lo:.1f} to {hi:.1f} points over each faction's plan. So this is a "
            "verdict on strong plans, not yet on strong play.")  # fmt: skip
    else:
        caveats.append("No searcher has played against these plans yet: how far they are from strong play is not "
                       "measured.")  # fmt: skip
    ladder = ladder_of(directory)
    if ladder is not None:
        caveats.append(from_ladder_text(from_ladder(doc["win_rate"], ladder)))
    caveats += [t for t in (rivals_text(doc), kingmakers_text(doc)) if t]
    caveats.append("The board and card values marked assumed (listed below) decide much of the result.")
    verdict = (f"{_name(strongest.faction)} is the strongest and {_name(weakest.faction)} the weakest under these "
               f"plans, {100 * (strongest.equilibrium - weakest.equilibrium):.1f} points apart.")
    table = pd.DataFrame({
        "faction": [_name(f) for f in frame.faction],
        "win rate under the equilibrium [95%]": [f"{r.equilibrium:.1%} [{r.eq_lo:.1%}, {r.eq_hi:.1%}]"
                                                 for r in frame.itertuples()],
        "vs fair share": [f"{100 * (r.equilibrium - parity):+.1f} pts" for r in frame.itertuples()],
        "in the rotated scripted field": [f"{r.rotated:.1%} [{r.rot_lo:.1%}, {r.rot_hi:.1%}]"
                                          for r in frame.itertuples()],
        "best plan found against it gains": [f"{_pt(r.exploitability)} [{_pt(r.expl_lo)}, {_pt(r.expl_hi)}] pts"
                                             for r in frame.itertuples()],
        "its plans (share of games)": frame.mixture,
    })  # fmt: skip
    rounds = pd.DataFrame([
        {"round": h["round"], "distance from an equilibrium, pts": f"{100 * h['nash_conv']:.1f}",
         "inside its own table, pts": f"{100 * h['table_nash_conv']:.1f}", "payoff cells": h["cells"],
         **{f"{_name(f)} gain, pts": _pt(v) for f, v in h["exploitability"].items()},
         **({"library plans joining": _joined(h["library"], doc["options"]["epsilon"])} if "library" in h else {}),
         **({"equally good other equilibria": len(h["rivals"])} if "rivals" in h else {})}
        for h in doc["rounds"]
    ])  # fmt: skip
    ends = pd.DataFrame([{"how the game ends": k.replace("_", " "), "share of games": f"{v:.1%}"}
                         for k, v in doc["win_type"].items()])  # fmt: skip
    tables = [("How each round of plan search went", rounds), ("How games end", ends)]
    if searched:
        tables.append(("The searcher against these plans", pd.DataFrame([
            {"faction": _name(f), "searcher's gain [95%]":
             f"{_pt(g['gain'])} [{_pt(g['gain_ci95'][0])}, {_pt(g['gain_ci95'][1])}] pts",
             "playouts a decision": g["rollouts"], "games": g["games"],
             "sees": "only what its seat sees" if g["determinize"] else "hidden cards too", "file": g["file"]}
            for f, g in searched.items()])))  # fmt: skip
    if doc.get("start_checks"):  # a run started from other runs' equilibria (--start): each checked in the pool
        from sim.balance.stability import start_check_rows

        head, *rows = start_check_rows(doc)
        tables.append(("The runs it pooled: what each faction's best plan of the pool gains against each run's "
                       "equilibrium, points", pd.DataFrame(rows, columns=head)))  # fmt: skip
    experiment = directory / "equilibrium.yaml"
    players = (read_yaml(experiment) or {}).get("players", 4) if experiment.exists() else 4
    figures = [(plots[0], "Each faction's win rate under the equilibrium (blue) and in the experiment's rotated "
                          "scripted field (gray), with 95% intervals; the dotted line is the fair share."),
               (plots[1], "How far each round's equilibrium was from one: what the best plan found against it "
                          "gains, per faction and summed (dashed); the star is the verdict's own check.")]
    options = doc["options"]
    page = {
        "title": f"{doc['title'] or doc['game']}: the balance verdict from plan equilibria",
        "question": doc.get("question") or "Is the game balanced when every faction plays its best plans?",
        "summary": summary, "verdict": verdict, "caveats": caveats,
        "setup": [("players behind the verdict", "scripted plans at an equilibrium (sim balance)"),
                  ("rounds of plan search", f"{len(doc['rounds'])} (the verdict is round "
                                            f"{doc.get('verdict_round', len(doc['rounds']))})"),
                  ("games played", f"{doc['games_played']:,}"), ("seed", doc["seed"])],
        "table": table, "table_title": "Win rates under the equilibrium",
        "legend": ["win rate under the equilibrium: the faction's share of wins when every faction plays its "
                   "equilibrium mix of plans, fresh games, 95% interval",
                   "best plan found against it gains: what a freshly tuned plan (or a plan of another study) wins "
                   "more than the faction's equilibrium mix, on held-out games (its exploitability)"],
        "tables": tables, "figures": figures, "notes": [],
        "assumptions": study_assumptions(doc["game"], {"players": players}),
        "run": {"games": f"{doc['games_played']:,}", "seed": doc["seed"], "run time": f"{doc['seconds']:.0f} s",
                "precision": options.get("precision"), "epsilon, points": options.get("epsilon"),
                "source": str(directory)},
        "config": experiment.read_text() if experiment.exists() else "",
    }  # fmt: skip
    written.append(write_text(out / "report.html", render_html(page)))
    written.append(write_text(out / "report.md", render_markdown(page)))
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
