"""The printed Progress Tiles (``game/tiles.py``, ``configs/principes/progress.yaml``): the Market, the Progress
Action's limits and exchanges, and each tile the rulebook explains, on hand-built states."""

import random

import pytest

from sim.config import load_ruleset
from sim.errors import ConfigError
from sim.games.principes import driver, legal
from sim.games.principes.experiment import experiment_from_dict
from sim.games.principes.game import assembly, battles, building, cards, movement, politics, scenario, tiles
from sim.games.principes.game.history import council as common_council
from sim.games.principes.game.invariants import violations
from sim.games.principes.game.movement import Move
from sim.games.principes.game.setup import initial_state
from sim.games.principes.game.state import IllegalAction
from strategies.principes.base import Strategy

PM, MAS, PMIN, SIL = "polonia_maior", "masovia", "polonia_minor", "silesia"
NAMED = (
    "chronicle german_settlers church_schools new_mechanisms training_grounds border_guards three_field "
    "mounts_for_infantry learning_chess french_style heralds_of_peace knightly_culture lady_of_the_court "
    "bishops_chancery"
).split()


def fresh(seed=1):
    state = tiles.setup_market(initial_state(), random.Random(seed))
    state.variants = frozenset({"tiles"})
    return state


def give(state, player, *names):
    """Put one copy of each named tile on the player's board, taken from its stack or the Market."""
    out = state.copy()
    for name in names:
        tile = tiles.tile_id(name)
        stack = out.stacks[tiles.colour(tile)]
        if tile in stack:
            stack.remove(tile)
        else:
            out.market.remove(tile)
            tiles.refill(out)
        out.tiles[player].append(tile)
    return out


def on_market(state, name):
    """Make sure a copy of the named tile is face up (swapping it with a face-up tile of its colour)."""
    out = state.copy()
    tile = tiles.tile_id(name)
    if tile in out.market:
        return out
    stack = out.stacks[tiles.colour(tile)]
    shown = next(t for t in out.market if tiles.colour(t) == tiles.colour(tile))
    stack.remove(tile)
    stack.append(shown)
    out.market[out.market.index(shown)] = tile
    return out


class Picker(Strategy):
    """Takes the listed picks in order (then stops); records the Market size each time it is asked."""

    def __init__(self, picks=(), schools=True, track="people", alt=None):
        super().__init__()
        self.picks, self.schools, self.track, self.alt = list(picks), schools, track, alt
        self.market_sizes = []

    def progress(self, state, me, rng):
        self.market_sizes.append(len(state.market))
        if not self.picks:
            return None
        pick = self.picks.pop(0)
        return pick(state, me) if callable(pick) else pick

    def church_schools(self, state, me, rng):
        return self.schools

    def support_track(self, state, me, rng):
        return self.track

    def new_mechanisms(self, state, me, rng):
        return self.alt

    def taxes(self, state, me, rng):
        return True


def first_free(state, me):
    return next(p for p in tiles.picks(state, me) if p[1] is None)


# --- data and the Market --------------------------------------------------------------------------------------


def test_catalogue_48_tiles_in_6_colours_with_provenance():
    """Components: "48 Progress Tiles (8 green, 8 yellow, 8 blue, 8 rose, 8 brown, and 8 gray)"."""
    state = fresh()
    everything = [t for s in state.stacks.values() for t in s] + state.market
    assert len(everything) == 48
    for c in state.rules.values["progress"]["colors"]:
        assert sum(tiles.colour(t) == c for t in everything) == 8
        assert len({t for t in everything if tiles.colour(t) == c}) == 4
    names = {spec["name"] for spec in tiles.catalogue().values()}
    assert set(NAMED) <= names and len(names) == 24
    prov = {p.key: p for p in load_ruleset("principes")["progress"].provenance}
    for name in NAMED:
        assert prov[f"tiles.{name}.effect"].source == "rulebook"
    for name in names - set(NAMED):
        assert prov[f"tiles.{name}.effect"].source == "assumed" and prov[f"tiles.{name}.effect"].note


