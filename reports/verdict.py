"""The designer page of a ``sim verdict`` ladder (``sim.verdict``), written into its folder after every rung: the
ladder plot (win rate against budget per faction, 95% bands, the fair share), the skill-trace plot, ``report.html``
and ``report.md`` (``reports.page``), and ``manifest.yaml`` (question, command, seed, status, headline numbers) for
shipped studies under ``studies/<game>/``."""

from __future__ import annotations

import json
import math
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402
import yaml  # noqa: E402

from reports.page import render_html, render_markdown  # noqa: E402
from reports.plots import OKABE_ITO, _save  # noqa: E402
from sim import games  # noqa: E402
from sim.glossary import plain  # noqa: E402
from sim.results import write_text  # noqa: E402
from sim.verdict.summary import ladder_headline


def _pct(x) -> str:
    return "" if x is None or (isinstance(x, float) and math.isnan(x)) else f"{100 * x:.1f}%"


def _pts(x, ci=None) -> str:
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return ""
    text = f"{100 * x:+.1f}"
    if ci and not any(isinstance(v, float) and math.isnan(v) for v in ci):
        text += f" [{100 * ci[0]:+.1f}, {100 * ci[1]:+.1f}]"
    return text


def ladder_plot(result: dict, path: str | Path) -> Path:
    """Win rate against budget, one line per faction with its 95% band, and the fair share."""
    rungs = result["rungs"]
    fig, ax = plt.subplots(figsize=(8, 4.8))
    x = [r["budget"] for r in rungs]
    for i, k in enumerate(result["factions"]):
        colour = OKABE_ITO[i % len(OKABE_ITO)]
        y = [100 * r["factions"][k]["win_rate"] for r in rungs]
        lo = [100 * r["factions"][k]["win_ci95"][0] for r in rungs]
        hi = [100 * r["factions"][k]["win_ci95"][1] for r in rungs]
        ax.plot(x, y, marker="o", color=colour, label=plain(k))
        ax.fill_between(x, lo, hi, color=colour, alpha=0.15, linewidth=0)
    ax.axhline(100 * result["fair_share"], color="black", linestyle="--", linewidth=1.2, label="fair share")
    ax.set_xscale("log", base=2)
    ax.set_xticks(x, [str(b) for b in x])
    ax.minorticks_off()
    ax.set_xlabel("searcher's budget, playouts per candidate (every seat)")
    ax.set_ylabel("win rate, % of games (bands: 95% interval)")
    verdict = result["verdict"]
    state = (f"converged at {verdict['budget']}" if verdict["converged"] else
             f"not converged at {verdict['budget']}")  # fmt: skip
    ax.set_title(f"{result['title']}\nthe same games at every budget ({result['games']:,} a rung); {state}",
                 fontsize=10)  # fmt: skip
    ax.grid(alpha=0.3)
    ax.legend(frameon=False, fontsize=8, loc="center left", bbox_to_anchor=(1.0, 0.5))
    return _save(fig, path)


def trace_plot(result: dict, path: str | Path) -> Path:
    """The skill trace: what one seat at twice the budget gains, per seat and pooled, against the 3-point line."""
    fig, ax = plt.subplots(figsize=(8, 4.4))
    rungs = [r for r in result["rungs"] if r.get("trace")]
    for i, k in enumerate(result["factions"]):
        xs = [r["budget"] * 2 ** (0.06 * (i - len(result["factions"]) / 2)) for r in rungs]
        ys = [100 * r["trace"]["seats"][k]["gain"] for r in rungs if k in r["trace"]["seats"]]
        ax.plot(xs[: len(ys)], ys, linestyle="none", marker="o", markersize=4, alpha=0.7,
                color=OKABE_ITO[i % len(OKABE_ITO)], label=plain(k))  # fmt: skip
    if rungs:
        x = [r["budget"] for r in rungs]
        y = [100 * r["trace"]["gain"] for r in rungs]
        err = [[100 * (r["trace"]["gain"] - r["trace"]["ci95"][0]) for r in rungs],
               [100 * (r["trace"]["ci95"][1] - r["trace"]["gain"]) for r in rungs]]  # fmt: skip
        ax.errorbar(x, y, yerr=err, color="black", marker="s", capsize=4, linewidth=1.5, label="pooled (95% interval)")
        ax.set_xscale("log", base=2)
        ax.set_xticks(x, [f"{b}\nvs {2 * b}" for b in x])
        ax.minorticks_off()
    ax.axhline(3, color=OKABE_ITO[3], linestyle="--", linewidth=1.2, label="3-point line (convergence)")
    ax.axhline(0, color="grey", linewidth=0.8)
    ax.set_xlabel("budget B everywhere, one seat at 2B (playouts per candidate)")
    ax.set_ylabel("that seat's gain, points of win rate")
    ax.set_title("Skill trace: does twice the budget still win more games?", fontsize=10)
    ax.grid(alpha=0.3)
    ax.legend(frameon=False, fontsize=8, loc="center left", bbox_to_anchor=(1.0, 0.5))
    return _save(fig, path)


