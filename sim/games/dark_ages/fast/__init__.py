"""A compiled (numba) Dark Ages full-game engine: 2-4 player games without modules, the built-in strategies.

It plays the same game as ``sim.games.dark_ages.game`` (``loop.play``) with random_legal and the scripted plans
(expansion, culture, military, any parameter overrides): set-up, the five Noble actions and their options,
Titles and their repeats, free settling, reactions, the Army limit check, battles against Barbarians and players
(dice, Keep bonuses, Farm and City Transients, the Technologies' battle effects, the solo hit-assignment list,
retreats, lost Farms and Revanchism, Capital raids, trophies and rewards), Passing (the offer cycle, Titles,
selling, holding, income, Cognomens, production), the end triggers and final scoring. Drawing on the same stream
(``sim.lockstep.LockstepRandom``) the reference plays exactly the same games, turn by turn (the tests check it); not
ported: the optional modules, Skirmishers and ``rules:`` overrides (``dispatch`` sends those experiments to the
reference).

Solo (Module 1, Lordlings and Raiders, every difficulty option, no modules) shares the state vector: a solo section
(``layout``: the Lordling deck and discard, Preparation tokens, collected Technologies, Raider levels, the Raiding
Party and its tokens, the token pool, the Target, Raider units left with Barbarian tokens), the Raider cards appended
to the card table, the Lordlings as seat 1 with no Ruler. ``kernels`` ports ``raiders.py`` (reveal and discard
effects, attacks, the Reinforce card in battles) and ``lordlings.py`` (the d20 deck, reactions, Passing, scoring),
``chunk`` the solo loop (``solo_loop.play_solo``, the Raid counterattack) and the chunk kernel returning the counts
and rows of ``solo_experiment.play_chunk``; the tests (``tests/games/dark_ages/fast/test_fast_solo.py``) play the
same solo games as the reference, state by state after every turn.

- ``layout``: the flat state vector ``S`` (offsets) and the constant tables compiled from the board, tracks, deck
  and rules, and the bridge from a reference ``Game``.
- ``kernels``: the rules without decisions (options, costs, effects, battles, passing steps, set-up, invariants).
- ``strategies``: the built-in strategies compiled to parameter rows, and their decisions as njit functions.
- ``chunk``: a whole game, and the chunk kernel that plays games ``start .. start+count-1`` on counter-based
  streams and returns the counts and rows of ``sim.games.dark_ages.experiment.play_chunk``.
- ``dispatch``: the experiment key ``engine: auto | fast | reference``.

Speed (this 2-core machine): about 2,400 complete 3-player games/s on one core and 4,500 on two, about 35x the
reference per core (``bench/dark_ages_game.py``). numba caches the machine code (``cache=True``); a cold compile
takes about 1.5 minutes, and ``sim.numba_cache.guard`` below drops the cache when any source or Dark Ages config changed
(numba tracks only each function's own file, and the tables are frozen into the code).
"""

from pathlib import Path as _Path

from sim.numba_cache import guard as _guard

_HERE = _Path(__file__).resolve().parent
_guard(_HERE, sorted((_HERE.parents[3] / "configs" / "dark_ages").glob("*.yaml")))  # tables are frozen into the code
