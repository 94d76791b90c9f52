"""Titles Phase – Winter: the Harvest of Death, then the auction of vacant titles in order.

"Harvest of Death (Death Check): Each Magnate and each Successor holding a title rolls a d6. On a result of 1 or 2,
the character loses 1 Health. If a character's Health falls below 0, they die immediately. A character remains alive
at exactly 0." (``succession.death_check``: every_magnate, or title_holders for Magnates holding a title only.) "Roll
the die for each title held by the Other Houses. The titleholder dies on a result of 1-3." "Order: Bishop -> Hetman
-> Castellan -> Voivode." The Death of the Voivode card is not in our data: the Voivode's title is auctioned as the
others.
"""

from __future__ import annotations

from sim.games.hussars.game import bidding, offices, succession
from sim.games.hussars.game.state import NS, OH, SPRING


def _roll(g) -> bool:
    ch = g.rules.battle.values["characters"]
    return g.die(ch["death_roll_faces"]) <= ch["death_roll_lose_health"]


def death_check(g) -> None:
    st, rules = g.state, g.rules
    every = rules.values["succession"]["death_check"] == "every_magnate"
    for s in range(NS):
        if not st.active[s]:
            continue
        if every or succession.holds_on(st, s, False):
            if _roll(g):
                st.health[s] -= 1
                if st.health[s] < 0:
                    succession.magnate_dies(g, s)
        if succession.holds_on(st, s, True) and _roll(g):
            st.succ_health[s] -= 1
            if st.succ_health[s] < 0:
                succession.successor_dies(g, s)
    ch = rules.battle.values["characters"]
    for t in range(len(st.title_holder)):
        if st.title_holder[t] == OH and g.die(ch["death_roll_faces"]) <= ch["other_houses_death"]:
            offices.vacate(g, t)


def titles_phase(g) -> None:
    st = g.state
    death_check(g)
    for t in range(len(st.title_holder)):
        if st.title_holder[t] < 0:
            bidding.title_auction(g, t)
    st.round += 1
    st.season = SPRING
