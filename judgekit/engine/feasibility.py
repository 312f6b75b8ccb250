"""Legal options (10.7, 10.31.1): whether a part of an effect has anything it could do now.

A "you may" part with nothing it could act on offers no choice: it does nothing, and the ruling says why
(no legal target, or every target ruled out by an earlier action, such as a Call already made this turn).
Each instruction that can be impossible registers its check with `@possible_when(name)`, in the module of
its own rules concept; an instruction with no check counts as possible.
"""
from __future__ import annotations

from typing import Callable, NamedTuple

from judgekit.engine import choices, hidden_picks, interpreter, requirement_words, requirements
from judgekit.engine.context import Context
from judgekit.plural import listed


class Impossible(NamedTuple):
    """Why nothing can be done, in words, with the rules that make it so."""

    why: str
    cites: tuple[str, ...]


_CHECKS: dict[str, Callable] = {}
_NOT_FOR_CHOICES: set[str] = set()
_CHOOSING = "\0choosing"  # in the refs a check is given: a card is being chosen (see `nothing_to_do`)


def possible_when(name: str, narrows_choices: bool = True) -> Callable[[Callable], Callable]:
    """Register the decorated function as instruction `name`'s check: (ctx, source, controller, arg, refs) ->
    None when it could do something now, else an `Impossible`. `narrows_choices` False: the check says whether an
    effect can be performed (10.27) but does not keep a card from being chosen for it (a spent Unit may be chosen
    for "spend a Unit", FAQ Corporate Surveillance)."""
    def register(function: Callable) -> Callable:
        _CHECKS[name] = function
        if not narrows_choices:
            _NOT_FOR_CHOICES.add(name)
        return function
    return register


def nothing_to_do(ctx: Context, source: str, controller: str, instructions, refs: dict,
                  choosing: bool = False) -> Impossible | None:
    """None when some instruction of the part could do something now; else why none can (10.6.1). `choosing`: for
    a card being chosen, where only the checks that narrow choices count (kept for the parts nested in it)."""
    reasons = []
    choosing = choosing or bool(refs.get(_CHOOSING))
    refs = {**refs, _CHOOSING: True} if choosing else refs
    for step in instructions:
        (verb, arg), = step.items()
        interpreter.lookup(verb)
        check = None if choosing and verb in _NOT_FOR_CHOICES else _CHECKS.get(verb)
        reason = check(ctx, source, controller, arg, refs) if check else None
        if reason is None:
            return None
        reasons.append(reason)
    if not reasons:
        return None
    return Impossible("; ".join(r.why.rstrip(".") for r in reasons), tuple(dict.fromkeys(c for r in reasons for c in r.cites)))


def rests_on_hidden(instructions: tuple[dict, ...]) -> bool:
    """Whether a part could be done only as hidden cards allow (5.3.2.4.1; `hidden_picks.hidden_pick`): then its player
    turning it down and having nothing for it look alike to the Rival. A part needing no such pick (a draw: a
    deck's size is public, 5.5.2) is seen to be done or not by all."""
    for step in instructions:
        (verb, arg), = step.items()
        interpreter.lookup(verb)  # loads the instruction's module, which registers its `hidden_pick` test
        if hidden_picks.picks_hidden(verb, arg) or any(rests_on_hidden(tuple(v)) for v in interpreter.nested(arg)):
            return True
    return False


@choices.part_check
def part_cannot_use(ctx: Context, effect, ref: str, label: str, chosen: dict, controller: str,
                    source: str) -> Impossible | None:
    """Why the effect's parts that use `ref` could do nothing with `label`; None when one could (or none uses it)."""
    using = tuple(step for step in effect.do if _uses(step, ref))
    return nothing_to_do(ctx, source, controller, using, {**chosen, ref: label}, choosing=True) if using else None


def _uses(step: dict, ref: str) -> bool:
    """Whether the instruction acts on `ref`, directly or in a part it holds (not where a nested choice names its
    own pick so)."""
    (verb, arg), = step.items()
    if ref in choices.target_refs(arg):
        return True
    if not isinstance(arg, dict) or (verb == "choose" and arg.get("name", "target") == ref):
        return False
    return any(_uses(inner, ref) for key in ("do", "then", "otherwise") for inner in arg.get(key) or ()
               if isinstance(inner, dict))


