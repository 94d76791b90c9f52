"""Simplified battles inside the game: the compiled twin of ``sim/games/hussars/simplified.py`` (``clash_given``).

An army is three arrays of token type, veteran and wounded flags (``tt, tv, tw``) with a count, in the battle code's
token order (by unit name, then veteran, then wounded: ``canonical``). The outcome is written into two unit blocks.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

ATTACKER, NOBODY, DEFENDER = 1, 0, -1

YES, NO = np.bool_(True), np.bool_(False)  # non-literal flags: one compiled specialization


@njit(cache=True)
def key_less(R, t1, v1, w1, t2, v2, w2):
    """Token order: (unit name, veteran, wounded)."""
    if R.name_rank[t1] != R.name_rank[t2]:
        return R.name_rank[t1] < R.name_rank[t2]
    if v1 != v2:
        return v1 < v2
    return w1 < w2


@njit(cache=True)
def tokens_of(R, block, tt, tv, tw):
    """A unit block as token arrays in canonical order; returns the count."""
    n = 0
    for t in range(R.nt):
        for v in range(2):
            for w in range(2):
                for _ in range(block[t, v, w]):
                    tt[n], tv[n], tw[n] = t, v, w
                    n += 1
    canonical(R, tt, tv, tw, n)
    return n


@njit(cache=True)
def canonical(R, tt, tv, tw, n):
    for i in range(1, n):
        a, b, c = tt[i], tv[i], tw[i]
        j = i - 1
        while j >= 0 and key_less(R, a, b, c, tt[j], tv[j], tw[j]):
            tt[j + 1], tv[j + 1], tw[j + 1] = tt[j], tv[j], tw[j]
            j -= 1
        tt[j + 1], tv[j + 1], tw[j + 1] = a, b, c


@njit(cache=True)
def token_eff(R, t, v, w, role):
    """Effectiveness: role 0 in the field, 1 besieging, 2 on the walls."""
    kind = R.u_kind[t]
    if kind == 2 and w == 1 and R.s_wounded_art == 0:
        return 0.0
    if role == 0:
        return R.u_eff[t, v]
    col = role - 1
    bonus = R.s_vet_bonus[col] if (v == 1 and R.u_exists[t, 0] == 1) else 0.0
    return R.s_siege_eff[kind, col] + bonus


@njit(cache=True)
def strongest_first(R, tt, tv, tw, n, key_eff):
    """Sort tokens by (-Effectiveness, wounded, canonical), stably; ``key_eff`` 0: field Effectiveness as the simplified
    rules count it (wounded Artillery 0), 1: the unit's printed Effectiveness (the full rules' choice)."""
    for i in range(1, n):
        a, b, c = tt[i], tv[i], tw[i]
        ea = token_eff(R, a, b, c, np.int64(0)) if key_eff == 0 else R.u_eff[a, b]
        j = i - 1
        while j >= 0:
            ej = token_eff(R, tt[j], tv[j], tw[j], np.int64(0)) if key_eff == 0 else R.u_eff[tt[j], tv[j]]
            later = ej < ea or (ej == ea and (tw[j] > c or (tw[j] == c and key_less(R, a, b, c, tt[j], tv[j], tw[j]))))
            if not later:
                break
            tt[j + 1], tv[j + 1], tw[j + 1] = tt[j], tv[j], tw[j]
            j -= 1
        tt[j + 1], tv[j + 1], tw[j + 1] = a, b, c


@njit(cache=True)
def allocate_hits(R, tt, tv, tw, alive, n, hits):
    """The three hit rounds on tokens ``[:n]`` (``alive`` flags); returns tokens destroyed."""
    destroyed = 0
    order = np.empty(n, np.int64)
    for round_no in range(1, R.s_hit_rounds + 1):
        if hits <= 0:
            break
        safe = round_no <= R.s_art_safe
        m = 0
        for i in range(n):
            if alive[i] and not (safe and R.u_kind[tt[i]] == 2):
                order[m] = i
                m += 1
        for i in range(1, m):  # stable sort by (Toughness, -Effectiveness, not wounded)
            cur = order[i]
            j = i - 1
            while j >= 0:
                o = order[j]
                to, tc = R.u_tough[tt[o], tw[o]], R.u_tough[tt[cur], tw[cur]]
                eo, ec = (
                    token_eff(R, tt[o], tv[o], tw[o], np.int64(0)),
                    token_eff(R, tt[cur], tv[cur], tw[cur], np.int64(0)),
                )
                later = to > tc or (to == tc and (eo < ec or (eo == ec and tw[o] < tw[cur])))
                if not later:
                    break
                order[j + 1] = o
                j -= 1
            order[j + 1] = cur
        take = min(hits, m)
        hits -= take
        for k in range(take):
            i = order[k]
            if tw[i]:
                alive[i] = False
                destroyed += 1
            else:
                tw[i] = 1
    return destroyed


@njit(cache=True)
def fighting_tokens(R, tt, tv, tw, n):
    k = 0
    for i in range(n):
        if token_eff(R, tt[i], tv[i], tw[i], np.int64(0)) > 0 or R.u_kind[tt[i]] != 2:
            k += 1
    return k


@njit(cache=True)
def add_block(out, tt, tv, tw, lo, hi, alive):
    for i in range(lo, hi):
        if alive is None or alive[i]:
            out[tt[i], tv[i], tw[i]] += 1


@njit(cache=True)
def clash(R, at, av, aw, na, nfa, dt, dv, dw, nd, nfd, fortress, famine, siege, tie_winner, out_a, out_d):
    """Tokens ``[:nf*]`` fight, ``[nf*:n*]`` stay idle (a Loose Columns half). Fills the unit blocks after the
    battle; returns (winner, attacker tokens lost, defender tokens lost)."""
    out_a[:, :, :] = 0
    out_d[:, :, :] = 0
    if fortress > 0 and famine >= R.surrender:
        add_block(out_a, at, av, aw, np.int64(0), na, None)
        return ATTACKER, 0, nd
    ra, rd = (1, 2) if siege else (0, 0)
    eff_a, eff_d = 0.0, 0.0
    for i in range(nfa):
        eff_a += token_eff(R, at[i], av[i], aw[i], ra)
    for i in range(nfd):
        eff_d += token_eff(R, dt[i], dv[i], dw[i], rd)
    hits_on_a = int(math.ceil(fighting_tokens(R, dt, dv, dw, nfd) * R.s_hits_fraction))
    hits_on_d = int(math.ceil(fighting_tokens(R, at, av, aw, nfa) * R.s_hits_fraction))
    if siege:
        hits_on_d = max(0, hits_on_d - R.wall_hits[fortress])
    alive_a = np.ones(max(nfa, 1), np.bool_)
    alive_d = np.ones(max(nfd, 1), np.bool_)
    a_lost = allocate_hits(R, at, av, aw, alive_a, nfa, hits_on_a)
    d_lost = allocate_hits(R, dt, dv, dw, alive_d, nfd, hits_on_d)
    if eff_a == eff_d and tie_winner != NOBODY:
        if tie_winner == ATTACKER:
            eff_a, eff_d = 1.0, 0.0
        else:
            eff_a, eff_d = 0.0, 1.0
    if eff_a > eff_d:
        add_block(out_a, at, av, aw, np.int64(0), nfa, alive_a)
        add_block(out_a, at, av, aw, nfa, na, None)
        return ATTACKER, a_lost, nd
    if eff_d > eff_a:
        add_block(out_d, dt, dv, dw, np.int64(0), nfd, alive_d)
        add_block(out_d, dt, dv, dw, nfd, nd, None)
        return DEFENDER, na, d_lost
    add_block(out_a, at, av, aw, np.int64(0), nfa, alive_a)
    add_block(out_a, at, av, aw, nfa, na, None)
    add_block(out_d, dt, dv, dw, np.int64(0), nfd, alive_d)
    add_block(out_d, dt, dv, dw, nfd, nd, None)
    return NOBODY, a_lost, d_lost


@njit(cache=True)
def block_total(R, block):
    n = 0
    for t in range(R.nt):
        n += block[t, 0, 0] + block[t, 0, 1] + block[t, 1, 0] + block[t, 1, 1]
    return n
