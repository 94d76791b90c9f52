"""The fast engine's ported functions against the reference engine, on states from reference games and hand-built
battles: control, Might, support, taxes, legal lists, the scripted decisions, the Council, the battle."""

import random

import numpy as np
import pytest

from sim.games.principes import legal, reference
from sim.games.principes.driver import play_game
from sim.games.principes.fast import battles as FB
from sim.games.principes.fast import control as FC
from sim.games.principes.fast import legal as FL
from sim.games.principes.fast import movement as FM
from sim.games.principes.fast import politics as FP
from sim.games.principes.fast import taxes as FT
from sim.games.principes.fast.policy import params, scripted
from sim.games.principes.fast.setup import compile_tables
from sim.games.principes.fast.state import (
    ACTIONS,
    BUILDINGS,
    CARDS,
    NL,
    NP,
    STATE,
    UNITS,
    from_state,
    names,
    to_state,
)
from sim.games.principes.game import battles, politics, taxes
from sim.games.principes.game.control import controller, might, support_from_lands
from sim.games.principes.game.scenario import give_cards, place
from sim.games.principes.game.setup import load_game_rules
from sim.lockstep import LockstepRandom
from strategies.principes import make

SCRIPTED = ("builder", "conqueror", "politician")


@pytest.fixture(scope="module")
def world():
    rules = load_game_rules()
    return rules.board, rules, compile_tables(rules)[0][0]


def rec(state):
    """A reference state as a ``STATE`` record the kernels take."""
    return to_state(state)[0]


def same(a, b) -> list[str]:
    return STATE.diff(a, b)


@pytest.fixture(scope="module")
def states(world):
    """About 600 positions: every action of 8 reference games (scripted mix and random-legal seats)."""
    board, rules, _ = world
    out = []
    for seed in range(8):
        names = ["random"] * 4 if seed % 2 else [SCRIPTED[(seed + j) % 3] if j < 3 else "random" for j in range(4)]
        seats = {p: make(names[j], {}) for j, p in enumerate(board.principalities)}
        play_game(seats, random.Random(seed), board, rules, on_action=lambda s, p, a: out.append(s.copy()))
    return out


