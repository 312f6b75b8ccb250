"""Resolving one effect (10.2): its conditions read as it resolves (10.3.3, 10.15.1), a "you may" asked (2.1.1),
its targets chosen (10.19.1 for an activated effect's, written after its colon), its instructions run, and a
"choose one" effect's modes (10.31)."""
from __future__ import annotations

from judgekit.engine import choices, conditions, feasibility, hidden_information, hidden_picks, interpreter
from judgekit.engine.card_definition import Effect
from judgekit.engine.context import Context
from judgekit.engine.trace import AwaitChoice


def _stolen_now(ctx: Context, known: dict) -> dict | None:
    """For a steal trigger, the stolen Gig's value as its effect resolves (conditions.stolen_gig): what "the
    Gig's value" limits its targets by."""
    if "stolen" not in known:
        return None
    return {"value": int(conditions.stolen_gig(ctx.state, known).split("=")[1])}


def resolve_one(ctx: Context, source: str, controller: str, effect, known: dict, what: str,
                reader: str | None = None, outer: dict | None = None, printed_on: str = "") -> bool:
    """Resolve one effect (`_resolve_one`), its own scope for a failed part's mark (a mode's is its effect's,
    `interpreter.own_effect`); a choice awaited on the way is awaited mid-resolution (10.2.3)."""
    ctx.resolving.append(what)
    try:
        with interpreter.own_effect(ctx, same=outer is not None):
            return _resolve_one(ctx, source, controller, effect, known, what, reader, outer, printed_on)
    except AwaitChoice as waiting:
        waiting.during_resolution = True
        raise
    finally:
        ctx.resolving.pop()


def _resolve_one(ctx: Context, source: str, controller: str, effect, known: dict, what: str,
                 reader: str | None = None, outer: dict | None = None, printed_on: str = "") -> bool:
    """Check the effect's conditions as it resolves (10.3.3, 10.15.1), choose its targets (an activated effect's
    too: they are written after its colon, 10.19.1), then run it; False when it did not do all it says.

    `reader`: the card that reads the effect as its own (a Gear's host), when not the source.
    `outer`: for a mode, what its effect already chose or revealed ("give a friendly Unit these effects").
    `printed_on`: the Gear whose bottom textbox `source` reads the effect from: "this Gear" names it (10.1.3, 4.11.3).
    """
    reader = reader or source
    holds, reasons, rules = conditions.all_hold(ctx.state, effect.condition, reader, controller, known)
    if effect.condition:
        ctx.rec.add("check", f"{what}: its condition is checked as it resolves: {'; '.join(reasons)}"
                             f"{'' if holds else ', so it does nothing'}.", "effects.condition-checked-on-resolve",
                    *(("keyword.spend-icon.condition",) if effect.spend else ("pending.resolution-condition",)
                      if effect.kind == "triggered" else ()), *(() if holds else ("effects.condition-false",)), *rules,
                    *(("effects.condition-not-cost",) if effect.kind == "activated" else ()),
                    player=controller, cards=(source,))
        if not holds:
            return False
    about = _stolen_now(ctx, known)
    if effect.optional and effect.kind == "triggered":
        parts = (effect.do, *(mode.do for mode in effect.modes))
        hidden = ("hidden-areas.may-fail-to-find",) if any(map(hidden_picks.looks_into_hidden, effect.targets)) or \
            any(feasibility.rests_on_hidden(tuple(part)) for part in parts) else ()
        blocked = feasibility.effect_has_nothing_to_do(ctx, effect, controller, reader, {}, about)
        if blocked is not None:
            ctx.script.take_may(source)
            ctx.rec.add("check", f"{what} says \"you may\", but there is no legal option for it: {blocked.why}. No "
                                 "choice is made and it does nothing.", *blocked.cites, "golden.you-may", *hidden,
                        player=controller, cards=(source,))
            return False
        answer = ctx.script.take_may(source)
        if answer is None:
            raise AwaitChoice(f"{controller} may resolve {what} or not ('you may'). The ruling waits here; script "
                              f"`may: {{{source}: true}}` (or false to decline).", controller, ("golden.you-may",),
                              can_decline=True, choice=("may", source))
        if not answer:
            ctx.rec.add("choice", f"{controller} chooses not to resolve {what}.", "golden.you-may", *hidden, player=controller,
                        cards=(source,))
            return False
        ctx.rec.add("choice", f"{controller} chooses to resolve {what}.", "golden.you-may", player=controller,
                    cards=(source,))
    elif effect.kind == "triggered" and ctx.script.may.get(source, [True])[0] is False and not says_may(effect) and \
            not any(says_may(e) for e in ctx.state.cards[source].definition.printed_effects):
        raise choices.declined(ctx, controller, what, None, effect=effect)
    rest = any(not choices.target_refs(part) for part in effect.do) or \
        any(mode.targets or any(not choices.target_refs(part) for part in mode.do) for mode in effect.modes)
    refs = choices.choose_targets(ctx, effect, controller, reader, what, about, rest_resolves=rest)
    if refs is None:
        return False
    event = {"stolen": known["stolen_at"]} if "stolen_at" in known else {}
    for fact in ("opponent", "it", "rolled"):
        if fact in known:
            event[fact] = known[fact]
    if "referred" in known:  # when it became pending, for what it named then (effect_reach.within_reach)
        event["referred"] = str(known["referred"])
    # "parts": how many instructions the effect has (modes counting as one), for a choice partway through it to
    # know whether it is the whole effect (10.6.1) or a part of it (10.6.2)
    # "leaves": how many instructions it holds at any nesting, for a failed part to know the same (`gigs.failing`)
    parts = len(effect.do) + (1 if effect.modes else 0)
    leaves = interpreter.leaves(effect.do) + (1 if effect.modes else 0)
    # "follows": the Gigs it names that it reads again later (its stolen Gig, the Gig it adjusted), which a choice
    # of a Gig partway through it tells from equal dice (`gigs.followed`)
    scope = {**(outer or {}), "this": reader, "source": printed_on or source, "parts": str(parts),
             "leaves": str(leaves), "follows": _follows(effect), **event, **refs}
    done = interpreter.run(ctx, source, controller, effect.do, scope)
    if effect.modes:
        done = _resolve_modes(ctx, source, controller, effect, known, what, reader, scope, printed_on) and done
    if scope.get("revealed"):  # the effect is done: what it revealed is hidden again (11.14.4); a mode's end is
        # not its effect's end, so a mode hides only what it revealed itself
        before = set((outer or {}).get("revealed", "").split("|"))
        hidden_information.stop_looking(ctx, [c for c in scope["revealed"].split("|")
                                              if c in ctx.state.cards and c not in before])
    return done


