"""Scripted strategies for the full-game simulators: one short file of priorities per plan (none yet)."""
