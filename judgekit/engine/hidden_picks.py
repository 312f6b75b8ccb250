"""Picks from a hidden area (5.3.2.4-5.3.2.5): a pick by card information the Rival can't check (a Program, a cost,
a Tag) may find nothing, and so may say nothing of what the area holds; a pick of any card there must be made.

Each instruction that picks cards registers here whether, with given arguments, it picks so (`hidden_pick`), so
that what the rules let a player withhold is decided in one place (`picks_hidden`).
"""
from __future__ import annotations

from typing import Callable

from judgekit.engine import requirements
from judgekit.engine.state import HIDDEN_AREAS


_HIDDEN_PICKS: dict[str, Callable[[dict], bool]] = {}


def hidden_pick(name: str) -> Callable[[Callable[[dict], bool]], Callable[[dict], bool]]:
    """Register the decorated function as instruction `name`'s test: (its arguments) -> whether it picks cards from
    a hidden area by information that is not public (5.3.2.4.1, 11.13.4.1)."""
    def register(function: Callable[[dict], bool]) -> Callable[[dict], bool]:
        _HIDDEN_PICKS[name] = function
        return function
    return register


def picks_hidden(verb: str, arg: dict) -> bool:
    """Whether instruction `verb` with these arguments picks cards from a hidden area by their information."""
    test = _HIDDEN_PICKS.get(verb)
    return test is not None and test(arg)


def may_fail_to_find(need: dict) -> bool:
    """5.3.2.4.1: a pick from a hidden area by card information the Rival can't check (a Gear, a cost, a Tag) may
    find nothing; a pick of any card there must be made (5.3.2.5)."""
    return need.get("area") in HIDDEN_AREAS and _by_information(need)


def looks_into_hidden(need: dict) -> bool:
    """Whether a pick's options rest on hidden cards (5.3.2.4.1): it looks by card information into an area that is
    hidden, or one of two areas where one is (a hand or the trash)."""
    return need.get("area") in (*HIDDEN_AREAS, "hand-or-trash") and _by_information(need)


def _by_information(need: dict) -> bool:
    """A pick by card information (a kind, a cost, a Tag), not of any card (5.3.2.5)."""
    printed = any(requirements.is_set(need.get(limit)) for limit in requirements.PRINTED_LIMITS)
    return need.get("kind", "card") != "card" or printed
