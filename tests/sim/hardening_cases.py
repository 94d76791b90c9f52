"""The audit of issue 18 as a table: every bad or edge input it found, with what a clean answer looks like.

Each case is a command line (``{d}`` is the case's own directory) plus the files it needs. After the fix every
case ends within its time bound, prints no traceback and no "internal error", exits with ``code`` and says
``err`` on stderr (``out`` on stdout). ``tests/sim/test_hardening.py`` runs the table in-process (the quick
cases) and in real processes (the signal cases); ``python tests/sim/hardening_cases.py`` runs every case in a
subprocess with a time and memory bound and prints the failures by class (how the before/after counts of the
issue were taken).

Classes, as the issue names them: ``crash`` (masked crash: "internal error", exit 1), ``hang`` (memory blow-up or
hang), ``wrong`` (wrong answer with exit 0), ``message`` (misleading message), ``fault`` (processes and files left
behind), ``usage`` (click's three-line usage block).
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


# ---- running a case -------------------------------------------------------------------------------------------


def materialise(case: Case, d: Path) -> tuple[str, ...]:
    d.mkdir(parents=True, exist_ok=True)
    for name, body in case.files.items():
        path = d / name
        path.write_bytes(body) if isinstance(body, bytes) else path.write_text(body)
    return tuple(a.replace("{d}", str(d)) for a in case.argv)


def judge(case: Case, d: Path, code: int | None, out: str, err: str, seconds: float) -> str | None:
    """What is wrong with one run of a case (None: it passed)."""
    err = ANSI.sub("", err)  # a terminal's colours
    if code is None:
        return f"no answer within {case.timeout:.0f} s"
    if "Traceback" in err or "Traceback" in out:
        return "a traceback: " + (err or out).strip().splitlines()[-1][:200]
    if "internal error" in err:
        return "internal error: " + err.strip().splitlines()[-1][:160]
    if code != case.code:
        return f"exit {code}, expected {case.code}: {(err.strip().splitlines() or [''])[-1][:160]}"
    lines = [line for line in err.splitlines() if line.startswith("error:")]
    if case.code == 2 and (len(lines) != 1 or len(err.strip().splitlines()) > 3):
        return f"not one error line: {err.strip()[:200]!r}"
    if case.err and case.err not in err:
        return f"stderr lacks {case.err!r}: {err.strip()[-200:]!r}"
    if case.out and case.out not in out:
        return f"stdout lacks {case.out!r}"
    if len(err) > 4000 and case.code == 2:
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
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            main(list(case_argv(case, d)))
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        except BaseException as exc:  # noqa: BLE001 - a traceback is what the audit looks for
            import traceback

            err.write("Traceback (in process)\n" + "".join(traceback.format_exception(exc)))
            code = 1
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

    env = {**os.environ, "PYTHONUNBUFFERED": "1", "COLUMNS": "120"}
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
