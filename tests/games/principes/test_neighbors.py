"""Neighbors and the 12 Neighbor Cards (issue 6, section 2): the rulebook example, the card rules, movement of
Neighbor units, occupation, respawn, Pomerania, and whole random-legal games with the module on."""

import random

import pytest

from sim.config import load_rules, load_ruleset
from sim.errors import ConfigError
from sim.games.principes.driver import WIN_TYPES, new_game, play_game
from sim.games.principes.experiment import experiment_from_dict
from sim.games.principes.game import cards, control, movement, neighbors, scenario
from sim.games.principes.game.invariants import violations
from sim.games.principes.game.movement import Move
from sim.games.principes.game.setup import GAME_PATH, initial_state
from sim.games.principes.game.state import IllegalAction
from strategies.principes import make, resolve
from strategies.principes.base import Strategy
from tests.games.principes.history_helpers import checked

PM, MAS, PMIN, SIL = "polonia_maior", "masovia", "polonia_minor", "silesia"
FACTIONS = (PM, MAS, PMIN, SIL)
GM, BOH, WPOM = "german_marches", "kingdom_of_bohemia", "western_pomerania"


class Plan(Strategy):
    """Plays, blocks and moves Neighbors from a script and logs what it was asked."""

    def __init__(self, plays=(), blocks=(), order=None, log=None):
        super().__init__()
        self.plays, self.blocks, self.order = list(plays), list(blocks), order
        self.log = [] if log is None else log

    def neighbor_play(self, state, me, used, rng):
        return self.plays.pop(0) if self.plays else None

    def neighbor_block(self, state, me, mover, neighbor, pool, rng):
        self.log.append(("block?", me, dict(pool)))
        return list(self.blocks)

    def neighbor_moves(self, state, me, neighbor, pool, rng):
        self.log.append(("move", me, dict(pool)))
        self.gold = dict(state.gold)  # the treasuries once the card is paid and blocked, before any battle loot
        return self.order


def on():
    return neighbors.enable(initial_state())


def seats(**by_player):
    log = []
    out = {p: Plan(log=log) for p in FACTIONS}
    for p, plan in by_player.items():
        plan.log = log
        out[p] = plan
    return out, log


# --- the data ---------------------------------------------------------------------------------------------------


def test_neighbors_yaml_has_provenance_and_the_components():
    rules = load_ruleset("principes")["neighbors"]  # every leaf {value, source, ref|reason}
    assert {p.source for p in rules.provenance} == {"rulebook", "assumed"}
    assert neighbors.neighbors() == (
        "eastern_pomerania",
        "western_pomerania",
        GM,
        BOH,
        "kingdom_of_hungary",
        "rus_duchies",
    )
    # "22 Neighbor Figures (1 Knight and 2 Footmen for Eastern Pomerania and Western Pomerania; 2 Knights and 2
    # Footmen for the German Marches, the Kingdom of Bohemia, the Kingdom of Hungary, and the Rus Fiefdoms)"
    assert sum(n for nb in neighbors.neighbors() for n in neighbors.units(nb).values()) == 22
    specs = neighbor_cards = neighbors.neighbor_values()["cards"]
    assert len(neighbor_cards) == 12  # "12 Neighbor Cards"
    by_neighbor = {}
    for spec in specs.values():
        by_neighbor[spec["neighbor"]] = by_neighbor.get(spec["neighbor"], 0) + 1
    assert by_neighbor == {
        GM: 2,
        BOH: 2,
        "kingdom_of_hungary": 2,
        "rus_duchies": 2,
        WPOM: 1,
        "eastern_pomerania": 1,
        "any": 2,
    }
    for nb in (GM, BOH, "kingdom_of_hungary", "rus_duchies"):  # the full card: all units, 2 gold
        assert specs[f"{nb}_full"]["units"] == neighbors.units(nb) and specs[f"{nb}_full"]["cost"] == 2
    symbols = {}
    for spec in specs.values():
        symbols[spec["support"]] = symbols.get(spec["support"], 0) + 1
    assert symbols == load_rules("principes", path=GAME_PATH).values["cards"]["neighbor_symbols"]
    gold = load_rules("principes", path=GAME_PATH).values["cards"]["gold_per_card"]
    assert gold == 1  # each Neighbor Card's gold symbol, traded like a Court Card


