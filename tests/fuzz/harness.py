"""Run ``sim`` in this process inside an empty directory and judge the answer the way the audit of issue 18 did."""

from __future__ import annotations

import collections
import contextlib
import io
import os
import signal
import tempfile
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OUTPUT_FLAGS = ("--save", "-o", "--out", "--plot")
TRIED: collections.Counter = collections.Counter()  # inputs tried, by input class (the fuzz test's name)


def count(cls: str | None = None) -> None:
    """One more input of ``cls`` (default: the running test's name, without its parameters)."""
    if cls is None:
        test = os.environ.get("PYTEST_CURRENT_TEST", "?").split("::")[-1].split(" ")[0]
        cls = test.split("[")[0]
    TRIED[cls] += 1


def invoke(argv: list[str], bound: float | None = None) -> tuple[int, str, str, float]:
    """``sim.cli.main(argv)`` here: exit code, stdout, stderr and seconds (a raised exception counts as code 1).

    With ``bound``, a command still running after ``bound`` seconds is stopped as SIGALRM would stop it (exit 142),
    so a hang fails the test instead of stalling the suite."""
    from sim.cli import main
    from sim.errors import Interrupted

    count()

    def alarm(signum, frame):
        raise Interrupted(signum)

    out, err = io.StringIO(), io.StringIO()
    started = time.perf_counter()
    code = 0
    previous = signal.signal(signal.SIGALRM, alarm) if bound else None
    if bound:
        signal.setitimer(signal.ITIMER_REAL, bound)
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            main(list(argv))
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        except BaseException as exc:  # noqa: BLE001 - exactly what the fuzz suite looks for
            err.write("Traceback (in process)\n" + "".join(traceback.format_exception(exc)))
            code = 1
        finally:
            if bound:
                signal.setitimer(signal.ITIMER_REAL, 0)
                signal.signal(signal.SIGALRM, previous)
    return code, out.getvalue(), err.getvalue(), time.perf_counter() - started


def problems(code: int, out: str, err: str, seconds: float, bound: float) -> list[str]:
    """What is wrong with an answer: any exit but 0 or 2, a traceback, "internal error", more than one error line,
    or more than ``bound`` seconds."""
    found = []
    if code not in (0, 2):
        found.append(f"exit {code}")
    if "Traceback" in err or "Traceback" in out:
        found.append("a traceback: " + err[-600:])
    if "internal error" in err:
        found.append("internal error: " + err.strip().splitlines()[-1][:300])
    if code == 2 and sum(line.startswith("error:") for line in err.splitlines()) != 1:
        found.append(f"not one error line: {err[-300:]!r}")
    if code == 2 and len(err) > 2000:
        found.append(f"an error of {len(err)} characters")
    if seconds > bound:
        found.append(f"{seconds:.1f} s, over the {bound:.0f} s bound")
    return found


def _tree(folder: Path) -> set[Path]:
    return {p.relative_to(folder) for p in folder.rglob("*")} if folder.exists() else set()


@contextlib.contextmanager
def sandbox():
    """An empty working directory; on the way out, every file left there must be under an output path."""
    before_root = set(os.listdir(ROOT))
    with tempfile.TemporaryDirectory(prefix="sim-fuzz-") as tmp:
        old = os.getcwd()
        os.chdir(tmp)
        box = Sandbox(Path(tmp))
        try:
            yield box
        finally:
            os.chdir(old)
        box.strays = [str(p) for p in _tree(Path(tmp)) if not box.allowed(p)]
        box.strays += [f"{ROOT}/{name}" for name in set(os.listdir(ROOT)) - before_root]


class Sandbox:
    def __init__(self, folder: Path):
        self.folder = folder
        self.outputs: list[Path] = []
        self.strays: list[str] = []

    def argv(self, argv: list[str]) -> list[str]:
        """Note the output paths ``argv`` names (relative to the sandbox)."""
        for i, token in enumerate(argv):
            flag, _, value = token.partition("=")
            if flag in OUTPUT_FLAGS:
                value = value or (argv[i + 1] if i + 1 < len(argv) else "")
                if value:
                    self.outputs.append(Path(os.path.relpath(Path(self.folder, value), self.folder)))
        return argv

    def input(self, name: str) -> Path:
        """Where a test writes an input file (not an output, but not a stray either)."""
        (self.folder / "in").mkdir(exist_ok=True)
        return self.folder / "in" / name

    def allowed(self, path: Path) -> bool:
        parts = path.parts
        if parts[:1] == ("in",):
            return True
        if any(out.parts == parts[: len(out.parts)] or parts == out.parts[: len(parts)] for out in self.outputs):
            return True
        return path.name == "__pycache__" or "__pycache__" in parts
