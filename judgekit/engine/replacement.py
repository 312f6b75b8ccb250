"""Replacement effects (10.24-10.30): "if ... would be defeated, ... instead".

Mandatory replacements apply before optional ones (10.28); an optional one is its controller's
choice, scripted in `replacements:` or awaited (10.26); each applies to one event once (10.29.1),
and the new event is checked again for replacements (10.29).
"""
from __future__ import annotations

from judgekit.engine import (choices, conditions, costs, effects, feasibility, interpreter, pending_order,
                             persistent, resolving, watching)
from judgekit.engine.context import Context
from judgekit.engine.state import legend_as_unit
from judgekit.engine.trace import AwaitChoice


def _applicable(ctx: Context, label: str, event: str) -> list[tuple]:
    """The replacements that could apply to `label`'s event now; one that already applied to the process this
    event belongs to can't apply again (10.29.1), and the trace says so. Each effect counts on its own: another
    replacement of the same card is not the same replacement."""
    state = ctx.state
    found = [(source, controller, effect, reader) for source, controller, effect, reader
             in persistent.active_effects(state, "replacement")
             if effect.trigger == f"replace:{event}"
             and ((_key(state, source, effect), label) not in ctx.replaced or _key(state, source, effect) in ctx.replacing)
             and persistent.affects(state, effect, reader, controller, label)
             and conditions.all_hold(state, effect.condition, reader, controller)[0]]
    face_down(ctx, event, lambda effect, legend, player: persistent.affects(state, effect, legend, player, label))
    spent = [f for f in found if _key(state, f[0], f[2]) in ctx.replacing]
    if spent:
        _tell_outer(ctx)
    for source, controller, effect, _ in spent:
        ctx.rec.add("check", f"{ctx.name(label)} would now be defeated in place of an earlier event, but "
                             f"{_describe(ctx, source, effect)} has already applied to this process, so it can't "
                             "apply again; only other replacement effects are checked.",
                    "replacement-effects.recheck", "replacement-effects.once-each", player=controller,
                    cards=(label, source))
    in_event = [f for f in found if f not in spent and _key(state, f[0], f[2]) in ctx.event_replacements]
    for source, controller, effect, _ in in_event:
        ctx.rec.add("check", f"The defeat of {ctx.name(label)} is part of the same event, one process, as a defeat "
                             f"{_describe(ctx, source, effect)} has already replaced, so that effect can't apply "
                             "to it again.",
                    "replacement-effects.once-each", player=controller, cards=(label, source))
    return [f for f in found if f not in spent and f not in in_event]


def face_down(ctx: Context, event: str, fits) -> None:
    """Say why a face-down Legend's replacement for this event is not offered, when its text would apply here:
    face-down, its information, text included, is ignored (3.4.1), and so is the bottom textbox of a Gear it still
    carries, read as printed on it (4.11.3). `fits(effect, legend, player)`: whether the effect speaks of this event;
    its conditions are read as if the card were face-up. Nothing is said for a face-down Legend whose text would not
    apply anyway, nor for one whose €$ its player could not pay (10.27)."""
    state = ctx.state
    for player, areas in state.players.items():
        for legend in areas.legends:
            if state.cards[legend].face_up:
                continue
            texts = [(effect, "") for effect in state.cards[legend].definition.effects]
            texts += [(effect, gear) for gear in state.cards[legend].gear
                      for effect in state.cards[gear].definition.bottom_effects]
            for effect, gear in texts:
                if effect.kind == "replacement" and effect.trigger == f"replace:{event}" and \
                        fits(effect, legend, player) and not _cant_pay(ctx, player, effect) and \
                        conditions.all_hold(state, effect.condition, legend, player)[0]:
                    ctx.rec.add("check", f"{ctx.name(legend)} is face-down in {player}'s Legends area, so its card "
                                         "information, text included, is ignored: its replacement effect"
                                         f"{f' ({effect.text})' if effect.text else ''}"
                                         f"{f', read from {ctx.name(gear)} as printed on it,' if gear else ''} "
                                         "can't apply.",
                                "orientation.face-down-ignored", "effects.replacement-kind",
                                *(("gear.bottom-textbox",) if gear else ()), player=player,
                                cards=(legend, *((gear,) if gear else ())))


