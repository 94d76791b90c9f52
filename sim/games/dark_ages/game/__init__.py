"""A full Dark Ages: Holy Roman Empire game in plain Python, one module per idea.

``context`` loads the static data once per process; ``state`` holds one game's mutable position; ``setup`` deals a
game; ``economy``, ``building``, ``culture``, ``military`` and ``reacting`` list and apply the legal moves of each
action and reaction; ``passing`` is the Pass procedure and Titles; ``ending`` the end triggers and final scoring;
``loop`` plays a whole game with one strategy per seat; ``invariants`` checks a position. Rule functions shared with
the rulebook tests (costs, offer, reactions, research, titles, upkeep, scoring, production) are reused, not copied.
"""
