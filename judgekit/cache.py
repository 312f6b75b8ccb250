"""The one cache of what judgekit derives from its own shipped files, kept as JSON data, never as code.

Values live in the user's cache folder ($JUDGEKIT_HOME/cache, else $XDG_CACHE_HOME/judgekit, else
~/.cache/judgekit) as JSON files named by a hash of every source file's bytes (the data and the code
that reads it), so an edited file is a new key and a stale value is never used. Whoever can write
that folder can only write data: an entry is read back by `decoder(shape)`, which checks every value
against the type the caller declares (str, int, float, bool, None, `X | None`, tuples, lists, sets,
dicts and judgekit's own data classes, field by field) and builds nothing else, so no pickle, code or
class named by the file is ever loaded. An entry that cannot be read, is not JSON or does not have
its shape is ignored and derived again; a cache that cannot be written only means deriving again.
"""
from __future__ import annotations

import dataclasses
import os
import types
import typing
from pathlib import Path
from typing import Any, Callable, Iterable, TypeVar

T = TypeVar("T")


def cache_dir() -> Path | None:
    """$JUDGEKIT_HOME/cache, else $XDG_CACHE_HOME/judgekit or ~/.cache/judgekit; None without a home."""
    home = os.environ.get("JUDGEKIT_HOME")
    if home:
        return Path(home) / "cache"
    try:
        return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "judgekit"
    except RuntimeError:  # no $HOME and no password entry: run without a cache
        return None


KEEP = 3  # entries kept of each kind (the newest): a judgekit upgrade or an edited data file leaves the old ones
_FORMER = (".pickle", ".marshal")  # what judgekit 0.x kept before entries were data: deleted, never read


def write_atomic(path: Path, data: bytes) -> None:
    """Store a cache entry whole or not at all, then drop the oldest entries of its kind beyond KEEP; a cache
    that cannot be written is not an error."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_suffix(f".{os.getpid()}.tmp")
        # a new file only: never written through a link or over anything planted under the temporary's name
        descriptor = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o644)
        with open(descriptor, "wb") as handle:
            handle.write(data)
        partial.replace(path)
    except OSError:
        return
    prune(path)


def kind_of(name: str) -> str:
    """An entry's kind: the words its file name starts with (`pool-3f9a….json` is a `pool`)."""
    words = []
    for word in name.split(".", 1)[0].split("-"):
        if not word.isalpha():
            break
        words.append(word)
    return "-".join(words)


def prune(written: Path) -> None:
    """Remove all but the KEEP newest entries of the kind just written (never the one written), and any
    entry in a former code-carrying format."""
    kind = kind_of(written.name)
    try:
        same = [p for p in written.parent.glob(f"{kind}-*{written.suffix}") if kind_of(p.name) == kind]
        same.sort(key=lambda p: p.stat().st_mtime_ns, reverse=True)
        former = [p for p in written.parent.iterdir() if p.suffix in _FORMER]
        for old in same[KEEP:] + former:
            if old != written:
                old.unlink()
    except OSError:  # another judgekit pruned it first, or the folder is read-only
        pass


def new_hash():
    """A BLAKE2b hash (128 bits), from the interpreter's own module when it has one: importing
    `hashlib` loads OpenSSL, a noticeable part of a cold look-up."""
    try:
        from _blake2 import blake2b
    except ImportError:
        from hashlib import blake2b
    return blake2b(digest_size=16)


def content_key(sources: Iterable[Path]) -> str:
    """A hash of the files' names and bytes."""
    digest = new_hash()
    for source in sources:
        digest.update(source.name.encode() + b"\0" + source.read_bytes() + b"\0")
    return digest.hexdigest()[:24]


def cached(name: str, sources: Iterable[Path], derive: Callable[[], T], shape: Any) -> T:
    """The value `derive()` gives for these sources, from the cache when it holds one of type `shape`."""
    folder = cache_dir()
    if folder is None:
        return derive()
    import json  # the standard library's: importing orjson costs more than it saves on these few files
    path = folder / f"{name}-{content_key(sources)}.json"
    try:
        return decoder(shape)(json.loads(_read_entry(path)))
    except Exception:  # absent, unreadable, not JSON, not of its shape: whatever it holds, derive it again
        pass
    value = derive()
    try:
        data = json.dumps(encoder(shape)(value), ensure_ascii=False, separators=(",", ":"),
                          allow_nan=False).encode()
    except (TypeError, ValueError, AttributeError):  # not data of that shape: not cached
        return value
    write_atomic(path, data)
    return value


MAX_ENTRY = 64 << 20  # bytes: the largest entry is under 300 KB


def _read_entry(path: Path) -> bytes:
    """An entry's bytes: a regular file of at most MAX_ENTRY bytes, read without waiting on a named pipe or a
    device planted under its name (BadEntry for anything else)."""
    import stat
    from judgekit.files import open_without_waiting, read_at_most
    with open(open_without_waiting(path), "rb") as handle:
        if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
            raise BadEntry(f"{path.name} is not a regular file")
        data = read_at_most(handle, MAX_ENTRY)
    if len(data) > MAX_ENTRY:
        raise BadEntry(f"{path.name} is larger than any entry judgekit writes")
    return data


