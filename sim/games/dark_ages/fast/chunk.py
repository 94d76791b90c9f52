"""A whole game on the fast engine (``game.loop`` ported), and the chunk kernel behind ``experiment.play_chunk``.

``play_games`` plays games ``start .. start+count-1``, game ``i`` on the stream ``trial_state(key, i)``, and writes
one row per game (``COLUMNS``); ``play_chunk`` turns the rows into exactly the counts and per-game rows of the
reference ``play_chunk`` (same seating, same categories).
"""

# ruff: noqa: F403, F405
from __future__ import annotations

import json
from functools import lru_cache

import numpy as np
from numba import njit

from sim.games.dark_ages.fast.kernels import *
from sim.games.dark_ages.fast.layout import *
from sim.games.dark_ages.fast.strategies import *
from sim.rng import trial_state

MAXM = 1024
HEAD = 4  # players, trigger, turns, passes
COLUMNS = HEAD + 4 * OUT_COLS


class Work:
    pass


@njit(**J)
def apply_move(S, seat, mv, ST, R):
    """``actions.apply``: whether a battle was fought."""
    b = seat * PS
    sid = S[b + P_STRAT]
    a = mv[0]
    S[b + P_ACTS] += 1
    if a == A_BUILD:
        apply_build(S, seat, mv[1], mv[2], mv[3])
        on_action(S, seat, A_BUILD)
    elif a == A_DOC:
        hand_add(S, seat, offer_take(S, mv[1], False, R))
        on_action(S, seat, A_DOC)
    elif a == A_RESEARCH:
        apply_research(S, seat, mv[1], mv[2], mv[3], mv[4])
        on_action(S, seat, A_RESEARCH)
    elif a == A_RECRUIT:
        apply_recruit(S, seat, mv[1], mv[2])
    else:
        src = mv[1]
        excess = upkeep_excess(S, seat)
        if excess:
            gold = max(0, min(excess, S[b + P_GOLD], upkeep_gold(S, seat, ST, sid, excess, R)))
            S[b + P_GOLD] -= gold
            for _ in range(excess - gold):
                upkeep_return(S, seat, src)
        battle = manoeuvre_move(S, seat, src, mv[2], mv[3], mv[4], mv[5], R)
        on_action(S, seat, A_MANOEUVRE)
        return battle
    return False


@njit(**J)
def settle_free(S, seat, ST, MV, R):
    sid = S[seat * PS + P_STRAT]
    while True:
        k = settle_options(S, seat, MV)
        if k == 0:
            return
        j = choose_settle(S, seat, ST, sid, MV, k, R)
        if j < 0:
            return
        apply_settle(S, seat, MV[j, 1])


@njit(**J)
def react(S, ST, MV, R):
    owner, sp = pop_reaction(S)
    if owner < 0:
        return
    if S[G_SOLO] and owner == 1:
        l_react(S, sp, R)
        return
    k = react_options(S, owner, REACT_AT[sp], MV, 0)
    k = react_options(S, owner, REACT_AT[sp + 1], MV, k)
    if k == 0:
        return
    j = choose_react(S, owner, ST, S[owner * PS + P_STRAT], MV, k, R)
    b = owner * PS
    x = MV[j, 1]
    if x == X_WL or x == X_WS:
        S[b + P_RES + MV[j, 2]] += 1
    elif x == X_RECRUIT:
        apply_recruit(S, owner, MV[j, 2], MV[j, 3])
    elif x == X_REGROUP:
        src, dst = MV[j, 2], MV[j, 3]
        g = np.empty(3, np.int64)
        g[0], g[1], g[2] = MV[j, 4], MV[j, 5] // 16, MV[j, 5] % 16
        for t in range(3):
            if g[t]:
                remove_units(S, owner, src, t, g[t], False)
                add_units(S, owner, dst, t, g[t])
    elif x == X_EXCHANGE:
        if MV[j, 2] == 0:
            hand_remove(S, owner, MV[j, 3])
            S[b + P_GOLD] += 1
        else:
            S[b + P_GOLD] -= 1
            hand_add(S, owner, offer_take(S, MV[j, 3], False, R))
    else:
        r = MV[j, 3]
        S[b + P_RES + r] -= 1
        if MV[j, 2] == 1:
            S[b + P_GOLD] += 1
        else:
            gain_culture(S, owner, TRADE[r])


