"""Choices an effect makes (10.7, 10.31): its targets and its modes, taken from the scenario's script or awaited.

A target requirement is plain data: kind (Unit, Gear, Legend, Program or card), side (friendly,
rival or any), area (in-play by default: the field, face-up Legends, equipped Gear), and limits
(max_cost, max_power, spent, other): judgekit.engine.requirements says whether a card meets one. With no
legal target the effect is invalid (10.7).
"""
from __future__ import annotations

import re

from judgekit import echo
from judgekit.engine import conditions, requirements
from judgekit.engine.hidden_picks import may_fail_to_find
from judgekit.engine.context import Context
from judgekit.engine.card_definition import Effect
from judgekit.engine.state import HIDDEN_AREAS, GameState, legend_as_unit
from judgekit.engine.requirement_words import describe
from judgekit.engine.trace import AwaitChoice, Refusal, ScenarioMismatch, refuse
from judgekit.plural import with_article


def target_refs(arg) -> list[str]:
    """The `target`, `target2`, ... an instruction names directly (not inside a nested choice's own, nor the
    name a nested choice gives its pick)."""
    if isinstance(arg, str):
        return [arg] if re.fullmatch(r"target\d*", arg) else []
    if isinstance(arg, list):
        return [r for item in arg for r in target_refs(item)]
    if isinstance(arg, dict):
        return [r for key, value in arg.items() if key not in ("do", "then", "otherwise", "targets", "name")
                for r in target_refs(value)]
    return []


UNCHOSEN = "unchosen:"  # refs key prefix: a target left unchosen, to what it needed in words (the interpreter says it)
LEFT = "left:"  # refs key prefix: a target its player chose to leave ("up to", "you may"), to the rules that let them


def unchosen(effect: Effect, first: int, left: tuple[str, ...] = ()) -> dict[str, str]:
    """The targets from number `first` on that were not chosen, as `unchosen:<ref>` -> what each needed in words;
    with `left` (the rules that let the player leave them, 2.1.1, 2.8), also `left:<ref>` -> those rules. One alike
    with a target chosen before it is "other": that one was chosen, a further one was not (10.31.2)."""
    refs = [("target" if n == 1 else f"target{n}", need) for n, need in enumerate(effect.targets, start=1) if n >= first]
    chosen = {describe(need) for need in effect.targets[:max(first - 1, 0)]}
    return {**{f"{UNCHOSEN}{ref}": ("other " if describe(need) in chosen and not describe(need).startswith("other ")
                                    else "") + describe(need) for ref, need in refs},
            **({f"{LEFT}{ref}": " ".join(left) for ref, _ in refs} if left else {})}


def choice_key(printed: dict) -> int:
    """Which printed choice a choice is, the same each time a "for each" or a repeat makes it again: the place in
    the card's effect of what it prints for it (its first requirement, a search's, a discard's or an adjustment's
    own instruction), told by that part of the card's definition. The definition lives as long as the run, one
    object for each place, so the key is never shared with another choice; an object built afresh for a round
    (a temporary requirement) is never a key, as a later round's could be another's."""
    return id(printed)


def left_choice(ctx: Context, controller: str, text: str, leave: tuple[str, ...], nothing: bool, key: int,
                cites: tuple[str, ...] | None = None, empty: bool = False) -> None:
    """Record that `controller` left the choice `key` the card lets them leave (2.1.1, 2.8, 11.13.4.1); `nothing`:
    they chose nothing in this round of it, so what it was to do was not done (an "if you do" after it does not
    follow, 10.3.1), unless another round of the same printed choice took what its words let it stop after; else
    it was left partly. The picks made so far tell whether it was left after a pick ("nothing more"). The step
    cites `cites` (by default `leave`). `empty`: there was nothing to choose from, so nothing was left by choice."""
    ctx.rec.add("choice", text, *(leave if cites is None else cites), player=controller)
    ctx.left_empty.append((ctx.rec.steps[-1], key, nothing, len(ctx.picks), leave, empty))


def note_pick(ctx: Context, key: int, worded: bool) -> None:
    """Note a pick made in the printed choice `key`; `worded`: the card's own "up to" or "you may" let the choice
    end before it (2.8, 2.1.1), so a later round left empty is stopping after a pick (`Context.left_nothing`)."""
    ctx.picks.append((key, worded))


