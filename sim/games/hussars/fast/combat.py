"""A battle inside the game, and what flows back: the compiled twin of ``game/combat.py``.

``fight`` lines the two sides up as token arrays in the battle code's order, resolves the battle with the simplified
rules (``fast/simplified.py``) or, in ``battles: full``, plays the tactic game: both sides' legal cards, every pair's
clash (``fast/clash.clash_arrays``, ``fast/full.finish``), the equilibrium (``fast/tactics.solve``) and one draw per
commander. Then losses, promotions, spoils, VP, crimes or punishment, XP, retreat, capture, rescued jasyr, sieges,
occupations and suppression, in the reference's order.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.games.hussars.fast import armies as A
from sim.games.hussars.fast import estates as E
from sim.games.hussars.fast import experience as X
from sim.games.hussars.fast import full as F
from sim.games.hussars.fast import law as L
from sim.games.hussars.fast import movement as M
from sim.games.hussars.fast import rng
from sim.games.hussars.fast import sieges as SG
from sim.games.hussars.fast import simplified as S
from sim.games.hussars.fast import tactics as T
from sim.games.hussars.fast import unrest as U
from sim.games.hussars.fast.clash import P_NONE, P_RETREAT, clash_arrays

GARRISON = -2
NS, OH, TATARS, REBELS, HETMAN = 4, 4, 5, 6, 7
ATTACKER, NOBODY, DEFENDER = 1, 0, -1
KIND_TATARS, KIND_REBELS, KIND_INTERCEPTION, KIND_SIEGE, KIND_HETMAN, KIND_PRIVATE = 0, 1, 2, 3, 4, 5
ENEMIES_CAT, CAPTURED_CAT = 10, 11  # VP_CATS indices
NTOK = 64

YES, NO = np.bool_(True), np.bool_(False)  # non-literal flags: one compiled specialization


@njit(cache=True)
def side_force(st, who, f):
    return st.garrison_force[f] if who == GARRISON else st.a_force[who]


@njit(cache=True)
def priority(st, force):
    for i in range(st.order.shape[0]):
        if st.order[i] == force:
            return i
    return st.order.shape[0]


@njit(cache=True)
def hand_mask(st, R, force, level, out):
    out[:] = 0
    for t in range(R.ntac):
        if 0 <= force < NS:
            out[t] = st.tactics[force, t]
        elif force == TATARS:
            out[t] = R.tatar_deck[t]
        elif force == REBELS:
            out[t] = R.cossack_deck[t]
        else:
            out[t] = R.cmw_deck[t]
    if level > 0:
        out[R.fortress_card[level]] = 1


@njit(cache=True)
def payoff(R, winner, lost_a, lost_d):
    if R.objective == 0:
        return 1.0 if winner == ATTACKER else 0.0
    if R.objective == 1:
        return (1.0 if winner == ATTACKER else 0.0) - (1.0 if winner == DEFENDER else 0.0)
    return float(lost_d - lost_a)


@njit(cache=True)
def promote(st, R, block, fought):
    """The battle code's veteran swap (``aftermath.promotion``) on ``block``, when the box holds the new token."""
    best_t, best_w, best_n = -1, 0, -1
    bk0, bk1, bk2 = 0, 0.0, 0
    tt, tv, tw = np.empty(NTOK, np.int64), np.empty(NTOK, np.int64), np.empty(NTOK, np.int64)
    n = S.tokens_of(R, block, tt, tv, tw)
    for i in range(n):
        t, v, w = tt[i], tv[i], tw[i]
        if not fought[t] or v == 1 or R.u_exists[t, 1] == 0:
            continue
        for k in range(2):
            nt = R.promote_to[t, k]
            if nt < 0:
                continue
            k0, k1, k2 = R.u_tough[nt, 0], R.u_eff[nt, 1] - R.u_eff[t, 0], 1 if nt != t else 0
            better = best_t < 0 or k0 > bk0 or (k0 == bk0 and (k1 > bk1 or (k1 == bk1 and k2 > bk2)))
            if better:
                best_t, best_w, best_n = t, w, nt
                bk0, bk1, bk2 = k0, k1, k2
    if best_t < 0:
        return
    if best_t != best_n and st.box[best_n] == 0:
        return
    block[best_t, 0, best_w] -= 1
    block[best_n, 1, best_w] += 1


