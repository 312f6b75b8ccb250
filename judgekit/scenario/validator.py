"""Validating a scenario file's data: pydantic's core schema of the Scenario model, kept in the cache.

Defining the ~60 scenario model classes and building their validator is most of a cold `judgekit
run`. The core schema depends only on the models' code and the pydantic version, so it is kept in
judgekit's cache (judgekit/cache.py, keyed by both and by Python's version) as JSON data: each model
class is named (`{"$class": "module:Name"}`) and stands for a light class (judgekit/scenario/records.py)
with the model's fields, and each validator or property is named by its entry in the models' CHECKS
(judgekit.scenario.checks.py), the only functions a cached schema can refer to. Later runs
validate without defining a single pydantic model class. The schema is the models' own, so the same
data comes out and the same errors. Anything that cannot be kept that way falls back to the models'
own validator.
"""
from __future__ import annotations

import importlib
import sys
import types
from functools import lru_cache
from pathlib import Path

import pydantic_core

from judgekit import cache
from judgekit.scenario import checks, records

MODELS = "judgekit.scenario.model"  # the package of the pydantic models: the single source of truth
MODEL_FILES = Path(__file__).parent / "model"
FACTORIES = {"list": list, "dict": dict}  # the default factories a cached schema may name


def validate_scenario(data: object):
    """`Scenario.model_validate(data)`, as light records; raises pydantic's ValidationError."""
    return scenario_validator().validate_python(data)


@lru_cache(maxsize=1)
def scenario_validator():
    return _light_validator() or _model_validator()


class LightValidator:
    """The validator of light records, made from the JSON data the cache keeps (which it fills in)."""

    def __init__(self, data: dict, kept: dict | None = None) -> None:
        self.data = kept  # what the cache writes: the data as made, before it was filled in
        classes, schema = _from_data(data)
        records.attach_schemas(schema)
        self.validator = pydantic_core.SchemaValidator(schema)
        self.classes = classes

    @classmethod
    def derived(cls) -> LightValidator:
        import json
        data = _light_data()
        return cls(json.loads(json.dumps(data)), data)


cache.register(LightValidator, cache.AS_LOADED, lambda light: light.data, LightValidator)


def _light_validator():
    """The validator from the cached schema of light records, or None when it cannot be had."""
    sources = [*sorted(MODEL_FILES.glob("*.py")), Path(checks.__file__), Path(records.__file__), Path(__file__)]
    name = f"scenario-records-{pydantic_core.__version__}-{sys.implementation.cache_tag}"
    try:
        light = cache.cached(name, sources, LightValidator.derived, LightValidator)
    except Exception:  # a model that cannot be kept as data: the models' own validator
        return None
    return light.validator


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
        _light_data()
    except Exception as error:
        return f"{type(error).__name__}: {error}"
    return ""


def _light_data() -> dict:
    """The Scenario model's core schema as JSON data: `schema`, with null wherever it holds a model class, a
    check or a default factory, and `refs`, the path to each of those places and what it names; `classes`, the
    fields and properties of each model class named."""
    from judgekit.scenario.model import Scenario
    Scenario.model_rebuild()
    classes: dict[str, dict] = {}
    refs: list[list] = []
    schema = _to_data(_for_validation(Scenario.__pydantic_core_schema__), classes, refs, [])
    return {"classes": classes, "schema": schema, "refs": refs}


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
    return (getattr(thing, "__module__", None) or "").startswith((MODELS, checks.__name__))


def _check_name(function) -> str:
    name = getattr(function, "__name__", "")
    if checks.CHECKS.get(name) is not function:
        raise NotLight(f"{getattr(function, '__qualname__', function)!r} is not one of the models' CHECKS")
    return name


def _to_data(obj, classes: dict, refs: list, path: list):
    """A schema node as JSON data; each model class, check or default factory in it is left as null and named
    in `refs` with its path."""
    from pydantic import BaseModel
    if isinstance(obj, dict):
        return {key: _to_data(value, classes, refs, [*path, key]) for key, value in obj.items()}
    if isinstance(obj, list):
        return [_to_data(value, classes, refs, [*path, n]) for n, value in enumerate(obj)]
    if obj is None or isinstance(obj, (str, bool, int, float)):
        return obj
    if isinstance(obj, type) and issubclass(obj, BaseModel):
        ref = {"class": _class_data(obj, classes)}
    elif isinstance(obj, types.FunctionType):
        ref = {"check": _check_name(obj)}
    elif isinstance(obj, types.MethodType) and isinstance(obj.__self__, type) and issubclass(obj.__self__, BaseModel):
        ref = {"check": _check_name(obj.__func__), "of": _class_data(obj.__self__, classes)}
    elif obj in FACTORIES.values():
        ref = {"factory": obj.__name__}
    else:
        raise NotLight(f"{type(obj).__qualname__} cannot be kept as data")
    refs.append([path, ref])
    return None


