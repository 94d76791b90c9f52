"""Principes for 2 and 3 players (passive and active variants), the non-player Prince, the variant without
elimination, and their experiments (rulebook: Game for 2 and 3 Players; Optional Variant for Players Sensitive to
Elimination Games)."""

import json
import random

import pytest
from click.testing import CliRunner

from sim.cli import cli
from sim.config import read_yaml
from sim.errors import ConfigError
from sim.experiments import run_experiment
from sim.games.principes import experiment
from sim.games.principes.driver import WIN_TYPES, new_game, perform, play_game
from sim.games.principes.game import battles, dynasty, nonplayers, rounds
from sim.games.principes.game.control import controller, land_might
from sim.games.principes.game.invariants import violations
from sim.games.principes.game.movement import Move
from sim.games.principes.game.setup import initial_state
from sim.games.principes.game.state import IllegalAction
from strategies.principes import make, resolve
from strategies.principes.base import Strategy

PM, MAS, PMIN, SIL = "polonia_maior", "masovia", "polonia_minor", "silesia"
FACTIONS = (PM, MAS, PMIN, SIL)


def strategy(name):
    return make(*resolve(name)[1:])


def two_player(non=(MAS, SIL)):
    return nonplayers.setup(initial_state(), frozenset(non))


def units_on_map(state, faction):
    return {
        k: sum(state.units_of(land, faction).get(k, 0) for land in state.units) for k in ("prince", "knight", "footman")
    }


# --- setup ------------------------------------------------------------------------------------------------------


def test_non_players_deploy_their_additional_units_on_their_own_lands():
    """Rulebook: "The remaining units are additional ones from the pool, which should be deployed in the case of a 2 or
    3-player game, in the lands of non-player Principalities" (the lands are assumed: players.yaml)."""
    base, state = initial_state(), two_player()
    extra = nonplayers.player_values()["non_players"]["additional_units"]
    for p in (MAS, SIL):
        for land, units in extra[p].items():
            assert state.board.land(land).principality == p
            for kind, n in units.items():
                assert state.units_of(land, p).get(kind, 0) == base.units_of(land, p).get(kind, 0) + n
        assert units_on_map(state, p) == {"prince": 1, "knight": 3, "footman": 6}  # the full complement
        assert state.pool[p] == {"prince": 0, "knight": 0, "footman": 0}
        assert state.gold[p] == 0
    for p in (PM, PMIN):  # players: the 4-player deployment only
        assert units_on_map(state, p) == units_on_map(base, p) and state.gold[p] == base.gold[p]
    assert state.players == (PM, PMIN) and state.non_players == {MAS, SIL}
    assert not violations(state)


def test_division_tokens_only_with_silesia_and_first_princeps_order():
    """Rulebook: "If neither player controls Silesia, do not place the 3 initial Division Tokens"; "If no player
    controls Polonia Minor, the game with the Princeps Token begins with Polonia Maior. If neither ..., Silesia"."""
    assert two_player((MAS, SIL)).division == set() and two_player((MAS, SIL)).princeps == PMIN
    with_silesia = two_player((PM, PMIN))
    assert with_silesia.division == initial_state().division and with_silesia.princeps == SIL
    assert two_player((PMIN, SIL)).princeps == PM
    three = nonplayers.setup(initial_state(), frozenset({PMIN}))
    assert three.princeps == PM and three.players == (PM, MAS, SIL)
    assert two_player((MAS, SIL)).supply["division"] == initial_state().supply["division"] + 3
    with pytest.raises(ValueError):
        nonplayers.setup(initial_state(), frozenset({PM, MAS, PMIN}))


def test_non_players_draw_no_cards_and_have_no_turn(board_rules):
    board, rules = board_rules
    state = new_game(random.Random(1), board, rules, non_players=frozenset({MAS, SIL}))
    assert state.hands[MAS] == {} and state.hands[SIL] == {} and state.hands[PM] and state.hands[PMIN]
    from sim.games.principes.game.turn_order import turn_order

    assert set(turn_order(state)) == {PM, PMIN}
    assert not battles.is_player(state, MAS)


# --- neutral units, the Prince ------------------------------------------------------------------------------------


