"""A whole game on the compiled engine: the compiled twin of ``game/loop.py`` (the same seasons, the same actions,
the same points where the position is recorded for the lockstep tests)."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.hussars.fast import bidding as BD
from sim.games.hussars.fast import economy as EC
from sim.games.hussars.fast import events as EV
from sim.games.hussars.fast import refresh as RF
from sim.games.hussars.fast import titles as TI
from sim.games.hussars.fast import turn as TU
from sim.games.hussars.fast import unrest as U
from sim.games.hussars.fast import victory as V

YES, NO = np.bool_(True), np.bool_(False)  # non-literal flags: one compiled specialization


# inline: a compiled function links and optimizes everything it calls again, so each level of the game loop
# with one caller is inlined into it rather than compiled on its own (a third less compiling on a cold cache)
@njit(cache=True, inline="always")
def play(st, R, BT, P, sp, rs, mode, flat, trace, tn):
    """Play the set-up game in ``st`` to its end; returns the winning seat."""
    st.round = 1
    st.season = 0
    TU.phase_begins(st, R, P, sp, rs)
    p = 0
    while True:
        TU.plan(st, R, P, sp, rs)
        if not segment(st, R, BT, P, sp, rs, mode, flat, trace, tn, p):
            break
        p += 1
    return ends(st, R, rs, flat, trace, tn)


@njit(cache=True, inline="always")
def segment(st, R, BT, P, sp, rs, mode, flat, trace, tn, p):
    """The game from Action Phase ``p``'s planning done (round p // 2 + 1; p even: spring, odd: autumn) to the next
    Action Phase's planning (``TU.phase_begins`` done); False when the game ends with phase ``p`` instead. The
    searcher's playouts start at these points (``fast.search``)."""
    r = p // 2 + 1
    TU.phase_turns(st, R, BT, P, sp, rs, mode, flat, trace, tn)
    if p % 2 == 0:
        BD.auction_market(st, R, P, sp, rs)
        TU.acted(flat, trace, tn)
        st.season = 1
        EC.harvest(st, R, P, sp, rs)
        TU.settle_rewards(st, R, P, sp, rs)
        TU.acted(flat, trace, tn)
        RF.refresh_phase(st, R)
        TU.acted(flat, trace, tn)
        EV.event_phase(st, R, P, sp, rs)
        TU.settle_rewards(st, R, P, sp, rs)
        TU.acted(flat, trace, tn)
        st.season = 2
        TU.phase_begins(st, R, P, sp, rs)
        return True
    if r == st.rounds:
        return False
    BD.auction_market(st, R, P, sp, rs)
    TU.acted(flat, trace, tn)
    st.season = 3
    TI.titles_phase(st, R, P, sp, rs)
    TU.settle_rewards(st, R, P, sp, rs)
    st.st_lead[r - 1] = V.leader(st, R)
    TU.acted(flat, trace, tn)
    st.round = r + 1
    st.season = 0
    TU.phase_begins(st, R, P, sp, rs)
    return True


@njit(cache=True, inline="always")
def ends(st, R, rs, flat, trace, tn):
    """The game's end (the last unrest, the final leader); returns the winning seat."""
    U.end(st, R, rs, YES)
    st.st_lead[st.rounds - 1] = V.leader(st, R)
    TU.acted(flat, trace, tn)
    return V.leader(st, R)
