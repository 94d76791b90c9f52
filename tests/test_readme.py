"""The README is the user's manual, so it is tested: every `sim` command it shows runs and exits 0; where it
prints a command's output, each number shown is checked against a fresh run (a Monte Carlo estimate within the
fresh run's 95% interval, every other number exactly as printed, run times aside); every Python block runs.

Commands run in this process (``sim.cli.main``), so the compiled engines load once; files they write (``-o``,
``--save``, ``--plot``) go to a temporary directory.
"""

from __future__ import annotations

import os
import re
import shlex
from pathlib import Path

import matplotlib
import pytest

from sim.cli import main

matplotlib.use("Agg")
ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text()
FENCE = re.compile(r"^( *)```(\w*)\n(.*?)^ *```", re.S | re.M)
NUMBER = re.compile(r"[-+−]?\d[\d,]*(?:\.\d+)?%?")
INTERVAL = re.compile(r"\[\s*([-+−]?\d[\d,]*(?:\.\d+)?%?),\s*([-+−]?\d[\d,]*(?:\.\d+)?%?)\]")
OUTPUT_FLAGS = ("-o", "--out", "--save", "--plot")

def _blocks(kind: str) -> list[str]:
    """The bodies of the fenced blocks of one language, dedented (blocks inside list items are indented)."""
    out = []
    for indent, lang, body in FENCE.findall(README):
        if lang == kind:
            out.append("\n".join(line[len(indent):] for line in body.splitlines()) + "\n")
    return out


def _join(lines: list[str]) -> list[str]:
    """Shell lines with ``\\`` continuations joined, comments dropped."""
    out, current = [], ""
    for line in lines:
        line = line.split("  #")[0].rstrip() if "  #" in line else line.rstrip()
        current += line.removesuffix("\\").strip() + " "
        if not line.endswith("\\"):
            out.append(current.strip())
            current = ""
    return [c for c in out if c]


def console_examples() -> list[tuple[str, list[str]]]:
    """(command, output lines shown) of every ``$ sim …`` in a console block."""
    examples = []
    for body in _blocks("console"):
        lines = body.splitlines()
        i = 0
        while i < len(lines):
            if lines[i].startswith("$ sim "):
                command = [lines[i][2:]]
                while command[-1].endswith("\\"):
                    i += 1
                    command.append(lines[i])
                i += 1
                shown = []
                while i < len(lines) and not lines[i].startswith("$ "):
                    shown.append(lines[i])
                    i += 1
                examples.append((_join(command)[0], shown))
            else:
                i += 1
    return examples


def shown_commands() -> list[str]:
    """Every sim command in sh blocks, console blocks and inline code in the prose."""
    commands = []
    for body in _blocks("sh"):
        commands += [c for c in _join(body.splitlines()) if c.startswith("sim ")]
    commands += [c for c, _ in console_examples()]
    prose = FENCE.sub("", README)
    for span in re.findall(r"`(sim\s[^`]+)`", prose):
        commands.append(" ".join(span.split()))
    return list(dict.fromkeys(commands))


PLACEHOLDERS = {"FILE": "configs/principes/battles/knights-storm-castle.yaml"}  # `sim battle FILE --json`
SERVERS = ("serve",)  # commands that start a server and wait: their flags must parse


def _argv(command: str, tmp: Path) -> list[str]:
    argv = [PLACEHOLDERS.get(a, a) if i else a for i, a in enumerate(shlex.split(command)[1:])]
    if len(argv) <= 2 and not any(a.startswith("-") for a in argv) and not any("/" in a for a in argv):
        if len(argv) == 1 or argv[0] in ("battle", "run", "report", "sweep", "compare"):
            return [*argv[:1], "--help"]  # a command's bare name in the prose: its help must work
    for i, arg in enumerate(argv[:-1]):
        if arg in OUTPUT_FLAGS and not argv[i + 1].startswith("out/runs/"):
            argv[i + 1] = str(tmp / argv[i + 1])
    # a saved run is written and read again under the temporary directory
    return [str(tmp / a) if a.startswith("out/runs/") else a for a in argv]


def parse_only(argv: list[str]) -> None:
    """A cluster command (a remote scheduler, 10^10 trials) cannot run here: its flags must parse."""
    from sim.cli import cli

    ctx = cli.make_context("sim", list(argv[:1]), resilient_parsing=True)
    command = cli.get_command(ctx, argv[0])
    if hasattr(command, "get_command"):  # a group: sim battle GAME|FILE …
        command.get_command(ctx, argv[1]).make_context(argv[1], argv[2:])
    else:
        command.make_context(argv[0], argv[1:])