class BadEntry(ValueError):
    """A cache entry whose data does not have the declared shape."""


def _bad(value: object = None):
    raise BadEntry(f"not of its shape: {type(value).__name__}")


AS_LOADED = "the JSON data as loaded"  # the stored shape of a registered type whose `from_data` checks it itself

# Types the cache keeps in a form of their own: class -> (shape of the stored form, to it, from it).
_OWN_FORMS: dict[type, tuple[Any, Callable, Callable]] = {}


def register(cls: type, shape: Any, to_data: Callable, from_data: Callable) -> None:
    """Keep instances of `cls` as `to_data(obj)` (of type `shape`), made again with `from_data(data)`."""
    _OWN_FORMS[cls] = (shape, to_data, from_data)


_PRIMITIVES = (str, int, float, bool, type(None))
_SCALARS = frozenset(_PRIMITIVES)
_TUPLE_TAG = "<tuple>"  # in untyped data (a bare `dict`, `object`): a tuple, kept as {"<tuple>": [...]}
_decoders: dict[Any, Callable] = {}
_encoders: dict[Any, Callable] = {}


def decoder(shape: Any) -> Callable[[Any], Any]:
    """A function making a value of type `shape` from its JSON data, raising BadEntry on anything else."""
    made = _decoders.get(shape)
    if made is None:
        made = _decoders[shape] = _make(shape, decoding=True)
    return made


def encoder(shape: Any) -> Callable[[Any], Any]:
    """A function turning a value of type `shape` into JSON data (TypeError when it holds anything else)."""
    made = _encoders.get(shape)
    if made is None:
        made = _encoders[shape] = _make(shape, decoding=False)
    return made


def _parts(shape: Any) -> tuple[Any, tuple]:
    if isinstance(shape, types.UnionType):
        return typing.Union, shape.__args__
    return typing.get_origin(shape), typing.get_args(shape)


def _untyped(shape: Any) -> bool:
    return shape in (object, Any, dict, list, tuple)


def _scalar(shape: Any, refuse: Callable) -> Callable | None:
    """The function passing a value of a scalar shape as it is (refusing any other), or None for another shape;
    data kept AS_LOADED is passed whole (json writes tuples as lists)."""
    if shape is AS_LOADED:
        return lambda v: v
    if shape is float:
        return lambda v: float(v) if type(v) in (float, int) else refuse(v)
    if shape in _PRIMITIVES:
        return lambda v: v if type(v) is shape else refuse(v)
    if shape is None:
        return lambda v: v if v is None else refuse(v)
    origin, args = _parts(shape)
    if origin is typing.Union and all(a in _PRIMITIVES for a in args):
        allowed = frozenset(args)
        return lambda v: v if type(v) in allowed else refuse(v)
    return None


def _not_a_container(shape: Any, decoding: bool) -> Callable | None:
    """The decoder (or encoder) of a scalar, a type kept in its own form, a data class or untyped data."""
    scalar = _scalar(shape, _bad if decoding else _not_data)
    if scalar is not None:
        return scalar
    if shape in _OWN_FORMS:
        stored, to_data, from_data = _OWN_FORMS[shape]
        return (lambda v: from_data(decoder(stored)(v))) if decoding else (lambda v: encoder(stored)(to_data(v)))
    if dataclasses.is_dataclass(shape):
        return (_dataclass_decoder if decoding else _dataclass_encoder)(shape)
    if _untyped(shape):
        return _plain_decoder(shape) if decoding else _plain_encoder
    return None


def _make(shape: Any, decoding: bool) -> Callable:
    """The decoder (`decoding`) or the encoder of a shape; containers hold JSON lists (dicts with text keys)."""
    made = _not_a_container(shape, decoding)
    if made is not None:
        return made
    origin, args = _parts(shape)
    if origin is typing.Union:  # X | None
        (other,) = [a for a in args if a is not type(None)]
        return (lambda v: None if v is None else decoder(other)(v)) if decoding else \
            (lambda v: None if v is None else encoder(other)(v))
    if origin is tuple and args[-1:] != (Ellipsis,):
        return _fixed_tuple(args) if decoding else (lambda v: [encoder(s)(x) for s, x in zip(args, v, strict=True)])
    if origin in (tuple, list, set, frozenset):
        item = args[0]
        if not decoding:
            return lambda v: [encoder(item)(x) for x in (sorted(v) if origin in (set, frozenset) else v)]
        if item in _PRIMITIVES:
            only = {item}
            return lambda v: origin(v) if type(v) is list and set(map(type, v)) <= only else _bad(v)
        return lambda v: origin(decoder(item)(x) for x in v) if type(v) is list else _bad(v)
    if origin in (dict, typing.Mapping, _abc_mapping()):
        return _mapping(*args) if decoding else _mapping_encoder(*args)
    raise TypeError(f"the cache cannot keep {shape!r}")


def _fixed_tuple(items: tuple) -> Callable:
    def fixed(v):
        if type(v) is not list or len(v) != len(items):
            _bad(v)
        return tuple(decoder(s)(x) for s, x in zip(items, v))
    return fixed