@njit(cache=True)
def _line_up(R, tt, tv, tw, n, npick, by_half, key_eff):
    """The clash order of one side; returns its fighting count (npick >= 0: the blind pick, already first)."""
    if npick >= 0:
        return npick
    if not by_half:
        return n
    S.strongest_first(R, tt, tv, tw, n, key_eff)
    return F.half(R, n)


@njit(cache=True)
def fight(st, R, BT, P, sp, rs, mode, att, dfd_who, intercepted, siege):
    """Army ``att`` attacks ``dfd_who`` (a slot, or GARRISON) on its field. Returns the winner."""
    f = st.a_field[att]
    forces = (st.a_force[att], side_force(st, dfd_who, f))
    army = dfd_who != GARRISON
    level = st.fortress[f] if (siege or (intercepted and R.walls_interception == 1)) else 0
    can0 = (not intercepted) and M.retreat_field(st, R, att) >= 0
    can1 = (not intercepted) and army and M.retreat_field(st, R, dfd_who) >= 0
    loose0 = st.a_loose[att] == 1
    loose1 = army and st.a_loose[dfd_who] == 1
    famine = st.famine[f] if level else 0
    moved = np.array([st.a_moved[att], st.a_moved[dfd_who] if army else 0])
    csiege = level > 0
    dblock = st.garrison[f] if not army else st.a_units[dfd_who]
    at, av, aw = np.empty(NTOK, np.int64), np.empty(NTOK, np.int64), np.empty(NTOK, np.int64)
    dt, dv, dw = np.empty(NTOK, np.int64), np.empty(NTOK, np.int64), np.empty(NTOK, np.int64)
    na = S.tokens_of(R, st.a_units[att], at, av, aw)
    nd = S.tokens_of(R, dblock, dt, dv, dw)
    fresh_before = 0
    for i in range(nd):
        fresh_before += 1 - dw[i]
    npick = -1
    if loose1 and level == 0:  # the blind pick of a defender in Loose Columns
        k = F.half(R, nd)
        _sample3(rs, dt, dv, dw, nd, k)
        S.canonical(R, dt, dv, dw, k)
        _rest_canonical(R, dt, dv, dw, k, nd)
        npick = k
    out_a = np.zeros((R.nt, 2, 2), np.int64)
    out_d = np.zeros((R.nt, 2, 2), np.int64)
    played0, played1, label = int(BT[2][P_NONE]), int(BT[2][P_NONE]), 0
    fought = np.zeros((2, R.nt), np.bool_)
    surrender = level > 0 and famine >= R.surrender
    if mode == 0:
        nfa = na
        if loose0 and not csiege:
            S.strongest_first(R, at, av, aw, na, np.int64(0))
            nfa = F.half(R, na)
            S.canonical(R, at, av, aw, nfa)
            _rest_canonical(R, at, av, aw, nfa, na)
        nfd = npick if npick >= 0 else nd
        tie = NOBODY
        if R.tie_turn_order:
            tie = ATTACKER if priority(st, forces[0]) <= priority(st, forces[1]) else DEFENDER
        for i in range(nfa):
            fought[0, at[i]] = True
        for i in range(nfd):
            fought[1, dt[i]] = True
        ta, tva, twa = at.copy(), av.copy(), aw.copy()
        td, tvd, twd = dt.copy(), dv.copy(), dw.copy()
        winner, lost_a, lost_d = S.clash(R, ta, tva, twa, na, nfa, td, tvd, twd, nd, nfd, level, famine, csiege, tie,
                                         out_a, out_d)  # fmt: skip
        cap_a, cap_d = 0, 0
        if surrender:
            fought[:, :] = False
    else:
        winner, lost_a, lost_d, cap_a, cap_d, played0, played1, label = _full(
            st, R, BT, rs, forces, at, av, aw, na, dt, dv, dw, nd, npick, loose0, loose1, level, famine, moved,
            can0, can1, f, not army, out_a, out_d)  # fmt: skip
        listed = BT[1][0]
        for s, tac in ((0, played0), (1, played1)):
            if tac != int(BT[2][P_NONE]) and tac != int(BT[2][P_RETREAT]) and label != 1:
                for t in range(R.nt):
                    fought[s, t] = listed[tac, t]
        if surrender:
            fought[:, :] = False
    if not surrender:
        if 0 <= forces[0] < NS:
            promote(st, R, out_a, fought[0])
        if 0 <= forces[1] < NS:
            promote(st, R, out_d, fought[1])
    fresh_after = 0
    for t in range(R.nt):
        for v in range(2):
            fresh_after += out_d[t, v, 0]
    damaged = lost_d > 0 or fresh_after < fresh_before
    A.set_units(st, R, att, out_a, YES)
    if army:
        A.set_units(st, R, dfd_who, out_d, YES)
    else:
        A.set_garrison(st, R, f, out_d, YES)
    _consequences(st, R, P, sp, rs, att, dfd_who, f, forces, winner, lost_a, lost_d, cap_a, cap_d, played0, played1,
                  label, damaged, intercepted, int(BT[2][P_RETREAT]))  # fmt: skip
    kind = _kind(forces, intercepted, siege)
    st.bt_count[kind] += 1
    st.bt_att_win[kind] += 1 if winner == ATTACKER else 0
    st.bt_att_lost[kind] += lost_a
    st.bt_def_lost[kind] += lost_d
    return winner


