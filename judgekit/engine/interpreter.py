"""The effect interpreter (2.3, 10.2): an effect's instructions are carried out in the order written, each
dispatched by name through one table.

Each instruction is a small function registered with `@instruction("name")` in the module of its rules concept
(drawing and defeating in `instructions`, Gigs in `gig_instructions`, playing in `play`, ...). Every instruction
says whether it did what it says: it is declared `-> bool` and returns True or False, so "if you do" (10.3.1)
follows only what happened, and a part that did nothing (10.6.2) or was replaced (10.25) is never "done". This module
imports none of them at import time: a module listed in `INSTRUCTION_MODULES` is loaded the first time an effect
runs one of its instructions (`INSTRUCTION_HOME`), so a concept module can run nested instructions (a "choose
one", an "if you do") without the modules importing each other in a circle, and a ruling loads only the
instructions it uses.
"""
from __future__ import annotations

import re
from contextlib import contextmanager
from importlib import import_module
from typing import Callable, Iterator

from judgekit.engine import effect_reach
from judgekit.engine.choices import LEFT, UNCHOSEN, target_refs
from judgekit.engine.context import Context

_TABLE: dict[str, Callable] = {}
_DOES: dict[str, str] = {}
_PLACES: set[str] = set()  # instructions that put the card they act on into a game area (5.13.2.2)
_loaded = False


def instruction(name: str, does: str = "use it", places: bool = False) -> Callable[[Callable], Callable]:
    """Register the decorated function as the instruction `name` (one function per name; the same function of a
    module imported again, as pytest's in-process runs do, takes its own place). It must be declared `-> bool`.
    `does`: what it does to the card it acts on, in words, for a ruling to name the part a missing choice leaves
    undone ("the part that would move the Gear"). `places`: it puts that card into a game area (moves, plays or
    sells it), which for a card removed from the game would be bringing it back (5.13.2.2)."""
    def register(function: Callable) -> Callable:
        _DOES[name] = does
        if places:
            _PLACES.add(name)
        if function.__annotations__.get("return") not in ("bool", bool):
            raise TypeError(f"instruction {name!r} must be declared -> bool: whether it did what it says")
        known = _TABLE.get(name, function)
        if known is not function and (known.__module__, known.__qualname__) != (function.__module__,
                                                                                function.__qualname__):
            raise ValueError(f"instruction {name!r} is registered twice")
        _TABLE[name] = function
        return function
    return register


# The module registering each instruction, so that an effect loads only the modules of the instructions it runs
# (a cold `judgekit run`, issue #16). A name not listed loads every module of INSTRUCTION_MODULES instead;
# tests/test_engine_imports.py keeps this in step with the registrations.
_HOMES = {"compound": "choose each_player if_you_do next_time only_if repeat", "costs": "pay",
          "discarding": "discard discard_hands", "discounts": "next_costs_less",
          "gig_instructions": "adjust limit_steals steal swap", "gig_matching": "match_gig",
          "hidden_information": "look_at", "obligations": "must_attack",
          "play": "play_free play_paying", "revealing": "reveal_top", "searching": "search",
          "sell": "sell sell_top_card",
          "instructions": "bottom_deck bottom_deck_all call_free defeat draw each_draws end_attack flip "
                          "for_each give lose move move_gear ready reveal spend trash win"}
INSTRUCTION_HOME = {name: module for module, names in _HOMES.items() for name in names.split()}
INSTRUCTION_MODULES = tuple(_HOMES)


def _does(name: str) -> str:
    """What the instruction does to the card it acts on, in words (registered with it)."""
    lookup(name)
    return _DOES.get(name, "use it")


def _places(name: str) -> bool:
    """Whether the instruction puts the card it acts on into a game area (registered with it)."""
    lookup(name)
    return name in _PLACES


def lookup(name: str) -> Callable:
    """The instruction `name`, loading the module that registers it on first use."""
    function = _TABLE.get(name)
    if function is None:
        if name in INSTRUCTION_HOME:
            import_module(f"judgekit.engine.{INSTRUCTION_HOME[name]}")
        function = _TABLE.get(name) or table()[name]
    return function


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
    began = ctx.begin_effect()
    try:
        return _run(ctx, source, controller, instructions, refs)
    finally:
        if began:
            ctx.effect_began = None


@contextmanager
def own_effect(ctx: Context, same: bool = False) -> Iterator[None]:
    """One effect's resolution, the scope of its ignored-part mark (`ignore_part`): an effect resolved inside another,
    a Program another effect plays say, is an effect of its own (10.6.1), so its failure is never called a part of
    the outer one, nor the outer one's mark said in it; `same`: a "choose one" mode, run after the instructions
    before it in the same effect, carries the mark on."""
    if same:
        yield
        return
    outer, ctx.ignored_part = ctx.ignored_part, False
    try:
        yield
    finally:
        ctx.ignored_part = outer


def ignore_part(ctx: Context) -> None:
    """Mark that a part of the resolving effect just failed and is ignored (10.6.2): the next instruction of that
    effect to run, at whatever nesting, is the rest of it still resolving, and the ruling says so before it."""
    ctx.ignored_part = True


