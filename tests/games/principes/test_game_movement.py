"""Movement and battles on the map: movement points, stopping, taking control, battles, withdrawal, destruction."""

import random

import pytest

from sim.games.principes.game import battles, building, control, movement, scenario
from sim.games.principes.game.invariants import violations
from sim.games.principes.game.movement import Move
from sim.games.principes.game.setup import initial_state
from sim.games.principes.game.state import IllegalAction

PM, MAS, PMIN, SIL = "polonia_maior", "masovia", "polonia_minor", "silesia"


@pytest.fixture(scope="module")
def start():
    return initial_state()


def test_movement_points_cavalry_3_infantry_2(start):
    # "All cavalry units can move a maximum of 3 lands, while all foot units can move a maximum of 2 lands."
    movement.check_moves(start, PMIN, [Move("knight", ("cracovia", "wislicia", "kielcia", "radomia"))])
    with pytest.raises(IllegalAction, match="at most 2"):
        movement.check_moves(start, PMIN, [Move("footman", ("cracovia", "wislicia", "kielcia", "radomia"))])
    with pytest.raises(IllegalAction, match="not adjacent"):
        movement.check_moves(start, PMIN, [Move("knight", ("cracovia", "radomia"))])
    with pytest.raises(IllegalAction, match="has not 2"):
        movement.check_moves(start, PMIN, [Move("knight", ("cracovia", "wislicia"), n=2)])


def test_moving_units_stop_on_foreign_units(start):
    # "a player must stop their moving units on lands occupied by units of a different color (unless they are
    # allowed to pass through)" ... "Neutral factions ... cannot allow foreign units to pass through their lands."
    s = scenario.place(start, "naclum", PM, knight=1)
    path = ("naclum", "eastern_pomerania", "terra_culmensis")
    with pytest.raises(IllegalAction, match="eastern_pomerania"):
        movement.check_moves(s, PM, [Move("knight", path)], consent=frozenset({"eastern_pomerania"}))
    # a Princess is not modelled; Division Tokens "do not hinder movement"
    movement.check_moves(start, PMIN, [Move("knight", ("cracovia", "bitom", "opolia", "vratislavia"))])


def test_taking_an_empty_land_and_its_points(start):
    # "If a player ends their movement on a land with no units of another color, it falls under their control"
    # "If the taken land contains points (Might, People Support, Clergy Support), the positions on the tracks
    # should be immediately updated accordingly." Terra Lanciciensis gives a Clergy Support Point.
    s = scenario.place(start, "plocium", MAS, knight=0)
    after, reports = movement.move(s, MAS, [Move("knight", ("plocium", "terra_lanciciensis"))])
    assert reports == [] and control.controller(after, "terra_lanciciensis") == MAS
    assert after.clergy[MAS] == s.clergy[MAS] + 1 and control.might(after, MAS) == control.might(s, MAS) + 1
    back, _ = movement.move(after, MAS, [Move("knight", ("terra_lanciciensis", "plocium"))])
    assert back.clergy[MAS] == s.clergy[MAS] and control.controller(back, "terra_lanciciensis") is None
    assert violations(back) == []


def test_battle_won_takes_the_land_moves_people_and_draws_a_card(start):
    # 3 Knights against 1 Footman on a Gord: at most 2 damage comes back, so the attack always wins.
    s = scenario.place(start, "cracovia", PMIN, knight=2)
    s = scenario.place(s, "bitom", SIL, footman=1)
    s.division.discard("bitom")
    for seed in range(20):
        after, (report,) = movement.move(s, PMIN, [Move("knight", ("cracovia", "bitom"), n=3)], random.Random(seed))
        assert report.winner == PMIN and report.defender == SIL
        assert control.controller(after, "bitom") == PMIN
        # "The player who wins the battle gains 1 People Support Point" / "The player who loses ... loses 1"
        assert after.people[PMIN] == s.people[PMIN] + 1 and after.people[SIL] == s.people[SIL] - 1
        # "After a battle, players who fought in the battle draw 1 Battle Card"
        assert sum(after.hands[PMIN].values()) == 1 and sum(after.hands[SIL].values()) == 1
        assert after.clergy[PMIN] == s.clergy[PMIN] - 1  # ended inside Silesia on a land it did not control
        assert violations(after) == []


