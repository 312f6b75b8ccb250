"""Instructions that act on Gigs (CR 6): adjust (6.4), swap (6.6) and steal with a named actor (6.7.1.2).

A Gig an instruction names as `choose` is chosen by the effect's controller as it resolves,
scripted with the action's `gigs:` (see gig_choices.choose_gig); `stolen` is the Gig a steal trigger
is about.
"""
from __future__ import annotations

from judgekit.engine import choices, events, gig_choices, gigs, stealing
from judgekit.engine.feasibility import Impossible, possible_when
from judgekit.engine.state import StealLimit
from judgekit.engine.trace import AwaitChoice, Refusal, ScenarioMismatch
from judgekit.engine.interpreter import ignore_part, instruction
from judgekit.plural import listed


def _sides(ctx, controller: str, of: str) -> list[str]:
    """Whose Gigs an instruction may choose from: `you`, `rival`, `any` (the controller's listed first)."""
    rival = ctx.state.rival_of(controller)
    return {"you": [controller], "rival": [rival], "any": [controller, rival]}.get(of, [of])


@instruction("adjust")
def adjust(ctx, source, controller, arg, refs) -> bool:
    """6.4: adjust a named or chosen Gig, or several at once (`gig` a list). One adjustment is one event,
    announced once with every Gig it changed: a watcher triggers once for it, not once per Gig (FAQ Meredith
    Stout). False when nothing was adjusted (for "if you do"); a change by 0 is no adjustment (FAQ GENERAL).
    The (first) adjusted Gig is remembered as `adjusted` for a later "if it becomes ..." condition."""
    how = next(w for w in ("increase", "decrease", "set", "to", "by") if arg.get(w) is not None)
    picked: list[tuple[str, int]] = []
    for written in arg["gig"] if isinstance(arg["gig"], list) else [arg["gig"]]:
        gig = _pick(ctx, source, controller, arg, refs, written, how)
        if gig in picked:
            raise Refusal(f"{gig[0]}'s {ctx.state.players[gig[0]].gigs[gig[1]][0]} is named twice for one adjustment "
                          f"by {ctx.name(source)}; each Gig it adjusts is a different one.", ("effect-choices", "gigs"))
        if gig is not None:
            picked.append(gig)
    changed, places, left = [], [], False
    fails = gigs.failing(int(refs.get("leaves", "1")), len(picked) > 1)
    for whose, index in picked:  # every Gig is picked before any changes: they change at the same time
        die = ctx.state.players[whose].gigs[index][0]
        did = _adjust_at(ctx, controller, arg, how, whose, index, fails, refs)
        left = left or did is None
        if did:
            changed.append((whose, die))
            places.append(gigs.place(ctx.state.players[whose].gigs[index]))
    if not changed:  # 0 of an "up to" is left as the card lets it: "if you do" reads it (`compound._left`)
        return left
    refs["adjusted"] = places[0]
    events.announce(ctx, "gig-adjusted", adjuster=controller, gigs=tuple(changed))
    return True


def _pick(ctx, source, controller, arg, refs, written: str, how: str) -> tuple[str, int] | None:
    """The Gig one entry names or has chosen: (its player, its place in their Gig area); None if none to choose."""
    sides = _sides(ctx, controller, arg.get("of") or "you")
    whose = sides[0]
    gig = refs.get(written, written)
    if gig == "choose":
        chosen = gig_choices.choose_gig(ctx, controller, sides,
                                    f"{ctx.name(source)}'s effect ({'adjust' if how == 'by' else how})", refs=refs)
        if chosen is None:
            return None
        gig = gigs.place(chosen[1])
    if gig.startswith("gig:"):  # a Gig die the effect already named (`gigs.place`), wherever it is now
        return gigs.locate(ctx.state, gig)
    return whose, gigs.find_gig(ctx.state.players[whose].gigs, gig, whose, "adjust")


