"""The studies shipped with sim: ``studies/<game>/<study>/``, apart from the inputs a person writes (``configs/``).

A study folder holds what one study wrote (a balance run's ``balance.json`` and ``equilibrium.yaml``, ladders,
module effects, a solo study's ``solo-tuned.json`` ...), the tuned plans it found (``plans/<plan>.yaml``, named in
a seat as ``<study>/<plan>``) and ``manifest.yaml``: the question, the command and seed that reproduce it, its
status (``current``: the answer to its question; ``superseded``: kept because a current study reads it), what it
supersedes, and its headline numbers, which ``headline`` reads from the study's own records (a test checks that the
manifest holds exactly those).

``sim studies [GAME]`` lists them, current first; ``glance_markdown`` renders the README's verdict at a glance and
``index_markdown`` docs/studies/index.md, both from the manifests.
"""

from __future__ import annotations

import json
import re
import shlex
from dataclasses import dataclass
from pathlib import Path

from sim.config import read_yaml
from sim.errors import ConfigError
from sim.games import GAMES
from sim.games import name as game_name

STUDIES_DIR = Path(__file__).resolve().parent.parent / "studies"
ROOT = STUDIES_DIR.parent
STATUSES = ("current", "superseded")
TARGET = 2.0  # points: a verdict's exploitability target (the README's "target ≤ 2")


# --- plans named through their study ----------------------------------------------------------------------------


def is_study_plan(name: object) -> bool:
    """``<study>/<plan>``: a plan a shipped study found (not a file path, which ends in .yaml)."""
    return isinstance(name, str) and name.count("/") == 1 and not name.endswith((".yaml", ".yml"))


def study_plan(game: str, name: str) -> Path:
    """The file of the plan ``<study>/<plan>`` of ``game``; ValueError (one line) when either is unknown."""
    study, plan = name.split("/")
    folder = STUDIES_DIR / game / study
    if not study or not folder.is_dir():
        raise ValueError(f"no shipped {game} study {study} (sim studies {game} lists them)")
    path = folder / "plans" / f"{plan}.yaml"
    if not path.exists():
        raise ValueError(f"no plan {plan} in studies/{game}/{study}/plans")
    return path


def plan_file(game: str, name: str, directory: Path) -> Path:
    """The file a plan name stands for: ``<study>/<plan>`` (a shipped study's, checked), a path ending in .yaml,
    or ``directory/<name>.yaml`` (the game's hand-written plans; it may not exist)."""
    if is_study_plan(name):
        return study_plan(game, name)
    return Path(name) if name.endswith((".yaml", ".yml")) else directory / f"{name}.yaml"


# --- manifests --------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Study:
    game: str
    name: str
    folder: Path
    manifest: dict

    @property
    def status(self) -> str:
        return self.manifest["status"]

    @property
    def question(self) -> str:
        return self.manifest["question"]

    @property
    def headline(self) -> dict:
        return self.manifest["headline"]


def _check_manifest(path: Path, raw) -> dict:
    if not isinstance(raw, dict):
        raise ConfigError(str(path), "", "a mapping (question, command, seed, status, headline)", raw)
    for key in ("question", "command", "status", "headline"):
        if key not in raw:
            raise ConfigError(str(path), key, "a value", None)
    if raw["status"] not in STATUSES:
        raise ConfigError(str(path), "status", " or ".join(STATUSES), raw["status"])
    return raw


def studies(game: str | None = None) -> list[Study]:
    """The shipped studies (of ``game``, or of every game), current first, then by game and name."""
    if game is not None:
        if game not in GAMES:
            raise ConfigError("sim studies", "GAME", f"one of {', '.join(GAMES)}", game)
    found = []
    for path in sorted(STUDIES_DIR.glob(f"{game or '*'}/*/manifest.yaml")):
        raw = _check_manifest(path, read_yaml(path))
        found.append(Study(path.parent.parent.name, path.parent.name, path.parent, raw))
    return sorted(found, key=lambda s: (STATUSES.index(s.status), s.game, s.name))


def study(game: str, name: str) -> Study:
    path = STUDIES_DIR / game / name / "manifest.yaml"
    if not path.exists():
        raise ConfigError("sim studies", f"{game}/{name}", "a shipped study (sim studies lists them)", name)
    return Study(game, name, path.parent, _check_manifest(path, read_yaml(path)))


def command_option(s: Study, flag: str) -> str | None:
    """The value of ``flag`` in the command that made study ``s`` (``--policy``, ``--plans``), or None."""
    words = shlex.split(s.manifest["command"])
    return words[words.index(flag) + 1] if flag in words[:-1] else None


