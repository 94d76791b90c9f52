"""Simplified battles (Battles – Simplified Rules, p. 21): compare Effectiveness, then three hit rounds.

Deterministic for fixed armies. The only chance is which tokens fight when the defender is in Loose
Columns: the attacker (the active Force) picks them blindly, so every subset is equally likely.
"""

from __future__ import annotations

import math
from dataclasses import replace

from sim.games.hussars.aftermath import describe_promotion, promotion
from sim.games.hussars.army import Army, Token, subsets
from sim.games.hussars.outcome import ATTACKER, DEFENDER, NOBODY, Outcome
from sim.games.hussars.rules import HussarsRules
from sim.games.hussars.scenario import Conditions


def token_effectiveness(rules: HussarsRules, token: Token, role: str = "field") -> float:
    """``role``: field | besieging | walls (the simplified siege table)."""
    kind = rules.units[token.unit]
    simple = rules.values["simplified"]
    if kind.kind == "artillery" and token.wounded and not simple["wounded_artillery_fights"]:
        return 0.0
    if role == "field":
        return kind.eff(token.veteran)
    column = 0 if role == "besieging" else 1
    table = simple["siege_effectiveness"]
    base = table[kind.kind][column]
    # Pancerni and Hussars exist only as veterans; the ★ bonus is for units that were promoted
    promoted = token.veteran and kind.exists(False)
    return base + (table["veteran_bonus"][column] if promoted else 0)


def effectiveness(rules: HussarsRules, army: Army, role: str = "field") -> float:
    return sum(token_effectiveness(rules, t, role) for t in army)


def toughness(rules: HussarsRules, token: Token) -> int:
    return rules.units[token.unit].toughness[int(token.wounded)]


def fighting_tokens(rules: HussarsRules, army: Army) -> int:
    """Tokens that fight (wounded Artillery does not), the base of the winner's hits."""
    return sum(1 for t in army if token_effectiveness(rules, t) > 0 or rules.units[t.unit].kind != "artillery")


def allocate_hits(rules: HussarsRules, army: Army, hits: int) -> tuple[Army, int]:
    """Hit rounds: lowest Toughness first, one hit per token per round, Artillery safe in the early rounds.

    Among equal Toughness the opponent (who assigns) hits the most effective token first, then a wounded one.
    Returns (army after, tokens destroyed); hits left after the last round are lost.
    """
    simple = rules.values["simplified"]
    alive = list(army)
    destroyed = 0
    for round_no in range(1, int(simple["hit_rounds"]) + 1):
        if hits <= 0:
            break
        safe = round_no <= simple["artillery_safe_rounds"]
        order = sorted(
            (i for i, t in enumerate(alive) if not (safe and rules.units[t.unit].kind == "artillery")),
            key=lambda i: (toughness(rules, alive[i]), -token_effectiveness(rules, alive[i]), not alive[i].wounded),
        )
        targets = set(order[:hits])
        hits -= len(targets)
        after = []
        for i, t in enumerate(alive):
            if i not in targets:
                after.append(t)
            elif t.wounded:
                destroyed += 1
            else:
                after.append(Token(t.unit, t.veteran, True))
        alive = after
    return tuple(sorted(alive)), destroyed


def _strongest(rules: HussarsRules, army: Army, k: int) -> tuple[Army, Army]:
    order = sorted(army, key=lambda t: (-token_effectiveness(rules, t), t.wounded, t))
    return tuple(sorted(order[:k])), tuple(sorted(order[k:]))


def _fighting_choices(rules: HussarsRules, army: Army, loose: bool, own: bool) -> list[tuple[float, Army, Army]]:
    """(probability, fighting, idle). In Loose Columns half the tokens (rounded up) fight: the attacker picks
    its own strongest; it picks the defender's blindly (uniformly at random)."""
    if not loose:
        return [(1.0, army, ())]
    k = math.ceil(len(army) * rules.values["simplified"]["loose_columns_fighting_fraction"])
    if own:
        fighting, idle = _strongest(rules, army, k)
        return [(1.0, fighting, idle)]
    return subsets(army, k)


