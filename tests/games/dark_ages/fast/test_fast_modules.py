"""The optional modules on the Dark Ages fast engine (every implemented module: 3 Grand Buildings, 4 Alchemists, 5
Alliances, 6 Commanders, 7 Skirmishers, 8 The Wyrd, 9 The Ages of War, 10 Distant Campaigns, 11 Tribute, 12A the Pope,
13A Travels of Benjamin, 14A Crusades, 15A Rise of Poland): the same games as the reference with each module on alone
and with all of them on, position by position after every turn on the same stream, in multiplayer and (Modules 3, 4,
6, 7, 12A and 13A, which have Solo Support) in solo; the compiled chunks with modules; the paired module studies on the
compiled engine; a two-sample test of outcomes on the production streams; and ``engine: auto`` takes the compiled
engine for every module, and the reference for a plan the compiled rows cannot hold."""

from __future__ import annotations

import numpy as np
import pytest

from sim.errors import ConfigError
from sim.experiments import run_experiment
from sim.games.dark_ages import experiment
from sim.games.dark_ages.experiment import seating
from sim.games.dark_ages.fast import benjamin as FB
from sim.games.dark_ages.fast import building as FBU
from sim.games.dark_ages.fast import experiment as FX
from sim.games.dark_ages.fast import layout as L
from sim.games.dark_ages.fast import loop as FL
from sim.games.dark_ages.fast import modules as FM
from sim.games.dark_ages.fast import setup as FS
from sim.games.dark_ages.fast import solo_experiment as FSE
from sim.games.dark_ages.fast.context import tables_for
from sim.games.dark_ages.fast.dispatch import COMPILED
from sim.games.dark_ages.fast.modules import bits
from sim.games.dark_ages.game import building
from sim.games.dark_ages.game.context import cached_context
from sim.games.dark_ages.game.modules import NAMES, SOLO_MODULES
from sim.rng import experiment_key, trial_state
from tests.games.dark_ages.fast.lockstep_util import encode_move, lockstep_game
from tests.games.dark_ages.fast.test_fast_solo import experiment as solo_experiment
from tests.games.dark_ages.fast.test_fast_solo import lockstep_solo
from tests.games.dark_ages.fast.test_fast_stat import FAMILY_ALPHA, two_sample_pvalues
from tests.games.dark_ages.module_helpers import game_with

ALL = ["random_legal", "expansion", "culture", "military"]
MODULES = L.MODULES
SOLO = COMPILED["solo"]
# plans that attack Capitals (Tribute) more often, hire Commanders alone (Module 6) or never, remove Wyrds (Module 8)
TWEAKED = {"expansion": {"attack_capitals": True, "attack_margin": 0, "commander": "alone"},
           "military": {"attack_capitals": True, "attack_margin": 0, "commander": "never"},
           "culture": {"wyrd": "remove"}}  # fmt: skip


def payload(**keys):
    return experiment.compile(experiment.experiment_from_dict(keys, "test.yaml"))


TWO = ("alchemists", "pope", "wyrd", "distant_campaigns", "rise_of_poland")  # some modules of 2-player games
MP_CASES = [((m,), 3, 4) for m in MODULES] + [(MODULES, 3, 6), (MODULES, 4, 3), (TWO, 2, 3)]


def label(v):
    return "+".join(v) if isinstance(v, tuple) and len(v) < len(SOLO) else "all" if isinstance(v, tuple) else str(v)


@pytest.mark.parametrize(
    "mods, players, games",
    MP_CASES + [pytest.param(m, p, 12 * g, marks=pytest.mark.full) for m, p, g in MP_CASES],
    ids=label,
)
def test_module_games_are_the_reference_games_turn_by_turn(mods, players, games):
    """Each compiled module plays the reference's games: the whole position (the module's own state too: the
    Alchemist cards, the Alliance hands, active cards and met pairs, the tributaries and markers, the Pope's holder
    and readiness) equal after set-up and every turn, and the same final score by category ("modules" holds the
    Alliances' VP and the Pope's 5)."""
    e = payload(players=players, strategies=ALL, strategy_params=TWEAKED,
                modules=dict.fromkeys(mods, True)).experiment  # fmt: skip
    assert e.engine == "fast" and e.modules == tuple(m for m in e.modules if m in mods)
    key = experiment_key(1600 + players)
    assert sum(lockstep_game(e, key, i) for i in range(games)) > games * 40