def test_enable_deals_the_twelve_cards_by_identity_and_off_keeps_part_one():
    off = new_game(random.Random(3))
    assert set(off.decks["neighbor"]) == {"people", "clergy", "either"} and not neighbors.enabled(off)
    game = new_game(random.Random(3), variants=frozenset({"neighbors"}))
    assert neighbors.enabled(game) and set(game.decks["neighbor"]) == set(neighbors.neighbor_values()["cards"])
    dealt = [c for p in FACTIONS for c in game.hands[p] if c.startswith("neighbor.")]
    assert len(dealt) == 4 and violations(game) == []  # 1 Neighbor Card each (starting hands)


def test_experiment_key_switches_the_module():
    raw = {"seats": ["random"] * 4}
    assert "neighbors" not in experiment_from_dict(raw, "x.yaml").variants
    assert "neighbors" in experiment_from_dict({**raw, "neighbors": True}, "x.yaml").variants
    with pytest.raises(ConfigError):
        experiment_from_dict({**raw, "neighbors": "yes"}, "x.yaml")


def test_a_neighbor_card_trades_by_its_symbols():
    s = scenario.give_cards(on(), PM, "neighbor.german_marches_full")  # a Clergy symbol (assumed)
    with pytest.raises(IllegalAction):
        cards.trade_for_support(s, PM, "neighbor.german_marches_full", "people")
    up = cards.trade_for_support(s, PM, "neighbor.german_marches_full", "clergy")
    assert up.clergy[PM] == s.clergy[PM] + 1 and up.decks["neighbor"]["german_marches_full"] == 1
    gold = cards.trade_for_gold(s, PM, "neighbor.german_marches_full")
    assert gold.gold[PM] == s.gold[PM] + 1 and violations(gold) == []


# --- the rulebook example -----------------------------------------------------------------------------------------


def example_state():
    s = scenario.give_cards(on(), PM, "neighbor.german_marches_full")
    s = scenario.give_cards(s, SIL, "neighbor.german_marches_partial")
    s.buildings["crosna"] = "abbey"  # an unguarded Silesian land with an Abbey
    s.supply["abbey"] -= 1
    return s


def test_rulebook_example_polonia_maior_pays_two_gold_silesia_blocks_part():
    """Neighbor Cards, EXAMPLE: "The player controlling Polonia Maior plays a Neighbor Card concerning the German
    Marches and pays the cost of 2 gold. Next, the player controlling Silesia, fearing an attack, also plays a card
    concerning the German Marches, but with a smaller force. This reduces the pool of units, so Polonia Maior can
    move by 1 Knight and 1 Footman. Had the players played their cards in reverse order, the entire Neighbor
    movement would have been blocked. After blocking some of the Neighbor's units, the player controlling Polonia
    Maior moves the remaining ones. They send the German Knight to battle, while the Footman moves to an unguarded
    land with an Abbey, which they decide to destroy."
    """
    s = example_state()
    s.gold[SIL] = 0  # "Blocking the movement of Neighbor units is always free of charge"
    order = neighbors.Order(
        moves=(Move("knight", (GM, "crosna", "glogovia")), Move("footman", (GM, "crosna"))),
        destroy={"crosna": ("building",)},
    )
    for seed in range(8):
        strategies, log = seats(**{PM: Plan(order=order), SIL: Plan(blocks=["neighbor.german_marches_partial"])})
        after = neighbors.play(s, PM, "neighbor.german_marches_full", GM, strategies, random.Random(seed))
        paid = strategies[PM].gold
        assert paid[PM] == s.gold[PM] - 2 == 3  # "pays the cost of 2 gold"
        assert paid[SIL] == 0  # blocking is free
        # the others are asked in the Round's turn order (from the Princeps, Polonia Minor), the mover skipped
        assert [e[1] for e in log if e[0] == "block?"] == [PMIN, SIL, MAS]
        assert log[-1] == ("move", PM, {"knight": 1, "footman": 1})  # "can move by 1 Knight and 1 Footman"
        # the Footman takes the unguarded land and the Abbey is destroyed: back to the supply, Silesia's Clergy -1
        assert after.units_of("crosna", GM)["footman"] == 1 and control.controller(after, "crosna") == GM
        assert "crosna" not in after.buildings and after.supply["abbey"] == s.supply["abbey"] + 1
        assert after.clergy[SIL] == s.clergy[SIL] - 1 and after.clergy[PM] == s.clergy[PM]
        # the Knight fought Silesia's Footman on Glogovia: at most one side stands there (a beaten Knight withdraws
        # to Crosna, held by the Germans, or goes back to its spots), Silesia drew its Battle Card
        assert len(after.factions_on("glogovia")) <= 1 and control.controller(after, "glogovia") in (SIL, GM)
        assert sum(n for c, n in after.hands[SIL].items() if c.startswith("battle.")) == 1
        # both cards go to the bottom of the Neighbor deck; the German figures never leave the Map
        assert after.decks["neighbor"]["german_marches_full"] == after.decks["neighbor"]["german_marches_partial"] == 1
        on_map = sum(n for _, _, n in neighbors.on_map(after, GM))
        assert on_map + sum(neighbors.at_spots(after, GM).values()) == 4
        assert violations(after) == []


