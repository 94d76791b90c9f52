"""What a plan may know: the public position, and its own secrets.

"Public Information (In Plain View): Income, Upkeep, Prestige Level, Happiness and XL on the Family Board are always
visible to all players. Negative Influence tokens and Favour cards must be kept outside the Player Screen." "Players'
Gold and positive Influence tokens are hidden ... The cards in a player's hand are secret." "Army and fortress
compositions remain hidden beneath the active Crest token. Players who are not Enemies of the Commonwealth may
inspect the field armies of Automated Magnates." A plan reads the board (estates, markers, where armies stand and
how many tokens they have), the tracks and the Crime Track, its own treasury, hand and tokens, and nothing else;
``tests/games/hussars/test_plans.py`` checks that changing another seat's secrets never changes a decision.
"""

from __future__ import annotations

from sim.games.hussars.game import armies, law, victory
from sim.games.hussars.game.state import OH, VP_CATS


def visible_strength(g, s: int, a: int, hidden_eff: float) -> float:
    """Effectiveness of army ``a`` as seat ``s`` can judge it: its own and the Other Houses' exactly, any other
    hidden army as its tokens × ``hidden_eff``."""
    st, rules = g.state, g.rules
    force = st.a_force[a]
    if force == s or (force == OH and not law.is_outlaw(st, rules, s)):
        return armies.effectiveness(rules, st.a_units[a])
    return armies.army_tokens(st, a) * hidden_eff


def public_score(g, s: int) -> int:
    """A seat's VP as every player can count them: all categories but the hidden treasury."""
    cats = victory.categories(g.state, g.rules, s)
    return sum(v for i, v in enumerate(cats) if VP_CATS[i] != "treasury")


def rival_leader(g, s: int) -> int:
    """The other seat with the most public VP (ties: the earlier place on the track), or -1."""
    st = g.state
    best, top = -1, None
    for other in st.track:
        if other < 0 or other == s or not st.active[other]:
            continue
        score = public_score(g, other)
        if top is None or score > top:
            best, top = other, score
    return best
