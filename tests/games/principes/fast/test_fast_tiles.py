"""The printed Progress Tiles (``progress: tiles``) on the fast engine: the same games as the reference, state by
state, with scripted wishlists that reach every tile effect, History, Court texts and Princesses on and off; the
effects are seen at work in those games; Learning Chess battles on the same dice; invariants after every event; the
engine switch."""

import collections
import random

import numpy as np
import pytest

from sim.games.principes import experiment
from sim.games.principes.fast import battles as fast_battles
from sim.games.principes.fast import chunk
from sim.games.principes.fast.setup import compile_tables
from sim.games.principes.fast.state import NP, STATE, TILE_KINDS, from_state, tile_ids, to_state
from sim.games.principes.game import battles, cards, effects, tiles
from sim.games.principes.game.scenario import give_cards, place
from sim.games.principes.game.setup import initial_state, load_game_rules
from sim.games.principes.game.state import UNITS
from sim.lockstep import LockstepRandom
from sim.rng import experiment_key
from strategies.principes.random_legal import RandomLegal
from strategies.principes.scripted import Scripted

from .lockstep_helpers import lockstep
from .test_fast_games import MIX, RULES

SOLDIER = {  # Learning Chess, Border Guards, Mounts for Infantry, Three-Field
    "name": "soldier",
    "uses": "builder",
    "params": {"tile_wishlist": ["learning_chess", "border_guards", "mounts_for_infantry", "three_field"]},
}
CLERK = {  # Chronicle, German Settlers, Church Schools, Bishop's Chancery, Heralds of Peace
    "name": "clerk",
    "uses": "politician",
    "params": {
        "tile_wishlist": ["chronicle", "german_settlers", "church_schools", "bishops_chancery", "heralds_of_peace"],
        "progress_rank": 0,
    },
}
KNIGHT = {  # New Mechanisms played as Movement, Training Grounds, Knightly Culture, French Style, Lady of the Court
    "name": "knight",
    "uses": "conqueror",
    "params": {
        "tile_wishlist": [
            "new_mechanisms",
            "training_grounds",
            "knightly_culture",
            "french_style",
            "lady_of_the_court",
        ],
        "new_mechanisms": "movement",
        "take_tiles": False,
        "buildings": ["abbey", "tiltyard"],
    },
}
MECHANIC = {  # New Mechanisms alone, played as Building
    "name": "mechanic",
    "uses": "conqueror",
    "params": {"tile_wishlist": ["new_mechanisms"], "new_mechanisms": "building", "progress_rank": 0},
}
WISHES = [SOLDIER, CLERK, KNIGHT, "random"]


def payload(**keys):
    return experiment.experiment_from_dict({"seats": MIX, "progress": "tiles", **keys}, "test.yaml")


def held_kinds(trace) -> set[str]:
    """The effect kinds of every tile held at any event of fast-engine traces."""
    ids = tile_ids(load_game_rules().values["progress"]["colors"])
    kinds = set()
    for s in trace:
        for p in range(NP):
            for t in s["tiles"][p, : s["tiles_n"][p]]:
                kinds.add(tiles.catalogue()[ids[int(t)]]["kind"])
    return kinds


@pytest.fixture
def reached(monkeypatch):
    """Counts the tile effects at work in the reference engine (each a change they made)."""
    seen = collections.Counter()

    def counted(module, name, hit):
        f = getattr(module, name)

        def wrapped(*args, **kw):
            out = f(*args, **kw)
            if hit(out, *args, **kw):
                seen[name] += 1
            return out

        monkeypatch.setattr(module, name, wrapped)

    counted(effects, "guarded", lambda out, *a, **k: out)  # Border Guards stopped a move (players' or Invaders')
    counted(tiles, "gain_support", lambda out, *a, **k: True)  # Chronicle
    counted(effects, "princess_cards", lambda out, *a, **k: out == 2)  # Lady of the Court
    counted(effects, "extra_points", lambda out, *a, **k: out > 0)  # Mounts for Infantry
    counted(effects, "extra_units", lambda out, *a, **k: out > 0)  # Three-Field
    counted(effects, "abbey_clergy", lambda out, *a, **k: out > 0)  # French Style (asked when an Abbey is built)
    counted(cards, "trade_for_support", lambda out, s, p, card, track: card.startswith("battle"))  # Heralds
    counted(battles, "_flip", lambda out, s, att, ua, ud, fa, fd, sh: out != (fa, fd))  # Learning Chess
    counted(cards, "enforce_hand_limit", lambda out, s, p: cards.hand_limit(s, p) == 9 and cards.hand_size(s, p) > 6)
    counted(effects, "council_bonus", lambda out, s, order: True)
    after = tiles.after_action

    def after_action(state, player, action, rng):  # Training Grounds and the assumed +1 gold
        out = after(state, player, action, rng)
        seen["action_gold"] += out.gold[player] > state.gold[player]
        battle = [sum(n for c, n in st.hands[player].items() if c.startswith("battle")) for st in (state, out)]
        seen["training_grounds"] += battle[1] > battle[0]
        return out

    monkeypatch.setattr(tiles, "after_action", after_action)
    knightly = effects.council_bonus

    def council_bonus(state, order):  # Knightly Culture: People at a Council
        before = dict(state.people)
        knightly(state, order)
        seen["knightly_culture"] += state.people != before

    monkeypatch.setattr(effects, "council_bonus", council_bonus)
    for cls in (Scripted, RandomLegal):
        for name in ("new_mechanisms", "church_schools"):
            f = getattr(cls, name)

            def choice(self, state, me, rng, f=f, name=name, cls=cls):
                out = f(self, state, me, rng)
                seen[name] += bool(out)
                seen[f"{cls.__name__}.{name}"] += bool(out)
                return out

            monkeypatch.setattr(cls, name, choice)
    return seen


