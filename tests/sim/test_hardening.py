"""Issue 18's audit (and issue 45's round 3) as regression tests: every case of ``hardening_cases.CASES`` gets a
clean answer.

The quick cases run in this process (``sim.cli.main``); the ones about signals, hangs and worker processes run
as real processes (one representative in the default suite, the rest behind ``full``).
"""

from __future__ import annotations

import pytest

from tests.sim.hardening_cases import CASES, ROOT, case_argv, judge, prepare, run_in_process, run_process

QUICK = [c for c in CASES if not c.proc]
PROCESSES = [c for c in CASES if c.proc]
DEFAULT_PROCESS = "ctrl-c-message"  # the representative (test_faults.py has a SIGTERM of a 2-worker run)


@pytest.mark.parametrize("case", [pytest.param(c, marks=pytest.mark.full if c.slow else (), id=c.id) for c in QUICK])
def test_audit_case_in_process(case, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    problem = prepare(case, tmp_path, in_process=True)
    assert problem is None, problem
    code, out, err = run_in_process(case, tmp_path)
    problem = judge(case, tmp_path, code, out, err, 0.0)
    assert problem is None, f"{case.id} ({case.cls}): {problem}"


@pytest.mark.parametrize(
    "case",
    [pytest.param(c, marks=() if c.id == DEFAULT_PROCESS else pytest.mark.full, id=c.id) for c in PROCESSES],
)
def test_audit_case_as_a_process(case, tmp_path):
    problem = prepare(case, tmp_path, in_process=False)
    assert problem is None, problem
    code, out, err = run_process(case, tmp_path, case_argv(case, tmp_path))
    problem = judge(case, tmp_path, code, out, err, 0.0)
    assert problem is None, f"{case.id} ({case.cls}): {problem}"


def test_the_table_covers_every_class_of_the_audit():
    assert {c.cls for c in CASES} == {"crash", "hang", "wrong", "message", "fault", "usage",  # issue 18
                                      "tampered", "special", "limit", "number"}  # issue 45
    assert len({c.id for c in CASES}) == len(CASES)


def _readme_section(title: str) -> str:
    text = (ROOT / "README.md").read_text()
    start = text.index(f"## {title}\n")
    return text[start : text.index("\n## ", start + 1)]


def test_the_readme_error_lines_are_what_sim_prints(tmp_path, monkeypatch):
    import shlex

    from tests.fuzz.harness import invoke

    monkeypatch.chdir(tmp_path)
    lines = _readme_section("Bad input").splitlines()  # a text block: tests/test_readme.py runs console ones
    shown = [(line[2:], lines[i + 1]) for i, line in enumerate(lines) if line.startswith("$ sim ")]
    assert len(shown) == 3
    for command, expected in shown:
        code, _, err, _ = invoke(shlex.split(command)[1:])
        assert code == 2 and err.strip() == expected, (command, err)


def test_the_readme_caps_are_the_schemas_caps():
    from sim import config
    from sim.config import load_ruleset
    from sim.schemas import hussars, principes

    text = " ".join(_readme_section("Bad input").split())
    for phrase in (
        f"Principes {principes.MAX_UNITS:,} units of a type, {principes.MAX_CARDS} cards of a symbol and "
        f"{principes.MAX_BONUS:,} fixed swords",
        f"Dark Ages {load_ruleset('dark_ages').files['rules'].values['battle']['max_units_per_side']} units a side",
        f"Hussars {hussars.MAX_TOKENS} tokens of a kind and {hussars.MAX_PAIRS:,} pairs of army compositions "
        f"({hussars.MAX_PAIRS_FULL} under the full rules)",
        f"a rules whole number ±{config.MAX_RULE_INT:,}",
        f"at most {config.MAX_YAML_BYTES >> 20} MB, nested at most {config.MAX_DEPTH} levels",
        f"aliases repeating at most {config.MAX_YAML_NODES:,} values",
    ):
        assert phrase in text, phrase
