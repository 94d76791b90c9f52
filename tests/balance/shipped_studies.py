"""Reading a shipped balance study (configs/<game>/balance/<study>/) and the README tables that quote it."""

import json
from pathlib import Path

README = (Path(__file__).resolve().parents[2] / "README.md").read_text()


def balance_doc(study: Path) -> dict:
    return json.loads((study / "balance.json").read_text())


def study_ladders(study: Path) -> dict:
    """Each faction's shipped ladder (ladder-FACTION.json beside the study's balance.json)."""
    return {f: json.loads((study / f"ladder-{f}.json").read_text()) for f in balance_doc(study)["factions"]}


def readme_rows(marker: str, close: str) -> dict:
    """The rows of the README table between ``<!-- marker -->`` and ``<!-- /close -->``, header left out: the first
    cell (a faction's title) to the others."""
    section = README.split(f"<!-- {marker} -->", 1)[1].split(f"<!-- /{close} -->", 1)[0]
    lines = [line for line in section.splitlines() if line.startswith("| ")][1:]
    return {line.split("|")[1].strip(): [c.strip() for c in line.strip("|").split("|")[1:]] for line in lines}


def points(g: float, ci) -> str:
    return f"{100 * g:+.1f} [{100 * ci[0]:+.1f}, {100 * ci[1]:+.1f}]"
