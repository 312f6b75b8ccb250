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
