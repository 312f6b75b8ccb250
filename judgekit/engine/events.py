"""Game events a module announces and another handles, dispatched by name through a registry, so that the
module where an event happens need not import the rules that react to it (10.16: triggers).

Engine modules load as a ruling needs them, so `HANDLER_MODULES` names the modules that handle each event: they
are loaded when the event is first announced, and every handler runs whichever modules were loaded before.
"""
from __future__ import annotations

from importlib import import_module
from typing import Callable

HANDLER_MODULES = {"gig-adjusted": ("effects",), "gig-swapped": ("effects",), "card-spent": ("effects",),
                   "gigs-gained": ("turn",)}

_HANDLERS: dict[str, list[Callable]] = {}
_TO_LOAD = dict(HANDLER_MODULES)  # events whose handling modules are not loaded yet


def handles(name: str) -> Callable[[Callable], Callable]:
    """Register the decorated function to run whenever `name` is announced."""
    def register(handler: Callable) -> Callable:
        _HANDLERS.setdefault(name, []).append(handler)
        return handler
    return register


def announce(ctx, name: str, **facts) -> None:
    """Tell every handler of `name` that the event happened, with its facts."""
    for module in _TO_LOAD.pop(name, ()):
        import_module(f"judgekit.engine.{module}")
    for handler in _HANDLERS.get(name, ()):
        handler(ctx, **facts)
