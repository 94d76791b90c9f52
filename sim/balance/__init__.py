"""Balance under strong play: plans with search spaces, tuned best responses, a meta-game of plans per faction,
its equilibrium and its exploitability (``sim tune``, ``sim balance``; the README's "Balance under strong play").

- ``space``: a plan's ``search:`` block → a space of primitive coordinates, and back to ``params``;
- ``mix``: fields of plans per faction (fixed, rotated, mixed), drawn per game from (seed, i, seat);
- ``games``: one adapter per game (plans, field, one profile's experiment, per-game outcomes);
- ``evaluate``: play a field through the game's own chunk kernel; ``sim run`` on mixed seats;
- ``tune``: one seat's plan against a field (optimizer, common random numbers, held-out paired check);
- ``equilibrium``: the meta-game's equilibrium and its regrets; ``payoff``: the payoff table;
- ``loop``: the policy-space response oracle loop; ``report``: its text, JSON, files; ``cli``: the commands.
"""
