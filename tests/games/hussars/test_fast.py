"""The jitted clash (fast.py) equals the readable reference (full.clash) on random battles and conditions."""

import random

from sim.games.hussars.army import Token
from sim.games.hussars.fast.clash import FastClash
from sim.games.hussars.full import NONE, Context, clash
from sim.games.hussars.scenario import Conditions


def _army(rng, rules, size):
    tokens = []
    for _ in range(size):
        unit = rng.choice(list(rules.units))
        kind = rules.units[unit]
        veteran = not kind.exists(False) or (kind.exists(True) and rng.random() < 0.3)
        tokens.append(Token(unit, veteran, rng.random() < 0.2))
    return tuple(sorted(tokens))


def _conditions(rng):
    fortress = rng.choice([0, 0, 1, 2])
    return Conditions(
        forest=rng.random() < 0.5, river=rng.random() < 0.5, peasants=rng.random() < 0.5,
        wasteland=rng.random() < 0.3, loose=(rng.random() < 0.3, rng.random() < 0.3), fortress=fortress,
        famine=rng.choice([0, 0, 0, 1, 1, 2]) if fortress else 0, inside_fortress=bool(fortress) and rng.random() < 0.3,
        moved=(rng.randint(0, 3), rng.randint(0, 3)), can_retreat=(rng.random() < 0.8, rng.random() < 0.8),
    )


def test_fast_clash_matches_reference_on_random_battles(rules):
    rng = random.Random(2026)
    fast = FastClash(rules)
    names = tuple(rules.tactics) + (NONE,)
    checked = 0
    for _ in range(150):
        ctx = Context(rules, (_army(rng, rules, rng.randint(1, 8)), _army(rng, rules, rng.randint(1, 8))),
                      _conditions(rng))
        rows = tuple(rng.sample(names, 4))
        cols = tuple(rng.sample(names, 4))
        got = fast.outcomes(ctx, rows, cols)
        for a in rows:
            for d in cols:
                assert got[a, d] == clash(ctx, a, d), (ctx, a, d)
                checked += 1
    assert checked == 150 * 16
