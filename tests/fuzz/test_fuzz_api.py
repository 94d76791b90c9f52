"""Fuzzing the web API's JSON bodies (issue 45): every body answers 200, 413 or 422 naming its field, never 500.

Bodies are built as JSON text, so they can hold what Python's ``json.dumps`` would never write: a key given twice,
``NaN`` and ``Infinity``, ``1e400``, integers of thousands of digits, nesting thousands deep. The app runs in this
process (``TestClient``) with its worker pool replaced by the same ``work.run`` called inline, and small caps
(a few units a side, 20,000 trials) so each valid body answers in a fraction of a second.
"""

from __future__ import annotations

import json
import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.fuzz.generate import vocabulary
from tests.fuzz.harness import count
from tests.fuzz.test_fuzz import BOUND, fuzz_settings

RAW = ["NaN", "Infinity", "-Infinity", "1e400", "-1e400", "9" * 5000, "-" + "9" * 40, "1" + "0" * 19, "-1",
       "0.5", "true", "null", '""', '"\\u0000"', '"' + "x" * 300 + '"', "[]", "{}", "2", "3", '"2..5"',
       '{"1": 0.5, "2": 0.5}', '{"1": 0.5, "2": 0.7}']  # fmt: skip
KEYS = ["attacker", "defender", "trials", "seed", "rules", "site", "castle", "settlements", "mode", "hands",
        "farms", "keep", "city", "barbarian", "barbarian_token", "fortress", "terrain", "units", "tech", "game",
        "title", "attacker_cards", "defender_bonus", "x"]  # fmt: skip
BASE = {"principes": {"attacker": {"knight": 2}, "defender": {"knight": 1}},
        "dark_ages": {"attacker": {"units": {"infantry": 2}}, "defender": {"units": {"infantry": 1}}},
        "hussars": {"attacker": {"cossack": 2}, "defender": {"cossack": 1}}}  # fmt: skip
ROUTES = ["battle", "battle", "odds", "solve", "scenario", "tactics"]


class Raw(str):
    """JSON text put into a body as it is."""


def dump(node) -> str:
    """JSON text of ``node``: a ``Raw`` as written, a list of pairs as an object (keys may repeat)."""
    if isinstance(node, Raw):
        return str(node)
    if isinstance(node, tuple):  # an object as (key, value) pairs
        return "{" + ", ".join(f"{json.dumps(k)}: {dump(v)}" for k, v in node) + "}"
    if isinstance(node, list):
        return "[" + ", ".join(dump(v) for v in node) + "]"
    return json.dumps(node)


def _pairs(mapping: dict) -> tuple:
    return tuple((k, _pairs(v) if isinstance(v, dict) else v) for k, v in mapping.items())


def values(names: list[str]) -> st.SearchStrategy:
    leaf = st.one_of(st.sampled_from([Raw(r) for r in RAW]), st.integers(-3, 25), st.sampled_from(names),
                     st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=8))  # fmt: skip
    return st.recursive(
        leaf,
        lambda inner: st.one_of(
            st.lists(inner, max_size=3),
            st.lists(st.tuples(st.sampled_from([*names, *KEYS]), inner), max_size=3).map(tuple),
        ),
        max_leaves=8,
    )


@st.composite
def bodies(draw, game: str) -> str:
    names = vocabulary(game)
    pairs = list(_pairs(BASE[game]))
    for _ in range(draw(st.integers(0, 3))):  # edits: a key set, added again, or a side's army replaced
        key = draw(st.sampled_from([*KEYS, *names]))
        side = draw(st.sampled_from(["attacker", "defender"]))
        kind = draw(st.sampled_from(["set", "again", "army"]))
        if kind == "army":
            army = draw(st.lists(st.tuples(st.sampled_from(names), values(names)), min_size=1, max_size=3))
            wrapped = (("units", tuple(army)),) if game == "dark_ages" else tuple(army)
            pairs = [(k, wrapped if k == side else v) for k, v in pairs]
        elif kind == "again" and pairs:
            pairs.append(draw(st.sampled_from(pairs)))
        else:
            pairs.append((key, draw(values(names))))
    text = dump(tuple(pairs))
    depth = draw(st.sampled_from([0, 0, 0, 3, 100, 30_000]))
    if depth:  # nested inside a list that deep, under a key of its own
        text = text[:-1] + ', "deep": ' + "[" * depth + "1" + "]" * depth + "}"
    return text


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    from fastapi.testclient import TestClient

    from sim.serve import app as server
    from sim.serve import work

    class Inline:
        """The worker pool's interface, running ``work.run`` in this process (no time limit: the caps bound it)."""

        def __init__(self, workers: int, waiting: int):
            self.workers, self.waiting, self.ready, self.counts = workers, 0, True, {}

        async def start(self) -> None:
            pass

        async def call(self, task, kwargs, limit, gone=None):
            return work.run(task, kwargs)

        def close(self) -> None:
            pass

    limits = server.Limits(units_per_side=6, count=6, trials=20_000, solve_trials=2_000)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(server, "Workers", Inline)
        app = server.create_app(tmp_path_factory.mktemp("serve") / "reports", workers=1, limits=limits)
        with TestClient(app, raise_server_exceptions=False) as test_client:
            yield test_client


@pytest.mark.parametrize("game", sorted(BASE))
@fuzz_settings(12)
@given(data=st.data())
def test_api_bodies(client, game, data):
    route = data.draw(st.sampled_from(ROUTES if game == "hussars" else ROUTES[:-1]), "route")
    body = data.draw(bodies(game), "body")
    query = ""
    if route == "solve":
        side = data.draw(st.sampled_from(["attacker", "defender"]))
        target = data.draw(st.sampled_from(["0.5", "0.9", "nan", "inf", "-1", "2", "x", ""]))
        query = f"?solve_for={side}.{vocabulary(game)[0]}&target={target}"
    url = f"/api/{'hussars' if route == 'tactics' else game}/{route}{query}"
    count()
    started = time.perf_counter()
    r = client.post(url, content=body.encode(), headers={"content-type": "application/json"})
    seconds = time.perf_counter() - started
    where = f"POST {url} {body[:300]!r}"
    assert r.status_code in (200, 413, 422), f"{where}: {r.status_code} {r.text[:300]}"
    assert seconds < BOUND, f"{where}: {seconds:.1f} s"
    if r.status_code == 422:
        error = r.json()["error"]
        assert isinstance(error["key"], str) and "\n" not in error["message"], f"{where}: {error}"
        assert len(error["message"]) < 2000, f"{where}: a message of {len(error['message'])} characters"
