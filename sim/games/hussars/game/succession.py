"""Death of the Magnate and of the Successor (Titles Phase, and a prisoner who loses his last Health).

"The player receives VP equal to the deceased's XL." "Return the deceased's Title cards to the common pool; the
family keeps the endowment estates until the next Titles Phase auction." "The Successor becomes the new Magnate and
keeps their own titles. The new Magnate starts at 0 XL and 0 XP, then: Add up the XP on the Title and Education
cards in the Successor area. Convert this total into XL using the advancement cost ... Take any remaining XP as
Experience tokens." "A new Successor enters the empty Successor space (2 Health, 0 XP)." "Place the new Magnate in
the family seat." "Return the deceased's Knowledge cards to the Knowledge Track and choose new ones for the new
Magnate's XL" (one reward per Level). Education cards are not modelled (none in the assumed decks).
"""

from __future__ import annotations

from sim.games.hussars.game import estates, experience, offices
from sim.games.hussars.game.state import VP_CATS


def magnate_dies(g, s: int) -> None:
    st, rules = g.state, g.rules
    st.vp[s][VP_CATS.index("deaths")] += st.xl[s] * rules.values["victory"]["death_xl"]
    st.st_deaths[s] += 1
    xp = 0
    for t in range(len(st.title_holder)):
        if st.title_holder[t] != s:
            continue
        if st.title_successor[t]:
            xp += rules.board["title_xp"]
            st.title_successor[t] = 0
        else:
            offices.vacate(g, t)
    for c in range(st.dims.nc):
        k = st.knowledge[s][c]
        from_hand = min(k, st.hand[s][c])
        st.hand[s][c] -= from_hand
        st.resting[s][c] -= min(k - from_hand, st.resting[s][c])
        st.knowledge_left[c] += k
        st.knowledge[s][c] = 0
    top = rules.values["experience"]["max_xl"]
    st.xl[s], st.xp[s] = experience.levels_for(xp, rules.values["succession"]["new_magnate_xl"], top)
    st.health[s] = st.succ_health[s]
    st.succ_health[s] = rules.board["successor_health"]
    st.captor[s] = -1
    st.figure[s] = estates.home(st, rules, s)
    st.rewards_due[s] = st.xl[s]  # the deceased's pending rewards go with him; one per Level of the new Magnate


def successor_dies(g, s: int) -> None:
    st = g.state
    st.succ_health[s] = g.rules.board["successor_health"]
    for t in range(len(st.title_holder)):
        if st.title_holder[t] == s and st.title_successor[t]:
            offices.vacate(g, t)


def holds_on(st, s: int, successor: bool) -> bool:
    return any(
        st.title_holder[t] == s and bool(st.title_successor[t]) == successor for t in range(len(st.title_holder))
    )
