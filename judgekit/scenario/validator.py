"""Validating a scenario file's data against the Scenario model, with pydantic's core schema kept in the cache.

Building the validator of the ~50 scenario models is most of a cold `judgekit run`. Its core schema
depends only on the models' code and the pydantic version, so it is kept in judgekit's cache
(judgekit/cache.py, keyed by both) and later runs build the validator straight from it: the same
schema, so the same data out and the same errors. A schema that cannot be cached falls back to the
model's own validator.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pydantic
import pydantic_core

from judgekit import cache
from judgekit.scenario import model
from judgekit.scenario.model import Scenario


def validate_scenario(data: object) -> Scenario:
    """`Scenario.model_validate(data)`; raises pydantic's ValidationError."""
    return scenario_validator().validate_python(data)


@lru_cache(maxsize=1)
def scenario_validator():
    sources = sorted(Path(model.__file__).parent.glob("*.py"))
    name = f"scenario-schema-{pydantic.VERSION}-{pydantic_core.__version__}"
    try:
        return pydantic_core.SchemaValidator(cache.cached(name, sources, _core_schema))
    except Exception:  # a schema pydantic_core cannot rebuild from the cache: the model's own validator
        Scenario.model_rebuild()
        return Scenario.__pydantic_validator__


def _core_schema() -> dict:
    Scenario.model_rebuild()
    return Scenario.__pydantic_core_schema__