def _attack_prince(state, attacker=PM, land="plocium", knights=3):
    """Leave Masovia's Prince alone on ``land`` and move all of ``attacker``'s ``knights`` Knights onto it."""
    out = state.copy()
    for kind, n in list(out.units_of(land, MAS).items()):
        if kind != "prince":
            out.add_units(land, MAS, kind, -n)
            out.pool[MAS][kind] += n
    for here in [x for x in out.units if out.units_of(x, attacker).get("knight")]:
        n = out.units_of(here, attacker)["knight"]
        out.add_units(here, attacker, "knight", -n)
        out.pool[attacker]["knight"] += n
    out.pool[attacker]["knight"] -= knights
    out.add_units(land, attacker, "knight", knights)
    return out


def test_a_removed_non_player_prince_respawns_on_his_own_land():
    """Rulebook: "Units removed from a non-player Principality are taken off the Map. The exception is the Prince, who
    respawns on any of his lands (the player who removed the Prince decides which land)"."""
    for seed in range(20):
        state = _attack_prince(two_player())
        out, report = battles.battle(state, "plocium", PM, random.Random(seed))
        assert report.winner == PM and report.toppled[MAS]["prince"] == 1
        where = [land for land in out.units if out.units_of(land, MAS).get("prince")]
        assert len(where) == 1 and where[0] != "plocium"
        land = where[0]
        assert out.board.land(land).principality == MAS and controller(out, land) == MAS
        lowest = min(land_might(out, x) for x in nonplayers.respawn_lands(out, MAS))
        assert land_might(out, land) == lowest
        assert out.pool[MAS]["prince"] == 0 and MAS not in out.eliminated
        assert not violations(out)


def test_removed_non_player_knights_leave_the_map_for_good():
    state = two_player()
    state = _attack_prince(state)
    state.add_units("plocium", MAS, "knight", 1)
    state.pool[MAS]["knight"] -= 1
    out, report = battles.battle(state, "plocium", PM, random.Random(3))
    lost = report.toppled[MAS]["knight"]
    on_map = units_on_map(out, MAS)["knight"]
    assert out.pool[MAS]["knight"] + on_map == 3 and on_map <= units_on_map(state, MAS)["knight"] - lost


class Recorder(Strategy):
    """Plans Assembly, Movement, Building; assembles 1 Footman; logs Combined Action questions."""

    def __init__(self, log, answer=None):
        super().__init__()
        self.log, self.answer = log, answer

    def plan(self, state, me, rng):
        return ("assembly", "movement", "building")

    def assembly(self, state, me, rng):
        from sim.games.principes import legal

        lands, _, footmen, _ = legal.assembly_room(state, me)
        return {lands[0]: {"footman": 1}} if lands and footmen else {}

    def combined(self, state, me, action, rng):
        self.log.append((me, action))
        return self.answer(state, me, action) if self.answer else None


def test_passive_non_player_units_never_act(board_rules):
    """Passive variant: "the units of the non-player Principality are passive ... and only defend their lands"."""
    board, rules = board_rules
    for seed in range(6):
        log = []
        seats = {PM: Recorder(log), PMIN: strategy("random"), SIL: strategy("conqueror")}
        seen = {"before": None}

        def on_action(state, player, action, seen=seen):
            assert not violations(state)
            now = units_on_map(state, MAS)
            for kind in ("knight", "footman"):  # never more on the Map: no Assembly, no return
                if seen["before"] is not None:
                    assert now[kind] <= seen["before"][kind]
            for land in state.units:  # never outside Masovia: they never move
                if state.units_of(land, MAS):
                    assert board.land(land).principality == MAS
            seen["before"] = now

        rec = play_game(seats, random.Random(seed), board, rules, strict=True, on_action=on_action,
                        variants=frozenset({"passive"}), history=True)  # fmt: skip
        assert not log  # the Combined Actions are never offered
        assert rec.winner in (PM, PMIN, SIL, None)


# --- Combined Actions (active variant) ------------------------------------------------------------------------------