@njit(**J)
def do_pass(S, seat, ST, cycle, final, end_bonus, R):
    """``passing.do_pass``."""
    b = seat * PS
    sid = S[b + P_STRAT]
    all_available = S[b + P_NFREE] == S[b + P_NTOT]
    if cycle and S[G_OFFN] > 0:
        offer_take(S, 0, True, R)
    titles = np.empty(NT + 1, np.int64)
    k = claimable(S, seat, titles)
    if k:
        t = choose_title(S, seat, ST, sid, titles, k, R)
        if t >= 0:
            claim(S, seat, t)
    retrieve(S, seat)
    S[b + P_PASSES] += 1
    if final:
        S[b + P_FIN] = 1
        return
    w = S[b + P_WARE]
    sell = np.empty(64, np.int64)
    m = choose_sell(S, seat, ST, sid, WH_SELL[w], sell, R)
    for i in range(min(m, WH_SELL[w])):
        r = sell[i]
        if S[b + P_RES + r] > 0:
            S[b + P_RES + r] -= 1
            gain_culture(S, seat, TRADE[r])
    hold = WH_HOLD[w] + effect_sum(S, seat, E_HOLD, -1)
    over = S[b + P_RES] + S[b + P_RES + 1] + S[b + P_RES + 2] + S[b + P_RES + 3] - hold
    for _ in range(max(0, over)):
        r = choose_discard_resource(S, seat, ST, sid, R)
        if S[b + P_RES + r] <= 0:
            r = 0
            for x in range(1, 4):
                if S[b + P_RES + x] > S[b + P_RES + r]:
                    r = x
        S[b + P_RES + r] -= 1
    pass_income(S, seat, end_bonus, all_available)


@njit(**J)
def take_turn(S, seat, ST, MVA, NK, MV, mv, R):
    b = seat * PS
    sid = S[b + P_STRAT]
    S[G_EXTRA] = 0
    settle_free(S, seat, ST, MV, R)
    for a in range(5):
        NK[a] = -1
    has = False
    if S[b + P_NFREE] > 0:
        if ST[sid, 0] == K_RANDOM:
            for a in range(5):
                NK[a] = action_options(S, seat, a, MVA[a])
                has = has or NK[a] > 0
        else:
            for i in range(5):
                a = CHEAP_FIRST[i]
                NK[a] = action_options(S, seat, a, MVA[a])
                if NK[a] > 0:
                    has = True
                    break
    can_pass = S[b + P_NFREE] < S[b + P_NTOT] or not has
    chosen = False
    if has:
        chosen = choose_action(S, seat, ST, sid, MVA, NK, can_pass, mv, R)
    if not chosen:
        do_pass(S, seat, ST, True, S[G_TRIG] >= 0, False, R)
    else:
        action = mv[0]
        place_noble(S, seat, action)
        battle = apply_move(S, seat, mv, ST, R)
        if S[b + P_TREADY] and not (action == A_MANOEUVRE and battle):
            if repeat_with_title(S, seat, ST, sid, action, MVA, NK, mv, R):
                t = S[b + P_TREADY]
                S[b + P_TREADY] = t & (t - 1)  # the lowest Title id
                apply_move(S, seat, mv, ST, R)
        settle_free(S, seat, ST, MV, R)
        react(S, ST, MV, R)
    while S[b + P_NHAND] > HAND_LIMIT:
        hand_remove(S, seat, choose_discard_card(S, seat, ST, sid, R))


@njit(**J)
def play_game(S, ST, max_turns, debug, R, MVA, NK, MV, mv):
    """``loop.play`` from the set-up position; returns the first failed invariant (debug) or 0."""
    n = S[G_N]
    seat = S[G_CUR]
    while True:
        done = True
        for s in range(n):
            if not S[s * PS + P_FIN]:
                done = False
        if done:
            break
        if S[G_TURNS] >= max_turns:
            S[G_TRIG] = 5
            break
        take_turn(S, seat, ST, MVA, NK, MV, mv, R)
        S[G_TURNS] += 1
        if debug:
            bad = check(S)
            if bad:
                return bad
        if S[G_TRIG] < 0:
            why = trigger(S)
            if why >= 0:
                S[G_TRIG] = why
                for s in range(n):
                    do_pass(S, s, ST, False, False, True, R)
        if S[G_EXTRA] and not S[seat * PS + P_FIN]:
            continue
        for step in range(1, n + 1):
            nxt = (seat + step) % n
            if not S[nxt * PS + P_FIN]:
                seat = nxt
                break
    S[G_CUR] = seat
    return 0


