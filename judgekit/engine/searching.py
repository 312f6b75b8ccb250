"""Search (CR 11.13): look at the top cards of your deck, take the ones the effect allows, put the rest back.

The cards searched stay in the deck while looked at; the choice of which to take is scripted or awaited.
"""
from __future__ import annotations

from judgekit.echo import shown
from judgekit.engine import areas, choices, conditions, effects, hidden_information, hidden_picks
from judgekit.engine.interpreter import instruction
from judgekit.engine.trace import AwaitChoice, Refusal, ScenarioMismatch
from judgekit.plural import counted, listed, with_article


@hidden_picks.hidden_pick("search")
def _criteria(arg: dict) -> bool:
    """A search for particular cards (11.13.4.1), which may purposely find none."""
    return bool(arg.get("kind") or arg.get("max_cost") is not None or arg.get("cost_matches_a_gig"))


@instruction("search")
def _search(ctx, source, controller, arg, refs) -> bool:
    """11.13: look at the top cards, take up to `take` that match, put the rest back in order. With `must`, `take`
    must be taken (2.1); any other pick may be left, for the reasons choices.leave_grounds gives. False when it
    took nothing: what it does is take (an "if you do" after it does not follow, 10.3.1)."""
    deck = ctx.state.players[controller].deck
    seen = list(deck[:int(arg["count"])])
    kind = arg.get("kind")
    cap = arg.get("max_cost")
    values = {v for _, v in ctx.state.players[controller].gigs} if arg.get("cost_matches_a_gig") else None
    matches = [c for c in seen if (kind is None or ctx.state.is_a(c, kind))
               and (cap is None or (ctx.state.cards[c].definition.cost or 0) <= cap)
               and (values is None or (ctx.state.cards[c].definition.cost or 0) in values)]
    take = arg.get("take", 1) + (conditions.per_count(ctx, source, controller, arg["take_per"], refs) if arg.get("take_per") else 0)
    _tell_searched(ctx, controller, seen, int(arg["count"]))
    hidden_information.start_looking(ctx, seen, (controller,))
    picks: list[str] = []
    left = False  # its player stopped where the card lets them (2.1.1, 2.8, 11.13.4.1): `compound._left` reads it
    required = arg.get("take", 1) if arg.get("must") else 0  # what the card says must be taken (2.1)
    criteria = _criteria(arg)
    unqualified = () if criteria else ("hidden-areas.unqualified-choice",)
    leave, because = choices.leave_grounds(may=bool(arg.get("may")), up_to=bool(arg.get("up_to")),
                                           hidden_pick=criteria, search=True)
    if criteria and not matches:
        _unnamed(ctx, controller, seen, kind or "card")
        _none_fits(ctx, controller, seen, arg, kind, cap, values)
    if seen and not matches and (arg.get("up_to") or arg.get("may")):  # none fits: the none its words allow
        worded, words = choices.leave_grounds(may=bool(arg.get("may")), up_to=bool(arg.get("up_to")))
        choices.left_choice(ctx, controller, f"{controller} takes nothing from the search ({words}): no searched "
                                             "card fits.", worded, True, choices.choice_key(arg), empty=True)
        left = True
    goal = "to take" if arg.get("to", "hand") == "hand" else f"to put in their {arg['to']}"  # River Ward: trash
    while len(picks) < take and (matches or picks):
        if ctx.script.targets and ctx.script.targets[0] in picks:  # even with no match left: a repeat, refused
            raise choices.repeated(ctx, ctx.script.targets[0], f"{ctx.name(source)}'s search", take,
                                   required < take, "search.definition")
        if not matches:  # nothing else fits: a scripted stop ('none') is what happens, and is used up
            if picks and ctx.script.targets[:1] == ["none"]:
                ctx.script.targets.pop(0)
            break
        must = len(picks) < required
        forced = matches[0] if not ctx.script.targets and must and len(matches) == 1 else None  # 10.31: no choice
        if forced is not None:
            deed = f"take {ctx.name(forced)}" if arg.get("to", "hand") == "hand" else \
                f"put {ctx.name(forced)} in their {arg['to']}"
            ctx.rec.add("choice", f"{controller} must {deed}: the only option.",
                        "search.definition", "effect-choices", player=controller, cards=(forced,),
                        choice=("targets", forced))
        elif not ctx.script.targets and must:
            raise AwaitChoice(f"{controller} must choose {counted(required - len(picks), kind or 'card')} {goal}: "
                              f"{', '.join(ctx.name(c) for c in matches)} (the card says how many, not \"up "
                              "to\"). Script `targets:`.", controller, ("search.definition", "effect-choices",
                                                                      *unqualified),
                              options=tuple(matches), can_decline=False,
                              choice=("targets", min(take - len(picks), len(matches)),
                                      min(required - len(picks), len(matches))))
        elif not ctx.script.targets:
            raise AwaitChoice(f"{controller} chooses up to {counted(take - len(picks), kind or 'card')} "
                              f"{goal}: {', '.join(ctx.name(c) for c in matches)}, or none ({because}). "
                              "Script `targets:` ('none' for none).", controller,
                              (*(("search.hidden-fail-to-find",) if criteria else ()), *leave),
                              options=tuple(matches), can_decline=True,
                              choice=("targets", min(take - len(picks), len(matches)), 0))
        label = forced or ctx.script.targets.pop(0)
        if label == "none" and must:
            raise choices.declined(ctx, controller, f"the pick of {ctx.name(source)}'s search",
                                   f"{required - len(picks)} of {', '.join(ctx.name(c) for c in matches)}",
                                   "search.definition", "effect-choices", *unqualified,
                                   partial=len(picks) + len(matches) < required)
        if label == "none":
            choices.left_choice(ctx, controller, f"{controller} takes nothing{' more' if picks else ''} from the search "
                                                 f"({because}).", leave, not picks,
                                 choices.choice_key(arg))
            left = True
            break
        if label in seen and label not in picks:  # searched, but not what the card lets it take: a refusal
            if label not in matches:
                raise Refusal(f"{ctx.name(label)} is among the searched cards but can't be taken: "
                              f"{_unfit(ctx, label, controller, kind, cap, values)}.",
                              ("search.definition", "effect-choices"))
        if label not in matches:
            raise ScenarioMismatch(f"`targets` names {shown(label)}, but the search could take only "
                                   f"{', '.join(matches) or 'nothing'}", None, "targets")
        matches.remove(label)
        picks.append(label)
        choices.note_pick(ctx, choices.choice_key(arg),  # the card's words let it end after this pick (2.8, 2.1.1)
                          bool(arg.get("may") or arg.get("up_to")) and len(picks) > required)
    if arg.get("reveal") and picks:
        ctx.rec.add("reveal", f"{controller} reveals {', '.join(ctx.name(c) for c in picks)} to their Rival, as the "
                              f"card says, before taking {'it' if len(picks) == 1 else 'them'}.", "reveal.definition",
                    player=controller, cards=tuple(picks))
    for label in picks:
        effects.handle_events(ctx, areas.move(ctx, label, arg.get("to", "hand"), ("search.definition",),
                                              how="is taken from the search"))
    took = bool(picks) or not take or left  # what it takes is what it does: nothing to find, or an empty deck, is
    # not doing it; a pick left as the card lets it is read with the other rounds of this search (`compound._left`)
    rest = [c for c in seen if c not in picks]
    if arg.get("rest") == "bottom" and rest:
        effects.handle_events(ctx, areas.bottom_deck(ctx, rest, ("bottom-deck", "search.definition")))
        return took
    hidden_information.stop_looking(ctx, rest)
    if not rest:
        return took
    other = "other " if picks else ""
    stay = f"The {other}searched card stays where it was." if len(rest) == 1 else \
        f"The {other}searched cards stay where they were, in the same order."
    ctx.rec.add("move", stay, "search.return-in-order", "hidden-areas.return-unchosen", player=controller)
    return took


