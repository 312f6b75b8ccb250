"""`-k` selection, as in pytest: words joined with `and`, `or`, `not` and parentheses.

A word matches a scenario when it appears (case-insensitively) in its title or file path, or
names one of its tags; `tag:WORD` matches the tag only.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

_TOKEN = re.compile(r"\s*(\(|\)|[^\s()]+)")


class SelectionError(ValueError):
    """A -k expression that cannot be read."""


@dataclass(frozen=True)
class Selector:
    """A -k expression; plain data, so it can be sent to worker processes."""

    expression: str

    def __post_init__(self) -> None:
        compile_expression(self.expression)  # fail early, before any file is run

    def matches(self, file: str, name: str, tags: list[str]) -> bool:
        test = compile_expression(self.expression)
        return bool(test((file.lower(), name.lower(), [t.lower() for t in tags])))


@lru_cache(maxsize=16)
def compile_expression(expression: str):
    """The expression as a test on (file, name, tags), all lowercased."""
    tokens = _TOKEN.findall(expression)
    if not tokens:
        raise SelectionError("-k needs an expression, e.g. -k 'gear and not refused'")
    position = 0

    def peek() -> str | None:
        return tokens[position] if position < len(tokens) else None

    def take() -> str:
        nonlocal position
        position += 1
        return tokens[position - 1]

    def either():
        tests = [both()]
        while peek() == "or":
            take()
            tests.append(both())
        return lambda s: any(t(s) for t in tests)

    def both():
        tests = [negation()]
        while peek() == "and":
            take()
            tests.append(negation())
        return lambda s: all(t(s) for t in tests)

    def negation():
        if peek() == "not":
            take()
            inner = negation()
            return lambda s: not inner(s)
        return atom()

    def atom():
        token = peek()
        if token is None:
            raise SelectionError(f"-k {expression!r}: the expression ends too early")
        take()
        if token == "(":
            inner = either()
            if peek() != ")":
                raise SelectionError(f"-k {expression!r}: a '(' is never closed")
            take()
            return inner
        if token in (")", "and", "or"):
            raise SelectionError(f"-k {expression!r}: unexpected {token!r}")
        word = token.lower()
        if word.startswith("tag:"):
            tag = word[4:]
            return lambda s: tag in s[2]
        return lambda s: word in s[0] or word in s[1] or word in s[2]

    test = either()
    if peek() is not None:
        raise SelectionError(f"-k {expression!r}: unexpected {peek()!r}")
    return test
