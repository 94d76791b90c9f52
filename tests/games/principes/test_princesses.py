"""Princesses (``game/princesses.py``): missions each Period, the no-repeat rule, one Princess per area, cards
drawn and discarded at the courts, Lady of the Court, removal, the Neighbor immunity hook; and the conformance of
whole random-legal games with every optional rule on."""

import random

import pytest

from sim.games.principes import driver
from sim.games.principes.game import battles, princesses, scenario, tiles
from sim.games.principes.game.history import division
from sim.games.principes.game.history.invaders import devastate
from sim.games.principes.game.invariants import violations
from sim.games.principes.game.setup import initial_state
from sim.games.principes.game.state import IllegalAction
from strategies.principes.base import Strategy
from strategies.principes.random_legal import RandomLegal

PM, MAS, PMIN, SIL = "polonia_maior", "masovia", "polonia_minor", "silesia"
SEATS = (PM, MAS, PMIN, SIL)


def fresh():
    state = initial_state()
    state.variants = frozenset({"princesses"})
    return state


class Sender(Strategy):
    """Sends the Princess where ``areas`` says (player → area) and gives up cards as ``use`` says."""

    def __init__(self, areas=None, use="discard", draw="court"):
        super().__init__()
        self.areas, self.use, self.draw = areas or {}, use, draw

    def princess(self, state, me, options, rng):
        return self.areas.get(me) or super().princess(state, me, options, rng)

    def princess_draw(self, state, me, rng):
        return self.draw

    def princess_discard(self, state, me, rng):
        card = sorted(c for c in state.hands[me] if not c.startswith("battle"))[0]
        return card, self.use


def seats(**kw):
    me = Sender(**kw)
    return dict.fromkeys(SEATS, me)


def political(state, player):
    return sum(n for c, n in state.hands[player].items() if not c.startswith("battle"))


def test_three_missions_and_their_options():
    """ "each player (in the set order), assigns their Princess to one of three tasks": a Neighbor, the own Capital
    (only if the player controls it), or the Capital of another player (only if that player controls it)."""
    state = fresh()
    opts = princesses.options(state, PM)
    assert opts[0] == "poznania" and {"plocium", "cracovia", "vratislavia"} <= set(opts)
    assert set(princesses.neighbors()) <= set(opts) and len(opts) == 4 + 6
    assert {princesses.mission(state, PM, a) for a in opts} == set(princesses.MISSIONS)
    taken = scenario.place(state, "cracovia", SIL, knight=1)
    taken = scenario.clear(taken, "cracovia", PMIN)  # Silesia holds Cracovia: no mission there, even for PMIN
    assert "cracovia" not in princesses.options(taken, PM) and "cracovia" not in princesses.options(taken, PMIN)


def test_own_capital_draws_now_and_next_round():
    """ "When the Princess is placed in the player's Capital ..., they immediately draw 1 Court Card or 1 Neighbor
    Card. The same happens at the beginning of the next Round of the current Period.\""""
    state = fresh()
    out = princesses.send(state, PM, "poznania", seats(draw="neighbor"), random.Random(0))
    assert out.princesses == {PM: "poznania"} and political(out, PM) == 1
    assert sum(n for c, n in out.hands[PM].items() if c.startswith("neighbor")) == 1
    out.round = 2
    out, _ = princesses.round_start(out, seats(), random.Random(0))
    assert political(out, PM) == 2 and violations(out) == []


def test_foreign_capital_removes_a_card_now_and_next_round():
    """ "The player who has a foreign Princess in their Capital must immediately discard 1 Court Card or 1 Neighbor
    Card (the player chooses which card to discard) ... The same happens at the beginning of the next Round.\""""
    state = scenario.give_cards(fresh(), PMIN, "court.people", 2)
    state = scenario.give_cards(state, PMIN, "battle.sword")
    out = princesses.send(state, SIL, "cracovia", seats(), random.Random(0))
    assert political(out, PMIN) == 1 and out.hands[PMIN]["battle.sword"] == 1  # Battle Cards are safe
    assert out.people[PMIN] == state.people[PMIN] and violations(out) == []
    out.round = 2
    out, _ = princesses.round_start(out, seats(), random.Random(0))
    assert political(out, PMIN) == 0
    out.round = 2
    again, _ = princesses.round_start(out, seats(), random.Random(0))
    assert political(again, PMIN) == 0  # nothing left to lose


