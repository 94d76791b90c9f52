"""The audit of issue 18 as a table: every bad or edge input it found, with what a clean answer looks like.

Each case is a command line (``{d}`` is the case's own directory) plus the files it needs. After the fix every
case ends within its time bound, prints no traceback and no "internal error", exits with ``code`` and says
``err`` on stderr (``out`` on stdout). ``tests/sim/test_hardening.py`` runs the table in-process (the quick
cases) and in real processes (the signal cases); ``python tests/sim/hardening_cases.py`` runs every case in a
subprocess with a time and memory bound and prints the failures by class (how the before/after counts of the
issue were taken).

Classes, as the issue names them: ``crash`` (masked crash: "internal error", exit 1), ``hang`` (memory blow-up or
hang), ``wrong`` (wrong answer with exit 0), ``message`` (misleading message), ``fault`` (processes and files left
behind), ``usage`` (click's three-line usage block). Issue 45 adds ``tampered`` (a saved folder edited, truncated or
replaced: every kind of saved run), ``special`` (a FIFO or device where a file belongs), ``limit`` (the number in a
message is the real limit) and ``number`` (numbers past Python's 4,300 digits, NaN, the environment, --debug).
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CFG = ROOT / "configs"
P_BATTLE = ("battle", "principes", "--attacker", "knight=2", "--defender", "knight=1", "--trials", "2000")
P_EXP = str(CFG / "principes/experiments/faction-balance.yaml")
D_EXP = str(CFG / "dark_ages/experiments/ruler-balance.yaml")
SIX = str(CFG / "principes/battles/six-vs-six.yaml")
SEATS = "seats: [builder, conqueror, politician, random]\nhistory: false\n"
ANSI = re.compile(r"\x1b\[[0-9;]*m")
BOMB = "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{c}: &{c} [*{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}]\n"
    for p, c in zip("abcdefg", "bcdefgh", strict=True)
)


@dataclasses.dataclass(frozen=True)
class Case:
    id: str
    cls: str
    argv: tuple[str, ...]
    code: int = 2
    err: str = ""  # a substring of stderr after the fix (case-sensitive)
    out: str = ""  # a substring of stdout after the fix
    files: dict = dataclasses.field(default_factory=dict)  # name → text (str) or bytes
    before: tuple[tuple[str, ...], ...] = ()  # commands run first (their exit code must be 0)
    mutate: Callable[[Path], None] | None = None  # changes files between ``before`` and the case
    check: Callable[[Path, str, str], str | None] | None = None  # extra check: returns a problem or None
    proc: bool = False  # run in a real process only (signals, hangs, processes left behind)
    interrupt: str = ""  # send this signal once stderr shows progress ("INT" | "TERM")
    timeout: float = 60.0
    env: dict = dataclasses.field(default_factory=dict)  # environment variables of the case's command
    traceback: bool = False  # --debug: a traceback above the one error line is asked for
    slow: bool = False  # in-process too, but behind the full marker (a balance run: about 20 s)


def _chunks(d: Path) -> list[Path]:
    return sorted((d / "run" / "chunks").glob("*.npz"))


def _truncate_chunk(d: Path) -> None:
    path = _chunks(d)[0]
    path.write_bytes(path.read_bytes()[:100])


def _corrupt_chunk(d: Path) -> None:
    path = _chunks(d)[1]
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0xFF
    path.write_bytes(bytes(data))


def _corrupt_manifest(d: Path) -> None:
    (d / "run" / "manifest.json").write_text('{"config_hash": ')


def _foreign_chunk(d: Path) -> None:
    """A chunk of another run (another seed) copied over this run's first chunk."""
    other, mine = sorted((d / "other" / "chunks").glob("*.npz")), _chunks(d)
    mine[0].write_bytes(other[0].read_bytes())


def _stale_tmp(d: Path) -> None:
    (d / "run" / "chunks" / ".000000000000000-1000.npz.abc123.tmp").write_bytes(b"half a chunk")


def _same_as_clean(d: Path, out: str, err: str) -> str | None:
    clean = json.loads((d / "clean.json").read_text()) if (d / "clean.json").exists() else None
    got = json.loads((d / "run" / "result.json").read_text())
    if clean is None:
        return "no clean result to compare with"
    keys = ("attacker_win", "mean_lost")
    return (
        None if all(got[k] == clean[k] for k in keys) else f"resumed {got['attacker_win']} != {clean['attacker_win']}"
    )


def _no_tmp(d: Path, out: str, err: str) -> str | None:
    left = list((d / "run").rglob("*.tmp"))
    return f"left {left}" if left else None


def _report_written(d: Path, out: str, err: str) -> str | None:
    return None if (d / "rep" / "report.html").exists() else "no report.html"


def _clean_run(trials: int = 4000, chunk: int = 1000, seed: int = 3, where: str = "run") -> tuple[str, ...]:
    return (*P_BATTLE[:-2], "--trials", str(trials), "--chunk", str(chunk), "--seed", str(seed), "--save",
            "{d}/" + where, "--no-progress")  # fmt: skip


def _resume(trials: int = 4000, chunk: int = 1000, seed: int = 3) -> tuple[str, ...]:
    return (*_clean_run(trials, chunk, seed), "--resume")


CLEAN_JSON = (*P_BATTLE[:-2], "--trials", "4000", "--chunk", "1000", "--seed", "3", "--save", "{d}/clean_run",
              "--no-progress")  # fmt: skip


def _copy_clean(d: Path) -> None:
    (d / "clean.json").write_text((d / "clean_run" / "result.json").read_text())


def _then(*steps: Callable[[Path], None]) -> Callable[[Path], None]:
    def run(d: Path) -> None:
        for step in steps:
            step(d)

    return run


