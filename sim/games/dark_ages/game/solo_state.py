"""Module 1 (Lordlings and Raiders) state: the Lordling deck, Preparation tokens, the Raiding Party and target,
and the difficulty switches. The solo game reuses ``Game``: the human is seat 0, the Lordlings seat 1."""

from __future__ import annotations

from dataclasses import dataclass, field

HUMAN, LORDLINGS = 0, 1
# Adjusting the Difficulty: each option is a separate switch
EASIER = ("lordling_city_vp_only", "lordling_tech_1vp")
HARDER = (
    "raider_cards_harder",
    "lordling_title_vp",
    "lordling_culture_3",
    "lordling_red_space_vp",
    "lordling_cognomen_10",
    "raiders_attack_at_trigger",
    "barbarians_cumulative",
    "raider_upgrade_on_loss",
)
OPTIONS = EASIER + HARDER


@dataclass
class SoloState:
    rules: dict  # solo.yaml (``Context.solo``)
    options: frozenset[str]
    deck: list[str]  # the Lordling deck, top card first
    discard: list[str] = field(default_factory=list)  # resolved Lordling cards, most recent last
    prep: set[str] = field(default_factory=set)  # actions with a Preparation token (research, manoeuvre)
    techs: int = 0  # Common Technologies collected by the Lordlings
    raider_levels: dict[str, int] = field(default_factory=dict)  # unit type → level (solo.yaml raiders.start_level)
    party: list[str] = field(default_factory=list)  # Raider units on the Raiding Party card
    party_tokens: list[int] = field(default_factory=list)  # tokens whose units are in the party
    token_pool: list[int] = field(default_factory=list)  # Barbarian tokens not on the board, in random order
    map_pool: list[int] | None = None  # Module 7: the Skirmisher tokens left for the map (None: token_pool)
    target: str | None = None  # the Raiding Target marker's Province; None = on the Ruler card
    raids_off: bool = False  # the final round: no Raider attacks, no Raid counterattacks
    raided_at_end: bool = False
    raider_attacks: int = 0

    def has(self, option: str) -> bool:
        return option in self.options

    def board_pool(self) -> list[int]:
        """The tokens that go onto the map (the Raiding Party's pool unless Module 7 splits them)."""
        return self.token_pool if self.map_pool is None else self.map_pool