def replacement_impossible(ctx: Context, effect, controller: str, reader: str, refs: dict,
                           event: dict | None = None) -> Impossible | None:
    """10.27: a replacement can be applied only if it can be performed, which is every part of it: one part that
    could do nothing here (a discard from an empty hand) means the replacement can't be performed, and nothing of
    it happens (judgekit's reading, contested against 2.4's "as much as you can"). With "instead, choose one"
    (10.31) it can be performed when enough of its choices can be. None when it can be."""
    if effect.modes:
        why = _do_impossible(ctx, effect, controller, reader, refs, event)
        return why or _modes_impossible(ctx, effect, controller, reader, refs, event)
    return _do_impossible(ctx, effect, controller, reader, refs, event)


def _modes_impossible(ctx: Context, effect, controller: str, reader: str, refs: dict,
                      event: dict | None) -> Impossible | None:
    """Why a replacement's "choose one" can't be performed: fewer of its choices can be done than it picks."""
    blocked = [(number, why) for number, mode in enumerate(effect.modes, start=1)
               if (why := replacement_impossible(ctx, mode, controller, reader, refs, event)) is not None]
    doable = len(effect.modes) - len(blocked)
    if doable >= effect.choose:
        return None
    said = "; ".join(f"choice {number}, {effect.modes[number - 1].text or 'effect ' + str(number)}: "
                     f"{why.why.rstrip('.')}" for number, why in blocked)
    how_many = "none of its choices" if not doable else f"only {doable} of its choices, fewer than it picks,"
    return Impossible(f"{how_many} can be done ({said})",
                      tuple(dict.fromkeys(c for _, why in blocked for c in why.cites)))


def _do_impossible(ctx: Context, effect, controller: str, reader: str, refs: dict,
                   event: dict | None) -> Impossible | None:
    """Why the instructions a replacement puts in place (its `do`) can't all be done, if they can't."""
    targeted = tuple(part for part in effect.do if effect.targets and choices.target_refs(part))
    if targeted:
        why = no_usable_target(ctx, effect.targets[0], targeted, controller, reader, refs, event)
        if why is not None:
            return why
    rest = [part for part in effect.do if part not in targeted]
    for part in rest:
        why = nothing_to_do(ctx, reader, controller, (part,), refs)
        if why is not None:
            others = [other for other in rest if other is not part]
            if targeted or (others and nothing_to_do(ctx, reader, controller, others, refs) is None):
                return Impossible(f"{why.why.rstrip('.')}; its other parts could be done, but judgekit applies a "
                                  "replacement whole or not at all", why.cites)
            return why
    return None


def no_usable_target(ctx: Context, need: dict, do, controller: str, source: str, refs: dict,
                     event: dict | None = None, name: str = "target") -> Impossible | None:
    """None when some card meets `need` and `do` could act on it; else why no card can be chosen (10.7)."""
    fitting = [label for label in ctx.state.cards if requirements.fits(ctx, label, need, controller, source, event) is None]
    if not fitting:
        return Impossible(f"there is no {requirement_words.describe(need)} to choose",
                          ("effects.no-legal-target", "effect-choices.no-legal-choice"))
    blocked = []
    for label in fitting:
        reason = nothing_to_do(ctx, refs.get("source", source), controller, do, {**refs, name: label}, choosing=True)
        if reason is None:
            return None
        blocked.append(reason)
    shown = listed(ctx.name(label) for label in fitting)
    kind = requirement_words.describe(need)
    which = {1: f"the only {kind} ({shown}) can't", 2: f"neither {kind} ({shown}) can"}.get(
        len(fitting), f"no {kind} of the {len(fitting)} ({shown}) can")
    why = "; ".join(dict.fromkeys(reason.why.rstrip(".") for reason in blocked))
    return Impossible(f"{which} be used: {why}",
                      ("effects.no-legal-target", "effect-choices.no-legal-choice",
                       *dict.fromkeys(c for reason in blocked for c in reason.cites)))


def effect_has_nothing_to_do(ctx: Context, effect, controller: str, reader: str, refs: dict,
                             event: dict | None = None) -> Impossible | None:
    """For a whole "you may" effect: none of its targets could be chosen and used, and no part without a target
    could be done. Effects with modes count as possible (each mode is its own choice)."""
    if effect.modes:
        return None
    if not effect.targets:
        return nothing_to_do(ctx, reader, controller, effect.do, refs)
    untargeted = tuple(part for part in effect.do if not choices.target_refs(part))
    if untargeted and nothing_to_do(ctx, reader, controller, untargeted, refs) is None:
        return None
    targeted = tuple(part for part in effect.do if choices.target_refs(part))
    return no_usable_target(ctx, effect.targets[0], targeted, controller, reader, refs, event)
