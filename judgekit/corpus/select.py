"""`-k` selection, as in pytest: words joined with `and`, `or`, `not` and parentheses.

A word matches a scenario when it appears (case-insensitively) in its title or file path, or
names one of its tags; `tag:WORD` matches the tag only.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from judgekit.echo import shown

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


MAX_DEPTH = 50  # parentheses and `not`s nested deeper than this are refused (no expression needs more)


@lru_cache(maxsize=16)
def compile_expression(expression: str):
    """The expression as a test on (file, name, tags), all lowercased.

    SelectionError (with the column) for an expression that cannot be read or nests past MAX_DEPTH.
    """
    tokens = [(m.group(1), m.start(1) + 1) for m in _TOKEN.finditer(expression) if m.group(1)]
    if not tokens:
        raise SelectionError("-k needs an expression, e.g. -k 'gear and not refused'")
    position = 0
    depth = 0

    def fail(message: str, column: int | None = None) -> SelectionError:
        where = f" at column {column}" if column else ""
        return SelectionError(f"-k {shown(expression)}{where}: {message}")

    def peek() -> str | None:
        return tokens[position][0] if position < len(tokens) else None

    def take() -> tuple[str, int]:
        nonlocal position
        position += 1
        return tokens[position - 1]

    def deeper(column: int) -> None:
        nonlocal depth
        depth += 1
        if depth > MAX_DEPTH:
            raise fail(f"nested more than {MAX_DEPTH} deep", column)

    def either():
        tests = [both()]
        while peek() == "or":
            take()
            tests.append(both())
        return tests[0] if len(tests) == 1 else (lambda s: any(t(s) for t in tests))

    def both():
        tests = [negation()]
        while peek() == "and":
            take()
            tests.append(negation())
        return tests[0] if len(tests) == 1 else (lambda s: all(t(s) for t in tests))

    def negation():
        nonlocal depth
        if peek() == "not":
            _, column = take()
            deeper(column)
            inner = negation()
            depth -= 1
            return lambda s: not inner(s)
        return atom()

    def atom():
        nonlocal depth
        if peek() is None:
            raise fail("the expression ends too early", len(expression) + 1)
        token, column = take()
        if token == "(":
            deeper(column)
            inner = either()
            if peek() != ")":
                raise fail("a '(' is never closed", column)
            take()
            depth -= 1
            return inner
        if token in (")", "and", "or"):
            raise fail(f"unexpected {shown(token)}", column)
        word = token.lower()
        if word.startswith("tag:"):
            tag = word[4:]
            return lambda s: tag in s[2]
        return lambda s: word in s[0] or word in s[1] or word in s[2]

    test = either()
    if peek() is not None:
        raise fail(f"unexpected {shown(peek())}", tokens[position][1])
    return test
