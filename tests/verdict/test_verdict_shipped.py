"""The shipped ladders (``studies/<game>/<study>/``, ``sim verdict``): each rung's recorded games replay game for
game from the command and seed the verdict names, and the verdict's numbers are those of the recorded games."""

import json
from pathlib import Path

import numpy as np
import polars as pl
import pytest

from sim.experiments import load_experiment, run_experiment
from sim.verdict import summary
from sim.verdict.convergence import judge
from sim.verdict.ladder import game_module
from sim.verdict.seats import every_seat

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = sorted(p.parent for p in (ROOT / "studies").glob("*/*/verdict.json") if (p.parent / "rungs").is_dir())
REPLAYED = 3  # games replayed from the first rung: a few seconds of searched play


def replays(folder: Path, games: int) -> bool:
    """Whether the first ``games`` recorded games of a shipped ladder's first rung replay game for game from the
    command and seed it names."""
    result = json.loads((folder / "verdict.json").read_text())
    run = json.loads((folder / "verdict-run.json").read_text())
    first = result["rungs"][0]["budget"]
    seated = every_seat(load_experiment(ROOT / result["study"]), run["policies"],
                        first, run["determinize"])  # fmt: skip
    replay = run_experiment(seated, games=games, seed=result["seed"], keep_rows=True).rows
    recorded = pl.read_parquet(folder / "rungs" / f"b{first}.parquet").drop("budget").head(games)
    columns = replay.select(recorded.columns)
    return columns.equals(recorded.cast(columns.schema))


# Replaying a Hussars rung compiles its searcher (about 4.5 CPU-minutes cold): make test-full replays it.
REPLAYS = [pytest.param(p, marks=pytest.mark.full) if p.parent.name == "hussars" else p for p in SHIPPED]


@pytest.mark.parametrize("folder", REPLAYS, ids=[f"{p.parent.name}/{p.name}" for p in SHIPPED])
def test_a_shipped_rung_replays_game_for_game(folder):
    assert replays(folder, REPLAYED)


@pytest.mark.parametrize("folder", SHIPPED, ids=[f"{p.parent.name}/{p.name}" for p in SHIPPED])
def test_the_shipped_verdict_is_the_recorded_games(folder):
    result = json.loads((folder / "verdict.json").read_text())
    G, keys = game_module(result["game"]), result["factions"]
    before = None
    for rung in result["rungs"]:
        rows = pl.read_parquet(folder / "rungs" / f"b{rung['budget']}.parquet")
        won, ends, length = G.outcomes(rows, keys)
        again = summary.rung_summary(rung["budget"], keys, won, ends, length, 1.0)
        for k in keys:
            assert again["factions"][k]["wins"] == rung["factions"][k]["wins"]
            assert again["factions"][k]["games"] == rung["factions"][k]["games"] <= result["games"] == len(rows)
        assert again["ranking"] == rung["ranking"]
        if before is not None:
            moved = summary.change(keys, before, won)
            assert all(np.isclose(moved[k]["change"], rung["change"][k]["change"], atol=1e-5) for k in keys)
        before = won
    assert judge(result["rungs"])["converged"] == result["verdict"]["converged"]