CASES: list[Case] = [
    # ---- masked crashes: "internal error", exit 1, no key path ----
    Case(
        "count-1e20",
        "crash",
        ("battle", "principes", "--attacker", "knight=" + "1" + "0" * 20, "--defender", "knight=1", "--trials", "1000"),
        err="--attacker: knight",
    ),  # fmt: skip
    Case("bonus-2^63", "crash", (*P_BATTLE, "--attacker-bonus", f"swords={2**63}"), err="--attacker-bonus: swords"),
    Case(
        "count-1e6",
        "crash",
        ("battle", "principes", "--attacker", "knight=1000000", "--defender", "knight=1", "--trials", "1000"),
        err="--attacker: knight",
    ),  # fmt: skip
    Case(
        "superscript-hussars",
        "crash",
        ("battle", "hussars", "--attacker", "cossack=²", "--defender", "cossack=1"),
        err="--attacker",
    ),
    Case(
        "superscript-dark-ages",
        "crash",
        ("battle", "dark_ages", "--attacker", "infantry=²", "--defender", "infantry=1", "--trials", "1000"),
        err="--attacker",
    ),  # fmt: skip
    Case("binary-yaml", "crash", ("battle", "{d}/bin.yaml"), files={"bin.yaml": bytes(range(256)) * 4}, err="bin.yaml"),
    Case(
        "utf16-yaml",
        "crash",
        ("battle", "{d}/u16.yaml"),
        files={"u16.yaml": "game: principes\n".encode("utf-16")},
        err="UTF-8",
    ),
    Case(
        "game-list",
        "crash",
        ("battle", "{d}/g.yaml"),
        files={"g.yaml": "game: [principes]\nattacker: {knight: 1}\ndefender: {knight: 1}\n"},
        err="g.yaml: game",
    ),
    Case(
        "rules-int-key",
        "crash",
        ("battle", "{d}/r.yaml"),
        files={"r.yaml": "game: principes\nattacker: {knight: 1}\ndefender: {knight: 1}\nrules: {5: 3}\n"},
        err="r.yaml: rules",
    ),
    Case(
        "attacker-list",
        "crash",
        ("battle", "{d}/a.yaml"),
        files={"a.yaml": "game: principes\nattacker: [knight]\ndefender: {knight: 1}\n"},
        err="a.yaml: attacker",
    ),
    Case(
        "hussars-fortress-str",
        "crash",
        ("battle", "{d}/h.yaml"),
        files={"h.yaml": "game: hussars\nattacker: {cossack: 1}\ndefender: {cossack: 1}\nfortress: x\n"},
        err="h.yaml: fortress",
    ),
    Case(
        "dark-ages-units-str",
        "crash",
        ("battle", "{d}/da.yaml"),
        files={"da.yaml": "game: dark_ages\nattacker: {units: {infantry: banana}}\ndefender: {units: {infantry: 1}}\n"},
        err="da.yaml: attacker.units.infantry",
    ),
    Case(
        "seat-params-banana",
        "crash",
        ("run", "{d}/e.yaml", "--games", "4", "--no-progress"),
        files={
            "e.yaml": "game: principes\nhistory: false\nseats: [{name: b, uses: builder, params: "
            "{gold_reserve: banana}}, conqueror, politician, random]\n"
        },
        err="seats[0].params.gold_reserve",
    ),
    Case(
        "dark-ages-params-banana",
        "crash",
        ("run", "{d}/e.yaml", "--games", "4", "--no-progress"),
        files={"e.yaml": "game: dark_ages\nstrategy_params: {culture: {attack_margin: banana}}\n"},
        err="attack_margin",
    ),
    Case(
        "experiment-players-str",
        "crash",
        ("run", "{d}/e.yaml", "--games", "4", "--no-progress"),
        files={"e.yaml": "game: principes\nplayers: [4]\n" + SEATS},
        err="e.yaml: players",
    ),
    Case(
        "experiment-rules-list",
        "crash",
        ("run", "{d}/e.yaml", "--games", "4", "--no-progress"),
        files={"e.yaml": "game: principes\nrules: [1, 2]\n" + SEATS},
        err="e.yaml: rules",
    ),
    Case(
        "experiment-game-list",
        "crash",
        ("run", "{d}/e.yaml", "--games", "4", "--no-progress"),
        files={"e.yaml": "game: [principes]\n" + SEATS},
        err="e.yaml: game",
    ),
    Case(
        "compare-set-type",
        "crash",
        ("compare", P_EXP, "--set", "taxes.people_cost=x", "--games", "4"),
        err="--set: taxes.people_cost",
    ),
    Case("scheduler-notaurl", "crash", (*P_BATTLE, "--backend", "dask", "--scheduler", "notaurl"), err="--scheduler"),
    Case("save-under-file", "crash", (*P_BATTLE, "--save", "{d}/file/sub"), files={"file": "x"}, err="--save"),
    Case("save-system-path", "crash", (*P_BATTLE, "--save", "/proc/sim-run"), err="--save"),
    Case(
        "compare-out-unwritable",
        "crash",
        ("compare", SIX, "--set", "castle=true", "--trials", "2000", "-o", "/proc/sim-compare"),
        err="--out",
    ),  # fmt: skip
    Case(
        "plot-missing-folder",
        "crash",
        ("odds", "hussars", "capture", "--attacker", "cossack=2", "--plot", "{d}/missing/deeper/x.png"),
        code=0,
    ),  # fmt: skip
    Case(
        "plot-under-file",
        "crash",
        ("odds", "hussars", "capture", "--attacker", "cossack=2", "--plot", "{d}/file/x.png"),
        files={"file": "x"},
        err="--plot",
    ),  # fmt: skip
    Case(
        "resume-truncated-chunk",
        "crash",
        _resume(),
        code=0,
        err="recomputed",
        before=(CLEAN_JSON, _clean_run()),
        mutate=_then(_copy_clean, _truncate_chunk),
        check=_same_as_clean,
    ),
    Case(
        "resume-corrupt-chunk",
        "crash",
        _resume(),
        code=0,
        err="recomputed",
        before=(CLEAN_JSON, _clean_run()),
        mutate=_then(_copy_clean, _corrupt_chunk),
        check=_same_as_clean,
    ),
    Case(
        "resume-corrupt-manifest",
        "crash",
        _resume(),
        code=0,
        err="manifest.json",
        before=(CLEAN_JSON, _clean_run()),
        mutate=_then(_copy_clean, _corrupt_manifest),
        check=_same_as_clean,
    ),
    Case(
        "report-run-folder",
        "crash",
        ("report", "{d}/runsave", "-o", "{d}/rep"),
        code=0,
        files={"ref.yaml": "game: principes\nengine: reference\n" + SEATS},
        before=(("run", "{d}/ref.yaml", "--games", "8", "--save", "{d}/runsave", "--no-progress"),),
        check=_report_written,
    ),
    Case(
        "yaml-deep-nesting",
        "crash",
        ("battle", "{d}/deep.yaml"),
        files={"deep.yaml": "game: principes\nattacker: " + "[" * 5000 + "]" * 5000 + "\n"},
        err="deep.yaml",
    ),
    Case(
        "set-huge-int",
        "crash",
        (*P_BATTLE, "--set", f"defender_shields.castle={2**70}"),
        err="--set: defender_shields.castle: expected a whole number of at most",
    ),
    # found by the fuzz suite (tests/fuzz), after the audit: a plan's list parameter with items of another kind
    Case(
        "fuzz-plan-list-items",
        "crash",
        ("run", "{d}/e.yaml", "--games", "1", "--no-progress"),
        files={
            "e.yaml": "game: principes\nengine: reference\nhistory: false\nseats: [{name: f, uses: builder, "
            "params: {priorities: [[]]}}, builder, conqueror, politician]\n"
        },
        err="seats[0].params.priorities[0]",
    ),
    Case(
        "fuzz-dark-ages-plan-list-items",
        "crash",
        ("run", "{d}/e.yaml", "--games", "1", "--no-progress"),
        files={
            "e.yaml": "game: dark_ages\nengine: reference\nplayers: 2\nstrategies: [culture, culture]\n"
            "strategy_params: {culture: {reactions: [[]]}}\n"
        },
        err="strategy_params.culture.reactions[0]",
    ),
    # ---- memory blow-ups and hangs ----
    Case(
        "trials-1e20",
        "hang",
        (*P_BATTLE[:-2], "--trials", "1" + "0" * 20),
        code=130,
        proc=True,
        interrupt="INT",
        err="stopped after",
    ),
    Case(
        "games-1e20",
        "hang",
        ("run", "{d}/ref.yaml", "--games", "1" + "0" * 20),
        code=130,
        proc=True,
        interrupt="INT",
        err="stopped after",
        files={"ref.yaml": "game: principes\nengine: reference\n" + SEATS},
    ),
    Case("workers-1000", "hang", (*P_BATTLE, "--workers", "1000"), code=0, err="--workers", proc=True),
    Case("death-rounds-1e8", "hang", ("odds", "hussars", "death", "--rounds", "100000000"), err="--rounds", timeout=20),
    Case(
        "alias-bomb-rules",
        "hang",
        ("battle", "{d}/bomb.yaml"),
        files={
            "bomb.yaml": "game: principes\nattacker: {knight: 1}\ndefender: {knight: 1}\nrules:\n  "
            + BOMB.replace("\n", "\n  ")
        },
        err="alias",
        timeout=20,
    ),  # fmt: skip
    Case("sweep-1e6-points", "message", ("sweep", SIX, "--param", "attacker.knight=0..999999"), err="grid points"),
    Case(
        "hussars-huge-army",
        "hang",
        ("battle", "hussars", "--attacker", "cossack=5000", "--defender", "cossack=1"),
        err="--attacker",
        timeout=20,
    ),
    # ---- wrong answers with exit 0 ----
    Case(
        "army-repeat",
        "wrong",
        ("battle", "principes", "--attacker", "knight=1,knight=2", "--defender", "knight=1", "--trials", "1000"),
        err="knight",
    ),  # fmt: skip
    Case(
        "army-repeat-hussars",
        "wrong",
        ("battle", "hussars", "--attacker", "cossack=1,cossack=2", "--defender", "cossack=1"),
        err="cossack",
    ),  # fmt: skip
    Case(
        "army-repeat-dark-ages",
        "wrong",
        ("battle", "dark_ages", "--attacker", "infantry=1,infantry=2", "--defender", "infantry=1", "--trials", "1000"),
        err="infantry",
    ),
    Case(
        "crusade-player-twice",
        "wrong",
        ("crusade", "dark_ages", "--player", "red:infantry=2", "--player", "red:archer=1", "--defence", "3"),
        err="--player",
    ),  # fmt: skip
    Case(
        "yaml-duplicate-key",
        "wrong",
        ("battle", "{d}/dup.yaml"),
        files={"dup.yaml": "game: principes\nattacker: {knight: 1}\ndefender: {knight: 1}\nattacker: {knight: 5}\n"},
        err="dup.yaml: attacker",
    ),
    Case(
        "yaml-duplicate-nested",
        "wrong",
        ("battle", "{d}/dup2.yaml"),
        files={"dup2.yaml": "game: principes\nattacker: {knight: 1, knight: 3}\ndefender: {knight: 1}\n"},
        err="attacker.knight",
    ),
    Case("seed-2^64+1", "wrong", (*P_BATTLE, "--seed", str(2**64 + 1)), err="--seed"),
    Case(
        "seed-yaml-2^64",
        "wrong",
        ("battle", "{d}/s.yaml"),
        files={"s.yaml": f"game: principes\nattacker: {{knight: 1}}\ndefender: {{knight: 1}}\nseed: {2**64}\n"},
        err="s.yaml: seed",
    ),
    Case("run-seed-2^64", "wrong", ("run", P_EXP, "--games", "4", "--seed", str(2**64)), err="--seed"),
    Case("save-empty", "wrong", (*P_BATTLE, "--save", ""), err="--save"),
    Case(
        "rules-negative-cost",
        "wrong",
        ("run", "{d}/e.yaml", "--games", "4", "--no-progress"),
        files={"e.yaml": "game: principes\nrules: {taxes.people_cost: -7}\n" + SEATS},
        err="taxes.people_cost",
    ),
    Case("threat-nan", "wrong", ("odds", "hussars", "capture", "--threat", "nan"), err="--threat"),
    Case("threat-inf", "wrong", ("odds", "hussars", "capture", "--threat", "inf"), err="--threat"),
    Case("xl-reversed", "wrong", ("odds", "hussars", "capture", "--threat", "3", "--xl", "10..0"), err="--xl"),
    Case(
        "set-repeat",
        "wrong",
        (*P_BATTLE, "--set", "defender_shields.castle=1", "--set", "defender_shields.castle=2"),
        err="--set: defender_shields.castle: expected each key once",
    ),
    Case(
        "resume-foreign-chunk",
        "wrong",
        _resume(),
        code=0,
        err="foreign",
        before=(CLEAN_JSON, _clean_run(), _clean_run(seed=4, where="other")),
        mutate=_then(_copy_clean, _foreign_chunk),
        check=_same_as_clean,
    ),
    Case(
        "probability-above-1",
        "wrong",
        ("battle", "{d}/p.yaml"),
        files={"p.yaml": "game: hussars\nattacker: {cossack: 1}\ndefender: {cossack: {1: 1.5, 2: -0.5}}\n"},
        err="p.yaml: defender.cossack",
    ),
    # ---- misleading messages ----
    Case(
        "dark-ages-set-blames-path",
        "message",
        (
            "battle",
            "dark_ages",
            "--attacker",
            "infantry=1",
            "--defender",
            "infantry=1",
            "--trials",
            "1000",
            "--set",
            "die.faces=0",
        ),
        err="error: --set: die.faces",
    ),  # fmt: skip
    Case(
        "experiment-rules-blames-set",
        "message",
        ("run", "{d}/e.yaml", "--games", "4", "--no-progress"),
        files={"e.yaml": "game: dark_ages\nrules: {die.nope: 1}\n"},
        err="e.yaml: rules",
    ),
    Case("rules-chess", "message", ("rules", "chess"), err="GAME: expected one of"),
    Case("rules-path-game", "message", ("rules", "principes/../hussars"), err="GAME: expected one of"),
    Case("found-cut-80", "message", (*P_BATTLE, "--attacker-faction", "x" * 500), err="…"),
    # ---- faults: processes and files left behind ----
    Case("stale-tmp", "fault", _resume(), code=0, before=(_clean_run(),), mutate=_stale_tmp, check=_no_tmp),
    Case(
        "ctrl-c-message",
        "fault",
        (*P_BATTLE[:-2], "--trials", "1000000000000", "--save", "{d}/run", "--no-trials-table", "--chunk", "1000000"),
        code=130,
        proc=True,
        interrupt="INT",
        err="rerun with --resume to continue",
    ),
    Case(
        "sigterm-message",
        "fault",
        (
            *P_BATTLE[:-2],
            "--trials",
            "1000000000000",
            "--save",
            "{d}/run",
            "--workers",
            "2",
            "--no-trials-table",
            "--chunk",
            "1000000",
        ),
        code=143,
        proc=True,
        interrupt="TERM",
        err="rerun with --resume to continue",
    ),  # fmt: skip
    # ---- click's usage block ----
    Case("usage-bad-int", "usage", (*P_BATTLE[:-2], "--trials", "x"), err="error: --trials: expected"),
    Case("usage-unknown-flag", "usage", (*P_BATTLE, "--atacker", "knight=1"), err="error: "),
    Case("usage-missing-arg", "usage", ("run",), err="error: "),
    Case("usage-bad-choice", "usage", (*P_BATTLE, "--site", "castle"), err="error: --site: expected one of"),
    Case("usage-unknown-command", "usage", ("battle", "chess"), err="error: "),
]


