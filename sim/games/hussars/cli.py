"""``sim tactics hussars`` (payoff matrix + equilibrium) and ``sim odds hussars capture|death|siege``."""

from __future__ import annotations

import re

import click

from sim import echo
from sim.cli_types import OUT_FILE, FiniteFloat
from sim.config import blame_overrides, load_rules, parse_assignments
from sim.errors import ConfigError
from sim.games.hussars import battle as hb
from sim.games.hussars import odds as ho
from sim.games.hussars.army import compositions, parse_groups
from sim.games.hussars.rules import build
from sim.games.hussars.scenario import scenario_from_dict
from sim.games.hussars.tactics import tactic_report
from sim.results import atomic_write, dumps

GAME = "hussars"
_DIGITS = re.compile(r"[0-9]+", re.ASCII)


def _check_game(game: str) -> None:
    if game != GAME:
        raise ConfigError("command line", "GAME", "hussars (the only game with tactic cards)", game)


def _rules(overrides):
    rules = load_rules(GAME, parse_assignments(overrides))
    with blame_overrides(rules):  # a bad --set value names --set, not the rules file
        return build(rules)


OBJECTIVE_NAMES = {
    "win": "P(attacker wins)",
    "win_minus_loss": "P(attacker wins) − P(defender wins)",
    "tokens": "tokens destroyed by the attacker − by the defender",
}


def _mix(mix: dict[str, float]) -> str:
    return ", ".join(f"{t} {p:.1%}" for t, p in mix.items() if p > 1e-9)


def _best_answers(report: dict) -> list[str]:
    """Each side's best answer to the other's equilibrium mix, and to each single card of the other side."""
    matrix, eq = report["matrix"], report["equilibrium"]
    rows, cols = list(matrix), list(eq["defender"])
    name = OBJECTIVE_NAMES.get(report["objective"], report["objective"])
    against_mix = {r: sum(q * matrix[r][c]["payoff"] for c, q in eq["defender"].items()) for r in rows}
    top = max(against_mix.values())
    best = [r for r in rows if against_mix[r] >= top - 1e-9]
    lines = [f"attacker's best answer to the defender's mix: {' / '.join(best)} ({name} {top:.3f})"
             + (" — every card does equally well" if len(best) == len(rows) > 1 else "")]  # fmt: skip
    against_rows = {c: sum(p * matrix[r][c]["payoff"] for r, p in eq["attacker"].items()) for c in cols}
    low = min(against_rows.values())
    best = [c for c in cols if against_rows[c] <= low + 1e-9]
    lines.append(f"defender's best answer to the attacker's mix: {' / '.join(best)} (holds {name} to {low:.3f})")
    lines.append("defender's best answer to each attacker card:")
    for r in rows:
        worst = min(matrix[r][c]["payoff"] for c in cols)
        answers = [c for c in cols if matrix[r][c]["payoff"] <= worst + 1e-9]
        lines.append(f"  {r} → {' / '.join(answers)} ({worst:.3f})")
    lines.append("attacker's best answer to each defender card:")
    for c in cols:
        most = max(matrix[r][c]["payoff"] for r in rows)
        answers = [r for r in rows if matrix[r][c]["payoff"] >= most - 1e-9]
        lines.append(f"  {c} → {' / '.join(answers)} ({most:.3f})")
    return lines


