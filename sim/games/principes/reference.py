"""A plain-Python Principes battle, written straight from the Battle Order with figures and Wound Tokens.

It shares no code with the kernels: the tests use it as an independent check of the compiled tables, and
``make bench`` times its Monte Carlo loop as the plain-Python baseline.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass

SWORDS = {"footman": 1, "knight": 2, "prince": 2}
ORDER = ("footman", "knight", "prince")  # infantry, then cavalry (excluding Princes), finally Princes


@dataclass
class Figure:
    kind: str
    wounds: int = 0
    toppled: bool = False


def army(units: dict[str, int]) -> list[Figure]:
    return [Figure(kind) for kind in ORDER for _ in range(units.get(kind, 0))]


def assign_damage(figures: list[Figure], damage: int) -> int:
    """Tip figures one by one in damage order; a cavalry unit hit once gets a Wound Token. Returns excess damage."""
    for fig in figures:
        while damage > 0 and not fig.toppled:
            fig.wounds += 1
            damage -= 1
            fig.toppled = fig.wounds >= SWORDS[fig.kind]
    return damage


def winner(attacker: list[Figure], defender: list[Figure]) -> str:
    a_top = sum(f.toppled for f in attacker)
    d_top = sum(f.toppled for f in defender)
    if d_top == len(defender) and a_top < len(attacker):
        return "attacker"
    if a_top == len(attacker):
        return "defender"  # annihilated, or both annihilated (the defender wins)
    return "attacker" if d_top > a_top else "defender"


def fight(att_units, def_units, att_swords_extra, att_shields, def_swords_extra, def_shields):
    """Phases 3-5 from totals: returns (winner, attacker figures, defender figures)."""
    attacker, defender = army(att_units), army(def_units)
    att_swords = sum(SWORDS[f.kind] for f in attacker) + att_swords_extra
    def_swords = sum(SWORDS[f.kind] for f in defender) + def_swords_extra
    assign_damage(defender, max(0, att_swords - def_shields))
    assign_damage(attacker, max(0, def_swords - att_shields))
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


def play_cards(att_units, def_units, base, att_hand, def_hand):
    """Phase 4 by brute force: the defender answers each attacker play; both win first, then spend least,
    then lose least, then topple most. ``base`` = (att swords extra, att shields, def swords extra, def shields)."""

    def outcome(a_play, d_play):
        w, att, dfn = fight(
            att_units, def_units, base[0] + a_play[0], base[1] + a_play[1], base[2] + d_play[0], base[3] + d_play[1]
        )
        return w, sum(f.toppled for f in att), sum(f.toppled for f in dfn)

    n_a, n_d = sum(att_units.values()), sum(def_units.values())
    best = None
    for a_play in card_plays(att_hand, n_a):
        answers = []
        for d_play in card_plays(def_hand, n_d):
            w, a_top, d_top = outcome(a_play, d_play)
            answers.append(((w == "defender", -d_play[2], -d_top, a_top), d_play))
        d_play = max(answers, key=lambda x: x[0])[1]
        w, a_top, d_top = outcome(a_play, d_play)
        key = (w == "attacker", -a_play[2], -a_top, d_top)
        if best is None or key > best[0]:
            best = (key, a_play, d_play)
    return best[1], best[2]


def monte_carlo(att_units, def_units, site_shields, faces, trials, seed=0):
    """The plain-Python baseline: roll, count, topple, decide; no cards or die choices.

    Returns (attacker wins, attacker units lost, defender units lost) summed over the trials."""
    rng = random.Random(seed)
    wins = lost_a = lost_d = 0
    for _ in range(trials):
        fa, fd = rng.choice(faces), rng.choice(faces)
        w, att, dfn = fight(
            att_units, def_units, fa == "sword", fa == "shield", fd == "sword", site_shields + (fd == "shield")
        )
        wins += w == "attacker"
        lost_a += sum(f.toppled for f in att)
        lost_d += sum(f.toppled for f in dfn)
    return wins, lost_a, lost_d
