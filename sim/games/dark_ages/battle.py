"""Dark Ages: Holy Roman Empire battle odds — the ``sim.battles`` contract for ``sim battle dark_ages``."""

from __future__ import annotations

from typing import Any

import click
import numpy as np

from sim.armies import parse_items
from sim.config import Rules
from sim.games.dark_ages import kernel
from sim.games.dark_ages.army import Battle, build_battle
from sim.games.dark_ages.exact import exact_counts
from sim.games.dark_ages.payload import Payload, compile_battle
from sim.games.dark_ages.rules import TYPES, validate
from sim.schemas import check_scenario
from sim.stats import hist_mean_ci, wilson

SIDES = ("attacker", "defender")
COUNT_KEYS = ("wins", "ties", "br_joint", "survivors", "lost", "killed", "reinforce_used")


def scenario_from_dict(raw: dict, source: str, rules: Rules) -> Battle:
    typed = validate(rules)
    # kinds, ranges, caps, unknown keys: sim/schemas/dark_ages.py; the limits the rules set, first
    check_scenario("dark_ages", raw, source, limits=limits(raw, typed))
    return build_battle(raw, source, typed)


def limits(raw: Any, rules) -> dict:
    """The scenario limits these rules set (the same numbers ``army.build_battle`` checks against)."""
    units = (0, rules.max_units, "a unit count", ())
    skirmishers = isinstance(raw, dict) and raw.get("skirmishers") is True
    pool = rules.skirmisher_tokens if skirmishers else rules.tokens
    return {
        "attacker.units.*": units, "defender.units.*": units, "barbarian.*": units,
        "attacker.keeps": (0, rules.max_neighbour_keeps, "neighbouring Keep levels", ()),
        "defender.keeps": (0, rules.max_neighbour_keeps, "neighbouring Keep levels", ()),
        "farms": (0, rules.max_farms, "a Farm count", ()), "keep": (0, rules.max_keep, "a Keep level", ()),
        "barbarian_token": (1, len(pool), "a token face number", ("random",)),
    }  # fmt: skip


def compile(rules: Rules, scenario: Battle) -> Payload:
    typed = validate(rules)
    return compile_battle(scenario, typed.faces, typed.max_units)


def _empty_counts(p: Payload) -> dict[str, np.ndarray]:
    t = p.tables
    v_count, x_max, b = t.n_states.shape[0], t.state_br.shape[2], p.br_max + 1
    return {
        "wins": np.zeros(v_count, np.int64), "ties": np.zeros(v_count, np.int64),
        "br_joint": np.zeros((v_count, b, b), np.int64), "final": np.zeros((v_count, 2, x_max), np.int64),
        "reinforce_used": np.zeros((v_count, 2), np.int64),
    }  # fmt: skip


def _run_sides(p: Payload, key, start: int, count: int, keep_trials: bool):
    t = p.tables
    counts = _empty_counts(p)
    rows = count if keep_trials else 0
    t_variant, t_win = np.zeros(rows, np.int64), np.zeros(rows, np.bool_)
    t_br, t_state = np.zeros((rows, 2), np.int64), np.zeros((rows, 2), np.int64)
    kernel.simulate(
        np.uint64(key), start, count, p.wins_ties, p.slot_variant, p.reinforce, t.state_br, t.state_alive,
        t.alloc, t.dist_start, t.dist_cdf, t.dist_hits, t.dist_used,
        counts["wins"], counts["ties"], counts["br_joint"], counts["final"], counts["reinforce_used"],
        keep_trials, t_variant, t_win, t_br, t_state,
    )  # fmt: skip
    return counts, (t_variant, t_win, t_br, t_state)


