"""What the Attack deck lets an enemy army do, and who decides: the machinery the Tatars and rebels share.

"Automated enemies have no cards. The player immediately after them on the Turn Order Track (not the Hetman) draws
and resolves 1 Attack card per enemy army ... If no player is positioned after the enemy on the Turn Order Track, the
first player draws instead. A shield with a number on an Attack card (e.g. ≤3, 3–4, 5+) is a condition: it shows
how many army tokens the card or its option applies to. The player resolving the card chooses the target named on it
... within the army's movement range. If the army cannot carry out the card's action, place the card at the bottom
of the deck and draw the next one." "After resolving the card, shuffle it back into the deck."
"""

from __future__ import annotations

from sim.games.hussars.game import armies, law, movement
from sim.games.hussars.game.state import NS, ON_MAP, REBELS, TATARS


def controller(g, force: int) -> int:
    """The seat that resolves the enemy's Attack cards."""
    st = g.state
    pos = [i for i, f in enumerate(st.order) if f == force]
    if pos:
        for f in st.order[pos[0] + 1 :]:
            if 0 <= f < NS:
                return f
    return st.track[0]


def budget(g, a: int) -> int:
    return movement.speed(g, a) + g.rules.values["action_phase"]["extra_mp"]


def settled(st, f: int) -> bool:
    return st.owner[f] >= 0 and (st.bright[f] + st.incited[f] > 0 or st.town[f])


def reach(g, a: int, f: int, reserve: int) -> bool:
    return movement.distances(g, a)[g.state.a_field[a]][f] <= budget(g, a) - reserve


def army_targets(g, a: int, allowed) -> list[int]:
    """Armies in reach that the enemy may attack (``allowed(force)``), by distance then slot."""
    st = g.state
    out = [b for b in range(len(st.a_force)) if st.a_force[b] >= 0 and st.a_force[b] not in (TATARS, REBELS)
           and st.a_away[b] == ON_MAP and armies.army_tokens(st, b) > 0 and allowed(st.a_force[b])
           and reach(g, a, st.a_field[b], 0)]  # fmt: skip
    d = movement.distances(g, a)[st.a_field[a]]
    return sorted(out, key=lambda b: (d[st.a_field[b]], b))


def draw(g, a: int, side: int, options_for) -> tuple[str, list[int]] | None:
    """Draw Attack cards for army ``a`` (side 0 green, 1 blue) until one can be carried out: (action, its targets).
    A card that cannot be carried out goes to the bottom; a card carried out is shuffled back into the deck."""
    st = g.state
    n = armies.army_tokens(st, a)
    for _ in range(len(st.attack)):
        card = st.attack[0]
        spec = g.rules.attack_deck[card][side]
        options = options_for(spec.action) if spec.tokens[0] <= n <= spec.tokens[1] else []
        if options:
            g.rng.shuffle(st.attack)
            return spec.action, options
        st.attack = st.attack[1:] + [card]
    return None


def choose(g, force: int, a: int, action: str, options: list[int]) -> int:
    """The controlling player's choice among the card's targets."""
    s = controller(g, force)
    i = g.plans[s].attack_target(g, s, a, action, options)
    if not isinstance(i, int) or not 0 <= i < len(options):
        g.refuse(f"attack target {i}")
        i = 0
    return options[i]


def not_enemy(g):
    return lambda force: not law.is_enemy(g.state, g.rules, force)