def _clash(rules: HussarsRules, att: Army, att_idle: Army, dfd: Army, dfd_idle: Army, cond: Conditions,
           tie_winner: int = NOBODY) -> Outcome:
    surrender = cond.fortress and cond.famine >= rules.values["famine"]["surrender_markers"]
    if surrender:  # Sieges – famine: the besieged troops surrender and are destroyed when attacked
        return Outcome(ATTACKER, att + att_idle, (), 0, len(dfd) + len(dfd_idle), label="surrender")
    roles = ("besieging", "walls") if cond.siege else ("field", "field")
    eff_a, eff_d = effectiveness(rules, att, roles[0]), effectiveness(rules, dfd, roles[1])
    fraction = rules.values["simplified"]["winner_hits_fraction"]
    hits_on_a = math.ceil(fighting_tokens(rules, dfd) * fraction)
    hits_on_d = math.ceil(fighting_tokens(rules, att) * fraction)
    if cond.siege:
        hits_on_d = max(0, hits_on_d - rules.values["fortress"][f"level_{cond.fortress}"]["wall_hit_reduction"])
    a_after, a_lost = allocate_hits(rules, att, hits_on_a)
    d_after, d_lost = allocate_hits(rules, dfd, hits_on_d)
    if eff_a == eff_d and tie_winner != NOBODY:  # simplified.tie: turn_order (a battle inside the game)
        eff_a, eff_d = (1.0, 0.0) if tie_winner == ATTACKER else (0.0, 1.0)
    if eff_a > eff_d:  # the loser is destroyed, idle (Loose Columns 2nd-Line) tokens included
        return Outcome(ATTACKER, tuple(sorted(a_after + att_idle)), (), a_lost, len(dfd) + len(dfd_idle),
                       (hits_on_d, hits_on_a))
    if eff_d > eff_a:
        return Outcome(DEFENDER, (), tuple(sorted(d_after + dfd_idle)), len(att) + len(att_idle), d_lost,
                       (hits_on_d, hits_on_a))
    return Outcome(NOBODY, tuple(sorted(a_after + att_idle)), tuple(sorted(d_after + dfd_idle)), a_lost, d_lost,
                   (hits_on_d, hits_on_a), label="tie")


def _with_promotions(rules: HussarsRules, outcome: Outcome, fighting: tuple[Army, Army]) -> Outcome:
    """Each side may promote one surviving unit that fought (all fighting types took part)."""
    if outcome.label == "surrender":
        return outcome
    after = (outcome.attacker_after, outcome.defender_after)
    promoted = tuple(describe_promotion(promotion(rules, after[i], {t.unit for t in fighting[i]})) for i in range(2))
    return replace(outcome, promoted=promoted)


def fighting_split(rules: HussarsRules, army: Army, loose: bool) -> tuple[Army, Army]:
    """(fighting, idle) of an army that picks its own fighting half in Loose Columns (its strongest tokens)."""
    if not loose:
        return army, ()
    k = math.ceil(len(army) * rules.values["simplified"]["loose_columns_fighting_fraction"])
    return _strongest(rules, army, k)


def clash_given(rules: HussarsRules, att: Army, att_idle: Army, dfd: Army, dfd_idle: Army, cond: Conditions,
                tie_winner: int = NOBODY) -> Outcome:
    """One simplified battle with the fighting tokens already chosen (a battle inside the game samples the blind
    pick itself); ``tie_winner`` decides a tie when the rules read ties by the Turn Order Track."""
    outcome = _clash(rules, att, att_idle, dfd, dfd_idle, cond, tie_winner)
    return _with_promotions(rules, outcome, (att, dfd))


def resolve(rules: HussarsRules, attacker: Army, defender: Army, cond: Conditions) -> list[tuple[float, Outcome]]:
    """Every outcome of a simplified battle with its probability (one outcome unless the defender is loose)."""
    # a besieger attacks with its whole army; a garrison never enters Loose Columns
    att_loose = cond.loose[0] and not cond.siege
    dfd_loose = cond.loose[1] and not cond.fortress
    out = []
    for pa, att, att_idle in _fighting_choices(rules, attacker, att_loose, own=True):
        for pd, dfd, dfd_idle in _fighting_choices(rules, defender, dfd_loose, own=False):
            outcome = _clash(rules, att, att_idle, dfd, dfd_idle, cond)
            out.append((pa * pd, _with_promotions(rules, outcome, (att, dfd))))
    return out