def _follows(effect: Effect) -> str:
    """The Gigs an effect reads by what it calls them (`gigs.FOLLOWED`), space-separated: its stolen Gig (6.7.3),
    the Gig it adjusted ("if it becomes a min Gig")."""
    read = ["stolen"] if "stolen" in effect.facts_read else []
    return " ".join(read + (["adjusted"] if _asks(effect.do, "adjusted_is_min") or
                            any(_asks(mode.do, "adjusted_is_min") for mode in effect.modes) else []))


def _asks(part, key: str) -> bool:
    """Whether an effect's instructions hold `key` at any nesting (a condition inside an "only if")."""
    if isinstance(part, dict):
        return key in part or any(_asks(value, key) for value in part.values())
    return isinstance(part, (list, tuple)) and any(_asks(value, key) for value in part)


def says_may(part) -> bool:
    """Whether an effect (or any part of it) is worded "you may" (2.1.1): only then may its controller decline."""
    if isinstance(part, Effect):
        return part.optional or says_may(part.do) or any(says_may(m) for m in part.modes)
    if isinstance(part, dict):
        return part.get("may") is True or any(says_may(v) for v in part.values())
    if isinstance(part, (list, tuple)):
        return any(says_may(v) for v in part)
    return False


def _resolve_modes(ctx: Context, source: str, controller: str, effect: Effect, known: dict, what: str,
                   reader: str, scope: dict, printed_on: str) -> bool:
    """"Choose one" (10.31): the picked modes resolve top to bottom (2.3), each seeing what the effect has already
    chosen or revealed (`scope`: its target, the revealed cards); False when one did not do all it says."""
    done = True
    for number in sorted(choices.choose_modes(ctx, effect, controller, source, reader, what, known)):
        done = resolve_one(ctx, source, controller, effect.modes[number - 1], known, f"{what} (choice {number})",
                           reader=reader, outer=scope, printed_on=printed_on) and done
    return done


def carry_out_modes(ctx: Context, source: str, controller: str, effect: Effect, what: str, reader: str,
                    scope: dict) -> bool:
    """"Instead, choose one": a replacement's modes, chosen as it applies (10.31) and done top to bottom (2.3) as part
    of what it puts in place of the event (10.25); False when a chosen one did not do all it says. No effect
    resolves here (a replacement never becomes pending, 10.24), so a choice awaited is not one awaited
    mid-resolution."""
    done = True
    for number in sorted(choices.choose_modes(ctx, effect, controller, source, reader, what, {})):
        done = _resolve_one(ctx, source, controller, effect.modes[number - 1], {}, f"{what} (choice {number})",
                            reader=reader, outer=scope) and done
    return done