@pytest.mark.parametrize("mods, games", [((m,), 4) for m in SOLO] + [(SOLO, 5)]
                         + [pytest.param(m, 40, marks=pytest.mark.full) for m in ((x,) for x in SOLO)]
                         + [pytest.param(SOLO, 40, marks=pytest.mark.full)], ids=label)  # fmt: skip
def test_solo_module_games_are_the_reference_games_turn_by_turn(mods, games):
    """The six solo modules with their Solo Support rules (the Lordlings take the Pope when they build a Church and
    control at least as many Churches as the player; Skirmishers on the map, regular tokens for the Raiders; the
    Lordlings keep Travels of Benjamin cards for 1 VP per card; one Commander drawn, and the suggested 4th Lordling
    Ruler with a Farm and an Archer; Module 3's Rulers in the Lordlings' draw): the same solo games, turn by turn,
    and the same scores. Standard difficulty, so that consecutive deals change strategy (``make test``: one Ruler,
    the four strategies; the full suite: every Ruler)."""
    rulers = {"rulers": ["conrad_the_red"]} if games < 10 else {}
    e = solo_experiment(modules=dict.fromkeys(mods, True), difficulties=["standard"], **rulers)
    assert sum(lockstep_solo(e, 1616, i) for i in range(games)) > games * 20


def test_the_modules_act_in_these_games():
    """The modules change the games, the Pope's holder scores 5 VP in many of them, and Alliances are made (VP
    received) and broken (VP lost)."""
    p = payload(players=3, strategies=ALL, strategy_params=TWEAKED, modules=dict.fromkeys(MODULES, True))
    on, off = FX.run_games(p, experiment_key(9), 0, 200), FX.run_games(p, experiment_key(9), 0, 200, mods=())
    modules_vp = on[:, FX.HEAD + 15 : FX.HEAD + 3 * L.OUT_COLS : L.OUT_COLS]
    assert (modules_vp > 0).any(axis=1).mean() > 0.2  # the Pope's holder scores 5 VP in many games
    assert (off[:, FX.HEAD + 15 : FX.HEAD + 3 * L.OUT_COLS : L.OUT_COLS] == 0).all()
    assert not np.array_equal(on[:, 2], off[:, 2])  # the modules change the games
    assert bits(MODULES) == (1 << len(MODULES)) - 1 and bits(("skirmishers",)) == 0
    allied = payload(players=3, strategies=ALL, modules={"alliances": True})
    vp = FX.run_games(allied, experiment_key(9), 0, 200)[:, FX.HEAD + 15 : FX.HEAD + 3 * L.OUT_COLS : L.OUT_COLS]
    assert (vp > 0).any() and (vp < 0).any()  # Alliance cards' VP received, and broken Alliances' 5 VP lost


def final_positions(mods, players, games, seed=9):
    """The compiled engine's last position (``layout.STATE``) of each of ``games`` games with ``mods`` on."""
    e = payload(players=players, strategies=ALL, strategy_params=TWEAKED, modules=dict.fromkeys(mods, True)).experiment
    T, ST = tables_for(FX.context_of(e))[0], FX.strategy_table(e)
    MVA, NK, MV, mv = FX.buffers()
    out = []
    for i in range(games):
        rulers, names = seating(e, i)
        states, _ = FX.new_state()
        S, R = states[0], np.array([trial_state(np.uint64(experiment_key(seed)), i)], np.uint64)
        ix = L.Index.of(FX.context_of(e))
        FS.setup(S, T, players, np.array([ix.rids.index(r) for r in rulers] + [0] * (4 - players), np.int64), R)
        for s in range(players):
            S["strategy"][s] = e.strategies.index(names[s])
        FM.install(S, T, bits(mods), R)
        assert FL.play(S, T, ST, e.max_turns, True, R, MVA, NK, MV, mv) == 0  # every invariant holds throughout
        out.append(states.copy())
    return np.concatenate(out)