_PART_CHECKS: list = []  # feasibility's check, registered there (it imports this module): `part_check`


def part_check(function):
    """Register the check saying why the parts of an effect that use a chosen card could do nothing with it."""
    _PART_CHECKS[:] = [function]
    return function


def part_unusable(ctx: Context, effect: Effect, ref: str, label: str, controller: str, source: str):
    """Why the effect's parts using `ref` could do nothing with `label` (10.7), as `_usable` reads it; None when
    they could (or no check is registered)."""
    return _PART_CHECKS[0](ctx, effect, ref, label, {}, controller, source) if _PART_CHECKS else None


def _usable(ctx: Context, effect: Effect, ref: str, options: list[str], chosen: dict[str, str], controller: str,
            source: str, what: str) -> tuple[list[str], dict]:
    """10.7: the options the effect's parts using `ref` could act on, and why each other card is none; a card they
    can do nothing with is no legal option (a face-down Legend as a Gear's host, 4.10.1), and the trace says why."""
    kept, dropped = [], {}
    for label in options:
        why = _PART_CHECKS[0](ctx, effect, ref, label, chosen, controller, source) if _PART_CHECKS else None
        if why is None:
            kept.append(label)
            continue
        dropped[label] = why
        ctx.rec.add("check", f"{ctx.name(label)} is no option for {what}: {why.why.rstrip('.')}.",
                    "effects.no-legal-target", *why.cites, player=controller, cards=(label,))
    return kept, dropped


def leave_grounds(*, may: bool = False, up_to: bool = False, hidden_pick: bool = False,
                  search: bool = False) -> tuple[tuple[str, ...], str]:
    """Why a choice may be left unmade, and that in words: the effect's own "you may" (2.1.1) or "up to" (2.8);
    a pick from a hidden area by information the Rival can't check may find nothing (5.3.2.4.1; in a search for
    particular cards, 11.13.4.1). ((), "") when nothing lets it be left: it must be made (2.1, see `declined`)."""
    rules, words = [], []
    if may:
        rules.append("golden.you-may")
        words.append("the card says \"you may\"")
    if up_to:
        rules.append("golden.up-to")
        words.append("the card says \"up to\"")
    if hidden_pick:
        rules += [*(("search.may-choose-to-fail",) if search else ()), "hidden-areas.may-fail-to-find"]
        words.append("a pick from a hidden area by information that is not public may find nothing")
    return tuple(rules), "; ".join(words)


