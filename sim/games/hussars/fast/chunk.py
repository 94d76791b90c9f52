"""Whole games on the compiled engine: ``fast_rows`` (the experiment's chunk kernel) and ``trace_game`` (lockstep).

Game ``i`` of a variant seeds its stream with ``trial_state(key, i)`` and draws only from it, so the rows equal the
reference engine's (``experiment.reference_rows``) game for game, whatever the chunking. ``_row`` is the compiled
twin of ``tally.row``. The rules (``tables.build``), the battle tables and the plans' records are built once per
variant and worker (cached by the variant's rules overrides).
"""

from __future__ import annotations

import functools
import json

import numpy as np
from numba import njit

from sim import numba_cache
from sim.games.hussars import tally
from sim.games.hussars.fast import loop, params, tables
from sim.games.hussars.fast import setup as SU
from sim.games.hussars.fast import victory as V
from sim.games.hussars.fast.state import STATE
from sim.games.hussars.game.ruleset import load_game_rules
from sim.games.hussars.game.state import BATTLE_KINDS, NS, VP_CATS
from sim.rng import trial_state

NCOL = len(tally.COLUMNS)
NG = len(tally.GLOBAL)
NSEAT = len(tally.SEAT)
NK = len(BATTLE_KINDS)
NCAT = len(VP_CATS)
C_WINNER, C_TIE, C_ROUNDS, C_UPRISINGS, C_TATARS, C_ILLEGAL, C_LEAD = (
    tally.COL[c] for c in ("winner", "tie", "rounds", "uprisings", "tatar_raids", "illegal", "lead0"))  # fmt: skip
C_BT = tally.COL[f"bt_count_{BATTLE_KINDS[0]}"]
S_FAMILY, S_PLAN, S_VP = (tally.SEAT.index(c) for c in ("family", "plan", "vp"))
S_CAT = tally.SEAT.index(f"vp_{VP_CATS[0]}")
S_ECO = tally.SEAT.index(tally.ECONOMY[0])
assert tally.ECONOMY[:11] == ("income", "upkeep", "deficit", "crimes", "outlaw", "deaths", "jasyr", "ruined", "raids",
                              "paid_title", "paid_lease")  # the order _row writes  # fmt: skip

YES, NO = np.bool_(True), np.bool_(False)  # non-literal flags: one compiled specialization


@njit(cache=True)
def _row(st, R, winner, plan_ids, fam_pos, out):
    cats = np.zeros(NCAT, np.int64)
    totals = np.zeros(NS, np.int64)
    scores = np.zeros((NS, NCAT), np.int64)
    for s in range(NS):
        if st.active[s]:
            V.categories(st, R, s, cats)
            scores[s] = cats
            totals[s] = cats.sum()
    out[:] = 0
    out[C_WINNER] = winner
    tied = 0
    for s in range(NS):
        if st.active[s] and totals[s] == totals[winner]:
            tied += 1
    out[C_TIE] = 1 if tied > 1 else 0
    out[C_ROUNDS] = st.rounds
    out[C_UPRISINGS] = st.st_uprisings
    out[C_TATARS] = st.st_tatar_raids
    out[C_ILLEGAL] = st.illegal
    for r in range(3):
        out[C_LEAD + r] = st.st_lead[r]
    for k in range(NK):
        out[C_BT + k] = st.bt_count[k]
        out[C_BT + NK + k] = st.bt_att_win[k]
        out[C_BT + 2 * NK + k] = st.bt_att_lost[k]
        out[C_BT + 3 * NK + k] = st.bt_def_lost[k]
    for s in range(NS):
        base = NG + s * NSEAT
        out[base + S_FAMILY] = fam_pos[s]
        out[base + S_PLAN] = plan_ids[s]
        if not st.active[s]:
            continue
        out[base + S_VP] = totals[s]
        for c in range(NCAT):
            out[base + S_CAT + c] = scores[s, c]
        e = base + S_ECO
        out[e + 0], out[e + 1], out[e + 2], out[e + 3] = (
            st.st_income[s],
            st.st_upkeep[s],
            st.st_deficit[s],
            st.st_crimes[s],
        )
        out[e + 4], out[e + 5], out[e + 6], out[e + 7] = (
            st.st_outlaw[s],
            st.st_deaths[s],
            st.st_jasyr[s],
            st.st_ruined[s],
        )
        out[e + 8], out[e + 9], out[e + 10] = st.st_raids[s], st.st_paid_title[s], st.st_paid_lease[s]
        titles = 0
        for t in range(4):
            if st.title_holder[t] == s:
                titles += 1
        leases = 0
        for i in range(R.nl):
            if st.lease_holder[i] == s:
                leases += 1
        out[e + 11], out[e + 12] = titles, leases