def test_loser_withdraws_to_an_adjacent_controlled_land(start):
    # "If the losing side has not lost all its units, it must withdraw any units that were not toppled during the
    # battle to a land it controls, adjacent to the land where the battle took place."
    s = building.build(start, PMIN, city="zarnovia", buildings=(("zarnovia", "castle"),))  # 4 shields
    s = scenario.place(s, "zarnovia", PMIN, knight=1, footman=3)
    s = scenario.clear(s, "plocium", MAS)
    s = scenario.place(s, "rava", MAS, knight=3, footman=1)
    attack = [Move("knight", ("rava", "zarnovia"), n=3), Move("footman", ("rava", "zarnovia"))]
    withdrew = set()
    for seed in range(60):
        after, (report,) = movement.move(s, MAS, attack, random.Random(seed))
        loser = MAS if report.winner == PMIN else PMIN
        involved = s.units_of("zarnovia", PMIN) if loser == PMIN else {"knight": 3, "footman": 1}
        survivors = sum(involved.values()) - sum(report.toppled[loser].values())
        refuge = "kielcia" if loser == PMIN else "rava"  # the first adjacent land the loser controls
        before = sum(s.units_of(refuge, loser).values()) if loser == PMIN else 0
        assert after.factions_on("zarnovia") == [report.winner]
        assert sum(after.units_of(refuge, loser).values()) == before + survivors
        withdrew |= {loser} if survivors else set()
        assert violations(after) == []
    assert withdrew == {MAS, PMIN}


def test_site_shields_count_each_settlement_and_the_castle(start):
    assert battles.site_shields(start, "western_pomerania") == 2  # "the defender will receive a bonus for both"
    s = building.build(start, PMIN, city="cracovia", buildings=(("cracovia", "castle"),))
    assert battles.site_shields(s, "cracovia") == 2 + 2  # a City 2 shields, a Castle +2


def test_pomerania_units_removed_after_losing_and_return_when_foreigners_leave(start):
    # "If Pomerania loses a battle on Pomerania, the units of Pomerania involved in the battle are removed from the
    # Map ... once all foreign units leave Pomerania, the previously removed Pomerania units immediately return"
    s = scenario.place(start, "naclum", PM, knight=2)
    s = scenario.place(s, "eastern_pomerania", "eastern_pomerania", footman=-2)  # 1 Knight left
    s = scenario.give_cards(s, PM, "battle.sword", 2)
    for seed in range(30):
        after, (report,) = movement.move(
            s, PM, [Move("knight", ("naclum", "eastern_pomerania"), n=2)], random.Random(seed)
        )
        if report.winner == PM:
            break
    else:
        pytest.fail("2 Knights with 2 sword cards never beat a lone Pomeranian Knight")
    assert after.units_of("eastern_pomerania", "eastern_pomerania") == {}
    assert after.pomerania_off["eastern_pomerania"] == {"knight": 1}
    assert control.controller(after, "eastern_pomerania") == PM
    standing = after.units_of("eastern_pomerania", PM)["knight"]
    gone, _ = movement.move(after, PM, [Move("knight", ("eastern_pomerania", "naclum"), n=standing)])
    assert gone.units_of("eastern_pomerania", "eastern_pomerania") == {"knight": 1}
    assert control.controller(gone, "eastern_pomerania") == "eastern_pomerania"


