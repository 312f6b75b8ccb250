"""A cache of what judgekit derives from its own shipped files, keyed by the content it derives from.

Values live in the user's cache folder ($JUDGEKIT_HOME/cache, else $XDG_CACHE_HOME/judgekit, else
~/.cache/judgekit) as pickles named by a hash of every source file's bytes (the data and the code
that reads it), so an edited file is a new key and a stale value is never used. A cache that
cannot be read or written only means deriving the value again.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Callable, Iterable, TypeVar

T = TypeVar("T")


try:  # the C unpickler alone: importing the `pickle` module is a noticeable part of a cold look-up
    from _pickle import loads
except ImportError:
    from pickle import loads


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


def write_atomic(path: Path, data: bytes) -> None:
    """Store a cache entry whole or not at all, then drop the oldest entries of its kind beyond KEEP; a cache
    that cannot be written is not an error."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_suffix(f".{os.getpid()}.tmp")
        partial.write_bytes(data)
        partial.replace(path)
    except OSError:
        return
    prune(path)


def kind_of(name: str) -> str:
    """An entry's kind: the words its file name starts with (`pool-3f9a….pickle` is a `pool`)."""
    words = []
    for word in name.split(".", 1)[0].split("-"):
        if not word.isalpha():
            break
        words.append(word)
    return "-".join(words)


def prune(written: Path) -> None:
    """Remove all but the KEEP newest entries of the kind just written (never the one written)."""
    kind = kind_of(written.name)
    try:
        same = [p for p in written.parent.glob(f"{kind}-*{written.suffix}") if kind_of(p.name) == kind]
        same.sort(key=lambda p: p.stat().st_mtime_ns, reverse=True)
        for old in same[KEEP:]:
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


def cached(name: str, sources: Iterable[Path], derive: Callable[[], T]) -> T:
    """The value `derive()` gives for these sources, from the cache when it holds one."""
    folder = cache_dir()
    if folder is None:
        return derive()
    path = folder / f"{name}-{content_key(sources)}.pickle"
    try:
        return loads(path.read_bytes())
    except Exception:  # absent, unreadable, truncated or from an incompatible judgekit: derive it again
        pass
    value = derive()
    import pickle
    try:
        data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    except (pickle.PicklingError, TypeError, AttributeError):  # cannot be pickled: not cached
        return value
    write_atomic(path, data)
    return value
