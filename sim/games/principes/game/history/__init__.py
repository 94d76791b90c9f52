"""History Cards (issue 6, item 1): the dealt deck and the events its icons trigger at the end of a Round.

- ``deck``: history.yaml → the cards; dealing 2 per Period; resolving a card's icons top first (never in the
  final Round).
- one module per icon: ``division``, ``urbanization``, ``release``, ``council`` (Common Council), ``balt_raid``,
  ``teutonic`` (Teutonic Knights), ``mongols`` (Mongol Invasion); ``invaders`` moves Invader figures for the
  last three (entry from an off-map area, battles, devastation, the return to their spots).

Player choices come from the seat's strategy (``history_*`` hooks of ``strategies.principes.base.Strategy``);
each module offers the candidates and a ``default_*`` choice the base strategy uses.
"""
