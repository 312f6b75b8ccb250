"""`dataclass`: the classes `dataclasses.dataclass` makes, for less at start-up (issue #16).

`dataclasses.dataclass` writes out and compiles an `__init__`, a `__repr__`, an `__eq__` and (frozen) a
`__hash__`, `__setattr__` and `__delattr__` for every class it decorates; compiling them was most of what
defining judgekit's classes cost a cold `judgekit run`. This `dataclass` lets `dataclasses` collect the
fields only, then:

- gives every class the same shared `__repr__`, `__eq__` and `__hash__`, which behave as the generated
  ones do: the same text (fields with `repr=False` left out, recursion shown as `...`), equality only
  with an instance of the very same class over the fields with `compare=True`, the same hash values (a
  tuple of the hashed fields), and a mutable class unhashable;
- gives a frozen class the same shared `__setattr__` and `__delattr__`, refusing as the generated ones do;
- writes the `__init__` `dataclasses` would (parameters in field order, defaults, default factories,
  `init=False` fields, `__post_init__`), whose compiled code depends only on the field names and kinds,
  so it is compiled once and kept in judgekit's cache (`compiled_inits`), keyed by its own source text.

Everything else (`fields`, `replace`, `asdict`, pickling) is `dataclasses`' own. A class that asks for
other options (`slots`, ...) or defines any of those methods itself is left to `dataclasses` entirely;
keyword-only fields and `InitVar` are refused (use `dataclasses` for those).
"""
from __future__ import annotations

import builtins
import dataclasses
import marshal
import sys
from operator import attrgetter
from reprlib import recursive_repr
from types import FunctionType

_OWN = ("__repr__", "__eq__", "__hash__", "__init__", "__setattr__", "__delattr__")
_FROZEN_ERROR = dataclasses.FrozenInstanceError


def dataclass(cls=None, /, *, frozen: bool = False, **options):
    """`dataclasses.dataclass(cls, frozen=..., **options)`, with shared methods and a cached `__init__`."""
    def wrap(cls):
        if options or any(name in cls.__dict__ for name in _OWN):
            return dataclasses.dataclass(cls, frozen=frozen, **options)
        documented = bool(cls.__dict__.get("__doc__"))
        cls = dataclasses.dataclass(cls, init=False, repr=False, eq=False)
        fields = dataclasses.fields(cls)
        if any(f.kw_only for f in fields) or any(_is_init_var(f) for f in cls.__dataclass_fields__.values()):
            raise TypeError(f"{cls.__qualname__}: keyword-only fields and InitVar need dataclasses.dataclass")
        cls.__init__ = _init(cls, fields, frozen)
        if not documented:
            import inspect
            cls.__doc__ = cls.__name__ + str(inspect.signature(cls)).replace(" -> None", "")
        cls._shared_methods_keys = (
            tuple(f.name for f in fields if f.repr),
            _key([f.name for f in fields if f.compare]),
            _key([f.name for f in fields if (f.compare if f.hash is None else f.hash)]))
        cls.__repr__ = _repr
        cls.__eq__ = _eq
        cls.__hash__ = _hash if frozen else None
        if frozen:
            cls._frozen_class = cls
            cls.__setattr__ = _frozen_setattr
            cls.__delattr__ = _frozen_delattr
        return cls

    return wrap if cls is None else wrap(cls)


def _is_init_var(f: dataclasses.Field) -> bool:
    return isinstance(f.type, dataclasses.InitVar) or str(f.type).startswith(("InitVar", "dataclasses.InitVar"))


def _init(cls, fields, frozen: bool) -> FunctionType:
    """The `__init__` dataclasses would generate, its code from the cache of compiled `__init__`s."""
    params, body, defaults, names = [], [], [], {}
    assign = ("_setattr(self, {name!r}, {value})" if frozen else "self.{name} = {value}").format
    for index, f in enumerate(fields):
        has_factory = f.default_factory is not dataclasses.MISSING
        if has_factory:
            names[f"_factory_{index}"] = f.default_factory
        if f.init:
            if has_factory:
                params.append(f"{f.name}=_HAS_FACTORY")
                defaults.append(_HAS_FACTORY)
                value = f"_factory_{index}() if {f.name} is _HAS_FACTORY else {f.name}"
            elif f.default is not dataclasses.MISSING:
                params.append(f"{f.name}=_default")
                defaults.append(f.default)
                value = f.name
            else:
                if defaults:
                    raise TypeError(f"non-default argument {f.name!r} follows default argument")
                params.append(f.name)
                value = f.name
        elif has_factory:
            value = f"_factory_{index}()"
        elif f.default is not dataclasses.MISSING:
            names[f"_default_{index}"] = f.default
            value = f"_default_{index}"
        else:
            continue
        body.append(assign(name=f.name, value=value))
    if hasattr(cls, "__post_init__"):
        body.append("self.__post_init__()")
    source = f"def __init__(self, {', '.join(params)}):\n    " + "\n    ".join(body or ["pass"]) + "\n"
    namespace = {**names, "__builtins__": builtins, "_HAS_FACTORY": _HAS_FACTORY, "_setattr": object.__setattr__}
    function = FunctionType(compiled_inits.code(source), namespace, "__init__", tuple(defaults) or None)
    function.__qualname__ = f"{cls.__qualname__}.__init__"
    function.__annotations__ = {**{f.name: f.type for f in fields if f.init}, "return": None}
    function.__module__ = cls.__module__
    return function


class _HasFactory:
    def __repr__(self) -> str:
        return "<factory>"


_HAS_FACTORY = _HasFactory()


class _CompiledInits:
    """Compiled `__init__` code by source text, kept in one file of judgekit's cache for the next start."""

    def __init__(self) -> None:
        self._codes: dict[str, object] | None = None
        self._changed = False

    def _path(self):
        from judgekit.cache import cache_dir
        folder = cache_dir()
        return folder / f"inits-{sys.implementation.cache_tag}-{marshal.version}.marshal" if folder else None

    def code(self, source: str):
        if self._codes is None:
            self._codes = self._read()
        code = self._codes.get(source)
        if code is None:
            module = compile(source, "<judgekit dataclass __init__>", "exec")
            code = next(c for c in module.co_consts if hasattr(c, "co_code"))
            self._codes[source] = code
            if not self._changed:
                self._changed = True
                import atexit
                atexit.register(self.save)
        return code

    def _read(self) -> dict:
        path = self._path()
        try:
            codes = marshal.loads(path.read_bytes()) if path else {}
        except Exception:  # absent, unreadable or damaged: compile again
            return {}
        return codes if isinstance(codes, dict) else {}

    def save(self) -> None:
        """Write the cache whole, if this process compiled anything new (at most a few thousand entries)."""
        path = self._path()
        if path is None or not self._changed:
            return
        from judgekit.cache import write_atomic
        codes = self._codes if len(self._codes) < 4000 else {}
        write_atomic(path, marshal.dumps(codes))
        self._changed = False


compiled_inits = _CompiledInits()


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


def _frozen_setattr(self, name, value):
    if type(self) is self._frozen_class or name in self.__dataclass_fields__:
        raise _FROZEN_ERROR(f"cannot assign to field {name!r}")
    object.__setattr__(self, name, value)


def _frozen_delattr(self, name):
    if type(self) is self._frozen_class or name in self.__dataclass_fields__:
        raise _FROZEN_ERROR(f"cannot delete field {name!r}")
    object.__delattr__(self, name)