@pytest.mark.parametrize(
    "seats, history, modules, games, goal",
    [
        (MIX, True, ("court", "princesses"), 20, {"guarded", "gain_support", "trade_for_support", "new_mechanisms"}),
        (["random"] * 4, True, ("court", "princesses"), 20, {"church_schools", "princess_cards", "_flip"}),
        (["random"] * 4, False, (), 15, {"gain_support", "action_gold", "training_grounds"}),
        (WISHES, True, ("princesses",), 20, {"extra_points", "extra_units", "enforce_hand_limit", "knightly_culture"}),
        (
            [SOLDIER, CLERK, KNIGHT, MECHANIC],
            False,
            ("court",),
            15,
            {"Scripted.new_mechanisms", "Scripted.church_schools", "abbey_clergy", "extra_points"},
        ),
        (WISHES, True, ("court", "princesses"), 15, {"princess_cards", "training_grounds", "action_gold"}),
    ],
)
def test_same_tile_games_as_the_reference_state_by_state(seats, history, modules, games, goal, reached):
    ex = payload(seats=seats, history=history, **{m: True for m in modules})
    assert ex.engine == "fast" and "tiles" in ex.variants
    lockstep(ex, experiment_key(61), range(games))
    missing = goal - {k for k, n in reached.items() if n}
    assert not missing, (missing, dict(reached))


def test_tile_games_with_rules_overrides():
    rules = {**RULES, "progress.tiles_per_period": 2}
    ex = payload(rules=rules, history=True)
    assert ex.engine == "fast"
    lockstep(ex, experiment_key(62), range(10))


def test_every_tile_effect_is_held():
    """The wishlists above bring every effect kind onto a board (so the lockstep cases cannot pass vacuously)."""
    kinds = set()
    for seats, history in ((WISHES, True), (MIX, False), (["random"] * 4, True)):
        ex = payload(seats=seats, history=history)
        for game in range(15):
            kinds |= held_kinds(chunk.trace_game(ex, experiment_key(61), game)[1])
    assert kinds == set(TILE_KINDS)


def test_learning_chess_battles_match_for_the_same_dice(reached):
    """Battles between holders of Learning Chess on reference positions, fought by both engines on the same stream:
    the flip of a losing die when the opposite face wins it (after Masovia's reroll)."""
    rules = load_game_rules()
    board = rules.board
    c = compile_tables(rules, frozenset({"tiles", "history"}))[0]
    ex = payload(seats=["random"] * 4, history=True)
    template = initial_state(board, rules)
    template.variants = frozenset({"tiles"})
    rng = random.Random(5)
    fought = 0
    for game in range(6):
        for s0 in chunk.trace_game(ex, experiment_key(63), game)[1][::3]:
            state = from_state(s0, template)
            alive = [p for p in board.principalities if p not in state.eliminated]
            attacker = rng.choice(alive)
            lands = sorted(land for land, here in state.units.items() if attacker not in here)
            if not lands:
                continue
            land = rng.choice(lands)
            units = {k: rng.randint(0, state.pool[attacker][k]) for k in UNITS}
            if not sum(units.values()):
                continue
            st = place(state, land, attacker, **units)
            for p in (attacker, next(f for f in st.factions_on(land) if f != attacker)):
                if p in board.principalities and p not in st.eliminated:
                    st.tiles[p] = [t for t in st.tiles[p] if tiles.colour(t) != "rose"] + ["rose.learning_chess"]
                    for card in ("battle.sword", "battle.shield", "battle.either"):
                        n = min(rng.randint(0, 2), st.decks["battle"][card.split(".")[1]])
                        if n:
                            st = give_cards(st, p, card, n)
            seed = rng.getrandbits(64)
            out, _ = battles.battle(st, land, attacker, LockstepRandom(seed))
            s = to_state(st)
            fast_battles.battle(s[0], c[0], board.index[land], board.principalities.index(attacker),
                                np.array([seed], np.uint64))  # fmt: skip
            assert not STATE.diff(s[0], to_state(out)[0]), (land, attacker, units, STATE.diff(s[0], to_state(out)[0]))
            fought += 1
    assert fought > 50 and reached["_flip"] > 5, (fought, dict(reached))