@njit(**J)
def play_games(key, start, count, NPL, RUL, STR, ST, max_turns, debug, out):
    S = np.zeros(NS, np.int64)
    R = np.zeros(1, np.uint64)
    MVA = np.zeros((5, MAXM, 6), np.int64)
    NK = np.zeros(5, np.int64)
    MV = np.zeros((MAXM, 6), np.int64)
    mv = np.zeros(6, np.int64)
    sc = np.zeros(OUT_COLS, np.int64)
    for g in range(count):
        R[0] = trial_state(key, start + g)
        n = NPL[g]
        setup(S, n, RUL[g], R)
        for s in range(n):
            S[s * PS + P_STRAT] = STR[g, s]
        bad = play_game(S, ST, max_turns, debug, R, MVA, NK, MV, mv)
        if bad:
            out[g, 0] = -bad
            continue
        out[g, 0] = n
        out[g, 1] = S[G_TRIG]
        out[g, 2] = S[G_TURNS]
        p = 0
        for s in range(n):
            p += S[s * PS + P_PASSES]
            score(S, s, sc)
            for c in range(OUT_COLS):
                out[g, HEAD + s * OUT_COLS + c] = sc[c]
        out[g, 3] = p


# ---------------------------------------------------------------- solo (Module 1, ``game/solo_loop.py``)
SOLO_HEAD = 4  # trigger, turns, passes, Raider attacks
SOLO_COLS = SOLO_HEAD + OUT_COLS + 12  # then the player's 16 categories and total, the Lordlings' 11 and total


@njit(**J)
def counterattack(S, src, ST, R):
    """``raiders.counterattack``: the Raid card, an Army limit check, then the units in ``src`` fight the party."""
    sid = S[P_STRAT]
    hand_remove(S, 0, RC_RAID)
    excess = upkeep_excess(S, 0)
    if excess:
        gold = max(0, min(excess, S[P_GOLD], upkeep_gold(S, 0, ST, sid, excess, R)))
        S[P_GOLD] -= gold
        for _ in range(excess - gold):
            upkeep_return(S, 0, src)
    group = np.empty(3, np.int64)
    for k in range(3):
        group[k] = S[P_UNITS + src * 3 + k]
        S[P_UNITS + src * 3 + k] = 0
    if group[0] + group[1] + group[2] == 0:
        return
    UA = np.empty((MAX_UNITS, 9), np.int64)
    UD = np.empty((MAX_UNITS, 9), np.int64)
    lv = np.empty(3, np.int64)
    party = np.empty(3, np.int64)
    for k in range(3):
        lv[k] = S[P_MIL + k]
    na = muster(UA, 0, 0, lv, group, np.zeros(3, np.int64))
    for k in range(3):
        lv[k] = S[G_RLEV + k]
        party[k] = S[G_PARTY + k]
    nd = muster(UD, 0, 1, lv, party, np.zeros(3, np.int64))
    effa = np.empty(7, np.int64)
    effd = np.zeros(7, np.int64)
    battle_effects(S, 0, effa)
    cards = np.zeros(2, np.int64)
    cards[0] = holds_card(S, 0, RC_REINFORCE)
    before = party[0] + party[1] + party[2]
    win = fight_cards(UA, na, UD, nd, 0, 0, 0, effa, effd, cards, R)
    if cards[0] == 2:
        hand_remove(S, 0, RC_REINFORCE)
    alive = np.empty(3, np.int64)
    left = np.empty(3, np.int64)
    survivors(UA, na, alive)
    survivors(UD, nd, left)
    for k in range(3):
        S[P_SUP + k] += group[k] - alive[k]
    place(S, 0, src, alive)
    if win:
        S[P_GOLD] += before - (left[0] + left[1] + left[2])
        for k in range(3):
            for _ in range(left[k]):
                if S[P_SUP + k] > 0:
                    S[P_SUP + k] -= 1
                    add_units(S, 0, src, k, 1)
        disband(S)
        draw_tokens(S, 1)
    else:
        for k in range(3):
            S[G_PARTY + k] = left[k]


