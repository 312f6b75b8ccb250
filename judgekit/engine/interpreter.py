"""The effect interpreter (2.3, 10.2): an effect's instructions are carried out in the order written, each
dispatched by name through one table.

Each instruction is a small function registered with `@instruction("name")` in the module of its rules concept
(drawing and defeating in `instructions`, Gigs in `gig_instructions`, playing in `play`, ...). This module
imports none of them at import time: the modules listed in `INSTRUCTION_MODULES` are loaded the first time an
effect runs, so a concept module can run nested instructions (a "choose one", an "if you do") without the
modules importing each other in a circle.
"""
from __future__ import annotations

from importlib import import_module
from typing import Callable

from judgekit.engine.choices import target_refs
from judgekit.engine.context import Context

INSTRUCTION_MODULES = ("instructions", "compound", "costs", "discarding", "discounts", "gig_instructions",
                       "gig_matching", "hidden_information", "obligations", "play", "revealing", "searching", "sell")

_TABLE: dict[str, Callable] = {}
_loaded = False


def instruction(name: str) -> Callable[[Callable], Callable]:
    """Register the decorated function as the instruction `name` (one function per name)."""
    def register(function: Callable) -> Callable:
        if _TABLE.get(name, function) is not function:
            raise ValueError(f"instruction {name!r} is registered twice")
        _TABLE[name] = function
        return function
    return register


def table() -> dict[str, Callable]:
    """Every instruction by name, loading the modules that register them on first use."""
    global _loaded
    if not _loaded:
        for module in INSTRUCTION_MODULES:
            import_module(f"judgekit.engine.{module}")
        _loaded = True
    return _TABLE


def run(ctx: Context, source: str, controller: str, instructions: tuple[dict, ...], refs: dict[str, str]) -> bool:
    """Carry out an effect's instructions in the order written (2.3); new triggers wait (10.14). A part whose
    target was never chosen does nothing while the other parts still happen (10.6.2).

    Returns False when some instruction could not do what it says (for "if you do"); True otherwise.
    """
    verbs = table()
    done = True
    for step in instructions:
        (verb, arg), = step.items()
        missing = sorted(set(target_refs(arg)) - set(refs))
        if missing:
            ctx.rec.add("check", f"No card was chosen as {', '.join(missing)} (there were too few targets), so the "
                                 f"part \"{verb}\" does nothing.", "effect-choices.target-count",
                        "effects.invalid-part-ignored", player=controller)
            done = False
            continue
        if verbs[verb](ctx, source, controller, arg, refs) is False:
            done = False
    return done
