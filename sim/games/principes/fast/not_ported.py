"""The reference functions the compiled engine has no twin of, and why (``tests/games/principes/fast/test_twins.py``
fails on a reference function that neither a compiled docstring names nor this table lists).

Keys are full dotted names: a module (every function in it) or a function or method.
"""

CHECKS = "checks a strategy's decision: the compiled policies build only legal ones"
NON_PLAYER = "a non-player Prince's lands: read inline by the compiled ``dynasty.respawn``"
MODULES = {
    "sim.games.principes.game.scenario": "hand-built positions for tests and rulebook examples, not a rule",
    "sim.games.principes.game.arrays": "the reference state as numpy arrays, a test bridge of its own",
    "sim.games.principes.game.readings": "checks of the rule set when it loads (Python, before any game)",
}
FUNCTIONS = {
    "sim.games.principes.reference.monte_carlo": "the plain-Python battle baseline of make bench",
    "sim.games.principes.game.nonplayers.player_values": "players.yaml, read into the tables (``setup``)",
    "sim.games.principes.game.nonplayers.combined_values": "players.yaml, read into the tables (``setup``)",
    "sim.games.principes.game.nonplayers.movable": "read inline by the compiled ``nonplayers.random_choice``",
    "sim.games.principes.game.dynasty.home_lands": NON_PLAYER,
    "sim.games.principes.game.dynasty.respawn_lands": NON_PLAYER,
    "sim.games.principes.game.movement.check_moves": CHECKS,
    "sim.games.principes.game.neighbors.path_ok": CHECKS,
    "sim.games.principes.game.neighbors.check_moves": CHECKS,
    "sim.games.principes.game.neighbors.check_play": CHECKS,
    "sim.games.principes.game.history.invaders.path_ok": CHECKS,
    "sim.games.principes.game.history.invaders.check": CHECKS,
    "sim.games.principes.game.rounds.check_plan": CHECKS,
}