def _tell_searched(ctx, controller: str, seen: list[str], count: int) -> None:
    """The cards looked at (11.13.1.1), still in the deck while searched (11.13.3): those there are, when the deck
    holds fewer than the effect names (11.13.3's example), and none from an empty deck."""
    names = ", ".join(ctx.name(c) for c in seen)
    stay = "It stays in the deck while searched." if len(seen) == 1 else "They stay in the deck while searched."
    if not seen:
        text = f"{controller}'s deck is empty: there is no card to look at, so the search finds nothing."
    elif len(seen) < count:
        text = f"{controller} searches the top {counted(count, 'card')} of their deck, but only " \
               f"{counted(len(seen), 'card')} {'is' if len(seen) == 1 else 'are'} left, so they search " \
               f"{'it' if len(seen) == 1 else 'those'}: {names}. {stay}"
    else:
        text = f"{controller} searches the top {'card' if len(seen) == 1 else f'{len(seen)} cards'} of their deck: " \
               f"{names}. {stay}"
    ctx.rec.add("reveal", text, "search.definition", "search.search-x", "search.cards-stay-in-area", player=controller,
                cards=tuple(seen), empty_deck=None if seen else controller)


def _unnamed(ctx, controller: str, seen: list[str], kind: str) -> None:
    """Say why a search for particular cards takes nothing when the scenario did not name the cards it looks at:
    judgekit can't know what they are, and the player may fail to find one on purpose anyway (11.13.4.1)."""
    unknown = [c for c in seen if ctx.state.cards[c].definition.unknown]
    if not unknown:
        return
    which = "card" if len(unknown) == 1 else "cards"
    ctx.rec.add("note", f"The scenario does not name the searched {which} ({', '.join(unknown)}), so judgekit can't "
                        f"tell whether any is {with_article(kind)} and takes none; {controller} may in any case fail "
                        f"to find {with_article(kind)} on purpose. To search named cards, list the deck top first: "
                        f"`players.{controller}.deck: [...]`, or `{{top: [...], count: N}}`.",
                "search.may-choose-to-fail", player=controller, cards=tuple(unknown))


