"""Numba kernels for one Principes battle: resolution, optimal card play, die decisions, Monte Carlo.

Shapes and dtypes (all int64 unless said):

- ``sym`` (2F,): symbol of each extended die state; 0..F-1 are the faces as rolled, F+i is face i
  flipped by Learning Chess (its opposite's symbol).
- ``toppled_a``/``toppled_d`` (T+1,): units toppled by d damage, d clipped to T = total toughness;
  ``princes_a``/``princes_d`` (T+1,): Princes among them.
- ``base`` (4,): attacker swords, attacker shields, defender swords, defender shields before the die
  and the cards (units, site, castle and fixed bonuses).
- ``play`` (4, 4, 4): for each final symbol pair (attacker, defender), the cards each side plays:
  attacker swords, attacker shields, defender swords, defender shields.
- ``att_act`` (2F, F, Ra+1, 2) and ``def_act`` (2F, 2F, Rd+1, 2): what a side does with its die
  after the initial count: 0 keep, 1 flip (Learning Chess), 2 reroll (Masovia).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.rng import below, high32, low32, next_word, trial_state

SWORD, SHIELD, COIN = 0, 1, 2
KEEP, FLIP, REROLL = 0, 1, 2
# outcome kinds: how the battle was decided (rulebook Battle Order 5)
ATT_ANNIHILATES, DEF_ANNIHILATES, BOTH_ANNIHILATED, ATT_TOPPLED_MORE, DEF_HOLDS = 0, 1, 2, 3, 4
N_KINDS = 5


@njit(inline="always", cache=True)
def outcome_kind(top_att, top_def, n_att, n_def):
    """Battle Order 5: annihilation with a unit standing wins; both annihilated → defender; else more toppled wins,
    ties to the defender. ``top_att`` is attacker units toppled."""
    if top_def == n_def and top_att == n_att:
        return BOTH_ANNIHILATED
    if top_def == n_def:
        return ATT_ANNIHILATES
    if top_att == n_att:
        return DEF_ANNIHILATES
    if top_def > top_att:
        return ATT_TOPPLED_MORE
    return DEF_HOLDS


@njit(inline="always", cache=True)
def attacker_wins(kind):
    return kind == ATT_ANNIHILATES or kind == ATT_TOPPLED_MORE


@njit(inline="always", cache=True)
def damage(swords, shields):
    return swords - shields if swords > shields else 0


@njit(cache=True)
def toppled_table(toughness, counts, weight):
    """Units toppled by each amount of damage, assigned one unit at a time in damage order.

    ``toughness``, ``counts`` and ``weight`` are per unit type, sorted in damage order; a toppled unit
    adds its type's weight (1 to count every unit, 1 for Princes only to count Princes). Returns an
    array (T+1,) for T = total toughness; excess damage beyond T topples nothing more.
    """
    total = 0
    for t in range(len(counts)):
        total += toughness[t] * counts[t]
    out = np.zeros(total + 1, dtype=np.int64)
    d, toppled = 0, 0
    for t in range(len(counts)):
        for _ in range(counts[t]):
            for _hit in range(toughness[t] - 1):  # wounded, not toppled
                d += 1
                out[d] = toppled
            d += 1
            toppled += weight[t]
            out[d] = toppled
    return out


@njit(cache=True)
def _options(hand, limit):
    """Every (swords, shields) a side can add from its hand (sword, shield, either cards) with ≤ limit cards."""
    s, h, e = hand[0], hand[1], hand[2]
    out = np.zeros(((s + e + 1) * (h + e + 1), 2), dtype=np.int64)
    k = 0
    for xs in range(s + e + 1):
        for xh in range(h + e + 1):
            need_either = max(0, xs - s) + max(0, xh - h)
            if need_either <= e and xs + xh <= limit:
                out[k, 0] = xs
                out[k, 1] = xh
                k += 1
    return out[:k]


@njit(cache=True)
def solve_cards(base, sym_sw, sym_sh, hand_a, hand_d, limit_a, limit_d, top_a, top_d, n_a, n_d):
    """Phase 4 by backward induction, for each final symbol pair.

    The defender answers each attacker play: win first, then fewest cards, then fewest own units toppled,
    then most enemy units toppled. The attacker, seeing that answer coming, ranks its plays the same way.
    """
    opt_a, opt_d = _options(hand_a, limit_a), _options(hand_d, limit_d)
    ca, cd = len(top_a) - 1, len(top_d) - 1
    play = np.zeros((4, 4, 4), dtype=np.int64)
    for sa in range(4):
        for sd in range(4):
            sw_a = base[0] + sym_sw[sa]
            sh_a = base[1] + sym_sh[sa]
            sw_d = base[2] + sym_sw[sd]
            sh_d = base[3] + sym_sh[sd]
            best_a = (-1, 0, 0, 0)
            for i in range(len(opt_a)):
                xs, xh = opt_a[i, 0], opt_a[i, 1]
                best_d = (-1, 0, 0, 0)
                bys, byh = 0, 0
                for j in range(len(opt_d)):
                    ys, yh = opt_d[j, 0], opt_d[j, 1]
                    ta = top_a[min(damage(sw_d + ys, sh_a + xh), ca)]
                    td = top_d[min(damage(sw_a + xs, sh_d + yh), cd)]
                    win_d = 0 if attacker_wins(outcome_kind(ta, td, n_a, n_d)) else 1
                    key = (win_d, -(ys + yh), -td, ta)
                    if key > best_d:
                        best_d, bys, byh = key, ys, yh
                ta = top_a[min(damage(sw_d + bys, sh_a + xh), ca)]
                td = top_d[min(damage(sw_a + xs, sh_d + byh), cd)]
                win_a = 1 if attacker_wins(outcome_kind(ta, td, n_a, n_d)) else 0
                key = (win_a, -(xs + xh), -ta, td)
                if key > best_a:
                    best_a = key
                    play[sa, sd, 0], play[sa, sd, 1], play[sa, sd, 2], play[sa, sd, 3] = xs, xh, bys, byh
    return play


@njit(cache=True)
def solve_die_choices(win, sym, n_faces, rer_a, flip_a, rer_d, flip_d):
    """Masovia's reroll and the Learning Chess flip, each taken only when it raises that side's win chance.

    ``win`` (4, 4) is P(attacker wins) for each final symbol pair after optimal card play. The attacker
    settles its die first, then the defender. Returns (att_act, def_act, att_value) where att_value
    (2F, F, Ra+1, 2) is P(attacker wins) from each attacker decision state.
    """
    F = n_faces
    eps = 1e-12
    v_def = np.zeros((2 * F, 2 * F, rer_d + 1, 2))
    def_act = np.zeros((2 * F, 2 * F, rer_d + 1, 2), dtype=np.int64)
    for r in range(rer_d + 1):
        for f in range(2):
            for ia in range(2 * F):
                for jd in range(2 * F):
                    best, act = win[sym[ia], sym[jd]], KEEP
                    if f == 1 and jd < F and v_def[ia, jd + F, r, 0] < best - eps:
                        best, act = v_def[ia, jd + F, r, 0], FLIP
                    if r > 0:
                        mean = 0.0
                        for k in range(F):
                            mean += v_def[ia, k, r - 1, f]
                        mean /= F
                        if mean < best - eps:
                            best, act = mean, REROLL
                    v_def[ia, jd, r, f] = best
                    def_act[ia, jd, r, f] = act
    v_att = np.zeros((2 * F, F, rer_a + 1, 2))
    att_act = np.zeros((2 * F, F, rer_a + 1, 2), dtype=np.int64)
    for r in range(rer_a + 1):
        for f in range(2):
            for ia in range(2 * F):
                for jd in range(F):
                    best, act = v_def[ia, jd, rer_d, flip_d], KEEP
                    if f == 1 and ia < F and v_att[ia + F, jd, r, 0] > best + eps:
                        best, act = v_att[ia + F, jd, r, 0], FLIP
                    if r > 0:
                        mean = 0.0
                        for k in range(F):
                            mean += v_att[k, jd, r - 1, f]
                        mean /= F
                        if mean > best + eps:
                            best, act = mean, REROLL
                    v_att[ia, jd, r, f] = best
                    att_act[ia, jd, r, f] = act
    return att_act, def_act, v_att


@njit(inline="always", cache=True)
def _settle(state, act, ia, jd, attacker, n_faces, rerolls, flip, use):
    """Apply one side's die choices (the attacker's if ``attacker``); ``use`` counts its rerolls and flips."""
    r, f = rerolls, flip
    while True:
        a = act[ia, jd, r, f]
        if a == KEEP:
            return state, ia, jd
        if a == FLIP:
            use[1] += 1
            f = 0
            if attacker:
                ia += n_faces
            else:
                jd += n_faces
        else:
            use[0] += 1
            r -= 1
            state, w = next_word(state)
            if attacker:
                ia = below(high32(w), n_faces)
            else:
                jd = below(high32(w), n_faces)


@njit(cache=True)
def simulate(key, start, count, n_faces, att_act, rer_a, flip_a, def_act, rer_d, flip_d, tally, die_use, finals, keep):
    """Monte Carlo over trials start..start+count-1: roll both dice, apply each side's die choices, and tally the
    final extended die states in ``tally`` (2F, 2F). Everything else about a battle (card play, damage, toppled
    units, the winner) is a deterministic function of that pair, expanded from the tally once per chunk.

    ``die_use`` (2, 2) counts rerolls and flips per side; with ``keep``, ``finals`` (count, 2) gets each trial's pair.
    """
    decide_a = rer_a > 0 or flip_a > 0
    decide_d = rer_d > 0 or flip_d > 0
    use_a = np.zeros(2, dtype=np.int64)
    use_d = np.zeros(2, dtype=np.int64)
    for t in range(count):
        state = trial_state(key, start + t)
        w = state  # the state is already a hash of (key, trial): its bits serve as the first word
        ia = below(high32(w), n_faces)
        jd = below(low32(w), n_faces)
        if decide_a:
            state, ia, jd = _settle(state, att_act, ia, jd, True, n_faces, rer_a, flip_a, use_a)
        if decide_d:
            state, ia, jd = _settle(state, def_act, ia, jd, False, n_faces, rer_d, flip_d, use_d)
        tally[ia, jd] += 1
        if keep:
            finals[t, 0] = ia
            finals[t, 1] = jd
    die_use[0, 0] += use_a[0]
    die_use[0, 1] += use_a[1]
    die_use[1, 0] += use_d[0]
    die_use[1, 1] += use_d[1]
