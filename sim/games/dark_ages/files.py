"""Where a Dark Ages loader reads a rules file from: the experiment's rule set (overrides applied) or a path."""

from __future__ import annotations

from pathlib import Path

from sim.config import load_rules


def rules_values(ruleset, stem: str, path: str | Path | None, default: Path) -> tuple[dict, str]:
    """A rules file's values and its name for errors: from ``ruleset`` (``sim.config.RuleSet``, overrides applied)
    when given, else read from ``path`` (default ``default``)."""
    if ruleset is not None:
        return ruleset.values(stem), ruleset[stem].path
    src = str(path or default)
    return load_rules("dark_ages", path=src).values, src
