"""Full-rules battles inside the game, around the compiled clash (``fast/clash.py``): the compiled twin of the rest of
``sim/games/hussars/full.py`` — which tactics are legal (``illegal_reason``), how the two armies line up for the clash
kernel (``active_tokens`` and ``encode``), and ``finish`` (captured Artillery). Token order follows the reference:
fighting tokens then idle ones, so the kernel's tie-breaks match."""

from __future__ import annotations

import math

from numba import njit

from sim.games.hussars.fast import simplified as S
from sim.games.hussars.fast.clash import P_AMBUSH, P_NONE, P_RETREAT

ATTACKER, NOBODY, DEFENDER = 1, 0, -1


@njit(cache=True)
def can_use(R, listed, tac, tt, n):
    """Combat Eligibility: the 1st Line needs one non-Artillery unit listed on the card."""
    for i in range(n):
        if listed[tac, tt[i]] and R.u_kind[tt[i]] != 2:
            return True
    return False


@njit(cache=True)
def legal(R, cards, params, tac, side, tt, nfight, sizes, loose_status, siege, fortress, moved):
    """Whether ``side`` may play tactic ``tac`` (``full.illegal_reason`` is None)."""
    listed, level = cards[0], cards[7]
    if level[tac] > 0:
        if side != 1 or not siege or fortress != level[tac]:
            return False
        return can_use(R, listed, tac, tt, nfight)
    if R.low_move[tac] and moved[side] > R.move_limit:
        return False
    if tac == int(params[P_RETREAT]):
        if loose_status[side]:
            return False
        if side == 1 and siege:
            return False
        return True
    if tac == int(params[P_AMBUSH]) and sizes[side] > sizes[1 - side]:
        return False
    return can_use(R, listed, tac, tt, nfight)


@njit(cache=True)
def legal_list(R, cards, params, hand, side, tt, nfight, sizes, loose_status, siege, fortress, moved, out):
    """The legal tactics of ``hand`` (a 0/1 mask in tactic order) into ``out``; the empty hand when none."""
    k = 0
    for tac in range(R.ntac):
        if hand[tac] and legal(R, cards, params, tac, side, tt, nfight, sizes, loose_status, siege, fortress, moved):
            out[k] = tac
            k += 1
    if k == 0:
        out[0] = int(params[P_NONE])
        k = 1
    return k


@njit(cache=True)
def finish(R, winner, unit, vet, wounded, alive, n, out_a, out_d):
    """The armies after the clash (``alive``/``wounded`` from the kernel), the loser's wounded Artillery captured by the
    winner. Returns (attacker lost, defender lost, guns captured by the attacker, by the defender)."""
    out_a[:, :, :] = 0
    out_d[:, :, :] = 0
    start = [0, 0]
    for s in range(2):
        out = out_a if s == 0 else out_d
        for k in range(n[s]):
            start[s] += 1
            if alive[s, k]:
                out[unit[s, k], vet[s, k], 1 if wounded[s, k] else 0] += 1
    left_a = S.block_total(R, out_a)
    left_d = S.block_total(R, out_d)
    lost_a, lost_d = start[0] - left_a, start[1] - left_d
    cap_a, cap_d = 0, 0
    if winner != NOBODY:
        win_out, lose_out = (out_a, out_d) if winner == ATTACKER else (out_d, out_a)
        guns = 0
        for t in range(R.nt):
            if R.u_kind[t] == 2:
                for v in range(2):
                    g = lose_out[t, v, 1]
                    if g:
                        guns += g
                        lose_out[t, v, 1] = 0
                        win_out[t, v, 1] += g
        if winner == ATTACKER:
            cap_a = guns
            lost_d += guns
        else:
            cap_d = guns
            lost_a += guns
    return lost_a, lost_d, cap_a, cap_d


@njit(cache=True)
def half(R, n):
    return int(math.ceil(n * R.s_loose_fraction))
