"""The Monte Carlo kernels: one battle per loop iteration, outcomes counted into histograms.

``simulate_pairs`` (the usual path) draws each phase with one alias-table lookup on the joint
(attacker state, defender state) tables of ``pairs.py`` and counts only the final pair. ``simulate``
(the fallback when the joint tables would be too big) costs one 64-bit word per phase: its high half
draws the attacker's (hits, Reinforce played) from its state's outcome table, its low half the
defender's, and both sides move to the state the opponent's hits leave them in (``tables.py``).
Survivors, losses and Battle Results are read off the final states afterwards, outside the loop.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.rng import high32, low32, next_word, trial_state


@njit(inline="always", cache=True)
def draw(dist_cdf, first, u):
    k = first
    while u >= dist_cdf[k]:
        k += 1
    return k


@njit(cache=True)
def simulate(
    key, start, count, wins_ties, slot_variant, reinforce, state_br, state_alive,
    alloc, dist_start, dist_cdf, dist_hits, dist_used,
    wins, ties, br_joint, final, reinforce_used,
    keep, t_variant, t_win, t_br, t_state,
):  # fmt: skip
    """Fight trials ``start .. start+count-1`` and add their outcomes to the count arrays (int64).

    Counts: wins[V], ties[V], br_joint[V, B, B] (attacker, defender Battle Result), final[V, 2, X] (final
    state of each side), reinforce_used[V, 2]. With ``keep``, per-trial columns t_variant[count],
    t_win[count], t_br[count, 2] and t_state[count, 2] are filled too.
    """
    n_slots = slot_variant.shape[0]
    for i in range(count):
        trial = start + i
        v = slot_variant[trial % n_slots]
        state = trial_state(key, trial)
        xa, xd = 0, 0  # both sides start in state 0 with their Reinforce card if they hold one
        ca, cd = reinforce[0], reinforce[1]
        for p in range(3):
            state, word = next_word(state)
            ka = draw(dist_cdf, dist_start[v, 0, p, xa, ca], high32(word))
            kd = draw(dist_cdf, dist_start[v, 1, p, xd, cd], low32(word))
            if dist_used[ka]:
                ca = 0
            if dist_used[kd]:
                cd = 0
            xa, xd = alloc[v, 0, p, xa, dist_hits[kd]], alloc[v, 1, p, xd, dist_hits[ka]]
        ba, bd = state_br[v, 0, xa], state_br[v, 1, xd]
        win = ba > bd
        if ba == bd:
            ties[v] += 1
            if wins_ties:  # Module 9: the attacker wins ties if one of its units survives
                for g in range(state_alive.shape[3]):
                    if state_alive[v, 0, xa, g] > 0:
                        win = True
        if win:
            wins[v] += 1
        br_joint[v, ba, bd] += 1
        final[v, 0, xa] += 1
        final[v, 1, xd] += 1
        reinforce_used[v, 0] += reinforce[0] - ca
        reinforce_used[v, 1] += reinforce[1] - cd
        if keep:
            t_variant[i] = v
            t_win[i] = win
            t_br[i, 0], t_br[i, 1] = ba, bd
            t_state[i, 0], t_state[i, 1] = xa, xd


@njit(cache=True)
def simulate_pairs(key, start, count, slot_variant, pair_start, pair_length, prob, keep_next, alias_next,
                   final, keep, t_variant, t_pair):  # fmt: skip
    """The same battles drawn from the joint (attacker, defender) phase tables of ``pairs.py``.

    One alias draw per phase moves the pair state on; only final[V, P], the count of trials ending in
    each pair, is kept (``battle.run_chunk`` turns it into the per-side counts). With ``keep`` the columns
    t_variant[count] and t_pair[count] are filled too.
    """
    n_slots = slot_variant.shape[0]
    low = np.uint64(0xFFFFFFFF)
    for i in range(count):
        trial = start + i
        v = 0 if n_slots == 1 else slot_variant[trial % n_slots]
        state = trial_state(key, trial)
        x = 0
        for p in range(3):
            state, word = next_word(state)
            scaled = high32(word) * np.uint64(pair_length[v, p, x])
            j = pair_start[v, p, x] + np.int64(scaled >> np.uint64(32))
            x = keep_next[j] if (scaled & low) < prob[j] else alias_next[j]
        final[v, x] += 1
        if keep:
            t_variant[i] = v
            t_pair[i] = x