def _adjust_at(ctx, controller, arg, how: str, whose: str, index: int, fails, refs) -> bool | None:
    """Adjust one picked Gig by the instruction's amount (chosen now for `by` and `up_to`); True if it changed, None
    if its player chose 0 of an "up to" (2.8: left, `_say_amount`).
    A Gig that can't take the value fails as `fails` says, and marks the effect's part as ignored (10.6.2)."""
    die, value = ctx.state.players[whose].gigs[index]
    gig = f"{die}={value}"
    amount = None if how == "to" else arg[how]
    if how == "by":
        how, amount = _direction(ctx, controller, whose, (die, value), amount, arg)
        if not amount:
            _by_zero(ctx, controller, whose, gig)
            return None if arg.get("up_to") else False
    elif arg.get("up_to"):
        if not ctx.script.numbers:
            past = _past_the_faces(die, value, amount if how == "increase" else -amount)
            raise AwaitChoice(f"{controller} chooses how much to {how} {whose}'s {gig} by: 0 to {amount}{past}. The "
                              "ruling waits here; script `numbers:`.", controller,
                              ("golden.up-to", "effect-choices.number", *(("gigs.adjust-only-to-face-values",)
                                                                          if past else ())),
                              choice=("numbers", 0, amount))
        chosen = ctx.script.numbers.pop(0)
        _check_number(controller, chosen, amount, f"to {how} {whose}'s {gig} by")
        _say_amount(ctx, controller, arg, f"{controller} chooses to {how} it by {chosen} (up to {amount}).", chosen,
                    "golden.up-to", "effect-choices.number")
        if chosen == 0:
            _by_zero(ctx, controller, whose, gig)
            return None
        amount = chosen
    if gigs.adjust(ctx, whose, gig, arg["to"] if how == "to" else how, amount, index=index, fails=fails):
        return True
    ignore_part(ctx)
    return False


def _check_number(controller: str, chosen: int, most: int, what: str) -> None:
    """A number chosen for "up to N" (10.31.3, 2.8): a whole number from 0 to N; out of that range, refused."""
    if chosen < 0:
        raise Refusal(f"{controller} can't choose {chosen} as the amount {what}: a number a player chooses for an effect "
                      "is a whole number, 0 or more.", ("effect-choices.number",))
    if chosen > most:
        raise Refusal(f"{controller} can't choose {chosen} as the amount {what}: the effect says \"up to {most}\", so "
                      f"the choice is from 0 to {most}.", ("golden.up-to",))


def _by_zero(ctx, controller: str, whose: str, gig: str) -> bool:
    """A change by 0 leaves the Gig as it is: no adjustment (6.4; FAQ GENERAL, 25th answer), so nothing waiting
    for a Gig being adjusted triggers. Always False (nothing adjusted)."""
    ctx.rec.add("check", f"{whose}'s {gig} is changed by 0, so its value stays as it was: that is not adjusting it "
                         "(adjusting changes a Gig's value; the official FAQ's general rulings, 25th answer, say the "
                         "same), so nothing that waits for a Gig being adjusted triggers.", "gigs.adjust",
                player=controller)
    return False


def _past_the_faces(die: str, value: int, *changes: int) -> str:
    """Words for the amounts among "up to" these (+N up, -N down) that take a Gig showing `value` past its die's
    faces, where the adjustment fails (6.4.4): empty when none do."""
    said = [f"more than {gigs.SIDES[die] - value} up would go past {gigs.SIDES[die]}, its highest face"
            for change in changes if change > 0 and value + change > gigs.SIDES[die]]
    said += [f"more than {value - 1} down would go below 1, its lowest face"
             for change in changes if change < 0 and value + change < 1]
    # no rule number in the words: the step cites 6.4.4, numbered (or marked inferred) as the ruling's edition has it
    return f" ({'; '.join(said)}: the effect would fail and the Gig keep its value)" if said else ""


def _say_amount(ctx, controller: str, arg: dict, text: str, chosen: int, *cites: str) -> None:
    """The step of an amount chosen for an adjustment; 0 of an "up to" is its player leaving the choice empty, as the
    card lets them (2.8): nothing is adjusted, and an "if you do" after it is not done (10.3.1,
    `choices.left_choice`). More than 0 of an "up to" is a pick the card lets its player leave (2.8), so another
    round of it left at 0 (a "for each") is stopping after a pick (`choices.note_pick`)."""
    if chosen == 0 and arg.get("up_to"):
        choices.left_choice(ctx, controller, text, ("golden.up-to",), True, choices.choice_key(arg), cites)
        return
    ctx.rec.add("choice", text, *cites, player=controller)
    if arg.get("up_to"):
        choices.note_pick(ctx, choices.choice_key(arg), True)