def ladder_of(path: str | Path) -> Study | None:
    """The current shipped ladder verdict (``sim verdict``) that plays the study file ``path``, or that was set
    beside the plan-equilibrium verdict in folder ``path`` (its ``--plans``), if any."""
    target = Path(path).resolve()
    for s in studies():
        if s.status != "current" or s.headline.get("kind") != "ladder":
            continue
        plans = command_option(s, "--plans")
        named = [shlex.split(s.manifest["command"])[2], *((plans, str(Path(plans).parent)) if plans else ())]
        if any((ROOT / n).resolve() == target for n in named):
            return s
    return None


def from_ladder(win_rate: dict[str, float], ladder: Study) -> dict:
    """Plan-equilibrium win rates beside a ladder's top rung: Kendall's tau of the two rankings and each faction's
    difference (plans minus ladder), in points."""
    from scipy.stats import kendalltau

    top = ladder.headline["win_rate"]
    keys = [k for k in top if k in win_rate]
    tau = float(kendalltau([top[k] for k in keys], [win_rate[k] for k in keys]).statistic) if len(keys) > 1 else 1.0
    return {"study": f"{ladder.game}/{ladder.name}", "budget": ladder.headline["budget"], "kendall_tau": tau,
            "converged": ladder.headline["converged"],
            "difference_points": {k: _points(win_rate[k] - top[k]) for k in keys}}  # fmt: skip


def from_ladder_text(compared: dict) -> str:
    """One sentence: how far a plan-equilibrium verdict is from the ladder's players."""
    diffs = compared["difference_points"]
    far = max(diffs, key=lambda k: abs(diffs[k]))
    state = "converged" if compared["converged"] else "not converged"
    return (f"Against the strong-play ladder ({compared['study']}: searchers in every seat at {compared['budget']} "
            f"playouts, {state}) these plans rank the factions with Kendall's tau {compared['kendall_tau']:+.2f} "
            f"(+1 the same order) and differ by {min(diffs.values()):+.1f} to {max(diffs.values()):+.1f} points, "
            f"most on {title(far)} ({diffs[far]:+.1f}).")


# --- headline numbers, read from a study's own records -------------------------------------------------------


def headline(folder: Path, seeds: list[str] = ()) -> dict:
    """A study's headline numbers, from its records: a balance run's balance.json (with its ladders and, for
    ``seeds``, the balance.json of the same study run from other seeds), a solo study's solo-tuned.json, or the
    held-out gains in its tuned plans' headers, or a ``sim verdict`` ladder's verdict.json."""
    if (folder / "verdict.json").exists():
        from sim.verdict.summary import ladder_headline

        return ladder_headline(json.loads((folder / "verdict.json").read_text()))
    if (folder / "balance.json").exists():
        return _balance_headline(folder, seeds)
    if (folder / "solo-tuned.json").exists():
        return _solo_headline(json.loads((folder / "solo-tuned.json").read_text()))
    return _plan_headline(folder)


def _points(x: float) -> float:
    return round(100 * x, 1)


def _balance_headline(folder: Path, seeds) -> dict:
    from sim.balance.report import fair_share

    doc = json.loads((folder / "balance.json").read_text())
    rate, gain = doc["win_rate"], doc["exploitability"]
    worst = max(gain, key=gain.get)
    how = "a fresh tuning run per faction" if doc.get("exploitability_check") else "its round's own tuning run"
    if doc.get("library_check"):
        n = len(doc["library_check"]["files"])
        how += f" and every plan of {n} shipped {'study' if n == 1 else 'studies'}"
        how += " and of its own table" if doc.get("table_check") else ""
    elif doc.get("table_check"):
        how += " and every other plan of its own table"
    out = {
        "kind": "balance",
        "fair_share": round(fair_share(folder, doc), 4),
        "win_rate": {f: rate[f] for f in sorted(rate, key=lambda f: -rate[f])},
        "strongest": max(rate, key=rate.get),
        "weakest": min(rate, key=rate.get),
        "largest_gap": {"faction": worst, "points": _points(gain[worst]), "measured_by": how},
        "target_met": _points(gain[worst]) <= TARGET,
        "nash_conv_points": _points(doc["nash_conv"]),
        "plans": sum(len(m) for m in doc["equilibrium"].values()),
        "rounds": len(doc["rounds"]),
        "games": doc["games_played"],
    }
    top = [json.loads(p.read_text())["rungs"][-1] for p in sorted(folder.glob("ladder-*.json"))]
    if top:
        out["searcher_gain_points"] = [_points(min(r["gain"] for r in top)), _points(max(r["gain"] for r in top))]
    if seeds:
        from sim.balance.stability import stability

        runs = [doc] + [json.loads((folder.parent / s / "balance.json").read_text()) for s in seeds]
        s = stability(runs)
        out["seeds"] = {"runs": len(runs), "same_strongest": len(set(s.strongest)) == 1,
                        "same_weakest": len(set(s.weakest)) == 1}  # fmt: skip
    return out