def test_rulebook_example_in_reverse_order_blocks_the_whole_movement():
    """ "Had the players played their cards in reverse order, the entire Neighbor movement would have been
    blocked": the partial card (1 Knight, 1 Footman, free) minus the full card (2 Knights, 2 Footmen) is nothing."""
    s = scenario.give_cards(on(), PM, "neighbor.german_marches_partial")
    s = scenario.give_cards(s, SIL, "neighbor.german_marches_full")
    strategies, log = seats(**{PM: Plan(order=neighbors.Order()), SIL: Plan(blocks=["neighbor.german_marches_full"])})
    after = neighbors.play(s, PM, "neighbor.german_marches_partial", GM, strategies, random.Random(0))
    assert not any(e[0] == "move" for e in log)  # nothing left to move
    assert after.gold[PM] == s.gold[PM] and after.gold[SIL] == s.gold[SIL]  # the partial card is free to play
    assert after.units == s.units and violations(after) == []


# --- card rules ---------------------------------------------------------------------------------------------------


def test_full_card_needs_two_gold_and_blocks_need_a_matching_card():
    s = scenario.give_cards(on(), PM, "neighbor.german_marches_full")
    s.gold[PM] = 1
    assert neighbors.playable(s, PM) == []
    with pytest.raises(IllegalAction, match="pay"):
        neighbors.play(s, PM, "neighbor.german_marches_full", GM, seats()[0], random.Random(0))
    s.gold[PM] = 5
    s = scenario.give_cards(s, SIL, "neighbor.kingdom_of_bohemia_full")
    assert neighbors.blocking_cards(s, SIL, GM) == []  # another Neighbor's card cannot block
    with pytest.raises(IllegalAction, match="block"):
        neighbors.play(
            s,
            PM,
            "neighbor.german_marches_full",
            GM,
            seats(**{SIL: Plan(blocks=["neighbor.kingdom_of_bohemia_full"])})[0],
            random.Random(0),
        )
    s = scenario.give_cards(s, SIL, "neighbor.any_neighbors_1")
    assert neighbors.blocking_cards(s, SIL, GM) == ["neighbor.any_neighbors_1"]  # a joker blocks any Neighbor


def test_a_card_moves_only_its_own_neighbor_and_any_names_one():
    s = scenario.give_cards(on(), PM, "neighbor.german_marches_partial")
    s = scenario.give_cards(s, PM, "neighbor.any_neighbors_2")
    plays = neighbors.playable(s, PM)
    assert ("neighbor.german_marches_partial", GM) in plays and ("neighbor.german_marches_partial", BOH) not in plays
    assert {nb for c, nb in plays if c == "neighbor.any_neighbors_2"} == set(neighbors.neighbors())
    with pytest.raises(IllegalAction, match="does not move"):
        neighbors.check_play(s, PM, "neighbor.german_marches_partial", BOH, frozenset())


def test_one_card_per_neighbor_before_a_politics_action():
    """ "the player cannot play more than one Neighbor Card related to the same Neighbor before their Politics
    Action" (an Any Neighbors card named for the German Marches counts as one)."""
    s = scenario.give_cards(on(), PM, "neighbor.german_marches_partial")
    s = scenario.give_cards(s, PM, "neighbor.any_neighbors_1")
    assert all(nb != GM for _, nb in neighbors.playable(s, PM, frozenset({GM})))
    strategies, _ = seats(
        **{PM: Plan(plays=[("neighbor.german_marches_partial", GM), ("neighbor.any_neighbors_1", GM)])}
    )
    with pytest.raises(IllegalAction, match="already played"):
        neighbors.before_politics(s, PM, strategies, random.Random(0))
    strategies, _ = seats(
        **{PM: Plan(plays=[("neighbor.german_marches_partial", GM), ("neighbor.any_neighbors_1", BOH)])}
    )
    after = neighbors.before_politics(s, PM, strategies, random.Random(0))  # two Neighbors: fine
    assert not any(c.startswith("neighbor.") for c in after.hands[PM])


# --- movement -----------------------------------------------------------------------------------------------------


