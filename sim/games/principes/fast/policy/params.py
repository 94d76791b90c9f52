"""The built-in strategies compiled to parameter rows: the twin of ``strategies.principes`` (``resolve``, ``make``).

``compile_strategy(uses, params)`` turns a strategy spec into an int row and a float row (offsets ``P_*`` /
``F_*``); it raises ``Unsupported`` for anything but ``random``, ``builder``, ``conqueror`` and ``politician`` with
parameters of the kinds their defaults have. The scripted plans (``strategies/principes/scripted.py``) are priority
lists and thresholds, so the policies (``scripted``) read them from the row; ``random`` (``random_legal``) picks
uniformly from the same legal lists, built in the same order, as the reference.
"""

from __future__ import annotations

import numpy as np

from sim.games.principes.fast.state import ACTIONS, BUILDINGS, NTILES, Unsupported, tile_ids
from sim.games.principes.game import effects
from sim.games.principes.game.princesses import MISSIONS
from strategies.principes import STRATEGIES, make

RANDOM, SCRIPTED, SOLO = 0, 1, 2
SOLO_PLAN = "strategies.principes.solo:SoloPlanner"  # compiled for solo games only (``solo=True``)
MAXPRIO, MAXBUILD = 12, 6
P_KIND = 0
P_NPRIO = 1
P_PRIO = 2
P_TAX_MIN = P_PRIO + MAXPRIO
P_ARMY = P_TAX_MIN + 1
P_RESERVE = P_ARMY + 1
P_ATT_PLAYERS = P_RESERVE + 1
P_ATT_NEUTRAL = P_ATT_PLAYERS + 1
P_PRINCE_MOVES = P_ATT_NEUTRAL + 1
P_INDULGENCE = P_PRINCE_MOVES + 1
P_DESTROY = P_INDULGENCE + 1
P_FOUND = P_DESTROY + 1
P_MAXB = P_FOUND + 1
P_NBUILD = P_MAXB + 1
P_BUILD = P_NBUILD + 1
P_COUNCIL_LEADS = P_BUILD + MAXBUILD
P_DRAW_COURT = P_COUNCIL_LEADS + 1
P_BLOCK = P_DRAW_COURT + 1
P_PROGRESS = P_BLOCK + 1
P_SELL = P_PROGRESS + 1
P_LATE = P_SELL + 1
P_COURT_BEFORE = P_LATE + 1  # bit a set: Court Cards played for their text before action a (``court_text_before``)
P_COURT_MAX = P_COURT_BEFORE + 1
P_NPRINCESS = P_COURT_MAX + 1  # ``princess``: mission kinds in order (0 own_capital, 1 rival_capital, 2 neighbor)
P_PRINCESS = P_NPRINCESS + 1  # (MAXPRIO,)
P_NB_PLAY = P_PRINCESS + MAXPRIO  # Neighbors (scripted.py ``neighbor_*``)
P_NB_WEAKEST = P_NB_PLAY + 1  # neighbor_target: 1 weakest, 0 leader
P_NB_BLOCK = P_NB_WEAKEST + 1
P_NB_DRAWS = P_NB_BLOCK + 1
P_NB_DESTROY = P_NB_DRAWS + 1
P_NWISH = P_NB_DESTROY + 1  # printed tiles (``progress: tiles``): the length of ``tile_wishlist``
P_RANK = P_NWISH + 1  # (NTILES,) each printed tile's place on the wishlist (P_NWISH when not on it)
P_PROGRESS_RANK = P_RANK + NTILES  # ``progress_rank``: where Progress moves up to when a wished tile is on offer
P_TAKE_TILES = P_PROGRESS_RANK + 1
P_NEWMECH = P_TAKE_TILES + 1  # ``new_mechanisms``: the action to play the Progress token as, -1 none
P_SPEND = P_NEWMECH + 1  # ``spend_leftover``: the last Rounds in which the plan spends its gold, 0 off
P_SPEND_RESERVE = P_SPEND + 1  # ``spend_reserve``: the gold kept then
P_TAX_MAX = P_SPEND_RESERVE + 1  # ``tax_max_gold``: Taxes only below this gold, -1 always
P_EARLY_ROUNDS = P_TAX_MAX + 1  # the solo plan (``strategies.principes.solo``): Rounds with ``early_priorities``
P_NEARLY = P_EARLY_ROUNDS + 1
P_EARLY = P_NEARLY + 1  # (MAXPRIO,)
P_CAPITAL_BONUS = P_EARLY + MAXPRIO
P_HOLD_SWORDS = P_CAPITAL_BONUS + 1
P_KEEP_NB = P_HOLD_SWORDS + 1
P_LEAD_EARLY = P_KEEP_NB + 1  # ``lead_early``: the action the plan leads with before ``lead_switch``, -1 none
P_LEAD_LATE = P_LEAD_EARLY + 1  # ``lead_late``: from Round ``lead_switch`` on, -1 none
P_LEAD_SWITCH = P_LEAD_LATE + 1
P_LEAD_GOLD = P_LEAD_SWITCH + 1  # ``lead_min_gold``: only while holding this much gold
P_COUNCIL_HOLD = P_LEAD_GOLD + 1  # ``council_hold``: Rounds before the final one without a Council, 0 off
P_COUNCIL_FINAL = P_COUNCIL_HOLD + 1  # ``council_final``: a Council in the final Round unless the Princeps
# no plan parameters: the rollout searcher's choices inside its own actions (``fast.search``, ``actions: true``)
P_TARGET = P_COUNCIL_FINAL + 1  # Movement: T_OWN the plan's own target, T_HOLD none, T_LAND + the land to move into
P_POLITICS = P_TARGET + 1  # Politics: T_OWN the plan's choice, T_COUNCIL, T_DRAW + the Court Cards to draw
NPI = P_POLITICS + 1
T_OWN, T_HOLD, T_LAND = 0, 1, 2
T_COUNCIL, T_DRAW = 1, 2
MAXWISH = 100
F_RATIO, F_WEAKEST, F_MOVE_SHARE, F_PLAY_SHARE, F_COURT_SHARE = range(5)
F_NB_RATIO, F_NB_RESERVE, F_NB_MIN_VALUE, F_NB_SHARE = range(5, 9)
F_WIN_PROB = 9  # ``attack_win_prob``: attack a defended land above these exact odds, 0 off
NPF = 10
COUNCIL = -1