def test_combined_assembly_places_up_to_2_free_units_on_lands_the_non_player_controls():
    """Rulebook: "Assembly: Assemble up to 2 units for free to any lands of a non-player Principality"."""
    state = two_player()
    state.add_units("plocium", MAS, "knight", -1)
    state.add_units("wizna", MAS, "footman", -1)
    state.pool[MAS].update(knight=1, footman=1)
    gold = dict(state.gold)
    out = nonplayers.perform(
        state, PM, "assembly", nonplayers.Combined(MAS, assembly={"nura": {"knight": 1, "footman": 1}}), None
    )
    assert out.units_of("nura", MAS) == {"knight": 1, "footman": 1} and out.gold == gold
    assert out.pool[MAS] == {"prince": 0, "knight": 0, "footman": 0} and not violations(out)
    big = state.copy()
    big.add_units("rava", MAS, "footman", -1)
    big.pool[MAS]["footman"] += 1
    with pytest.raises(IllegalAction):  # more than 2
        nonplayers.perform(
            big, PM, "assembly", nonplayers.Combined(MAS, assembly={"nura": {"knight": 1, "footman": 2}}), None
        )
    with pytest.raises(IllegalAction):  # a land Masovia does not control
        nonplayers.perform(state, PM, "assembly", nonplayers.Combined(MAS, assembly={"poznania": {"knight": 1}}), None)
    with pytest.raises(IllegalAction):  # Princes are never assembled
        nonplayers.perform(state, PM, "assembly", nonplayers.Combined(MAS, assembly={"nura": {"prince": 1}}), None)
    with pytest.raises(IllegalAction):  # only non-player Principalities
        nonplayers.perform(
            state, PM, "assembly", nonplayers.Combined(PMIN, assembly={"cracovia": {"footman": 1}}), None
        )


def test_combined_movement_moves_1_knight_and_1_footman_like_a_neighbor():
    """Rulebook: "Movement: Move 1 Knight and 1 Footman of a non-player Principality"; "works in the same way as
    moving units of Neighbors": never ending on a land the mover controls."""
    state = two_player()
    order = nonplayers.Combined(
        MAS, moves=(Move("knight", ("vladislavia", "landa")), Move("footman", ("vladislavia", "landa")))
    )
    out = nonplayers.perform(state, PMIN, "movement", order, random.Random(0))  # Polonia Maior's empty land: taken
    assert out.units_of("landa", MAS) == {"knight": 1, "footman": 1} and controller(out, "landa") == MAS
    assert out.clergy == state.clergy and out.gold == state.gold  # no Clergy penalty for the mover
    with pytest.raises(IllegalAction):  # not on the mover's own land
        nonplayers.perform(state, PM, "movement", order, random.Random(0))
    two_knights = nonplayers.Combined(
        MAS, moves=(Move("knight", ("vladislavia", "landa")), Move("knight", ("cirscum", "lucovia")))
    )
    with pytest.raises(IllegalAction):
        nonplayers.perform(state, PMIN, "movement", two_knights, random.Random(0))


def test_combined_movement_fights_the_players_units():
    state = two_player()
    order = nonplayers.Combined(MAS, moves=(Move("knight", ("cirscum", "lucovia")),))
    state.add_units("lucovia", PMIN, "footman", 1)
    state.pool[PMIN]["footman"] -= 1
    people = state.people[PMIN]
    out = nonplayers.perform(state, PM, "movement", order, random.Random(0))
    assert len(out.factions_on("lucovia")) == 1 and not violations(out)
    winner = out.factions_on("lucovia")[0]
    assert out.people[PMIN] == min(10, max(0, people + (1 if winner == PMIN else -1)))
    assert out.people[PM] == state.people[PM]  # the mover neither gains nor loses


def test_combined_building_founds_a_city_or_builds_for_free():
    """Rulebook: "Building: Found 1 City or build 1 building for free on lands of a non-player Principality"."""
    state = two_player()
    out = nonplayers.perform(state, PM, "building", nonplayers.Combined(MAS, city="plocium"), None)
    assert out.cities["plocium"] == 1 and out.gold == state.gold
    out = nonplayers.perform(state, PM, "building", nonplayers.Combined(MAS, building=("nura", "castle")), None)
    assert out.buildings["nura"] == "castle" and out.supply["castle"] == state.supply["castle"] - 1
    with pytest.raises(IllegalAction):
        nonplayers.perform(
            state, PM, "building", nonplayers.Combined(MAS, city="plocium", building=("nura", "castle")), None
        )
    with pytest.raises(IllegalAction):
        nonplayers.perform(state, PM, "building", nonplayers.Combined(MAS, city="poznania"), None)


def test_combined_actions_are_offered_only_after_assembly_movement_building_in_the_active_variant(board_rules):
    board, rules = board_rules
    log = []
    me = Recorder(log, answer=lambda s, p, a: nonplayers.default_choice(s, p, a))
    strategies = {PM: me, PMIN: strategy("builder")}
    for variant, offered in (("active", True), ("passive", False)):
        log.clear()
        state = new_game(
            random.Random(2), board, rules, variants=frozenset({variant}), non_players=frozenset({MAS, SIL})
        )
        for action in ("taxes", "assembly"):
            state = perform(state, PM, action, strategies, random.Random(0))
        assert log == ([(PM, "assembly")] if offered else [])