def _direction(ctx, controller: str, whose: str, shows: tuple[str, int], most: int, arg: dict) -> tuple[str, int]:
    """"Adjust by (up to) N" (6.4): up or down, the controller's choice, scripted as N or -N in `numbers`."""
    up_to = bool(arg.get("up_to"))
    gig = f"{shows[0]}={shows[1]}"
    allowed = f"{-most} to {most}" if up_to else f"{most} or {-most}"
    if not ctx.script.numbers:
        past = _past_the_faces(*shows, most, -most)
        raise AwaitChoice(f"{controller} chooses how to adjust {whose}'s {gig}: {allowed} (negative decreases){past}. "
                          "The ruling waits here; script `numbers:`.", controller,
                          ("gigs.adjust", "effect-choices.number", *(("gigs.adjust-only-to-face-values",)
                                                                     if past else ())),
                          choice=("numbers", -most, most) if up_to else ("numbers", -most, most, "ends"))
    chosen = ctx.script.numbers.pop(0)
    if up_to:
        _check_number(controller, abs(chosen), most, f"to adjust {whose}'s {gig} by")
    elif abs(chosen) != most:  # for "by N" the number scripts only the direction: no amount is chosen
        raise ScenarioMismatch(f"`numbers` gives {chosen}, but the effect allows {allowed}", None, "numbers")
    _say_amount(ctx, controller, arg, f"{controller} chooses to {'increase' if chosen >= 0 else 'decrease'} it by "
                f"{abs(chosen)}{f' (up to {most})' if up_to else ''}.", abs(chosen), "gigs.adjust",
                "gigs.increase" if chosen >= 0 else "gigs.decrease", *(("golden.up-to",) if up_to else ()))
    return ("increase" if chosen >= 0 else "decrease"), abs(chosen)


def _no_pair_to_swap(ctx, controller) -> str | None:
    """6.6, 10.31.1: a swap trades a friendly Gig for a rival Gig; whose Gig area is empty, when one is."""
    empty = [p for p in (controller, ctx.state.rival_of(controller)) if not ctx.state.players[p].gigs]
    return empty[0] if empty else None


@possible_when("swap")
def _can_swap(ctx, source, controller, arg, refs):
    """Possible when both players have a Gig to trade."""
    empty = _no_pair_to_swap(ctx, controller)
    return None if empty is None else Impossible(f"{empty} has no Gig to trade",
                                                 ("effect-choices.no-legal-choice", "effects.invalid-part-ignored"))


@instruction("swap")
def swap(ctx, source, controller, arg, refs) -> bool:
    """6.6: the controller chooses a friendly Gig and a rival Gig, and they change places; not a steal."""
    what = f"{ctx.name(source)}'s swap"
    rival = ctx.state.rival_of(controller)
    empty = _no_pair_to_swap(ctx, controller)
    if empty is not None:  # no pair of Gigs to trade: no Gig is chosen at all (10.31.1), only the missing one is told
        gig_choices.choose_gig(ctx, controller, [empty], what + (" (a friendly Gig)" if empty == controller else
                                                             " (a rival Gig)"), refs=refs)
        return False
    mine = gig_choices.choose_gig(ctx, controller, [controller], what + " (a friendly Gig)", refs=refs)
    theirs = gig_choices.choose_gig(ctx, controller, [rival], what + " (a rival Gig)", refs=refs) \
        if mine else None
    if mine is None or theirs is None:
        return False
    gigs.swap(ctx, controller, mine[1], theirs[1])
    return True


@instruction("limit_steals")
def limit_steals(ctx, source, controller, arg, refs) -> bool:
    """A lasting limit on which of the controller's Gigs rival Units (or Legends) may steal, by their power."""
    rule = StealLimit(controller=controller, source_name=ctx.name(source), actors=arg.get("actors", "Unit"),
                      allowed=arg["allowed"], until=arg.get("until", "your-next-turn"))
    ctx.state.steal_limits.append(rule)
    duration = "this turn" if rule.until == "end-of-turn" else f"until {controller}'s next turn"
    ctx.rec.add("effect", f"{ctx.name(source)}'s effect: {duration}, rival {rule.actors}s can't steal {controller}'s "
                          f"Gigs with value {'higher' if rule.allowed == 'at-most-power' else 'lower'} than their power.",
                "persistent-effects", "persistent-effects.duration", player=controller, cards=(source,))
    return True