def _run_pairs(p: Payload, key, start: int, count: int, keep_trials: bool):
    t, pt = p.tables, p.tables.pairs
    final_pairs = np.zeros((len(pt.n_pairs), pt.pair_state.shape[1]), np.int64)
    rows = count if keep_trials else 0
    t_variant, t_pair = np.zeros(rows, np.int64), np.zeros(rows, np.int64)
    kernel.simulate_pairs(np.uint64(key), start, count, p.slot_variant, pt.start, pt.length, pt.prob, pt.keep,
                          pt.alias, final_pairs, keep_trials, t_variant, t_pair)  # fmt: skip
    counts = _empty_counts(p)
    win_of_pair = np.zeros(final_pairs.shape, np.bool_)
    for v in range(len(pt.n_pairs)):
        n = int(pt.n_pairs[v])
        hist, ps = final_pairs[v, :n], pt.pair_state[v, :n]
        ba, bd = t.state_br[v, 0, ps[:, 0]], t.state_br[v, 1, ps[:, 2]]
        win = win_of_pair[v, :n] = _wins(p, v, ba, bd, ps[:, 0])
        counts["wins"][v] = hist[win].sum()
        counts["ties"][v] = hist[ba == bd].sum()
        np.add.at(counts["br_joint"][v], (ba, bd), hist)
        np.add.at(counts["final"][v, 0], ps[:, 0], hist)
        np.add.at(counts["final"][v, 1], ps[:, 2], hist)
        for s in range(2):
            counts["reinforce_used"][v, s] = (hist * (p.reinforce[s] - ps[:, 1 + 2 * s])).sum()
    trials = None
    if keep_trials:
        ps = pt.pair_state[t_variant, t_pair]
        t_br = np.stack([t.state_br[t_variant, 0, ps[:, 0]], t.state_br[t_variant, 1, ps[:, 2]]], axis=1)
        trials = (t_variant, win_of_pair[t_variant, t_pair], t_br, ps[:, [0, 2]])
    return counts, trials


def _wins(p: Payload, v: int, ba: np.ndarray, bd: np.ndarray, xa: np.ndarray) -> np.ndarray:
    win = ba > bd
    if p.wins_ties:  # Module 9: the attacker wins ties if one of its units survives
        win |= (ba == bd) & (p.tables.state_alive[v, 0, xa].sum(axis=1) > 0)
    return win


def run_chunk(p: Payload, key, start: int, count: int, keep_trials: bool):
    runner = _run_pairs if p.tables.pairs is not None else _run_sides
    counts, cols = runner(p, key, start, count, keep_trials)
    counts["attacker_win"] = np.array([counts["wins"].sum()], np.int64)
    trials = None
    if keep_trials:
        t_variant, t_win, t_br, t_state = cols
        lost = [p.tables.state_lost[t_variant, s, t_state[:, s]] for s in range(2)]
        trials = {
            "variant": t_variant, "attacker_win": t_win,
            "attacker_br": t_br[:, 0], "defender_br": t_br[:, 1],
            "attacker_lost": lost[0], "defender_lost": lost[1],
        }  # fmt: skip
    return counts, trials


def expand(counts: dict[str, np.ndarray], p: Payload) -> dict[str, np.ndarray]:
    """Final-state counts → survivors per group, own units lost and all units lost, as histograms."""
    t = p.tables
    v_count, _, x_max, groups = t.state_alive.shape
    n = p.max_units + 1
    out = {k: counts[k] for k in ("wins", "ties", "br_joint", "reinforce_used")}
    out["survivors"] = np.zeros((v_count, 2, groups, n), np.int64)
    out["lost"] = np.zeros((v_count, 2, n), np.int64)
    out["killed"] = np.zeros((v_count, 2, n), np.int64)
    for v in range(v_count):
        for s in range(2):
            final = counts["final"][v, s]
            np.add.at(out["lost"][v, s], t.state_lost[v, s], final)
            np.add.at(out["killed"][v, s], t.state_killed[v, s], final)
            for g in range(int(p.n_groups[v, s])):
                np.add.at(out["survivors"][v, s, g], t.state_alive[v, s, :, g], final)
    return out


def _mean(hist: np.ndarray, with_ci: bool):
    """Mean of a histogram; with its 95% interval when it holds counts."""
    total = hist.sum()
    mean = float((np.arange(len(hist)) * hist).sum() / total) if total else float("nan")
    if not with_ci:
        return mean, None
    _, lo, hi = hist_mean_ci([int(x) for x in hist])
    return mean, [lo, hi]


