"""Principes battle odds: the scenario format, compilation to kernel tables, and the metrics.

Scenario keys (YAML file or CLI flags):
  attacker, defender: {unit: count}        site: gord | city        settlements: 1 | 2      castle: bool
  attacker_cards, defender_cards: {sword, shield, either}            (phase 4 symbols)
  attacker_faction, defender_faction: polonia_maior | masovia | polonia_minor | silesia | neutral
  attacker_tiles, defender_tiles: [learning_chess]
  attacker_bonus, defender_bonus: {swords, shields}   fixed extras, e.g. a Before Battle card's effect
"""

from __future__ import annotations

from dataclasses import dataclass

import click
import numpy as np

from sim.armies import parse_items
from sim.config import Rules
from sim.errors import ConfigError
from sim.games.principes import exact as exact_mod
from sim.games.principes.exact import outcome_counts
from sim.games.principes.kernel import (
    ATT_ANNIHILATES,
    ATT_TOPPLED_MORE,
    damage,
    outcome_kind,
    simulate,
    solve_cards,
    solve_die_choices,
    toppled_table,
)
from sim.games.principes.rules import FACTIONS, SHIELD, SITES, SWORD, PrincipesRules, compile_rules
from sim.schemas import check_scenario
from sim.stats import hist_mean_ci, wilson

SIDES = ("attacker", "defender")
CARD_KINDS = ("sword", "shield", "either")
TILES = ("learning_chess",)
KIND_NAMES = (
    "attacker_annihilates",
    "defender_annihilates",
    "both_annihilated",
    "attacker_toppled_more",
    "defender_holds",
)
SIDE_KEYS = ("", "_cards", "_faction", "_tiles", "_bonus")
KNOWN_KEYS = {f"{s}{k}" for s in SIDES for k in SIDE_KEYS} | {"site", "settlements", "castle"}


@dataclass(frozen=True)
class Side:
    units: dict[str, int]
    cards: dict[str, int]
    faction: str | None  # None: a player without a faction ability
    tiles: tuple[str, ...]
    bonus_swords: int
    bonus_shields: int

    @property
    def neutral(self) -> bool:
        return self.faction == "neutral"


@dataclass(frozen=True)
class Scenario:
    attacker: Side
    defender: Side
    site: str
    settlements: int
    castle: bool


@dataclass(frozen=True)
class Compiled:
    """Everything the kernels need, as arrays (see kernel.py for shapes)."""

    unit_names: tuple[str, ...]
    n_a: int
    n_d: int
    n_faces: int
    sym: np.ndarray
    sym_sw: np.ndarray
    sym_sh: np.ndarray
    base: np.ndarray
    top_a: np.ndarray
    top_d: np.ndarray
    outcome: np.ndarray
    play: np.ndarray
    att_act: np.ndarray
    def_act: np.ndarray
    rer_a: int
    rer_d: int
    flip_a: int
    flip_d: int
    loot_on: int
    has_prince: tuple[bool, bool]
    coin_gold: int


