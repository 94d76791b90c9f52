"""The core's hook points into the optional modules: each function asks the installed module objects
(``game.mods``) for one hook, so the core never imports a module. ``game/modules`` feeds ``game.mods``
(``modules.install``) and documents every hook; this registry is the one-way link: core → hooks ← modules.
"""

from __future__ import annotations


def emit(game, hook: str, *args) -> None:
    for m in game.mods:
        f = getattr(m, hook, None)
        if f is not None:
            f(game, *args)


def final_vp(game, seat: int) -> int:
    return sum(m.final_vp(game, seat) for m in game.mods if hasattr(m, "final_vp"))


def ready_titles(game, seat: int) -> set[str]:
    out: set[str] = set()
    for m in game.mods or ():
        if hasattr(m, "ready_titles"):
            out |= m.ready_titles(game, seat)
    return out


def card_taken(game, seat: int, card: str) -> bool:
    """Every module sees the card (a Wyrd card may be attached to a Travels of Benjamin card)."""
    return any([m.card_taken(game, seat, card) for m in game.mods if hasattr(m, "card_taken")])


def lordling_card(game, card: str) -> bool:
    return any([m.lordling_card(game, card) for m in game.mods if hasattr(m, "lordling_card")])


def extra_slots(game, seat: int) -> list[int]:
    return sorted({s for m in game.mods if hasattr(m, "extra_slots") for s in m.extra_slots(game, seat)})


def farms_away(game, seat: int) -> int:
    return sum(m.farms_away(game, seat) for m in game.mods or () if hasattr(m, "farms_away"))


def extra_farm(game, seat: int, province: str) -> bool:
    return any(m.extra_farm(game, seat, province) for m in game.mods if hasattr(m, "extra_farm"))


def extra_farms(game, seat: int) -> int:
    return sum(m.extra_farms(game, seat) for m in game.mods or () if hasattr(m, "extra_farms"))


def units_away(game, seat: int, kind: str) -> int:
    return sum(m.units_away(game, seat, kind) for m in game.mods or () if hasattr(m, "units_away"))


def battle_effects(game, seat: int) -> list[dict]:
    return [e for m in game.mods if hasattr(m, "battle_effects") for e in m.battle_effects(game, seat)]


def end_trigger(game) -> str | None:
    for m in game.mods:
        why = m.end_trigger(game) if hasattr(m, "end_trigger") else None
        if why is not None:
            return why
    return None


def manoeuvres(game, seat: int, groups) -> list[tuple]:
    return [mv for m in game.mods if hasattr(m, "manoeuvres") for mv in m.manoeuvres(game, seat, groups)]


def attacker_retreat(game, seat: int, src: str, dst: str) -> str | None:
    for m in game.mods:
        if hasattr(m, "attacker_retreat"):
            return m.attacker_retreat(game, seat, src, dst)
    return src


def settle_cost(game, seat: int, province: str, cost: int) -> int:
    for m in game.mods:
        if hasattr(m, "settle_cost"):
            cost = m.settle_cost(game, seat, province, cost)
    return cost


def recruits(game, seat: int, homes: list[str]) -> list[tuple]:
    return [mv for m in game.mods if hasattr(m, "recruits") for mv in m.recruits(game, seat, homes)]


def turn_action(game, seat: int) -> bool:
    return any(m.turn_action(game, seat) for m in game.mods if hasattr(m, "turn_action"))


def bonus(game, hook: str, seat: int, province: str) -> int:
    """The sum of an integer hook (``defence_bonus``, ``recruit_discount``) over the modules."""
    return sum(getattr(m, hook)(game, seat, province) for m in game.mods if hasattr(m, hook))