def _distribution(hist: np.ndarray) -> dict[str, float]:
    total = hist.sum()
    return {str(k): float(c / total) for k, c in enumerate(hist) if c > 0} if total else {}


def _metrics(c: dict, p: Payload, with_ci: bool) -> dict:
    """Metrics of one variant's (or the pooled) counts; ``c`` holds counts (with_ci) or probabilities."""
    n = float(c["br_joint"].sum())
    win = float(c["wins"] / n)
    out: dict = {"attacker_win": win}
    if with_ci:
        out["attacker_win_ci95"] = list(wilson(int(c["wins"]), int(n)))
    out["defender_win"] = 1.0 - win
    if with_ci:
        lo, hi = out["attacker_win_ci95"]
        out["defender_win_ci95"] = [1.0 - hi, 1.0 - lo]
    out["tie"] = float(c["ties"] / n)
    for name, key in (("mean_lost", "lost"), ("mean_killed", "killed")):
        out[name], cis = {}, {}
        for s, side in enumerate(SIDES):
            out[name][side], cis[side] = _mean(c[key][s], with_ci)
        if with_ci:
            out[name + "_ci95"] = cis
    out["battle_result"] = {side: _distribution(c["br_joint"].sum(axis=1 - s)) for s, side in enumerate(SIDES)}
    margin: dict[int, float] = {}
    for a, d in zip(*np.nonzero(c["br_joint"]), strict=True):
        margin[int(a - d)] = margin.get(int(a - d), 0.0) + float(c["br_joint"][a, d] / n)
    out["battle_result_margin"] = {str(k): margin[k] for k in sorted(margin)}
    out["reinforce_played"] = {side: float(c["reinforce_used"][s] / n) for s, side in enumerate(SIDES)}
    return out


def _survivors(c: dict, p: Payload, with_ci: bool) -> dict:
    """Mean surviving units per side and unit type (own units; transients listed separately)."""
    out: dict = {}
    cis: dict = {}
    n_max = c["survivors"].shape[-1]
    for s, side in enumerate(SIDES):
        hists: dict[str, np.ndarray] = {}
        for v, variant in enumerate(p.battle.variants):
            for g, grp in enumerate(variant.armies[s].groups):
                name = ("transient_" if grp.transient else "") + grp.kind
                hists.setdefault(name, np.zeros(n_max, c["survivors"].dtype))
                hists[name] += c["survivors"][v, s, g]
        trials = c["br_joint"].sum()
        order = [*TYPES, *(f"transient_{t}" for t in TYPES)]
        out[side], cis[side] = {}, {}
        for name in (k for k in order if k in hists):
            hist = hists[name]
            hist[0] += trials - hist.sum()  # token faces without this unit type count as 0 survivors
            out[side][name], cis[side][name] = _mean(hist, with_ci)
    return {"survivors": out, "survivors_ci95": cis} if with_ci else {"survivors": out}


def _variant_counts(c: dict, v: int) -> dict:
    return {k: c[k][v] for k in COUNT_KEYS}


def _pooled(c: dict) -> dict:
    return {k: c[k].sum(axis=0) for k in COUNT_KEYS}


def _report(c: dict, p: Payload, with_ci: bool) -> dict:
    battle = p.battle
    variants = list(range(len(battle.variants)))
    out = _metrics(_pooled(c), p, with_ci)
    out.update(_survivors(c, p, with_ci))
    shares = [c["br_joint"][v].sum() for v in variants]
    wins = [float(c["wins"][v] / shares[v]) for v in variants]
    vp = sum(wins[v] * battle.variants[v].vp_win * shares[v] for v in variants) / sum(shares)
    out["expected_vp"] = {"attacker": float(vp)}
    if battle.theft:
        out["expected_theft"] = battle.theft * out["attacker_win"]
    if len(variants) > 1:
        per_token = {}
        for v, variant in enumerate(battle.variants):
            metrics = _metrics(_variant_counts(c, v), p, with_ci)
            units = "+".join(f"{g.kind}={g.count}" for g in variant.armies[1].groups if not g.transient)
            row = {"tokens": variant.weight, "attacker_win": metrics["attacker_win"]}
            if with_ci:
                row["attacker_win_ci95"] = metrics["attacker_win_ci95"]
            row["expected_vp"] = metrics["attacker_win"] * variant.vp_win
            # numbers only (the summary table formats every value), so the face is spelled out in the key
            per_token[f"{variant.name}:{units}:{variant.reward or 'none'}"] = row
        out["per_token"] = per_token
        rewards: dict[str, float] = {}
        total = sum(shares)
        for v, variant in enumerate(battle.variants):
            if variant.reward:
                rewards[variant.reward] = rewards.get(variant.reward, 0.0) + float(c["wins"][v] / total)
        out["reward_won"] = rewards
    return out


