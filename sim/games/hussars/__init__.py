"""Winged Hussars and Cossacks: simplified and Tactic-card battles, equilibria, and character odds."""

from sim.games.game import Demo, Game

GAME = Game(
    id="hussars",
    name="Winged Hussars",
    title="Winged Hussars and Cossacks",
    factions=("ostrogski", "wisniowiecki", "korecki", "danilowicz"),  # the families (families.yaml)
    battle="sim.games.hussars.battle",
    battle_help="A Winged Hussars and Cossacks battle, simplified rules (the default) or full rules with Tactic cards "
    "(--mode full: each pair of hands played at its equilibrium). Counts may be ranges (cossack=2..5) when a side's "
    "size is uncertain. Example: sim battle hussars --mode full --hands random --attacker winged_hussar=2,pancerni=2 "
    "--defender cossack=6",
    battle_engines=("every ending enumerated exactly, then sampled by the Monte Carlo kernel",
                    "exact: the enumeration itself"),  # fmt: skip
    describe_battle="sim.echo:describe_hussars",
    experiment="sim.games.hussars.experiment",
    scenario_schema="sim.schemas.hussars:Scenario",
    resolve="strategies.hussars:resolve",
    commands=("sim.games.hussars.cli",),
    form="sim.serve.forms:hussars",
    warm={"mode": "full", "attacker": {"pancerni": 1}, "defender": {"cossack": 1}},
    balance={"families": "sim.games.hussars.balance:Hussars"},
    verdict="sim.games.hussars.verdict",
    demo=Demo("family-balance.yaml", 2_000, "battle-rules.yaml", None, "family-balance-ladder"),
)
