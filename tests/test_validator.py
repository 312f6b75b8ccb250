"""The scenario validator built from the cached core schema reads every file as the model itself does."""
from __future__ import annotations

import pytest
from pydantic import ValidationError

from judgekit.scenario.model import Scenario
from judgekit.scenario.validator import scenario_validator, validate_scenario
from judgekit.scenario.yaml_lines import load_lined, read_text
from tests.conftest import SCENARIOS

FILES = sorted(SCENARIOS.rglob("*.yaml"))
BAD = ["scenario: t\nplayers: {alice: {hnad: []}, bob: {}}\n",
       "scenario: t\nplayers: {alice: {deck: -1, gigs: [d7=2]}, bob: {}}\nactions: [{play: x, call: y}]\n",
       "players: {a: {}, b: {}, c: {}}\n"]


def test_the_cached_validator_is_pydantic_cores_not_the_models_fallback():
    assert type(scenario_validator()).__name__ == "SchemaValidator"


def test_every_shipped_scenario_validates_to_the_same_model_as_the_model_itself_gives():
    for path in FILES:
        data = load_lined(read_text(path), str(path)).data
        assert validate_scenario(data) == Scenario.model_validate(data), path


@pytest.mark.parametrize("text", BAD)
def test_bad_input_gives_the_same_errors_as_the_model_itself(text):
    data = load_lined(text, "f.yaml").data
    with pytest.raises(ValidationError) as cached:
        validate_scenario(data)
    with pytest.raises(ValidationError) as direct:
        Scenario.model_validate(data)
    assert cached.value.errors(include_context=False) == direct.value.errors(include_context=False)
