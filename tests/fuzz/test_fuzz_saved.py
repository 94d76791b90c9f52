"""Fuzzing saved folders (issue 45): a folder written by ``--save``, then one of its files damaged the way a careless
or hostile user would (truncated, a byte flipped, a JSON field edited, replaced by garbage, removed, turned into a
FIFO or a folder), then read back by ``sim report DIR`` or continued with ``--resume``.

Every answer is exit 0 or one error line (never a traceback, a hang or "internal error"); an error names a file of
the folder; a resumed run that answers exit 0 gives the uninterrupted run's numbers (a damaged chunk or record is
recomputed). The kinds: a battle, a full-game study (``sim run``), a sweep and, for records, a balance run's store.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sim.balance.store import RunStore
from tests.fuzz.generate import WEIRD_NUMBERS, WEIRD_TEXT
from tests.fuzz.harness import count, invoke, problems
from tests.fuzz.test_fuzz import BOUND, fuzz_settings

ROOT = Path(__file__).resolve().parents[2]
SIX = str(ROOT / "configs" / "principes" / "battles" / "six-vs-six.yaml")
REF = "game: principes\nengine: reference\nhistory: false\nseats: [builder, conqueror, politician, random]\n"
COMMANDS = {  # kind → the command that writes DIR (resumed with --resume), and the report of DIR (None: none)
    "battle": (["battle", "principes", "--attacker", "knight=2", "--defender", "knight=1", "--trials", "4000",
                "--chunk", "1000", "--seed", "3", "--no-progress", "--json", "--save", "DIR"], True),
    "study": (["run", "ref.yaml", "--games", "8", "--chunk", "4", "--no-progress", "--json", "--save", "DIR"], True),
    "sweep": (["sweep", SIX, "--param", "attacker.knight=5..6", "--trials", "2000", "--no-progress", "--save", "DIR",
               "-o", "sweep-out"], False),
}  # fmt: skip
DAMAGES = ["truncate", "flip", "garbage", "empty", "remove", "fifo", "folder", "json"]


def _argv(kind: str, folder: Path) -> list[str]:
    return [str(folder) if a == "DIR" else str(folder.parent / a) if a == "ref.yaml" else a for a in COMMANDS[kind][0]]


@pytest.fixture(scope="module")
def clean(tmp_path_factory):
    """Each kind's clean folder and its answer (stdout), written once."""
    root = tmp_path_factory.mktemp("saved")
    (root / "ref.yaml").write_text(REF)
    out = {}
    cwd = os.getcwd()
    os.chdir(root)
    try:
        for kind in COMMANDS:
            code, stdout, err, _ = invoke(_argv(kind, root / kind))
            assert code == 0, err
            out[kind] = (root / kind, stdout)
    finally:
        os.chdir(cwd)
    return out


def _damage(path: Path, damage: str, data) -> None:
    if damage == "remove":
        path.unlink()
    elif damage == "fifo":
        path.unlink()
        os.mkfifo(path)
    elif damage == "folder":
        path.unlink()
        path.mkdir()
    elif damage == "empty":
        path.write_bytes(b"")
    elif damage == "garbage":
        path.write_bytes(data.draw(st.binary(max_size=64), "garbage"))
    else:
        body = path.read_bytes()
        if damage == "json" and path.suffix == ".json":
            doc = json.loads(body)
            if isinstance(doc, dict) and doc:
                key = data.draw(st.sampled_from(sorted(doc)), "key")
                doc[key] = data.draw(st.sampled_from([*WEIRD_TEXT, *WEIRD_NUMBERS[:10], None, [], {}]), "value")
                path.write_text(json.dumps(doc))
                return
        at = data.draw(st.integers(0, max(0, len(body) - 1)), "at")
        if damage == "truncate":
            path.write_bytes(body[:at])
        elif body:
            path.write_bytes(body[:at] + bytes([body[at] ^ 0xFF]) + body[at + 1 :])


