"""The reference engine's own error: a plan's decision the rules refuse (raised only in strict mode)."""

from sim.errors import SimError


class IllegalDecision(SimError):
    """A plan asked for something the rules do not allow here."""