def choose_targets(ctx: Context, effect: Effect, controller: str, source: str, what: str,
                   event: dict | None = None, rest_resolves: bool = False, part: bool = False,
                   more: int = 0, printed: dict | None = None) -> dict[str, str] | None:
    """The effect's targets as refs (target, target2, ...); None when a target has no legal option (10.7). A
    target left unchosen (none left to choose, or declined) is noted as `unchosen:<ref>` (`unchosen`). The targets
    are different cards (10.31.2): a chosen card is no option for the next, and named again it is refused (`repeated`).

    `rest_resolves`: the effect has parts that need no target, so with none to choose only the parts
    that need one are invalid and the rest still resolves (2.4, 10.6.2): no targets rather than None.
    `part`: the choice is made partway through the effect ("choose", "each player"): with none to choose, that part
    is invalid and does nothing (None; the caller marks it ignored, 10.6.2), unless the card lets it be left ("up
    to", "you may"): then none is what is chosen (2.8, 2.1.1), as when its player stops.
    `more`: how many further picks of the same requirement follow (a discard of several cards, one at a time), for a
    waiting choice's `together`. `printed`: the card's instruction making this choice, when its requirement is built
    for it (a discard's): what tells the choice apart (`choice_key`)."""
    chosen: dict[str, str] = {}
    for number, need in enumerate(effect.targets, start=1):
        key = choice_key(printed if printed is not None else effect.targets[0])
        ref = "target" if number == 1 else f"target{number}"
        if ctx.script.targets and ctx.script.targets[0] in chosen.values():
            raise repeated(ctx, ctx.script.targets[0], what, len(effect.targets), bool(need.get("up_to")))
        fitting = [label for label in ctx.state.cards if label not in chosen.values()
                   and requirements.fits(ctx, label, need, controller, source, event) is None]
        options, unusable = _usable(ctx, effect, ref, fitting, chosen, controller, source, what)
        unnamed = requirements.unnamed_note(ctx, need, controller, tuple(chosen.values()))
        kept_out, value_rules = requirements.ruled_out(ctx, need, controller, source, event, options) \
            if not options else ("", ())
        none = f"there is none{' it could act on' if unusable else ''}{kept_out}{unnamed}" if not options else ""
        if not options:
            ctx.unmade.append((need, controller, source, what, event))  # `unfit`'s, for a card named for it
        # the card lets it stop (2.1.1, 2.8): "up to" even before a pick (it needs no target, so it is not
        # invalid); "you may" once a pick was made or in a later round
        if not options and (need.get("up_to") or (chosen or part) and need.get("may")):
            leave, because = leave_grounds(may=bool(need.get("may")), up_to=bool(need.get("up_to")))
            wanted = f"another {describe(need)}" if chosen else with_article(describe(need))
            left_choice(ctx, controller, f"{controller} chooses {'no more' if chosen else 'none'} for {what} "
                                         f"({because}): for {wanted}, {none}.", leave, not chosen, key,
                        (*leave, *value_rules), empty=True)
            chosen.update(unchosen(effect, number, leave))
            break
        if not options and chosen:
            ctx.rec.add("check", f"{what} needs {with_article(describe(need))} as another target, and {none}: it "
                                 f"chooses as many as it can ({len(chosen)}), and the parts about the missing one do "
                                 "nothing.", "effect-choices.target-count", "golden.as-much-as-possible", *value_rules,
                        player=controller)
            chosen.update(unchosen(effect, number))
            break
        if not options and rest_resolves:
            ctx.rec.add("check", f"{what} needs {with_article(describe(need))} as a target, and {none}: no choice is made, the parts "
                                 "that need it are invalid and do nothing, and the rest of the effect still resolves.",
                        "effects.no-legal-target", "effect-choices.no-legal-choice", "effects.invalid-part-ignored",
                        "golden.as-much-as-possible", *value_rules, player=controller)
            return unchosen(effect, 1)
        if not options and part:
            ctx.rec.add("check", f"{what} needs {with_article(describe(need))} as a target for this part, and {none}: no choice is "
                                 "made and this part does nothing.",
                        "effects.no-legal-target", "effect-choices.no-legal-choice", "effects.invalid-part-ignored",
                        "golden.as-much-as-possible", *value_rules, player=controller)
            return None
        if not options:
            ctx.rec.add("check", f"{what} needs {with_article(describe(need))} as a target, and {none}, so the effect is "
                                 "invalid and does nothing.", "effects.no-legal-target",
                        "effect-choices.no-legal-choice", "effects.invalid-whole-ignored", *value_rules,
                        player=controller)
            return None
        worded = bool(need.get("may") or need.get("up_to"))  # the card's own words let it be left
        fail_to_find = not worded and may_fail_to_find(need)
        leave, because = leave_grounds(may=bool(need.get("may")), up_to=bool(need.get("up_to")),
                                       hidden_pick=fail_to_find)
        optional = bool(leave)
        unqualified = ("hidden-areas.unqualified-choice",) if need.get("area") in HIDDEN_AREAS and not optional else ()
        if not ctx.script.targets and not optional and len(options) > 1 and _alike(ctx.state, options):
            chosen[ref] = options[0]
            ctx.rec.add("choice", f"{controller} chooses {ctx.name(options[0])} for {what}: the options are cards no "
                                  "one has named, alike in every way the board shows, so which one makes no "
                                  "difference.", "effect-choices", *unqualified, player=controller, cards=(options[0],),
                        choice=("targets", options[0]))
            continue
        if not ctx.script.targets and not optional and len(options) == 1:
            chosen[ref] = options[0]
            words, seen, hidden = _picked(ctx, controller, options[0], what)
            ctx.rec.add("choice", f"{words}: the only option{_order_words(ctx, options[0])}.", "effect-choices",
                        *unqualified, *hidden, *_order_rules(ctx, options[0]),
                        *legend_as_unit(ctx.state, (options[0],), need.get("kind", "card")),
                        *requirements.number_rules(ctx, need, options[0]), player=controller, cards=seen,
                        choice=("targets", options[0]))
            continue
        if not ctx.script.targets:
            wanted = with_article(describe(need))
            asked = f"may choose {wanted} for {what}, or none ({because})" if optional else \
                f"must choose {wanted} for {what}"
            raise AwaitChoice(f"{controller} {asked}: "
                              f"{', '.join(ctx.name(o) for o in options)}. The ruling waits here; script `targets:`"
                              f"{' (none to stop)' if optional else ''}.", controller,
                              ("effect-choices", "effects.no-legal-target", *leave, *unqualified),
                              options=tuple(options), can_decline=optional,
                              choice=together(effect.targets, number, more, len(options), optional))
        label = ctx.script.targets.pop(0)
        if label == "none" and optional:
            found = f"fails to find {with_article(describe(need))}" if fail_to_find else \
                "chooses no more" if chosen else "chooses none"
            left_choice(ctx, controller, f"{controller} {found} for {what} ({because}).", leave, not chosen, key)
            chosen.update(unchosen(effect, number, leave))
            break
        if label == "none":
            raise declined(ctx, controller, f"the choice for {what}",
                           f"one {describe(need)} ({', '.join(ctx.name(o) for o in options)})", "effect-choices",
                           *unqualified, effect=effect)
        if label not in ctx.state.cards:
            raise ScenarioMismatch(f"`targets` names {echo.shown(label)}, which is not a card in this scenario", None,
                                   "targets")
        refuse(unfit(ctx, label, need, controller, source, what, event))
        if label in unusable:
            raise Refusal(f"{ctx.name(label)} can't be chosen for {what}: {unusable[label].why.rstrip('.')}.",
                          ("effect-choices", "effects.no-legal-target", *unusable[label].cites), chosen=(label,))
        chosen[ref] = label
        note_pick(ctx, key, worded)  # only the card's "up to" / "you may" lets it end early (2.8, 2.1.1)
        words, seen, hidden = _picked(ctx, controller, label, what)
        ctx.rec.add("choice", f"{words}{_order_words(ctx, label)}.", "effect-choices", *unqualified, *hidden,
                    *_order_rules(ctx, label), *legend_as_unit(ctx.state, (label,), need.get("kind", "card")),
                    *requirements.number_rules(ctx, need, label), player=controller, cards=seen)
    return chosen