def _place(state, source: str, effect) -> int | None:
    """Where the effect is printed on its card: its index, plus 100 in a Gear's top textbox, 200 in its bottom one."""
    definition = state.cards[source].definition
    for offset, printed in ((0, definition.effects), (100, definition.top_effects), (200, definition.bottom_effects)):
        index = next((i for i, e in enumerate(printed) if e is effect), None)
        if index is not None:
            return offset + index
    return None


def _textbox_rules(state, source: str, effect) -> tuple[str, ...]:
    """Why a Gear's replacement works on what it does: its top textbox is the Gear's own (4.11.2), its bottom one is
    read as its host's (4.11.3)."""
    place = _place(state, source, effect) or 0
    return ("gear.bottom-textbox",) if place >= 200 else ("gear.top-textbox-not-inherited",) if place >= 100 else ()


def _key(state, source: str, effect) -> tuple[str, int | None]:
    """One replacement effect, as 10.29.1 counts them: its card and its place on the card."""
    return source, _place(state, source, effect)


def names_of(state, source: str, effect) -> tuple[str, ...]:
    """How a script may name a replacement: its card, then the effect's own name (`label#N`, as effects name it)."""
    place = _place(state, source, effect)
    return (source,) if place is None else (source, pending_order.effect_name(source, place, source))


def _describe(ctx: Context, source: str, effect) -> str:
    return ctx.name(source) + (f" ({effect.text})" if effect.text else "")


def replace_defeat(ctx: Context, label: str, in_fight: bool = False) -> bool:
    """10.25: when `label` would be defeated, apply a replacement effect if one applies; True if one did. `in_fight`:
    the defeat is the one a fight's loser gets (9.19.1.1), so the Unit kept from it has still lost (9.19.3); a
    Unit defeated by an effect while it fights, even its winner, is not said to have lost."""
    found = _performable(ctx, _applicable(ctx, label, "defeated"), f"replace the defeat of {ctx.name(label)}")
    if not found:
        return False
    mandatory = [f for f in found if not f[2].optional]
    rules: tuple[str, ...] = ()
    for source, _, effect, _ in mandatory:
        if ctx.script.replacement_answer(names_of(ctx.state, source, effect)) is False:
            raise choices.declined(ctx, ctx.state.controller(source) or ctx.state.cards[source].owner,
                                   _describe(ctx, source, effect), "this mandatory replacement, which applies,",
                                   "replacement-effects.mandatory-first", effect=effect)
    if mandatory:
        chosen = mandatory[0] if len(mandatory) == 1 else _affected_player_picks(ctx, label, mandatory)
        if len(found) > len(mandatory):
            rules = ("replacement-effects.mandatory-first",)
    else:
        chosen = _optional_choice(ctx, label, found)
        if chosen is None:
            return False
    source, controller, effect, reader = chosen
    once = _once_decides(ctx, found)
    ctx.replaced.add((_key(ctx.state, source, effect), label))
    if ctx.defeats is not None:  # the defeat event under way is one process (10.29.1)
        ctx.event_replacements.add(_key(ctx.state, source, effect))
    defeated_note, defeated_rules = effects.kept_from_defeat(ctx, label)
    told = (f"{ctx.name(label)} would be defeated; instead, {_describe(ctx, source, effect)} applies. "
            f"{ctx.name(label)} is not defeated{defeated_note}"
            f"{', though it still lost the fight' if in_fight else ''}.",
            "replacement-effects", "replacement-effects.before-instead", "effects.replacement-kind", *rules,
            *defeated_rules, *(("fight.prevented-defeat-still-loses",) if in_fight else ()),
            *once, *(("replacement-effects.recheck",) if ctx.replacing else ()),
            *_textbox_rules(ctx.state, source, effect),
            *(legend_as_unit(ctx.state, (label,)) if effect.affects != "this" else ()))
    return _apply(ctx, chosen, {"affected": label}, told, instead_of=f"the defeat of {ctx.name(label)}",
                  cards=(label, source))


def _once_decides(ctx: Context, found: list[tuple]) -> tuple[str, ...]:
    """10.29.1 (a replacement applies to one process once) where it has something to decide: several replacements
    could apply to this event, or the process it belongs to was already replaced. Where only one could, the checks
    of `_applicable` cite it if that one comes back (its own new event, another defeat of the same event)."""
    return ("replacement-effects.once-each",) if len(found) > 1 or ctx.replacing else ()