def against_plans(result: dict, plans_path: str | Path) -> dict | None:
    """The top rung beside a plan-equilibrium verdict (``sim balance``'s balance.json: ``win_rate`` per faction):
    Kendall's tau of the two rankings and each faction's difference (ladder minus plans), in points."""
    from scipy.stats import kendalltau

    plans = json.loads(Path(plans_path).read_text()).get("win_rate") or {}
    top = result["rungs"][-1]["factions"] if result["rungs"] else {}
    keys = [k for k in result["factions"] if k in plans and k in top]
    if len(keys) < 2:
        return None
    ladder = [top[k]["win_rate"] for k in keys]
    plan = [plans[k] for k in keys]
    tau = kendalltau(ladder, plan).statistic
    return {"plans": str(plans_path), "budget": result["rungs"][-1]["budget"], "kendall_tau": float(tau),
            "factions": {k: {"ladder": top[k]["win_rate"], "ladder_ci95": top[k]["win_ci95"], "plans": plans[k],
                             "difference": top[k]["win_rate"] - plans[k]} for k in keys}}  # fmt: skip


def trust(result: dict, compared: dict) -> str:
    """Which verdict a designer should trust, and why, in words."""
    tau = compared["kendall_tau"]
    far = max(compared["factions"].items(), key=lambda kv: abs(kv[1]["difference"]))
    agree = ("rank the factions alike" if tau >= 0.67 else "rank the factions differently" if tau <= 0.33 else
             "partly agree on the ranking")  # fmt: skip
    text = (f"The two verdicts {agree} (Kendall's tau {tau:+.2f}: +1 is the same order, -1 the reverse) and differ "
            f"most on {plain(far[0])} ({100 * far[1]['difference']:+.1f} points). The plan equilibrium (sim balance) "
            "is a fast answer about scripted plans, each the best reply to the others' plans; the ladder's players "
            "look ahead in every seat and beat those plans by a wide margin, so where the two disagree the ladder is "
            "nearer to strong play. ")  # fmt: skip
    if result["verdict"]["converged"]:
        return text + "This ladder has converged, so trust it over the plan equilibrium."
    return text + ("This ladder has not converged, so neither verdict is final: read the ladder's top rung as the "
                   "better guess and its movement as the size of the doubt.")


def _tables(result: dict, compared: dict | None) -> tuple[pd.DataFrame, list]:
    rungs = result["rungs"]
    main = pd.DataFrame([{"faction": plain(k), **{f"{r['budget']} playouts": (
        f"{_pct(r['factions'][k]['win_rate'])} [{_pct(r['factions'][k]['win_ci95'][0])}, "
        f"{_pct(r['factions'][k]['win_ci95'][1])}]") for r in rungs}} for k in result["factions"]])  # fmt: skip
    moved = pd.DataFrame([{"faction": plain(k), **{f"{r['budget']} vs {rungs[i - 1]['budget']}":
                          _pts(r["change"][k]["change"], r["change"][k]["ci95"]) for i, r in enumerate(rungs)
                          if r.get("change")}} for k in result["factions"]])  # fmt: skip
    ends = pd.DataFrame([{"budget": r["budget"], "games": r["games"],
                          **{f"ended by {plain(e)}": _pct(p) for e, p in r["ends"].items()},
                          f"mean length, {result['length_unit']}": f"{r['length']['mean']:.2f}",
                          "searched games/s": f"{r['games_per_s']:.2f}" if r.get("games_per_s") else "resumed"}
                         for r in rungs])  # fmt: skip
    traced = [r for r in rungs if r.get("trace")]
    trace = pd.DataFrame([{"budget B (one seat at 2B)": f"{r['budget']} (2B = {2 * r['budget']})",
                           "games per seat": result["trace_games"], "pooled gain, points": _pts(r["trace"]["gain"],
                                                                                              r["trace"]["ci95"]),
                           **{plain(k): _pts(s["gain"], s["ci95"]) for k, s in r["trace"]["seats"].items()}}
                          for r in traced])  # fmt: skip
    tables = [("How far the win rates moved from the rung before (points, paired, 95% interval)", moved),
              ("How games end and how long they last", ends)]
    if len(trace):
        tables.append(("Skill trace: the gain of one seat at twice the budget (points, paired, 95% interval)", trace))
    if compared:
        tables.append((f"Against the plan equilibrium ({compared['plans']}); Kendall's tau "
                       f"{compared['kendall_tau']:+.2f}", pd.DataFrame([
                           {"faction": plain(k), f"ladder at {compared['budget']}": _pct(v["ladder"]),
                            "plan equilibrium": _pct(v["plans"]), "difference, points": _pts(v["difference"])}
                           for k, v in compared["factions"].items()])))  # fmt: skip
    return main, tables