def _solo_headline(doc: dict) -> dict:
    cells = doc["cells"]
    gains = [c["tune"]["gain"] for c in cells.values()]
    out = {"kind": "solo", "cells": len(cells), "tuned_gain": [min(gains), max(gains)]}
    runs = [c["run"]["win_rate"] for c in cells.values() if "run" in c]
    out["best_win_rate"] = max(runs) if runs else max(c["tune"]["tuned_win_rate"] for c in cells.values())
    out["unit"] = "score points" if runs else "win rate"
    return out


HEADER = re.compile(r"Held-out gain against (\S+): ([+-][\d.]+) points \[([+-][\d.]+), ([+-][\d.]+)\]")


def _plan_headline(folder: Path) -> dict:
    gains = {}
    for path in sorted((folder / "plans").glob("*.yaml")):
        m = HEADER.search(path.read_text())
        if m is None:
            raise ConfigError(str(path), "header", "a line 'Held-out gain against PLAN: +G points [LO, HI]'", None)
        gains[path.stem] = {"against": m[1], "points": float(m[2]), "ci95": [float(m[3]), float(m[4])]}
    return {"kind": "plans", "gains": gains}


# --- what a study answers, in a line ----------------------------------------------------------------------------


def title(name: str) -> str:
    return name.replace("_", " ").title()


def answer(h: dict) -> str:
    if h["kind"] == "ladder":
        settled = "converged" if h["converged"] else "not converged"
        return (f"{title(h['strongest'])} strongest ({h['win_rate'][h['strongest']]:.1%}), {title(h['weakest'])} "
                f"weakest ({h['win_rate'][h['weakest']]:.1%}), fair {h['fair_share']:.1%}, with searchers in every "
                f"seat at {h['budget']} playouts; {settled}")  # fmt: skip
    if h["kind"] == "balance":
        gap = h["largest_gap"]
        return (f"{title(h['strongest'])} strongest ({h['win_rate'][h['strongest']]:.1%}), {title(h['weakest'])} "
                f"weakest ({h['win_rate'][h['weakest']]:.1%}), fair {h['fair_share']:.1%}; a plan gains at most "
                f"{gap['points']:+.1f} points against it ({'within' if h['target_met'] else 'over'} the "
                f"{TARGET:.0f}-point target)")  # fmt: skip
    if h["kind"] == "solo":
        lo, hi = h["tuned_gain"]
        if h["unit"] == "score points":
            return (f"tuning gains {lo:+.2f} to {hi:+.2f} score points over {h['cells']} cells; the best tuned plan "
                    f"wins {h['best_win_rate']:.1%} of games")  # fmt: skip
        return (f"tuning gains {100 * lo:+.1f} to {100 * hi:+.1f} points of win rate over {h['cells']} cells; best "
                f"tuned win rate {h['best_win_rate']:.1%}")  # fmt: skip
    return "; ".join(f"{title(p)} {g['points']:+.1f} points [{g['ci95'][0]:+.1f}, {g['ci95'][1]:+.1f}] against "
                     f"{g['against']}" for p, g in h["gains"].items())  # fmt: skip


def to_json(s: Study) -> dict:
    return {"game": s.game, "study": s.name, "path": f"studies/{s.game}/{s.name}", **s.manifest,
            "answer": answer(s.headline)}  # fmt: skip


def write_manifest(folder: Path, question: str, command: str, seed: int, status: str = "current", **extra) -> Path:
    """A study's manifest.yaml (``sim balance --ship`` writes a current one), its headline read from its records."""
    import yaml

    from sim.results import write_text

    body = {"question": question, "command": command, "seed": seed, "status": status, **extra,
            "headline": headline(folder, extra.get("seeds", ()))}  # fmt: skip
    head = "# A study shipped with sim (sim studies lists them); headline: sim.studies.headline of its records\n"
    text = head + yaml.safe_dump(body, sort_keys=False, allow_unicode=True, width=116)
    return write_text(folder / "manifest.yaml", text)


# --- generated Markdown: the README's verdict at a glance, docs/studies/index.md ------------------------------

GLANCE_HEAD = ("| Game | Question | Players behind it | Fair share | Strongest | Weakest | Largest gap | "
               "How far to trust it |\n|---|---|---|---|---|---|---|---|")  # fmt: skip


def _trust(h: dict) -> str:
    parts = [f"gap target ≤ {TARGET:.0f} points {'met' if h['target_met'] else 'missed'}; nash_conv "
             f"{h['nash_conv_points']:.1f}"]  # fmt: skip
    if "seeds" in h:
        s = h["seeds"]
        same = [w for w, key in (("strongest", "same_strongest"), ("weakest", "same_weakest")) if s[key]]
        differ = [w for w, key in (("strongest", "same_strongest"), ("weakest", "same_weakest")) if not s[key]]
        parts.append(f"{s['runs']} seeds: " + ", ".join([*(f"same {w}" for w in same),
                                                          *(f"{w} differs" for w in differ)]))  # fmt: skip
    if "searcher_gain_points" in h:
        lo, hi = h["searcher_gain_points"]
        parts.append(f"a rollout searcher beats these plans by {lo:.0f} to {hi:.0f} points")
    return "; ".join(parts)