def test_the_new_modules_act_in_these_games():
    """Modules 8, 10, 14A and 15A act in compiled games: Wyrds are activated, removed and fulfilled, and the player
    with most Wyrds scores 7 VP ("modules"); Campaign cards are played and some Provinces settled through them;
    Crusades are called and fought; Poland is aided, cards are flipped (holding a Farm) and Chrobry events resolved."""
    n = 3
    w = final_positions(("wyrd",), n, 60)
    assert (w["wyrd_done"].sum(axis=1) > 0).mean() > 0.5 and w["wyrd_removed"].sum() > 0
    assert ((w["wyrd_act_n"] + w["wyrd_done"])[:, :n].max(axis=1) > 0).all()
    assert (w["vp_by"][:, :n, L.V_MODULES] < 0).any()  # VP lost to Wyrd penalties
    d = final_positions(("distant_campaigns",), n, 60)
    kept = cached_context().modules["distant_campaigns"]["kept"]
    assert (d["dc_hand_n"][:, :n] < kept).mean() > 0.1 and d["dc_won"].sum() > 0
    c = final_positions(("crusades",), n, 60)
    assert (c["cru_called"] > 0).mean() > 0.5 and (c["vp_by"][:, :n, L.V_MODULES] != 0).any()
    p = final_positions(("rise_of_poland",), n, 60)
    flipped = (p["rop_status"][:, :n] == L.P_FLIPPED).sum(axis=(1, 2))
    assert (flipped > 0).mean() > 0.3 and (p["rop_farms"][:, :n].sum(axis=1) == flipped).all()
    assert (p["rop_events_n"] < len(cached_context().modules["rise_of_poland"]["events"])).any()
    assert (p["rop_status"][:, :n] == L.P_REMOVED).any() and (p["rop_steps"][:, :n] > 0).mean() > 0.3


def test_grand_buildings_are_built():
    """Module 3 acts in these games: Grand Buildings are built, and those scoring at the end (C051 5 VP, C053 4 VP;
    configs/dark_ages/culture.yaml) give their controller exactly those VP as "modules", in multiplayer and solo."""
    p = payload(players=3, strategies=ALL, modules={"grand_buildings": True})
    out = FX.run_games(p, experiment_key(9), 0, 300)
    vp = out[:, FX.HEAD + 15 : FX.HEAD + 3 * L.OUT_COLS : L.OUT_COLS].ravel()
    _, solo = FSE.run_games(solo_experiment(modules={"grand_buildings": True}), experiment_key(9), 0, 300)
    for v in (vp, solo[:, FSE.HEAD + 15]):
        assert (v > 0).mean() > 0.03 and set(np.unique(v)) <= {0, 4, 5, 9}


def test_chunk_counts_with_modules_are_the_reference_counts():
    """``engine: fast`` with a compiled module on: the "modules" category of the per-game rows holds the Pope's 5 VP
    (and only them with the Pope alone), the Wyrd's 7 VP for most Wyrds less the VP its penalties took; every module
    on plays in chunks; solo runs with every compiled solo module."""
    r = run_experiment({"game": "dark_ages", "players": 3, "engine": "fast", "modules": {"pope": True}},
                       games=300, seed=3, workers=1, keep_rows=True)  # fmt: skip
    assert (r.rows["seat0_modules"] > 0).any() and set(np.unique(r.rows["seat0_modules"])) <= {0, 5}
    r = run_experiment({"game": "dark_ages", "players": 3, "engine": "fast", "modules": {"wyrd": True}},
                       games=300, seed=3, workers=1, keep_rows=True)  # fmt: skip
    assert (r.rows["seat0_modules"] == 7).any() and r.rows["seat0_modules"].max() <= 7
    every = {"game": "dark_ages", "players": [3, 4], "engine": "fast", "modules": dict.fromkeys(MODULES, True)}
    a = run_experiment(every, games=300, seed=3, workers=1, keep_rows=True)
    assert a.extra["engine"] == "fast" and len(a.rows["turns"]) == 300
    s = run_experiment({"game": "dark_ages", "mode": "solo", "engine": "fast", "modules": dict.fromkeys(SOLO, True)},
                       games=300, seed=3, workers=1, keep_rows=True)  # fmt: skip
    assert len(s.rows["won"]) == 300


