"""The compiled (numba) Dark Ages full-game engine: 2-4 player games and Module 1 solo games (Lordlings and
Raiders, every difficulty option), with every module (``dispatch.COMPILED``: 3-15A; solo the six with Solo Support,
3, 4, 6, 7, 12A and 13A, with their Solo Support rules), with the four built-in strategies (any parameters) and any
``rules:`` overrides whose counts fit its capacities.

Each module is the named twin of a reference module of ``game/`` (or of the rules helpers beside it) and every
function's docstring names the reference function it ports (``Twin: ...``; ``tests/games/dark_ages/fast/
test_fast_twins.py`` resolves each name and lists the reference functions without a twin):

- ``layout``: the position, one record of ``STATE`` (``sim.layout.Layout``), its fields declared once with the
  bridge to and from a reference ``Game``; the capacities and enumerations. ``context``: the constant tables, one
  record of ``TABLES`` compiled from the experiment's own validated rule set and cached per ``Context.digest``.
- rules without decisions: ``state``, ``stream``, ``economy``, ``counting``, ``culture``, ``building``,
  ``military``, ``battle_sequence``, ``combat``, ``reacting``, ``reactions``, ``passing``, ``actions``, ``ending``,
  ``setup``, ``invariants``; solo: ``raiders``, ``lordlings``, ``solo_setup``, ``solo_loop``; modules: ``modules``
  (which, their tables, their set-up), ``alchemists``, ``alliances``, ``tribute``, ``pope``, ``grand_buildings``,
  ``commanders``, ``ages_of_war``, ``benjamin``, ``wyrd``, ``distant_campaigns``, ``crusades``, ``rise_of_poland``.
- decisions: ``plans`` (a strategy as a row of ``ST``), ``strategies`` (which action, Title repeat, settling,
  reaction), ``choices`` (the small choices rules ask for mid-effect); ``loop`` asks for a decision, then applies it.
- studies: ``experiment`` and ``solo_experiment``, the chunk kernels behind the reference's ``play_chunk``
  counts and rows; ``dispatch``: the experiment key ``engine: auto | fast | reference``.

Fed the same stream (``sim.lockstep.LockstepRandom``) the reference plays exactly the same games, turn by turn
(the tests compare the whole position after every turn). Kernels read every rules value from the tables record at
run time, so numba freezes no rules value into machine code: a changed YAML value, ``rules:`` or ``--set`` reuses
the cached machine code (``cache=True``); a cold compile takes about 1.5 minutes, and ``sim.numba_cache.guard``
drops the cache when a source of this package changes (numba tracks only each function's own file).
"""

from pathlib import Path as _Path

from sim.numba_cache import guard as _guard

_search = _Path(__file__).resolve().parents[3] / "search"  # sim.search.searcher: the searcher's compiled decision
_guard(_Path(__file__).resolve().parent, [_search / "searcher.py"], shared=[_search])
