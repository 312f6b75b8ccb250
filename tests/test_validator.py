"""The scenario validator built from the cached core schema reads every file as the models themselves do,
giving light records (judgekit/scenario/records.py) in place of model objects."""
from __future__ import annotations

import itertools

import pytest
from pydantic import ValidationError

from judgekit.scenario import validator
from judgekit.scenario.model import Scenario
from judgekit.scenario.records import Record
from judgekit.scenario.validator import scenario_validator, uses_light_records, validate_scenario
from judgekit.scenario.yaml_lines import load_lined, read_text
from tests.conftest import SCENARIOS

FILES = sorted(SCENARIOS.rglob("*.yaml"))
BAD = ["scenario: t\nplayers: {alice: {hnad: []}, bob: {}}\n",
       "scenario: t\nplayers: {alice: {deck: -1, gigs: [d7=2]}, bob: {}}\nactions: [{play: x, call: y}]\n",
       "players: {a: {}, b: {}, c: {}}\n",
       "scenario: t\nplayers: {a: {gigs: [d6=9, {die: d4, value: 7}]}, b: {}}\nknown_failure: {reason: r}\n",
       "scenario: t\nplayers: {a: {}, b: {}}\ncards: [{name: X, type: [Spell], cost: -1, effects: "
       "[{when: play, quick: true, do: [{draw: 1, trash: x}, {adjust: {gig: d6, up_to: true, set: 2}}]}]}]\n"
       "actions: [{adjust: {gig: d6, increase: 1, set: 2}}, {attack: x, react: [{block: a, call: b}]}]\n"]
DUMPS = [dict(zip(("by_alias", "exclude_none", "exclude_defaults"), flags))
         for flags in itertools.product((False, True), repeat=3)]


def test_the_cached_validator_is_pydantic_cores_with_light_records_not_the_models_fallback():
    assert type(scenario_validator()).__name__ == "SchemaValidator"
    assert uses_light_records(), ("a scenario model's validator or property uses what the cached schema cannot "
                                  "keep (a closure, super(), a pydantic object): " + validator.why_not_light())
    assert validator.why_not_light() == ""
    assert isinstance(validate_scenario(load_lined(read_text(FILES[0]), "f.yaml").data), Record)


def test_every_shipped_scenario_validates_to_the_same_data_as_the_model_itself_gives():
    for path in FILES:
        data = load_lined(read_text(path), str(path)).data
        light, model = validate_scenario(data), Scenario.model_validate(data)
        for flags in DUMPS:
            assert light.model_dump(**flags) == model.model_dump(**flags), (path, flags)


def test_a_light_record_answers_as_its_model_does():
    data = load_lined(read_text(SCENARIOS / "examples" / "legend-trigger-after-removal.yaml"), "f.yaml").data
    light, model = validate_scenario(data), Scenario.model_validate(data)
    action, model_action = light.actions[0], model.actions[0]
    assert type(action).__name__ == "ActionSpec" and action.verb == model_action.verb
    assert dict(light.cards[0]).keys() == dict(model.cards[0]).keys()
    assert light.model_copy() == light and light.model_copy() is not light
    placement = validator.scenario_class("CardPlacement").model_construct(card="Goro Takemura", gear=[])
    assert (placement.card, placement.spent, placement.face_up, placement.gear) == ("Goro Takemura", False, None, [])


@pytest.mark.parametrize("text", BAD)
def test_bad_input_gives_the_same_errors_as_the_model_itself(text):
    data = load_lined(text, "f.yaml").data
    with pytest.raises(ValidationError) as cached:
        validate_scenario(data)
    with pytest.raises(ValidationError) as direct:
        Scenario.model_validate(data)
    assert cached.value.errors(include_context=False) == direct.value.errors(include_context=False)


def test_without_the_cached_schema_the_models_themselves_validate_and_the_ruling_is_the_same(monkeypatch, book):
    from judgekit.ruling import ruling, run_scenario
    from judgekit.scenario.build import build_file
    path = SCENARIOS / "examples" / "legend-trigger-after-removal.yaml"
    light = build_file(path, book)
    monkeypatch.setattr(validator, "_light_validator", lambda: None)
    scenario_validator.cache_clear()
    try:
        assert not uses_light_records()
        direct = build_file(path, book)
        assert isinstance(direct.scenario, Scenario)
        assert ruling(direct, run_scenario(direct), book, None) == ruling(light, run_scenario(light), book, None)
    finally:
        scenario_validator.cache_clear()
