"""Decisions a plan makes outside its own turn: interceptions, ransom, Swift Support, Favour debts, vetoes and where a
won title lies. The compiled twin of those methods of strategies/hussars (scripted and random-legal); ``P`` holds the
plans' records (``params.PLAN``) and ``sp[seat]`` each seat's plan id. Random answers draw from the game's stream
``rs`` exactly as the reference's plan does.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.hussars.fast import armies as A
from sim.games.hussars.fast import law as L
from sim.games.hussars.fast import rng

OH = 4


@njit(cache=True)
def visible_strength(st, R, s, a, hidden):
    force = st.a_force[a]
    if force == s or (force == OH and not L.is_outlaw(st, R, s)):
        return A.effectiveness(R, st.a_units[a])
    return A.army_tokens(st, R, a) * hidden


@njit(cache=True)
def intercept(st, R, P, sp, rs, s, f, a):
    p = P[sp[s]]
    if p.kind == 0:
        return rng.below(rs, np.int64(2)) == 1
    mine = A.effectiveness(R, st.garrison[f])
    return mine >= p.intercept_ratio * visible_strength(st, R, s, a, p.hidden_eff)


@njit(cache=True)
def ransom(st, R, P, sp, rs, s):
    if P[sp[s]].kind == 0:
        return rng.below(rs, np.int64(2)) == 1
    return True


@njit(cache=True)
def veto(st, R, P, sp, rs, s):
    p = P[sp[s]]
    if p.kind == 0:
        return rng.below(rs, np.int64(2)) == 1
    return p.veto == 1


@njit(cache=True)
def repay(st, R, P, sp, rs, s):
    p = P[sp[s]]
    if p.kind == 0:
        return rng.below(rs, np.int64(2)) == 1
    return p.defend_domain == 1


@njit(cache=True)
def title_place(st, R, P, sp, rs, s):
    p = P[sp[s]]
    if p.kind == 0:
        return rng.below(rs, np.int64(2)) == 1
    return p.title_successor == 1


@njit(cache=True)
def swift(st, R, P, sp, rs, s, attacks, cavalry):
    """(cavalry units to send, favour bits, pay Gold) for ``attacks`` on the seat's domain (``cavalry``: it has)."""
    p = P[sp[s]]
    if p.kind == 0:
        send = rng.below(rs, attacks + 1)
        bits = rng.below(rs, np.int64(4))
        gold = rng.below(rs, np.int64(2)) == 0
        return send, bits, gold
    send = min(attacks, cavalry) if p.defend_domain else 0
    bits = 0
    if p.use_favours and send < attacks:
        short = attacks - send
        if st.favours[s, 0]:
            bits |= 1
            short -= 1
        if short > 0 and st.favours[s, 1]:
            bits |= 2
    return send, bits, p.swift_gold == 1
