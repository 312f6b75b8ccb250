"""Quoting what a user wrote back in a message, bounded: an error never echoes a long input back."""
from __future__ import annotations

ECHO_LIMIT = 80  # characters of user input an error message repeats
SUGGEST_LIMIT = 200  # longer inputs get no "did you mean": no real name is that long, and matching costs time


def shown(value: object, limit: int = ECHO_LIMIT) -> str:
    """`repr(value)`, cut to about `limit` characters with the length said."""
    text = repr(value)
    if len(text) <= limit:
        return text
    return f"{text[:limit - 1]}… ({len(str(value))} characters)"


def field_path(path: tuple) -> str:
    """A field's dotted path for a message, each key cut to ECHO_LIMIT characters."""
    return ".".join(str(part) if len(str(part)) <= ECHO_LIMIT else str(part)[:ECHO_LIMIT - 1] + "…"
                    for part in path)


def bounded(message: str, limit: int = ECHO_LIMIT) -> str:
    """A message another library wrote about the command line (click's usage errors quote the unknown option or
    command, or the bad value, whole), each quoted value and each word longer than `limit` cut as `shown` cuts."""
    import re
    message = re.sub(r"""(['"])([^'"]{%d,})\1""" % (limit + 1),
                     lambda m: f"{m[1]}{m[2][:limit - 1]}…{m[1]} ({len(m[2])} characters)", message)
    return re.sub(r"[^\s'\"]{%d,}" % (limit + 1), lambda m: f"{m[0][:limit - 1]}… ({len(m[0])} characters)", message)