def unfit(ctx: Context, label: str, need: dict, controller: str, source: str, what: str,
          event: dict | None = None) -> Refusal | None:
    """The refusal of `label` named for a choice it does not fit (10.31, 10.7), saying why; None when it fits."""
    why = requirements.fits(ctx, label, need, controller, source, event)
    if not why:
        return None
    return Refusal(f"{ctx.name(label)} can't be chosen for {what}: {why} (it needs {with_article(describe(need))}).",
                   ("effect-choices", "effects.no-legal-target", *requirements.unfit_rules(why),
                    *requirements.number_rules(ctx, need, label),
                    *requirements.tag_rules(ctx, need, controller, source, (label,))), chosen=(label,))


def together(needs: tuple, number: int, more: int, offered: int, optional: bool) -> tuple:
    """The `targets` choice waiting for target `number`, with how many cards one answer may name for it, at most and
    at least: this target and the next ones with the same requirement ("defeat 2", "ready up to 3"), and `more`
    picks alike after the effect's own. Each is a different card (10.31.2), so never more than the `offered`
    options; "up to" or "you may" need none (2.8, 2.1.1), otherwise as many as there are (10.31.2)."""
    alike = 1
    while number + alike <= len(needs) and needs[number + alike - 1] == needs[number - 1]:
        alike += 1
    most = min(alike + more, offered)
    return "targets", most, 0 if optional else most