@pytest.mark.parametrize("kind", sorted(COMMANDS))
@fuzz_settings(4)
@given(data=st.data())
def test_tampered_saved_folders(clean, kind, data, tmp_path_factory):
    source, answer = clean[kind]
    work = tmp_path_factory.mktemp("tampered")
    folder = work / kind
    shutil.copytree(source, folder)
    if kind == "study":
        (work / "ref.yaml").write_text(REF)
    files = sorted(p for p in folder.rglob("*") if p.is_file())
    path = data.draw(st.sampled_from(files), "file")
    damage = data.draw(st.sampled_from(DAMAGES), "damage")
    _damage(path, damage, data)
    resume, report = COMMANDS[kind][1] is False or data.draw(st.booleans(), "resume"), COMMANDS[kind][1]
    argv = [*_argv(kind, folder), "--resume"] if resume or not report else \
        ["report", str(folder), "-o", str(work / "rep"), "--no-heatmap"]  # fmt: skip
    cwd = os.getcwd()
    os.chdir(work)
    try:
        code, out, err, seconds = invoke(argv, BOUND)
    finally:
        os.chdir(cwd)
    what = f"{kind}: {path.relative_to(folder)} {damage}, then sim {' '.join(argv[:2])}…"
    found = problems(code, out, err, seconds, BOUND)
    assert not found, f"{what}: {'; '.join(found)}"
    if code == 2:
        assert str(folder) in err or "--save" in err or "--out" in err, f"{what}: names no file: {err}"
    elif resume and kind != "sweep":
        keys = ("attacker_win", "mean_lost", "win_rate", "games", "trials")
        before, after = json.loads(answer), json.loads(out)
        assert [before.get(k) for k in keys] == [after.get(k) for k in keys], f"{what}: other numbers"


@fuzz_settings(30)
@given(data=st.data())
def test_tampered_balance_records(tmp_path_factory, data):
    """A balance (or tune) run's records: each damaged one is recomputed (None), every sound one read back."""
    folder = tmp_path_factory.mktemp("store")
    manifest = {"game": "principes", "seed": 7, "rounds": 2}
    store = RunStore(folder, manifest, False, "balance", grow=("rounds",))
    values = {f"cell-{i}": {"wins": [i, 1], "games": [4, 4]} for i in range(3)}
    for name, value in values.items():
        store.put(name, value)
    name = data.draw(st.sampled_from(sorted(values)), "record")
    damage = data.draw(st.sampled_from([d for d in DAMAGES if d != "folder"]), "damage")
    _damage(store._path(name), damage, data)
    count()
    resumed = RunStore(folder, manifest, True, "balance", grow=("rounds",))
    got = {n: resumed.get(n) for n in values}
    for other in set(values) - {name}:
        assert got[other] == values[other]
    assert got[name] in (None, values[name]), f"{name} {damage}: read back {got[name]}"


@pytest.mark.parametrize(
    "argv",
    [
        ["battle", "{fifo}"], ["run", "{fifo}"], ["report", "{fifo}"], ["compare", "{fifo}", "{fifo}"],
        ["sweep", "{fifo}", "--param", "attacker.knight=1..2"], ["balance", "{fifo}"], ["tune", "{fifo}"],
        ["ladder", "{fifo}"], ["battle", "/dev/zero"], ["run", "/dev/urandom"], ["battle", "{dir}"],
        ["battle", "principes", "--attacker", "knight=1", "--defender", "knight=1", "--save", "{fifo}"],
        ["balance", str(ROOT / "configs" / "principes" / "experiments" / "faction-balance.yaml"), "--start", "{fifo}"],
    ],
)  # fmt: skip
def test_special_files(argv, tmp_path):
    """A FIFO (no writer: a blocking read would never return), a device or a folder where a file belongs."""
    fifo = tmp_path / "f.yaml"
    os.mkfifo(fifo)
    argv = [a.replace("{fifo}", str(fifo)).replace("{dir}", str(tmp_path)) for a in argv]
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        code, out, err, seconds = invoke(argv, 20)
    finally:
        os.chdir(cwd)
    found = problems(code, out, err, seconds, 20)
    assert not found and code == 2, f"sim {' '.join(argv)}: exit {code}; {'; '.join(found)} {err[-300:]}"