@njit(**J)
def lordling_turn(S, ST, MV, R):
    result = l_turn(S, R)
    if result:
        l_pass(S, result == 2, True, S[G_TRIG] >= 0, R)
    else:
        react(S, ST, MV, R)


@njit(**J)
def player_turn(S, ST, MVA, NK, MV, mv, R):
    src = -1
    if not S[G_ROFF] and S[G_PARTY] + S[G_PARTY + 1] + S[G_PARTY + 2] > 0 and holds_card(S, 0, RC_RAID):
        places = np.empty(NP, np.int64)
        m = 0
        for q in range(NP):
            if units_at(S, 0, q) > 0:
                places[m] = q
                m += 1
        if m:
            src = choose_counterattack(S, ST, S[P_STRAT], places, m, R)
    if src >= 0:
        counterattack(S, src, ST, R)
    else:
        take_turn(S, 0, ST, MVA, NK, MV, mv, R)


@njit(**J)
def solo_end(S, why, ST, R):
    """``solo_loop._end``."""
    S[G_TRIG] = why
    if S[G_OPTS] & O_AT_TRIGGER:
        raiders_attack(S, True, R)
        S[G_RAIDED] = 1
    S[G_ROFF] = 1
    do_pass(S, 0, ST, False, False, True, R)
    l_pass(S, False, False, False, R)


@njit(**J)
def solo_step(S, seat, ST, MVA, NK, MV, mv, R):
    """One turn of ``solo_loop.play_solo`` and the end check after it."""
    if seat == 1:
        lordling_turn(S, ST, MV, R)
    else:
        player_turn(S, ST, MVA, NK, MV, mv, R)
    S[G_TURNS] += 1
    if S[G_TRIG] < 0:
        why = solo_trigger(S)
        if why >= 0:
            solo_end(S, why, ST, R)


@njit(**J)
def next_seat(S, seat):
    if seat == 0 and S[G_EXTRA] and not S[P_FIN]:
        return seat
    if not S[(1 - seat) * PS + P_FIN]:
        return 1 - seat
    return seat


@njit(**J)
def play_solo(S, ST, max_turns, R, MVA, NK, MV, mv):
    seat = S[G_CUR]
    while not (S[P_FIN] and S[PS + P_FIN]):
        if S[G_TURNS] >= max_turns:
            S[G_TRIG] = 6
            break
        solo_step(S, seat, ST, MVA, NK, MV, mv, R)
        seat = next_seat(S, seat)
    S[G_CUR] = seat
    if not S[G_RAIDED]:
        raiders_attack(S, True, R)


@njit(**J)
def play_solo_games(key, DEAL, RUL, STR, OPT, ST, max_turns, out):
    S = np.zeros(NS, np.int64)
    R = np.zeros(1, np.uint64)
    MVA = np.zeros((5, MAXM, 6), np.int64)
    NK = np.zeros(5, np.int64)
    MV = np.zeros((MAXM, 6), np.int64)
    mv = np.zeros(6, np.int64)
    sc = np.zeros(OUT_COLS, np.int64)
    lc = np.zeros(12, np.int64)
    for g in range(len(DEAL)):
        R[0] = trial_state(key, DEAL[g])
        solo_setup(S, RUL[g], OPT[g], R)
        S[P_STRAT] = STR[g]
        play_solo(S, ST, max_turns, R, MVA, NK, MV, mv)
        out[g, 0] = S[G_TRIG]
        out[g, 1] = S[G_TURNS]
        out[g, 2] = S[P_PASSES] + S[PS + P_PASSES]
        out[g, 3] = S[G_RATT]
        score(S, 0, sc)
        for c in range(OUT_COLS):
            out[g, SOLO_HEAD + c] = sc[c]
        lordling_score(S, lc)
        for c in range(12):
            out[g, SOLO_HEAD + OUT_COLS + c] = lc[c]


