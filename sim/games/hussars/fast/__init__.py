"""The compiled (numba) engine of the Winged Hussars and Cossacks full game: the twin of ``sim/games/hussars/game``.

Every rule module of ``game/`` has its twin here under the same name (``armies``, ``estates``, ``law``, ``offices``,
``experience``, ``unrest``, ``movement``, ``sieges``, ``raids``, ``combat``, ``orders``, ``recruiting``, ``enemies``,
``tatars``, ``rebels``, ``hetman``, ``expeditions``, ``bidding``, ``events``, ``refresh``, ``economy``,
``succession``, ``titles``, ``victory``, ``turn``, ``setup``, ``loop``, ``tactics``), each doing what its twin does in
the same order and drawing the same random numbers. The battle code's twins are ``clash`` (``full.clash``), ``full``
(its legality, line-up and finish) and ``simplified``. Decisions are apart from the rules: ``policy`` (a seat's turn
and its bids: the scripted and random-legal plans of ``strategies/hussars``) and ``reactions`` (interceptions,
ransom, Swift Support, debts, vetoes).

Data: the position is one record of ``state.STATE`` (``game.state.fields`` at the fixed capacities of
``tables.CAP``), the rules one record of ``tables.RULES`` built per experiment from the validated ``GameRules``
(no rules value is compiled into the machine code), the plans one record each of ``params.PLAN``. ``chunk`` plays
whole games (``fast_rows``: the rows ``sim.games.hussars.experiment`` tallies) and traces them for the lockstep tests;
``dispatch`` is the experiment key ``engine: auto | fast | reference``. Calls pass flags and constants as numpy
scalars (``YES``/``NO``, ``np.int64(...)``), not Python literals, so numba compiles one specialization per function.

numba caches the machine code (``cache=True``); a cold compile takes minutes on this machine, and
``sim.numba_cache.guard`` below drops the cache when any source changed (numba tracks only each function's own file).
"""

from pathlib import Path as _Path

from sim.numba_cache import guard as _guard

_here = _Path(__file__).resolve().parent
_guard(_here, [_here.parent / "tally.py", _here.parent / "game" / "state.py"])