def _tactics_callback(game, as_json, overrides, mode, **options):
    _check_game(game)
    rules = _rules(overrides)
    raw = hb.scenario_from_cli(options)
    raw["mode"] = mode
    from sim.cli import flags_named

    with flags_named(click.get_current_context().command):  # name --defender, as sim battle does
        scenario = scenario_from_dict(raw, "command line", rules)
    report = tactic_report(rules, scenario)
    if as_json:
        click.echo(dumps(report))
        return
    name = OBJECTIVE_NAMES.get(report["objective"], report["objective"])
    engine = "the exact outcome of every pair of Tactic cards; zero-sum equilibrium by linear programming (scipy)"
    click.echo(echo.hussars_line(scenario, "tactics", engine))
    rows, cols = list(report["matrix"]), list(report["equilibrium"]["defender"])
    corner = "attacker \\ defender"
    width = max(len(r) for r in rows + [corner])
    col_width = max(8, *(len(c) for c in cols))
    click.echo(f"payoff to the attacker = {name} (--objective {report['objective']}), one row per attacker tactic:")
    click.echo(f"  {corner:<{width}}  " + "  ".join(f"{c:>{col_width}}" for c in cols))
    for r in rows:
        payoffs = "  ".join(f"{report['matrix'][r][c]['payoff']:>{col_width}.3f}" for c in cols)
        click.echo(f"  {r:<{width}}  {payoffs}")
    click.echo("what happens (winner, how; † dealt by attacker/defender; tokens destroyed of attacker/defender):")
    for r in rows:
        for c in cols:
            cell = report["matrix"][r][c]
            damage, destroyed = cell["damage"], cell["destroyed"]
            click.echo(
                f"  {r} × {c}: {cell['winner']} ({cell['label']}); † {damage['attacker']}/{damage['defender']};"
                f" destroyed {destroyed['attacker']}/{destroyed['defender']}"
            )
    click.echo("equilibrium (each side's optimal mix of Tactic cards; neither gains by changing alone):")
    for side in ("attacker", "defender"):
        click.echo(f"  {side}: {_mix(report['equilibrium'][side])}")
    click.echo(f"{name} at equilibrium: {report['value'] + 0.0:.3f}")
    for line in _best_answers(report):
        click.echo(line)
    if len(report.get("types", [])) > 1:
        click.echo(f"(matrix above: the most likely defender pick; {len(report['types'])} picks in all, see --json)")


TACTICS_HELP = """The Tactic-card game of one full-rules battle (Battles – Full Rules): the outcome of every legal
pair of Tactic cards, each side's optimal mix of cards (zero-sum equilibrium), the game's value and each side's best
answer to the other's cards.

Example: sim tactics hussars --attacker winged_hussar=2,pancerni=2 --defender cossack=6. The value is what the
--objective is worth to the attacker when both sides play their optimal mix: with --objective win it is
P(attacker wins)."""

tactics = click.Command(
    "tactics",
    params=[click.Argument(["game"])]
    + [o for o in hb.cli_options() if o.name not in ("mode", "hands")]
    + [
        click.Option(["--mode"], type=click.Choice(["full"]), default="full", show_default=True,
                     help="Tactic cards exist only in the full rules."),  # fmt: skip
        click.Option(["--json", "as_json"], is_flag=True, help="Print one JSON object."),
        click.Option(["--set", "overrides"], multiple=True, metavar="KEY=VALUE", help="Override a rules value."),
    ],
    callback=_tactics_callback,
    help=TACTICS_HELP,
)


def _army(rules, spec: str | None, key: str):
    if not spec:
        raise ConfigError("command line", f"--{key}", "an army such as winged_hussar=1", spec)
    comps = compositions(parse_groups(spec, rules, "command line", f"--{key}"), "command line", f"--{key}")
    if len(comps) != 1:
        raise ConfigError("command line", f"--{key}", "one fixed composition (no ranges here)", spec)
    return comps[0][1]


def _ints(text: str, key: str, top: int = 1000) -> list[int]:
    """``a,b,c`` or ``a..b`` (a ≤ b), whole numbers 0..top in ASCII digits."""
    parts = text.split("..", 1) if ".." in text else [x for x in text.split(",") if x.strip()]
    if not parts or not all(_DIGITS.fullmatch(x.strip()) for x in parts):
        raise ConfigError(key, "", f"whole numbers a,b,c or a range a..b (0..{top})", text)
    values = [int(x) for x in parts]
    if ".." in text:
        if values[1] < values[0]:
            raise ConfigError(key, "", "a range a..b with a ≤ b", text)
        values = list(range(values[0], values[1] + 1))
    if not values or max(values) > top:
        raise ConfigError(key, "", f"whole numbers 0..{top}", text)
    return values


def _capture(rules, opts) -> dict:
    chars = rules.values["characters"]
    threat = (
        opts["threat"]
        if opts["threat"] is not None
        else ho.threat_value(rules, _army(rules, opts["attacker"], "attacker"))
    )
    xls = _ints(opts["xl"], "--xl")
    return {
        "threat": threat,
        "table": [{"xl": xl, "captured": ho.capture_probability(xl, threat, chars["capture_die"])} for xl in xls],
    }


