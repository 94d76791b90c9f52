"""Errors that cross process boundaries and plan parameters checked against their plan class."""

import pickle

import pytest

from sim.errors import ConfigError
from sim.games.principes.experiment import experiment_from_dict


def test_a_config_error_raised_in_a_worker_crosses_back_whole():
    # joblib pickles a worker's exception; before, unpickling called ConfigError(message) and the pool broke
    err = pickle.loads(pickle.dumps(ConfigError("balance", "seats.masovia.params.x", "a number", None)))
    fields = (err.source, err.key, err.expected, err.found)
    assert isinstance(err, ConfigError) and fields == ("balance", "seats.masovia.params.x", "a number", None)
    assert str(err) == str(ConfigError("balance", "seats.masovia.params.x", "a number", None))


def test_a_parameter_keeps_its_plan_classs_kind_not_its_tuned_bases_value():
    """``tax_max_gold: null`` ("always collect Taxes", the class default) is valid on a seat built on a tuned plan
    whose own value is a number, as sim balance writes derived plans."""
    tuned = "faction-balance-br-masovia-r3"  # tax_max_gold: a number in its file
    derived = {"name": "derived", "uses": tuned, "params": {"tax_max_gold": None}}
    seats = {"polonia_maior": "builder", "masovia": derived, "polonia_minor": "politician", "silesia": "conqueror"}
    assert experiment_from_dict({"seats": seats, "history": False}, "exp.yaml").factions
    bad = {**seats, "masovia": {"name": "derived", "uses": tuned, "params": {"council_hold": "many"}}}
    with pytest.raises(ConfigError) as caught:  # a kind the class gives (a number) is still checked
        experiment_from_dict({"seats": bad, "history": False}, "exp.yaml")
    assert caught.value.key.endswith("masovia.params.council_hold")
