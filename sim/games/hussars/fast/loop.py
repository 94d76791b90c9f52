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
    for r in range(1, st.rounds + 1):
        st.round = r
        st.season = 0
        TU.action_phase(st, R, BT, P, sp, rs, mode, flat, trace, tn)
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
        TU.action_phase(st, R, BT, P, sp, rs, mode, flat, trace, tn)
        if r == st.rounds:
            break
        BD.auction_market(st, R, P, sp, rs)
        TU.acted(flat, trace, tn)
        st.season = 3
        TI.titles_phase(st, R, P, sp, rs)
        TU.settle_rewards(st, R, P, sp, rs)
        st.st_lead[r - 1] = V.leader(st, R)
        TU.acted(flat, trace, tn)
    U.end(st, R, rs, YES)
    st.st_lead[st.rounds - 1] = V.leader(st, R)
    TU.acted(flat, trace, tn)
    return V.leader(st, R)