# ---- issue 45: tampered saved folders, special files, limits that tell the truth, numbers and environment ----

HUGE = "9" * 5000  # past Python's 4,300-digit limit for int()
REF_RUN = ("run", "{d}/ref.yaml", "--games", "8", "--chunk", "4", "--save", "{d}/runsave", "--no-progress")
REF_FILES = {"ref.yaml": "game: principes\nengine: reference\n" + SEATS}
SWEEP = ("sweep", SIX, "--param", "attacker.knight=5..6", "--trials", "2000", "--save", "{d}/sw", "--no-progress",
         "-o", "{d}/swout")  # fmt: skip
BALANCE = ("balance", P_EXP, "--budget", "200", "--candidates", "2", "--holdout", "150", "--precision", "0.2",
           "--eval-games", "300", "--rounds", "1", "--json", "--no-progress", "--save", "{d}/bal")  # fmt: skip
NO_RESULT = "expected a saved run"


def _da_limits() -> tuple[int, int, int, int]:
    """Dark Ages' real limits, read where the check reads them: the rules file's values, validated."""
    from sim.battles import battle_rules
    from sim.games.dark_ages.rules import validate

    rules = validate(battle_rules("dark_ages"))
    return rules.max_units, rules.max_keep, rules.max_farms, len(rules.tokens)


