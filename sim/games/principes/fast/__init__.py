"""The compiled (numba) Principes full-game engine: the twin of ``sim.games.principes.game``, module by module.

It plays the same game as the reference engine driven by ``driver.play_game`` with the four built-in strategies
(random, builder, conqueror, politician, any parameter overrides): the 4-player game with the History Cards, the
Neighbor Cards, the printed Progress Tiles, the Court texts and the Princesses each on or off. Drawing on the same
stream (``sim.lockstep.LockstepRandom``) the reference plays exactly the same games, state by state (the tests
compare the whole state after every action). It also plays the 2-3 player game in both variants (the active
variant's Combined Actions: ``nonplayers``), the variant without elimination, solo mode at every level (``solo``,
``solo_experiment``: the solo plan and the built-in plans) and the History Cards blanked one by one
(``setup.BLANKED``: the ``history-card-effects`` study). Custom Python strategies play on the reference
(``dispatch``).

Layout (each module the named twin of the reference module of the same name; every function's docstring names its
twin, first, in double backticks):

- ``state``: the game position, one record of ``state.STATE`` (``sim.layout``: fields declared once with the bridge
  to and from a reference ``State``), and the State's reads (``figures``, ``add_units``, ``clamp``, ...).
- ``setup``: the rule tables, one record of ``setup.TABLES`` compiled from the experiment's rule set (every rules
  file, overrides included; cached per ``rules.digest``). Kernels take both records as arguments, so no rules value is
  frozen into machine code and a changed value needs no recompile.
- the rules (``control``, ``effects``, ``cards``, ``battles``, ``dynasty``, ``turn_order``, ``victory``, ``rounds``,
  ``taxes``, ``assembly``, ``movement``, ``building``, ``politics``, ``progress``, ``tiles``, ``court``,
  ``princesses``, ``neighbors``, ``history/*``, ``invariants``): rule effects, no decisions (``apply``).
- ``legal`` and ``policy/*`` (``params``, ``scripted``, ``random_legal``, ``hooks``): the strategies' decisions
  (``decide``), built from the legal lists in the reference's order.
- the flow (``driver``, ``history.deck``): ask a seat's policy, hand the answer to the rules; ``chunk``: the chunk
  kernel behind ``experiment.play_chunk``; ``stream``: the game's random stream; ``dispatch``: ``engine: auto``.

Speed (this 2-core machine): History off about 6,700 complete 4-player games/s on one core, 13,000 on two (about
120-140x the reference per core); every module on (History, Neighbors, printed tiles, Court texts, Princesses) about
3,200 on one core and 6,400 on two (about 100x). numba caches the machine code (``cache=True``); a cold compile takes
about a minute and a half, and ``sim.numba_cache.guard`` below drops the cache when any source of the package
(subpackages included) changed (numba tracks only each function's own file).
"""

from pathlib import Path as _Path

from sim.numba_cache import guard as _guard

_search = _Path(__file__).resolve().parents[3] / "search"  # sim.search.searcher: the searcher's compiled decision
_guard(_Path(__file__).resolve().parent, [_search / "searcher.py"], shared=[_search])