def test_market_12_face_up_2_per_colour_no_duplicates():
    """Market: "6 spaces for stacks of face-down Progress Tiles and 12 spaces for revealed Progress Tiles"."""
    for seed in range(20):
        state = fresh(seed)
        assert len(state.market) == 12 and len(set(state.market)) == 12
        for c in state.rules.values["progress"]["colors"]:
            assert sum(tiles.colour(t) == c for t in state.market) == 2
        assert violations(state) == []


def test_refill_redraws_duplicates_unless_the_stack_has_none_else():
    """ "If, as a result, there are 2 identical tiles on the Market, return one of them to the bottom of its stack
    and draw another tile from the top of the same stack. If no more tiles are available in a specific stack, both
    identical tiles remain revealed on the Market.\""""
    state = fresh()
    a, b = tiles.tile_id("chronicle"), tiles.tile_id("german_settlers")
    state.market = [t for t in state.market if tiles.colour(t) != "green"] + [a]
    state.stacks["green"] = [a, b]
    tiles.refill(state)
    assert sorted(t for t in state.market if tiles.colour(t) == "green") == sorted([a, b])
    assert state.stacks["green"] == [a]  # the duplicate went to the bottom of its stack
    state.market = [t for t in state.market if tiles.colour(t) != "green"] + [a]
    state.stacks["green"] = [a]
    tiles.refill(state)
    assert [t for t in state.market if tiles.colour(t) == "green"] == [a, a]  # "both identical tiles remain"


@pytest.mark.parametrize("period", [1, 2, 3])
def test_period_limits_and_refill_after_the_action(period):
    """ "in Period I, the player may take 1 tile, in Period II, 2 tiles, and in Period III, 3 tiles"; "After a
    player finishes placing tiles ... the available pool of Progress Tiles must be replenished"."""
    state = fresh()
    state.round = 2 * period - 1
    me = Picker([first_free] * 5)
    out = tiles.progress_action(state, PM, me, random.Random(0))
    assert len(out.tiles[PM]) == period
    assert me.market_sizes[:period] == [12 - k for k in range(period)]  # no refill between the tiles
    assert len(out.market) == 12 and violations(out) == []


def test_exchange_only_when_the_colour_is_full_and_the_tile_goes_face_up():
    """ "If there is no free space for tiles of a specific color on their Principality Board, a player may exchange
    an already-owned Progress Tile for an available tile of the same color from the Market (the player's tile is
    placed face up on the Market).\""""
    state = give(fresh(), PM, "training_grounds")
    state = on_market(state, "three_field")
    three, yard = tiles.tile_id("three_field"), tiles.tile_id("training_grounds")
    with pytest.raises(IllegalAction, match="free"):
        tiles.place(state, PM, (three, yard))  # a free blue space: no exchange
    state = give(state, PM, "border_guards")
    assert (three, None) not in tiles.picks(state, PM) and (three, yard) in tiles.picks(state, PM)
    out = tiles.place(state, PM, (three, yard))
    assert three in out.tiles[PM] and yard not in out.tiles[PM] and yard in out.market
    tiles.refill(out)
    assert violations(out) == []


def test_no_two_identical_tiles_on_a_board():
    """ "Players cannot have 2 identical tiles on their Principality Board.\""""
    state = on_market(give(fresh(), PM, "chronicle"), "chronicle")
    assert all(p[0] != tiles.tile_id("chronicle") for p in tiles.picks(state, PM))
    with pytest.raises(IllegalAction, match="identical"):
        tiles.place(state, PM, (tiles.tile_id("chronicle"), None))


# --- each explained tile --------------------------------------------------------------------------------------