@instruction("steal")
def steal(ctx, source, controller, arg, refs) -> bool:
    """6.7.1.2: the effect names the actor that steals, and may say which Gigs it takes; the steal's own steps
    follow (6.7.2): the Gigs are chosen, then taken together. No attack's Steal Step rules (9.23) apply.

    The steps are those of "you or a friendly actor" (6.7.2): the actor's controller chooses Gigs of their Rival
    (6.7.2.1) and gains them (6.7.2.2-6.7.2.3), whoever controls the effect. A card that is no Unit or Legend
    (a Program saying "steal") names no actor: its controller steals (`stealing.stealer`)."""
    actor = refs.get(arg.get("actor", "this"), arg.get("actor", "this"))
    stealer, named = stealing.stealer(ctx.state, actor, controller)
    who = ctx.name(actor) if named else stealer
    rival = ctx.state.rival_of(stealer)
    area = list(ctx.state.players[rival].gigs)
    bars: list[stealing.Bar] = []
    allowed = area
    if arg.get("value_not_shared"):
        friendly = [value for _, value in ctx.state.players[stealer].gigs]
        allowed = [gig for gig in area if gig[1] not in friendly]
        if len(allowed) < len(area):
            shows = listed(dict.fromkeys(friendly))
            bars.append(stealing.Bar(tuple(g for g in area if g not in allowed), f"{ctx.name(source)}'s effect takes "
                                     f"only a Gig whose value no friendly Gig shows, and {stealer}'s Gigs show "
                                     f"{shows}", limit=False))
    allowed, limits = stealing.limit(ctx, actor, rival, allowed, attack=False)
    bars += limits
    printed = int(arg.get("count", 1))
    which = " with a value no friendly Gig shows" if arg.get("value_not_shared") else ""
    actor_rule = "gigs.steal-actor.card-named" if named else "gigs.steal-steps"
    ctx.rec.add("steal", _says_who(ctx, source, controller, actor, stealer, printed, which, named),
                "gigs.steal-actor", *(("gigs.steal-actor.card-named",) if named else ()), "gigs.steal-steps",
                *(("gigs.steal-steps.move", "gigs.steal-steps.take-control") if stealer != controller else ()),
                player=controller, cards=(actor,) if named else ())
    count = stealing.changed_count(ctx, stealer, actor, printed, actor_rule)
    if not count:
        ctx.rec.add("check", f"{who} steals no Gig, so nothing is stolen.", "golden.card-beats-rules",
                    player=stealer, cards=(actor,))
        return False
    if not allowed:
        ctx.rec.add("check", f"{who} can steal none of {rival}'s Gigs ({stealing.barred(bars)}), so nothing "
                             "is stolen." if bars else f"{rival} has no Gig, so nothing is stolen.",
                    "effect-choices.no-legal-choice", "effects.resolve-max", *stealing.decided_by(bars),
                    player=stealer)
        return False
    take = min(count, len(allowed))
    chosen = None
    scripted = [gigs.split_entry(ctx.state, g)[1] for g in ctx.script.gigs[:take]]
    if take == len(allowed) and len(scripted) == take and \
            sorted(g.partition("=")[0] for g in scripted) == sorted(d for d, _ in allowed):
        del ctx.script.gigs[:take]  # the only option, scripted anyway: accepted (docs/scenario-format.md)
        chosen = tuple(scripted)
    elif take < len(allowed):
        if len(ctx.script.gigs) < take:
            options = gigs.told_apart(allowed, gigs.followed(ctx, refs))
            raise AwaitChoice(f"{stealer} must choose {take} of {rival}'s Gigs for {who} to steal: "
                              f"{', '.join(options)}. The ruling waits here; script `gigs:`.",
                              stealer, (*stealing.decided_by(bars), "gigs.steal-steps.choose",
                                        *(("gigs.steal-steps.move-together",) if take > 1 else ())),
                              options=tuple(options), can_decline=False, choice=("gigs", take))
        chosen = tuple(gigs.split_entry(ctx.state, ctx.script.gigs.pop(0))[1] for _ in range(take))
    picked = stealing.pick(ctx, stealer, rival, allowed, count, chosen, "gigs", bars, attack=False,
                           follows=gigs.followed(ctx, refs))
    stealing.take(ctx, stealer, actor, picked, actor_rule, attack=False, named=named)
    return bool(picked) and len(picked) == count


def _says_who(ctx, source, controller, actor, stealer, printed: int, which: str, named: bool) -> str:
    """The words of a steal an effect makes: the actor it names (6.7.1.2), and whose Gigs go to whom when that
    actor is the Rival's (6.7.2.2-6.7.2.3); or its controller stealing, when it names no Unit or Legend."""
    gigs_said = f"{printed} rival Gig{'' if printed == 1 else 's'}{which}"
    if not named:
        return f"{ctx.name(source)}'s effect: {stealer} steals {gigs_said}; the effect names no Unit or Legend as " \
               "the one stealing, so its controller steals."
    if stealer == controller:
        return f"{ctx.name(source)}'s effect: {ctx.name(actor)} steals {gigs_said}; the card names it as the actor."
    return f"{ctx.name(source)}'s effect: {stealer}'s {ctx.name(actor)} steals {gigs_said}; the card names it as " \
           f"the actor, so the Gig{'' if printed == 1 else 's'} come{'s' if printed == 1 else ''} from " \
           f"{ctx.state.rival_of(stealer)}'s Gig area and {'goes' if printed == 1 else 'go'} to its controller, " \
           f"{stealer}."
