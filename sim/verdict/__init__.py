"""``sim verdict STUDY``: the balance verdict from strong play. The same searcher sits in every seat at budgets B0,
2·B0, 4·B0, … on the same games; each rung reports every faction's win rate, how games end and how long they last,
and a skill trace (one seat at twice the budget); a pure rule says whether the win rates have stopped moving.

- ``seats``: who sits where (the one place that builds a searcher seat; repoint it when the searcher changes)
- ``outcomes``: a rung's per-game table as who won, how the game ended and its length (per game)
- ``summary``: a rung's numbers and the paired rung-to-rung and skill-trace differences (pure)
- ``convergence``: the convergence rule over rung summaries (pure)
- ``ladder``: running the rungs and traces on sim's runner, with checkpoints and ``--resume``
- ``cli``: the command
"""