def test_chronicle_scores_existing_pairs_then_each_new_pair():
    """Chronicle: "After placing a tile on their Principality Board, the player gains either 1 People Support Point
    or 1 Clergy Support Point for each pair of tiles of the same color they already have. Then, the player will
    score (once) for each newly formed pair.\""""
    state = give(fresh(), PM, "training_grounds", "three_field", "french_style", "german_settlers")
    state = on_market(state, "chronicle")
    people = state.people[PM]
    out = tiles.place(state, PM, (tiles.tile_id("chronicle"), None), lambda s: "people")
    assert out.people[PM] == people + 2  # the blue pair and the green pair it forms itself
    out = on_market(out, "unknown_brown_1")
    clergy = out.clergy[PM]
    out = tiles.place(out, PM, (tiles.tile_id("unknown_brown_1"), None), lambda s: "clergy")
    assert out.clergy[PM] == clergy + 1  # a newly formed brown pair
    out = on_market(out, "unknown_blue_1")
    before = (out.people[PM], out.clergy[PM])
    out = tiles.place(out, PM, (tiles.tile_id("unknown_blue_1"), None))  # a third blue tile: no new pair
    assert (out.people[PM], out.clergy[PM]) == before


def test_german_settlers_a_third_tile_of_a_colour_itself_included():
    """German Settlers: "Progress Tiles take effect as soon as they are drawn from the Market. Thus, if a player
    already has two green Progress Tiles, they may take this tile as a third one.\""""
    state = give(fresh(), PM, "chronicle", "church_schools")
    state = on_market(state, "german_settlers")
    assert (tiles.tile_id("german_settlers"), None) in tiles.picks(state, PM)
    out = tiles.place(state, PM, (tiles.tile_id("german_settlers"), None))
    assert sum(tiles.colour(t) == "green" for t in out.tiles[PM]) == 3
    out = give(out, PM, "training_grounds", "three_field")
    assert tiles.slots(out, PM, "blue") == 3  # assumed: a third space in every colour


def test_church_schools_pay_2_gold_for_1_more_tile():
    """Church Schools: "The player may immediately pay 2 gold upon drawing this tile and then place 1 additional
    Progress Tile.\""""
    state = on_market(fresh(), "church_schools")
    schools = (tiles.tile_id("church_schools"), None)
    out = tiles.progress_action(state, PM, Picker([schools, first_free]), random.Random(0))
    assert len(out.tiles[PM]) == 2 and out.gold[PM] == state.gold[PM] - 2  # Period I: 1 tile + 1 bought
    out = tiles.progress_action(state, PM, Picker([schools, first_free], schools=False), random.Random(0))
    assert len(out.tiles[PM]) == 1 and out.gold[PM] == state.gold[PM]
    poor = state.copy()
    poor.gold[PM] = 1
    out = tiles.progress_action(poor, PM, Picker([schools, first_free]), random.Random(0))
    assert len(out.tiles[PM]) == 1 and out.gold[PM] == 1


def test_new_mechanisms_progress_as_any_other_action():
    """New Mechanisms: "After revealing the Progress Action Token, the player may choose for it to be any other
    action.\""""
    state = give(fresh(), SIL, "new_mechanisms")
    me = Picker(alt="taxes")
    out = driver.perform(state, SIL, "progress", {SIL: me}, random.Random(0))
    assert out.gold[SIL] == state.gold[SIL] + 4 + 2 and out.people[SIL] == state.people[SIL] - 1  # Taxes
    with pytest.raises(IllegalAction):
        driver.perform(state, SIL, "progress", {SIL: Picker(alt="progress")}, random.Random(0))


def test_training_grounds_battle_card_per_tiltyard_on_assembly():
    """Training Grounds: "Each time the player performs the Assembly Action, they will draw 1 Battle Card for each
    Tiltyard they control.\""""
    state = give(fresh(), PMIN, "training_grounds")
    state.buildings.update({"wislicia": "tiltyard", "sandomiria": "tiltyard"})
    state.supply["tiltyard"] -= 2

    class Assemble(Strategy):
        def assembly(self, state, me, rng):
            return {"cracovia": {"footman": 1}}

    out = driver.perform(state, PMIN, "assembly", {PMIN: Assemble()}, random.Random(0))
    assert sum(n for c, n in out.hands[PMIN].items() if c.startswith("battle.")) == 2
    assert violations(out) == []
    plain = driver.perform(give(fresh(), PMIN, "three_field"), PMIN, "assembly", {PMIN: Assemble()}, None)
    assert not plain.hands[PMIN]


