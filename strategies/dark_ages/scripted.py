"""The interpreter for scripted plans: a plan is a YAML file of parameters and a priority list (Dominiate-style).

Each priority names an action and an intent, e.g. ``{build: farm}``, ``{manoeuvre: barbarians}``, optionally with
``when: {min_gold: 2, max_units: 6, ...}``. On its turn the plan takes the first priority with a legal move that
fits, ranked by the intent's own preference; when none fits, or when few Noble discs are left, it Passes.
"""

from __future__ import annotations

from pathlib import Path

from sim.config import CONFIG_DIR, read_yaml
from sim.errors import ConfigError
from sim.games.dark_ages.church import church_vp
from sim.games.dark_ages.costs import settle_cost
from sim.games.dark_ages.game.context import RESOURCES, UNIT_TYPES
from sim.schemas import check_plan
from sim.schemas.plans import dark_ages_params
from strategies.dark_ages.base import TRADE_ORDER, Strategy, group_strength, unit_value

PLAN_DIR = CONFIG_DIR / "dark_ages" / "strategies"
SCRIPTED = ("expansion", "culture", "military")
PARAMS = {"pass_at_nobles", "upkeep_gold_reserve", "attack_margin", "reactions", "card_types", "settle",
          "attack_capitals", "sell_all", "commander", "wyrd", "research_after_passes"}  # fmt: skip
# Module parameters: their values (the first is the default)
CHOICES = {
    "commander": ("with_unit", "alone", "never"),  # Module 6: hire with a unit's Recruit; also by a Commander-only
    # Recruit (taken first by a recruit priority); or never
    "wyrd": ("activate", "remove"),  # Module 8: activate a taken Wyrd card, or remove it unless it must be activated
}
INTENTS = {
    "build": ("city", "production", "church", "keep", "farm", "warehouse"),
    "development_of_culture": ("any",),
    "research": ("play", "raise", "military"),
    "recruit": ("infantry", "archer", "cavalry", "best"),
    "manoeuvre": ("expand", "barbarians", "players"),
}
CONDITIONS = {"min_gold", "max_units", "min_units", "max_cities", "min_resources", "max_farms"}


def load_plan(name: str, overrides: dict | None = None, path: str | Path | None = None) -> dict:
    """Read and check a plan file; ``overrides`` replace its ``params`` (experiment YAML ``strategy_params``)."""
    src = str(path or PLAN_DIR / f"{name}.yaml")
    raw = read_yaml(src)
    check_plan("dark_ages", raw, src)  # the file's shape and the parameters' kinds: sim/schemas/plans.py
    dark_ages_params(overrides or {}, raw.get("params") or {}, "strategy_params", name)
    params = dict(raw.get("params") or {})
    for key, value in (overrides or {}).items():
        if key not in PARAMS:
            raise ConfigError(src, f"params.{key}", f"one of {', '.join(sorted(PARAMS))}", key)
        params[key] = value
    unknown = set(params) - PARAMS
    if unknown:
        raise ConfigError(src, "params", f"keys among {', '.join(sorted(PARAMS))}", sorted(unknown))
    for key, allowed in CHOICES.items():
        if key in params and params[key] not in allowed:
            raise ConfigError(src, f"params.{key}", f"one of {', '.join(allowed)}", params[key])
    priorities = []
    for i, item in enumerate(raw.get("priorities") or []):
        when = dict(item.get("when") or {}) if isinstance(item, dict) else {}
        rest = {k: v for k, v in item.items() if k != "when"} if isinstance(item, dict) else {}
        if len(rest) != 1:
            raise ConfigError(src, f"priorities[{i}]", "one action: intent pair (and optional when)", item)
        ((action, intent),) = rest.items()
        if action not in INTENTS or intent not in INTENTS[action]:
            raise ConfigError(src, f"priorities[{i}].{action}", f"an intent of {', '.join(INTENTS)}", intent)
        if set(when) - CONDITIONS:
            raise ConfigError(src, f"priorities[{i}].when", f"conditions among {', '.join(sorted(CONDITIONS))}", when)
        priorities.append((action, intent, when))
    if not priorities:
        raise ConfigError(src, "priorities", "a non-empty priority list", raw.get("priorities"))
    return {"name": raw.get("name", name), "version": raw.get("version", 1), "params": params,
            "priorities": tuple(priorities)}  # fmt: skip