def _cant_pay(ctx: Context, controller: str, effect) -> bool:
    """Whether `controller` lacks the €$ the replacement asks, so it can't be performed (10.27)."""
    return bool(effect.cost) and len(costs.available_sources(ctx, controller, set())) < int(effect.cost)


def _performable(ctx: Context, found: list[tuple], could: str, event: dict | None = None,
                 *cites: str) -> list[tuple]:
    """10.27: the replacements that can be performed now; one whose €$ can't be paid, whose choice has no legal
    option, or one of whose instructions could do nothing can't be applied, and the trace says why."""
    kept = []
    for option in found:
        source, controller, effect, reader = option
        if _cant_pay(ctx, controller, effect):
            why = feasibility.Impossible(f"{controller} can't pay its {effect.cost} €$", ("cost.paid-in-full",))
        else:
            why = feasibility.replacement_impossible(ctx, effect, controller, reader,
                                                     {"this": reader, "source": source}, event)
            why = why and feasibility.Impossible(why.why, ("effects.no-legal-target",) if effect.targets else ())
        if why is None:
            kept.append(option)
            continue
        ctx.rec.add("check", f"{_describe(ctx, source, effect)} could {could}, but {why.why}, so it can't be "
                             "applied.", "replacement-effects.impossible", *why.cites, *cites,
                    player=controller, cards=(source,))
    return kept


def _apply(ctx: Context, chosen: tuple, refs: dict, told: tuple, event: dict | None = None, instead_of: str = "",
           cards: tuple[str, ...] = ()) -> bool:
    """Perform the replacement that applies (10.25): pay its €$, make the choices it asks for as it says to (10.31),
    then its instructions. `told` (a text and its rules) says what it replaced: at once for one that makes no
    choice (whether it can be performed was checked before it was chosen, 10.27), but for one that asks a choice
    (10.31) only once the choice is made and it was carried out, never while the choice waits, or, when another
    replacement applies to the event it put in place, just before that one (10.29). False when it was
    not carried out (a discard from a hidden hand that found nothing, 5.3.2.4.1): then the original event happens
    after all (10.27), and the trace says so. An event it puts in place that another replacement replaces in turn
    is still carried out (10.29). The cards of its steps are noted in `Context.in_place`."""
    start = len(ctx.rec.steps)
    try:
        return _apply_from(ctx, chosen, refs, told, event, instead_of, cards)
    finally:  # the cards it named, chose or acted on are acted on in place of the original (10.25)
        ctx.in_place.update(card for step in ctx.rec.steps[start:] for card in step.cards)


def _apply_from(ctx: Context, chosen: tuple, refs: dict, told: tuple, event: dict | None, instead_of: str,
                cards: tuple[str, ...]) -> bool:
    """`_apply`'s work, its cards noted by `_apply`."""
    source, controller, effect, reader = chosen
    _tell_outer(ctx)
    decided = not effect.targets and not effect.modes
    if decided:
        ctx.rec.add("replace", *told, player=controller, cards=cards or (source,))
    elif effect.optional:
        ctx.rec.add("choice", f"{controller} chooses to apply {_describe(ctx, source, effect)} in place of "
                              f"{instead_of}.", "replacement-effects.optional", player=controller, cards=(source,))
    if effect.cost:
        costs.pay(ctx, controller, int(effect.cost), None, f"the replacement effect of {ctx.name(source)}",
                  cites=("replacement-effects.optional",), scriptable=False)
    before, picks = len(ctx.rec.steps), len(ctx.picks)
    picked = choices.choose_targets(ctx, effect, controller, reader, _describe(ctx, source, effect), event) \
        if effect.targets else {}
    chained = len(ctx.replaced)
    untold = [] if decided else [told, controller, cards or (source,)]
    ctx.untold.append(untold)
    try:
        done = _carry_out(ctx, chosen, {"this": reader, "source": source, **refs, **(picked or {})})
    finally:
        ctx.untold.pop()
    done = done and not ctx.left_nothing(before, picks)  # a choice of it left with nothing in it: not carried out
    if done or len(ctx.replaced) > chained:  # done, or its own event replaced in turn (10.29): either way it applied
        if untold:
            _tell(ctx, untold)
        return True
    undone = " (the choice made for it could not be done)" if effect.modes and not effect.do else ""
    ctx.rec.add("check", f"{_describe(ctx, source, effect)} was not carried out{undone}, so it replaces nothing: "
                         f"{instead_of} happens after all.", "replacement-effects.impossible",
                "replacement-effects.before-instead", player=controller, cards=(source,))
    return False