def test_engine_auto_takes_the_compiled_engine_only_when_every_module_is_compiled():
    on = dict.fromkeys(MODULES, True)
    assert set(COMPILED["multiplayer"]) == {"skirmishers", *NAMES} == set(NAMES)  # every module is compiled
    assert payload(players=3, modules=on).experiment.engine == "fast"
    assert payload(players=4, modules={**on, "skirmishers": True}).experiment.engine == "fast"
    assert experiment.experiment_from_dict({"mode": "module_effects", "engine": "fast"}, "t.yaml").engine == "fast"
    # what the compiled strategy rows cannot hold still plays on the reference, with its reason (Dark Ages strategies
    # are the four built-in plans: a Python class is refused as a strategy name)
    long = {"culture": {"reactions": ["recruit"] * 7}}
    e = payload(players=3, strategies=["culture", "military"], strategy_params=long, modules=on).experiment
    assert e.engine == "reference" and e.engine_reason.startswith("strategy culture: reactions")
    with pytest.raises(ConfigError, match="fast engine cannot play"):
        payload(players=3, engine="fast", strategies=["culture", "military"], strategy_params=long, modules=on)
    with pytest.raises(ConfigError, match="strategies"):
        payload(players=3, strategies=["culture", "strategies.dark_ages.random_legal:RandomLegal"])
    s = experiment.experiment_from_dict({"mode": "solo", "modules": dict.fromkeys(SOLO, True)}, "t.yaml")
    assert s.engine == "fast"
    assert set(SOLO) == {"skirmishers", *SOLO_MODULES}  # every solo module is compiled
    # solo Module 7 holds both token sets: 40 Skirmishers and the 25 regular tokens exceed the 64 compiled
    big = {"barbarians.skirmisher_tokens": [{"count": 40, "units": {"infantry": 2},
                                             "reward": {"kind": "gold", "amount": 2, "vp": 0}}]}  # fmt: skip
    s = experiment.experiment_from_dict({"mode": "solo", "modules": {"skirmishers": True}, "rules": big}, "t.yaml")
    assert s.engine == "reference" and "Barbarian tokens" in s.engine_reason
    assert payload(players=3, modules={"skirmishers": True}, rules=big).experiment.engine == "fast"


@pytest.mark.full
@pytest.mark.parametrize("players", [3])
def test_module_outcomes_match_the_reference_engine(players):
    """Two-sample tests (each engine on its own production stream) of the trigger, the length, and per strategy
    and Ruler the win rate and mean VP, with every compiled module on; Bonferroni to a 1% family-wise level."""
    raw = {"game": "dark_ages", "players": players, "strategies": ALL, "modules": dict.fromkeys(MODULES, True)}
    ref = run_experiment({**raw, "engine": "reference"}, games=600, seed=21, workers=1, keep_rows=True)
    fast = run_experiment({**raw, "engine": "fast"}, games=6000, seed=22, workers=1, keep_rows=True)
    pvalues = two_sample_pvalues(ref.rows, fast.rows, players)
    worst = min(pvalues, key=pvalues.get)
    assert pvalues[worst] > FAMILY_ALPHA / len(pvalues), (worst, pvalues[worst], pvalues)


