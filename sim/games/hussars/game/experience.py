"""Experience Points and XL: XP gains, the Advancement Cost and the Level-Up Rewards.

"Each new Level costs as many XP as its number (Level 1 = 1 XP, Level 2 = 2 XP, and so on). Spent XP is removed
from the figure's Experience tokens, so going from Level 0 to Level 5 costs 15 XP in total." XP is spent as soon as
it covers the next Level (assumed: the rulebook lets the player spend it; no plan here would wait). Each Level
gained gives one reward: a basic Knowledge card from the track, or a Tactic card; "You cannot take a Knowledge or
Tactics card you already hold." "After the turn, once play passes to the next Force, the player chooses one reward":
rewards earned are counted (``rewards_due``) and chosen by ``settle_rewards`` when a Force's turn (or a phase) ends.
"""

from __future__ import annotations


def advancement_cost(level: int) -> int:
    """XP to reach ``level`` from the level below it."""
    return level


def levels_for(xp: int, xl: int = 0, max_xl: int = 10) -> tuple[int, int]:
    """(XL reached, XP left) spending ``xp`` from ``xl`` upwards."""
    while xl < max_xl and xp >= advancement_cost(xl + 1):
        xp -= advancement_cost(xl + 1)
        xl += 1
    return xl, xp


def tactic_deck(rules) -> list[int]:
    """The Commonwealth Tactic cards a family can hold (the rules.yaml hands deck), as tactic indices."""
    names = list(rules.battle.tactics)
    return [names.index(n) for n, c in rules.battle.values["hands"]["deck"].items() if c > 0]


def reward_options(g, s: int) -> list[tuple[str, int]]:
    """Every reward the seat may take now: ("knowledge", card type) and ("tactic", tactic index), in index order."""
    st = g.state
    out = [("knowledge", c) for c in range(st.dims.nc) if st.knowledge_left[c] > 0 and st.knowledge[s][c] == 0]
    out += [("tactic", t) for t in tactic_deck(g.rules) if not st.tactics[s][t]]
    return out


def take_reward(g, s: int, choice) -> None:
    st = g.state
    if choice is None or tuple(choice) not in reward_options(g, s):
        if choice is not None:
            g.refuse(f"reward {choice}")
        return
    kind, i = choice
    if kind == "knowledge":
        st.knowledge_left[i] -= 1
        st.knowledge[s][i] += 1
        st.hand[s][i] += 1
    else:
        st.tactics[s][i] = 1


def gain(g, s: int, n: int) -> None:
    """The Magnate of seat ``s`` gains ``n`` XP and advances as far as it covers, one reward per Level."""
    st = g.state
    if n <= 0 or not st.active[s]:
        return
    st.xp[s] += n
    top = g.rules.values["experience"]["max_xl"]
    while st.xl[s] < top and st.xp[s] >= advancement_cost(st.xl[s] + 1):
        st.xp[s] -= advancement_cost(st.xl[s] + 1)
        st.xl[s] += 1
        st.rewards_due[s] += 1


def settle_rewards(g) -> None:
    """Every seat (in seat order) chooses the rewards it has earned."""
    st = g.state
    for s in range(len(st.rewards_due)):
        while st.rewards_due[s] > 0:
            st.rewards_due[s] -= 1
            take_reward(g, s, g.plans[s].reward(g, s))