DA_UNITS, DA_KEEP, DA_FARMS, DA_TOKENS = _da_limits()


def _edit_json(relative: str, edit: Callable[[dict], None], unseal: bool = True) -> Callable[[Path], None]:
    """Edit one saved JSON file; with ``unseal`` also remove checksums.json (an older sim's folder), so the reader's
    own checks, not the checksum, must catch it."""

    def run(d: Path) -> None:
        path = d / relative
        data = json.loads(path.read_text())
        edit(data)
        path.write_text(json.dumps(data))
        if unseal:
            (path.parent / "checksums.json").unlink(missing_ok=True)

    return run


def _truncate(relative: str, unseal: bool = False) -> Callable[[Path], None]:
    def run(d: Path) -> None:
        path = d / relative
        path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])
        if unseal:
            (path.parent / "checksums.json").unlink(missing_ok=True)

    return run


def _fifo(relative: str) -> Callable[[Path], None]:
    """A FIFO where a file belongs (the first match of a glob pattern, or a new name)."""

    def run(d: Path) -> None:
        found = sorted(d.glob(relative))
        path = found[0] if found else d / relative
        if path.exists():
            path.unlink()
        path.parent.mkdir(parents=True, exist_ok=True)
        os.mkfifo(path)

    return run


def _folder(relative: str) -> Callable[[Path], None]:
    def run(d: Path) -> None:
        (d / relative).mkdir(parents=True, exist_ok=True)

    return run