def repeated(ctx: Context, label: str, what: str, count: int, up_to: bool, *cites: str) -> Refusal:
    """A card named again for a choice of `count` cards that has already taken it: choosing a number of targets
    is choosing that many (10.31.2), and one card named twice is one target, not two."""
    many = f"up to {count} different cards" if up_to else f"{count} different cards (or as many as there are)"
    return Refusal(f"{ctx.name(label)} can't be chosen again for {what}: it is already chosen, and one card named "
                   f"twice is one card, not two; the choice is of {many}.",
                   ("effect-choices.target-count", "effect-choices", *cites), chosen=(label,))


def _picked(ctx: Context, controller: str, label: str, what: str) -> tuple[str, tuple[str, ...], tuple[str, ...]]:
    """How a choice of `label` is told: (the words, the cards the step names, the rules that hide it). A card in a
    Rival's hand (5.4.3) or in a deck (5.5.2) that no effect lets the chooser look at is picked unseen: the step
    says so and does not name it; what it is comes out only as the effect uses it."""
    owner, area = ctx.state.locate(label)
    if area not in HIDDEN_AREAS or area == "hand" and owner == controller or \
            controller in ctx.state.cards[label].looked_at_by:
        return f"{controller} chooses {ctx.name(label)} for {what}", (label,), ()
    held = len(ctx.state.players[owner].area(area))
    where = f"{owner}'s {area}"
    which = f"the one card in {where}" if held == 1 else f"one of the {held} cards in {where}"
    return (f"{controller} picks {which} for {what}, without seeing it", (),
            ("hand.rival-cannot-view",) if area == "hand" else ("deck-area.hidden",))


def _order_words(ctx: Context, label: str) -> str:
    """For a chosen card an earlier instruction of the resolving effect put where it is: the printed order (2.3,
    10.2) is what makes it an option; "" for any other card."""
    if not ctx.placed_by_earlier_step(label):
        return ""
    player, area = ctx.state.locate(label)
    area = {"legends": "Legends area", "eddies": "Eddies area"}.get(area, area)
    return (f"; it is in {player}'s {area} because an earlier instruction of the same effect put it there, and an "
            "effect's instructions are carried out in the order printed")


def _order_rules(ctx: Context, label: str) -> tuple[str, ...]:
    return ("golden.printed-order", "effects.resolve") if ctx.placed_by_earlier_step(label) else ()


def alike_key(state, label: str) -> tuple | None:
    """What tells an unnamed card (the scenario's unknown Eddies and deck cards) from others of its kind: where it is,
    whose it is (its owner: a card leaving play goes to its owner's hand, trash or deck, 1.7.3, so one Eddie another
    player owns is not one of the controller's own), how it lies, what it carries and who has looked at it. None
    for a named card, which only its label tells apart. Cards with the same key are alike: choosing among them
    changes nothing."""
    card = state.cards[label]
    if not card.definition.unknown:
        return None
    return state.locate(label), card.owner, card.spent, card.face_up, card.lag, tuple(card.gear), card.looked_at_by


def _alike(state, labels: list[str]) -> bool:
    """Cards a choice can't tell apart: all unnamed and alike by `alike_key` (in one place, owned by one player, in
    the same orientation, carrying nothing and looked at by no one)."""
    first = alike_key(state, labels[0])
    return first is not None and all(alike_key(state, label) == first for label in labels[1:])


def declined(ctx: Context, player: str, what: str, options: str | None, *cites: str, effect: Effect | None = None,
             partial: bool = False) -> Refusal:
    """Declining a mandatory choice or effect in the script (`none`, `false`): refused, never an input error. The
    one place a refused decline's rules are chosen: 2.2 when `player` activated the effect resolving now (not a
    replacement it sets off), else 2.1 (a triggered, played or replacement effect not worded "you may"); 2.4 only
    when `partial` (part of it can't be done). `options`: what must be chosen, in words (None: the whole effect)."""
    activated = ctx.activating == player and (effect is None or effect.kind != "replacement") or \
        effect is not None and effect.kind == "activated"
    rest = ", as much of it as can be done" if partial else ""
    if activated:
        must = f"{player} chose to activate it, and an activated effect must then be resolved{rest}" + \
            (f", so {options} must be chosen" if options else "")
    else:
        must = f"it says neither \"you may\" nor \"up to\", so {options} must be chosen and the effect resolved{rest}" \
            if options else f"it does not say \"you may\", so it must be resolved{rest}"
    return Refusal(f"{player} can't decline {what}: {must}.",
                   ("golden.activated-must-resolve" if activated else "golden.must-resolve",
                    *(("golden.as-much-as-possible",) if partial else ()), *cites))


