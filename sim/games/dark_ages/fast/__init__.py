"""A compiled (numba) Dark Ages full-game engine: 2-4 player games without modules, the built-in strategies.

It plays the same game as ``sim.games.dark_ages.game`` (``loop.play``) with random_legal and the scripted plans
(expansion, culture, military, any parameter overrides): set-up, the five Noble actions and their options,
Titles and their repeats, free settling, reactions, the Army limit check, battles against Barbarians and players
(dice, Keep bonuses, Farm and City Transients, the Technologies' battle effects, the solo hit-assignment list,
retreats, lost Farms and Revanchism, Capital raids, trophies and rewards), Passing (the offer cycle, Titles,
selling, holding, income, Cognomens, production), the end triggers and final scoring. Drawing on the same stream
(``lockstep.LockstepRandom``) the reference plays exactly the same games, turn by turn (the tests check it); not
ported: the optional modules, solo play, Skirmishers and ``rules:`` overrides (``dispatch`` sends those
experiments to the reference).

- ``layout``: the flat state vector ``S`` (offsets) and the constant tables compiled from the board, tracks, deck
  and rules, and the bridge from a reference ``Game``.
- ``kernels``: the rules without decisions (options, costs, effects, battles, passing steps, set-up, invariants).
- ``strategies``: the built-in strategies compiled to parameter rows, and their decisions as njit functions.
- ``chunk``: a whole game, and the chunk kernel that plays games ``start .. start+count-1`` on counter-based
  streams and returns the counts and rows of ``sim.games.dark_ages.experiment.play_chunk``.
- ``dispatch``: the experiment key ``engine: auto | fast | reference``.
- ``lockstep``: a ``random.Random`` stand-in drawing as the kernels do, to compare the engines game by game.

Speed (this 2-core machine): about 2,400 complete 3-player games/s on one core and 4,500 on two, about 35x the
reference per core (``bench/dark_ages_game.py``). numba caches the machine code (``cache=True``); a cold compile
takes about 1.5 minutes, and ``_guard_cache`` below drops the cache when any source or Dark Ages config file changed
(numba tracks only each function's own file, and the tables are frozen into the code).
"""

import hashlib as _hashlib
from pathlib import Path as _Path


def _guard_cache() -> None:
    """Drop numba's cached machine code when any source of the engine (or a config it compiles) changed."""
    here = _Path(__file__).resolve().parent
    root = here.parents[3]
    sources = sorted(here.glob("*.py")) + [here.parents[2] / "rng.py"]
    sources += sorted((root / "configs" / "dark_ages").glob("*.yaml"))
    digest = _hashlib.sha1(b"".join(p.read_bytes() for p in sources if p.exists())).hexdigest()
    cache = here / "__pycache__"
    stamp = cache / "fast-sources.sha1"
    try:
        if stamp.read_text() == digest:
            return
    except OSError:
        pass
    try:
        cache.mkdir(exist_ok=True)
        for f in [*cache.glob("*.nbi"), *cache.glob("*.nbc")]:
            f.unlink(missing_ok=True)
        stamp.write_text(digest)
    except OSError:
        pass  # a read-only install: numba falls back to compiling in memory


_guard_cache()