def _first_record(d: Path) -> Path:
    return sorted((d / "bal" / "records").glob("cell-*.json"))[0]


def _edit_wins(d: Path) -> None:
    path = _first_record(d)
    record = json.loads(path.read_text())
    record["value"]["wins"] = list(record["value"]["games"])  # every seat wins every game
    path.write_text(json.dumps(record))


def _same_balance(d: Path, out: str, err: str) -> str | None:
    """The resumed run's balance.json equals the uninterrupted run's (but for the wall-clock time and paths)."""
    clean = json.loads((d / "clean.json").read_text())
    got = json.loads((d / "bal" / "balance.json").read_text())
    skip = ("seconds", "elapsed_seconds", "equilibrium_file")
    differs = [k for k in clean if k not in skip and got.get(k) != clean[k]]
    return f"resumed balance.json differs in {differs}" if differs else None


def _keep_balance(d: Path) -> None:
    (d / "clean.json").write_text((d / "bal" / "balance.json").read_text())


def _nothing_computed(folder: str) -> Callable[[Path, str, str], str | None]:
    def check(d: Path, out: str, err: str) -> str | None:
        return f"{folder}/chunks was written: the run computed" if (d / folder / "chunks").exists() else None

    return check


def _defender_target(d: Path, out: str, err: str) -> str | None:
    answer = json.loads(out)
    best = answer.get("best") or {}
    if answer.get("side") != "defender" or best.get("army") != {"defender.knight": 1}:
        return f"expected one defending Knight to reach the target, found {answer.get('best')}"
    return None if best["defender_win"] >= 0.9 else f"P(defender wins) {best['defender_win']} < 0.9"