@pytest.mark.parametrize("engine", ["fast", "reference"])
def test_module_effects_plays_are_the_plain_experiments(engine):
    """Game by game, the all-off plays and each compiled module's plays of ``mode: module_effects`` are the plain
    experiment's games with that module on (same streams, same seating), on either engine; ``engine: auto`` takes
    the compiled engine when every compared module is compiled."""
    raw = {"game": "dark_ages", "players": 3, "strategies": ALL, "engine": engine}
    mods = ("tribute", "pope")
    games = 40 if engine == "fast" else 6
    effects = run_experiment({**raw, "mode": "module_effects", "modules": dict.fromkeys(mods, True)}, games=games,
                             seed=9, workers=1, keep_rows=True)  # fmt: skip
    assert effects.extra["engine"] == engine
    plain = run_experiment(raw, games=games, seed=9, workers=1, keep_rows=True)
    assert list(effects.rows["turns_off"]) == list(plain.rows["turns"])
    for m in mods:
        on = run_experiment({**raw, "modules": {m: True}}, games=games, seed=9, workers=1, keep_rows=True)
        assert list(effects.rows[f"turns_{m}"]) == list(on.rows["turns"])
        vp = np.stack([on.rows[f"seat{j}_vp"].to_numpy() for j in range(3)], axis=1)
        assert list(effects.rows[f"spread_{m}"]) == list(vp.max(axis=1) - vp.min(axis=1))


def test_solo_module_effects_plays_are_the_plain_solo_experiments():
    """The same for ``mode: solo_module_effects`` on the compiled engine (every compiled solo module compared; the
    study deals the base game's Rulers, so the plain experiments name them: Module 3 would add its two)."""
    base = [r for r, x in cached_context().board.rulers.items() if x.module == "base"]
    raw = {"game": "dark_ages", "mode": "solo", "strategies": ALL, "difficulties": ["standard"], "rulers": base}
    paired = {"game": "dark_ages", "mode": "solo_module_effects", "strategies": ALL,
              "modules": dict.fromkeys(SOLO, True)}  # fmt: skip
    effects = run_experiment(paired, games=60, seed=9, workers=1, keep_rows=True)
    assert effects.extra["engine"] == "fast"
    plain = run_experiment(raw, games=60, seed=9, workers=1, keep_rows=True)
    assert list(effects.rows["won_off"]) == list(plain.rows["won"])
    for m in SOLO:
        on = run_experiment({**raw, "modules": {m: True}}, games=60, seed=9, workers=1, keep_rows=True)
        assert list(effects.rows[f"won_{m}"]) == list(on.rows["won"])
        assert list(effects.rows[f"margin_{m}"]) == list(on.rows["player_vp"] - on.rows["lordling_vp"])


@pytest.mark.parametrize("collected, third", [(0, False), (1, False), (2, False), (3, False), (4, True), (6, False)])
def test_benjamin_rewards_are_the_reference_rewards(collected, third):
    """Module 13A's rewards, rarely reached in play (the plans rank its cards last): from the same position, the
    card taken with ``collected`` cards already in play gives the same reward on both engines ('1 Wood or 1 VP',
    '1 Gold or 2 VP', '1 Farm or 3 VP', the third Farm per Province, 'Gain 6 VP'), and after the fourth the third
    Farm in the Capital is a legal Build on both."""
    g = game_with("benjamin")
    m = g.mods[0]
    m.collected[0], m.third_farm[0] = collected, third
    capital = g.players[0].capital
    g.farms[capital] = (0, 2)
    g.players[0].farms_off += 1
    g.players[0].res.update(dict.fromkeys(g.players[0].res, 3))
    T = tables_for(g.ctx)[0]
    S = L.from_game(g)
    m.card_taken(g, 0, "CB01")
    FB.card_taken(S[0], T, 0)
    assert L.describe_diff(L.comparable(L.from_game(g)), L.comparable(S)) == []
    ix = L.Index.of(g.ctx)
    moves = [encode_move(mv, ix)[:3] for mv in building.options(g, 0) if mv[1] == "farm"]
    MV = np.zeros((256, 6), np.int64)
    k = FBU.build_options(S[0], T, 0, MV)
    assert [list(r[:3]) for r in MV[:k] if r[1] == L.B_FARM] == moves
    assert ([L.A_BUILD, L.B_FARM, ix.p(capital)] in moves) == (collected + 1 == 4 or third)