@njit(cache=True)
def _sample3(rs, tt, tv, tw, n, k):
    """``rng.sample(list(army), k)`` on parallel arrays: the first k become the sample, in draw order."""
    for i in range(k):
        j = i + rng.below(rs, n - i)
        tt[i], tt[j] = tt[j], tt[i]
        tv[i], tv[j] = tv[j], tv[i]
        tw[i], tw[j] = tw[j], tw[i]


@njit(cache=True)
def _rest_canonical(R, tt, tv, tw, lo, hi):
    """Sort ``[lo:hi]`` canonically (the idle tokens keep the army's order)."""
    S.canonical(R, tt[lo:hi], tv[lo:hi], tw[lo:hi], hi - lo)


@njit(cache=True)
def _kind(forces, intercepted, siege):
    if forces[0] == TATARS or forces[1] == TATARS:
        return KIND_TATARS
    if forces[0] == REBELS or forces[1] == REBELS:
        return KIND_REBELS
    if intercepted:
        return KIND_INTERCEPTION
    if siege:
        return KIND_SIEGE
    if forces[0] == HETMAN or forces[1] == HETMAN:
        return KIND_HETMAN
    return KIND_PRIVATE


@njit(cache=True)
def _full(
    st,
    R,
    BT,
    rs,
    forces,
    at,
    av,
    aw,
    na,
    dt,
    dv,
    dw,
    nd,
    npick,
    loose0,
    loose1,
    level,
    famine,
    moved,
    can0,
    can1,
    f,
    garrison,
    out_a,
    out_d,
):
    units, cards, params = BT
    siege = level > 0
    status = (loose0 or siege, loose1)
    # the attacker's fighting half in Loose Columns (its strongest, by printed Effectiveness) comes first
    nfa = _line_up(R, at, av, aw, na, np.int64(-1), loose0 and level == 0, np.int64(1))
    nfd = _line_up(R, dt, dv, dw, nd, npick, loose1 and level == 0, np.int64(1))
    sizes = np.array([na, nd])
    hand = np.zeros(R.ntac, np.int64)
    rows = np.empty(R.ntac + 1, np.int64)
    cols = np.empty(R.ntac + 1, np.int64)
    hand_mask(st, R, forces[0], np.int64(0), hand)
    m = F.legal_list(R, cards, params, hand, np.int64(0), at, nfa, sizes, status, siege, level, moved, rows)
    hand_mask(st, R, forces[1], level if (garrison and siege) else 0, hand)
    n = F.legal_list(R, cards, params, hand, np.int64(1), dt, nfd, sizes, status, siege, level, moved, cols)
    size = max(na, nd, 1)
    unit = np.zeros((2, size), np.int64)
    vet = np.zeros((2, size), np.bool_)
    wnd = np.zeros((2, size), np.bool_)
    act = np.zeros((2, size), np.bool_)
    present = np.zeros((2, size), np.bool_)
    for k in range(na):
        unit[0, k], vet[0, k], wnd[0, k], act[0, k], present[0, k] = at[k], av[k] == 1, aw[k] == 1, k < nfa, True
    for k in range(nd):
        unit[1, k], vet[1, k], wnd[1, k], act[1, k], present[1, k] = dt[k], dv[k] == 1, dw[k] == 1, k < nfd, True
    fld_peasants = 1 if st.bright[f] + st.incited[f] > 0 else 0
    cond = np.array([R.f_forest[f], R.f_river[f], fld_peasants, R.f_wasteland[f], 1 if status[0] else 0,
                     1 if status[1] else 0, level, famine, 0, 1 if can0 else 0, 1 if can1 else 0,
                     1 if siege else 0])  # fmt: skip
    counts = np.array([na, nd])
    matrix = np.zeros((m, n))
    res = np.zeros((m, n, 5), np.int64)  # winner, lost_a, lost_d, cap_a, cap_d
    labels = np.zeros((m, n), np.int64)
    blocks = np.zeros((m, n, 2, R.nt, 2, 2), np.int64)
    surrender = level > 0 and famine >= R.surrender
    for i in range(m):
        for j in range(n):
            if surrender:
                for k in range(na):
                    blocks[i, j, 0, at[k], av[k], aw[k]] += 1
                res[i, j, 0], res[i, j, 1], res[i, j, 2] = ATTACKER, 0, nd
                labels[i, j] = 4
            else:
                alive = present.copy()
                wounded = wnd.copy()
                w, _, _, lab = clash_arrays(units, cards, params, cond, rows[i], cols[j], unit, vet, wounded, alive,
                                            act)  # fmt: skip
                la, ld, ca, cd = F.finish(R, w, unit, vet.astype(np.int64), wounded, alive, counts,
                                          blocks[i, j, 0], blocks[i, j, 1])  # fmt: skip
                res[i, j, 0], res[i, j, 1], res[i, j, 2], res[i, j, 3], res[i, j, 4] = w, la, ld, ca, cd
                labels[i, j] = lab
            matrix[i, j] = payoff(R, res[i, j, 0], res[i, j, 1], res[i, j, 2])
    x, y = np.zeros(m), np.zeros(n)
    T.solve(matrix, m, n, x, y)
    i = T.pick(x, m, rng.uniform(rs))
    j = T.pick(y, n, rng.uniform(rs))
    out_a[:, :, :] = blocks[i, j, 0]
    out_d[:, :, :] = blocks[i, j, 1]
    return res[i, j, 0], res[i, j, 1], res[i, j, 2], res[i, j, 3], res[i, j, 4], rows[i], cols[j], labels[i, j]


