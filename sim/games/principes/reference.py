"""A plain-Python Principes battle, written straight from the Battle Order with figures and Wound Tokens.

It shares no code with the kernels: the tests use it as an independent check of the compiled tables, and
``make bench`` times its Monte Carlo loop as the plain-Python baseline. Unit swords, toughness and damage order,
the cards a side may play per unit and who commits cards first come from the battle rules (``rules.yaml``
compiled by ``sim.games.principes.rules``): every function takes them as ``rules`` (default: the bundled file).
"""

from __future__ import annotations

import functools
import itertools
import random
from dataclasses import dataclass

from sim.config import load_rules
from sim.games.principes.rules import PrincipesRules, compile_rules


@functools.lru_cache(maxsize=1)
def bundled_rules() -> PrincipesRules:
    """configs/principes/rules.yaml as it is on disk."""
    return compile_rules(load_rules("principes"))


@dataclass
class Figure:
    kind: str
    wounds: int = 0
    toppled: bool = False


def army(units: dict[str, int], rules: PrincipesRules | None = None) -> list[Figure]:
    """The figures in damage order (rules.yaml ``units.<kind>.damage_order``: infantry, cavalry, Princes)."""
    rules = rules or bundled_rules()
    return [Figure(u.name) for u in rules.units for _ in range(units.get(u.name, 0))]


def assign_damage(figures: list[Figure], damage: int, rules: PrincipesRules | None = None) -> int:
    """Tip figures one by one in damage order; a figure hit fewer times than its toughness gets Wound Tokens.
    Returns excess damage."""
    rules = rules or bundled_rules()
    for fig in figures:
        while damage > 0 and not fig.toppled:
            fig.wounds += 1
            damage -= 1
            fig.toppled = fig.wounds >= rules.toughness[fig.kind]
    return damage


def winner(attacker: list[Figure], defender: list[Figure]) -> str:
    a_top = sum(f.toppled for f in attacker)
    d_top = sum(f.toppled for f in defender)
    if d_top == len(defender) and a_top < len(attacker):
        return "attacker"
    if a_top == len(attacker):
        return "defender"  # annihilated, or both annihilated (the defender wins)
    return "attacker" if d_top > a_top else "defender"


def fight(att_units, def_units, att_swords_extra, att_shields, def_swords_extra, def_shields, rules=None):
    """Phases 3-5 from totals: returns (winner, attacker figures, defender figures)."""
    rules = rules or bundled_rules()
    attacker, defender = army(att_units, rules), army(def_units, rules)
    att_swords = sum(rules.swords[f.kind] for f in attacker) + att_swords_extra
    def_swords = sum(rules.swords[f.kind] for f in defender) + def_swords_extra
    assign_damage(defender, max(0, att_swords - def_shields), rules)
    assign_damage(attacker, max(0, def_swords - att_shields), rules)
    return winner(attacker, defender), attacker, defender


def card_plays(hand: dict[str, int], limit: int):
    """Every set of cards a side can play, each card used one way: yields (swords, shields, cards)."""
    cards = ["sword"] * hand.get("sword", 0) + ["shield"] * hand.get("shield", 0) + ["either"] * hand.get("either", 0)
    seen = set()
    for k in range(min(limit, len(cards)) + 1):
        for chosen in itertools.combinations(cards, k):
            eithers = chosen.count("either")
            for as_sword in range(eithers + 1):
                play = (chosen.count("sword") + as_sword, chosen.count("shield") + eithers - as_sword, k)
                if play not in seen:
                    seen.add(play)
                    yield play


def play_cards(att_units, def_units, base, att_hand, def_hand, rules=None):
    """Phase 4 by brute force: the side that commits second answers each play of the other (rules.yaml
    ``cards.attacker_first``: the attacker commits first); both win first, then spend least, then lose least,
    then topple most. ``base`` = (att swords extra, att shields, def swords extra, def shields); each side plays
    at most ``cards.per_unit_limit`` cards per unit it has in the battle."""
    rules = rules or bundled_rules()

    def outcome(a_play, d_play):
        w, att, dfn = fight(
            att_units,
            def_units,
            base[0] + a_play[0],
            base[1] + a_play[1],
            base[2] + d_play[0],
            base[3] + d_play[1],
            rules,
        )
        return w, sum(f.toppled for f in att), sum(f.toppled for f in dfn)

    def attacker_key(w, a_play, a_top, d_top):
        return (w == "attacker", -a_play[2], -a_top, d_top)

    def defender_key(w, d_play, a_top, d_top):
        return (w == "defender", -d_play[2], -d_top, a_top)

    limit_a = rules.cards_per_unit * sum(att_units.values())
    limit_d = rules.cards_per_unit * sum(def_units.values())
    best = None
    if rules.attacker_first:
        for a_play in card_plays(att_hand, limit_a):
            answers = []
            for d_play in card_plays(def_hand, limit_d):
                w, a_top, d_top = outcome(a_play, d_play)
                answers.append((defender_key(w, d_play, a_top, d_top), d_play))
            d_play = max(answers, key=lambda x: x[0])[1]
            w, a_top, d_top = outcome(a_play, d_play)
            key = attacker_key(w, a_play, a_top, d_top)
            if best is None or key > best[0]:
                best = (key, a_play, d_play)
        return best[1], best[2]
    for d_play in card_plays(def_hand, limit_d):  # the defender commits first, the attacker answers
        answers = []
        for a_play in card_plays(att_hand, limit_a):
            w, a_top, d_top = outcome(a_play, d_play)
            answers.append((attacker_key(w, a_play, a_top, d_top), a_play))
        a_play = max(answers, key=lambda x: x[0])[1]
        w, a_top, d_top = outcome(a_play, d_play)
        key = defender_key(w, d_play, a_top, d_top)
        if best is None or key > best[0]:
            best = (key, a_play, d_play)
    return best[1], best[2]


def monte_carlo(att_units, def_units, site_shields, faces, trials, seed=0, rules=None):
    """The plain-Python baseline: roll, count, topple, decide; no cards or die choices.

    Returns (attacker wins, attacker units lost, defender units lost) summed over the trials."""
    rules = rules or bundled_rules()
    rng = random.Random(seed)
    wins = lost_a = lost_d = 0
    for _ in range(trials):
        fa, fd = rng.choice(faces), rng.choice(faces)
        w, att, dfn = fight(
            att_units, def_units, fa == "sword", fa == "shield", fd == "sword", site_shields + (fd == "shield"), rules
        )
        wins += w == "attacker"
        lost_a += sum(f.toppled for f in att)
        lost_d += sum(f.toppled for f in dfn)
    return wins, lost_a, lost_d