def test_state_record_round_trip(states):
    for state in states[::7]:
        s = to_state(state)
        assert STATE.flat(s).shape == (1, STATE.dtype.itemsize // 8)
        assert np.array_equal(STATE.flat(to_state(from_state(s[0], state))), STATE.flat(s))


def test_control_might_support_and_taxes(world, states):
    board, _, c = world
    ctrl = np.empty(NL, np.int64)
    p0, c0 = np.empty(NP, np.int64), np.empty(NP, np.int64)
    factions = (*board.principalities, *sorted(board.pomerania_units))
    for state in states[::3]:
        s = rec(state)
        FC.control_all(s, c, ctrl)
        ref = [controller(state, land.id) for land in board.lands]
        assert [factions[o] if o >= 0 else None for o in ctrl] == ref
        assert all(FC.controller(s, c, i) == ctrl[i] for i in range(NL))
        FC.support_all(s, c, p0, c0)
        for j, p in enumerate(board.principalities):
            if p in state.eliminated:
                continue
            assert FC.might(s, c, j) == might(state, p)
            assert (p0[j], c0[j]) == support_from_lands(state, p)
            if taxes.can_collect_taxes(state, p):
                t = rec(state)
                FT.taxes(t, c, j)
                assert not same(t, rec(taxes.taxes(state, p)))


def test_legal_lists(world, states):
    board, rules, c = world
    lands = np.empty(NL, np.int64)
    costs = np.empty(NL, np.int64)
    reach = np.empty(NL, np.int64)
    picks = np.empty((64, 2), np.int64)
    stacks = np.empty((3 * NL, 3), np.int64)
    ctrl = np.empty(NL, np.int64)
    for state in states[::5]:
        s = rec(state)
        tile = names(board, rules).tile_name
        FC.control_all(s, c, ctrl)
        for j, p in enumerate(board.principalities):
            if p in state.eliminated:
                continue
            ref_lands, ref_k, ref_f, ref_cap = legal.assembly_room(state, p)
            n, k, f, cap = FL.assembly_room(s, c, j, lands)
            assert [board.lands[i].id for i in lands[:n]] == ref_lands and (k, f, cap) == (ref_k, ref_f, ref_cap)
            n = FL.city_sites(s, c, ctrl, j, lands, costs)
            assert [(board.lands[i].id, costs[x]) for x, i in enumerate(lands[:n])] == legal.city_sites(state, p)
            n = FL.building_sites(s, c, ctrl, j, lands)
            assert [board.lands[i].id for i in lands[:n]] == legal.building_sites(state, p)
            ns = FL.stacks(s, c, j, stacks)
            assert [(board.lands[a].id, UNITS[b], n) for a, b, n in stacks[:ns]] == legal.stacks(state, p)
            for land, kind, _ in legal.stacks(state, p):
                n = FL.reachable(s, c, j, board.index[land], FM.move_points(s, c, j, UNITS.index(kind)), reach)
                got = {board.lands[i].id for i in range(NL) if reach[i]}
                assert n == len(got) and got == set(legal.reach(state, p, kind, land))
            n = FL.tile_picks(s, c, j, picks)
            got = [(tile(t, False), None if g < 0 else tile(g, False)) for t, g in picks[:n]]
            assert got == legal.tile_picks(state, p)


def _scripted_rows(name):
    return params.compile_strategy(name, {})


@pytest.mark.parametrize("name", SCRIPTED)
def test_scripted_decisions(world, states, name):
    board, _, c = world
    P, F = _scripted_rows(name)
    ref = make(name, {})
    plan = np.empty(3, np.int64)
    moves = np.empty((3 * NL, 4), np.int64)
    lands, kinds = np.empty(NL, np.int64), np.empty(NL, np.int64)
    plays = np.empty((32, 2), np.int64)
    ctrl = np.empty(NL, np.int64)
    cards = CARDS  # the card of each index
    for state in states[::4]:
        s = rec(state)
        FC.control_all(s, c, ctrl)
        for j, p in enumerate(board.principalities):
            if p in state.eliminated:
                continue
            scripted.scripted_plan(s, c, P, F, j, plan)
            assert tuple(ACTIONS[a] for a in plan) == ref.plan(state, p, None)
            best, nm = scripted.scripted_target(s, c, P, F, j, moves)
            want = ref.target(state, p)
            assert (best >= 0) == (want is not None)
            if want is not None:
                assert board.lands[best].id == want[1]
                got = [(board.lands[a].id, UNITS[k], n, board.lands[b].id) for a, k, n, b in moves[:nm]]
                assert got == [(m.path[0], m.kind, m.n, m.path[-1]) for m in want[2]]
            city = scripted.scripted_city(s, c, ctrl, P, j)
            assert (board.lands[city].id if city >= 0 else None) == ref.city(state, p)
            gold = int(s["gold"][j])
            nb = scripted.scripted_buildings(s, c, ctrl, P, j, gold, lands, kinds)
            got = [(board.lands[a].id, BUILDINGS[k]) for a, k in zip(lands[:nb], kinds[:nb], strict=True)]
            assert got == ref.buildings(state, p, gold)
            choice = scripted.scripted_politics(s, c, P, j)
            assert ("council" if choice == scripted.COUNCIL else choice) == ref.politics(state, p, None)
            for h, host in enumerate(board.principalities):
                if host in state.eliminated:
                    continue
                n = scripted.scripted_council(s, c, P, j, h, plays)
                got = [(cards[a], ("", "people", "clergy")[t]) for a, t in plays[:n]]
                assert got == ref.council(state, p, host, None)


def test_council_outcome(world, states):
    """The whole Council (Gnesna, plays in turn order, leads, Cracovia, coronation) on the politicians' plays."""
    board, _, c = world
    P, _ = _scripted_rows("politician")
    ref = make("politician", {})
    plays = np.empty((NP, 32, 2), np.int64)
    nplays = np.zeros(NP, np.int64)
    for state in states[::6]:
        s = rec(state)
        for h, host in enumerate(board.principalities):
            if host in state.eliminated:
                continue
            ref_plays = {p: ref.council(state, p, host, None) for p in state.players}
            for q in range(NP):
                nplays[q] = 0 if s["eliminated"][q] else scripted.scripted_council(s, c, P, q, h, plays[q])
            t = rec(state)
            FP.council(t, c, h, plays, nplays)
            out, _ = politics.council(state, host, ref_plays)
            assert not same(t, rec(out))


def test_card_play_matches_the_reference_brute_force(world):
    c = world[2]
    rng = random.Random(5)
    plays = np.empty(6, np.int64)
    top = np.empty(6, np.int64)
    for _ in range(1500):
        ua = {k: rng.randint(0, 2) for k in ("prince", "knight", "footman")}
        ud = {k: rng.randint(0, 2) for k in ("prince", "knight", "footman")}
        ua["footman"] += not sum(ua.values())
        ud["knight"] += not sum(ud.values())
        base = [rng.randint(0, 1), rng.randint(0, 1), rng.randint(0, 1), rng.randint(0, 5)]
        ha = {s: rng.randint(0, 2) for s in ("sword", "shield", "either")}
        hd = {s: rng.randint(0, 2) for s in ("sword", "shield", "either")}
        arr = [np.array([u["prince"], u["knight"], u["footman"]], np.int64) for u in (ua, ud)]
        hands = [np.array([h["sword"], h["shield"], h["either"]], np.int64) for h in (ha, hd)]
        FB.play_cards(c, arr[0], arr[1], np.array(base, np.int64), hands[0], hands[1], plays)
        pa, pd = reference.play_cards(ua, ud, tuple(base), ha, hd)
        assert tuple(plays) == (*pa, *pd)
        w = FB.fight(c, arr[0], arr[1], base[0] + pa[0], base[1] + pa[1], base[2] + pd[0], base[3] + pd[1], top)
        rw, fa, fd = reference.fight(ua, ud, base[0] + pa[0], base[1] + pa[1], base[2] + pd[0], base[3] + pd[1])
        assert (w == 1) == (rw == "attacker")
        for side, figs in ((0, fa), (3, fd)):
            assert [top[side + k] for k in range(3)] == [
                sum(f.toppled and f.kind == kind for f in figs) for kind in UNITS
            ]


def test_battles_on_the_map_match_for_the_same_dice(world, states):
    """Hand-built battles (random attackers, hands and gold on reference positions), fought by both engines on the
    same stream: die, Masovia's reroll, coins, cards, withdrawal, People, Prince deaths, draws, the hand limit."""
    board, _, c = world
    rng = random.Random(11)
    fought = 0
    for state in states[::2]:
        alive = [p for p in board.principalities if p not in state.eliminated]
        attacker = rng.choice(alive)
        lands = [land for land, here in state.units.items() if attacker not in here]
        if not lands:
            continue
        land = rng.choice(sorted(lands))
        pool = state.pool[attacker]
        units = {k: rng.randint(0, pool[k]) for k in UNITS}
        here = state.units_of(land, attacker)
        if not sum(units.values()):
            continue
        st = place(state, land, attacker, **units)
        for p in (attacker, next(f for f in st.factions_on(land) if f != attacker)):
            if p in board.principalities and p not in st.eliminated:
                for card in ("battle.sword", "battle.shield", "battle.either"):
                    n = min(rng.randint(0, 2), st.decks["battle"][card.split(".")[1]])
                    if n:
                        st = give_cards(st, p, card, n)
        seed = rng.getrandbits(64)
        out, _ = battles.battle(st, land, attacker, LockstepRandom(seed))
        s = rec(st)
        FB.battle(s, c, board.index[land], board.principalities.index(attacker), np.array([seed], np.uint64))
        assert not same(s, rec(out)), (land, attacker, units, here, same(s, rec(out)))
        fought += 1
    assert fought > 100
