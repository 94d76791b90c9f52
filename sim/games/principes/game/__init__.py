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
- ``scenario``: placing figures and cards by hand (rulebook examples, what-ifs); ``invariants``: state checks.

Random choices (dice, draws, shuffles) take a ``random.Random`` from the caller. Player decisions the rules
leave open are parameters; where a default is needed the module docstring says which one is taken. The
engine is the specification a compiled engine will be tested against, so it favours clarity over speed.
"""
