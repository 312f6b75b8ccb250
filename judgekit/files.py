"""Reading the user's files without trusting them: bounded by a limit, and never waiting on a named pipe or
device that a folder search came upon (one named on the command line is read, as `<(...)` is)."""
from __future__ import annotations

import os


def open_without_waiting(path: str | os.PathLike) -> int:
    """A read-only descriptor of `path`, opened so that a named pipe with no writer does not block
    (check the kind with os.fstat before reading); raises OSError as os.open does."""
    return os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))


def read_at_most(handle, limit: int) -> bytes:
    """At most `limit` + 1 bytes of an open binary file (so a longer one, or an endless stream, is caught). A
    regular file is read by its own size, not into a buffer of the limit's size (that costs on every file)."""
    size = os.fstat(handle.fileno()).st_size
    if not 0 < size <= limit:
        return handle.read(limit + 1) or b""
    chunks, total = [], 0
    while total <= limit:  # one byte past the size is asked for: a file still growing is read on, up to the limit
        chunk = handle.read(min(limit + 1 - total, max(size + 1 - total, 1 << 16)))
        if not chunk:
            break
        chunks.append(chunk)
        total += len(chunk)
    return b"".join(chunks)


_WIDE_MARKS = ((b"\xff\xfe\x00\x00", "utf-32-le"), (b"\x00\x00\xfe\xff", "utf-32-be"),
               (b"\xff\xfe", "utf-16-le"), (b"\xfe\xff", "utf-16-be"))


def wide_encoding(head: bytes) -> str | None:
    """The UTF-16 or UTF-32 encoding a byte-order mark at the start of `head` announces, or None."""
    return next((name for mark, name in _WIDE_MARKS if head.startswith(mark)), None)
