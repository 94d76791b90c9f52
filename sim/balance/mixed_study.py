"""What ``sim run`` echoes for an experiment with mixed seats (``sim.echo.study_line`` reads its fields)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class MixedStudy:
    seats: dict  # faction (or seat, when rotated) -> "plan weight, plan weight"
    rotate: bool
    options: dict  # the other experiment keys (history, modules, rules, ...)
