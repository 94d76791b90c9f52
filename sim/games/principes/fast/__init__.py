"""A compiled (numba) Principes full-game engine: the reference engine's 4-player game with the History Cards, the
Neighbor Cards, the printed Progress Tiles, the Court texts and the Princesses each on or off.

It plays the same game as ``sim.games.principes.game`` driven by ``driver.play_game`` with the four built-in
strategies (random, builder, conqueror, politician, any parameter overrides): the six actions, control and Might,
battles (die, Masovia's reroll, coin loot, the brute-force best card play of ``reference.play_cards``, withdrawal,
People +-1, Prince deaths and succession, the Battle Card draw and the hand limit), the Council and coronation,
old age at the end of Periods I and II, elimination, the generic Progress Tiles; the History deck and its icons
(Division, Urbanization, Release to Home, Common Council, Balt Raid, Teutonic Knights, Mongol Invasion, with the
Invaders' movement, battles and devastation: ``history``); Court Cards played for their assumed text effect
(``court: true``); the Princesses' missions, court work and removal (``princesses: true``: ``princesses``); the
12 Neighbor Cards by identity, played before a Politics Action to move the Neighbors' figures, blocked by the
others, with their battles and destruction (``neighbors: true``: ``neighbors``); the printed Progress Tiles
(``progress: tiles``: ``tiles``) with the Market refilled after the action, German Settlers, Chronicle, Church
Schools, New Mechanisms, the assumed +1 gold and every explained effect (Border Guards stop the players', the
Invaders' and the Neighbors' figures alike).
Drawing on the same stream (``sim.lockstep.LockstepRandom``) the reference plays exactly the same games, state by
state (the tests check it); not ported: 2-3 players, solo and the module-effects mode (``dispatch`` sends those
experiments to the reference).

- ``layout``: the flat state vector ``S`` and constants vector ``C`` (offsets), compiled from the board and rules,
  and the bridge to and from a reference ``State``.
- ``kernels``: the rules (control, cards, battle, dynasty, actions, progress, rounds, invariants) ported from
  ``sim.games.principes.game`` as njit functions over ``S`` and ``C``.
- ``strategies``: the built-in strategies compiled to parameter rows, and their decisions as njit functions.
- ``history``: the History Cards (``game.history``): the deal, the icons, the Invaders, the ``history_*`` hooks.
- ``princesses``: the Princesses (``game.princesses``) and the ``princess*`` hooks.
- ``neighbors``: the Neighbors (``game.neighbors``) and the ``neighbor_*`` hooks.
- ``tiles``: the printed Progress Tiles (``game.tiles``): the Market, picks, placement, the Progress Action and the
  tiles firing after an action; the effect queries the other rules ask (``tile_param``, ``holds``, ``hand_limit``,
  ``guarded``, ``move_points``, ``council_bonus``) are in ``kernels``.
- ``chunk``: a whole game, and the chunk kernel that plays games ``start .. start+count-1`` on counter-based
  streams and returns the counts and rows of ``sim.games.principes.experiment.play_chunk``.
- ``dispatch``: the experiment key ``engine: auto | fast | reference``.

Speed (this 2-core machine): History off about 6,700 complete 4-player games/s on one core, 13,000 on two (about
120-140x the reference per core); History on about 5,400 on one core, 10,000 on two; every module on (History,
Neighbors, printed tiles, Court texts, Princesses) about 3,200 on one core and 6,400 on two (about 100x). numba caches
the machine code (``cache=True``); a cold compile takes about a minute, and ``sim.numba_cache.guard`` below drops the
cache when any source changed (numba tracks only each function's own file).
"""

from pathlib import Path as _Path

from sim.numba_cache import guard as _guard

_guard(_Path(__file__).resolve().parent)