@njit(cache=True)
def _consequences(
    st,
    R,
    P,
    sp,
    rs,
    att,
    dfd_who,
    f,
    forces,
    winner,
    lost_a,
    lost_d,
    cap_a,
    cap_d,
    played0,
    played1,
    label,
    damaged,
    intercepted,
    retreat,
):
    lost = (lost_a, lost_d)
    cap = (cap_a, cap_d)
    for i in range(2):
        me, foe = forces[i], forces[1 - i]
        if not 0 <= me < NS:
            continue
        if (winner == ATTACKER and i == 0) or (winner == DEFENDER and i == 1):
            st.gold[me] += lost[1 - i] * R.spoils
        counts = L.is_outlaw(st, R, foe) or (R.all_enemies == 1 and (foe == TATARS or foe == REBELS))
        if counts:
            st.vp[me, ENEMIES_CAT] += lost[1 - i] * R.enemy_vp
        st.vp[me, CAPTURED_CAT] += (cap[i] - cap[1 - i]) * R.captured_vp
    attacker, defender = forces
    if 0 <= attacker < NS and not intercepted:
        if 0 <= defender < NS and L.crests(st, defender) > 0:
            L.attempt_punish(st, R, attacker, defender, np.int64(1))
        elif not L.is_enemy(st, R, defender) and damaged:
            L.commit(st, R, attacker, R.aggression)
    for i in range(2):
        s = forces[i]
        if 0 <= s < NS and st.figure[s] == f and st.captor[s] < 0:
            X.gain(st, R, s, R.xp_command)
    sides = (att, dfd_who)
    played = (played0, played1)
    for i in range(2):
        who = sides[i]
        if (
            played[i] == retreat
            and label != 1
            and who != GARRISON
            and st.a_force[who] >= 0
            and A.army_tokens(st, R, who) > 0
        ):
            dest = M.retreat_field(st, R, who)
            if dest >= 0:
                _relocate(st, who, dest)
                st.a_loose[who] = 1
    for i in range(2):
        who = sides[i]
        if who != GARRISON and st.a_force[who] >= 0 and A.army_tokens(st, R, who) == 0:
            _escort_lost(st, R, rs, forces[i], f, sides[1 - i])
            if forces[i] == TATARS:
                _rescue(st, R, who, forces[1 - i])
            A.free_slot(st, who)
    SG.check(st, R, f)
    if st.occupier[f] >= 0 and A.first_army_at(st, f, st.occupier[f]) < 0:
        E.set_occupier(st, R, f, np.int64(-1))
    if forces[0] == REBELS or forces[1] == REBELS:
        U.check_suppressed(st, R, rs)


