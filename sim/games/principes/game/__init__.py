"""A plain-Python reference engine for a full game of Principes: pure functions ``state → state``.

One module per idea:

- ``setup``: game.yaml → ``GameRules``; the 4-player starting state.
- ``state``: the ``State`` dataclass (copied before every change) and ``IllegalAction``.
- ``control``: who controls a land, Might, support points from lands and buildings (``retrack``).
- ``turn_order``: the Princeps Token and the turn-order direction.
- ``taxes``, ``assembly``, ``movement``, ``building``, ``politics``, ``progress``: the six actions.
- ``battles``: a battle on the map (Battle Order 1-10) through ``sim.games.principes.reference``.
- ``cards``: draws, the hand limit, trading cards for gold or support.
- ``dynasty``: Princes dying in battle or of old age, succession, elimination.
- ``rounds``: planned actions and their resolution order, the end of a Round; ``victory``: who won and how.
- ``history``: the History deck and one module per icon (Division, Urbanization, Release to Home, Common Council,
  Balt Raid, Teutonic Knights, Mongol Invasion), resolved at the end of each Round but the last.
- ``neighbors``: the six Neighbors' figures and the 12 Neighbor Cards played before a Politics Action (moving,
  blocking, occupation, respawn), switched on with the ``neighbors`` variant.
- ``tiles``: the 48 printed Progress Tiles (Market, limits, exchanges, each tile's effect), the ``tiles`` variant;
  ``progress`` keeps the generic tile model. ``princesses``: missions each Period, the ``princesses`` variant;
  ``court``: the Court Cards' assumed text effect, the ``court`` variant.
- ``scenario``: placing figures and cards by hand (rulebook examples, what-ifs); ``invariants``: state checks.

Random choices (dice, draws, shuffles) take a ``random.Random`` from the caller. Player decisions the rules
leave open are parameters; where a default is needed the module docstring says which one is taken. The
engine is the specification the compiled engine (``sim.games.principes.fast``) is tested against, game by game
on a shared stream, so it favours clarity over speed.
"""