def test_no_self_attack_and_the_exit_costs_one_point():
    s = on()
    paths = neighbors.reach(s, GM, GM, "footman", PM)
    assert "santocum" not in paths and "medzirech" not in paths  # Polonia Maior's own lands: never for PM
    assert paths["sagan"] == (GM, "lubusa", "sagan")  # leaving the Marches costs 1 of the Footman's 2 points
    assert all(len(p) - 1 <= 2 for p in paths.values())
    assert "santocum" in neighbors.reach(s, GM, GM, "footman", SIL)  # Silesia may send them at Polonia Maior
    with pytest.raises(IllegalAction):
        neighbors.move(s, GM, [Move("footman", (GM, "santocum"))], PM, random.Random(0), {"footman": 1})
    with pytest.raises(IllegalAction):  # never more than the pool
        neighbors.move(s, GM, [Move("footman", (GM, "lubusa"), 2)], PM, random.Random(0), {"footman": 1})
    with pytest.raises(IllegalAction):  # never back into the Neighbor's area
        neighbors.move(s, GM, [Move("footman", ("lubusa", GM))], PM, random.Random(0), {"footman": 1})


def test_princess_married_into_the_neighbor_protects_her_lands():
    s = on()
    s.princesses[SIL] = GM
    assert not any(control.controller(s, x) == SIL for x in neighbors.reach(s, GM, GM, "knight", PM))


def test_occupation_stays_removes_division_and_takes_control():
    s = on()
    assert "ratiboria" in s.division and BOH in s.board.land("ratiboria").borders
    after, reports = neighbors.move(s, BOH, [Move("footman", (BOH, "ratiboria"))], PM, random.Random(0), {"footman": 1})
    assert reports == [] and "ratiboria" not in after.division
    assert after.supply["division"] == s.supply["division"] + 1
    assert control.controller(after, "ratiboria") == BOH and neighbors.at_spots(after, BOH) == {
        "knight": 2,
        "footman": 1,
    }
    # "When a Neighbor card is played regarding units of a Neighbor that are already on Polish land, the player
    # starts their movement from their current position."
    assert (("ratiboria", "footman", 1)) in neighbors.groups(after, BOH)
    again, _ = neighbors.move(
        after, BOH, [Move("footman", ("ratiboria", "opolia"))], SIL, random.Random(0), {"footman": 1}
    )
    assert control.controller(again, "opolia") == BOH and violations(again) == []


def test_beaten_neighbor_units_respawn_on_their_spots():
    """ "When Neighbor's units are removed as a result of a battle, they must be placed back on their designated
    spots ... If Neighbor's units cannot withdraw after the battle to their controlled land, they are still placed
    back on their designated spots."""
    s = on()
    s.units.setdefault("medzirech", {})[GM] = {"footman": 1}  # a German occupier in Polonia Maior
    s = scenario.place(s, "poznania", PM, knight=2)
    assert neighbors.at_spots(s, GM) == {"knight": 2, "footman": 1}
    for seed in range(6):
        after, (report,) = movement.move(s, PM, [Move("knight", ("poznania", "medzirech"), 3)], random.Random(seed))
        assert report.winner == PM
        assert neighbors.on_map(after, GM) == [] and neighbors.at_spots(after, GM) == {"knight": 2, "footman": 2}
        assert control.controller(after, "medzirech") == PM and violations(after) == []


def test_pomerania_moved_away_respawns_home_or_waits_while_conquered():
    s = on()
    pool = {"knight": 1, "footman": 2}
    out = [Move("knight", (WPOM, "lubusa")), Move("footman", (WPOM, "lubusa"), 2)]
    s, _ = neighbors.move(s, WPOM, out, MAS, random.Random(0), pool)
    assert s.units_of("lubusa", WPOM) == pool and control.controller(s, WPOM) is None  # home left empty
    s, _ = movement.move(s, PM, [Move("footman", ("santocum", WPOM))])  # walked in: no battle, Might taken
    assert control.controller(s, WPOM) == PM
    s = scenario.place(s, "crosna", SIL, knight=2, footman=3)
    s, (report,) = movement.move(
        s, SIL, [Move("knight", ("crosna", "lubusa"), 2), Move("footman", ("crosna", "lubusa"), 3)], random.Random(1)
    )
    assert report.winner == SIL
    assert s.pomerania_off[WPOM] == pool and violations(s) == []  # home held by Polonia Maior: they wait
    s, _ = movement.move(s, PM, [Move("footman", (WPOM, "santocum"))])  # "once all foreign units leave Pomerania"
    assert s.units_of(WPOM, WPOM) == pool and WPOM not in s.pomerania_off and violations(s) == []


