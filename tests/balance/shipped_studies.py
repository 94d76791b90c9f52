"""Reading a shipped balance study (studies/<game>/<study>/): its records, ladders and replayed table cells."""

import json
from pathlib import Path


def balance_doc(study: Path) -> dict:
    return json.loads((study / "balance.json").read_text())


def study_ladders(study: Path) -> dict:
    """Each faction's shipped ladder (ladder-FACTION.json beside the study's balance.json)."""
    return {f: json.loads((study / f"ladder-{f}.json").read_text()) for f in balance_doc(study)["factions"]}


def points(g: float, ci) -> str:
    return f"{100 * g:+.1f} [{100 * ci[0]:+.1f}, {100 * ci[1]:+.1f}]"


def dark_ages_ladder_cells(lad: dict) -> list[str]:
    """A Dark Ages ladder in cells: games, the plan's win rate, each rung's win rate (gain [95%]), and the most
    frequent change at the last rung (each must be recorded)."""
    from sim.games.dark_ages.ladder import change_text

    cells = [f"{lad['games']:,}", f"{lad['plan_win_rate']:.1%}"]
    cells += [f"{r['win_rate']:.1%} ({points(r['gain'], r['gain_ci95'])})" for r in lad["rungs"]]
    top = lad["rungs"][-1]
    c = top["changes"][0]
    return [*cells, f"{change_text(c)} ({c['count']} of {top['decisions']:,} turns)"]


def check_dark_ages_ladders(study: Path) -> dict:
    """A Dark Ages study's determinized ladders (ladder-RULER-determinized.json): 100 games at 4, 16 and 64 playouts
    on the equilibrium's plan and seed; at 64 playouts the searcher gains in every seat (every lower 95% bound above
    zero), least for Boleslaus the Cruel, who already wins most. Returns the ladders."""
    from sim.config import read_yaml

    exp = read_yaml(study / "equilibrium.yaml")
    ladders = {r: json.loads((study / f"ladder-{r}-determinized.json").read_text())
               for r in balance_doc(study)["factions"]}  # fmt: skip
    for ruler, lad in ladders.items():
        assert lad["determinize"] and lad["games"] == 100 and [r["rollouts"] for r in lad["rungs"]] == [4, 16, 64]
        assert lad["plan"] == next(iter(exp["seats"][ruler]["mix"])) and lad["seed"] == exp["seed"]
        assert len(dark_ages_ladder_cells(lad)) == 6  # every rung and the most frequent change are recorded
    top = {r: lad["rungs"][-1] for r, lad in ladders.items()}
    assert min(t["gain_ci95"][0] for t in top.values()) > 0
    least = min(top, key=lambda r: top[r]["gain"])
    assert least == "boleslaus_the_cruel" and ladders[least]["plan_win_rate"] == max(
        lad["plan_win_rate"] for lad in ladders.values()
    )
    return ladders


def table_cell(doc: dict, profile: dict, experiment: str = "faction-balance-full") -> dict:
    """One cell of a shipped Principes ``sim balance`` run's payoff table, replayed: each faction's win rate with
    the plans of ``profile`` (faction → plan name) on the run's table games (its table seed and cell size)."""
    from sim.balance.evaluate import field_payload, run_field
    from sim.balance.games import adapter
    from sim.balance.mix import Field, Seat
    from sim.balance.store import derive_seed
    from sim.config import CONFIG_DIR, read_yaml

    a = adapter("principes", "test")
    body = {k: v for k, v in read_yaml(CONFIG_DIR / "principes" / "experiments" / f"{experiment}.yaml").items()
            if k not in ("seats", "rotate")}  # fmt: skip
    factions = tuple(doc["factions"])
    plans = {f: a.plan(profile[f], "test") for f in factions}
    fld = Field(factions, tuple(Seat((plans[f].label,), (1.0,)) for f in factions))
    out = run_field(field_payload("principes", body, fld, {p.label: p for p in plans.values()}),
                    doc["rounds"][0]["table_games"], derive_seed(doc["seed"], "table"))  # fmt: skip
    return {f: out.counts["wins"][j] / out.counts["games"][j] for j, f in enumerate(factions)}