def test_tile_state_round_trip():
    rules = load_game_rules()
    ex = payload(seats=WISHES, history=True, princesses=True)
    _, trace = chunk.trace_game(ex, experiment_key(61), 2)
    template = initial_state(rules.board, rules)
    template.variants = frozenset({"tiles"})
    for s in trace[::5]:
        state = from_state(s, template)
        assert all("." in t and not t.split(".")[1].isdigit() for held in state.tiles.values() for t in held)
        assert np.array_equal(STATE.flat(to_state(state)), STATE.flat(s[None]))


@pytest.mark.parametrize("seats, neighbors", [(["random"] * 4, False), (WISHES, False), (WISHES, True)])
def test_tile_invariants_after_every_event(seats, neighbors):
    """Every module on in the last case: "Conformance and invariants hold with every module on"."""
    ex = payload(seats=seats, history=True, court=True, princesses=True, neighbors=neighbors)
    t = chunk.run_games(ex, experiment_key(9), 0, 300, debug=True)
    assert not t[:, chunk.COL["bad"]].any()


def test_tiles_off_plays_the_generic_model():
    """Without ``progress: tiles`` nothing printed is compiled: no effect kinds, the generic tile names."""
    rules = load_game_rules()
    c = compile_tables(rules)[0]
    assert (c["tile_kind"][: len(tiles.catalogue())] == -1).all() and c["tiles"] == 0
    ex = experiment.experiment_from_dict({"seats": MIX}, "test.yaml")
    _, trace = chunk.trace_game(ex, experiment_key(61), 0)
    state = from_state(trace[-1], initial_state(rules.board, rules))
    assert all(t.split(".")[1].isdigit() for held in state.tiles.values() for t in held)


def test_tile_switch():
    assert payload().engine == "fast"
    assert payload(history=True, court=True, princesses=True).engine == "fast"
    assert payload(neighbors=True).engine == "fast"
    assert payload(progress="generic").engine == "fast"
    bad = {"name": "odd", "uses": "builder", "params": {"new_mechanisms": "progress"}}
    assert payload(seats=[bad, *MIX[1:]]).engine == "reference"
    three = {"polonia_maior": "builder", "masovia": "conqueror", "silesia": "random"}
    assert payload(players=3, seats=three).engine == "fast"  # 2-3 players: compiled too (test_fast_players)
    assert payload(players=3, seats=three, elimination=False).engine == "fast"  # the variant without elimination
    assert payload(players=3, seats=three, variant="active").engine == "fast"  # test_fast_active


@pytest.mark.parametrize("seats", [[SOLDIER, "random", KNIGHT, "conqueror"], [SOLDIER, CLERK, "random", "random"]])
def test_every_module_same_games_as_the_reference(seats, reached, monkeypatch):
    """History, the Neighbors, the printed tiles, Court texts and Princesses together: Border Guards stop Neighbor
    figures too (``neighbors._stops``) and the Princesses bring Neighbor Cards by identity."""
    from sim.games.principes.game import neighbors

    stopped, guarded = [], effects.guarded  # (the ``reached`` fixture's counting wrapper)

    def spy(state, land, mover, consent=frozenset()):
        out = guarded(state, land, mover, consent)
        if out and mover in neighbors.neighbors():
            stopped.append(land)
        return out

    monkeypatch.setattr(effects, "guarded", spy)
    ex = payload(seats=seats, history=True, neighbors=True, court=True, princesses=True)
    assert ex.engine == "fast" and {"tiles", "neighbors", "court", "princesses"} <= ex.variants
    lockstep(ex, experiment_key(63), range(20))
    assert stopped and reached["princess_cards"] and reached["guarded"] > len(stopped), (len(stopped), dict(reached))
