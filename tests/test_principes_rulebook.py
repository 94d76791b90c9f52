"""The rulebook's worked battle (Battle Order, pp. 18-19): Silesia (attacker) against Polonia Minor's City.

Which armies make the printed numbers consistent?
- "Silesia (yellow) has a total of 5 swords: 4 from its units and 1 from the dice roll" and Polonia Minor's
  4 swords are "exactly enough to topple all of them": Silesia's units have 4 swords and 4 toughness.
  After the continuation Silesia's Knight "is now only wounded" and Polonia Minor "toppled more": that
  holds for 1 Knight + 2 Footmen (3 damage → both Footmen toppled, Knight wounded), not for 2 Knights
  (3 damage → 1 toppled, a 1-1 tie).
- Polonia Minor's 2 damage topple "a Footman" and wound "a Knight", so it has exactly one Footman before
  its Knight; its 3 shields are its die and its City, so its die is a shield. Its "4 swords" then cannot all
  come from units (Footman + Knight = 3; one more unit makes 5 or changes the damage order). The reading
  under which every number holds: 1 Footman + 1 Knight plus 1 sword from a Before Battle card, which
  sim models as ``defender_bonus: {swords: 1}``.
"""


from sim.config import load_rules
from sim.games.principes import battle as b
from sim.games.principes import reference as ref
from sim.games.principes.kernel import ATT_ANNIHILATES, DEF_ANNIHILATES, DEF_HOLDS, damage, outcome_kind
from sim.games.principes.rules import SHIELD, SWORD

SILESIA = {"knight": 1, "footman": 2}
POLONIA_MINOR = {"knight": 1, "footman": 1}


def compiled(**extra):
    rules = load_rules("principes")
    raw = {"attacker": SILESIA, "defender": POLONIA_MINOR, "site": "city", "defender_bonus": {"swords": 1}, **extra}
    return b.compile(rules, b.scenario_from_dict(raw, "test", rules))


def state(p, att_extra_swords=0, att_shields=0, def_shields=0):
    """Units toppled on each side when Silesia rolled a sword and Polonia Minor a shield, plus card symbols."""
    to_def = damage(p.base[0] + 1 + att_extra_swords, p.base[3] + 1 + def_shields)
    to_att = damage(p.base[2], p.base[1] + att_shields)
    return to_def, to_att, p.top_d[min(to_def, len(p.top_d) - 1)], p.top_a[min(to_att, len(p.top_a) - 1)]


def test_initial_casualty_count():
    """'Silesia has a total of 5 swords ... Polonia Minor has a total of 3 shields ... take 2 damage: the first is
    assigned to a Footman (who is toppled), and the second to a Knight (who is wounded).'"""
    p = compiled()
    assert p.base[0] + 1 == 5  # 4 from units, 1 from the die
    assert p.base[3] + 1 == 3  # 2 from the City, 1 from the die
    to_def, to_att, d_top, a_top = state(p)
    assert to_def == 2 and d_top == 1
    figures = ref.army(POLONIA_MINOR)
    ref.assign_damage(figures, 2)
    assert [(f.kind, f.toppled, f.wounds) for f in figures] == [("footman", True, 1), ("knight", False, 1)]
    # 'Polonia Minor has 4 swords while Silesia has no shields, meaning 4 damage ... exactly enough to topple all'
    assert to_att == 4 and a_top == 3
    assert outcome_kind(a_top, d_top, p.n_a, p.n_d) == DEF_ANNIHILATES


def test_first_continuation_silesia_plays_a_sword_and_a_shield():
    """'they decide to sacrifice 2 Battle Cards to gain an extra sword and shield. As a result, they topple
    Polonia Minor's wounded Knight while simultaneously raising their own, which is now only wounded.'"""
    p = compiled()
    to_def, to_att, d_top, a_top = state(p, att_extra_swords=1, att_shields=1)
    assert (to_def, d_top) == (3, 2)  # the wounded Knight is toppled too
    assert (to_att, a_top) == (3, 2)  # both Footmen toppled; the Knight only wounded
    figures = ref.army(SILESIA)
    ref.assign_damage(figures, 3)
    assert [(f.kind, f.toppled) for f in figures] == [("footman", True), ("footman", True), ("knight", False)]
    assert figures[2].wounds == 1
    assert outcome_kind(a_top, d_top, p.n_a, p.n_d) == ATT_ANNIHILATES


def test_second_continuation_and_resolution():
    """'Polonia Minor plays a card with a choice of symbols and opts for a shield. This allows them to raise their
    Knight back.' Then: 'the battle is won by Polonia Minor, as they have toppled more of the opponent's units.'"""
    p = compiled()
    to_def, to_att, d_top, a_top = state(p, att_extra_swords=1, att_shields=1, def_shields=1)
    assert (to_def, d_top) == (2, 1)
    assert (to_att, a_top) == (3, 2)
    assert outcome_kind(a_top, d_top, p.n_a, p.n_d) == DEF_HOLDS
    w, _, _ = ref.fight(SILESIA, POLONIA_MINOR, 1 + 1, 1, 1, 2 + 1 + 1)
    assert w == "defender"


def test_card_solver_answers_like_polonia_minor():
    """With Silesia's two cards against Polonia Minor's 'either' card, Polonia Minor's answer to the sword and
    shield is the shield, and Silesia cannot win, so optimal Silesia keeps its cards (fewest cards spent)."""
    p = compiled(attacker_cards={"sword": 1, "shield": 1}, defender_cards={"either": 1})
    a_play, d_play = ref.play_cards(SILESIA, POLONIA_MINOR, (1, 0, 1, 3), {"sword": 1, "shield": 1}, {"either": 1})
    assert a_play[2] == 0 and d_play[2] == 0
    assert list(p.play[SWORD, SHIELD]) == [0, 0, 0, 0]
    assert p.outcome[SWORD, SHIELD, 0] == DEF_ANNIHILATES
    # had Silesia played both cards, the 'either' card wins as a shield or as a sword (both sides annihilated);
    # the shield keeps Polonia Minor's Knight standing, so it is the better answer, as in the book
    wins = {}
    for d in ref.card_plays({"either": 1}, 2):
        w, _, defender = ref.fight(SILESIA, POLONIA_MINOR, 2, 1, 1 + d[0], 3 + d[1])
        if w == "defender":
            wins[d] = sum(f.toppled for f in defender)
    assert wins == {(0, 1, 1): 1, (1, 0, 1): 2}


def test_defender_bonus_gord_city_castle_pomerania():
    """'A Gord ... guarantees the defender 1 additional shield ... A City guarantees 2 shields'; a Castle gives +2;
    'Western Pomerania contains 2 Gords/Cities ... the defender will receive a bonus for both'."""
    rules = load_rules("principes")
    shields = {}
    for site, settlements, castle in [
        ("gord", 1, False),
        ("city", 1, False),
        ("city", 1, True),
        ("gord", 2, False),
        ("city", 2, True),
    ]:
        raw = {
            "attacker": {"knight": 1},
            "defender": {"footman": 1},
            "site": site,
            "settlements": settlements,
            "castle": castle,
        }
        shields[(site, settlements, castle)] = int(b.compile(rules, b.scenario_from_dict(raw, "t", rules)).base[3])
    assert shields == {
        ("gord", 1, False): 1,
        ("city", 1, False): 2,
        ("city", 1, True): 4,
        ("gord", 2, False): 2,
        ("city", 2, True): 6,
    }