def test_border_guards_stop_foreign_units_unless_allowed():
    """Border Guards: "All of the player's lands are treated as if they have their units guarding passage. The
    player may allow foreign units to pass through their lands affected by the tile.\""""
    state = scenario.place(fresh(), "becium", SIL, knight=1)
    through = [Move("knight", ("becium", "wislicia", "sandecia"))]
    movement.check_moves(state, SIL, through)  # no tile: passing is fine
    guarded = give(state, PMIN, "border_guards")
    with pytest.raises(IllegalAction, match="Border Guards"):
        movement.check_moves(guarded, SIL, through)
    movement.check_moves(guarded, SIL, [Move("knight", ("becium", "wislicia"))])  # it stops at the first land
    movement.check_moves(guarded, SIL, through, consent=frozenset({PMIN}))  # the holder lets them pass
    paths = legal.reach(guarded, SIL, "knight", "becium")
    assert "wislicia" in paths and all("wislicia" not in p[1:-1] for p in paths.values())


def test_mounts_for_infantry_footmen_move_3():
    """Mounts for Infantry: "The player's Footmen have 1 additional Movement Point compared to their base value.\""""
    state = fresh()
    march = [Move("footman", ("lublinum", "sandomiria", "wislicia", "cracovia"))]
    with pytest.raises(IllegalAction, match="at most 2"):
        movement.check_moves(state, PMIN, march)
    mounted = give(state, PMIN, "mounts_for_infantry")
    movement.check_moves(mounted, PMIN, march)
    assert movement.movement_points(mounted, "footman", PMIN) == 3
    assert movement.movement_points(mounted, "knight", PMIN) == 3  # cavalry unchanged
    assert movement.movement_points(mounted, "footman", SIL) == 2


class Dice:
    """A stand-in for random.Random: the dice show the faces at ``indices`` in turn (attacker first; rules.yaml
    die faces), and draws take the first card."""

    def __init__(self, *indices):
        self.indices = list(indices)

    def randrange(self, n):
        return self.indices.pop(0) if self.indices else 0

    def random(self):
        return 0.0


def faces(state, *names):
    die = [int(x) for x in state.rules.battle.die]
    return [die.index(("sword", "shield", "coin", "blank").index(n)) for n in names]


def test_learning_chess_flips_a_losing_die_to_its_opposite_face():
    """Learning Chess: "After the initial counting of battle losses, the player may flip their Battle Die to the
    opposite face." Both dice show a shield: 2 swords against 1 Gord + 1 shield topple nothing and the defender
    holds; the attacker flips its shield to the opposite sword and topples the Footman."""
    state = scenario.place(fresh(), "sandomiria", SIL, knight=1)
    _, plain = battles.battle(state, "sandomiria", SIL, Dice(*faces(state, "shield", "shield")))
    assert plain.winner == PMIN and plain.dice == ("shield", "shield")
    chess = give(state, SIL, "learning_chess")
    out, report = battles.battle(chess, "sandomiria", SIL, Dice(*faces(state, "shield", "shield")))
    assert report.winner == SIL and report.dice == ("sword", "shield")
    assert violations(out) == []
    _, report = battles.battle(chess, "sandomiria", SIL, Dice(*faces(state, "blank", "blank")))
    assert report.dice == ("blank", "blank")  # already winning: no flip