def _num(name, value, integer=True):
    ok = isinstance(value, int) if integer else isinstance(value, int | float)
    if isinstance(value, bool) or not ok:
        raise Unsupported(f"parameter {name} = {value!r}: the fast engine needs a {'whole ' if integer else ''}number")
    return value


def _flag(name, value):
    if not isinstance(value, bool | int):
        raise Unsupported(f"parameter {name} = {value!r}: the fast engine needs true or false")
    return int(bool(value))


def compile_strategy(uses: str, params: dict, rules=None, solo: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """A built-in strategy with its parameters as (int row (NPI,), float row (NPF,)); ``Unsupported`` otherwise.
    ``rules`` (a ``setup.GameRules``; None: the bundled files) names the printed tiles of the wishlist; ``solo``:
    a solo game, which also plays the solo plan (``SOLO_PLAN``)."""
    if uses == "rollout":  # a searcher's row is its policy's (its search settings: ``fast.search.search_tables``)
        from strategies.principes import playout_policy

        uses, params = playout_policy(params)
    if solo and uses == SOLO_PLAN:
        return _compile_solo(params, rules)
    if uses not in STRATEGIES:
        raise Unsupported(
            f"strategy {uses!r} is not built in (the fast engine ports random, builder, conqueror, politician"
            + (", solo)" if solo else "; solo games also the solo plan)")
        )
    return _compile(uses, make(uses, params).p, rules)


def _priorities(name: str, prio) -> list[int]:
    if not isinstance(prio, list | tuple) or len(prio) > MAXPRIO or any(a not in ACTIONS for a in prio):
        raise Unsupported(f"{name} {prio!r}: at most {MAXPRIO} of {', '.join(ACTIONS)}")
    return [ACTIONS.index(a) for a in prio]


def _compile_solo(params: dict, rules) -> tuple[np.ndarray, np.ndarray]:
    """``strategies.principes.solo.SoloPlanner``: the scripted plan's row with its own parameters."""
    from strategies.principes.solo import SoloPlanner

    p = SoloPlanner(**params).p
    ints, floats = _compile("builder", p, rules)
    ints[P_KIND] = SOLO
    ints[P_EARLY_ROUNDS] = _num("early_rounds", p["early_rounds"])
    early = _priorities("early_priorities", p["early_priorities"])
    ints[P_NEARLY] = len(early)
    ints[P_EARLY : P_EARLY + len(early)] = early
    ints[P_CAPITAL_BONUS] = _num("capital_bonus", p["capital_bonus"])
    ints[P_HOLD_SWORDS] = _num("hold_swords", p["hold_swords"])
    ints[P_KEEP_NB] = _num("keep_neighbor", p["keep_neighbor"])
    return ints, floats


def _compile(uses: str, p: dict, rules) -> tuple[np.ndarray, np.ndarray]:
    """The row of a strategy's resolved parameters ``p``."""
    ints = np.zeros(NPI, np.int64)
    floats = np.zeros(NPF, np.float64)
    if uses == "random":
        ints[P_KIND] = RANDOM
        floats[F_MOVE_SHARE] = _num("move_share", p["move_share"], False)
        floats[F_PLAY_SHARE] = _num("play_share", p["play_share"], False)
        floats[F_COURT_SHARE] = _num("court_share", p["court_share"], False)
        floats[F_NB_SHARE] = _num("neighbor_share", p["neighbor_share"], False)
        return ints, floats
    ints[P_KIND] = SCRIPTED
    prio = _priorities("priorities", p["priorities"])
    ints[P_NPRIO] = len(prio)
    ints[P_PRIO : P_PRIO + len(prio)] = prio
    ints[P_TAX_MIN] = _num("tax_min_people", p["tax_min_people"])
    ints[P_ARMY] = _num("army_target", p["army_target"])
    ints[P_RESERVE] = _num("gold_reserve", p["gold_reserve"])
    for key, slot in (
        ("attack_players", P_ATT_PLAYERS),
        ("attack_neutral", P_ATT_NEUTRAL),
        ("prince_moves", P_PRINCE_MOVES),
        ("indulgence", P_INDULGENCE),
        ("destroy", P_DESTROY),
        ("found_cities", P_FOUND),
        ("block_councils", P_BLOCK),
        ("progress", P_PROGRESS),
        ("sell_battle_cards", P_SELL),
        ("late_council", P_LATE),
        ("council_final", P_COUNCIL_FINAL),
    ):
        ints[slot] = _flag(key, p[key])
    ints[P_MAXB] = _num("max_buildings", p["max_buildings"])
    kinds = p["buildings"]
    if not isinstance(kinds, list | tuple) or len(kinds) > MAXBUILD or any(k not in BUILDINGS[1:] for k in kinds):
        raise Unsupported(f"buildings {kinds!r}: at most {MAXBUILD} of castle, tiltyard, abbey")
    ints[P_NBUILD] = len(kinds)
    ints[P_BUILD : P_BUILD + len(kinds)] = [BUILDINGS.index(k) for k in kinds]
    leads = p["council_leads"]
    ints[P_COUNCIL_LEADS] = 0 if leads is None else _num("council_leads", leads)
    ints[P_DRAW_COURT] = _num("draw_court", p["draw_court"])
    if not 0 <= ints[P_DRAW_COURT] <= 3:
        raise Unsupported(f"draw_court = {ints[P_DRAW_COURT]}: 0 to 3")
    before = p["court_text_before"]
    if not isinstance(before, list | tuple) or any(a not in ACTIONS for a in before):
        raise Unsupported(f"court_text_before {before!r}: a list of {', '.join(ACTIONS)}")
    ints[P_COURT_BEFORE] = sum(1 << ACTIONS.index(a) for a in set(before))
    ints[P_COURT_MAX] = _num("court_text_max", p["court_text_max"])
    if ints[P_COURT_MAX] < 0:
        raise Unsupported(f"court_text_max = {ints[P_COURT_MAX]}: at least 0")
    kinds = p["princess"]
    if not isinstance(kinds, list | tuple) or len(kinds) > MAXPRIO or any(k not in MISSIONS for k in kinds):
        raise Unsupported(f"princess {kinds!r}: at most {MAXPRIO} of {', '.join(MISSIONS)}")
    ints[P_NPRINCESS] = len(kinds)
    ints[P_PRINCESS : P_PRINCESS + len(kinds)] = [MISSIONS.index(k) for k in kinds]
    target = p["neighbor_target"]
    if not isinstance(target, str):
        raise Unsupported(f"neighbor_target {target!r}: leader or weakest")
    ints[P_NB_WEAKEST] = target == "weakest"  # ``neighbors.rivals``: anything else is the leader
    for key, slot in (("neighbor_play", P_NB_PLAY), ("neighbor_block", P_NB_BLOCK), ("neighbor_destroy", P_NB_DESTROY)):
        ints[slot] = _flag(key, p[key])
    ints[P_NB_DRAWS] = _num("neighbor_draws", p["neighbor_draws"])
    floats[F_NB_RATIO] = _num("neighbor_ratio", p["neighbor_ratio"], False)
    floats[F_NB_RESERVE] = _num("neighbor_reserve", p["neighbor_reserve"], False)
    floats[F_NB_MIN_VALUE] = _num("neighbor_min_value", p["neighbor_min_value"], False)
    _compile_tiles(ints, p, rules)
    floats[F_RATIO] = _num("attack_ratio", p["attack_ratio"], False)
    floats[F_WEAKEST] = _num("prefer_weakest", p["prefer_weakest"], False)
    floats[F_WIN_PROB] = _num("attack_win_prob", p["attack_win_prob"], False)
    ints[P_SPEND] = _num("spend_leftover", p["spend_leftover"])
    ints[P_SPEND_RESERVE] = _num("spend_reserve", p["spend_reserve"])
    cap = p["tax_max_gold"]
    ints[P_TAX_MAX] = -1 if cap is None else _num("tax_max_gold", cap)
    if cap is not None and cap < 0:
        raise Unsupported(f"tax_max_gold = {cap}: null or at least 0")
    for key, slot in (("lead_early", P_LEAD_EARLY), ("lead_late", P_LEAD_LATE)):
        lead = p[key]
        if lead is not None and lead not in ACTIONS:
            raise Unsupported(f"{key} {lead!r}: null or one of {', '.join(ACTIONS)}")
        ints[slot] = -1 if lead is None else ACTIONS.index(lead)
    ints[P_LEAD_SWITCH] = _num("lead_switch", p["lead_switch"])
    ints[P_LEAD_GOLD] = _num("lead_min_gold", p["lead_min_gold"])
    ints[P_COUNCIL_HOLD] = _num("council_hold", p["council_hold"])
    return ints, floats


def _compile_tiles(ints: np.ndarray, p: dict, rules) -> None:
    """The printed tiles' parameters (read only with ``progress: tiles``): each tile's place on the wishlist
    (``scripted.Scripted.rank``)."""
    wish = p["tile_wishlist"]
    if not isinstance(wish, list | tuple) or len(wish) > MAXWISH or not all(isinstance(w, str) for w in wish):
        raise Unsupported(f"tile_wishlist {wish!r}: a list of at most {MAXWISH} tile names")
    cat = effects.catalogue(rules)
    ints[P_NWISH] = len(wish)
    for t, tile in enumerate(tile_ids(effects.values(rules, "game")["progress"]["colors"], rules)):
        name = cat[tile]["name"]
        ints[P_RANK + t] = list(wish).index(name) if name in wish else len(wish)
    ints[P_PROGRESS_RANK] = _num("progress_rank", p["progress_rank"])
    if ints[P_PROGRESS_RANK] < 0:
        raise Unsupported(f"progress_rank = {ints[P_PROGRESS_RANK]}: at least 0")
    ints[P_TAKE_TILES] = _flag("take_tiles", p["take_tiles"])
    alt = p["new_mechanisms"]
    if alt is not None and (alt not in ACTIONS or alt == "progress"):
        raise Unsupported(f"new_mechanisms {alt!r}: null or one of {', '.join(ACTIONS[1:])}")
    ints[P_NEWMECH] = -1 if alt is None else ACTIONS.index(alt)
