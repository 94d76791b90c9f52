"""Issue 18's audit as regression tests: every case of ``hardening_cases.CASES`` gets a clean answer.

The quick cases run in this process (``sim.cli.main``); the ones about signals, hangs and worker processes run
as real processes (one representative in the default suite, the rest behind ``full``).
"""

from __future__ import annotations

import pytest

from tests.sim.hardening_cases import CASES, case_argv, judge, prepare, run_in_process, run_process

QUICK = [c for c in CASES if not c.proc]
PROCESSES = [c for c in CASES if c.proc]
DEFAULT_PROCESS = "sigterm-message"  # the representative: a 2-worker run stopped by SIGTERM says how to resume


@pytest.mark.parametrize("case", QUICK, ids=[c.id for c in QUICK])
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
    assert {c.cls for c in CASES} == {"crash", "hang", "wrong", "message", "fault", "usage"}
    assert len({c.id for c in CASES}) == len(CASES)