def say_part_ignored(ctx: Context, source: str, controller: str) -> None:
    """Say, as more of the effect is about to resolve, that its failed part was ignored, not the whole (10.6.2)."""
    ctx.ignored_part = False
    ctx.rec.add("check", f"The failed part is ignored, not the whole effect: what follows in {ctx.name(source)}'s "
                         "effect still resolves.", "effects.invalid-part-ignored", player=controller)


def leaves(instructions: tuple[dict, ...]) -> int:
    """How many instructions an effect holds, counting those inside "if you do", conditions and choices rather than
    the instruction holding them: a failed part is the whole effect (10.6.1) only when it is the one instruction."""
    count = 0
    for step in instructions:
        (_, arg), = step.items()
        held = nested(arg)
        count += sum(leaves(tuple(v)) for v in held) if held else 1
    return count


def nested(arg) -> list[list[dict]]:
    """The lists of instructions an instruction's arguments hold (`do`, `then`, `otherwise`), in the order written."""
    return [v for v in arg.values() if _instructions(v)] if isinstance(arg, dict) else []


def _instructions(value) -> bool:
    """Whether a value of an instruction's arguments is a list of instructions (`do`, `then`, `otherwise`)."""
    return isinstance(value, list) and bool(value) and all(
        isinstance(v, dict) and len(v) == 1 and next(iter(v)) in INSTRUCTION_HOME for v in value)


# Where an instruction names the cards it acts on: its bare argument, or these keys of its arguments.
_CARD_KEYS = ("card", "gear", "to", "equip_to", "actor")


def _card_refs(arg) -> list[str]:
    """The references (`this`, `it`, `target`, a group an earlier part named) through which an instruction names
    the cards it acts on; its nested instructions and requirements are theirs, not its own."""
    if isinstance(arg, str):
        return [arg]
    if isinstance(arg, list):
        return [a for a in arg if isinstance(a, str)]
    if isinstance(arg, dict):
        return [arg[key] for key in _CARD_KEYS if isinstance(arg.get(key), str)]
    return []


def _reached(ctx: Context, controller: str, verb: str, arg,
             refs: dict[str, str]) -> tuple[object, dict[str, str], bool] | None:
    """Resolve an instruction's card references to the cards the effect can still act on (`effect_reach.within_reach`,
    which says why one is not): None when no card it names is left, and that part of the effect does nothing
    (10.6.2); else its argument and the groups an earlier part named, less the cards out of reach (a list of cards
    to bottom-deck, a group to move, acts on the rest), and whether none was."""
    narrowed, dropped = {}, set()
    for ref in dict.fromkeys(_card_refs(arg)):
        labels = refs.get(ref, "").split("|") if ref in refs and not ref.startswith(UNCHOSEN) else []
        if not labels or not all(label in ctx.state.cards for label in labels):
            continue
        kept = [label for label in labels if effect_reach.within_reach(ctx, label, controller, ref, refs, _places(verb))]
        if not kept:
            dropped.add(ref)
        elif len(kept) < len(labels):
            narrowed[ref] = "|".join(kept)
    if not dropped:
        return arg, narrowed, not narrowed
    if isinstance(arg, list) and any(a not in dropped for a in arg):
        return [a for a in arg if a not in dropped], narrowed, False
    return None


def _run(ctx: Context, source: str, controller: str, instructions: tuple[dict, ...], refs: dict[str, str]) -> bool:
    done = True
    told: set[str] = set()  # what was said of parts whose target was not chosen: two alike are said once
    for step in instructions:
        (verb, arg), = step.items()
        if ctx.ignored_part:
            say_part_ignored(ctx, source, controller)
        missing = sorted(set(target_refs(arg)) - set(refs))
        if missing:
            some = any(re.fullmatch(r"target\d*", ref) for ref in refs)
            left = all(f"{LEFT}{ref}" in refs for ref in missing)  # the player chose to leave them (2.1.1, 2.8)
            needed = " and no ".join(refs.get(f"{UNCHOSEN}{ref}", "card") for ref in missing)
            said = f"No {needed} was chosen, so the part that would {_does(verb)} does nothing."
            if said not in told:
                told.add(said)
                ctx.rec.add("check", said,
                            *(dict.fromkeys(r for ref in missing for r in refs[f"{LEFT}{ref}"].split()) if left else
                              ("effect-choices.target-count",) if some else ()), "effects.invalid-part-ignored",
                            player=controller)
            # a choice its player left as the card lets them is not a failure of this part; whether what it was to
            # do was done, for an "if you do" (10.3.1), is read in one place: `compound._left`
            done = done and left
            continue
        reached = _reached(ctx, controller, verb, arg, refs)
        if reached is None:
            done = False
            continue
        arg, narrowed, whole = reached
        local = {**refs, **narrowed}
        did = lookup(verb)(ctx, source, controller, arg, local) and whole  # else it did not do all it says
        refs.update({key: value for key, value in local.items() if key not in narrowed})
        if not isinstance(did, bool):
            raise TypeError(f"instruction {verb!r} returned {did!r}, not whether it did what it says (True/False)")
        effect_reach.follow(ctx.state, [label for ref in _card_refs(arg) if ref in effect_reach.FIXED_REFS
                                 for label in refs.get(ref, "").split("|") if label in ctx.state.cards], refs)
        done = did and done
    return done