def mode_chooser(state: GameState, effect: Effect, controller: str) -> str:
    """Who picks an effect's modes: its controller, or their Rival where the card says "a Rival chooses" (10.31)."""
    return state.rival_of(controller) if effect.chooser == "rival" else controller


def choose_modes(ctx: Context, effect: Effect, controller: str, source: str, reader: str, what: str,
                 known: dict) -> list[int]:
    """"Choose one" (10.31): the modes that resolve (1 = first). The chooser picks as it resolves; with
    `all_modes_if` holding, all of them, with no choice. Several resolve top to bottom, as printed (2.3)."""
    modes, count = effect.modes, effect.choose
    chooser = mode_chooser(ctx.state, effect, controller)
    by_rival = chooser != controller
    if effect.all_modes_if:
        holds, reasons, rules = conditions.all_hold(ctx.state, effect.all_modes_if, reader, controller, known)
        outcome = ("no one chooses: all of them apply, top to bottom" if holds else
                   f"{chooser}, their Rival, chooses {count} of them instead") if by_rival else \
            (f"{controller} chooses all of them instead, done in the order printed" if holds else
             f"{controller} chooses {count}")
        ctx.rec.add("check", f"{what}: {'; '.join(reasons)}, so {outcome}.", "effects.condition-checked-on-resolve",
                    "effect-choices", *(("effect-choices.written-order", "golden.printed-order") if holds else ()),
                    *rules, player=controller, cards=(source,))
        if holds:
            count = len(modes)
    if count == len(modes):
        return list(range(1, len(modes) + 1))
    listed = "; ".join(f"{n}. {m.text or 'effect ' + str(n)}" for n, m in enumerate(modes, start=1))
    rival_cites = ("effects.your-effect",) if by_rival else ()
    if not ctx.script.modes:
        raise AwaitChoice(f"{chooser} chooses {count} of the effects of {what}: {listed}. The ruling waits here; "
                          + (f"the card gives this choice to {chooser}, {controller}'s Rival, and {controller} still "
                             f"resolves the effect; script `modes:` as {{by: {chooser}, pick: N}}."
                             if by_rival else "script `modes:` with the number of the chosen one."),
                          chooser, ("effect-choices", "effect-choices.written-order", *rival_cites),
                          choice=("modes", len(modes), count, chooser if by_rival else None))
    entry = ctx.script.modes.pop(0)
    picked = list(entry.picks)
    written = picked[0] if len(picked) == 1 else picked  # as the scenario writes it: one number, or a list
    shown = f"`modes` item {entry.index + 1} ({written})"
    if entry.by is None and by_rival:
        raise ScenarioMismatch(f"{shown} is scripted as {controller}'s choice (it has no `by`), but for {what} the "
                               f"card gives the choice to a Rival, {chooser}: write it as {{by: {chooser}, pick: {written}}}",
                               None, ("modes", entry.index))
    if entry.by is not None and entry.by != chooser:
        raise ScenarioMismatch(f"{shown} is scripted as {entry.by}'s choice, but for {what} the choice belongs to "
                               f"{chooser}{', a Rival of ' + controller if by_rival else ', its controller'}",
                               None, ("modes", entry.index, "by"))
    if len(picked) != count or len(set(picked)) != count or not all(1 <= n <= len(modes) for n in picked):
        raise ScenarioMismatch(f"`modes` gives {picked} for {what}, which has {len(modes)} effects to choose "
                               f"{count} from", None, ("modes", entry.index))
    given = f" (the card gives the choice to {controller}'s Rival)" if by_rival else ""
    ctx.rec.add("choice", f"{chooser} chooses for {what}{given}: "
                          f"{'; '.join(modes[n - 1].text or 'effect ' + str(n) for n in picked)}.",
                "effect-choices", "effect-choices.written-order", *(("golden.printed-order",) if count > 1 else ()),
                *rival_cites, player=chooser, cards=(source,))
    return picked