def solo_deals(e, start: int, count: int):
    from sim.games.dark_ages.game.solo_experiment import STANDARD, deal

    n = count
    d, dl, rul, st, opt = (np.zeros(n, np.int64) for _ in range(5))
    for j in range(n):
        difficulty, g, ruler, name = deal(e, start + j)
        d[j] = e.difficulties.index(difficulty)
        dl[j] = g
        rul[j] = RIDS.index(ruler)
        st[j] = e.strategies.index(name)
        opt[j] = 0 if difficulty == STANDARD else 1 << SOLO_OPTIONS.index(difficulty)
    return d, dl, rul, st, opt


def run_solo_games(e, key, start: int, count: int):
    from sim.games.dark_ages.game.loop import MAX_TURNS

    d, dl, rul, st, opt = solo_deals(e, start, count)
    out = np.zeros((count, SOLO_COLS), np.int64)
    play_solo_games(np.uint64(key), dl, rul, st, opt, strategy_table(e), e.max_turns or MAX_TURNS, out)
    return d, out


def play_solo_chunk(payload, key, start: int, count: int, keep_rows: bool):
    """Exactly the counts and rows of ``solo_experiment.play_chunk`` (no modules) on the fast engine."""
    from sim.games.dark_ages.game import solo_experiment as X

    e = payload.experiment
    d, out = run_solo_games(e, key, start, count)
    k = len(payload.factions)
    player_cats, lordling_cats = X.categories(e)
    c = {
        "wins": np.zeros(k, np.int64), "games": np.zeros(k, np.int64),
        "win_type": np.zeros(len(X.SOLO_TRIGGERS), np.int64), "turns": np.zeros(2, np.int64),
        "passes": np.zeros(1, np.int64), "raids": np.zeros(1, np.int64),
        "player": np.zeros((k, len(player_cats) + 1), np.int64),
        "lordlings": np.zeros((k, len(lordling_cats) + 1), np.int64),
        "margin": np.zeros((k, 2), np.int64),
    }  # fmt: skip
    # the player's categories: experiment.CATEGORIES without "modules" (0 in the compiled solo game), then
    # "raiders" (the total less every other category), then the total
    ps = out[:, SOLO_HEAD : SOLO_HEAD + OUT_COLS]
    raiders = ps[:, 16:17] - ps[:, :16].sum(axis=1, keepdims=True)
    player = np.concatenate([ps[:, :15], raiders, ps[:, 16:17]], axis=1)
    lords = out[:, SOLO_HEAD + OUT_COLS :]
    won = player[:, -1] > lords[:, -1]
    margin = player[:, -1] - lords[:, -1]
    np.add.at(c["games"], d, 1)
    np.add.at(c["wins"], d, won.astype(np.int64))
    c["win_type"] += np.bincount(out[:, 0], minlength=len(X.SOLO_TRIGGERS))[: len(X.SOLO_TRIGGERS)]
    turns = out[:, 1]
    c["turns"] += [int(turns.sum()), int((turns * turns).sum())]
    c["passes"][0] += int(out[:, 2].sum())
    c["raids"][0] += int(out[:, 3].sum())
    np.add.at(c["player"], d, player)
    np.add.at(c["lordlings"], d, lords)
    np.add.at(c["margin"], (d, 0), margin)
    np.add.at(c["margin"], (d, 1), margin * margin)
    if not keep_rows:
        return c, None
    from sim.games.dark_ages.game.solo_experiment import deal

    info = [deal(e, i) for i in range(start, start + count)]
    rows = {
        "difficulty": np.array([x[0] for x in info]),
        "ruler": np.array([x[2] for x in info]),
        "strategy": np.array([x[3] for x in info]),
        "won": won,
        "trigger": np.array(X.SOLO_TRIGGERS)[out[:, 0]],
        "turns": turns.copy(),
        "player_vp": player[:, -1].copy(),
        "lordling_vp": lords[:, -1].copy(),
        "raider_attacks": out[:, 3].copy(),
        "rounds": out[:, 2] / 2,
    }
    return c, rows


# ---------------------------------------------------------------- Python side
@lru_cache(maxsize=16)
def _table(strategies: tuple[str, ...], params_json: str) -> np.ndarray:
    params = json.loads(params_json)
    return np.stack([compile_strategy(s, params.get(s)) for s in strategies])