def _none_fits(ctx, controller: str, seen: list[str], arg: dict, kind: str | None, cap: int | None,
               values: set[int] | None) -> None:
    """Say why a search for particular cards takes nothing when every card it looked at is named and none fits
    (10.31.1); an "up to" or "you may" search says so where it is left, and unnamed cards are `_unnamed`'s."""
    if not seen or arg.get("up_to") or arg.get("may") or any(ctx.state.cards[c].definition.unknown for c in seen):
        return
    gigs = "" if values is None else f" ({controller}'s Gigs show {listed(sorted(values))})" if values else \
        f" ({controller} has no Gig)"
    ctx.rec.add("check", f"None of the searched cards is {_takes(controller, kind, cap, values)}{gigs}, so "
                         f"{controller} takes nothing from the search.", "search.definition",
                "effect-choices.no-legal-choice", player=controller, cards=tuple(seen))


def _takes(controller: str, kind: str | None, cap: int | None, values: set[int] | None) -> str:
    """What a search for particular cards may take, in words: "a Gear costing 2 or less"."""
    return " ".join(w for w in (with_article(kind or "card"), cap is not None and f"costing {cap} or less",
                                values is not None and f"whose cost equals the value of one of {controller}'s Gigs")
                    if w)


def _unfit(ctx, label: str, controller: str, kind: str | None, cap: int | None, values: set[int] | None) -> str:
    """What the search may take, and how the searched card `label` falls short of it, as one clause."""
    card = ctx.state.cards[label].definition
    cost = card.cost or 0
    takes = _takes(controller, kind, cap, values)
    short = []
    if kind and not ctx.state.is_a(label, kind):
        short.append(f"is not {with_article(kind)}")
    if cap is not None and cost > cap:
        short.append(f"costs {cost}")
    if values is not None and cost not in values:
        shows = listed(sorted(values))
        short.append(f"costs {cost}, and {controller}'s Gigs show {shows}" if values else
                     f"costs {cost}, and {controller} has no Gig")
    return f"the search takes only {takes}; {ctx.name(label)} {' and '.join(short)}"
