"""Principes: the battle calculator, the full game (reference ``game/`` and compiled ``fast/``) and its studies."""

from sim.games.game import Demo, Game

GAME = Game(
    id="principes",
    name="Principes",
    title="Principes",
    factions=("polonia_maior", "masovia", "polonia_minor", "silesia"),
    battle="sim.games.principes.battle",
    battle_help="A Principes battle (Battle Order, pp. 18-19): armies, the settlement, Castle, Battle Cards, faction "
    "abilities and tiles. Prints P(attacker wins) and each side's losses with 95% intervals; --exact adds the exact "
    "answer. Example: sim battle principes --attacker knight=3,footman=2 --defender knight=2,footman=1 --site city "
    "--attacker-cards either=2 --defender-cards shield=1 --exact",
    battle_engines=("compiled Monte Carlo kernel (numba) over the final die states",
                    "exact: probability pushed through every die choice and card play"),  # fmt: skip
    describe_battle="sim.echo:describe_principes",
    experiment="sim.games.principes.experiment",
    scenario_schema="sim.schemas.principes:Scenario",
    modes="sim.schemas.principes:MODES",
    plan_schema="sim.schemas.plans:PrincipesPlanFile",
    resolve="strategies.principes:resolve",
    balance={"multiplayer": "sim.games.principes.balance:Principes",
             "solo": "sim.games.principes.balance:PrincipesSolo"},  # fmt: skip
    ladder="sim.games.principes.ladder",
    verdict="sim.games.principes.verdict",
    form="sim.serve.forms:principes",
    warm={"attacker": {"knight": 1}, "defender": {"footman": 1}},
    demo=Demo("faction-balance-full.yaml", 4_000, "module-effects.yaml", "faction-balance-full-council",
              "faction-balance-full-ladder"),  # fmt: skip
)