@njit(cache=True)
def _relocate(st, a, dest):
    src = st.a_field[a]
    for s in range(NS):
        if st.figure[s] == src and st.a_force[a] == s and st.captor[s] < 0:
            st.figure[s] = dest
        if st.captor[s] == a:
            st.figure[s] = dest
    st.a_field[a] = dest


@njit(cache=True)
def threat_value(R, block):
    best = -1.0
    for t in range(R.nt):
        if R.u_kind[t] == 2:
            continue
        for v in range(2):
            if block[t, v, 0] + block[t, v, 1]:
                e = R.u_eff[t, v] * (R.capture_fast if R.u_fast[t, v] else 1.0)
                if e > best:
                    best = e
    return best


@njit(cache=True)
def _escort_lost(st, R, rs, force, f, enemy):
    if not 0 <= force < NS or st.figure[force] != f or st.captor[force] >= 0:
        return
    if enemy == GARRISON:
        return
    block = st.a_units[enemy]
    has = False
    for t in range(R.nt):
        if R.u_kind[t] != 2 and block[t, 0, 0] + block[t, 0, 1] + block[t, 1, 0] + block[t, 1, 1]:
            has = True
    if not has:
        return
    roll = rng.die(rs, R.capture_die)
    if roll + st.xl[force] < threat_value(R, block):
        st.captor[force] = enemy
        captor = st.a_force[enemy]
        if 0 <= captor < NS:
            L.commit(st, R, captor, R.kidnap)
        return
    for k in range(R.f_nnb[f]):
        nb = R.f_nb[f, k]
        if not A.enemy_troops(st, R, nb, force):
            st.figure[force] = nb
            return


@njit(cache=True)
def _rescue(st, R, a, liberator):
    freed = 0
    for k in range(st.a_jasyr.shape[1]):
        home = st.a_jasyr[a, k]
        if home == -1:
            continue
        st.a_jasyr[a, k] = -1
        freed += 1
        if home >= 0 and st.owner[home] >= 0:
            E.add_peasants(st, R, home, np.int64(0), np.int64(1))
        else:
            st.bank_incited += 1
    if 0 <= liberator < NS:
        st.influence[liberator] += freed * R.liberator_infl
