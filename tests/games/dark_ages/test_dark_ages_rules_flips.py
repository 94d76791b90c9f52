"""Every rules value read by both engines: each key of each Dark Ages rules file is flipped to a changed value the
loaders accept (``rules_flips``); then the compiled engine's tables change (it reads the value), both engines still
play the same games turn by turn on the same stream, and the games' results change (the change is visible). The
keys that cannot be flipped alone, that neither engine reads, or whose change these games do not reach are listed
below with the reason; any other key failing a check fails the test. ``make test`` flips a sample (and the
multi-key changes below); the full marker flips every key."""

from __future__ import annotations

from fnmatch import fnmatch

import numpy as np
import pytest

from tests.games.dark_ages import rules_flips as RF

# keys no single flip can change validly: names and ids, values other values must agree with (the loaders say so)
REFUSED = {
    "die.always_miss": "the rulebook's 'a final value of 1 is always a miss' (the loader requires 1)",
    "battle.phases": "the Battle Sequence's phase order (the loader requires volley, charge, melee)",
    "resources": "the four resources the rulebook names",
    "facts.*": "the rulebook's facts about the board and the cards, which the loaders check the files against",
    "provinces.*.name": "display names",
    "rulers.*.name": "display names",
    "titles.*.name": "display names",
    "regions.*.colour": "display colours",
    "provinces.*.borders": "borders are shared: a change needs both Provinces' lists (test_multi_key_changes)",
    "water_links.*": "a link's two ends must be known Provinces (a new pair is a new key)",
    "regions.*.provinces": "every Province is in exactly one Region",
    "provinces.*.players": "Titles, Capitals and Regions must agree with the player-count marks",
    "provinces.*.solo_blocked": "Titles and Rulers must agree with the solo icons",
    "provinces.*.resource": "the rulebook's production example fixes what Verona, Carinthia and Bavaria can build",
    "rulers.*.capital": "a Capital is a Province id (no generic change)",
    "rulers.*.starting_cards": "card ids, each owned by one Ruler",
    "rulers.*.module": "base or grand_buildings: the Rulers of a study",
    "titles.*.region": "a Title is the Title of its Region",
    "titles.*.provinces": "a Title's Region's Provinces",
    "titles.*.players": "at least its Provinces' marks",
    "setup.barbarian_tokens": "the token faces' counts must add up to it",
    "setup.farms": "one Farm track space per Farm (tracks.yaml farm_track.spaces)",
    "offer.slots": "base_access plus one per red space (test_multi_key_changes)",
    "offer.base_access": "offer.slots must grow with it (test_multi_key_changes)",
}
# keys neither engine reads in a game
NOT_READ = {
    **dict.fromkeys(
        ("provinces.*.borders", "regions.*.provinces", "water_links.*", "titles.*.provinces"),
        "the only valid single change reorders the list, which means the same",
    ),
    "facts.*": "the rulebook's facts the loaders check the files against (a reordered list says the same)",
    "battle.max_farms": "bounds of a sim battle scenario",
    "battle.max_keep": "bounds of a sim battle scenario",
    "battle.max_units_per_side": "bounds of a sim battle scenario",
    "rulers.*.players": "checked against the board; every Ruler is playable at 2 (noticed: no study filters by it)",
    "rulers.*.solo_restricted": "checked against the board; no Ruler carries the mark (noticed: not filtered)",
    "titles.*.solo_restricted": "checked against the board; no Title carries the mark (noticed: not filtered)",
}
# keys both engines read whose change these games do not reach (lockstep still checks them)
HIDDEN = {
    "battle.max_neighbour_keeps": "a cap of 24 Keep +1s never reached",
    "barbarians.skirmisher_tokens": "read only with Module 7 (test_fast_games plays it in lockstep)",
    "setup.cities": "games seldom run out of Cities",
    "rulers.marozia.settle_costs": "Module 3's Rulers are not in base games",
    "rulers.henry_the_fowler.settle_costs": "Module 3's Rulers are not in base games",
    "lordlings.grand_building_vp": "Module 3's cards are not in base games",
    "grand_building": "Module 3's cards are not in base games (both engines read them with Module 3 on)",
    "rulers.marozia.starting_cards": "Module 3's Rulers are not in base games",
    "rulers.henry_the_fowler.starting_cards": "Module 3's Rulers are not in base games",
    "lordlings.max_redraws": "a safety net never reached with 9 Lordling cards",
    "raiders.counterattack_gold_per_kill": "a Raid counterattack is rare in a few solo games",
    "raiders.counterattack_margin": "a Raid counterattack is rare in a few solo games",
}
SAMPLE = ("die.faces", "units.player.cavalry", "barbarians.trophy_vp_later", "costs.church", "gains.production",
          "culture_track.vp", "lordlings.research.vp", "raiders.upgrade_roll", "titles.kingdom_of_italy.vp",
          "rulers.tomislav.settle_costs")  # fmt: skip


def listed(key: str, table: dict) -> bool:
    return any(fnmatch(key, pattern) for pattern in table)


@pytest.fixture(scope="module")
def base():
    return RF.results({})


def check_key(key: str, value, base) -> str:
    kind, cand = RF.effect(key, value, base)
    if kind == "refused":
        assert listed(key, REFUSED), f"{key}: no valid change found and not listed in REFUSED"
    elif kind == "unread":
        assert listed(key, NOT_READ), f"{key} → {cand!r}: the compiled engine's tables ignore it"
    else:
        assert not listed(key, NOT_READ), f"{key} is read: remove it from NOT_READ"
        RF.lockstep({key: cand})
        if kind == "hidden":
            assert key in HIDDEN, f"{key} → {cand!r}: the games' results did not change"
        else:
            assert key not in HIDDEN, f"{key} is visible: remove it from HIDDEN"
    return kind


def test_a_sample_of_keys(base):
    entries = RF.entries()
    assert [check_key(k, entries[k], base) for k in SAMPLE] == ["visible"] * len(SAMPLE)


@pytest.mark.full
def test_every_key(base):
    kinds, failures = [], []
    for k, v in RF.entries().items():
        try:
            kinds.append(check_key(k, v, base))
        except AssertionError as err:
            failures.append(f"{k}: {str(err).splitlines()[0]}")
    assert not failures, "\n".join(failures)
    assert kinds.count("visible") > 150


@pytest.mark.parametrize("overrides", [
    {"board.provinces.saxony.borders": ["frisia", "lotharingia", "nordmark", "marca_geronis", "thuringia"],
     "board.provinces.franconia.borders": ["lotharingia", "thuringia", "swabia", "bavaria", "bohemia"]},
    {"offer.slots": 9, "offer.base_access": 2},
    {"culture_board.actions": ["manoeuvre", "development_of_culture", "research", "recruit", "build"]},
])  # fmt: skip
def test_multi_key_changes(overrides, base):
    """Changes that must move several values together (a shared border, the offer's size and its first cards,
    the Action cards' order): both engines play them alike, and the results change."""
    from sim.games.dark_ages.game.context import build_context

    build_context(overrides)
    assert RF.tables_changed(overrides)
    RF.lockstep(overrides)
    assert not np.array_equal(RF.results(overrides), base)
