"""sim: Monte Carlo balance and statistics for Principes, Dark Ages: Holy Roman Empire and Winged Hussars.

From Python: ``sim.run`` (a full-game study), ``sim.battle`` (a battle question) and ``study.compare(other)`` (two
studies, paired game by game); see ``sim.api``. (``sim.compare`` is the module behind ``sim compare``.)
"""

from __future__ import annotations

__version__ = "0.1.0"
__all__ = ["battle", "run"]


def run(path_or_dict, **kwargs):
    """Play a full-game study and return its decoded result (``sim.api.run``)."""
    from sim.api import run as _run

    return _run(path_or_dict, **kwargs)


def battle(game: str, **kwargs):
    """Answer one battle question (``sim.api.battle``): ``.summary``, ``.trials``, ``.metrics``, ``.report(path)``."""
    from sim.api import battle as _battle

    return _battle(game, **kwargs)