def test_learning_chess_defender_flips_too():
    """The defender may flip as well. A Knight (sword: 3 swords) attacks a Footman on a Gord whose die shows a
    shield: 1 damage topples the Footman and the Knight is only wounded, so the attacker wins; flipping the shield
    to the opposite sword wounds the Knight twice: both sides are wiped out and "the defender wins"."""
    state = scenario.place(fresh(), "sandomiria", SIL, knight=1)
    _, plain = battles.battle(state, "sandomiria", SIL, Dice(*faces(state, "sword", "shield")))
    assert plain.winner == SIL
    chess = give(state, PMIN, "learning_chess")
    _, report = battles.battle(chess, "sandomiria", SIL, Dice(*faces(state, "sword", "shield")))
    assert report.dice == ("sword", "sword") and report.winner == PMIN


def test_french_style_two_clergy_for_an_abbey():
    """French Style: "After building the Abbey, the player gains 2 Clergy Support Points instead of 1.\""""
    state = fresh()
    plain = building.build(state, PMIN, None, (("wislicia", "abbey"),))
    assert plain.clergy[PMIN] == state.clergy[PMIN] + 1
    styled = give(state, PMIN, "french_style")
    out = building.build(styled, PMIN, None, (("wislicia", "abbey"),))
    assert out.clergy[PMIN] == state.clergy[PMIN] + 2
    lost = scenario.place(out, "wislicia", SIL, knight=1)
    from sim.games.principes.game.control import retrack

    assert retrack(out, lost).clergy[PMIN] == out.clergy[PMIN] - 1  # "they lose the usual 1"


def test_heralds_of_peace_battle_cards_for_support():
    """Heralds of Peace: "The player can play their Battle Cards at any point during the game to gain additional
    Support Points (just like with Court and Neighbor Cards).\""""
    state = scenario.give_cards(fresh(), PM, "battle.sword")
    with pytest.raises(IllegalAction):
        cards.trade_for_support(state, PM, "battle.sword", "people")
    assert not legal.support_cards(state, PM)
    heralded = give(state, PM, "heralds_of_peace")
    assert legal.support_cards(heralded, PM) == [("battle.sword", ("people", "clergy"))]
    out = cards.trade_for_support(heralded, PM, "battle.sword", "clergy")
    assert out.clergy[PM] == state.clergy[PM] + 1 and not out.hands[PM] and violations(out) == []
    out, _ = politics.council(heralded, PM, {PM: [("battle.sword", "people")]})  # at a Council too
    assert out.people[PM] == state.people[PM] + 1


def test_knightly_culture_people_per_tiltyard_at_every_council():
    """Knightly Culture: "the tile activates every time a Council occurs, not just when the Council is summoned by
    the player.\""""
    state = give(fresh(), PMIN, "knightly_culture")
    state.buildings.update({"wislicia": "tiltyard", "sandomiria": "tiltyard", "poznania": "tiltyard"})
    state.supply["tiltyard"] -= 3
    out, _ = politics.council(state, PM, {})  # another player's Council
    assert out.people[PMIN] == state.people[PMIN] + 2 and out.people[PM] == state.people[PM]
    out, _ = common_council.common_council(state, {})
    assert out.people[PMIN] == state.people[PMIN] + 2


def test_three_field_assemble_2_more_units():
    """Three-Field: "the player is able to assemble 2 additional units beyond the normal limit during their
    Assembly Action.\""""
    state = scenario.place(fresh(), "sandomiria", PMIN, footman=-1)  # 2 Knights and 4 Footmen in the pool
    five = {"cracovia": {"knight": 1, "footman": 4}}
    with pytest.raises(IllegalAction, match="at most 3"):
        assembly.assemble(state, PMIN, five)
    fielded = give(state, PMIN, "three_field")
    out = assembly.assemble(fielded, PMIN, five)
    assert out.units_of("cracovia", PMIN) == {"prince": 1, "knight": 2, "footman": 5}
    assert legal.assembly_room(fielded, PMIN)[3] == 5 and violations(out) == []
    with pytest.raises(IllegalAction, match="at most 5"):
        assembly.assemble(fielded, PMIN, {"cracovia": {"knight": 2, "footman": 4}})