def summarize(counts: dict[str, np.ndarray], n: int, p: Payload) -> dict:
    return _report(expand(counts, p), p, with_ci=True)


def exact(p: Payload) -> dict | None:
    probabilities = exact_counts(p)
    return None if probabilities is None else _report(probabilities, p, with_ci=False)


def parse_units(text: str | None, flag: str) -> dict[str, int] | None:
    """``infantry=3,cavalry=1`` → {"infantry": 3, "cavalry": 1}; names are checked later, with the rules."""
    if text is None:
        return None
    return dict(parse_items(text, flag))  # each name once, ASCII digits


def cli_options() -> list[click.Option]:
    opts = []
    for side in SIDES:
        opts += [
            click.Option([f"--{side}"], help="Units, e.g. infantry=3,cavalry=1."),
            click.Option([f"--{side}-tech"], help="Military Technology levels, e.g. archer=2 (default 1)."),
            click.Option([f"--{side}-faction"], help="player (levels 1-3), lordling or raider (levels 1-4)."),
            click.Option([f"--{side}-keeps"], type=int, help="Keep levels in neighbouring Provinces (melee +1s)."),
            click.Option([f"--{side}-policy"], help="How this side distributes its hits: solo or focus-strongest."),
        ]
    return opts + [
        click.Option(["--farms"], type=int, help="Farms in the contested Province: 1 transient Infantry each."),
        click.Option(["--city"], is_flag=True, default=None, help="A City in the Province: 1 transient Archer."),
        click.Option(["--keep"], type=int, help="Defender's Keep level there: Battle Result and melee +1s."),
        click.Option(["--capital"], type=int, help="The Province is the defender's Capital with this Army limit (VP)."),
        click.Option(["--reinforce"], help="Who plays a Reinforce card (+1 on one die): attacker or defender."),
        click.Option(["--barbarian"], help="A Barbarian army, e.g. infantry=1,archer=1."),
        click.Option(["--barbarian-token"], help="random (odds over the pool and per token) or a face number."),
        click.Option(["--barbarian-policy"], help="How Barbarians distribute their hits: solo or focus-strongest."),
        click.Option(["--skirmishers"], is_flag=True, default=None, help="Draw from the Skirmisher tokens (module 7)."),
        click.Option(["--trophies"], type=int, help="Barbarian tokens already beaten (adds transient units and VP)."),
    ]


def scenario_from_cli(options: dict) -> dict:
    """Parsed flag values → the scenario mapping a YAML file would hold (only the flags given)."""
    raw: dict = {}
    for side in SIDES:
        spec: dict = {}
        units = parse_units(options.get(side), f"--{side}")
        if units is not None:
            spec["units"] = units
        tech = parse_units(options.get(f"{side}_tech"), f"--{side}-tech")
        if tech:
            spec["tech"] = tech
        for key in ("faction", "keeps", "policy"):
            if options.get(f"{side}_{key}") is not None:
                spec[key] = options[f"{side}_{key}"]
        if spec:
            raw[side] = spec
    for key in ("farms", "city", "keep", "capital", "reinforce", "trophies", "skirmishers", "barbarian_policy"):
        if options.get(key) is not None:
            raw[key] = options[key]
    barbarian = parse_units(options.get("barbarian"), "--barbarian")
    if barbarian is not None:
        raw["barbarian"] = barbarian
    token = options.get("barbarian_token")
    if token is not None:
        raw["barbarian_token"] = int(token) if str(token).isdigit() else token
    return raw
