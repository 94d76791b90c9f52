"""Ported functions of the Dark Ages fast engine against the reference functions they port."""

import random

import numpy as np

from sim.games.dark_ages.army import Army, Battle, Group, Variant
from sim.games.dark_ages.church import church_vp
from sim.games.dark_ages.fast import battle_sequence as FB
from sim.games.dark_ages.fast import building as FBU
from sim.games.dark_ages.fast import economy as FEC
from sim.games.dark_ages.fast import experiment as FX
from sim.games.dark_ages.fast import layout as L
from sim.games.dark_ages.fast import setup as FS
from sim.games.dark_ages.fast.context import tables_for
from sim.games.dark_ages.game.battle_sequence import Effects, fight
from sim.games.dark_ages.game.context import RESOURCES, UNIT_TYPES, cached_context
from sim.games.dark_ages.game.economy import discounted
from sim.games.dark_ages.game.state import Player
from sim.lockstep import LockstepRandom

CTX = cached_context()
T = tables_for(CTX)[0]
IX = L.Index.of(CTX)


def test_discounted_drops_missing_resources_first():
    rnd = random.Random(1)
    costs = [T["cost_city"], T["cost_pnei"], T["cost_church"], T["cost_keep"][3], T["recruit"][2, 3],
             T["wh_cost"][5, 0]]  # fmt: skip
    S = L.STATE.new()[0]
    out = np.empty(4, np.int64)
    for _ in range(500):
        res = {r: rnd.randint(0, 2) for r in RESOURCES}
        for i, r in enumerate(RESOURCES):
            S["res"][0, i] = res[r]
        cost = costs[rnd.randrange(len(costs))]
        amount = rnd.randint(0, 3)
        p = Player(0, None, None, 0, res, {}, 0, 0)
        want = discounted(tuple(RESOURCES[r] for r in cost if r >= 0), amount, p)
        FEC.discounted(S, 0, cost, amount, out)
        assert tuple(RESOURCES[r] for r in out if r >= 0) == want


def test_church_vp_and_costs_match_the_rule_modules():
    rnd = random.Random(2)
    S = L.STATE.new()[0]
    for _ in range(200):
        churches = rnd.sample(IX.pids, rnd.randint(0, 6))
        q = rnd.choice([x for x in IX.pids if x not in churches])
        S["church_n"] = len(churches)
        for i, c in enumerate(churches):
            S["churches"][i] = IX.p(c)
        assert FBU.church_vp(S, T, IX.p(q)) == church_vp(CTX.board, q, churches, CTX.rules["church_vp"])


def _army(rnd, faction: str, transients: bool) -> tuple[Army, np.ndarray, np.ndarray, np.ndarray]:
    stats = CTX.battle.stats[faction]
    levels = np.array([rnd.randint(1, 3) for _ in UNIT_TYPES], np.int64)
    own = np.array([rnd.randint(0, 3) for _ in UNIT_TYPES], np.int64)
    if own.sum() == 0:
        own[0] = 1
    extra = np.array([rnd.randint(0, 2) if transients else 0 for _ in UNIT_TYPES], np.int64)
    groups = []
    for transient, counts in ((False, own), (True, extra)):
        for k, kind in enumerate(UNIT_TYPES):
            if counts[k]:
                s = stats[kind][int(levels[k])]
                groups.append(Group(kind, s.level, transient, int(counts[k]), s.thresholds, s.armour))
    return Army(tuple(groups), rnd.randint(0, 3), 0), levels, own, extra


def test_battles_match_the_battle_sequence_on_the_same_stream():
    """Dice, Keep +1s, the Technologies' battle effects and the solo hit list: the same winner, survivors and
    stream position as ``battle_sequence.fight``."""
    rnd = random.Random(3)
    for trial in range(400):
        a, la, oa, ea = _army(rnd, "player", False)
        d, ld, od, ed = _army(rnd, "player" if trial % 2 else "raider", True)
        d = Army(d.groups, d.melee_bonus, rnd.randint(0, 2))
        eff = [np.array([rnd.randint(0, 1) for _ in range(6)] + [rnd.randint(0, 1)], np.int64) for _ in range(2)]
        if trial % 3 == 0:
            eff = [np.zeros(7, np.int64), np.zeros(7, np.int64)]
        variant = Variant("game", 1, (a, d), 0, "")
        ties = trial % 3 == 0  # Module 9: the attacker wins ties
        battle = Battle((variant,), ("solo", "solo"), (False, False), 0, ties)
        effects = tuple(Effects(tuple(int(x) for x in e[:3]), tuple(int(x) for x in e[3:6]), int(e[6])) for e in eff)
        rng = LockstepRandom(1000 + trial)
        ref = fight(battle, variant, CTX.battle.faces, rng, effects)
        UA = np.empty((L.MAX_UNITS, 9), np.int64)
        UD = np.empty((L.MAX_UNITS, 9), np.int64)
        na = FB.muster(UA, 0, T, L.F_PLAYER, la, oa, np.zeros(3, np.int64))
        nd = FB.muster(UD, 0, T, L.F_PLAYER if trial % 2 else L.F_RAIDER, ld, od, ed)
        R = np.array([1000 + trial], np.uint64)
        dice = np.zeros(L.FACES, np.int64)
        win = FB.fight(UA, na, UD, nd, a.melee_bonus, d.melee_bonus, d.br_bonus, eff[0], eff[1],
                       np.zeros(2, np.int64), ties, T, dice, R)  # fmt: skip
        assert win == ref["win"], trial
        assert int(R[0]) == rng.state, trial
        for U, n, side in ((UA, na, 0), (UD, nd, 1)):
            alive = sorted((UNIT_TYPES[U[i, 0]], bool(U[i, 2])) for i in range(n) if U[i, 8])
            assert alive == sorted(ref["survivors"][side]), trial


def test_setup_matches_new_game():
    from sim.games.dark_ages.game.setup import new_game

    for seed, rulers in ((1, ["tomislav", "marozia"][:1] + ["gero_the_great"]), (2, list(IX.rids[:4]))):
        rulers = [r for r in rulers if CTX.board.rulers[r].module == "base"] or ["tomislav", "gero_the_great"]
        game = new_game(CTX, rulers, [None] * len(rulers), LockstepRandom(seed))
        states, _ = FX.new_state()
        FS.setup(states[0], T, len(rulers), np.array([IX.rids.index(r) for r in rulers] + [0] * (4 - len(rulers))),
                 np.array([seed], np.uint64))  # fmt: skip
        assert L.describe_diff(L.comparable(L.from_game(game)), L.comparable(states)) == []