def _class_data(model: type, classes: dict) -> str:
    """A model's key ("module:Name"), its fields and its properties recorded in `classes`."""
    if not _from_models(model):
        raise NotLight(f"{model.__qualname__} is not a scenario model")
    key = f"{model.__module__}:{model.__name__}"
    if key in classes:
        return key
    fields = []
    for name, info in model.model_fields.items():
        factory = info.default_factory
        if factory is not None and factory not in FACTORIES.values():
            raise NotLight(f"{key}.{name} has a default factory other than {', '.join(FACTORIES)}")
        default = None if info.is_required() or factory else info.default
        if default is not None and not isinstance(default, (str, bool, int, float)):
            raise NotLight(f"{key}.{name} has a default that is not plain data")
        fields.append({"name": name, "alias": info.alias, "required": info.is_required() or factory is not None,
                       "default": default, "factory": factory.__name__ if factory else None})
    namespace = {}
    for base in reversed([b for b in model.__mro__ if _from_models(b)]):
        for name, value in vars(base).items():
            if name.startswith("__"):
                continue
            if isinstance(value, property) and _from_models(value.fget):
                namespace[name] = {"property": _check_name(value.fget)}
            elif isinstance(value, types.FunctionType) and _from_models(value):
                namespace[name] = {"function": _check_name(value)}
    classes[key] = {"fields": fields, "namespace": namespace}
    return key


def _from_data(data: dict) -> tuple[dict[str, type], dict]:
    """The light classes and the core schema from the cached data; BadEntry on anything unexpected. Only the
    places `refs` names become classes or checks; pydantic-core refuses a schema with a class or a function
    missing, so nothing else in the data can be called."""
    if type(data) is not dict or type(data.get("classes")) is not dict or type(data.get("schema")) is not dict \
            or type(data.get("refs")) is not list:
        raise cache.BadEntry("not a cached scenario schema")
    classes = {key: _light_class(key, state) for key, state in data["classes"].items()}
    schema = data["schema"]
    for ref in data["refs"]:
        if type(ref) is not list or len(ref) != 2 or type(ref[0]) is not list or not ref[0] or type(ref[1]) is not dict:
            _bad_node(ref)
        (*path, last), named = ref
        node = schema
        for step in path:
            node = node[step] if type(node) in (dict, list) and type(step) in (str, int) else _bad_node(ref)
        if type(node) not in (dict, list) or type(last) not in (str, int) or node[last] is not None:
            _bad_node(ref)
        node[last] = _named(named, classes)
    return classes, schema


def _named(named: dict, classes: dict):
    """What a ref names: a model's light class, a check (bound to a light class for a field check), a factory."""
    if named.keys() == {"class"}:
        return _known(classes, named["class"])
    if named.keys() == {"check"}:
        return _known(checks.CHECKS, named["check"])
    if named.keys() == {"check", "of"}:
        return types.MethodType(_known(checks.CHECKS, named["check"]), _known(classes, named["of"]))
    if named.keys() == {"factory"}:
        return _known(FACTORIES, named["factory"])
    return _bad_node(named)


def _known(table: dict, name):
    if type(name) is not str or name not in table:
        raise cache.BadEntry(f"a cached scenario schema names {name!r}")
    return table[name]


def _bad_node(value):
    raise cache.BadEntry("a cached scenario schema has a malformed reference")


_PLAIN = (str, bool, int, float, type(None))


def _light_class(key, state) -> type:
    """The light class of a model key, with its fields and properties from the cached data."""
    module, _, name = key.partition(":") if type(key) is str else ("", "", "")
    if not module.startswith(MODELS) or not name.isidentifier() or type(state) is not dict:
        raise cache.BadEntry(f"a cached scenario schema names the class {key!r}")
    fields = []
    for f in state.get("fields") if type(state.get("fields")) is list else _bad_node(state):
        if type(f) is not dict or type(f.get("name")) is not str or type(f.get("alias")) not in (str, type(None)) \
                or type(f.get("default")) not in _PLAIN or type(f.get("required")) is not bool:
            _bad_node(f)
        factory = _known(FACTORIES, f["factory"]) if f.get("factory") is not None else None
        fields.append((f["name"], f["alias"], records.REQUIRED if f["required"] else f["default"], factory))
    namespace = {}
    for attribute, entry in (state.get("namespace") if type(state.get("namespace")) is dict else _bad_node(state)).items():
        if not attribute.isidentifier() or attribute.startswith("__") or type(entry) is not dict or len(entry) != 1:
            _bad_node(entry)
        (kind, check), = entry.items()
        function = _known(checks.CHECKS, check)
        namespace[attribute] = property(function) if kind == "property" else function if kind == "function" \
            else _bad_node(entry)
    cls = records.light_class(module, name)
    records.fill_class(cls, (tuple(fields), namespace))
    return cls
