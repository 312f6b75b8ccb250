"""The keys the scenario format accepts at one place of a file, found from its models (so "did you mean"
offers only a key that is valid where the unknown one was written)."""
from __future__ import annotations

import types
import typing
from typing import Annotated, ForwardRef, Union

from pydantic import BaseModel

# A key a judge is likely to write for one the format names otherwise, at the places where it does:
# a card is `spent`, not tapped; a React Step `quick` plays a [QUICK] Program; Gear goes with `equip_to`.
SYNONYMS = {
    "tapped": ("spent",), "tap": ("spent",), "exhausted": ("spent",), "used": ("spent",),
    "untapped": ("spent",), "ready": ("spent",),
    "play": ("quick",), "program": ("quick",), "blocker": ("block",),
    "equip": ("equip_to",), "equip_on": ("equip_to",), "equipped_to": ("equip_to",), "host": ("equip_to",),
    "facedown": ("face_up",), "face_down": ("face_up",), "faceup": ("face_up",),
    "lagging": ("lag",), "lagged": ("lag",),
    "spend": ("pay",), "use": ("activate",), "choose": ("targets",), "target_gig": ("gigs",),
}


def keys_at(root: type[BaseModel], loc: tuple) -> set[str] | None:
    """The keys accepted where pydantic's error location `loc` (ending with the unknown key) points, from the
    model `root`; None when the place cannot be worked out."""
    kinds: list = [root]
    for part in loc[:-1]:
        kinds = [found for kind in kinds for found in _step(kind, part)]
        if not kinds:
            return None
    keys = {info.alias or name for kind in kinds if _is_model(kind) for name, info in kind.model_fields.items()}
    return keys or None


def _is_model(kind) -> bool:
    return isinstance(kind, type) and issubclass(kind, BaseModel)


def _members(annotation, owner) -> list:
    """The types an annotation allows: unions and Optional flattened, Annotated unwrapped, names resolved."""
    if isinstance(annotation, (str, ForwardRef)):
        name = annotation if isinstance(annotation, str) else annotation.__forward_arg__
        module = __import__(owner.__module__, fromlist=["_"])
        annotation = getattr(module, name, None)
        return [] if annotation is None else _members(annotation, owner)
    origin = typing.get_origin(annotation)
    if origin is Annotated:
        return _members(typing.get_args(annotation)[0], owner)
    if origin is Union or origin is types.UnionType:
        return [m for arg in typing.get_args(annotation) for m in _members(arg, owner)]
    return [annotation]


def _step(kind, part) -> list:
    """Where one step of an error location leads from `kind`: a model's field, a list's item, a dict's value,
    or (a union's tag) the model of that name."""
    out = []
    if _is_model(kind):
        if part == kind.__name__:
            return [kind]
        for name, info in kind.model_fields.items():
            if part in (name, info.alias):
                out += _members(info.annotation, kind)
        return out
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if origin in (list, tuple) and isinstance(part, int) and args:
        return _members(args[0], kind)
    if origin is dict and len(args) == 2 and not isinstance(part, int):
        return _members(args[1], kind)
    return out
