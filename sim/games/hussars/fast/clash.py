"""The full-rules clash compiled with numba: the same rules as ``full.clash``, on arrays.

``full.py`` is the readable reference; this module evaluates a whole tactic matrix in one jitted call and is
checked against the reference on random battles (tests/games/hussars/test_fast.py). Tables are built once per
rules object by ``tables(rules)``; armies are padded (2, N) arrays in ``Token`` order.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from sim.games.hussars.army import Token
from sim.games.hussars.full import NONE, Context, finish
from sim.games.hussars.outcome import ATTACKER, DEFENDER, NOBODY, Outcome
from sim.games.hussars.rules import HussarsRules

LABELS = ("battle", "standoff", "countered", "retreat")
KIND = {"infantry": 0, "cavalry": 1, "artillery": 2}
# params vector slots
(P_FAMINE, P_SURRENDER, P_INSIDE_MULT, P_MAX_CLASHES, P_AMB_BONUS, P_AMB_ART, P_AMB_FOREST, P_AMB_FAST,
 P_PANIC_INF, P_PANIC_ART, P_PANIC_FAST, P_WALLS1, P_WALLS2, P_CHARGE, P_TABOR, P_AMBUSH, P_RETREAT, P_NONE) = range(18)
# condition vector slots
(C_FOREST, C_RIVER, C_PEASANTS, C_WASTELAND, C_LOOSE_A, C_LOOSE_D, C_FORTRESS, C_FAMINE, C_INSIDE, C_RET_A,
 C_RET_D, C_SIEGE) = range(12)


def tables(rules: HussarsRules) -> tuple:
    """Unit and tactic tables as arrays. Tactic index len(tactics) is the empty-hand pseudo-tactic."""
    names = list(rules.units)
    tnames = list(rules.tactics)
    nu, nt = len(names), len(tnames) + 1
    u_tough = np.zeros((nu, 2), np.int64)
    u_eff = np.zeros((nu, 2), np.float64)
    u_kind = np.zeros(nu, np.int64)
    u_moves = np.zeros((nu, 2), np.int64)
    u_fast = np.zeros((nu, 2), np.bool_)
    for i, n in enumerate(names):
        k = rules.units[n]
        u_tough[i] = k.toughness
        u_eff[i] = (k.eff(False), k.eff(True))
        u_kind[i] = KIND[k.kind]
        u_moves[i] = (k.moves(False), k.moves(True))
        u_fast[i] = (rules.is_fast(n, False), rules.is_fast(n, True))
    listed = np.zeros((nt, nu), np.bool_)
    dmg, b_forest, b_peas = (np.zeros((nt, nu)) for _ in range(3))
    tough, tough_tabor = np.zeros((nt, nu), np.int64), np.zeros((nt, nu), np.int64)
    tough_all, level = np.zeros(nt, np.int64), np.zeros(nt, np.int64)
    counters, standoff = np.zeros((nt, nt), np.bool_), np.zeros((nt, nt), np.bool_)
    panic = np.zeros(nt, np.bool_)
    panic_against = rules.values["tactics"]["retreat"]["panic_against"]
    for t, tn in enumerate(tnames):
        card = rules.tactics[tn]
        for i, n in enumerate(names):
            listed[t, i] = n in card.damage
            dmg[t, i] = card.damage.get(n, 0.0)
            b_forest[t, i] = card.bonus_no_forest.get(n, 0.0)
            b_peas[t, i] = card.bonus_no_peasants.get(n, 0.0)
            tough[t, i] = card.toughness.get(n, 0)
            tough_tabor[t, i] = card.toughness_vs_tabor.get(n, 0)
        tough_all[t], level[t] = card.toughness_all, card.fortress_level
        for o, on in enumerate(tnames):
            counters[t, o] = on in card.counters
            standoff[t, o] = on in card.standoff
        panic[t] = tn in panic_against
    v = rules.values
    amb = v["tactics"]["ambush"]
    pan = v["tactics"]["retreat"]["panic_toughness"]
    idx = {n: i for i, n in enumerate(tnames)}
    params = np.array([
        v["famine"]["damage_per_marker"], v["famine"]["surrender_markers"], v["inside_fortress_infantry_multiplier"],
        v["inside_fortress_max_clashes"], amb["bonus_per_condition"], float(amb["bonus_applies_to_artillery"]),
        amb["forest_infantry_toughness"], amb["fast_cavalry_reduction"], pan.get("infantry", 0),
        pan.get("artillery", 0), pan.get("fast_cavalry", 0), v["fortress"]["level_1"]["max_on_walls"],
        v["fortress"]["level_2"]["max_on_walls"], idx.get("charge", -1), idx.get("tabor_wagon", -1),
        idx.get("ambush", -1), idx.get("retreat", -1), nt - 1], np.float64)
    units = (u_tough, u_eff, u_kind, u_moves, u_fast)
    cards = (listed, dmg, b_forest, b_peas, tough, tough_tabor, tough_all, level, counters, standoff, panic)
    return names, tnames, units, cards, params


def encode(ctx: Context, names: list[str]) -> tuple:
    """Armies as padded (2, N) arrays in Token order, the fighting flags, and the condition vector."""
    from sim.games.hussars.full import active_tokens

    n = max(len(ctx.armies[0]), len(ctx.armies[1]), 1)
    unit = np.zeros((2, n), np.int64)
    vet, wnd, act, present = (np.zeros((2, n), np.bool_) for _ in range(4))
    for s in range(2):
        fighting, idle = active_tokens(ctx, s)
        for k, t in enumerate(fighting + idle):
            unit[s, k], vet[s, k], wnd[s, k] = names.index(t.unit), t.veteran, t.wounded
            act[s, k], present[s, k] = k < len(fighting), True
    c = ctx.cond
    cond = np.array([c.forest, c.river, c.peasants, c.wasteland, ctx.loose_status(0), ctx.loose_status(1),
                     c.fortress, c.famine, c.inside_fortress, c.can_retreat[0], c.can_retreat[1], c.siege], np.int64)
    return unit, vet, wnd, act, present, cond


@njit(cache=True)
def _toughness(units, unit, wounded, mod):
    return units[0][unit, 1 if wounded else 0] + mod


@njit(cache=True)
def _allocate(units, s, unit, vet, wounded, alive, line, mod, safe, damage):
    """The four queues of Dealing Damage on side ``s`` (mutates ``wounded`` and ``alive``)."""
    n = unit.shape[1]
    order = np.empty(n, np.int64)
    for ln in (1, 2):
        if ln == 2:
            for k in range(n):
                if alive[s, k] and line[s, k] == 1:
                    return
        for _q in range(2):
            m = 0
            for k in range(n):
                if alive[s, k] and line[s, k] == ln and not safe[s, k] and not (ln == 1 and units[2][unit[s, k]] == 2):
                    order[m] = k
                    m += 1
            if m == 0 or damage <= 0:
                break
            # insertion sort by (toughness, -effectiveness, not wounded, rank); stable
            for i in range(1, m):
                cur = order[i]
                j = i - 1
                while j >= 0 and _later(units, s, unit, vet, wounded, mod, order[j], cur):
                    order[j + 1] = order[j]
                    j -= 1
                order[j + 1] = cur
            for i in range(m):
                k = order[i]
                cost = _toughness(units, unit[s, k], wounded[s, k], mod[s, k])
                if damage < cost:
                    return
                damage -= cost
                if wounded[s, k]:
                    alive[s, k] = False
                else:
                    wounded[s, k] = True


@njit(cache=True)
def _later(units, s, unit, vet, wounded, mod, a, b):
    """Whether token a sorts after token b in the damage queue."""
    ta = _toughness(units, unit[s, a], wounded[s, a], mod[s, a])
    tb = _toughness(units, unit[s, b], wounded[s, b], mod[s, b])
    if ta != tb:
        return ta > tb
    ea = units[1][unit[s, a], 1 if vet[s, a] else 0]
    eb = units[1][unit[s, b], 1 if vet[s, b] else 0]
    if ea != eb:
        return ea < eb
    if wounded[s, a] != wounded[s, b]:
        return wounded[s, b]
    return unit[s, a] * 2 + vet[s, a] > unit[s, b] * 2 + vet[s, b]


@njit(cache=True)
def _damage(units, cards, params, cond, s, name, unit, vet, wounded, alive, act, line):
    listed, dmg, b_forest, b_peas = cards[0], cards[1], cards[2], cards[3]
    nu = dmg.shape[1]
    per_type = np.zeros(nu)
    is_charge = name == int(params[P_CHARGE])
    is_ambush = name == int(params[P_AMBUSH])
    bonus_cond = 0
    if is_ambush:
        enemy_loose = cond[C_LOOSE_D] if s == 0 else cond[C_LOOSE_A]
        if s == 0 and cond[C_FORTRESS] > 0:
            enemy_loose = 0
        bonus_cond = cond[C_FOREST] + cond[C_RIVER] + (1 - cond[C_PEASANTS]) + cond[C_WASTELAND] + enemy_loose
    famine = cond[C_FAMINE] * params[P_FAMINE] if s == 1 else 0.0
    n = unit.shape[1]
    for k in range(n):
        u = unit[s, k]
        if not alive[s, k] or not act[s, k] or not listed[name, u]:
            continue
        art = units[2][u] == 2
        if art and wounded[s, k]:
            continue
        if not art and line[s, k] != 1:
            continue
        per_unit = dmg[name, u]
        if is_charge and cond[C_INSIDE] == 0:
            if cond[C_FOREST] == 0:
                per_unit += b_forest[name, u]
            if cond[C_PEASANTS] == 0:
                per_unit += b_peas[name, u]
        if is_ambush and (not art or params[P_AMB_ART] > 0):
            per_unit += bonus_cond * params[P_AMB_BONUS]
        per_unit = max(0.0, per_unit - famine)
        if cond[C_INSIDE] and units[2][u] == 0:
            per_unit *= params[P_INSIDE_MULT]
        per_type[u] += per_unit
    total = 0
    for u in range(nu):
        if per_type[u] > 0:
            total += math.ceil(per_type[u] - 1e-9)
    if is_ambush:
        fast = 0
        o = 1 - s
        for k in range(n):
            if alive[o, k] and units[4][unit[o, k], 1 if vet[o, k] else 0]:
                fast += 1
        total = max(0, total - int(fast * params[P_AMB_FAST]))
    return total


@njit(cache=True)
def _deploy(units, cards, params, cond, s, name, opp, effective, unit, vet, wounded, alive, act, line, mod, safe):
    listed, level, dmg = cards[0], cards[7], cards[1]
    n = unit.shape[1]
    for k in range(n):
        line[s, k] = 2
        mod[s, k] = 0
        safe[s, k] = False
        if alive[s, k] and act[s, k] and listed[name, unit[s, k]] and units[2][unit[s, k]] != 2:
            line[s, k] = 1
    if level[name] > 0:  # the walls hold a limited garrison, most damaging first
        limit = int(params[P_WALLS1] if level[name] == 1 else params[P_WALLS2])
        kept = 0
        chosen = np.zeros(n, np.bool_)
        while True:
            best = -1
            for k in range(n):
                if line[s, k] == 1 and alive[s, k] and not chosen[k]:
                    if best < 0 or dmg[name, unit[s, k]] > dmg[name, unit[s, best]] or (
                            dmg[name, unit[s, k]] == dmg[name, unit[s, best]]
                            and unit[s, k] * 2 + vet[s, k] < unit[s, best] * 2 + vet[s, best]):
                        best = k
            if best < 0:
                break
            chosen[best] = True
            kept += 1
            if kept > limit:
                line[s, best] = 2
    if s == 0 and cond[C_SIEGE] and opp != int(params[P_NONE]) and level[opp] > 0:
        for k in range(n):
            if line[s, k] == 2 and units[2][unit[s, k]] != 2:
                safe[s, k] = True
    if effective:
        tough, tough_tabor, tough_all, panic = cards[4], cards[5], cards[6], cards[10]
        for k in range(n):
            u = unit[s, k]
            kind = units[2][u]
            mod[s, k] += tough[name, u] + tough_all[name]
            if name == int(params[P_CHARGE]) and opp == int(params[P_TABOR]):
                mod[s, k] += tough_tabor[name, u]
            if name == int(params[P_AMBUSH]) and cond[C_FOREST] and kind == 0 and line[s, k] == 1:
                mod[s, k] += int(params[P_AMB_FOREST])
            if name == int(params[P_RETREAT]) and opp != int(params[P_NONE]) and panic[opp]:
                if units[3][u, 1 if vet[s, k] else 0] == 1:
                    mod[s, k] += int(params[P_PANIC_INF] if kind == 0 else (params[P_PANIC_ART] if kind == 2 else 0))
                elif units[4][u, 1 if vet[s, k] else 0]:
                    mod[s, k] += int(params[P_PANIC_FAST])
        for k in range(n):
            if alive[s, k] and _toughness(units, unit[s, k], wounded[s, k], mod[s, k]) <= 0:
                alive[s, k] = False


@njit(cache=True)
def clash_arrays(units, cards, params, cond, a, d, unit, vet, wounded, alive, act):
    """One pair of tactics (indices; the last index is the empty hand). Mutates ``wounded``/``alive``.

    Returns (winner, dealt by attacker, dealt by defender, label index).
    """
    counters, standoff_t, panic = cards[8], cards[9], cards[10]
    none, retreat = int(params[P_NONE]), int(params[P_RETREAT])
    n = unit.shape[1]
    line = np.zeros((2, n), np.int64)
    mod = np.zeros((2, n), np.int64)
    safe = np.zeros((2, n), np.bool_)
    reps = int(params[P_MAX_CLASHES]) if cond[C_INSIDE] else 1
    total0, total1 = 0, 0
    winner, label = NOBODY, 0
    for _ in range(reps):
        before_alive, before_wounded = alive.copy(), wounded.copy()
        standoff = a != none and d != none and cond[C_INSIDE] == 0 and (standoff_t[a, d] or standoff_t[d, a])
        countered0 = d != none and counters[d, a]
        countered1 = a != none and counters[a, d]
        eff0 = a != none and not countered0
        eff1 = d != none and not countered1
        _deploy(units, cards, params, cond, 0, a, d, eff0 and not standoff, unit, vet, wounded, alive, act, line,
                mod, safe)
        _deploy(units, cards, params, cond, 1, d, a, eff1 and not standoff, unit, vet, wounded, alive, act, line,
                mod, safe)
        fled0, fled1 = False, False
        if standoff:
            label = 1
        else:
            ret0 = a == retreat and eff0
            ret1 = d == retreat and eff1
            fight = (not ret0 and not ret1) or (ret0 and d != none and panic[d]) or (ret1 and a != none and panic[a])
            if fight:
                dealt0 = _damage(units, cards, params, cond, 0, a, unit, vet, wounded, alive, act, line) \
                    if eff0 and a != retreat else 0
                dealt1 = _damage(units, cards, params, cond, 1, d, unit, vet, wounded, alive, act, line) \
                    if eff1 and d != retreat else 0
                _allocate(units, 1, unit, vet, wounded, alive, line, mod, safe, dealt0)
                _allocate(units, 0, unit, vet, wounded, alive, line, mod, safe, dealt1)
                total0 += dealt0
                total1 += dealt1
            label = 2 if (countered0 or countered1) else (3 if (ret0 or ret1) else 0)
            for s in range(2):
                if (ret0 if s == 0 else ret1) and alive[s].any():
                    if cond[C_RET_A + s]:
                        if s == 0:
                            fled0 = True
                        else:
                            fled1 = True
                    else:
                        alive[s, :] = False
        a_alive, d_alive = alive[0].any(), alive[1].any()
        winner = NOBODY
        if a_alive and (not d_alive or fled1) and not fled0:
            winner = ATTACKER
        elif d_alive and (not a_alive or fled0) and not fled1:
            winner = DEFENDER
        same = (alive == before_alive).all() and (wounded == before_wounded).all()
        if winner != NOBODY or not a_alive or not d_alive or fled0 or fled1 or same:
            break
    return winner, total0, total1, label


@njit(cache=True)
def matrix_arrays(units, cards, params, cond, rows, cols, unit, vet, wounded0, present, act, out_alive, out_wounded,
                  out_stats):
    """Every pair rows[i] × cols[j]: fills out_alive/out_wounded (m, n, 2, N) and out_stats (m, n, 4)."""
    for i in range(rows.shape[0]):
        for j in range(cols.shape[0]):
            alive = present.copy()
            wounded = wounded0.copy()
            w, d0, d1, lab = clash_arrays(units, cards, params, cond, rows[i], cols[j], unit, vet, wounded, alive, act)
            out_alive[i, j] = alive
            out_wounded[i, j] = wounded
            out_stats[i, j, 0], out_stats[i, j, 1], out_stats[i, j, 2], out_stats[i, j, 3] = w, d0, d1, lab


class FastClash:
    """Evaluate tactic pairs with the jitted kernel, returning the same ``Outcome`` as ``full.clash``."""

    def __init__(self, rules: HussarsRules):
        self.rules = rules
        self.names, self.tnames, self.units, self.cards, self.params = tables(rules)
        self.index = {n: i for i, n in enumerate(self.tnames)} | {NONE: len(self.tnames)}

    def outcomes(self, ctx: Context, rows: tuple[str, ...], cols: tuple[str, ...]) -> dict[tuple[str, str], Outcome]:
        from sim.games.hussars.full import clash

        out = {}
        rules, cond = ctx.rules, ctx.cond
        special = cond.fortress and cond.famine >= rules.values["famine"]["surrender_markers"]
        for a in rows:  # the two whole-battle shortcuts stay in the reference
            for d in cols:
                if special or (a == d == "retreat" and cond.inside_fortress):
                    out[a, d] = clash(ctx, a, d)
        if special:
            return out
        unit, vet, wnd, act, present, cvec = encode(ctx, self.names)
        r_idx = np.array([self.index[r] for r in rows], np.int64)
        c_idx = np.array([self.index[c] for c in cols], np.int64)
        m, k, n = len(r_idx), len(c_idx), unit.shape[1]
        alive = np.zeros((m, k, 2, n), np.bool_)
        wounded = np.zeros((m, k, 2, n), np.bool_)
        stats = np.zeros((m, k, 4), np.int64)
        matrix_arrays(self.units, self.cards, self.params, cvec, r_idx, c_idx, unit, vet, wnd, present, act, alive,
                      wounded, stats)
        for i, a in enumerate(rows):
            for j, d in enumerate(cols):
                if (a, d) in out:
                    continue
                after = tuple(
                    tuple(sorted(Token(self.names[unit[s, q]], bool(vet[s, q]), bool(wounded[i, j, s, q]))
                                 for q in range(n) if alive[i, j, s, q]))
                    for s in range(2))
                w, d0, d1, lab = (int(x) for x in stats[i, j])
                out[a, d] = finish(ctx, w, after, (d0, d1), LABELS[lab], (a, d))
        return out