def _count(value, source: str, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ConfigError(source, key, "a whole number ≥ 0", value)
    return value


def _mapping(raw: dict, key: str, allowed: tuple[str, ...], source: str) -> dict[str, int]:
    value = raw.get(key) or {}
    if not isinstance(value, dict):
        raise ConfigError(source, key, f"a mapping of {', '.join(allowed)} to counts", value)
    for name in value:
        if name not in allowed:
            raise ConfigError(source, f"{key}.{name}", f"one of {', '.join(allowed)}", name)
    return {name: _count(value.get(name, 0), source, f"{key}.{name}") for name in allowed}


def _side(raw: dict, side: str, rules: PrincipesRules, source: str) -> Side:
    if side not in raw:
        raise ConfigError(source, side, "an army such as {knight: 2, footman: 1}", "nothing")
    units = _mapping(raw, side, tuple(u.name for u in rules.units), source)
    if sum(units.values()) == 0:
        raise ConfigError(source, side, "an army with at least one unit", raw.get(side))
    faction = raw.get(f"{side}_faction")
    if faction is not None and faction not in (*FACTIONS, "neutral"):
        raise ConfigError(source, f"{side}_faction", f"one of {', '.join((*FACTIONS, 'neutral'))}", faction)
    tiles = raw.get(f"{side}_tiles") or []
    if isinstance(tiles, str):
        tiles = [tiles]
    for i, tile in enumerate(tiles):
        if tile not in TILES:
            raise ConfigError(source, f"{side}_tiles[{i}]", f"one of {', '.join(TILES)}", tile)
    cards = _mapping(raw, f"{side}_cards", CARD_KINDS, source)
    if faction == "neutral" and (tiles or (sum(cards.values()) and not rules.neutral_use_cards)):
        raise ConfigError(source, f"{side}_cards", "no cards or tiles for a neutral side (rules.yaml "
                          "cards.neutral_use_cards: neutral factions use none)", cards)  # fmt: skip
    bonus = _mapping(raw, f"{side}_bonus", ("swords", "shields"), source)
    return Side(units, cards, faction, tuple(tiles), bonus["swords"], bonus["shields"])


def scenario_from_dict(raw: dict, source: str, rules: Rules) -> Scenario:
    check_scenario("principes", raw, source)  # kinds, ranges, caps, unknown keys: sim/schemas/principes.py
    pr = compile_rules(rules)
    for key in raw:
        if key not in KNOWN_KEYS:
            raise ConfigError(source, key, f"one of {', '.join(sorted(KNOWN_KEYS))}", key)
    site = raw.get("site", "gord")
    if site not in SITES:
        raise ConfigError(source, "site", f"one of {', '.join(SITES)}", site)
    settlements = raw.get("settlements", 1)
    if settlements not in (1, 2) or isinstance(settlements, bool):
        raise ConfigError(source, "settlements", "1, or 2 for Western Pomerania", settlements)
    castle = raw.get("castle", False)
    if not isinstance(castle, bool):
        raise ConfigError(source, "castle", "true or false", castle)
    return Scenario(_side(raw, "attacker", pr, source), _side(raw, "defender", pr, source), site, settlements, castle)


def compile(rules: Rules, scenario: Scenario) -> Compiled:
    pr = compile_rules(rules)
    if not pr.attacker_first:  # ``solve_cards``: the defender answers the attacker's committed cards
        raise ConfigError(rules.origin("cards.attacker_first"), "cards.attacker_first",
                          "true (the battle odds engine has the attacker commit its cards first)", False)  # fmt: skip
    att, dfn = scenario.attacker, scenario.defender
    toughness = np.array([u.toughness for u in pr.units], dtype=np.int64)
    prince_weight = np.array([u.name == "prince" for u in pr.units], dtype=np.int64)
    every = np.ones(len(pr.units), dtype=np.int64)

    def army(side: Side):
        counts = np.array([side.units[u.name] for u in pr.units], dtype=np.int64)
        swords = int(sum(u.swords * side.units[u.name] for u in pr.units))
        return counts, swords, toppled_table(toughness, counts, every), toppled_table(toughness, counts, prince_weight)

    counts_a, swords_a, top_a, pr_a = army(att)
    counts_d, swords_d, top_d, pr_d = army(dfn)
    site = pr.site_shields[scenario.site] * (scenario.settlements if pr.settlements_count_each else 1)
    site += pr.castle_shields if scenario.castle else 0
    base = np.array(
        [swords_a + att.bonus_swords, att.bonus_shields, swords_d + dfn.bonus_swords, site + dfn.bonus_shields],
        dtype=np.int64,
    )
    n_faces = len(pr.die)
    sym = np.concatenate([pr.die, pr.opposite]).astype(np.int64)
    sym_sw = (np.arange(4) == SWORD).astype(np.int64)
    sym_sh = (np.arange(4) == SHIELD).astype(np.int64)
    n_a, n_d = int(counts_a.sum()), int(counts_d.sum())

    def hand(side: Side, n: int):
        cards = np.array([side.cards[k] for k in CARD_KINDS], dtype=np.int64)
        return cards, 0 if side.neutral and not pr.neutral_use_cards else pr.cards_per_unit * n

    hand_a, limit_a = hand(att, n_a)
    hand_d, limit_d = hand(dfn, n_d)
    play = solve_cards(base, sym_sw, sym_sh, hand_a, hand_d, limit_a, limit_d, top_a, top_d, n_a, n_d)
    outcome = outcome_table(base, sym_sw, sym_sh, play, top_a, top_d, pr_a, pr_d, n_a, n_d)
    win = np.isin(outcome[:, :, 0], (ATT_ANNIHILATES, ATT_TOPPLED_MORE)).astype(float)
    rer_a, rer_d = pr.rerolls.get(att.faction or "", 0), pr.rerolls.get(dfn.faction or "", 0)
    flip_a, flip_d = int("learning_chess" in att.tiles), int("learning_chess" in dfn.tiles)
    att_act, def_act, _ = solve_die_choices(win, sym, n_faces, rer_a, flip_a, rer_d, flip_d)
    return Compiled(
        tuple(u.name for u in pr.units),
        n_a,
        n_d,
        n_faces,
        sym,
        sym_sw,
        sym_sh,
        base,
        top_a,
        top_d,
        outcome,
        play,
        att_act,
        def_act,
        rer_a,
        rer_d,
        flip_a,
        flip_d,
        int(not (att.neutral and dfn.neutral and pr.neutral_loot_ignored)),
        (att.units.get("prince", 0) > 0, dfn.units.get("prince", 0) > 0),
        pr.coin_gold,
    )


def outcome_table(base, sym_sw, sym_sh, play, top_a, top_d, pr_a, pr_d, n_a, n_d) -> np.ndarray:
    """For each final symbol pair (4, 4): kind, attacker toppled, defender toppled, attacker Princes toppled,
    defender Princes toppled, cards spent by the attacker and by the defender (Battle Order 3-5)."""
    ca, cd = len(top_a) - 1, len(top_d) - 1
    table = np.zeros((4, 4, 7), dtype=np.int64)
    for sa in range(4):
        for sd in range(4):
            xs, xh, ys, yh = play[sa, sd]
            da = min(damage(base[2] + sym_sw[sd] + ys, base[1] + sym_sh[sa] + xh), ca)
            dd = min(damage(base[0] + sym_sw[sa] + xs, base[3] + sym_sh[sd] + yh), cd)
            kind = outcome_kind(top_a[da], top_d[dd], n_a, n_d)
            table[sa, sd] = (kind, top_a[da], top_d[dd], pr_a[da], pr_d[dd], xs + xh, ys + yh)
    return table


TRIAL_COLUMNS = (
    "outcome",
    "standing_attacker",
    "standing_defender",
    "loot_attacker",
    "loot_defender",
    "cards_attacker",
    "cards_defender",
)


def run_chunk(p: Compiled, key, start: int, count: int, keep_trials: bool):
    F2 = 2 * p.n_faces
    tally = np.zeros((F2, F2), dtype=np.int64)
    die_use = np.zeros((2, 2), dtype=np.int64)
    finals = np.zeros((count if keep_trials else 0, 2), dtype=np.int64)
    simulate(
        key,
        start,
        count,
        p.n_faces,
        p.att_act,
        p.rer_a,
        p.flip_a,
        p.def_act,
        p.rer_d,
        p.flip_d,
        tally,
        die_use,
        finals,
        keep_trials,
    )
    counts = outcome_counts(p, tally, die_use)
    counts["attacker_win"] = np.int64(counts["kinds"][ATT_ANNIHILATES] + counts["kinds"][ATT_TOPPLED_MORE])
    return counts, (trial_columns(p, finals) if keep_trials else None)


def trial_columns(p: Compiled, finals: np.ndarray) -> dict[str, np.ndarray]:
    """Per-trial rows from each trial's final die states."""
    sa, sd = p.sym[finals[:, 0]], p.sym[finals[:, 1]]
    o = p.outcome[sa, sd]
    return {
        "attacker_face": sa.astype(np.int8),
        "defender_face": sd.astype(np.int8),
        "outcome": o[:, 0].astype(np.int8),
        "attacker_win": np.isin(o[:, 0], (ATT_ANNIHILATES, ATT_TOPPLED_MORE)),
        "standing_attacker": (p.n_a - o[:, 1]).astype(np.int16),
        "standing_defender": (p.n_d - o[:, 2]).astype(np.int16),
        "cards_attacker": o[:, 5].astype(np.int8),
        "cards_defender": o[:, 6].astype(np.int8),
    }


def summarize(counts: dict[str, np.ndarray], n: int, p: Compiled, with_ci: bool = True) -> dict:
    """Probabilities and means from counts (or from exact probabilities with n = 1 and no intervals)."""
    k = counts["kinds"]
    wins = float(k[ATT_ANNIHILATES] + k[ATT_TOPPLED_MORE])
    p_win = min(1.0, wins / n)  # exact sums of probabilities can overshoot 1 by an ulp
    out: dict = {"attacker_win": p_win, "defender_win": 1 - p_win}
    lost, lost_ci, standing = {}, {}, {}
    for side, key, units in (("attacker", "stand_a", p.n_a), ("defender", "stand_d", p.n_d)):
        hist = np.asarray(counts[key], dtype=float)
        mean, lo, hi = hist_mean_ci(hist) if with_ci else (float(np.arange(units + 1) @ hist), 0.0, 0.0)
        lost[side], lost_ci[side] = units - mean, [units - hi, units - lo]
        standing[side] = {str(s): float(c) / n for s, c in enumerate(hist)}
    out["mean_lost"] = lost
    if with_ci:
        out["attacker_win_ci95"] = list(wilson(wins, n))
        out["defender_win_ci95"] = list(wilson(n - wins, n))
        out["mean_lost_ci95"] = lost_ci
    out["standing"] = standing
    out["prince_toppled"] = {s: float(counts["prince_lost"][i]) / n for i, s in enumerate(SIDES) if p.has_prince[i]}
    out["gold_looted"] = {s: float(counts["loot"][i]) * p.coin_gold / n for i, s in enumerate(SIDES)}
    out["cards_spent"] = {s: float(counts["cards"][i]) / n for i, s in enumerate(SIDES)}
    out["outcome"] = {name: float(k[i]) / n for i, name in enumerate(KIND_NAMES)}
    out["die_choices"] = {
        s: {"rerolls": float(counts["die_use"][i][0]) / n, "flips": float(counts["die_use"][i][1]) / n}
        for i, s in enumerate(SIDES)
    }
    return out


def exact(p: Compiled) -> dict:
    return summarize(exact_mod.exact_counts(p), 1, p, with_ci=False)


# ----- command line -----


def parse_counts(text: str | None, flag: str) -> dict:
    """``knight=2,footman=1`` → {"knight": 2, "footman": 1}; values stay raw for scenario validation."""
    return dict(parse_items(text, flag, bare=1))  # each name once, ASCII digits


def cli_options() -> list[click.Option]:
    opts = [
        click.Option(
            ["--site"], type=click.Choice(SITES), default="gord", show_default=True, help="Defender's settlement."
        ),
        click.Option(["--settlements"], type=int, default=1, show_default=True, help="2 for Western Pomerania."),
        click.Option(["--castle"], is_flag=True, help="The land has a Castle (+2 shields)."),
    ]
    for side in SIDES:
        opts += [
            click.Option([f"--{side}"], help="Units, e.g. knight=2,footman=1,prince=1 (required)."),
            click.Option([f"--{side}-cards"], help="Battle Card symbols in hand, e.g. sword=1,either=1."),
            click.Option([f"--{side}-faction"], help=f"One of {', '.join(FACTIONS)}, or neutral."),
            click.Option([f"--{side}-tiles"], help="Progress tiles, e.g. learning_chess."),
            click.Option([f"--{side}-bonus"], help="Fixed extra swords/shields, e.g. swords=1."),
        ]
    return opts


def scenario_from_cli(options: dict) -> dict:
    raw: dict = {"site": options["site"], "settlements": options["settlements"], "castle": options["castle"]}
    for side in SIDES:
        if options[side] is not None:
            raw[side] = parse_counts(options[side], f"--{side}")
        for suffix in ("cards", "bonus"):
            if options.get(f"{side}_{suffix}"):
                raw[f"{side}_{suffix}"] = parse_counts(options[f"{side}_{suffix}"], f"--{side}-{suffix}")
        if options.get(f"{side}_faction"):
            raw[f"{side}_faction"] = options[f"{side}_faction"]
        if options.get(f"{side}_tiles"):
            raw[f"{side}_tiles"] = [t.strip() for t in options[f"{side}_tiles"].split(",") if t.strip()]
    return raw
