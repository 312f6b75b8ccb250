"""Validating a scenario file's data: pydantic's core schema of the Scenario model, kept in the cache.

Defining the ~60 scenario model classes and building their validator is most of a cold `judgekit
run`. The core schema depends only on the models' code and the pydantic version, so it is kept in
judgekit's cache (judgekit/cache.py, keyed by both and by Python's version) with each model class
replaced by a light class (judgekit/scenario/records.py) and each validator or property of a model
rebuilt from its code: later runs validate without defining a single pydantic model class. The
schema is the models' own, so the same data comes out and the same errors. Anything that cannot be
kept that way falls back to the models' own validator.
"""
from __future__ import annotations

import importlib
import io
import marshal
import sys
import types
from functools import lru_cache
from pathlib import Path

import pydantic_core

from judgekit import cache
from judgekit.scenario import records

MODELS = "judgekit.scenario.model"  # the package of the pydantic models: the single source of truth
MODEL_FILES = Path(__file__).parent / "model"


def validate_scenario(data: object):
    """`Scenario.model_validate(data)`, as light records; raises pydantic's ValidationError."""
    return scenario_validator().validate_python(data)


@lru_cache(maxsize=1)
def scenario_validator():
    return _light_validator() or _model_validator()


def _light_validator():
    """The validator from the cached schema of light records, or None when it cannot be had."""
    sources = [*sorted(MODEL_FILES.glob("*.py")), Path(records.__file__), Path(__file__)]
    name = f"scenario-records-{pydantic_core.__version__}-{sys.implementation.cache_tag}"
    try:
        data = cache.cached(name, sources, _light_schema)
        if not data:
            return None
        schema = cache.loads(data)
        records.attach_schemas(schema)
        return pydantic_core.SchemaValidator(schema)
    except Exception:  # a schema pydantic_core cannot rebuild from the cache: the models' own validator
        return None


def uses_light_records() -> bool:
    """Whether validation gives light records (else the pydantic models themselves)."""
    return not _is_model_validator(scenario_validator())


def scenario_class(name: str) -> type:
    """The class validation gives for the model `name`: its light class, or the model itself."""
    if uses_light_records():
        return records.record_class(name)
    return getattr(importlib.import_module(MODELS), name)


def _is_model_validator(validator) -> bool:
    model = sys.modules.get(MODELS)
    return model is not None and validator is getattr(model.Scenario, "__pydantic_validator__", None)


def _model_validator():
    from judgekit.scenario.model import Scenario
    Scenario.model_rebuild()
    return Scenario.__pydantic_validator__


class NotLight(Exception):
    """Something in the models' schema cannot be kept without the model classes."""


def why_not_light() -> str:
    """Why the models' schema cannot be kept as light records ("" when it can): for a failing test to say."""
    try:
        _light_schema(strict=True)
    except Exception as error:
        return f"{type(error).__name__}: {error}"
    return ""


def _light_schema(strict: bool = False) -> bytes | None:
    import pickle
    from judgekit.scenario.model import Scenario

    class Pickler(pickle.Pickler):
        reducer_override = staticmethod(_light_reduction)

    Scenario.model_rebuild()
    buffer = io.BytesIO()
    try:
        Pickler(buffer).dump(_for_validation(Scenario.__pydantic_core_schema__))
    except (NotLight, pickle.PicklingError, TypeError, AttributeError):
        if strict:
            raise
        return None
    return buffer.getvalue()


def _for_validation(schema):
    """The schema without what only serialization and JSON Schema use (they refer to pydantic itself)."""
    if isinstance(schema, dict):
        typed = isinstance(schema.get("type"), str)
        return {k: _for_validation(v) for k, v in schema.items()
                if not (typed and k in ("metadata", "serialization"))}
    if isinstance(schema, list):
        return [_for_validation(v) for v in schema]
    return schema


def _from_models(thing) -> bool:
    return (getattr(thing, "__module__", None) or "").startswith(MODELS)


def _names(code: types.CodeType) -> set[str]:
    """Every global a function's code may read, its comprehensions' included."""
    names = set(code.co_names)
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            names |= _names(const)
    return names


def _light_reduction(obj):
    """How the schema's pickle keeps an object: model classes as light classes, model functions as their
    code (rebuilt on loading by judgekit/scenario/records.py); NotImplemented for pickle's own way."""
    from pydantic import BaseModel
    if isinstance(obj, type) and issubclass(obj, BaseModel):
        if not _from_models(obj):
            raise NotLight(f"{obj.__qualname__} is not a scenario model")
        return records.light_class, (obj.__module__, obj.__name__), _class_state(obj), None, None, \
            records.fill_class
    if isinstance(obj, types.FunctionType) and _from_models(obj):
        if obj.__closure__:
            raise NotLight(f"{obj.__qualname__} uses a closure")
        names = {n: obj.__globals__[n] for n in sorted(_names(obj.__code__)) if n in obj.__globals__}
        return records.rebuilt_function, (obj.__code__, obj.__module__, obj.__name__, obj.__qualname__,
                                          obj.__defaults__, obj.__kwdefaults__), names, None, None, \
            records.fill_globals
    if isinstance(obj, types.MethodType) and _from_models(obj.__func__):
        return records.bound, (obj.__func__, obj.__self__)
    if isinstance(obj, property):
        return property, (obj.fget,)
    if isinstance(obj, types.CodeType):
        return marshal.loads, (marshal.dumps(obj),)
    if isinstance(obj, types.ModuleType):
        return importlib.import_module, (obj.__name__,)
    if (type(obj).__module__ or "").startswith("pydantic.") or _from_models(type(obj)):
        raise NotLight(f"{type(obj).__qualname__} belongs to pydantic or to the models")
    return NotImplemented


def _class_state(model: type) -> tuple:
    """A model's fields (name, alias, default, factory) and its properties and functions, for its light class."""
    fields = tuple((name, info.alias, records.REQUIRED if info.is_required() or info.default_factory else
                    info.default, info.default_factory) for name, info in model.model_fields.items())
    namespace: dict = {}
    for base in reversed([b for b in model.__mro__ if _from_models(b)]):
        for name, value in vars(base).items():
            if name.startswith("__"):
                continue
            if isinstance(value, property) and _from_models(value.fget):
                namespace[name] = property(value.fget)
            elif isinstance(value, types.FunctionType) and _from_models(value):
                namespace[name] = value
    return fields, namespace
