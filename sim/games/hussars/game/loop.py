"""A whole game on the reference engine: the four seasons of each round, then the end and the score.

| Season | Phases |
|---|---|
| Spring | Action Phase, Bidding Phase |
| Summer | Harvest Phase, Refresh Phase, Event Phase |
| Autumn | Action Phase, Bidding Phase |
| Winter | Titles Phase |

"The game concludes instantly after the autumn Action Phase in either Round 2 (Short Scenario) or Round 3 (Long
Scenario). The final autumn Bidding Phase and winter season are never played. If an uprising is still active,
resolve it as an Agreement before scoring."
"""

from __future__ import annotations

from dataclasses import dataclass

from sim.games.hussars.game import bidding, economy, events, experience, refresh, titles, turn, unrest, victory
from sim.games.hussars.game.context import Game
from sim.games.hussars.game.setup import new_state
from sim.games.hussars.game.state import AUTUMN, NS, SPRING, SUMMER, WINTER, State


@dataclass
class GameRecord:
    winner: int  # the winning seat
    scores: list[list[int]]  # VP by category (state.VP_CATS) per seat
    final: State


def play(g: Game) -> GameRecord:
    st, rules = g.state, g.rules
    for r in range(1, st.rounds + 1):
        st.round = r
        st.season = SPRING
        turn.action_phase(g)
        bidding.auction_market(g)
        g.acted("bidding")
        st.season = SUMMER
        economy.harvest(g)
        experience.settle_rewards(g)
        g.acted("harvest")
        refresh.refresh_phase(g)
        g.acted("refresh")
        events.event_phase(g)
        experience.settle_rewards(g)
        g.acted("events")
        st.season = AUTUMN
        turn.action_phase(g)
        if r == st.rounds:
            break
        bidding.auction_market(g)
        g.acted("bidding")
        st.season = WINTER
        titles.titles_phase(g)
        experience.settle_rewards(g)
        st.st_lead[r - 1] = victory.leader(st, rules)
        g.acted("titles")
    unrest.end(g, agreement=True)
    st.st_lead[st.rounds - 1] = victory.leader(st, rules)
    g.acted("end")
    scores = [victory.categories(st, rules, s) if st.active[s] else [0] * len(st.vp[s]) for s in range(NS)]
    return GameRecord(victory.leader(st, rules), scores, st)


def play_game(
    rules,
    families: list[int],
    plans: list,
    rng,
    rounds: int | None = None,
    battles: str = "simplified",
    titles_at_start=(),
    leases_at_start=(),
    on_action=None,
    strict: bool = False,
    memo: dict | None = None,
) -> GameRecord:
    """Set up and play one game. ``families[seat]``: a family index or -1; ``plans[seat]``: that seat's plan."""
    rounds = rounds or rules.values["rounds"]["default"]
    state = new_state(rules, families, rounds, rng, titles_at_start, leases_at_start)
    g = Game(state, rules, list(plans), rng, battles, memo if memo is not None else {}, on_action, strict)
    return play(g)