def test_a_card_demanded_may_be_traded_instead():
    """ "When a card must be discarded, the player may exchange any cards they hold ... for gold or Support Points
    ... this prevents them from discarding a card 'for free'.\""""
    state = scenario.give_cards(fresh(), PMIN, "court.people", 1)
    out = princesses.send(state, SIL, "cracovia", seats(use="people"), random.Random(0))
    assert political(out, PMIN) == 0 and out.people[PMIN] == state.people[PMIN] + 1
    out = princesses.send(state, SIL, "cracovia", seats(use="gold"), random.Random(0))
    assert out.gold[PMIN] == state.gold[PMIN] + 1
    with pytest.raises(IllegalAction):
        princesses.send(state, SIL, "cracovia", seats(use="clergy"), random.Random(0))  # a People card


def test_lady_of_the_court_two_cards():
    """Lady of the Court: "At the beginning of the Round, the player's Princess grants them 1 additional Court or
    Neighbor Card in their own Capital. In another player's Capital, it forces them to discard 1 additional card.\""""
    state = tiles.setup_market(fresh(), random.Random(1))
    lady = tiles.tile_id("lady_of_the_court")
    state.stacks["gray"].remove(lady) if lady in state.stacks["gray"] else state.market.remove(lady)
    state.tiles[PM].append(lady)
    out = princesses.send(state, PM, "poznania", seats(), random.Random(0))
    assert political(out, PM) == 2
    victim = scenario.give_cards(state, PMIN, "court.clergy", 3)
    out = princesses.send(victim, PM, "cracovia", seats(), random.Random(0))
    assert political(out, PMIN) == 1


def test_one_princess_per_area_and_no_repeat():
    """ "Only 1 Princess can occupy 1 area at a time." "A Princess cannot be sent to the same area twice in a
    row.\""""
    state = fresh()
    state, _ = princesses.missions(state, seats(areas={PMIN: "rus_duchies"}), random.Random(0))
    assert state.princesses[PMIN] == "rus_duchies"  # the Princeps sends first
    assert "rus_duchies" not in princesses.options(state, MAS)
    with pytest.raises(IllegalAction):
        princesses.missions(fresh(), seats(areas={MAS: "rus_duchies", PMIN: "rus_duchies"}), random.Random(0))
    state.round = 3  # a new Period: the old Princesses leave, the new ones go elsewhere
    assert "rus_duchies" not in princesses.options(state, PMIN)
    again, _ = princesses.round_start(state, seats(), random.Random(0))
    assert again.princesses[PMIN] != "rus_duchies" and len(again.princesses) == 4
    assert violations(again) == []
    with pytest.raises(IllegalAction, match="cannot be sent"):
        princesses.round_start(state, seats(areas={PMIN: "rus_duchies"}), random.Random(0))
    lenient, illegal = princesses.round_start(state, seats(areas={PMIN: "rus_duchies"}), random.Random(0), False)
    assert illegal == 1 and lenient.princesses[PMIN] != "rus_duchies"


def test_missions_only_at_the_start_of_a_period():
    """ "At the beginning of each Period, after turn order is determined, players send their Princesses on
    missions"; "At the end of a Period, Princesses are removed from the Map"."""
    state = fresh()
    for rnd, sends in ((1, True), (2, False), (3, True), (4, False), (5, True), (6, False)):
        state.round = rnd
        state.princesses = {}
        out, _ = princesses.round_start(state, seats(), random.Random(0))
        assert bool(out.princesses) == sends


def test_removal_by_battle_takeover_and_devastation():
    """ "If foreign units (or the player's own units in the case of a sabotaging Princess) win a battle on the land
    occupied by a Princess, or if the land is taken over or devastated, the Princess is removed from the Map.\""""
    state = fresh()
    state.princesses = {PMIN: "cracovia", SIL: "plocium"}
    state.princess_last = dict(state.princesses)
    princesses_after = state.copy()
    princesses.after_battle(princesses_after, "cracovia", PMIN)  # she stays when her own side wins at home
    assert PMIN in princesses_after.princesses
    princesses.after_battle(princesses_after, "cracovia", SIL)
    assert PMIN not in princesses_after.princesses
    princesses.after_battle(princesses_after, "plocium", MAS)  # a saboteur goes when the host wins, too
    assert SIL not in princesses_after.princesses
    taken = scenario.clear(state, "cracovia", PMIN)
    taken = scenario.place(taken, "cracovia", SIL, footman=1)
    swept = princesses.sweep(taken)
    assert PMIN not in swept.princesses and SIL in swept.princesses
    assert princesses.sweep(state) is state
    ravaged = state.copy()
    devastate(ravaged, "plocium")
    assert SIL not in ravaged.princesses