def _death(rules, opts) -> dict:
    chars = rules.values["characters"]
    faces = chars["death_roll_faces"]
    phases = ho.titles_phases(opts["rounds"])
    curves = {
        f"health_{h}": ho.survival_curve(h, phases, chars["death_roll_lose_health"] / faces)
        for h in _ints(opts["health"], "--health")
    }
    curves["other_houses"] = ho.other_houses_curve(phases, chars["other_houses_death"] / faces)
    return {"rounds": opts["rounds"], "titles_phases": phases, "alive_after_phase": curves}


def _siege(rules, opts) -> dict:
    """Fortress (or Tabor) siege: supplies run out, famine builds, and assaults may take the garrison earlier."""
    from sim.games.hussars.cases import enumerate_cases

    level = 0 if opts["tabor"] else opts["fortress"]
    surrender = rules.values["famine"]["surrender_markers"]
    tokens = [len(_army(rules, opts[side], side)) for side in ("attacker", "defender")]
    if level:
        fort = rules.values["fortress"][f"level_{level}"]
        supplies, effective = fort["supplies"], tokens[0] >= fort["effective_siege_tokens"]
    else:  # Tabor: 1 supply marker; effective while the besieger has more tokens
        supplies, effective = rules.values["tabor_siege_supplies"], tokens[0] > tokens[1]
    win = [0.0] * (surrender + 1)
    if opts["assault"] == "every":
        for f in range(surrender):
            raw = {"mode": opts["mode"], "attacker": opts["attacker"], "defender": opts["defender"]}
            if level:  # a Tabor assault is fought as a field battle (famine weakness not modelled there)
                raw |= {"fortress": level, "famine": f}
            cases = enumerate_cases(rules, scenario_from_dict(raw, "command line", rules), "command line")
            win[f] = sum(p for p, o in zip(cases.probs, cases.outcomes, strict=True) if o.winner == 1)
    rows = ho.siege_timeline(supplies, opts["turns"], surrender, win, opts["assault"])
    return {
        "fortress": level,
        "tabor": bool(opts["tabor"]),
        "supplies": supplies,
        "effective_siege": effective,
        "assault_win_by_famine": win[:surrender],
        "timeline": rows,
    }