def test_destruction_costs_people_and_clergy(start):
    # "they may remove the City and Building Tokens from the taken land ... but in doing so, they lose 1 People
    # Support Point and 1 Clergy Support Point."
    s = building.build(start, MAS, city="vladislavia", buildings=(("vladislavia", "abbey"),))
    s = scenario.place(s, "gnesna", PM, knight=1)
    kept, _ = movement.move(s, PM, [Move("knight", ("gnesna", "cruswicia", "vladislavia"))])
    razed, _ = movement.move(
        s, PM, [Move("knight", ("gnesna", "cruswicia", "vladislavia"))], destroy=frozenset({"vladislavia"})
    )
    # taking the Abbey: Polonia Maior +1 Clergy, Masovia -1; both pay the clergy penalty for Masovian land
    assert kept.clergy[PM] == s.clergy[PM] - 1 + 1 and kept.clergy[MAS] == s.clergy[MAS] - 1
    assert "vladislavia" not in razed.buildings and razed.cities.get("vladislavia", 0) == 0
    assert razed.people[PM] == s.people[PM] - 1 and razed.clergy[PM] == s.clergy[PM] - 1 - 1
    assert razed.supply["abbey"] == s.supply["abbey"] + 1 and razed.supply["city"] == s.supply["city"] + 1
    assert control.might(razed, MAS) == control.might(s, MAS) - 2  # lost the City of Might 2


class ScriptedDice(random.Random):
    """Die rolls from a script (face indices into sword, sword, shield, shield, coin, blank), then a real stream."""

    def __init__(self, faces):
        super().__init__(0)
        self.faces = list(faces)

    def randrange(self, *args, **kwargs):
        return self.faces.pop(0) if self.faces else super().randrange(*args, **kwargs)


BLANK, SHIELD_FACE, SWORD_FACE = 5, 2, 0


def _knight_raid(start, attacker, land):
    """``attacker``'s Knight from Terra Siradiensis raids a lone Silesian Footman on Opolia's Gord."""
    s = scenario.place(start, "terra_siradiensis", attacker, knight=1)
    s = scenario.place(s, land, SIL, footman=1)
    s.division.discard(land)
    return s, [Move("knight", ("terra_siradiensis", land))]


def test_masovia_rerolls_a_losing_die(start):
    # "Masovia - With the Wind. ... The player may, in any battle they participate in (after the initial counting of
    # losses), reroll their Battle Die once."  Blank against shield: 2 swords - 2 shields = no damage, the Knight is
    # wounded, nobody is toppled and the tie goes to the defender; Masovia rerolls and hits.
    s, raid = _knight_raid(start, MAS, "opolia")
    _, (report,) = movement.move(s, MAS, raid, ScriptedDice([BLANK, SHIELD_FACE, SWORD_FACE]))
    assert report.dice == ("sword", "shield") and report.winner == MAS
    s, raid = _knight_raid(start, PMIN, "opolia")
    _, (report,) = movement.move(s, PMIN, raid, ScriptedDice([BLANK, SHIELD_FACE, SWORD_FACE]))
    assert report.dice == ("blank", "shield") and report.winner == SIL


def test_battle_cards_turn_the_battle_and_return_to_the_deck(start):
    # "When a card with a sword is played, the player gains an additional sword." ... "Battle Cards used in the fight
    # should be shuffled and placed face down at the bottom of the Battle Cards deck."
    s, raid = _knight_raid(start, PMIN, "opolia")
    s = scenario.give_cards(s, PMIN, "battle.sword", 1)
    after, (report,) = movement.move(s, PMIN, raid, ScriptedDice([BLANK, SHIELD_FACE]))
    assert report.cards_played[PMIN] == (1, 0, 1) and report.winner == PMIN
    assert after.hands[PMIN].get("battle.sword", 0) + after.decks["battle"]["sword"] == s.decks["battle"]["sword"] + 1
    assert sum(after.hands[PMIN].values()) == 1  # the card spent, one drawn after the battle
    assert violations(after) == []


def test_a_coin_loots_one_gold(start):
    # "If this happens, the side assigned to the die steals 1 gold from their opponent."
    s, raid = _knight_raid(start, PMIN, "opolia")
    after, (report,) = movement.move(s, PMIN, raid, ScriptedDice([4, BLANK]))
    assert report.dice == ("coin", "blank")
    assert after.gold[SIL] == s.gold[SIL] - 1 and after.gold[PMIN] == s.gold[PMIN] + 1
    assert after.clergy[PMIN] == s.clergy[PMIN] - 1  # the clergy penalty is paid in Clergy Support by default