def strategy_table(e) -> np.ndarray:
    return _table(tuple(e.strategies), json.dumps(e.strategy_params, sort_keys=True))


def seatings(e, start: int, count: int):
    from sim.games.dark_ages.experiment import seating

    npl = np.zeros(count, np.int64)
    rul = np.zeros((count, 4), np.int64)
    st = np.zeros((count, 4), np.int64)
    for g in range(count):
        rulers, names = seating(e, start + g)
        npl[g] = len(rulers)
        rul[g, : len(rulers)] = [RIDS.index(r) for r in rulers]
        st[g, : len(names)] = [e.strategies.index(s) for s in names]
    return npl, rul, st


def run_games(payload, key, start: int, count: int, debug: bool = False) -> np.ndarray:
    e = payload.experiment
    npl, rul, st = seatings(e, start, count)
    out = np.zeros((count, COLUMNS), np.int64)
    play_games(np.uint64(key), start, count, npl, rul, st, strategy_table(e), e.max_turns, debug, out)
    if debug and (out[:, 0] < 0).any():
        g = int(np.argmax(out[:, 0] < 0))
        raise AssertionError(f"game {start + g}: invariant {-out[g, 0]} failed (kernels.check)")
    return out


def play_chunk(payload, key, start: int, count: int, keep_rows: bool):
    """Exactly the counts and rows of ``experiment.play_chunk`` for the fast engine's games (vectorised)."""
    from sim.games.dark_ages import experiment as X

    e = payload.experiment
    out = run_games(payload, key, start, count)
    c = X._empty(payload)
    ncat = len(X.CATEGORIES)
    k, ns = len(e.rulers), len(e.strategies)
    games = np.arange(start, start + count)
    n = out[:, 0]
    seat = np.arange(X.MAX_SEATS)
    valid = seat[None, :] < n[:, None]  # (games, seats)
    ridx = (games[:, None] + seat[None, :]) % k  # rulers[(i + j) % k] (payload.factions is e.rulers)
    sidx = (games[:, None] // k + seat[None, :]) % ns
    scores = out[:, HEAD:].reshape(count, 4, OUT_COLS)
    totals = np.where(valid, scores[:, :, ncat], np.iinfo(np.int64).min)
    best = totals.max(axis=1)
    won = valid & (totals == best[:, None])
    nwin = won.sum(axis=1)
    r, s_, w = ridx[valid], sidx[valid], won[valid].astype(np.int64)
    t = totals[valid]
    cats = scores[:, :, :ncat][valid]
    np.add.at(c["games"], r, 1)
    np.add.at(c["wins"], r, w)
    np.add.at(c["strategy_games"], s_, 1)
    np.add.at(c["strategy_wins"], s_, w)
    np.add.at(c["matrix"], (s_, r, 0), 1)
    np.add.at(c["matrix"], (s_, r, 1), w)
    c["seat_games"] += valid.sum(axis=0)
    c["seat_wins"] += won.sum(axis=0)
    np.add.at(c["score"], r, cats)
    np.add.at(c["strategy_score"], s_, np.concatenate([cats, t[:, None]], axis=1))
    np.add.at(c["total"], (r, 0), t)
    np.add.at(c["total"], (r, 1), t * t)
    c["win_type"] += np.bincount(out[:, 1], minlength=len(c["win_type"]))[: len(c["win_type"])]
    c["shared"][0] += int((nwin > 1).sum())
    turns = out[:, 2]
    c["turns"] += [int(turns.sum()), int((turns * turns).sum())]
    length = out[:, 3] * (X.TWELFTHS // n)  # round_twelfths
    c["rounds"] += [int(length.sum()), int((length * length).sum())]
    np.add.at(c["rounds_by_players"], (n, 0), 1)
    np.add.at(c["rounds_by_players"], (n, 1), length)
    ordered = np.sort(totals, axis=1)[:, ::-1]
    c["winner_total"] += [int(ordered[:, 0].sum()), int((ordered[:, 0] ** 2).sum())]
    margin = ordered[:, 0] - ordered[:, 1]
    c["margin"] += [int(margin.sum()), int((margin * margin).sum())]
    if not keep_rows:
        return c, None
    rulers = np.array(e.rulers + ("",))
    names = np.array(e.strategies + ("",))
    first = np.argmax(won, axis=1)
    rows: dict[str, np.ndarray] = {
        "players": n.copy(),
        "trigger": np.array(TRIGGERS)[out[:, 1]],
        "turns": turns.copy(),
        "rounds": length / X.TWELFTHS,
        "winner": rulers[ridx[np.arange(count), first]],
        "shared": nwin > 1,
    }
    for j in range(X.MAX_SEATS):
        here = valid[:, j]
        rows[f"seat{j}_ruler"] = np.where(here, rulers[ridx[:, j]], "")
        rows[f"seat{j}_strategy"] = np.where(here, names[sidx[:, j]], "")
        rows[f"seat{j}_won"] = won[:, j].copy()
        rows[f"seat{j}_vp"] = np.where(here, scores[:, j, ncat], -1)
        for q, cat in enumerate(X.CATEGORIES):
            rows[f"seat{j}_{cat}"] = np.where(here, scores[:, j, q], -1)
    return c, rows


def play_chunk_loop(payload, key, start: int, count: int, keep_rows: bool):
    """``play_chunk`` game by game, as the reference builds its counts and rows (the tests compare the two)."""
    from sim.games.dark_ages import experiment as X

    e = payload.experiment
    out = run_games(payload, key, start, count)
    c = X._empty(payload)
    ruler_index = {r: j for j, r in enumerate(payload.factions)}
    rows: dict[str, list] = {k: [] for k in ("players", "trigger", "turns", "rounds", "winner", "shared")}
    for j in range(X.MAX_SEATS):
        for col in ("ruler", "strategy", "won", "vp", *X.CATEGORIES):
            rows[f"seat{j}_{col}"] = []
    ncat = len(X.CATEGORIES)
    for g in range(count):
        rulers, names = X.seating(e, start + g)
        n = len(rulers)
        row = out[g]
        scores = row[HEAD : HEAD + n * OUT_COLS].reshape(n, OUT_COLS)
        totals = [int(x) for x in scores[:, ncat]]
        best = max(totals)
        winners = [i for i, t in enumerate(totals) if t == best]
        for seat in range(n):
            won = seat in winners
            r, s = ruler_index[rulers[seat]], e.strategies.index(names[seat])
            cats = [int(x) for x in scores[seat, :ncat]]
            c["games"][r] += 1
            c["wins"][r] += won
            c["strategy_games"][s] += 1
            c["strategy_wins"][s] += won
            c["matrix"][s, r] += [1, won]
            c["seat_games"][seat] += 1
            c["seat_wins"][seat] += won
            c["score"][r] += cats
            c["strategy_score"][s] += cats + [totals[seat]]
            c["total"][r] += [totals[seat], totals[seat] ** 2]
        turns, passes, trig = int(row[2]), int(row[3]), TRIGGERS[int(row[1])]
        c["win_type"][int(row[1])] += 1
        c["shared"][0] += len(winners) > 1
        c["turns"] += [turns, turns**2]
        length = X.round_twelfths(passes, n)
        c["rounds"] += [length, length**2]
        c["rounds_by_players"][n] += [1, length]
        ordered = sorted(totals, reverse=True)
        c["winner_total"] += [ordered[0], ordered[0] ** 2]
        c["margin"] += [ordered[0] - ordered[1], (ordered[0] - ordered[1]) ** 2]
        if keep_rows:
            rows["players"].append(n)
            rows["trigger"].append(trig)
            rows["turns"].append(turns)
            rows["rounds"].append(length / X.TWELFTHS)
            rows["winner"].append(rulers[winners[0]])
            rows["shared"].append(len(winners) > 1)
            for j in range(X.MAX_SEATS):
                here = j < n
                rows[f"seat{j}_ruler"].append(rulers[j] if here else "")
                rows[f"seat{j}_strategy"].append(names[j] if here else "")
                rows[f"seat{j}_won"].append(here and j in winners)
                rows[f"seat{j}_vp"].append(totals[j] if here else -1)
                for k, cat in enumerate(X.CATEGORIES):
                    rows[f"seat{j}_{cat}"].append(int(scores[j, k]) if here else -1)
    return c, ({k: np.array(v) for k, v in rows.items()} if keep_rows else None)
