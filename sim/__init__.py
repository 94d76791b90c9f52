"""sim: Monte Carlo balance and statistics for Principes, Dark Ages: Holy Roman Empire and Winged Hussars."""

from __future__ import annotations

__version__ = "0.1.0"


def battle(game: str, **kwargs):
    """Run one battle-odds question; see ``sim.battles.run_battle`` for the arguments."""
    from sim.battles import run_battle

    return run_battle(game, **kwargs)
