"""The fuzz suite's measure (issue 45): how many inputs it tried, and over how many input classes."""

from tests.fuzz.harness import TRIED


def pytest_terminal_summary(terminalreporter):
    if TRIED:
        terminalreporter.write_line(
            f"fuzz: {sum(TRIED.values()):,} inputs tried over {len(TRIED)} input classes: "
            + ", ".join(f"{name} {n:,}" for name, n in sorted(TRIED.items()))
        )