# --- the variant without elimination --------------------------------------------------------------------------------


def test_without_elimination_a_player_plays_on_without_a_prince():
    """Rulebook: "After losing the last Prince, continue playing without the Prince's Card and figure"."""
    for variants, eliminated in ((frozenset(), True), (frozenset({nonplayers.NO_ELIMINATION}), False)):
        state = initial_state()
        state.variants = variants
        state.princes_left[PMIN] = {1: 0, 2: 0, 3: 1}  # Period I: the Period III Prince is not yet born
        state.add_units("cracovia", PMIN, "prince", -1)
        state.pool[PMIN]["prince"] += 1
        dynasty.prince_died(state, PMIN)
        assert (PMIN in state.eliminated) is eliminated
        if eliminated:
            assert state.final_round == 2
            continue
        assert state.final_round == 6 and state.reign[PMIN] == 0 and state.pool[PMIN]["prince"] == 1
        assert PMIN in state.players and not violations(state)
        state.round = 4  # end of Period II: the Period III Prince takes over, his figure enters the Map
        out = dynasty.end_of_period(state)
        assert out.reign[PMIN] == 3 and out.pool[PMIN]["prince"] == 0 and PMIN in out.players
        assert out.units_of(out.board.capitals[PMIN], PMIN).get("prince") == 1


def test_without_elimination_no_next_prince_keeps_the_heir():
    state = initial_state()
    state.variants = frozenset({nonplayers.NO_ELIMINATION})
    state.princes_left[PMIN] = {1: 0, 2: 0, 3: 0}
    state.round = 2
    out = rounds.end_round(state)
    assert PMIN not in out.eliminated and out.reign[PMIN] == 0 and out.round == 3


# --- conformance ----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["passive", "active"])
@pytest.mark.parametrize("played", [(PM, PMIN), (MAS, SIL), (PM, MAS, SIL), (PM, MAS, PMIN)])
def test_random_legal_small_games_finish_with_invariants(board_rules, variant, played):
    board, rules = board_rules
    for seed in range(4):
        seats = {p: strategy("random") for p in played}
        if seed % 2:
            seats[played[0]] = strategy("conqueror")
        extra = {nonplayers.NO_ELIMINATION} if seed == 3 else set()

        def on_action(state, player, action):
            found = violations(state)
            assert not found, (state.round, player, action, found)
            assert player in played and not set(state.players) - set(played)

        rec = play_game(seats, random.Random(seed), board, rules, strict=True, on_action=on_action,
                        variants=frozenset({variant, *extra}), history=seed % 2 == 0)  # fmt: skip
        assert rec.win_type in WIN_TYPES and 1 <= rec.rounds <= 6 and rec.illegal == 0
        assert rec.winner is None or rec.winner in played
        assert not rec.final.eliminated & rec.final.non_players
        if extra:
            assert not rec.final.eliminated and rec.win_type in ("coronation", "princeps_after_round_vi")


@pytest.mark.parametrize("variant", ["passive", "active"])
def test_small_games_with_every_module_on_keep_invariants(board_rules, variant):
    board, rules = board_rules
    names = ["random", "conqueror", "politician", "builder"]
    modules = {variant, "tiles", "court", "princesses", "neighbors"}
    for seed, played in enumerate([(PM, PMIN), (MAS, SIL), (PM, MAS, SIL)]):
        seats = {p: strategy(names[(seed + i) % 4]) for i, p in enumerate(played)}

        def on_action(state, player, action):
            found = violations(state)
            assert not found, (state.round, player, action, found)

        on = frozenset(modules | ({nonplayers.NO_ELIMINATION} if seed == 0 else set()))
        rec = play_game(seats, random.Random(seed), board, rules, strict=True, on_action=on_action, history=True,
                        variants=on)  # fmt: skip
        assert rec.illegal == 0 and (rec.winner is None or rec.winner in played)


# --- experiments ------------------------------------------------------------------------------------------------------

DUEL = {"game": "principes", "players": 2, "seats": {PM: "builder", PMIN: "conqueror"}, "history": False}


