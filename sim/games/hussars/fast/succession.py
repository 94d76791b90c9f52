"""Death of the Magnate and of the Successor: the compiled twin of ``game/succession.py``."""

from __future__ import annotations

from numba import njit

from sim.games.hussars.fast import estates as E
from sim.games.hussars.fast import experience as X
from sim.games.hussars.fast import offices as O

DEATHS_CAT = 12  # VP_CATS.index("deaths")


@njit(cache=True)
def magnate_dies(st, R, s):
    st.vp[s, DEATHS_CAT] += st.xl[s] * R.v_death
    st.st_deaths[s] += 1
    xp = 0
    for t in range(4):
        if st.title_holder[t] != s:
            continue
        if st.title_successor[t]:
            xp += R.b_title_xp
            st.title_successor[t] = 0
        else:
            O.vacate(st, t)
    for c in range(R.nc):
        k = st.knowledge[s, c]
        from_hand = min(k, st.hand[s, c])
        st.hand[s, c] -= from_hand
        st.resting[s, c] -= min(k - from_hand, st.resting[s, c])
        st.knowledge_left[c] += k
        st.knowledge[s, c] = 0
    st.xl[s], st.xp[s] = X.levels_for(xp, R.new_xl, R.max_xl)
    st.health[s] = st.succ_health[s]
    st.succ_health[s] = R.b_succ_health
    st.captor[s] = -1
    st.figure[s] = E.home(st, R, s)
    st.rewards_due[s] = st.xl[s]


@njit(cache=True)
def successor_dies(st, R, s):
    st.succ_health[s] = R.b_succ_health
    for t in range(4):
        if st.title_holder[t] == s and st.title_successor[t]:
            O.vacate(st, t)


@njit(cache=True)
def holds_on(st, s, successor):
    for t in range(4):
        if st.title_holder[t] == s and (st.title_successor[t] == 1) == successor:
            return True
    return False
