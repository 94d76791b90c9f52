"""The History Cards blanked one by one (``history-card-effects``) on the compiled engine: a blanked card's icons do
nothing (``fast.setup.BLANKED``, the reference's ``history.deck.SKIP``), the same deal and stream; the same games as
the reference state by state; the study's numbers the same on both engines; ``engine: auto`` sends it to the
compiled engine.

Rulebook, Round Order 5: "the icons on the revealed History Card are resolved" (top first), "NOTE: In the final
Round of the game, the icons on the revealed History Card are NOT resolved": a blanked card's Round skips that step.
"""

import dataclasses

import numpy as np
import pytest

from sim.config import read_yaml
from sim.experiments import run_experiment
from sim.games.principes import experiment, module_effects
from sim.games.principes.fast import chunk
from sim.games.principes.game.history.deck import SKIP, cards
from sim.rng import experiment_key

from .lockstep_helpers import lockstep
from .test_fast_games import MIX

KEY = experiment_key(41)
STUDY = "configs/principes/experiments/history-card-effects.yaml"


def blanked(card: str, seats=MIX):
    ex = experiment.experiment_from_dict({"seats": seats, "history": True}, "test.yaml")
    assert ex.engine == "fast", ex.engine_reason
    return dataclasses.replace(ex, variants=ex.variants | {SKIP + card})


def games_revealing(card: str, n: int) -> list[int]:
    """The first ``n`` games (History on, not blanked) that reveal ``card`` in Rounds I-V (its icons resolve)."""
    ex = blanked(card)
    ex = dataclasses.replace(ex, variants=ex.variants - {SKIP + card})
    names = tuple(cards())
    _, deals = chunk.run_listed(ex, KEY, np.arange(400))
    hits = [g for g, d in enumerate(deals) if names.index(card) in d[:5]]
    assert len(hits) >= n
    return hits[:n]


def check_card(card: str, n: int):
    games = games_revealing(card, n)
    lockstep(blanked(card), KEY, games)  # raises on the first differing field
    live, _ = chunk.run_listed(dataclasses.replace(blanked(card), variants=frozenset()), KEY, np.array(games))
    dead, _ = chunk.run_listed(blanked(card), KEY, np.array(games))
    return live, dead


@pytest.mark.parametrize("card", ["death_of_mesco", "battle_of_legnicium", "call_of_conrad"])
def test_a_blanked_card_plays_the_reference_games_state_by_state(card):
    live, dead = check_card(card, 4)
    assert (live != dead).any()  # blanking changed the games (a no-op blank would not)


@pytest.mark.full
@pytest.mark.parametrize("card", tuple(cards()))
def test_every_blanked_card_plays_the_reference_games_state_by_state(card):
    check_card(card, 12)


def test_the_study_on_the_compiled_engine_is_each_card_live_minus_blanked_in_every_game():
    """Each card's change is won with it live minus won with it blanked, over every game: the study replays only the
    games that resolve the card, so blanking it in every other game must change nothing."""
    seats = {"polonia_maior": "builder", "masovia": "conqueror", "silesia": "politician"}
    raw = {"game": "principes", "mode": "module_effects", "players": 3, "modules": {"history_cards": True},
           "seats": seats}  # fmt: skip
    n, seed = 30, 3
    data = run_experiment(raw, games=n, seed=seed).to_json()
    on = experiment.experiment_from_dict({"players": 3, "seats": seats, "history": True}, "test.yaml")
    key, games = experiment_key(seed), np.arange(n)
    won, deals = chunk.run_listed(on, key, games)
    names, changed = tuple(cards()), 0
    for q, card in enumerate(names):
        blank, _ = chunk.run_listed(dataclasses.replace(on, variants=on.variants | {SKIP + card}), key, games)
        effect = data["history_card_effects"][card]
        for j, p in enumerate(on.factions):
            change = (np.sum(won[:, 0] == j) - np.sum(blank[:, 0] == j)) / n
            assert effect["win_rate_change"][p] == pytest.approx(change, abs=2e-6), (card, p)
        differ = int(np.sum((won != blank).any(axis=1)))
        assert differ <= effect["games_resolved"] <= int(np.sum((deals[:, :5] == q).any(axis=1)))
        changed += differ
    assert changed > 0  # some blanked card changed some game


def test_engine_auto_sends_the_study_to_the_compiled_engine():
    raw = {k: v for k, v in read_yaml(STUDY).items() if k not in ("game", "title", "question", "games", "seed")}
    assert module_effects.experiment_from_dict(raw, STUDY).engine == "fast"
    assert module_effects.experiment_from_dict({**raw, "engine": "fast"}, STUDY).engine == "fast"
    assert module_effects.experiment_from_dict({**raw, "engine": "reference"}, STUDY).engine == "reference"
    with_history = {**raw, "modules": {"history": True, "history_cards": True}}
    assert module_effects.experiment_from_dict(with_history, STUDY).engine == "fast"