def _ladder_row(s: Study) -> str:
    h = s.headline
    gap, rate = h["largest_gap"], h["win_rate"]
    trace = h.get("skill_trace_gain_points")
    trust = ("converged" if h["converged"] else f"not converged at {h['budget']} playouts")
    trust += f"; a seat at twice the budget gains {trace:+.1f} points" if trace is not None else ""
    return (f"| {game_name(s.game)} | {s.question} ([{s.name}](studies/{s.game}/{s.name}/manifest.yaml)) | "
            f"searchers in every seat, {h['budget']} playouts a candidate, seeing {h['sees']}; {h['games']:,} games | "
            f"{h['fair_share']:.1%} | {title(h['strongest'])} {rate[h['strongest']]:.1%} | {title(h['weakest'])} "
            f"{rate[h['weakest']]:.1%} | {gap['points']:+.1f} points from the fair share ({title(gap['faction'])}) | "
            f"{trust} |")  # fmt: skip


def glance_markdown() -> str:
    """The verdict at a glance: one row per current ladder verdict (strong play), then per current plan-equilibrium
    study (the README quotes it between ``<!-- studies:glance -->`` markers; a test keeps the two equal)."""
    current = [s for s in studies() if s.status == "current"]
    rows = [GLANCE_HEAD] + [_ladder_row(s) for s in current if s.headline["kind"] == "ladder"]
    for s in current:
        h = s.headline
        if h["kind"] != "balance":
            continue
        gap, rate = h["largest_gap"], h["win_rate"]
        rows.append(f"| {game_name(s.game)} | {s.question} ([{s.name}](studies/{s.game}/{s.name}/manifest.yaml)) "
                    f"| equilibrium of {h['plans']} tuned plans, {h['rounds']} rounds | {h['fair_share']:.1%} | "
                    f"{title(h['strongest'])} {rate[h['strongest']]:.1%} | {title(h['weakest'])} "
                    f"{rate[h['weakest']]:.1%} | {gap['points']:+.1f} points ({title(gap['faction'])}), by "
                    f"{gap['measured_by']} | {_trust(h)} |")  # fmt: skip
    return "\n".join(rows) + "\n"


def index_markdown() -> str:
    """docs/studies/index.md: every shipped study, current first, with its question, command and answer."""
    lines = ["# Shipped studies", "",
             "Generated from the studies' manifests: `python -m sim.studies` rewrites it (and the README's glance",
             "block); a test keeps both up to date. A current study answers its question; a superseded one is kept",
             "because a current one reads it.", ""]  # fmt: skip
    for s in studies():
        m = s.manifest
        lines += [f"## {game_name(s.game)}: `{s.name}` ({s.status})", "",
                  f"- Question: {s.question}", f"- Answer: {answer(s.headline)}",
                  f"- Reproduce: `{m['command']}`" + (f" (seed {m['seed']})" if m.get("seed") is not None else ""),
                  f"- Files: [studies/{s.game}/{s.name}/](../../studies/{s.game}/{s.name}/)"]  # fmt: skip
        if m.get("supersedes"):
            lines.append(f"- Supersedes: {', '.join(m['supersedes'])}")
        if m.get("superseded_by"):
            lines.append(f"- Superseded by: {m['superseded_by']}")
        if m.get("note"):
            lines.append(f"- Note: {m['note']}")
        lines.append("")
    return "\n".join(lines)


GLANCE_OPEN, GLANCE_CLOSE = "<!-- studies:glance -->", "<!-- /studies:glance -->"


def with_glance(text: str) -> str:
    """``text`` (the README) with the block between the glance markers replaced by ``glance_markdown()``."""
    head, rest = text.split(GLANCE_OPEN, 1)
    return f"{head}{GLANCE_OPEN}\n\n{glance_markdown()}\n{GLANCE_CLOSE}{rest.split(GLANCE_CLOSE, 1)[1]}"


def refresh(root: Path = ROOT) -> list[Path]:
    """Rewrite the generated Markdown from the manifests: README.md's glance block and docs/studies/index.md."""
    from sim.results import write_text

    readme = root / "README.md"
    return [write_text(readme, with_glance(readme.read_text())),
            write_text(root / "docs" / "studies" / "index.md", index_markdown())]  # fmt: skip


if __name__ == "__main__":  # python -m sim.studies: after a study is shipped or its manifest changes
    for _path in refresh():
        print(f"wrote {_path}")
