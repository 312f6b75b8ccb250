"""Game events a module announces and another handles, dispatched by name through a registry, so that the
module where an event happens need not import the rules that react to it (10.16: triggers)."""
from __future__ import annotations

from typing import Callable

_HANDLERS: dict[str, list[Callable]] = {}


def handles(name: str) -> Callable[[Callable], Callable]:
    """Register the decorated function to run whenever `name` is announced."""
    def register(handler: Callable) -> Callable:
        _HANDLERS.setdefault(name, []).append(handler)
        return handler
    return register


def announce(ctx, name: str, **facts) -> None:
    """Tell every handler of `name` that the event happened, with its facts."""
    for handler in _HANDLERS.get(name, ()):
        handler(ctx, **facts)