ROUND_3: list[Case] = [
    # ---- tampered saved folders: sim battle (report, --resume), sim run (report), sim sweep, sim balance ----
    Case("resume-fifo-chunk", "tampered", _resume(), code=0, err="not a chunk file (a FIFO", timeout=30,
         before=(CLEAN_JSON, _clean_run()), mutate=_then(_copy_clean, _fifo("run/chunks/*.npz")),
         check=_same_as_clean),  # fmt: skip
    Case("resume-folder-as-chunk", "tampered", _resume(), err="expected a chunk file or nothing",
         before=(_clean_run(),), mutate=lambda d: _folder_as_chunk(d)),
    Case("report-sealed-truncated-parquet", "tampered", ("report", "{d}/run", "-o", "{d}/rep", "--no-heatmap"),
         err="run/trials.parquet: expected the file the saved run wrote", before=(_clean_run(),),
         mutate=_truncate("run/trials.parquet")),  # fmt: skip
    Case("report-truncated-parquet", "tampered", ("report", "{d}/run", "-o", "{d}/rep", "--no-heatmap"),
         err="run/trials.parquet: expected a parquet table written by sim", before=(_clean_run(),),
         mutate=_truncate("run/trials.parquet", unseal=True)),  # fmt: skip
    Case("report-game-escapes-configs", "tampered", ("report", "{d}/run", "-o", "{d}/rep", "--no-heatmap"),
         err="run/result.json: game: expected one of", before=(_clean_run(),),
         mutate=_edit_json("run/result.json", lambda r: r.update(game="../../etc"))),  # fmt: skip
    Case("report-result-other-army", "tampered", ("report", "{d}/run", "-o", "{d}/rep", "--no-heatmap"),
         err="run/result.json: scenario", before=(_clean_run(),),
         mutate=_edit_json("run/result.json", lambda r: r.update(scenario={"attacker": {"knight": 6},
                                                                          "defender": {"knight": 1}}))),  # fmt: skip
    Case("report-sealed-result-edited", "tampered", ("report", "{d}/run", "-o", "{d}/rep", "--no-heatmap"),
         err="run/result.json: expected the file the saved run wrote", before=(_clean_run(),),
         mutate=_edit_json("run/result.json", lambda r: r.update(attacker_win=0.5), unseal=False)),  # fmt: skip
    Case("report-trials-200k", "tampered", ("report", "{d}/run", "-o", "{d}/rep", "--no-heatmap"),
         err="run/result.json: trials: expected a whole number", before=(_clean_run(),),
         mutate=_edit_json("run/result.json", lambda r: r.update(trials="200k"))),  # fmt: skip
    Case("report-manifest-edited", "tampered", ("report", "{d}/run", "-o", "{d}/rep", "--no-heatmap"),
         err="run/manifest.json: config: expected the config its config_hash was made from", before=(_clean_run(),),
         mutate=_edit_json("run/manifest.json", lambda m: m["config"]["scenario"].update(
             attacker={"knight": 6}))),  # fmt: skip
    Case("report-no-result-json", "message", ("report", "{d}/empty", "-o", "{d}/rep"), err=NO_RESULT,
         files={"empty/notes.txt": "x"}),  # fmt: skip
    Case("report-run-games-200k", "tampered", ("report", "{d}/runsave", "-o", "{d}/rep"),
         err="runsave/result.json: games: expected a whole number", files=REF_FILES, before=(REF_RUN,),
         mutate=_edit_json("runsave/result.json", lambda r: r.update(games="200k"))),  # fmt: skip
    Case("report-run-truncated-parquet", "tampered", ("report", "{d}/runsave", "-o", "{d}/rep"),
         err="runsave/games.parquet: expected the file the saved run wrote", files=REF_FILES, before=(REF_RUN,),
         mutate=_truncate("runsave/games.parquet")),  # fmt: skip
    Case("report-run-game-escapes", "tampered", ("report", "{d}/runsave", "-o", "{d}/rep"),
         err="runsave/result.json: game: expected one of", files=REF_FILES, before=(REF_RUN,),
         mutate=_edit_json("runsave/result.json", lambda r: r.update(game="../../etc"))),  # fmt: skip
    Case("resume-run-fifo-chunk", "tampered", (*REF_RUN, "--resume"), code=0, err="not a chunk file (a FIFO",
         files=REF_FILES, before=(REF_RUN,), mutate=_fifo("runsave/chunks/*.npz"), timeout=30),  # fmt: skip
    Case("resume-sweep-fifo-chunk", "tampered", (*SWEEP, "--resume"), code=0, err="not a chunk file (a FIFO",
         before=(SWEEP,), mutate=_fifo("sw/point-00000/chunks/*.npz"), timeout=30),  # fmt: skip
    Case("resume-balance-edited-wins", "tampered", (*BALANCE, "--resume"), code=0, err="checksum mismatch",
         before=(BALANCE,), mutate=_then(_keep_balance, _edit_wins), check=_same_balance, slow=True),
    Case("resume-balance-truncated-record", "tampered", (*BALANCE, "--resume"), code=0, err="invalid JSON",
         before=(BALANCE,), mutate=_then(_keep_balance, lambda d: _truncate(str(_first_record(d).relative_to(d)))(d)),
         check=_same_balance, slow=True),  # fmt: skip
    Case("resume-balance-garbage-manifest", "tampered", (*BALANCE, "--resume"), err="bal/manifest.json: expected",
         before=(BALANCE,), mutate=lambda d: (d / "bal" / "manifest.json").write_text('{"kind": '), slow=True),
    Case("report-balance-edited", "tampered", ("report", "{d}/bal", "-o", "{d}/rep"),
         err="bal/balance.json: expected the file the saved run wrote", before=(BALANCE,),
         mutate=_edit_json("bal/balance.json", lambda b: b.update(nash_conv=0.0), unseal=False), slow=True),
    # ---- special files where a file belongs ----
    Case("fifo-scenario", "special", ("battle", "{d}/f.yaml"), err="f.yaml: expected a readable YAML file (a regular "
         "file), found 'a FIFO", mutate=_fifo("f.yaml"), timeout=20),  # fmt: skip
    Case("device-scenario", "special", ("battle", "/dev/zero"), err="found 'a character device'", timeout=20),
    Case("fifo-experiment", "special", ("run", "{d}/e.yaml"), err="e.yaml: expected a readable YAML file",
         mutate=_fifo("e.yaml"), timeout=20),  # fmt: skip
    Case("fifo-result-json", "special", ("report", "{d}/run", "-o", "{d}/rep", "--no-heatmap"),
         err="run/result.json", before=(_clean_run(),), mutate=_fifo("run/result.json"), timeout=20),  # fmt: skip
    Case("fifo-output-file", "special", (*P_BATTLE, "--save", "{d}/out"), err="--save: expected a writable directory",
         mutate=_fifo("out/summary.csv"), timeout=20, check=_nothing_computed("out")),  # fmt: skip
    # ---- limits that tell the truth (the numbers are read where the checks read them) ----
    Case("da-units-10000", "limit", ("battle", "dark_ages", "--attacker", "infantry=10000", "--defender",
         "infantry=1"), err=f"--attacker: infantry: expected a unit count 0..{DA_UNITS}, found 10000"),  # fmt: skip
    Case("da-keep-minus-1", "limit", ("battle", "dark_ages", "--attacker", "infantry=1", "--defender", "infantry=1",
         "--city", "--keep", "-1"), err=f"--keep: expected a Keep level 0..{DA_KEEP}, found -1"),  # fmt: skip
    Case("da-farms-minus-2", "limit", ("battle", "dark_ages", "--attacker", "infantry=1", "--defender", "infantry=1",
         "--farms", "-2"), err=f"--farms: expected a Farm count 0..{DA_FARMS}, found -2"),  # fmt: skip
    Case("da-token-zero", "limit", ("battle", "dark_ages", "--attacker", "infantry=1", "--barbarian-token", "zero"),
         err=f"--barbarian-token: expected random or a token face number 1..{DA_TOKENS}"),  # fmt: skip
    Case("tactics-token-cap", "limit", ("tactics", "hussars", "--attacker", "cossack=1", "--defender",
         "cossack=1000"), err="--defender: cossack: expected a count 0..200", timeout=20),  # fmt: skip
    Case("tactics-2e6-tokens", "hang", ("tactics", "hussars", "--attacker", "cossack=1", "--defender",
         "cossack=2000000"), err="--defender: cossack", timeout=20),  # fmt: skip
    Case("workers-1000-full-game", "hang", (*REF_RUN[:2], "--games", "8", "--workers", "1000", "--no-progress"),
         code=0, err="cores", files=REF_FILES, proc=True),  # fmt: skip
    # ---- numbers and the environment ----
    Case("army-5000-digits", "number", ("battle", "principes", "--attacker", f"knight={HUGE}", "--defender",
         "knight=1"), err="--attacker: knight: expected a count of at most 30 digits"),  # fmt: skip
    Case("seed-5000-digits", "number", (*P_BATTLE, "--seed", HUGE), err="--seed: expected a seed"),
    Case("set-5000-digits", "number", (*P_BATTLE, "--set", f"defender_shields.castle={HUGE}"),
         err="--set defender_shields.castle: expected a whole number of at most 30 digits"),  # fmt: skip
    Case("yaml-5000-digits", "number", ("battle", "{d}/big.yaml"),
         files={"big.yaml": f"game: principes\nattacker: {{knight: {HUGE}}}\ndefender: {{knight: 1}}\n"},
         err="big.yaml: attacker.knight: expected a whole number of at most 30 digits"),  # fmt: skip
    Case("sweep-5000-digits", "number", ("sweep", SIX, "--param", f"attacker.knight=1..{HUGE}"),
         err="--param: attacker.knight"),  # fmt: skip
    Case("epsilon-nan", "number", ("balance", P_EXP, "--epsilon", "nan"), err="--epsilon: expected a finite number"),
    Case("dask-timeout-abc", "number", (*P_BATTLE, "--backend", "dask", "--local-cluster", "1"),
         env={"SIM_DASK_TIMEOUT": "abc"}, err="SIM_DASK_TIMEOUT: expected a number of seconds > 0"),  # fmt: skip
    Case("debug-keeps-exit-2", "number", ("--debug", "battle", "principes", "--attacker", "knight=x", "--defender",
         "knight=1"), err="error: --attacker: knight", traceback=True),  # fmt: skip
    # ---- wrong answers with exit 0 ----
    Case("solve-for-defender", "wrong", ("battle", "principes", "--attacker", "knight=1", "--defender", "knight=1",
         "--solve-for", "defender.knight", "--target", "0.9", "--trials", "2000", "--json"), code=0,
         check=_defender_target),  # fmt: skip
    Case("hussars-probabilities-over-1", "wrong", ("battle", "{d}/p.yaml"),
         files={"p.yaml": "game: hussars\nattacker: {cossack: 2}\ndefender: {cossack: {1: 0.5, 2: 0.7}}\n"},
         err="p.yaml: defender.cossack: expected probabilities that add up to 1"),  # fmt: skip
    Case("hussars-probability-0.3", "wrong", ("battle", "{d}/p.yaml"),
         files={"p.yaml": "game: hussars\nattacker: {cossack: 2}\ndefender: {cossack: {1: 0.3}}\n"},
         err="p.yaml: defender.cossack: expected probabilities that add up to 1"),  # fmt: skip
    # ---- misleading messages ----
    Case("yaml-null-key", "message", ("battle", "{d}/n.yaml"),
         files={"n.yaml": "game: principes\nnull: {knight: 1}\ndefender: {knight: 1}\n"},
         err="n.yaml: null: expected a key that is a name"),  # fmt: skip
    Case("save-result-is-folder", "message", (*P_BATTLE, "--save", "{d}/out"),
         err="--save: expected a writable directory, found '", mutate=_folder("out/result.json"),
         check=_nothing_computed("out")),  # fmt: skip
    Case("experiment-to-battle", "message", ("battle", P_EXP), err="a full-game experiment: sim run FILE plays it"),
    Case("experiment-to-compare", "message", ("compare", SIX, P_EXP), err="a full-game experiment: sim run FILE"),
    Case("scenario-to-run", "message", ("run", SIX), err="six-vs-six.yaml: expected a full-game experiment"),
    # ---- large honest inputs ----
    Case("yaml-400k-list", "message", ("battle", "{d}/long.yaml"), err="long.yaml: question: expected text",
         files={"long.yaml": "game: principes\nattacker: {knight: 1}\ndefender: {knight: 1}\nquestion:\n"
                + "  - a\n" * 400_000}, timeout=60),  # fmt: skip
]
CASES += ROUND_3


