"""Winged Hussars and Cossacks: simplified and Tactic-card battles, equilibria, and character odds."""