def test_duel_experiment_keys_rotation_and_engine():
    exp = experiment.experiment_from_dict({k: v for k, v in DUEL.items() if k != "game"}, "d.yaml")
    assert exp.factions == (PM, PMIN) and exp.engine == "fast" and "passive" in exp.variants  # compiled too
    assert experiment.seat_strategies(exp, 0) != experiment.seat_strategies(exp, 1)
    result = run_experiment(DUEL, games=6, seed=2).to_json()
    for key in ("games", "seed", "win_rate", "win_rate_ci95", "win_type", "mean_rounds"):
        assert key in result
    assert set(result["win_rate"]) == {PM, PMIN} and set(result["win_type"]) == set(WIN_TYPES)
    four = experiment.experiment_from_dict({"elimination": False, "history": False}, "e.yaml")
    assert four.engine == "fast" and nonplayers.NO_ELIMINATION in four.variants  # compiled too
    plain = experiment.experiment_from_dict({"history": False}, "e.yaml")
    assert not plain.variants  # off by default: the fast engine may still take it


SEARCHER = {"name": "s", "uses": "rollout", "params": {"rollouts": 2, "policy": "politician"}}


@pytest.mark.parametrize(
    "raw, key",
    [
        ({"players": 5}, "players"),
        ({"players": 2, "seats": ["builder", "random"]}, "players"),
        ({"players": 2, "seats": {PM: "builder"}}, "seats"),
        ({"players": 2, "seats": {PM: "builder", "bohemia": "random"}}, "seats.bohemia"),
        ({"players": 2, "seats": {PM: "builder", PMIN: "random"}, "variant": "wild"}, "variant"),
        ({"variant": "active"}, "variant"),
        ({"elimination": "no"}, "elimination"),
        ({"mode": "module_effects", "modules": {"dice": True}}, "modules.dice"),
        ({"mode": "module_effects", "court": True}, "court"),
        # the compared games play on chunks, which never search: a rollout seat would silently play its policy
        ({"mode": "module_effects", "seats": ["builder", SEARCHER, "conqueror", "random"]}, "seats"),
    ],
)
def test_bad_variant_keys_name_the_key(raw, key):
    with pytest.raises(ConfigError) as err:
        experiment.experiment_from_dict(raw, "exp.yaml")
    assert err.value.key == key