def _folder_as_chunk(d: Path) -> None:
    first = _chunks(d)[0]
    first.unlink()
    first.mkdir()


# ---- running a case -------------------------------------------------------------------------------------------


def materialise(case: Case, d: Path) -> tuple[str, ...]:
    d.mkdir(parents=True, exist_ok=True)
    for name, body in case.files.items():
        path = d / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(body) if isinstance(body, bytes) else path.write_text(body)
    return tuple(a.replace("{d}", str(d)) for a in case.argv)


def judge(case: Case, d: Path, code: int | None, out: str, err: str, seconds: float) -> str | None:
    """What is wrong with one run of a case (None: it passed)."""
    err = ANSI.sub("", err)  # a terminal's colours
    if code is None:
        return f"no answer within {case.timeout:.0f} s"
    if ("Traceback" in err or "Traceback" in out) and not case.traceback:
        return "a traceback: " + (err or out).strip().splitlines()[-1][:200]
    if "internal error" in err:
        return "internal error: " + err.strip().splitlines()[-1][:160]
    if code != case.code:
        return f"exit {code}, expected {case.code}: {(err.strip().splitlines() or [''])[-1][:160]}"
    lines = [line for line in err.splitlines() if line.startswith("error:")]
    if case.traceback and (len(lines) != 1 or not err.strip().splitlines()[-1].startswith("error:")):
        return f"not a traceback then one error line: {err.strip()[-300:]!r}"
    if case.code == 2 and not case.traceback and (len(lines) != 1 or len(err.strip().splitlines()) > 3):
        return f"not one error line: {err.strip()[:200]!r}"
    if case.err and case.err not in err:
        return f"stderr lacks {case.err!r}: {err.strip()[-200:]!r}"
    if case.out and case.out not in out:
        return f"stdout lacks {case.out!r}"
    if len(err) > 4000 and case.code == 2 and not case.traceback:
        return f"an error message of {len(err)} characters"
    if case.check is not None:
        return case.check(d, out, err)
    return None


