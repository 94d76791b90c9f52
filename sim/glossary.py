"""What every metric means, in one line, and the plain names of ids (factions, win types, metrics).

``sim explain METRIC`` prints an entry; tables print a legend of the metrics they show (``legend``); reports and
the Python API name things with ``plain``. A metric is looked up by its full dotted name first, then by its
root (``mean_lost.attacker`` → ``mean_lost``), so per-side and per-unit rows share one entry.
"""

from __future__ import annotations

import re

# metric root → one line. Battles first (every game), then full-game studies.
GLOSSARY: dict[str, str] = {
    # battles, every game
    "attacker_win": "P(the attacker wins the battle), over all trials; with its 95% Wilson interval.",
    "defender_win": "P(the defender wins the battle): 1 − P(attacker wins) where a battle always has a winner.",
    "no_winner": "Hussars: P(neither side wins), e.g. a simplified tie (both take hits) or a standoff.",
    "tie": "Dark Ages: P(equal Battle Results); ties go to the defender unless battle.attacker_wins_ties.",
    "mean_lost": "Mean units a side loses in one battle (Dark Ages: its own units only, transients not counted; "
    "Hussars: tokens destroyed, captured Artillery included).",
    "standing": "Principes: the distribution of a side's units still standing after the battle (% of battles).",
    "outcome": "Principes: how the battle was decided (Battle Order 5): annihilation, more toppled, or the "
    "defender holds.",
    "gold_looted": "Principes: mean Gold a side takes from its opponent per battle (a coin on its final die, "
    "Battle Order 3).",
    "cards_spent": "Principes: mean Battle Cards a side plays in phase 4 per battle.",
    "prince_toppled": "Principes: P(the side's Prince is toppled).",
    "die_choices": "Principes: how often a side rerolls its die (Masovia) or flips it (Learning Chess).",
    # Dark Ages battles
    "mean_killed": "Dark Ages: mean units of a side killed, transient units (Farm Infantry, City Archer, "
    "Barbarian trophy units) included; mean_lost counts only the side's own units.",
    "battle_result": "Dark Ages: the distribution of a side's Battle Result (surviving units' levels plus its "
    "Keep), % of battles.",
    "battle_result_margin": "Dark Ages: the distribution of attacker's minus defender's Battle Result.",
    "survivors": "Dark Ages: mean surviving units of a side, by unit type (transient_… = Farm, City or trophy "
    "units).",
    "reinforce_played": "Dark Ages: P(a side plays its Reinforce card, +1 on one die).",
    "expected_vp": "Dark Ages: the attacker's expected VP from the battle (P(win) × the VP a win is worth).",
    "expected_theft": "Dark Ages: expected Gold or resources stolen by an attacker winning in a Capital.",
    "per_token": "Dark Ages: odds against each Barbarian token face: token_N:units:reward; tokens = how many of "
    "the pool's tokens show that face.",
    "reward_won": "Dark Ages: P(the attacker wins and takes each kind of token reward).",
    # Hussars battles
    "endings": "Hussars: how many distinct endings the exact enumeration found (a count, not a probability).",
    "attacker_after": "Hussars: the attacker's expected tokens after the battle by unit:veteran:wounded, e.g. "
    "pancerni:veteran:wounded = veteran Pancerni left wounded.",
    "defender_after": "Hussars: the defender's expected tokens after the battle, keyed as attacker_after.",
    "mean_spoils": "Hussars: mean Gold or Influence a side takes: 1 per enemy token destroyed (Spoils).",
    "mean_captured_artillery": "Hussars: mean enemy Artillery a side captures.",
    "promotion": "Hussars: P(each veteran swap a side may make after the battle, e.g. light_cavalry>pancerni).",
    "tabor_siege": "Hussars: P(the attacker may now besiege the defender's Tabor).",
    "equilibrium": "Hussars full rules: each side's optimal mix of Tactic cards and the game's value (what the "
    "objective is worth to the attacker when both play optimally).",
    # full-game studies
    "win_rate": "Full games: the share of games a faction (Ruler, Principality) played that it won, with its "
    "95% interval; tied winners each count a win.",
    "parity": "Full games: a faction's fair share of wins, 1 / players averaged over the games it played.",
    "vs_parity": "Full games: win rate minus parity, in percentage points (pts).",
    "win_type": "Full games: how games end, the share of each end trigger.",
    "draw_rate": "Principes: the share of games nobody wins.",
    "shared_win": "Dark Ages: the share of games won by tied players; each tied winner counts a win, so win "
    "rates add up to more than 100%.",
    "mean_rounds": "Full games: mean game length in rounds (Dark Ages: Passes ÷ players).",
    "mean_turns": "Dark Ages: mean game length in player turns.",
    "mean_actions": "Principes: mean actions played per game.",
    "strategy_win_rate": "Full games: the share of its seats a strategy (scripted plan) won.",
    "win_rate_by_strategy": "Full games: the share of its seats a strategy (scripted plan) won.",
    "strategy_matrix": "Full games: win rate and games of each strategy × faction pair.",
    "score_by_category": "Dark Ages: mean VP a player scores in each scoring category.",
    "titles": "Dark Ages final scoring: the VP on each Title card a player holds at the end ('Score the VP value "
    "shown on each Title card you control').",
    "title_claims": "Dark Ages, during play: the VP for establishing a Title, scored once, by whoever claims it "
    "first ('If you are the first to claim a Title, score the depicted VP'); a Title kept to the end scores twice.",
    "balance": "Ludii's balance metrics: balance (1 − spread of win rates), completion (games with a winner), "
    "drawishness, duration.",
    "illegal_actions": "Principes: decisions the engine rejected (the action is skipped); 0 for the built-in plans.",
    "module_effects": "Full games: each module on against all off, on the same games: the paired change in each "
    "faction's win rate, with its 95% interval.",
}

