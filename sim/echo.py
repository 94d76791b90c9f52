"""The first line of every command's output: the battle or study as sim understood it, defaults included, and
the engine that ran it. Built from the validated scenario or experiment (never from the raw flags), so a default
the user did not type shows up here.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from sim.games import GAMES, battle_module
from sim.games import name as game_name

# how each engine of a full game is named (a battle's: its ``Game.battle_engines``)
STUDY_ENGINES = {
    "fast": "compiled full-game engine (numba)",
    "reference": "plain-Python reference engine",
}


def _counts(counts: dict[str, int]) -> str:
    return ", ".join(f"{unit}={n}" for unit, n in counts.items() if n) or "none"


# ----- battles -----


def describe_principes(s) -> str:
    def side(x) -> str:
        cards = _counts(x.cards)
        bonus = ", ".join(f"+{n} {k}" for k, n in (("swords", x.bonus_swords), ("shields", x.bonus_shields)) if n)
        return (f"{_counts(x.units)}; faction {x.faction or 'none (no ability)'}; cards {cards}; "
                f"tiles {', '.join(x.tiles) or 'none'}" + (f"; bonus {bonus}" if bonus else ""))  # fmt: skip

    plural = "s" if s.settlements > 1 else ""
    site = f"{s.site}, {s.settlements} settlement{plural}, castle {'yes' if s.castle else 'no'}"
    return f"attacker {side(s.attacker)} | defender {side(s.defender)} | site {site}"


def _dark_ages_army(army) -> str:
    parts = []
    for g in army.groups:
        parts.append(f"{g.count} {'transient ' if g.transient else ''}{g.kind} L{g.level}")
    extra = []
    if army.br_bonus:
        extra.append(f"Keep {army.br_bonus} (Battle Result +{army.br_bonus})")
    if army.melee_bonus:
        extra.append(f"melee +1 on {army.melee_bonus} dice")
    return ", ".join(parts) + (f" [{'; '.join(extra)}]" if extra else "")


def describe_dark_ages(b) -> str:
    first = b.variants[0]
    attacker = _dark_ages_army(first.armies[0])
    if len(b.variants) > 1:
        tokens = sum(v.weight for v in b.variants)
        defender = f"a random Barbarian token ({len(b.variants)} faces over {tokens} tokens)"
    else:
        defender = _dark_ages_army(first.armies[1])
    reinforce = [s for s, r in zip(("attacker", "defender"), b.reinforce, strict=True) if r]
    rest = [
        f"hits allocated {b.policies[0]} / {b.policies[1]}",
        f"Reinforce: {', '.join(reinforce) or 'nobody'}",
        "ties to the attacker (Module 9)" if b.attacker_wins_ties else "ties to the defender",
        f"a win is worth {first.vp_win} VP" if first.vp_win else "",
        f"theft {b.theft}" if b.theft else "",
    ]
    return f"attacker {attacker} | defender {defender} | battle " + ", ".join(r for r in rest if r)


def _hussars_side(options) -> str:
    from sim.games.hussars.army import describe

    armies = [describe(a) for _, a in options]
    if len(armies) == 1:
        return _counts(armies[0])
    keys = list(dict.fromkeys(k for a in armies for k in a))
    spans = []
    for k in keys:
        values = sorted({a.get(k, 0) for a in armies})
        spans.append(f"{k}={values[0]}..{values[-1]}" if len(values) > 1 else f"{k}={values[0]}")
    return f"{', '.join(spans)} ({len(armies)} compositions)"


def describe_hussars(s) -> str:
    c = s.conditions
    ground = [t for t in ("forest", "river", "peasants", "wasteland") if getattr(c, t)] or ["open ground"]
    where = f"fortress level {c.fortress}" + (" (inside)" if c.inside_fortress else "") if c.fortress else "field"
    if c.famine:
        where += f", {c.famine} famine"
    parts = [f"{s.mode} rules", where, ", ".join(ground)]
    loose = [side for side, on in zip(("attacker", "defender"), c.loose, strict=True) if on]
    parts.append(f"Loose Columns: {', '.join(loose) or 'nobody'}")
    stuck = [side for side, ok in zip(("attacker", "defender"), c.can_retreat, strict=True) if not ok]
    if stuck:
        parts.append(f"cannot retreat: {', '.join(stuck)}")
    if s.mode == "full":
        parts.append(f"hands {s.hands}, objective {s.objective}")
        for side, cards in zip(("attacker", "defender"), s.tactics, strict=True):
            if cards:
                parts.append(f"{side} tactics {', '.join(cards)}")
    return f"attacker {_hussars_side(s.attacker)} | defender {_hussars_side(s.defender)} | battle " + ", ".join(parts)


def hussars_line(scenario, what: str = "battle", engine: str = "") -> str:
    """The echo line of a parsed Hussars scenario (``sim tactics`` shares it with ``sim battle``)."""
    return f"Winged Hussars {what}: {describe_hussars(scenario)} | engine: {engine}"


def battle_line(result, exact: bool | None = None) -> str:
    """``Principes battle: attacker … | defender … | site … | engine …`` for a ``BattleResult``."""
    module = battle_module(result.game)
    parsed = module.scenario_from_dict(dict(result.scenario), "scenario", result.rules)
    game = GAMES[result.game]
    describe = game.load("describe_battle") if game.describe_battle else None
    body = describe(parsed) if describe else ", ".join(f"{k} {v}" for k, v in result.scenario.items())
    mc, solver = game.battle_engines if any(game.battle_engines) else ("Monte Carlo", "exact solver")
    exact = result.exact is not None if exact is None else exact
    overrides = [p.key for p in result.rules.provenance if p.source == "override"]
    rules = f"rules overridden: {', '.join(overrides)}" if overrides else "rules as in the rules file"
    engine = f"engine: {mc}" + (f"; {solver}" if exact else "")
    return f"{game_name(result.game)} battle: {body} | {rules} | {engine}"


# ----- full-game studies -----


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, (tuple, list, frozenset, set)):
        items = sorted(value) if isinstance(value, (frozenset, set)) else list(value)
        return ", ".join(_value(v) for v in items) or "none"
    if isinstance(value, dict):
        return ", ".join(f"{k} {_value(v)}" for k, v in value.items()) or "none"
    return str(value)


def plain_value(value: Any) -> str:
    """A setting in words for a report: ids as plain names (``polonia_maior`` → Polonia Maior)."""
    from sim.glossary import plain

    if isinstance(value, dict):
        return "; ".join(f"{plain(k)}: {plain_value(v)}" for k, v in value.items()) or "none"
    if isinstance(value, (tuple, list, frozenset, set)):
        items = sorted(value) if isinstance(value, (frozenset, set)) else list(value)
        return ", ".join(plain_value(v) for v in items) or "none"
    return plain(value) if isinstance(value, str) else _value(value)


SKIP = {"specs", "labels", "engine", "engine_reason", "experiment", "factions"}  # internals, or shown another way


def study_fields(parsed) -> dict[str, Any]:
    """The validated experiment's settings as plain values (defaults included), for the echo line and reports."""
    if parsed is None or not dataclasses.is_dataclass(parsed):
        return {}
    out: dict[str, Any] = {}
    names = [f.name for f in dataclasses.fields(parsed)]
    if "seats" in names and "labels" in names and "factions" in names:  # Principes: strategy id per Principality
        out["players"] = len(parsed.factions)
        out["seats"] = {f: parsed.labels[i] for f, i in zip(parsed.factions, parsed.seats, strict=False)}
    for name in names:
        if name in SKIP or name in out:
            continue
        value = getattr(parsed, name)
        if dataclasses.is_dataclass(value) or callable(value):
            continue
        if name in ("rules", "overrides"):
            value = {k: v for k, v in value} if value else {}
            name = "rules overridden"
        out[name] = value
    return out


def study_line(result) -> str:
    """``Principes study: seats …, rotate on, history off, … | engine: compiled full-game engine (numba)``."""
    parsed = result.extra.get("experiment")
    fields = study_fields(parsed)
    body = "; ".join(f"{k.replace('_', ' ')} {_value(v)}" for k, v in fields.items())
    engine = result.extra.get("engine")
    engine_text = STUDY_ENGINES.get(engine, engine or "the game's experiment engine")
    if engine == "reference" and result.extra.get("engine_reason"):  # why not the compiled one (sim.engine_choice)
        engine_text += ", because " + result.extra["engine_reason"]
    kind = type(parsed).__module__.rsplit(".", 1)[-1].replace("_", " ") if parsed is not None else "experiment"
    kind = "study" if kind in ("experiment", "multiplayer") else kind
    return f"{game_name(result.game)} {kind}: {body} | engine: {engine_text}"