def run_in_process(case: Case, d: Path) -> tuple[int, str, str]:
    """``sim.cli.main(argv)`` in this process: its exit code, stdout and stderr."""
    import contextlib
    import io

    from sim.cli import main

    out, err = io.StringIO(), io.StringIO()
    code = 0
    saved = {k: os.environ.get(k) for k in case.env}
    os.environ.update(case.env)
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            main(list(case_argv(case, d)))
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        except BaseException as exc:  # noqa: BLE001 - a traceback is what the audit looks for
            import traceback

            err.write("Traceback (in process)\n" + "".join(traceback.format_exception(exc)))
            code = 1
        finally:
            for key, value in saved.items():
                os.environ.pop(key) if value is None else os.environ.__setitem__(key, value)
    return code, out.getvalue(), err.getvalue()


def case_argv(case: Case, d: Path) -> tuple[str, ...]:
    return tuple(a.replace("{d}", str(d)) for a in case.argv)


def sim_command() -> list[str]:
    return [sys.executable, "-c", "from sim.entry import main; main()"]


def _default_sigint() -> None:
    """A background shell job starts with SIGINT ignored, and Python then never raises KeyboardInterrupt."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def run_process(case: Case, d: Path, argv: tuple[str, ...], max_rss: int = 3 << 30) -> tuple[int | None, str, str]:
    """A real ``sim`` process, killed (code None) past its time bound or ``max_rss`` bytes of memory.

    Its stderr is a terminal (a pty), as a user's is, so it draws its progress bar: a case with ``interrupt`` gets
    its signal once the bar shows (the run has started, with an ETA)."""
    import fcntl
    import pty
    import struct
    import termios
    import threading

    import psutil

    env = {**os.environ, "PYTHONUNBUFFERED": "1", "COLUMNS": "120", **case.env}
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 120, 0, 0))  # 0 columns: tqdm would draw nothing
    proc = subprocess.Popen(
        [*sim_command(), *argv], cwd=d, stdout=subprocess.PIPE, stderr=slave, env=env,
        start_new_session=True, preexec_fn=_default_sigint,
    )  # fmt: skip
    os.close(slave)
    chunks: list[bytes] = []
    outs: list[bytes] = []

    def read_pty() -> None:
        while True:
            try:
                data = os.read(master, 4096)
            except OSError:  # EIO: every writer closed the terminal
                return
            if not data:
                return
            chunks.append(data)

    readers = [
        threading.Thread(target=read_pty, daemon=True),
        threading.Thread(target=lambda: outs.extend(iter(lambda: proc.stdout.read1(4096), b"")), daemon=True),
    ]  # threads, not read(): a worker that outlives its run would hold the pipes open forever
    for reader in readers:
        reader.start()
    deadline, signalled = time.time() + case.timeout, False
    code = None
    while time.time() < deadline:
        code = proc.poll()
        if code is not None:
            break
        try:
            if psutil.Process(proc.pid).memory_info().rss > max_rss:
                break
        except psutil.NoSuchProcess:
            pass
        text = b"".join(chunks).decode(errors="replace")
        if case.interrupt and not signalled and ("%|" in text or "/s]" in text):
            time.sleep(0.5)
            os.kill(proc.pid, getattr(signal, "SIG" + case.interrupt))
            signalled = True
        time.sleep(0.05)
    if code is None:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    for reader in readers:
        reader.join(timeout=5)
    os.close(master)
    out, err = b"".join(outs).decode(errors="replace"), b"".join(chunks).decode(errors="replace")
    err = err.replace("\r\n", "\n")
    if code is not None and code < 0:
        code = 128 - code
    return code, out, err


def prepare(case: Case, d: Path, in_process: bool) -> str | None:
    materialise(case, d)
    for step in case.before:
        argv = tuple(a.replace("{d}", str(d)) for a in step)
        pre = Case("before", case.cls, argv, timeout=120)
        code, _, err = run_in_process(pre, d) if in_process else run_process(pre, d, argv)
        if code != 0:
            return f"setup {argv[:3]} failed: {err.strip()[-200:]}"
    if case.mutate is not None:
        case.mutate(d)
    return None


def audit(root: Path, only: str = "") -> dict[str, list[tuple[str, str]]]:
    """Run every case in a subprocess; failures by class."""
    failures: dict[str, list[tuple[str, str]]] = {}
    for case in CASES:
        if only and only not in case.id:
            continue
        d = root / case.id
        problem = prepare(case, d, in_process=False)
        started = time.time()
        if problem is None:
            code, out, err = run_process(case, d, case_argv(case, d))
            problem = judge(case, d, code, out, err, time.time() - started)
        mark = "FAIL" if problem else "ok"
        print(f"{mark:4} {case.cls:8} {case.id:30} {problem or ''}", flush=True)
        if problem:
            failures.setdefault(case.cls, []).append((case.id, problem))
    return failures


if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory(prefix="sim-audit-") as tmp:
        failed = audit(Path(tmp), sys.argv[1] if len(sys.argv) > 1 else "")
    counts = {cls: sum(c.cls == cls for c in CASES) for cls in dict.fromkeys(c.cls for c in CASES)}
    print("failing / cases by class: " + ", ".join(f"{k} {len(failed.get(k, []))}/{n}" for k, n in counts.items()))
