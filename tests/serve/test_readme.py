"""The README's ``sim serve`` section: its API example answers as shown, and its limits are the server's."""

from __future__ import annotations

import json
import re
from pathlib import Path

from sim.serve import cli
from sim.serve.app import Limits

README = Path(__file__).resolve().parents[2] / "README.md"


def section() -> str:
    text = README.read_text()
    start = text.index("## The web calculator: `sim serve`")
    return text[start : text.index("\n## ", start + 1)]


def test_api_example_answers_as_shown(client):
    text = section()
    url = re.search(r"curl -s -X POST '(http://[^']+)'", text).group(1)
    body = json.loads(re.search(r"-d '(\{.*\})'", text).group(1))
    shown = re.search(r"^\{\"game\".*$", text, re.M).group(0)
    path = url.split("8000", 1)[1]
    answer = client.post(path, json=body).json()
    head = shown.split(" …")[0]
    assert json.loads(head.split(',"attacker_win"')[0] + "}") == {k: answer[k] for k in ("game", "trials", "seed",
                                                                                          "sim_version")}  # fmt: skip
    win, exact = (float(x) for x in re.findall(r'"attacker_win":([0-9.]+)', shown))
    assert win == answer["attacker_win"] and exact == answer["exact"]["attacker_win"]


def test_limits_are_the_servers():
    text, limits = " ".join(section().split()), Limits()
    assert f"capped at {limits.body_bytes // 1024} KiB" in text
    assert f"armies at {limits.units_per_side} units a side, other counts (cards, bonuses) at {limits.count}" in text
    assert f"runs at {limits.trials:,} trials" in text
    assert f"(`--time-limit`, {limits.time_limit:g} s; reports {limits.report_time_limit:g} s)" in text
    default = next(p.default for p in cli.serve.params if p.name == "time_limit")
    assert default == limits.time_limit