@njit(cache=True)
def play_games(
    Rs, BT, P, families, plan_ids, fam_pos, rounds, mode, key, start, titles, leases, S, flat, rows, trace, tn
):
    """Games ``start .. start + len(families) - 1``: one row each into ``rows``."""
    R = Rs[0]
    st = S[0]
    rs = np.empty(1, np.uint64)
    for k in range(families.shape[0]):
        flat[:] = 0
        rs[0] = trial_state(key, np.uint64(start + k))
        SU.new_state(st, R, families[k], rounds, rs, titles, leases)
        winner = loop.play(st, R, BT, P, plan_ids[k], rs, mode, flat, trace, tn)
        _row(st, R, winner, plan_ids[k], fam_pos[k], rows[k])


@functools.lru_cache(maxsize=16)
def _compiled(pairs: tuple[tuple[str, str], ...], specs: tuple[tuple[str, str], ...]):
    rules = load_game_rules({k: json.loads(v) for k, v in pairs})
    plans = params.compile_plans([(u, json.loads(p)) for u, p in specs], rules)
    return rules, tables.build(rules), tables.battle_tables(rules), plans


def _seats(payload, start: int, count: int, table=None):
    """(families, plan ids, family positions) per game and seat; ``table`` ((count, families) plan ids, or None):
    each family's plan game by game in place of the experiment's (``sim tune`` and ``sim balance`` fields)."""
    from sim.games.hussars.experiment import seating

    fams = np.full((count, NS), -1, np.int64)
    plans = np.full((count, NS), -1, np.int64)
    pos = np.full((count, NS), -1, np.int64)
    for k in range(count):
        f, p = seating(payload, start + k)
        fams[k], plans[k] = f, p
        pos[k] = [payload.family_ids.index(x) if x >= 0 else -1 for x in f]
        if table is not None:
            plans[k] = [table[k, j] if j >= 0 else -1 for j in pos[k]]
    return fams, plans, pos


def _grants(pairs) -> np.ndarray:
    return np.array(pairs, np.int64).reshape(-1, 2)


def fast_rows(payload, key, start: int, count: int, table=None) -> np.ndarray:
    """(count, variants, COLUMNS) rows of games ``start .. start+count-1`` on the compiled engine (``table``: each
    family's plan id game by game, as ``_seats``)."""
    fams, plans, pos = _seats(payload, start, count, table)
    rows = np.zeros((count, len(payload.variants), NCOL), np.int64)
    S = STATE.new()
    flat = STATE.flat(S)[0]
    no_trace = np.zeros((0, flat.shape[0]), np.int64)
    tn = np.zeros(1, np.int64)
    for v, setup in enumerate(payload.variants):
        _, R, BT, P = _compiled(setup.rules, payload.specs)
        mode = 1 if setup.battles == "full" else 0
        out = np.zeros((count, NCOL), np.int64)
        if any(uses == "rollout" for uses, _ in payload.specs):
            from sim.games.hussars.fast import search  # deferred: search imports this module

            out = search.run(R, BT, P, payload.specs, fams, plans, pos, setup.rounds, mode, key, start,
                             _grants(setup.titles), _grants(setup.leases), S, flat)[0]  # fmt: skip
        else:
            numba_cache.call(play_games, R, BT, P, fams, plans, pos, setup.rounds, mode, np.uint64(key), start,
                             _grants(setup.titles), _grants(setup.leases), S, flat, out, no_trace, tn)  # fmt: skip
        rows[:, v] = out
    return rows


def trace_game(payload, key, game: int, variant: int = 0, capacity: int = 800):
    """(row, the position after every action) of one game on the compiled engine."""
    fams, plans, pos = _seats(payload, game, np.int64(1))
    setup = payload.variants[variant]
    _, R, BT, P = _compiled(setup.rules, payload.specs)
    S = STATE.new()
    flat = STATE.flat(S)[0]
    trace = np.zeros((capacity, flat.shape[0]), np.int64)
    tn = np.zeros(1, np.int64)
    out = np.zeros((1, NCOL), np.int64)
    mode = 1 if setup.battles == "full" else 0
    numba_cache.call(play_games, R, BT, P, fams, plans, pos, setup.rounds, mode, np.uint64(key), game,
                     _grants(setup.titles), _grants(setup.leases), S, flat, out, trace, tn)  # fmt: skip
    return out[0], trace[: tn[0]]