def _tell(ctx: Context, untold: list) -> None:
    """Record that a replacement that asked a choice has applied, once (and then forget it)."""
    told, controller, cards = untold
    ctx.rec.add("replace", *told, player=controller, cards=cards)
    untold.clear()


def _tell_outer(ctx: Context) -> None:
    """The event that the replacements being carried out put in place is checked again for replacements (10.29),
    and another applies or one is passed over (10.29.1): they applied first, so the trace says so now, outermost
    first, rather than after it."""
    for untold in ctx.untold:
        if untold:
            _tell(ctx, untold)


def _carry_out(ctx: Context, chosen: tuple, refs: dict) -> bool:
    """The event a replacement puts in place of the original (10.25): its instructions, then the modes it has its
    controller choose ("instead choose one", 10.31). The same process goes on, so the replacements applied to it so
    far, this one included, can't apply to what follows (10.29, 10.29.1). False when its instructions did not all
    do what they say."""
    source, controller, effect, reader = chosen
    outer = ctx.replacing
    ctx.replacing = outer | {_key(ctx.state, source, effect)}
    try:
        with interpreter.own_effect(ctx):
            done = interpreter.run(ctx, source, controller, effect.do, refs)
            if effect.modes:
                done = resolving.carry_out_modes(ctx, source, controller, effect, _describe(ctx, source, effect),
                                                 reader, refs) and done
            return done
    finally:
        ctx.replacing = outer


def replace_steal(ctx: Context, owner: str, gig: tuple[str, int], actor: str | None) -> bool:
    """9.23.4: as each chosen Gig would be stolen, an effect may stop it; True if this Gig is not stolen.
    `actor`: the card stealing, None when a player steals (6.7.2); one whose `actor` filter it does not meet ("a
    rival Unit would steal") does not apply (10.25)."""
    state = ctx.state
    name = f"{gig[0]}={gig[1]}"
    event = {"value": gig[1]}
    face_down(ctx, "stolen", lambda effect, legend, player: player == owner and (
        not effect.actor_filter or (actor is not None and watching.actor_fits(effect, watching.actor_facts(ctx, actor),
                                                                               legend))))
    found = [(source, controller, effect, reader) for source, controller, effect, reader
             in persistent.active_effects(state, "replacement")
             if effect.trigger == "replace:stolen" and controller == owner
             and conditions.all_hold(state, effect.condition, reader, controller)[0]
             and _steal_by_fits(ctx, source, effect, actor, name)]
    for option in _performable(ctx, found, f"stop {name} being stolen", event, "steal.prevention"):
        source, controller, effect, reader = option
        what = _describe(ctx, source, effect)
        if effect.optional:
            answer = ctx.script.replacement_answer(names_of(ctx.state, source, effect))
            if answer is None:
                raise AwaitChoice(f"{name} would be stolen. {controller} may apply {what} so that it isn't. The ruling "
                                  f"waits here; script `replacements: {{{source}: true}}` (or false).", controller,
                                  ("replacement-effects.optional", "steal.prevention"), can_decline=True,
                                  choice=("replacements", source))
            if not answer:
                ctx.rec.add("choice", f"{controller} lets {name} be stolen rather than apply {what}.",
                            "replacement-effects.optional", "golden.you-may", player=controller, cards=(source,))
                continue
        told = (f"{name} would have been stolen; instead, {what} applied, so {name} stays in {owner}'s Gig area.",
                "steal.prevention", "gigs.steal-trigger-would-be-stolen", "replacement-effects",
                "replacement-effects.before-instead",
                "effects.replacement-kind", *(("replacement-effects.optional",) if effect.optional else ()))
        return _apply(ctx, option, {}, told, event, instead_of=f"the steal of {name}")
    return False