@pytest.mark.parametrize(
    "path, factions",
    [("configs/principes/experiments/duel-maior-minor.yaml", {PM, PMIN}),
     ("configs/principes/experiments/duel-masovia-silesia.yaml", {MAS, SIL}),
     ("configs/principes/experiments/three-players.yaml", {PM, MAS, PMIN})],
)  # fmt: skip
def test_2_and_3_player_configs_run_with_the_json_contract(path, factions):
    out = CliRunner().invoke(cli, ["run", path, "--games", "4", "--seed", "5", "--json", "--no-progress"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["games"] == 4 and data["seed"] == 5 and set(data["win_rate"]) == factions
    assert all(len(ci) == 2 for ci in data["win_rate_ci95"].values()) and "mean_rounds" in data
    assert set(data["win_type"]) == set(WIN_TYPES)


def test_module_effects_config_pairs_each_module_with_all_off():
    path = "configs/principes/experiments/module-effects.yaml"
    out = CliRunner().invoke(cli, ["run", path, "--games", "3", "--seed", "5", "--json", "--no-progress"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    for key in ("games", "seed", "win_rate", "win_rate_ci95", "win_type", "mean_rounds", "module_effects"):
        assert key in data
    assert set(data["compared_modules"]) == {"history", "tiles", "court", "princesses", "neighbors"}
    for effect in data["module_effects"].values():
        assert set(effect["win_rate_change"]) == set(data["win_rate"])
        for p, change in effect["win_rate_change"].items():  # the paired change is on minus off
            # each value is rounded to 6 digits in --json
            assert change == pytest.approx(effect["win_rate_on"][p] - data["win_rate"][p], abs=2e-6)


def test_module_effects_play_on_the_fast_engine_when_every_configuration_compiles():
    from sim.games.principes import module_effects

    path = "configs/principes/experiments/module-effects.yaml"
    raw = {k: v for k, v in read_yaml(path).items() if k not in ("game", "title", "question", "games", "seed")}
    assert module_effects.experiment_from_dict(raw, path).engine == "fast"
    assert module_effects.experiment_from_dict({**raw, "engine": "reference"}, path).engine == "reference"
    cards = read_yaml("configs/principes/experiments/history-card-effects.yaml")
    assert module_effects.experiment_from_dict({"seats": raw["seats"], "modules": cards["modules"]}, path).engine == (
        "fast"  # the blanked History Cards too (``fast.setup.BLANKED``)
    )
    duel = {"players": 2, "seats": {MAS: "conqueror", SIL: "politician"}, "modules": {"court": True}}
    assert module_effects.experiment_from_dict(duel, path).engine == "fast"  # 2 players: compiled too
    active = module_effects.experiment_from_dict({**duel, "variant": "active"}, path)
    assert active.engine == "fast"  # the Combined Actions: compiled too (``fast.nonplayers``)


@pytest.mark.parametrize("engine", ["fast", "reference"])
def test_module_effects_off_and_on_runs_are_the_plain_experiments(engine):
    """Game by game, the all-off plays and each module's plays are the plain experiment's games with that module
    on (same streams, same seating), on either engine: so the paired change is exactly on minus off."""
    raw = {"game": "principes", "seats": ["builder", "conqueror", "politician", "random"], "history": False,
           "engine": engine}  # fmt: skip
    effects = run_experiment({**raw, "mode": "module_effects", "modules": {"neighbors": True, "tiles": True}},
                             games=40, seed=9, keep_rows=True)  # fmt: skip
    plain = run_experiment(raw, games=40, seed=9, keep_rows=True)
    assert list(effects.rows["winner_off"]) == list(plain.rows["winner"])
    for name, keys in (("neighbors", {"neighbors": True}), ("tiles", {"progress": "tiles"})):
        on = run_experiment({**raw, **keys}, games=40, seed=9, keep_rows=True)
        assert list(effects.rows[f"winner_{name}"]) == list(on.rows["winner"])
        assert list(effects.rows[f"rounds_{name}"]) == list(on.rows["rounds"])


@pytest.mark.parametrize("engine", ["fast", "reference"])
def test_module_effects_with_mixed_seats_play_the_mixed_experiments_games(engine):
    """Seats that mix plans (as an equilibrium.yaml does): game i of every configuration seats the plans ``sim run``
    of the mixed experiment draws for game i, so the all-off and module-on plays are its games, game by game."""
    raw = {"game": "principes", "seats": {PM: {"mix": {"builder": 0.5, "politician": 0.5}}, MAS: "conqueror",
           PMIN: {"mix": {"random": 0.3, "builder": 0.7}}, SIL: "politician"}, "rotate": False, "history": False,
           "engine": engine}  # fmt: skip
    effects = run_experiment({**raw, "mode": "module_effects", "modules": {"court": True}}, games=30, seed=9,
                             keep_rows=True)  # fmt: skip
    plain = run_experiment(raw, games=30, seed=9, keep_rows=True)
    on = run_experiment({**raw, "court": True}, games=30, seed=9, keep_rows=True)
    assert len(set(plain.rows[f"plan_{PM}"])) == 2 and len(set(plain.rows[f"plan_{PMIN}"])) == 2  # both plans drawn
    assert list(effects.rows["winner_off"]) == list(plain.rows["winner"])
    assert list(effects.rows["winner_court"]) == list(on.rows["winner"])
    assert list(effects.rows["rounds_court"]) == list(on.rows["rounds"])


def test_module_effects_off_run_is_the_plain_experiment():
    """The all-off plays are the plain experiment's games (same streams, same seating)."""
    raw = {"game": "principes", "players": 2, "seats": {MAS: "conqueror", SIL: "politician"}, "history": False,
           "engine": "reference"}  # fmt: skip
    plain = run_experiment(raw, games=5, seed=9).to_json()
    effects = run_experiment({**raw, "mode": "module_effects", "modules": {"court": True}}, games=5, seed=9).to_json()
    assert effects["win_rate"] == plain["win_rate"] and effects["win_type"] == plain["win_type"]


def test_history_cards_one_by_one_blank_only_the_named_card(board_rules):
    from sim.games.principes.game.history import deck

    board, rules = board_rules
    state = new_game(random.Random(4), board, rules, history=True)
    card = deck.revealed(state)
    state.variants = frozenset({deck.SKIP + card})
    out, skipped = deck.resolve_icons(state, {p: Strategy() for p in FACTIONS}, random.Random(0))
    assert out is state and skipped == 0
    raw = {"game": "principes", "mode": "module_effects", "players": 2, "seats": {PM: "conqueror", PMIN: "politician"},
           "modules": {"history_cards": True}}  # fmt: skip
    data = run_experiment(raw, games=4, seed=1).to_json()
    effects = data["history_card_effects"]
    assert set(effects) == set(deck.cards()) and data["compared_modules"] == []
    assert sum(e["games_resolved"] for e in effects.values()) <= 4 * 5
    for e in effects.values():
        if e["games_resolved"] == 0:
            assert all(x == 0 for x in e["win_rate_change"].values())
