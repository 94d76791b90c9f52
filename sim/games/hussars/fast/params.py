"""The plans' parameters as one compiled record per plan: the twin of the parameter classes in strategies/hussars.

``compile_plan(uses, params)`` turns a built-in plan (random, or a scripted plan with its parameters) into a record
of ``PLAN``; ``unsupported`` says why a plan cannot be compiled (a plan class from outside the package).
"""

from __future__ import annotations

import numpy as np

from sim.games.hussars.fast.tables import CAP
from sim.layout import Layout
from strategies.hussars.scripted import EFFECT_PRIORITIES, Scripted

F8 = np.float64
NPRI = 12
BUILT_IN = ("random", "economic", "military", "political", "raider", "rollout")  # rollout: its policy's record

PLAN = Layout("hussars_plan", [
    ("kind", (), "0 random-legal, 1 scripted"),
    ("priorities", (NPRI,), "EFFECT_PRIORITIES indices, -1 pad"), ("reserve", (), ""), ("bid_cards", (), ""),
    ("yellow_values", (CAP.nc,), "by card type"), ("army_target", (), ""), ("upkeep_margin", (), ""),
    ("units", (CAP.nt,), "unit types to enlist, in order, -1 pad"), ("garrison", (), ""), ("hunt", (), ""),
    ("attack_ratio", (), "", F8), ("attack_rivals", (), ""), ("expeditions", (), ""), ("raid", (), ""),
    ("crest_limit", (), ""), ("spree", (), ""), ("punish", (), ""), ("lease_value", (), ""),
    ("title_values", (4,), "by title"), ("title_successor", (), ""), ("settle_min_happiness", (), ""),
    ("lokator", (), ""), ("town_max_gold", (), ""), ("province_max_price", (), ""), ("fortress", (), ""),
    ("family_seat", (), ""), ("swift_gold", (), "1: pay Gold for an unrepelled attack"), ("use_favours", (), ""),
    ("defend_domain", (), ""), ("veto", (), ""), ("reward_knowledge", (), "1: Knowledge before Tactics"),
    ("knowledge", (CAP.nc,), "card types wanted as Knowledge, in order, -1 pad"), ("intercept_ratio", (), "", F8),
    ("hidden_eff", (), "", F8), ("target_leader", (), ""),
])  # fmt: skip


def unsupported(uses: str, params) -> str | None:
    if uses not in BUILT_IN:
        return f"{uses} is not a built-in plan ({', '.join(BUILT_IN)})"
    if uses == "rollout":  # the searcher plays its policy's record
        import json

        from strategies.hussars.rollout import Rollout, policy_of

        policy, p = policy_of(Rollout(**(json.loads(params) if isinstance(params, str) else params)).p)
        return unsupported(policy, p)
    return None


def compile_plan(uses: str, params: dict, rules) -> np.ndarray:
    from strategies.hussars import make
    from strategies.hussars.rollout import Rollout, policy_of

    if uses == "rollout":  # the searcher plays its policy between and inside its searches (fast.search)
        return compile_plan(*policy_of(Rollout(**params).p), rules)
    rec = PLAN.new()
    r = rec[0]
    plan = make(uses, params)
    if not isinstance(plan, Scripted):
        return rec  # kind 0: random-legal
    p = plan.p
    r["kind"] = 1
    r["priorities"][:] = -1
    for i, effect in enumerate(p["priorities"][:NPRI]):
        r["priorities"][i] = EFFECT_PRIORITIES.index(effect)
    cards = [c.id for c in rules.cards]
    for name, value in p["yellow_values"].items():
        if name in cards:
            r["yellow_values"][cards.index(name)] = value
    r["units"][:] = -1
    units = [u for u in p["units"] if u in rules.units]
    for i, name in enumerate(units[: CAP.nt]):
        r["units"][i] = rules.units.index(name)
    titles = [t.id for t in rules.titles]
    for name, value in p["title_values"].items():
        if name in titles:
            r["title_values"][titles.index(name)] = value
    r["knowledge"][:] = -1
    wanted = [n for n in p["knowledge"] if n in cards]
    for i, name in enumerate(wanted[: CAP.nc]):
        r["knowledge"][i] = cards.index(name)
    for key in ("reserve", "army_target", "upkeep_margin", "garrison", "crest_limit", "lease_value",
                "settle_min_happiness", "town_max_gold", "province_max_price"):  # fmt: skip
        r[key] = int(p[key])
    for key in (
        "bid_cards", "hunt", "attack_rivals", "expeditions", "raid", "spree", "punish", "title_successor",
        "lokator", "fortress", "family_seat", "use_favours", "defend_domain", "veto", "target_leader",
    ):  # fmt: skip
        r[key] = int(bool(p[key]))
    for key in ("attack_ratio", "intercept_ratio", "hidden_eff"):
        r[key] = float(p[key])
    r["swift_gold"] = int(p["swift_penalty"] == "gold")
    r["reward_knowledge"] = int(p["reward"] == "knowledge")
    return rec


def compile_plans(specs, rules) -> np.ndarray:
    """One record per plan id (``specs``: (class reference, parameters) per plan)."""
    out = PLAN.new(len(specs))
    for i, (uses, params) in enumerate(specs):
        out[i] = compile_plan(uses, params, rules)[0]
    return out