# ids whose plain name is not just the words of the id
NAMES = {
    "princeps_after_round_vi": "Princeps after Round VI",
    "last_prince": "last Prince standing",
    "culture_track": "Culture Track end",
    "technologies": "Technologies end",
    "deck": "deck runs out",
    "random_legal": "Random legal",
    "attacker_win": "P(attacker wins)",
    "defender_win": "P(defender wins)",
    "no_winner": "P(no winner)",
    "mean_lost": "units lost",
    "mean_killed": "units killed (transients too)",
    "vs_parity": "vs parity",
    "win_rate": "win rate",
}
SMALL = {"of", "the", "von", "de", "and", "in", "vs", "after"}
ROMAN = re.compile(r"^(i|ii|iii|iv|v|vi|vii|viii|ix|x)$")


def plain(name: object) -> str:
    """An id in words: ``polonia_minor`` → "Polonia Minor", ``princeps_after_round_vi`` → "Princeps after Round
    VI"; other text passes through."""
    text = str(name)
    if text in NAMES:
        return NAMES[text]
    if not re.fullmatch(r"[a-z0-9_]+", text):
        return text
    words = text.split("_")
    out = []
    for i, w in enumerate(words):
        if ROMAN.match(w) and i:
            out.append(w.upper())
        elif w in SMALL and i:
            out.append(w)
        else:
            out.append(w.capitalize())
    return " ".join(out)


def lookup(metric: str) -> str | None:
    """The entry of a metric: by its full name, then by each shorter dotted prefix, then without ``_ci95``."""
    name = metric.removesuffix("_ci95")
    parts = name.split(".")
    for k in range(len(parts), 0, -1):
        key = ".".join(parts[:k])
        if key in GLOSSARY:
            return GLOSSARY[key]
        if key.removesuffix("_ci95") in GLOSSARY:
            return GLOSSARY[key.removesuffix("_ci95")]
    return None


def legend(metrics, name=None) -> list[str]:
    """One line per metric root shown (in the order first shown), for the foot of a table; ``name`` turns the id
    into the label the table shows (reports: plain words)."""
    roots = list(dict.fromkeys(m.split(".")[0].removesuffix("_ci95") for m in metrics))
    lines = []
    for root in roots:
        entry = lookup(root)
        if entry is not None:
            lines.append(f"{name(root) if name else root}: {entry}")
    return lines


def pts(points: float) -> str:
    """Percentage points with their sign: +15.0 pts."""
    return f"{points:+.1f} pts"
