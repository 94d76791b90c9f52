"""Errors that cross process boundaries, and plan parameters checked against their plan class."""

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
    tuned = "faction-balance/br-masovia-r3"  # tax_max_gold: a number in its file
    derived = {"name": "derived", "uses": tuned, "params": {"tax_max_gold": None}}
    seats = {"polonia_maior": "builder", "masovia": derived, "polonia_minor": "politician", "silesia": "conqueror"}
    assert experiment_from_dict({"seats": seats, "history": False}, "exp.yaml").factions
    bad = {**seats, "masovia": {"name": "derived", "uses": tuned, "params": {"council_hold": "many"}}}
    with pytest.raises(ConfigError) as caught:  # a kind the class gives (a number) is still checked
        experiment_from_dict({"seats": bad, "history": False}, "exp.yaml")
    assert caught.value.key.endswith("masovia.params.council_hold")


def test_a_parameter_off_by_default_takes_null_or_a_number_in_a_seat_and_in_a_plan_file(tmp_path):
    """``tax_max_gold`` / ``council_leads`` are null (off) by default; a word there was a TypeError deep in a game
    ("internal error"), now one line naming the file and key."""
    from strategies.principes import resolve

    seats = {"polonia_maior": "builder", "masovia": "builder", "polonia_minor": "politician", "silesia": "conqueror"}
    for value in (None, 6):
        seat = {"name": "x", "uses": "builder", "params": {"tax_max_gold": value, "council_leads": value}}
        assert experiment_from_dict({"seats": {**seats, "masovia": seat}, "history": False}, "exp.yaml").factions
    seat = {"name": "x", "uses": "builder", "params": {"tax_max_gold": "many"}}
    with pytest.raises(ConfigError) as caught:
        experiment_from_dict({"seats": {**seats, "masovia": seat}, "history": False}, "exp.yaml")
    assert caught.value.key == "seats.masovia.params.tax_max_gold" and caught.value.expected == "a number"
    plan = tmp_path / "my-plan.yaml"
    plan.write_text("uses: builder\nparams:\n  council_leads: three\n")
    with pytest.raises(ConfigError) as caught:
        resolve(str(plan))
    assert (caught.value.source, caught.value.key) == (str(plan), "params.council_leads")
    plan.write_text("uses: builder\nparams:\n  council_leads: 2\n  tax_max_gold: null\n")
    assert resolve(str(plan))[2]["council_leads"] == 2
