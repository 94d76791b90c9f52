"""Dark Ages: Holy Roman Empire: the battle calculator, the full game (reference ``game/`` and compiled ``fast/``)
and its studies."""

from sim.games.game import Demo, Game

GAME = Game(
    id="dark_ages",
    name="Dark Ages",
    title="Dark Ages: Holy Roman Empire",
    factions=("conrad_the_red", "arnulf_the_bad", "boleslaus_the_cruel", "berengar_of_ivrea", "tomislav",
              "pandulf_ironhead", "gero_the_great", "marozia", "henry_the_fowler"),  # the Rulers (rulers.yaml)
    battle="sim.games.dark_ages.battle",
    battle_help="A Dark Ages battle (volley, charge, melee): armies with their Military Technology levels, Farms, a "
    "City and Keeps, or a Barbarian army or token. Prints P(attacker wins) and losses with 95% intervals; --exact "
    "adds the exact answer. Example: sim battle dark_ages --attacker cavalry=2,archer=1 --defender infantry=3 "
    "--city --keep 2 --exact",
    battle_engines=("compiled Monte Carlo kernel (numba) over precomputed phase tables",
                    "exact: dynamic programme over the phase states"),  # fmt: skip
    describe_battle="sim.echo:describe_dark_ages",
    side_keys={"tech": "tech", "faction": "faction", "keeps": "keeps", "policy": "policy"},
    experiment="sim.games.dark_ages.experiment",
    scenario_schema="sim.schemas.dark_ages:Scenario",
    modes="sim.schemas.dark_ages:MODES",
    plan_schema="sim.schemas.plans:DarkAgesPlanFile",
    resolve="strategies.dark_ages:resolve",
    balance={"multiplayer": "sim.games.dark_ages.balance:DarkAges",
             "solo": "sim.games.dark_ages.balance:DarkAgesSolo"},  # fmt: skip
    ladder="sim.games.dark_ages.ladder",
    verdict="sim.games.dark_ages.verdict",
    commands=("sim.games.dark_ages.cli",),
    form="sim.serve.forms:dark_ages",
    warm={"attacker": {"units": {"infantry": 1}}, "defender": {"units": {"infantry": 1}}},
    demo=Demo("ruler-balance.yaml", 4_000, "module-effects.yaml", "ruler-balance-3p-pooled",
              "ruler-balance-3p-ladder"),  # fmt: skip
)
