"""The built-in strategies (``strategies/dark_ages``) as rows of the strategy table ``ST``: column 0 the kind
(random_legal or a scripted plan), then the plan's parameters, reaction order, Culture card ranks and priority list.
Twin of ``strategies.dark_ages.scripted.load_plan`` (the plan files in ``configs/dark_ages/strategies``)."""

from __future__ import annotations

import numpy as np

from sim.games.dark_ages.fast.layout import (
    A_BUILD,
    A_DOC,
    A_MANOEUVRE,
    A_RECRUIT,
    A_RESEARCH,
    ACTIONS,
    BUILD_WHAT,
    CARD_TYPES,
    CT_POLAND,
    CT_RAIDER,
    CT_TOB,
    POLAND_TYPE,
    REACTIONS,
    RESEARCH_HOW,
    TOB_TYPE,
    Unsupported,
)  # fmt: skip
from strategies.dark_ages.scripted import SCRIPTED, load_plan

K_RANDOM, K_SCRIPTED = 0, 1
S_PASS_AT, S_RESERVE, S_MARGIN, S_SETTLE, S_CAPITALS, S_SELL_ALL, S_NREACT, S_REACT = 1, 2, 3, 4, 5, 6, 7, 8
S_RANK, S_NTYPES, S_NPRIO, S_PRIO, PRIO_W, MAX_PRIO = 14, 25, 22, 32, 16, 24  # ranks: CARD_TYPES, raider, TOB, Poland
S_COMMANDER = 23  # Module 6: params.commander (COMMANDER_PARAMS index)
COMMANDER_PARAMS = ("with_unit", "alone", "never")  # scripted.CHOICES["commander"]
C_ALONE, C_NEVER = 1, 2
S_WYRD = 24  # Module 8: params.wyrd (WYRD_PARAMS index)
WYRD_PARAMS = ("activate", "remove")  # scripted.CHOICES["wyrd"]
S_RESEARCH_AFTER = 26  # params.research_after_passes: no Research priority before the plan's own k-th Pass
ST_W = S_PRIO + PRIO_W * MAX_PRIO
INTENTS = {
    "build": BUILD_WHAT,
    "development_of_culture": ("any",),
    "research": RESEARCH_HOW,
    "recruit": ("infantry", "archer", "cavalry", "best"),
    "manoeuvre": ("expand", "barbarians", "players"),
}
CONDITIONS = ("min_gold", "max_units", "min_units", "max_cities", "min_resources", "max_farms")
DEFAULT_CARD_TYPES = ("common_technology", "military_technology", "cognomen", "relic")
CHEAP_FIRST = np.array([A_DOC, A_MANOEUVRE, A_RECRUIT, A_RESEARCH, A_BUILD], np.int64)  # actions.CHEAP_FIRST
BY_NAME = np.array([A_BUILD, A_DOC, A_MANOEUVRE, A_RECRUIT, A_RESEARCH], np.int64)  # sorted action names
FALLBACK = np.array([A_DOC, A_MANOEUVRE, A_BUILD, A_RESEARCH, A_RECRUIT], np.int64)  # Scripted.choose_action
TRADE_ORDER = np.array([3, 2, 1, 0], np.int64)  # base.TRADE_ORDER: iron, stone, leather, wood


def compile_strategy(name: str, params: dict | None = None) -> np.ndarray:
    """One row of ``ST`` for a built-in strategy (``strategies.dark_ages.make``) with parameter overrides."""
    row = np.zeros(ST_W, np.int64)
    if name == "rollout":  # a searcher's row is its policy's (its search settings: ``fast.search.search_table``)
        from strategies.dark_ages.rollout import Rollout

        return compile_strategy(*Rollout(**(params or {})).policy)
    if name == "random_legal":
        row[0] = K_RANDOM
        return row
    if name not in SCRIPTED:
        raise Unsupported(f"strategy {name!r} is not built in")
    plan = load_plan(name, params)
    p = plan["params"]
    row[0] = K_SCRIPTED
    row[S_PASS_AT] = p.get("pass_at_nobles", 0)
    row[S_RESERVE] = p.get("upkeep_gold_reserve", 2)
    row[S_MARGIN] = p.get("attack_margin", 1)
    row[S_SETTLE] = bool(p.get("settle", True))
    row[S_CAPITALS] = bool(p.get("attack_capitals", False))
    row[S_SELL_ALL] = bool(p.get("sell_all", False))
    row[S_COMMANDER] = COMMANDER_PARAMS.index(p.get("commander", "with_unit"))
    row[S_WYRD] = WYRD_PARAMS.index(p.get("wyrd", "activate"))
    row[S_RESEARCH_AFTER] = p.get("research_after_passes", 0)
    order = list(p.get("reactions") or [])
    if len(order) > 6 or any(r not in REACTIONS for r in order):
        raise Unsupported(f"reactions {order}")
    row[S_NREACT] = len(order)
    for i, r in enumerate(order):
        row[S_REACT + i] = REACTIONS.index(r)
    types = list(p.get("card_types") or DEFAULT_CARD_TYPES)
    if len(set(types)) != len(types):
        raise Unsupported(f"card_types {types} (a type listed twice)")
    rank: dict[str, int] = {t: i for i, t in enumerate(types)}  # like the reference: a repeat keeps its last index
    row[S_NTYPES] = len(rank)
    for t, ct in enumerate(CARD_TYPES):
        row[S_RANK + t] = rank.get(ct, len(rank))
    row[S_RANK + CT_RAIDER] = len(rank)  # never listed
    row[S_RANK + CT_TOB] = rank.get(TOB_TYPE, len(rank))
    row[S_RANK + CT_POLAND] = rank.get(POLAND_TYPE, len(rank))
    prios = plan["priorities"]
    if len(prios) > MAX_PRIO:
        raise Unsupported(f"{len(prios)} priorities (at most {MAX_PRIO})")
    row[S_NPRIO] = len(prios)
    for i, (action, intent, when) in enumerate(prios):
        b = S_PRIO + i * PRIO_W
        row[b] = ACTIONS.index(action)
        row[b + 1] = INTENTS[action].index(intent)
        row[b + 2] = len(when)
        for j, (k, v) in enumerate(when.items()):
            if isinstance(v, bool) or not isinstance(v, int):
                raise Unsupported(f"condition {k}: {v!r} (an integer)")
            row[b + 3 + 2 * j] = CONDITIONS.index(k)
            row[b + 4 + 2 * j] = v
    return row