def test_two_neutral_factions_fight_without_cards_loot_or_support():
    """ "Battles Between Two Neutral Factions: These battles consist solely of the dice roll ..., calculating the
    losses on both sides, and removing units": the Germans attack Western Pomerania on its own land."""
    s = on()
    pool = {"knight": 2, "footman": 2}
    moves = [Move("knight", (GM, WPOM), 2), Move("footman", (GM, WPOM), 2)]
    outcomes = set()
    for seed in range(12):
        after, (report,) = neighbors.move(s, GM, moves, SIL, random.Random(seed), pool)
        assert report.defender == WPOM and violations(after) == []
        assert (after.gold, after.people, after.clergy) == (s.gold, s.people, s.clergy)
        if report.winner == GM:  # Pomerania beaten on Pomerania: its figures wait until the Germans leave
            assert after.units_of(WPOM, WPOM) == {} and sum(after.pomerania_off[WPOM].values()) == 3
        else:
            assert after.units_of(WPOM, WPOM) == {"knight": 1, "footman": 2} and WPOM not in after.pomerania_off
        outcomes.add(report.winner)
    assert outcomes == {GM, WPOM}


def test_cards_are_played_before_the_politics_action_through_the_driver():
    from sim.games.principes import driver

    s = scenario.give_cards(on(), PM, "neighbor.german_marches_partial")
    order = neighbors.Order(moves=(Move("footman", (GM, "crosna")),))
    strategies, log = seats(**{PM: Plan(plays=[("neighbor.german_marches_partial", GM)], order=order)})
    after = driver.perform(s, PM, "politics", strategies, random.Random(0))
    assert after.units_of("crosna", GM) == {"footman": 1} and log[-1] == ("move", PM, {"knight": 1, "footman": 1})
    off = scenario.give_cards(initial_state(), PM, "neighbor.people")
    strategies, log = seats(**{PM: Plan(plays=[("neighbor.people", GM)])})
    assert driver.perform(off, PM, "politics", strategies, random.Random(0)).units == off.units and log == []


# --- strategies and whole games -------------------------------------------------------------------------------------


def test_default_policies_attack_the_leader_and_block_when_threatened():
    s = scenario.give_cards(on(), PM, "neighbor.german_marches_partial")
    s = scenario.give_cards(s, SIL, "neighbor.any_neighbors_1")
    s.people[SIL] = 8  # Silesia leads
    s.buildings["crosna"] = "abbey"
    play = neighbors.default_play(s, PM)
    assert play == ("neighbor.german_marches_partial", GM)
    order = neighbors.plan_moves(s, PM, GM, {"knight": 1, "footman": 1})
    assert order.moves and all(control.controller(s, m.path[-1]) == SIL for m in order.moves)
    assert neighbors.threatened(s, SIL, PM, GM, {"knight": 1, "footman": 1})
    assert neighbors.default_block(s, SIL, PM, GM, {"knight": 1, "footman": 1}) == ["neighbor.any_neighbors_1"]
    assert neighbors.default_block(s, MAS, PM, GM, {"knight": 1, "footman": 1}) == []


@pytest.mark.parametrize("seed", range(10))
def test_random_legal_games_with_neighbors_finish_and_keep_invariants(board_rules, seed):
    board, rules = board_rules
    actions = []
    seats_ = {p: make("random", {}) for p in FACTIONS}
    rec = play_game(
        seats_,
        random.Random(seed),
        board,
        rules,
        strict=True,
        on_action=checked(actions),
        history=seed % 2 == 1,
        on_history=checked([]),
        variants=frozenset({"neighbors"}),
    )
    assert rec.win_type in WIN_TYPES and 1 <= rec.rounds <= 6 and rec.illegal == 0
    assert violations(rec.final) == []


def test_scripted_games_with_neighbors_play_cards_and_keep_invariants(board_rules):
    board, rules = board_rules
    specs = [resolve(n) for n in ("builder", "conqueror", "politician", "random")]
    occupied = 0
    for seed in range(4):
        seats_ = {p: make(*specs[(j + seed) % 4][1:]) for j, p in enumerate(FACTIONS)}
        rec = play_game(
            seats_,
            random.Random(seed),
            board,
            rules,
            strict=True,
            on_action=checked([]),
            variants=frozenset({"neighbors"}),
        )
        assert rec.illegal == 0
        occupied += sum(len(neighbors.on_map(rec.final, nb)) for nb in (GM, BOH, "kingdom_of_hungary", "rus_duchies"))
    assert occupied > 0  # the scripted plans do send Neighbors into Poland