def _plot(kind: str, report: dict, path: str) -> None:
    """The odds as a PNG: whole-number axes get whole-number ticks, every curve its own marker and dash (so equal
    curves stay visible), and the legend sits outside the axes."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator

    from reports.plots import OKABE_ITO

    fig, ax = plt.subplots(figsize=(7.5, 4))
    if kind == "capture":
        ax.bar([r["xl"] for r in report["table"]], [r["captured"] for r in report["table"]], color=OKABE_ITO[0])
        ax.set(xlabel="the character's XL", ylabel="P(captured)", title=f"Capture test, threat {report['threat']}")
    elif kind == "death":
        styles = ["-", "--", "-.", ":", (0, (5, 1))]
        for i, (name, curve) in enumerate(report["alive_after_phase"].items()):
            # each later curve thinner, with a smaller marker, on top: curves that coincide stay visible
            ax.step(range(len(curve)), curve, where="post", label=name.replace("_", " "), zorder=2 + i,
                    color=OKABE_ITO[i % len(OKABE_ITO)], linestyle=styles[i % len(styles)], marker="os^Dv"[i % 5],
                    linewidth=max(1.0, 4.0 - 0.7 * i), markersize=max(4.0, 11.0 - 1.7 * i))  # fmt: skip
        ax.set(xlabel="Titles Phases survived", ylabel="P(alive)",
               title=f"Harvest of Death over {report['rounds']} rounds ({report['titles_phases']} Titles Phases)")
        ax.legend(frameon=False, loc="upper left", bbox_to_anchor=(1.01, 1))
        ax.set_xticks(range(report["titles_phases"] + 1))
    else:
        ax.step([r["turn"] for r in report["timeline"]], [r["fallen"] for r in report["timeline"]], where="post",
                color=OKABE_ITO[0], marker="o")  # fmt: skip
        ax.set(xlabel="defender turn", ylabel="P(surrendered or fallen)", title="Siege timeline")
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_ylim(-0.04, 1.06)
    ax.grid(alpha=0.3)
    fig.tight_layout()
    atomic_write(path, lambda tmp: fig.savefig(tmp, dpi=120, format="png"))  # creates the folder too
    plt.close(fig)


def _table(kind: str, report: dict) -> str:
    import pandas as pd

    if kind == "capture":
        return f"threat {report['threat']}\n" + pd.DataFrame(report["table"]).to_string(index=False)
    if kind == "death":
        frame = pd.DataFrame(report["alive_after_phase"])
        frame.index.name = "titles_phases"
        title = f"P(alive) over {report['rounds']} rounds ({report['titles_phases']} Titles Phases)"
        return title + "\n" + frame.to_string()
    head = (
        f"{'Tabor' if report['tabor'] else 'fortress level ' + str(report['fortress'])}: {report['supplies']} "
        f"supplies, effective siege: {report['effective_siege']}, "
        f"P(assault wins) by famine markers: {report['assault_win_by_famine']}"
    )
    return head + "\n" + pd.DataFrame(report["timeline"]).to_string(index=False)


ODDS = {"capture": _capture, "death": _death, "siege": _siege}


def _odds_line(kind: str, report: dict, opts: dict) -> str:
    """The echo line of ``sim odds``: the question as understood, defaults included, and how it is computed."""
    if kind == "capture":
        threat = f"threat {report['threat']}" + (" (from --threat)" if opts["threat"] is not None else
                                                 f" (of the army {opts['attacker']})")  # fmt: skip
        what = f"capture test, {threat}, XL {opts['xl']}"
    elif kind == "death":
        what = f"Harvest of Death, {report['rounds']} rounds ({report['titles_phases']} Titles Phases), starting " \
               f"Health {opts['health']}"
    else:
        where = "Tabor" if report["tabor"] else f"fortress level {report['fortress']}"
        what = (f"siege of a {where}, attacker {opts['attacker']}, garrison {opts['defender']}, {opts['turns']} "
                f"defender turns, assaults: {opts['assault']}, {opts['mode']} rules")  # fmt: skip
    return f"Winged Hussars odds: {what} | engine: exact (enumerated die rolls and famine steps)"


def _odds_callback(game, kind, as_json, overrides, plot, **opts):
    _check_game(game)
    if kind not in ODDS:
        raise ConfigError("command line", "KIND", f"one of {', '.join(ODDS)}", kind)
    rules = _rules(overrides)
    report = ODDS[kind](rules, opts)
    if plot:
        _plot(kind, report, plot)
    if as_json:
        click.echo(dumps(report))
    else:
        click.echo(_odds_line(kind, report, opts))
        click.echo(_table(kind, report))


odds = click.Command(
    "odds",
    params=[
        click.Argument(["game"]),
        click.Argument(["kind"]),
        click.Option(["--xl"], default="0..10", show_default=True, help="capture: the figure's XL values"),
        click.Option(
            ["--threat"], type=FiniteFloat(), default=None, help="capture: the threat value (else from --attacker)"
        ),
        click.Option(["--attacker"], default=None, help="capture/siege: the attacking army"),
        click.Option(["--defender"], default=None, help="siege: the garrison"),
        click.Option(["--health"], default="0..3", show_default=True, help="death: starting Health values"),
        click.Option(["--rounds"], type=click.IntRange(1, 1000), default=3, show_default=True, help="death: rounds"),
        click.Option(["--fortress"], type=click.IntRange(1, 2), default=1, show_default=True, help="siege"),
        click.Option(["--tabor"], is_flag=True, default=False, help="siege: the defender is closed in a Tabor"),
        click.Option(
            ["--turns"], type=click.IntRange(1, 1000), default=6, show_default=True, help="siege: defender turns"
        ),
        click.Option(
            ["--assault"],
            type=click.Choice(["every", "famine", "never"]),
            default="famine",
            show_default=True,
            help="siege: when the besieger attacks",
        ),
        click.Option(["--mode"], type=click.Choice(["simplified", "full"]), default="simplified", show_default=True),
        click.Option(["--plot"], type=OUT_FILE, default=None, help="write a PNG plot here"),
        click.Option(["--json", "as_json"], is_flag=True, help="Print one JSON object."),
        click.Option(["--set", "overrides"], multiple=True, metavar="KEY=VALUE", help="Override a rules value."),
    ],
    callback=_odds_callback,
    help="Character and campaign odds: capture test, Harvest of Death survival, siege timeline.",
)

commands = [tactics, odds]