def test_bishops_chancery_hand_of_9():
    """Bishop's Chancery: "the player is able to hold up to 9 cards in their hand instead of the usual 6.\""""
    state = scenario.give_cards(fresh(), PM, "court.people", 8)
    assert cards.hand_size(cards.enforce_hand_limit(state, PM), PM) == 6
    chancery = give(state, PM, "bishops_chancery")
    assert cards.hand_limit(chancery, PM) == 9
    assert cards.hand_size(cards.enforce_hand_limit(chancery, PM), PM) == 8


def test_unexplained_tiles_give_1_gold_on_their_action():
    """Assumed generic effect: "Tiles with a single-colored border enhance actions of the corresponding color";
    an unexplained tile gives +1 gold each time its colour's action is performed."""
    state = give(fresh(), SIL, "unknown_yellow_1", "unknown_yellow_2")
    out = driver.perform(state, SIL, "taxes", {SIL: Picker()}, random.Random(0))
    assert out.gold[SIL] == state.gold[SIL] + 4 + 2 + 2
    skipped = driver.perform(state, SIL, "taxes", {SIL: Strategy()}, random.Random(0))
    assert skipped.gold[SIL] == state.gold[SIL]  # not performed: no gold


def test_progress_switch_default_generic_and_checked():
    base = {"seats": ["random"] * 4}
    assert experiment_from_dict(base, "x").variants == frozenset()
    assert experiment_from_dict({**base, "progress": "tiles"}, "x").variants == {"tiles"}
    with pytest.raises(ConfigError):
        experiment_from_dict({**base, "progress": "printed"}, "x")


# --- strategies -----------------------------------------------------------------------------------------------


def test_scripted_plans_chase_their_wishlist():
    """The scripted plans read ``tile_wishlist`` / ``progress_rank`` (configs/principes/strategies/*.yaml) only
    with the printed tiles; the generic model plays as before."""
    from strategies.principes import make, resolve

    conqueror = make(*resolve("conqueror")[1:])
    state = on_market(fresh(), "three_field")
    assert conqueror.progress(state, MAS, random.Random(0)) == (tiles.tile_id("three_field"), None)
    assert "progress" in conqueror.plan(state, MAS, random.Random(0))
    generic = initial_state()
    assert "progress" not in conqueror.plan(generic, MAS, random.Random(0))
    held = give(state, MAS, "learning_chess", "mounts_for_infantry")
    held = on_market(held, "unknown_rose_1")
    assert all(p[0] != tiles.tile_id("unknown_rose_1") for p in conqueror.wished(held, MAS))  # no worse swap


def test_border_guards_stop_invaders_too():
    """Border Guards stop every foreign figure, the Invaders' included ("Foreign units stop at the first of your
    lands they enter")."""
    from sim.games.principes.game.history import invaders

    state = scenario.clear(scenario.clear(fresh(), "sandomiria", PMIN), "lublinum", PMIN)
    home = {land.id for land in state.board.lands if land.principality == PMIN}
    free = invaders.reach(state, "mongols", "rus_duchies", "knight", SIL)
    assert any(set(p[2:-1]) & home for p in free.values())  # without the tile they ride through
    guarded = give(state, PMIN, "border_guards")
    paths = invaders.reach(guarded, "mongols", "rus_duchies", "knight", SIL)
    assert paths and not any(set(p[2:-1]) & home for p in paths.values())
    assert all(invaders.path_ok(guarded, "mongols", p, "knight", SIL) for p in paths.values())


def test_invariants_catch_tile_errors():
    state = give(fresh(), PM, "chronicle")
    assert violations(state) == []
    bad = state.copy()
    bad.tiles[PM].append(tiles.tile_id("chronicle"))
    bad.stacks["green"].remove(tiles.tile_id("chronicle"))
    assert any("identical" in v for v in violations(bad))
    crowded = state.copy()
    crowded.market.append(crowded.stacks["yellow"].pop())
    assert any("face up" in v for v in violations(crowded))
