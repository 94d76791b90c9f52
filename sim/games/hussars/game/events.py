"""Event Phase – Summer: expedition rewards and returns, then Event cards up to the first Major event.

"Rewards and Returns: Award rewards from expedition cards. Troops returning from expeditions receive a March token."
"New Events: Resolve Event cards one by one from the top of the stack until the first Major Event (featuring a light
background) is resolved." "In the first round, skip to step 3 (new events)." "Cards displaying a crossed-out '1st
round' icon cannot be resolved during the first round of the game. If such a card is drawn in round 1, set it aside
and draw another. After this Event Phase, shuffle it back into the middle of the deck" (read: each at a uniform
place among the undrawn cards). "If a revealed Event card requires it, conduct a lease auction." No card of the
assumed deck has the Hourglass icon, so every card leaves at the next Event Phase.
"""

from __future__ import annotations

from sim.games.hussars.game import bidding, expeditions, tatars, unrest
from sim.games.hussars.game.ruleset import EVENT_KINDS


def event_phase(g) -> None:
    st, rules = g.state, g.rules
    if st.round > 1:
        expeditions.rewards(g)
    aside = []
    defended = [False]
    while st.ev_top < st.ev_len:
        kind, param = st.ev_kind[st.ev_top], st.ev_param[st.ev_top]
        st.ev_top += 1
        if kind < len(EVENT_KINDS) and st.round == 1 and not rules.event_kinds[EVENT_KINDS[kind]]["first_round"]:
            aside.append((kind, param))
            continue
        resolve(g, kind, param, defended)
        if kind < len(EVENT_KINDS) and rules.event_kinds[EVENT_KINDS[kind]]["major"]:
            break
    for kind, param in aside:
        expeditions.insert(g, kind, param)


def resolve(g, kind: int, param: int, defended: list[bool]) -> None:
    st, rules = g.state, g.rules
    if kind == expeditions.DEBT:
        expeditions.repay(g, param)
        return
    name = EVENT_KINDS[kind]
    spec = rules.event_kinds[name]
    if name == "besh_bash":
        tatars.arrive(g)
    elif name in ("sefer", "chambul"):
        expeditions.swift_support(g, spec["attacks"], defended)
    elif name == "expedition":
        expeditions.open_front(g, param, spec["hetman"])
    elif name == "lease_auction":
        bidding.lease_auction(g, param)
    elif name == "migration":
        st.bank_bright += spec["peasants"]
    elif name in ("unrest", "peace"):
        unrest.change_overall(g, spec["happiness"])