def _steal_by_fits(ctx: Context, source: str, effect, actor: str | None, name: str) -> bool:
    """Whether the steal under way is one this "would be stolen" effect speaks of: its `actor` filter ("a rival Unit
    would steal") met by the card stealing. A player stealing (an effect naming no Unit or Legend as the actor,
    6.7.1.2, 6.7.2) is no card and meets none, so the effect does not apply (10.25: it replaces only its event)."""
    if not effect.actor_filter:
        return True
    if actor is not None and watching.actor_fits(effect, watching.actor_facts(ctx, actor), source):
        return True
    controller = ctx.state.controller(source) or ctx.state.cards[source].owner
    who = f"{ctx.name(actor)}, which is not such a card" if actor is not None else \
        f"{ctx.state.rival_of(controller)}, a player and no card: the effect stealing it names no Unit or Legend " \
        "as the one that steals"
    ctx.rec.add("check", f"{_describe(ctx, source, effect)} applies only to a steal by the kind of card its text "
                         f"names; {name} is being stolen by {who}, so it does not apply.",
                "replacement-effects.before-instead", "gigs.steal-actor",
                *(("gigs.steal-actor.card-named", "gigs.steal-steps") if actor is None else ()),
                player=controller, cards=(source,))
    return False


def _affected_player_picks(ctx: Context, label: str, several: list[tuple], kind: str = "mandatory") -> tuple:
    """10.28.1, 10.28.2: the affected card's controller picks which of several mandatory replacements applies
    first, or which of several optional ones chosen to apply is the one that does."""
    player = ctx.state.controller(label) or ctx.state.cards[label].owner
    rule = "replacement-effects.several-mandatory" if kind == "mandatory" else "replacement-effects.several-optional"
    names = [m[0] for m in several]
    named = [names_of(ctx.state, m[0], m[2]) for m in several]
    chosen = next((m for m, known in zip(several, named) if ctx.script.order and ctx.script.order[0] in known), None)
    if chosen is not None:
        ctx.script.order.pop(0)
        picked = chosen
        first = " first" if kind == "mandatory" else ""
        ctx.rec.add("choice", f"{player} chooses {_describe(ctx, picked[0], picked[2])} as the one that applies{first}"
                              f" ({player} controls {ctx.name(label)}, the affected card).",
                    rule, player=player, cards=(picked[0],))
        return picked
    what = "mandatory replacement effects would apply" if kind == "mandatory" else \
        "optional replacement effects were chosen to apply"
    raise AwaitChoice(f"Several {what} to {ctx.name(label)} being defeated: "
                      f"{', '.join(_describe(ctx, m[0], m[2]) for m in several)}. {player} chooses which applies; "
                      "script `order:` with its source first.", player, (rule,),
                      options=tuple(names), can_decline=False, choice=("order",))


def _optional_choice(ctx: Context, label: str, found: list[tuple]) -> tuple | None:
    """10.26: each optional replacement's controller decides whether to apply it. When several are chosen to apply,
    the affected card's controller picks the one that does (10.28.2)."""
    accepted: list[tuple] = []
    for option in found:
        source, controller, effect, _ = option
        answer = ctx.script.replacement_answer(names_of(ctx.state, source, effect))
        if answer is None:
            raise AwaitChoice(f"{ctx.name(label)} would be defeated. {controller} may apply {_describe(ctx, source, effect)}"
                              f" instead{f', paying {effect.cost} €$' if effect.cost else ''}. The ruling waits here; "
                              f"script `replacements: {{{source}: true}}` (or false to decline).", controller,
                              ("replacement-effects.optional",), can_decline=True,
                              choice=("replacements", source))
        if answer:
            accepted.append(option)
            continue
        ctx.replaced.add((_key(ctx.state, source, effect), label))
        ctx.rec.add("choice", f"{ctx.name(label)} would be defeated; {controller} declines to apply "
                              f"{_describe(ctx, source, effect)}.",
                    "replacement-effects.optional", "golden.you-may",
                    *(("golden.optional-cost",) if effect.cost else ()),
                    player=controller, cards=(source,))
    if len(accepted) > 1:
        return _affected_player_picks(ctx, label, accepted, "optional")
    return accepted[0] if accepted else None