def barbarian_strength(game, seat, province) -> int:
    token = game.ctx.tokens[game.barbarians[province]]
    p = game.players[seat]
    extra = game.ctx.battle.trophy_units[min(p.trophies, len(game.ctx.battle.trophy_units) - 1)]
    return sum(n * unit_value(k, 1) for k, n in token.units.items()) + sum(unit_value(k, 1) for k in extra)


def defender_strength(game, seat, province) -> int:
    d = game.players[seat]
    farms = game.farms.get(province, (seat, 0))[1]
    units = tuple(d.units.get(province, {}).items())
    return group_strength(units, d.military) + farms + (province in game.cities) + 2 * game.keeps.get(province, 0)


class Scripted(Strategy):
    def __init__(self, name: str, plan: dict):
        self.name = name
        self.plan = plan
        self.params = plan["params"]

    # --- turn ---
    def choose_action(self, game, seat, options, can_pass):
        p = game.players[seat]
        if can_pass and p.nobles_free <= self.params.get("pass_at_nobles", 0):
            return None
        move = self._first(game, seat, options)
        if move is not None or can_pass:
            return move
        for action in ("development_of_culture", "manoeuvre", "build", "research", "recruit"):
            if action in options:
                return options[action][0]
        return None

    def repeat_with_title(self, game, seat, action, options):
        return self._first(game, seat, {action: options}) if options else None

    def _first(self, game, seat, options):
        # research_after_passes (from the rollout searcher's most frequent change, issue 20): no Research priority
        # before the plan's own k-th Pass, where the searcher builds, manoeuvres or develops Culture instead
        early = game.players[seat].passes < self.params.get("research_after_passes", 0)
        for action, intent, when in self.plan["priorities"]:
            if action == "research" and early:
                continue
            if action in options and (not when or self._holds(game, seat, when)):
                move = getattr(self, f"_{action}")(game, seat, intent, options[action])
                if move is not None:
                    return move
        return None

    def _holds(self, game, seat, when) -> bool:
        """Every condition of a priority's ``when`` holds (checked in order, stopping at the first that fails)."""
        p = game.players[seat]
        for k, v in when.items():
            if k == "min_gold":
                ok = p.gold >= v
            elif k == "max_units":
                ok = p.units_in_play() <= v
            elif k == "min_units":
                ok = p.units_in_play() >= v
            elif k == "max_cities":
                ok = len(game.controlled(seat) & game.cities) <= v
            elif k == "min_resources":
                ok = sum(p.res.values()) >= v
            elif k == "max_farms":
                ok = p.farms_off <= v
            else:
                raise KeyError(k)
            if not ok:
                return False
        return True

    # --- intents: each returns the preferred legal move of its kind, or None ---
    def _build(self, game, seat, intent, moves):
        moves = [m for m in moves if m[1] == intent]
        if not moves:
            return None
        if intent == "city":  # settled Provinces first (a Farm keeps the City), then richer resources
            return max(
                moves, key=lambda m: (m[2] in game.farms, RESOURCES.index(game.ctx.board.province(m[2]).resource))
            )
        if intent == "production":
            return max(moves, key=lambda m: (game.ctx.board.province(m[2]).resource == m[3], RESOURCES.index(m[3])))
        if intent == "church":
            return max(moves, key=lambda m: church_vp(game.ctx.board, m[2], game.churches, game.ctx.rules["church_vp"]))
        if intent == "keep":
            mine = game.controlled(seat)
            return max(moves, key=lambda m: sum(q in mine for q in game.ctx.board.neighbours(m[2])))
        return moves[0]

    def _development_of_culture(self, game, seat, intent, moves):
        order = self.params.get("card_types") or ["common_technology", "military_technology", "cognomen", "relic"]
        rank = {t: i for i, t in enumerate(order)}
        cards = game.ctx.deck.cards
        best = min(moves, key=lambda m: (rank.get(cards[game.offer[m[1]]].type, len(rank)), -m[1]))
        return best if cards[game.offer[best[1]]].type in rank else None

    def _research(self, game, seat, intent, moves):
        moves = [m for m in moves if m[1] == intent]
        if not moves:
            return None
        if intent == "raise":
            cards = game.ctx.deck.cards
            p = game.players[seat]
            return max(moves, key=lambda m: cards[m[2]].levels[p.techs[m[2]]].vp)
        if intent == "military":
            return max(moves, key=lambda m: (m[3][1], UNIT_TYPES.index(m[3][0])))
        return moves[0]

    def _recruit(self, game, seat, intent, moves):
        p = game.players[seat]
        hires = [m for m in moves if m[1] not in UNIT_TYPES]  # Module 6: a Recruit hiring only a Commander
        if hires:
            if self.params.get("commander") == "alone":
                return max(hires, key=lambda m: m[2])
            moves = [m for m in moves if m[1] in UNIT_TYPES]
            if not moves:
                return None
        if intent == "best":
            kind = max({m[1] for m in moves}, key=lambda k: (p.military[k], UNIT_TYPES.index(k)))
        else:
            kind = intent
        moves = [m for m in moves if m[1] == kind]
        if not moves:
            return None
        board = game.ctx.board
        return max(moves, key=lambda m: (sum(q in game.barbarians for q in board.neighbours(m[2])), m[2]))

    def _manoeuvre(self, game, seat, intent, moves):
        p = game.players[seat]
        if game.mods:  # Module 6: plans never move a Commander alone (it goes with its army)
            moves = [m for m in moves if all(k in UNIT_TYPES for k, _ in m[3])]
        margin = self.params.get("attack_margin", 1)
        if intent == "expand":  # into an empty Province, leaving a unit behind where no Farm holds the source
            fits = [
                m for m in moves
                if m[2] not in game.barbarians and game.controller(m[2]) is None
                and (m[1] in game.farms or sum(n for _, n in m[3]) < sum(p.units[m[1]].values()))
            ]  # fmt: skip
            return min(fits, key=lambda m: (settle_cost(game.ctx.board, p.ruler, m[2]), m[2])) if fits else None
        if intent == "barbarians":
            fits = [
                m
                for m in moves
                if m[2] in game.barbarians
                and group_strength(m[3], p.military) >= barbarian_strength(game, seat, m[2]) + margin
            ]
            return max(fits, key=lambda m: group_strength(m[3], p.military)) if fits else None
        fits = []
        for m in moves:
            owner = game.controller(m[2])
            if owner is None or owner == seat or m[2] in game.barbarians:
                continue
            if m[2] == game.players[owner].capital and not self.params.get("attack_capitals", False):
                continue
            if group_strength(m[3], p.military) >= defender_strength(game, owner, m[2]) + margin:
                fits.append(m)
        return max(fits, key=lambda m: group_strength(m[3], p.military)) if fits else None

    # --- the small choices ---
    def settle(self, game, seat, options):
        if not self.params.get("settle", True):
            return None
        p = game.players[seat]
        return min(options, key=lambda m: (settle_cost(game.ctx.board, p.ruler, m[1]), m[1]))

    def react(self, game, seat, options):
        order = self.params.get("reactions") or []
        by_kind: dict[str, list] = {}
        for m in options:
            by_kind.setdefault(m[1], []).append(m)
        p = game.players[seat]
        for kind in order + sorted(by_kind):
            moves = by_kind.get(kind)
            if not moves:
                continue
            if kind == "recruit":
                inner = self._recruit(game, seat, "best", [m[2] for m in moves])
                return ("react", "recruit", inner) if inner else moves[0]
            if kind in ("wood_or_stone", "wood_or_leather"):
                return min(moves, key=lambda m: p.res[m[2]])
            if kind == "sell_goods":
                culture = [m for m in moves if m[2] == "culture"]
                if culture:
                    return min(culture, key=lambda m: TRADE_ORDER.index(m[3]))
                return moves[0]
            if kind == "cultural_exchange":
                buys = [m for m in moves if m[2] == "buy"]
                return buys[-1] if buys and p.gold >= 2 else moves[0]
            return moves[0]
        return options[0]

    def upkeep_gold(self, game, seat, excess):
        return max(0, game.players[seat].gold - self.params.get("upkeep_gold_reserve", 2))

    def hire_commander(self, game, seat):
        return self.params.get("commander", "with_unit") != "never"

    def wyrd_activate(self, game, seat, card, forced):
        return forced or self.params.get("wyrd", "activate") == "activate"

    def sell(self, game, seat, n):
        if not self.params.get("sell_all", False):
            return super().sell(game, seat, n)
        p = game.players[seat]
        out, left = [], dict(p.res)
        for r in TRADE_ORDER:
            while left[r] > 0 and len(out) < n:
                out.append(r)
                left[r] -= 1
        return out