def build(result: dict, out: str | Path, plans: str | Path | None = None) -> list[Path]:
    """Plots, report.html, report.md and manifest.yaml of ``result`` (a verdict.json) into ``out``."""
    out = Path(out)
    if not result["rungs"]:
        return []
    figures = [(ladder_plot(result, out / "ladder.png"),
                "Win rate against the searchers' budget (every seat searched), with 95% bands and the fair share.")]
    if any(r.get("trace") for r in result["rungs"]):
        figures.append((trace_plot(result, out / "skill-trace.png"),
                        "Skill trace: what one seat with twice the budget gains over the rung's own games."))
    compared = against_plans(result, plans) if plans else None
    result["against_plans"] = compared
    main, tables = _tables(result, compared)
    verdict = result["verdict"]
    top = result["rungs"][-1]
    rates = ", ".join(f"{plain(k)} {_pct(top['factions'][k]['win_rate'])}" for k in top["ranking"])
    state = ("The ladder has converged: stronger searchers no longer move these numbers by more than 2 points."
             if verdict["converged"] else "The ladder has not converged: stronger searchers may still move these "
             "numbers (the verdict below says how far and which way).")  # fmt: skip
    summary = (f"With the same searcher in every seat at {top['budget']} playouts (its strongest rung), the factions "
               f"win {rates} of their games; the fair share is {_pct(result['fair_share'])}. {state}")
    policies = result["searcher"]["policies"]
    hooks = games.get(result["game"], "verdict.json", "verdict").load("verdict")
    caveats = [
        "A verdict from a ladder that has not converged is the win rates at the strongest play the ladder reached, "
        "not yet the game's: stronger players may still move them.",
        f"Each searcher plays its seat's plan ({', '.join(sorted(set(map(str, policies.values()))))}) "
        f"between its searched decisions and in its playouts; it weighs {hooks.SEARCHED}, not every decision.",
        (f"Each playout resamples the cards its seat cannot see ({hooks.HIDDEN}), so the searchers play honestly."
         if result["determinize"] else
         "The playouts see hidden cards: an upper bound on the searchers' strength, not honest play."),
    ]
    setup = [("study", result["study"]), ("players' agent", "the rollout searcher (flat Monte Carlo: each candidate "
              "played to the end of the game that many times, the best kept) in every seat"),
             ("budgets (playouts per candidate)", ", ".join(map(str, result["budgets"]))),
             ("games per rung", f"{result['games']:,}, the same games at every rung (common random numbers)"),
             ("skill-trace games per seat", f"{result['trace_games']:,}"), ("seed", result["seed"])]  # fmt: skip
    legend = ["Win rate: share of the games the faction played that it won, with its 95% interval.",
              "Paired: the same games at both budgets, so the change is measured game by game.",
              "Converged: every faction moves by less than ±2 points from the rung before (the whole 95% interval), "
              "the ranking holds, and a seat with twice the budget gains at most 3 points."]  # fmt: skip
    sections = [("Ladder or plan equilibrium?", trust(result, compared))] if compared else []
    doc = {"sections": sections, "title": f"Balance verdict from strong play: {result['title']}",
           "question": result["question"] or
           "Which factions win more or less than their fair share when every seat plays well?",
           "summary": summary, "verdict": verdict["text"], "caveats": caveats, "setup": setup,
           "table_title": "Win rate by faction at each budget [95% interval]", "table": main, "legend": legend,
           "tables": tables, "figures": figures, "assumptions": None,
           "run": {"command": result["command"], "rungs finished": len(result["rungs"]),
                   "complete": result["complete"], "sim version": result["sim_version"]},
           "notes": [], "config": yaml.safe_dump({"policies": result["searcher"]["policies"]}, sort_keys=False),
           "provenance": None}  # fmt: skip
    written = [write_text(out / "report.html", render_html(doc)), write_text(out / "report.md", render_markdown(doc))]
    manifest = {"question": doc["question"], "command": result["command"], "seed": result["seed"],
                "status": "current", "note": f"sim verdict ladder; {'complete' if result['complete'] else 'stopped'} "
                f"after {len(result['rungs'])} rung(s)", "headline": ladder_headline(result)}  # fmt: skip
    if compared:
        manifest["against_plans"] = {"kendall_tau": round(compared["kendall_tau"], 3), "difference_points": {
            k: round(100 * v["difference"], 1) for k, v in compared["factions"].items()}}  # fmt: skip
    written.append(write_text(out / "manifest.yaml", "# A study shipped with sim: a sim verdict ladder\n"
                              + yaml.safe_dump(manifest, sort_keys=False)))  # fmt: skip
    return [p for p, _ in figures] + written
