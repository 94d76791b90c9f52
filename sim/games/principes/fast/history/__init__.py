"""The History Cards on the compiled engine: the twin of ``game.history``, one module per icon (``division``,
``urbanization``, ``release``, ``council``, ``balt_raid``, ``teutonic``, ``mongols``), ``invaders`` for the Invader
figures and ``deck`` for the deal and the Round's icons (each icon's decisions asked of the seats' policies)."""
