"""Full-rules battles (Battle Procedure – Full Rules, Special Tactics, Sieges): one clash per pair of tactics.

``clash(ctx, a, d)`` resolves one pair of revealed Tactic cards deterministically: stalemate, counters,
deployment into lines, damage per unit type (rounded up per type), the allocation queues, retreat and
panic, then the winner, spoils and captured Artillery. Inside a fortress clashes repeat until one side is
destroyed or retreats.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from sim.errors import ConfigError
from sim.games.hussars.aftermath import describe_promotion, promotion
from sim.games.hussars.army import Army, Token, subsets
from sim.games.hussars.damage import Fighter, allocate, round_damage
from sim.games.hussars.outcome import ATTACKER, DEFENDER, NOBODY, Outcome
from sim.games.hussars.rules import HussarsRules, Tactic
from sim.games.hussars.scenario import SIDES, Conditions

NONE = "none"  # a side with no legal card in hand plays nothing: it deals no damage and has no effects
RETREAT, CHARGE, TABOR, AMBUSH = "retreat", "charge", "tabor_wagon", "ambush"


@dataclass(frozen=True)
class Context:
    rules: HussarsRules
    armies: tuple[Army, Army]  # (attacker, defender)
    cond: Conditions
    picks: tuple = (None, None)  # per side, a given (fighting, idle) split for Loose Columns (blind picks)

    def loose_status(self, side: int) -> bool:
        """In Loose Columns (no Retreat). A besieger is in Loose Columns for the whole siege."""
        return self.cond.loose[side] or (side == 0 and self.cond.siege)

    def fights_by_half(self, side: int) -> bool:
        """Only half the tokens fight; a besieger attacks with all, a garrison never enters Loose Columns."""
        return self.cond.loose[side] and not self.cond.fortress


def _unit_eff(rules: HussarsRules, t: Token) -> float:
    return rules.units[t.unit].eff(t.veteran)


def active_tokens(ctx: Context, side: int) -> tuple[Army, Army]:
    """(fighting, idle). In Loose Columns half the tokens (rounded up) fight: a given pick, else the strongest."""
    army = ctx.armies[side]
    if ctx.picks[side] is not None:
        return ctx.picks[side]
    if not ctx.fights_by_half(side):
        return army, ()
    k = math.ceil(len(army) * ctx.rules.values["simplified"]["loose_columns_fighting_fraction"])
    order = sorted(army, key=lambda t: (-_unit_eff(ctx.rules, t), t.wounded, t))
    return tuple(order[:k]), tuple(order[k:])


def defender_types(ctx: Context) -> list[tuple[float, Context]]:
    """A defender in Loose Columns fights with half its tokens, picked blindly by the attacker (the active Force):
    every pick is equally likely and known only to the defender. Otherwise one type, the army as it is."""
    if not ctx.fights_by_half(1):
        return [(1.0, ctx)]
    army = ctx.armies[1]
    k = math.ceil(len(army) * ctx.rules.values["simplified"]["loose_columns_fighting_fraction"])
    return [(p, Context(ctx.rules, ctx.armies, ctx.cond, (ctx.picks[0], (picked, rest))))
            for p, picked, rest in subsets(army, k)]


def unit_rank(rules: HussarsRules, t: Token) -> int:
    return list(rules.units).index(t.unit) * 2 + int(t.veteran)


def _can_use(rules: HussarsRules, card: Tactic, tokens: Army) -> bool:
    """Combat Eligibility: the 1st Line needs one non-Artillery unit listed on the card."""
    return any(t.unit in card.damage and rules.units[t.unit].kind != "artillery" for t in tokens)


def illegal_reason(ctx: Context, side: int, name: str) -> str | None:
    """Why ``side`` may not play tactic ``name`` here, or None when it may."""
    rules, cond = ctx.rules, ctx.cond
    card = rules.tactics[name]
    fighting, _ = active_tokens(ctx, side)
    if card.fortress_level:
        if side != 1 or not cond.siege or cond.fortress != card.fortress_level:
            return f"only a garrison of a level-{card.fortress_level} fortress under siege may play it"
        return None if _can_use(rules, card, fighting) else "no unit of the garrison can use it"
    if card.needs_low_movement and cond.moved[side] > rules.values["tactic_movement_limit"]:
        return f"the army used more than {rules.values['tactic_movement_limit']} Movement Points"
    if name == RETREAT:
        if ctx.loose_status(side):
            return "an army in Loose Columns cannot retreat"
        if side == 1 and cond.siege:
            return "a besieged garrison cannot leave the fortress (Blockade)"
        return None
    if name == AMBUSH and len(ctx.armies[side]) > len(ctx.armies[1 - side]):
        return "the army has more tokens than the enemy"
    if not _can_use(rules, card, fighting):
        return "no fighting unit of the army is listed on the card"
    return None


def legal_tactics(ctx: Context, side: int, options: tuple[str, ...] | None = None, strict: bool = False,
                  source: str = "scenario") -> tuple[str, ...]:
    """The legal tactics among ``options`` (all cards when None). ``strict``: an illegal option is an error."""
    names = options if options is not None else tuple(ctx.rules.tactics)
    legal = []
    for name in names:
        if name not in ctx.rules.tactics:
            raise ConfigError(source, f"tactics.{SIDES[side]}", f"a tactic ({', '.join(ctx.rules.tactics)})", name)
        reason = illegal_reason(ctx, side, name)
        if reason is None:
            legal.append(name)
        elif strict and options is not None:
            raise ConfigError(source, f"tactics.{SIDES[side]}", f"a tactic allowed here ({name}: {reason})", name)
    return tuple(legal) or (NONE,)


def _fighters(ctx: Context, side: int, name: str, effective: bool, opponent: str) -> list[Fighter]:
    """Deploy: listed non-Artillery units in the 1st Line, the rest (and Artillery, and idle tokens) in the 2nd."""
    rules, cond = ctx.rules, ctx.cond
    fighting, idle = active_tokens(ctx, side)
    card = rules.tactics.get(name)
    out = []
    for active, tokens in ((True, fighting), (False, idle)):
        for t in tokens:
            kind = rules.units[t.unit]
            listed = card is not None and t.unit in card.damage
            line = 1 if active and listed and kind.kind != "artillery" else 2
            out.append(Fighter(t.unit, t.veteran, t.wounded, kind.toughness, kind.eff(t.veteran),
                               kind.kind == "artillery", line, 0, active, rank=unit_rank(rules, t)))
    wall = card is not None and card.fortress_level > 0
    if wall:  # only the garrison on the walls fights in the 1st Line (most damaging first)
        limit = rules.values["fortress"][f"level_{card.fortress_level}"]["max_on_walls"]
        first = sorted((f for f in out if f.line == 1), key=lambda f: (-card.damage.get(f.unit, 0), f.rank))
        for f in first[limit:]:
            f.line = 2
    if side == 0 and cond.siege and opponent in _wall_tactics(rules):  # the besieger's 2nd Line stays hidden
        for f in out:
            if f.line == 2 and not f.artillery:
                f.safe = True
    if effective and card is not None:
        _apply_toughness(ctx, side, card, opponent, out)
    return out


def _wall_tactics(rules: HussarsRules) -> set[str]:
    return {n for n, c in rules.tactics.items() if c.fortress_level}


def _apply_toughness(ctx: Context, side: int, card: Tactic, opponent: str, fighters: list[Fighter]) -> None:
    rules, cond = ctx.rules, ctx.cond
    for f in fighters:
        kind = rules.units[f.unit]
        f.mod += card.toughness.get(f.unit, 0) + card.toughness_all
        if card.name == CHARGE and opponent == TABOR:
            f.mod += card.toughness_vs_tabor.get(f.unit, 0)
        if card.name == AMBUSH and cond.forest and kind.kind == "infantry" and f.line == 1:
            f.mod += rules.values["tactics"][AMBUSH]["forest_infantry_toughness"]
        if card.name == RETREAT and opponent in rules.values["tactics"][RETREAT]["panic_against"]:
            panic = rules.values["tactics"][RETREAT]["panic_toughness"]
            if kind.moves(f.veteran) == 1:
                f.mod += panic.get(kind.kind, 0)
            elif rules.is_fast(f.unit, f.veteran):
                f.mod += panic.get("fast_cavalry", 0)
    for f in fighters:
        if f.current_toughness <= 0:  # "A unit reduced to 0 Toughness is destroyed."
            f.alive = False


def damage_dealt(ctx: Context, side: int, name: str, fighters: list[Fighter], enemy: list[Fighter]) -> int:
    """Total † of ``side`` playing ``name``: per type, units × († + bonuses), rounded up per type."""
    rules, cond = ctx.rules, ctx.cond
    card = rules.tactics[name]
    bonus_cond = 0
    if name == AMBUSH:
        enemy_loose = ctx.loose_status(1 - side) and not (side == 0 and cond.fortress)
        bonus_cond = sum([cond.forest, cond.river, not cond.peasants, cond.wasteland, enemy_loose])
    ambush = rules.values["tactics"][AMBUSH]
    famine = cond.famine * rules.values["famine"]["damage_per_marker"] if side == 1 else 0
    per_type: dict[str, float] = {}
    for f in fighters:
        if not f.alive or not f.active or f.unit not in card.damage:
            continue
        if f.artillery and f.wounded:  # wounded Artillery does not fight
            continue
        if not f.artillery and f.line != 1:
            continue
        per_unit = card.damage[f.unit]
        if name == CHARGE and not cond.inside_fortress:
            per_unit += card.bonus_no_forest.get(f.unit, 0) if not cond.forest else 0
            per_unit += card.bonus_no_peasants.get(f.unit, 0) if not cond.peasants else 0
        if name == AMBUSH and (not f.artillery or ambush["bonus_applies_to_artillery"]):
            per_unit += bonus_cond * ambush["bonus_per_condition"]
        per_unit = max(0.0, per_unit - famine)
        if cond.inside_fortress and rules.units[f.unit].kind == "infantry":
            per_unit *= rules.values["inside_fortress_infantry_multiplier"]
        per_type[f.unit] = per_type.get(f.unit, 0.0) + per_unit
    total = round_damage(per_type)
    if name == AMBUSH:
        fast = sum(1 for e in enemy if e.alive and rules.is_fast(e.unit, e.veteran))
        total = max(0, total - fast * ambush["fast_cavalry_reduction"])
    return total


def side_damage(ctx: Context, side: int, name: str, opponent: str = NONE) -> int:
    """The † ``side`` deals playing ``name`` against ``opponent`` (no counter or stalemate applied)."""
    own = _fighters(ctx, side, name, True, opponent)
    enemy = _fighters(ctx, 1 - side, opponent, False, name)
    return damage_dealt(ctx, side, name, own, enemy)


def _army_after(fighters: list[Fighter]) -> Army:
    return tuple(sorted(Token(f.unit, f.veteran, f.wounded) for f in fighters if f.alive))


def _one_clash(ctx: Context, a: str, d: str) -> tuple[list[Fighter], list[Fighter], tuple[int, int], str, tuple]:
    rules, cond = ctx.rules, ctx.cond
    cards = (rules.tactics.get(a), rules.tactics.get(d))
    names = (a, d)
    standoff = (cards[0] is not None and cards[1] is not None and not cond.inside_fortress
                and (d in cards[0].standoff or a in cards[1].standoff))
    countered = (cards[1] is not None and a in cards[1].counters, cards[0] is not None and d in cards[0].counters)
    effective = tuple(c is not None and not countered[i] for i, c in enumerate(cards))
    fighters = [_fighters(ctx, i, names[i], effective[i] and not standoff, names[1 - i]) for i in range(2)]
    if standoff:
        return fighters[0], fighters[1], (0, 0), "standoff", (False, False)
    panic_against = rules.values["tactics"][RETREAT]["panic_against"]
    retreating = tuple(names[i] == RETREAT and effective[i] for i in range(2))
    dealt = [0, 0]
    fight = not any(retreating) or any(retreating[i] and names[1 - i] in panic_against for i in range(2))
    if fight:
        for i in range(2):
            if effective[i] and names[i] != RETREAT:
                dealt[i] = damage_dealt(ctx, i, names[i], fighters[i], fighters[1 - i])
        allocate(fighters[1], dealt[0])
        allocate(fighters[0], dealt[1])
    label = "countered" if any(countered) else ("retreat" if any(retreating) else "battle")
    fled = [False, False]
    for i in range(2):
        if retreating[i] and any(f.alive for f in fighters[i]):
            if cond.can_retreat[i]:
                fled[i] = True
            else:  # "If it cannot, it is destroyed."
                for f in fighters[i]:
                    f.alive = False
    return fighters[0], fighters[1], (dealt[0], dealt[1]), label, tuple(fled)


def _winner(att: list[Fighter], dfd: list[Fighter], fled: tuple) -> int:
    a_alive, d_alive = any(f.alive for f in att), any(f.alive for f in dfd)
    if a_alive and (not d_alive or fled[1]) and not fled[0]:
        return ATTACKER
    if d_alive and (not a_alive or fled[0]) and not fled[1]:
        return DEFENDER
    return NOBODY


def clash(ctx: Context, a: str, d: str) -> Outcome:
    """The outcome when the attacker plays ``a`` and the defender ``d`` (both assumed legal)."""
    rules, cond = ctx.rules, ctx.cond
    start = ctx.armies
    if cond.fortress and cond.famine >= rules.values["famine"]["surrender_markers"]:
        return Outcome(ATTACKER, start[0], (), 0, len(start[1]), label="surrender")
    if a == RETREAT and d == RETREAT and cond.inside_fortress:
        return Outcome(NOBODY, start[0], start[1], 0, 0, label="standoff")
    dealt_total = [0, 0]
    current = ctx
    for _ in range(int(rules.values["inside_fortress_max_clashes"]) if cond.inside_fortress else 1):
        att, dfd, dealt, label, fled = _one_clash(current, a, d)
        dealt_total = [dealt_total[0] + dealt[0], dealt_total[1] + dealt[1]]
        winner = _winner(att, dfd, fled)
        after = (_army_after(att), _army_after(dfd))
        over = winner != NOBODY or not after[0] or not after[1] or any(fled) or after == current.armies
        current = Context(rules, after, cond)
        if over:
            break
    return finish(ctx, winner, after, (dealt_total[0], dealt_total[1]), label, (a, d))


def finish(ctx: Context, winner: int, after: tuple[Army, Army], dealt: tuple[int, int], label: str,
           played: tuple[str, str]) -> Outcome:
    """Losses, Capturing Artillery (the loser's wounded Artillery goes to the winner), veterans, Tabor siege."""
    rules, start = ctx.rules, ctx.armies
    promoted = ["", ""]
    if label != "standoff":
        for i, name in enumerate(played):
            card = rules.tactics.get(name)
            if card is not None and name != RETREAT:
                promoted[i] = describe_promotion(promotion(rules, after[i], set(card.damage)))
    # "After the battle, an attacker with more tokens may besiege the Tabor" (not when both played it)
    tabor = (played[1] == TABOR and played[0] != TABOR and winner == NOBODY and not ctx.cond.fortress
             and len(after[0]) > len(after[1]) > 0)
    lost = [len(start[0]) - len(after[0]), len(start[1]) - len(after[1])]
    captured = [0, 0]
    if winner != NOBODY:
        w, loser = (0, 1) if winner == ATTACKER else (1, 0)
        guns = tuple(t for t in after[loser] if rules.units[t.unit].kind == "artillery" and t.wounded)
        if guns:
            captured[w] = len(guns)
            rest = list(after[loser])
            for g in guns:
                rest.remove(g)
            new = [None, None]
            new[loser] = tuple(rest)
            new[w] = tuple(sorted(after[w] + guns))
            after = (new[0], new[1])
    lost = [lost[0] + captured[1], lost[1] + captured[0]]
    return Outcome(winner, after[0], after[1], lost[0], lost[1], dealt, label, (captured[0], captured[1]),
                   (promoted[0], promoted[1]), tabor)