def run(command: str, tmp: Path, capsys) -> str:
    argv = _argv(command, tmp)
    if "tcp://" in command or (argv[0] in SERVERS and "--help" not in argv):
        parse_only(argv)
        return ""
    capsys.readouterr()
    try:
        main([*argv, "--no-progress"] if _takes_progress(argv) else argv)
    except SystemExit as exc:
        err = capsys.readouterr().err
        assert exc.code == 0, f"{command} exited {exc.code}: {err}"
    return capsys.readouterr().out


def _takes_progress(argv: list[str]) -> bool:
    return bool(argv) and argv[0] in ("battle", "run", "report", "sweep", "compare", "demo") and "--help" not in argv


COMMANDS = shown_commands()


@pytest.fixture(scope="module")
def workdir(tmp_path_factory):
    previous = os.getcwd()
    os.chdir(ROOT)
    yield tmp_path_factory.mktemp("readme")
    os.chdir(previous)


def test_the_readme_shows_commands_and_outputs():
    assert len(COMMANDS) >= 30 and len(console_examples()) >= 4 and len(_blocks("python")) >= 3


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_runs(command, workdir, capsys):
    run(command, workdir, capsys)  # a --save run comes before the report of its folder, as in the README


def _value(token: str) -> float:
    return float(token.replace(",", "").replace("%", "").replace("−", "-"))


def _mask(line: str) -> str:
    return " ".join(NUMBER.sub("#", line).split())


def check_output(shown: list[str], actual: str) -> None:
    """Each shown line (``...`` skips) appears in order in the actual output with the same words; its numbers
    match: an estimate in a row with a 95% interval lies within the fresh interval (and the shown interval's
    bounds within one interval width of the fresh bounds); other numbers as printed; run times are skipped."""
    lines = actual.splitlines()
    at = 0
    for line in shown:
        if not line.strip() or line.strip() in ("...", "…"):
            continue
        masked = _mask(re.sub(r"\d+\.\d+ s\b", "T s", line))
        for j in range(at, len(lines)):
            if _mask(re.sub(r"\d+\.\d+ s\b", "T s", lines[j])) == masked:
                break
        else:
            raise AssertionError(f"README line not in the output:\n  {line}\noutput:\n{actual}")
        fresh, at = lines[j], j + 1
        a, b = (re.sub(r"\d+\.\d+ s\b", "", x) for x in (line, fresh))
        ours, theirs = NUMBER.findall(a), NUMBER.findall(b)
        interval = INTERVAL.search(b)
        if interval and ours and "%" not in interval[0]:
            lo, hi = _value(interval[1]), _value(interval[2])
            width = hi - lo
            estimate_at = next(k for k, t in enumerate(theirs) if t == interval[1]) - 1
            assert lo - 5e-5 <= _value(ours[estimate_at]) <= hi + 5e-5, f"{line!r}: outside [{lo}, {hi}]"
            for k in (estimate_at + 1, estimate_at + 2):
                assert abs(_value(ours[k]) - _value(theirs[k])) <= width + 1e-4, f"{line!r}: interval moved"
            skip = {estimate_at, estimate_at + 1, estimate_at + 2}
        else:
            skip = set()
        for k, (x, y) in enumerate(zip(ours, theirs, strict=True)):
            if k not in skip:
                assert x == y, f"README shows {x}, the command gives {y}:\n  {line}\n  {fresh}"


@pytest.mark.parametrize("command,shown", console_examples(), ids=[c for c, _ in console_examples()])
def test_printed_numbers_match(command, shown, workdir, capsys):
    check_output(shown, run(command, workdir, capsys))


@pytest.mark.parametrize("index", range(len(_blocks("python"))))
def test_python_blocks_run(index, workdir, tmp_path):
    code = _blocks("python")[index]
    if "class Hoarder" in code:  # a strategy file: importing it must work, and the plan must answer
        namespace: dict = {}
        exec(compile(code, f"README python block {index}", "exec"), namespace)
        assert namespace["Hoarder"].name == "hoarder"
        return
    code = code.replace('"out/', f'"{tmp_path}/out/')
    namespace = {}
    exec(compile(code, f"README python block {index}", "exec"), namespace)
    import matplotlib.pyplot as plt

    plt.close("all")


def test_check_output_catches_a_wrong_number():
    actual = "  attacker_win   0.2226  [0.2218, 0.2235]  0.2222\nprincipes battle: 10 trials, seed 1, 0.12 s"
    check_output(["  attacker_win   0.2230  [0.2219, 0.2236]  0.2222", "principes battle: 10 trials, seed 1, 9.00 s"],
                 actual)  # fmt: skip
    with pytest.raises(AssertionError):
        check_output(["  attacker_win   0.2200  [0.2192, 0.2208]  0.2222"], actual)  # outside the fresh interval
    with pytest.raises(AssertionError):
        check_output(["  attacker_win   0.2226  [0.2218, 0.2235]  0.2221"], actual)  # an exact value differs
    with pytest.raises(AssertionError):
        check_output(["principes battle: 11 trials, seed 1, 0.12 s"], actual)  # a count differs
