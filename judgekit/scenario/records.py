"""Validated scenario data without the pydantic model classes: one light class per model, same fields.

Defining the ~60 scenario model classes (judgekit/scenario/model/) costs more than a whole ruling.
The validator (judgekit/scenario/validator.py) therefore keeps pydantic's core schema of those models
in the cache as data, each model class named there and made here as a light class, each validator or
property named from the models' own checks (judgekit.scenario.checks.py). A light object answers what the rest of
judgekit asks of a model (its fields as attributes, iteration, equality, `model_dump`,
`model_copy`, `model_construct`); the models stay the single source of truth.
"""
from __future__ import annotations

import copy


class REQUIRED:
    """The default of a field that has none (or has a default factory instead)."""


_CLASSES: dict[tuple[str, str], type] = {}  # (model module, model name) -> its light class
_BY_NAME: dict[str, list[type]] = {}  # model name -> the light classes of that name (one, in practice)


class Record:
    """A validated mapping of a scenario file, with the fields of the model that validated it."""

    __slots__ = ("__dict__", "__pydantic_fields_set__", "__pydantic_extra__", "__pydantic_private__")
    _fields: tuple = ()  # (name, alias, default, default factory), in the model's order
    _validator = None  # the model's own validator, made on first use

    def __init__(self, **data):
        """Validated as the model's constructor validates (a validator that builds a record calls it)."""
        cls = type(self)
        if cls._validator is None:
            from pydantic_core import SchemaValidator
            cls._validator = SchemaValidator(_schema_of(cls))
        done = cls._validator.validate_python(data)
        self.__dict__.update(done.__dict__)
        object.__setattr__(self, "__pydantic_fields_set__", done.__pydantic_fields_set__)

    def __iter__(self):
        yield from self.__dict__.items()

    def __eq__(self, other):
        return type(other) is type(self) and other.__dict__ == self.__dict__

    __hash__ = None

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{k}={v!r}' for k, v in self.__dict__.items())})"

    @property
    def model_fields_set(self) -> set[str]:
        return set(getattr(self, "__pydantic_fields_set__", None) or ())

    @classmethod
    def model_construct(cls, **values):
        """An object with these values and the defaults of the fields not given (not validated)."""
        record = cls.__new__(cls)
        for name, _, default, factory in cls._fields:
            if name in values:
                record.__dict__[name] = values[name]
            elif factory is not None:
                record.__dict__[name] = factory()
            elif default is not REQUIRED:
                record.__dict__[name] = default
        object.__setattr__(record, "__pydantic_fields_set__", set(values))
        return record

    def model_copy(self):
        return copy.copy(self)

    def model_dump(self, *, mode: str = "python", by_alias: bool = False, exclude_none: bool = False,
                   exclude_defaults: bool = False) -> dict:
        """The fields as plain data, as pydantic's `model_dump` gives them (python mode)."""
        if mode != "python":
            raise ValueError("a light scenario record dumps in python mode only")
        out = {}
        values = self.__dict__
        for name, alias, default, factory in self._fields:
            if name not in values:
                continue
            value = values[name]
            if exclude_none and value is None:
                continue
            if exclude_defaults and value == (factory() if factory is not None else default):
                continue
            out[alias if by_alias and alias else name] = value if value.__class__ in _SCALARS else \
                _dumped(value, by_alias, exclude_none, exclude_defaults)
        return out


_SCALARS = frozenset({str, int, float, bool, type(None)})  # dumped as they are (most of a record's values)


def _dumped(value, by_alias: bool, exclude_none: bool, exclude_defaults: bool):
    if value.__class__ in _SCALARS:
        return value
    if isinstance(value, Record):
        return value.model_dump(by_alias=by_alias, exclude_none=exclude_none, exclude_defaults=exclude_defaults)
    if isinstance(value, list):
        return [_dumped(v, by_alias, exclude_none, exclude_defaults) for v in value]
    if isinstance(value, tuple):
        return tuple(_dumped(v, by_alias, exclude_none, exclude_defaults) for v in value)
    if isinstance(value, dict):
        return {k: _dumped(v, by_alias, exclude_none, exclude_defaults) for k, v in value.items()}
    return value


def light_class(module: str, name: str) -> type:
    """The light class standing for the model `name` of `module` (its namespace is filled by `fill_class`)."""
    key = (module, name)
    if key not in _CLASSES:
        _CLASSES[key] = type(name, (Record,), {"__module__": __name__, "__qualname__": name})
        _BY_NAME.setdefault(name, []).append(_CLASSES[key])
    return _CLASSES[key]


def fill_class(cls: type, state: tuple) -> None:
    fields, namespace = state
    cls._fields = fields
    for name, value in namespace.items():
        setattr(cls, name, value)


def record_class(name: str) -> type:
    """The light class of the model called `name` (after the validator has been loaded)."""
    (cls,) = _BY_NAME.get(name, ())
    return cls


def attach_schemas(schema: dict) -> None:
    """Keep the whole loaded core schema: a light class's own schema is found in it when first needed."""
    _LOADED["schema"] = schema


_LOADED: dict = {}


def _schema_of(cls: type) -> dict:
    """The core schema of `cls`'s model, with the definitions it may refer to."""
    schema = _LOADED["schema"]
    definitions = schema.get("definitions", []) if schema.get("type") == "definitions" else []
    stack = [schema]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            if node.get("type") == "model" and node.get("cls") is cls:
                return {"type": "definitions", "schema": node, "definitions": definitions}
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    raise LookupError(f"no schema for {cls.__name__}")
