"""`dataclass`: the classes `dataclasses.dataclass` makes, for less at start-up (issue #16).

`dataclasses.dataclass` writes out and compiles a `__repr__`, an `__eq__` and (frozen) a `__hash__` for
every class it decorates; compiling them was about half of what importing the engine cost a cold
`judgekit run`. This `dataclass` has `dataclasses` generate only what depends on the class's own
signature (`__init__`; a frozen class's `__setattr__` and `__delattr__`) and gives every class the same
three shared functions instead, which behave as the generated ones do: the same text (fields with
`repr=False` left out, recursion shown as `...`), equality only with an instance of the very same class
over the fields with `compare=True`, the same hash values (a tuple of the hashed fields), and a mutable
class unhashable. Everything else (`fields`, `replace`, `asdict`, pickling, frozenness, slots) is
`dataclasses`' own. A class that asks for its own `repr`, `eq`, `order` or `unsafe_hash` options, or
defines any of those methods itself, is left to `dataclasses` entirely.
"""
from __future__ import annotations

import dataclasses
from operator import attrgetter
from reprlib import recursive_repr

_OWN = ("__repr__", "__eq__", "__hash__")


def dataclass(cls=None, /, *, frozen: bool = False, **options):
    """`dataclasses.dataclass(cls, frozen=..., **options)`, with the shared `__repr__`, `__eq__`, `__hash__`."""
    def wrap(cls):
        if {"repr", "eq", "order", "unsafe_hash"} & set(options) or any(name in cls.__dict__ for name in _OWN):
            return dataclasses.dataclass(cls, frozen=frozen, **options)
        cls = dataclasses.dataclass(cls, frozen=frozen, repr=False, eq=False, **options)
        fields = dataclasses.fields(cls)
        cls._shared_methods_keys = (
            tuple(f.name for f in fields if f.repr),
            _key([f.name for f in fields if f.compare]),
            _key([f.name for f in fields if (f.compare if f.hash is None else f.hash)]))
        cls.__repr__ = _repr
        cls.__eq__ = _eq
        cls.__hash__ = _hash if frozen else None
        return cls

    return wrap if cls is None else wrap(cls)


def _key(names: list[str]):
    """A function giving the tuple of these attributes (a tuple even of one, as the generated code builds)."""
    if not names:
        return lambda obj: ()
    if len(names) == 1:
        one = attrgetter(names[0])
        return lambda obj: (one(obj),)
    return attrgetter(*names)


@recursive_repr()
def _repr(self) -> str:
    names = self._shared_methods_keys[0]
    return f"{self.__class__.__qualname__}({', '.join(f'{name}={getattr(self, name)!r}' for name in names)})"


def _eq(self, other):
    if other.__class__ is self.__class__:
        key = self._shared_methods_keys[1]
        return key(self) == key(other)
    return NotImplemented


def _hash(self) -> int:
    return hash(self._shared_methods_keys[2](self))
