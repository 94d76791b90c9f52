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
        hand_add(S, seat, take_card(S, mv[1]))
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
            hand_add(S, owner, take_card(S, MV[j, 3]))
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
        take_card(S, 0)
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