def _mapping(key: Any, value: Any) -> Callable:
    """A dict from a JSON object (text keys) or from a list of [key, value] pairs (other keys)."""
    if key is not str:
        return lambda v: {decoder(key)(k): decoder(value)(x) for k, x in v} if type(v) is list else _bad(v)
    if value in _PRIMITIVES:
        only = {value} if value is not float else {float, int}
        return lambda v: v if type(v) is dict and set(map(type, v.values())) <= only else _bad(v)
    return lambda v: {k: decoder(value)(x) for k, x in v.items()} if type(v) is dict else _bad(v)


def _mapping_encoder(key: Any, value: Any) -> Callable:
    if key is not str:
        return lambda v: [[encoder(key)(k), encoder(value)(x)] for k, x in v.items()]
    return lambda v: {k: encoder(value)(x) for k, x in v.items()}


_RESOLVED: dict[tuple[str, str], Any] = {}


def _field_types(cls: type) -> dict[str, Any]:
    """Each field's type, its annotation's text evaluated in the class's module (once per distinct text: what
    `typing.get_type_hints` does, without evaluating every annotation of every class anew)."""
    import sys
    namespace = vars(sys.modules[cls.__module__])
    out = {}
    for f in dataclasses.fields(cls):
        if isinstance(f.type, str):
            key = (cls.__module__, f.type)
            if key not in _RESOLVED:
                _RESOLVED[key] = eval(f.type, namespace)  # noqa: S307  (judgekit's own annotations, not the cache's)
            out[f.name] = _RESOLVED[key]
        else:
            out[f.name] = f.type
    return out


def _abc_mapping():
    from collections.abc import Mapping
    return Mapping


def _dataclass_decoder(cls: type) -> Callable:
    """A data class from the fields stored (those not at their default), each checked against its type. The
    object is filled in as `__init__` would fill it, without calling it (as unpickling does): a frozen class's
    `__init__` sets each field through `object.__setattr__`, several times slower for the thousand cards and
    effects of the pool."""
    decoders: dict[str, Callable] = {}
    required: set[str] = set()
    defaults: dict[str, object] = {}
    factories: dict[str, Callable] = {}
    direct = not hasattr(cls, "__post_init__") and "__slots__" not in cls.__dict__

    def decode(v):
        if not decoders:
            hints = _field_types(cls)
            for f in dataclasses.fields(cls):
                if f.init:
                    decoders[f.name] = decoder(hints[f.name])
                if f.default is not dataclasses.MISSING:
                    defaults[f.name] = f.default
                elif f.default_factory is not dataclasses.MISSING:
                    factories[f.name] = f.default_factory
                elif f.init:
                    required.add(f.name)
        if type(v) is not dict or not v.keys() <= decoders.keys() or not required <= v.keys():
            _bad(v)
        values = {name: decoders[name](value) for name, value in v.items()}
        if not direct:
            return cls(**values)
        obj = object.__new__(cls)
        state = obj.__dict__
        state.update(defaults)
        for name, factory in factories.items():
            if name not in values:
                state[name] = factory()
        state.update(values)
        return obj
    return decode


def _plain_decoder(shape: Any) -> Callable:
    expected = {dict: dict, list: list, tuple: tuple}.get(shape)

    def plain(v):
        if type(v) is dict:
            if len(v) == 1 and _TUPLE_TAG in v:
                return tuple(plain(x) for x in v[_TUPLE_TAG]) if type(v[_TUPLE_TAG]) is list else _bad(v)
            return {k: plain(x) for k, x in v.items()}
        if type(v) is list:
            if set(map(type, v)) <= _SCALARS:  # nothing in it to convert: kept as read
                return v
            return [plain(x) for x in v]
        return v

    def checked(v):
        value = plain(v)
        return value if expected is None or type(value) is expected else _bad(v)
    return checked


def _dataclass_encoder(cls: type) -> Callable:
    """A data class as its fields that are not at their default (a field with a default factory is kept)."""
    fields: list[tuple[str, object]] = []

    def encode(v):
        if type(v) is not cls:
            _not_data(v)
        if not fields:
            hints = _field_types(cls)
            fields.extend((f.name, hints[f.name], f.default) for f in dataclasses.fields(cls) if f.init)
        return {name: encoder(shape)(value) for name, shape, default in fields
                if (value := getattr(v, name)) is not default and
                (default is dataclasses.MISSING or type(value) is not type(default) or value != default)}
    return encode


def _plain_encoder(v):
    if isinstance(v, tuple):
        return {_TUPLE_TAG: [_plain_encoder(x) for x in v]}
    if isinstance(v, list):
        return [_plain_encoder(x) for x in v]
    if isinstance(v, dict):
        if _TUPLE_TAG in v or not all(type(k) is str for k in v):
            _not_data(v)
        return {k: _plain_encoder(x) for k, x in v.items()}
    return v if isinstance(v, _PRIMITIVES) else _not_data(v)


def _not_data(v):
    raise TypeError(f"the cache keeps data only, not {type(v).__name__}")