def test_a_battle_on_her_land_removes_her():
    state = fresh()
    state.princesses = {SIL: "plocium"}
    state.princess_last = dict(state.princesses)
    state = scenario.place(state, "plocium", PM, knight=1)
    out, _ = battles.battle(state, "plocium", PM, random.Random(3))
    assert SIL not in out.princesses  # whoever won, a sabotaging Princess goes


def test_princess_counts_as_a_unit_for_division():
    """Division: "a land of another player that has no units (in this case, a Princess counts as a unit)"."""
    state = scenario.clear(fresh(), "cracovia", PMIN)
    assert "cracovia" in division.candidates(state, SIL)
    state.princesses = {PM: "cracovia"}
    assert "cracovia" not in division.candidates(state, SIL)


def test_neighbor_immunity_hook():
    """ "A player with their Princess on a Neighbor's area cannot be invaded by that Neighbor's units ... cannot end
    their movement on lands controlled by the player protected by the Princess.\""""
    state = fresh()
    state.princesses = {SIL: "german_marches"}
    assert princesses.immune(state, SIL, "german_marches") and not princesses.immune(state, SIL, "rus_duchies")
    assert "vratislavia" in princesses.protected_lands(state, "german_marches")
    assert not princesses.protected_lands(state, "rus_duchies")
    neighbors = pytest.importorskip("sim.games.principes.game.neighbors")
    assert not neighbors.may_end(state, "german_marches", "vratislavia", PM)
    assert neighbors.may_end(state, "kingdom_of_bohemia", "vratislavia", PM)


# --- conformance ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(16))
def test_random_legal_games_with_every_option_finish_and_keep_the_invariants(seed):
    """Random-legal play with the printed tiles, Court texts, Princesses and History (and Neighbors when present)
    always ends, no decision is rejected, and every invariant holds after every action and every History step."""
    variants = {"tiles", "court", "princesses"}
    if seed % 2:
        variants.add("neighbors")
    checked = []

    def check(state, *_):
        assert violations(state) == [], (seed, state.round)
        checked.append(1)

    players = {p: RandomLegal(court_share=0.5) for p in SEATS}
    rec = driver.play_game(
        players,
        random.Random(seed),
        strict=True,
        history=True,
        variants=frozenset(variants),
        on_action=check,
        on_history=check,
    )
    assert rec.illegal == 0 and rec.win_type in driver.WIN_TYPES and len(checked) >= rec.actions
    assert any(rec.final.tiles.values())  # tiles were taken
    assert rec.final.princess_last  # Princesses were sent


@pytest.mark.parametrize("seed", range(2))
def test_scripted_games_with_every_option(seed):
    from strategies.principes import make, resolve

    plans = [make(*resolve(name)[1:]) for name in ("builder", "conqueror", "politician", "random")]
    rec = driver.play_game(
        dict(zip(SEATS, plans, strict=True)),
        random.Random(seed),
        strict=True,
        history=True,
        variants=frozenset({"tiles", "court", "princesses"}),
        on_action=lambda s, *_: violations(s) == [] or pytest.fail(str(violations(s))),
    )
    assert rec.illegal == 0


# --- Court Cards (court: true) --------------------------------------------------------------------------------


def test_court_text_effect_is_switched_and_gives_2_gold():
    """Court Cards: "the card's text effect can be used when the card is played in accordance with the indication
    on the white bar"; the texts are not printed, so the assumed generic effect is 2 gold before an own action."""
    from sim.games.principes.game import court

    state = scenario.give_cards(initial_state(), PM, "court.people", 2)
    with pytest.raises(IllegalAction, match="switched off"):
        court.play_text(state, PM, "court.people")
    state.variants = frozenset({"court"})
    out = court.play_text(state, PM, "court.people")
    assert out.gold[PM] == state.gold[PM] + 2 and out.hands[PM] == {"court.people": 1} and violations(out) == []
    with pytest.raises(IllegalAction):
        court.play_text(state, PM, "battle.sword")

    class Player(Strategy):
        def court_texts(self, state, me, action, rng):
            return ["court.people"] if action == "building" else []

    out = driver.perform(state, PM, "building", {PM: Player()}, random.Random(0))
    assert out.gold[PM] == state.gold[PM] + 2  # played before the (empty) Building Action
    assert driver.perform(state, PM, "taxes", {PM: Player()}, random.Random(0)).gold[PM] == state.gold[PM]
