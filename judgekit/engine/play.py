"""Play (11.4): reveal, pay, then follow the card type's own rules (CR 4)."""
from __future__ import annotations

from judgekit.engine import areas, costs, discounts, effects, gear, legends, programs, units
from judgekit.engine.context import Context
from judgekit.engine.trace import Refusal, ScenarioMismatch
from judgekit.engine.interpreter import instruction


def card_kind(ctx: Context, label: str) -> str:
    """Which of CR 4's play rules applies: a Legend is played as a Legend even though it is a Unit too."""
    definition = ctx.state.cards[label].definition
    if definition.unknown:
        raise ScenarioMismatch(f"{ctx.name(label)} is a card the scenario does not name, so judgekit cannot judge "
                               "playing it: name the card where it starts (its area's list)")
    for kind in ("Legend", "Gear", "Program", "Unit"):
        if definition.is_type(kind):
            return kind
    raise Refusal(f"{ctx.name(label)} has no card type judgekit can play.", ("card-types.the-four-types",))


def only_quick(definition) -> bool:
    """11.26.1.1: the card's own text is [QUICK] alone (no effect, no other keyword, nothing changing its cost). A
    Gear's own text is its top textbox (4.11.2); its bottom textbox is its host's (4.11.3.1), so it counts neither
    way: see scenarios/contested/a-gears-bottom-textbox-quick-does-not-let-it-be-played-as-a-reaction.yaml."""
    return definition.has_quick and not (
        definition.own_effects or definition.play_cost or set(definition.own_keywords) - {"QUICK"})


def played_as_reaction(definition) -> bool:
    """9.10.1, 11.26.1.1: whether [QUICK] lets the card itself be played from hand in the React Step: a [QUICK]
    Program, or a card other than a Legend whose only text is [QUICK]."""
    return definition.is_type("Program") and definition.has_quick or \
        only_quick(definition) and not definition.is_type("Legend")


def _check_quick_play(ctx: Context, player: str, label: str, kind: str) -> None:
    """9.10.1, 11.26.1.1: in the React Step, a [QUICK] Program (9.10.1, whatever its other text), or a card whose
    only text is [QUICK] (11.26.1.1), may be played by paying its cost; [QUICK] beside other text is about that
    effect, not about playing the card (11.26.1.2); a Gear's bottom-textbox [QUICK] is its host's (4.11.3.1)."""
    definition = ctx.state.cards[label].definition
    top = ("gear.top-textbox", "gear.top-textbox-not-inherited") if kind == "Gear" and (
        "QUICK" in definition.top_keywords or any(e.quick for e in definition.top_effects)) else ()
    if kind == "Program" and definition.has_quick:
        ctx.rec.add("check", f"{ctx.name(label)} has [QUICK], so {player} may play it as a reaction, paying its "
                             "cost.", "react-step.quick-program", "keyword.quick.definition",
                    *(("keyword.quick.alone",) if only_quick(definition) else ()), "keyword.quick.still-pay",
                    player=player, cards=(label,))
    elif only_quick(definition) and kind != "Legend":
        host = " and equipping it by the usual Gear rules" if kind == "Gear" else ""
        ctx.rec.add("check", f"{ctx.name(label)} has no text of its own but [QUICK], so {player} may play it from "
                             f"hand in the React Step as a reaction, paying its cost{host}.", "keyword.quick.alone",
                    "react-step.quick", "keyword.quick.when", "keyword.quick.still-pay",
                    *(("gear.play", *top) if kind == "Gear" else ()), player=player, cards=(label,))
    elif definition.has_quick:
        raise Refusal(f"{ctx.name(label)}'s [QUICK] comes with other effect text, so it lets that effect be used "
                      f"while the {kind} is face-up in play; only a card whose whole text is [QUICK] (or a [QUICK] "
                      "Program) is played from hand in the React Step.",
                      ("keyword.quick.with-effect", "keyword.quick.alone", "play.invalid"))
    elif kind == "Gear" and definition.bottom_quick:
        effect = any(e.quick for e in definition.bottom_effects)
        raise Refusal(f"{ctx.name(label)}'s [QUICK] is in its bottom textbox, which only the Unit or Legend it is "
                      "equipped to reads as its own; the Gear itself has no [QUICK], so it can't be played in the "
                      "React Step" + (" (that [QUICK] lets its host use the effect it comes with)." if effect else
                                      "."),
                      ("gear.bottom-textbox-host-only", "gear.bottom-textbox", "keyword.quick.alone",
                       *(("keyword.quick.with-effect",) if effect else ()), "play.invalid"))
    else:
        raise Refusal(f"{ctx.name(label)} has no [QUICK] and is not a [QUICK] Program, so it can't be played in the "
                      "React Step.", ("react-step.quick-program", "keyword.quick.definition", "play.invalid"))


def _from_where_an_effect_plays(ctx: Context, player: str, label: str, owner: str, area: str, by_effect: str) -> None:
    """An effect plays a card from its owner's hand, trash or deck (11.4.2), and judgekit only from the effect's
    controller's own; checked before anything is said of the play. A Program being resolved is outside every area
    (4.14.2), so no effect can play it again then."""
    if owner != player:
        raise ScenarioMismatch(f"{by_effect} would play {ctx.name(label)}, {owner}'s card; judgekit plays a card by an "
                               f"effect (`play_free`, `play_paying`) only from {player}'s own hand, trash or deck",
                               None, "targets")
    if area == "resolving":
        raise Refusal(f"{ctx.name(label)} is a Program being resolved, outside every game area, so it is in no hand, "
                      "trash or deck an effect could play it from.",
                      ("programs.outside-areas-while-resolving", "play.from-hand", "play.invalid"))
    if area not in ("hand", "trash", "deck"):
        raise Refusal(f"{ctx.name(label)} is {ctx.place(label)}; cards are played from their owner's hand unless "
                      "an effect says otherwise.", ("play.from-hand", "play.invalid"))


def play_card(ctx: Context, player: str, label: str, pay_with: list[str] | None, equip_to: str | None,
              as_reaction: bool = False, by_effect: str | None = None, go_solo: bool | None = None,
              free: bool = True) -> None:
    """Play a card: checks first, then pay in full, then place; an invalid play is undone (11.4.1.2).

    `as_reaction`: a [QUICK] Program, or a card whose only text is [QUICK], played in the React Step of a rival
    attack (9.10, 11.26.1, 11.26.1.1).
    `by_effect`: the name of an effect that plays it for free, from the hand or the trash, at once
    (11.4.2, 11.4.3, 11.8.4); the other rules for playing it still apply (11.8.4.1). With `free` False the effect
    only lets it be played from there, and its cost is paid as usual (3.11.1.1).
    `go_solo`: a Legend with [GO SOLO] is played with it (True) or by 4.5 (False); None awaits the choice.
    """
    state = ctx.state
    kind = card_kind(ctx, label)
    owner, area = state.locate(label)
    card = state.cards[label]
    if by_effect is not None and kind != "Legend":
        _from_where_an_effect_plays(ctx, player, label, owner, area, by_effect)
    if as_reaction:
        _check_quick_play(ctx, player, label, kind)
    elif by_effect is not None and not free:
        ctx.rec.add("check", f"{by_effect} plays {ctx.name(label)} now, from the {area}; it is not free, so its cost "
                             "is paid as usual, and the other rules for playing it apply.",
                    "play.by-effect-normal-rules", "cost-value.pay-from-any-area",
                    *(("play.from-hand",) if area != "hand" else ()), player=player, cards=(label,))
    elif by_effect is not None:
        where = f" (from the {area}, as the effect allows)" if area != "hand" else ""
        ctx.rec.add("check", f"{by_effect} plays {ctx.name(label)} for free, now{where}; the other rules for playing "
                             "it still apply.", "play.by-effect-normal-rules", "pay.for-free",
                    "pay.for-free-other-conditions", *(("play.from-hand", "cost-value.pay-from-any-area")
                                                       if area != "hand" else ()),
                    *(() if card.definition.is_type("Program") else
                      ("field-area.play", "field-area.default-destination")),
                    player=player, cards=(label,))
    elif state.turn != player or state.phase != "main":
        quick = played_as_reaction(card.definition) and state.turn != player
        raise Refusal(f"Playing a card is a Main Phase action of the turn player; it is {state.turn}'s "
                      f"{state.phase} phase."
                      + (" A [QUICK] card is played on a Rival's turn only as a reaction in the React Step of their "
                         "attack, by the defending player; answering the Rival's own [QUICK] is not a reaction."
                         if quick else ""),
                      ("main-phase.play-a-card", "main-phase.actions-any-order", "play.invalid",
                       *(("react-step.defender-only", "keyword.quick.when") if quick else ())))
    if kind == "Legend":
        if area != "legends" or owner != player:
            raise Refusal(f"{ctx.name(label)} is {ctx.place(label)}; a Legend is played only from its controller's "
                          "Legends area.", ("legends.play-as-unit", "legends-area.play-legend", "play.invalid"))
        legends.check_playable_legend(ctx, label)
        go_solo = legends.choose_go_solo(ctx, player, label, go_solo,
                                         paid=pay_with is None and not (by_effect is not None and free),
                                         pay_with=pay_with)
    elif go_solo is not None:
        raise ScenarioMismatch(f"`go_solo` is scripted, but {ctx.name(label)} is a {kind}, not a Legend", None,
                               "go_solo")
    elif by_effect is None and (area != "hand" or owner != player):  # by an effect: `_from_where_an_effect_plays`
        raise Refusal(f"{ctx.name(label)} is {ctx.place(label)}; cards are played from their owner's hand unless "
                      "an effect says otherwise.", ("play.from-hand", "play.invalid"))
    if kind == "Gear":
        gear.check_host(ctx, player, label, equip_to)
    elif equip_to is not None:
        raise Refusal(f"{ctx.name(label)} is a {kind}, not a Gear, so it cannot be equipped.", ("gear.play",))
    reveal_rule = {"Unit": "units.play", "Gear": "gear.play", "Program": "programs.play", "Legend": "legends.play-as-unit"}[kind]
    types = card.definition.types
    type_rules = ("card-types.the-four-types",) + (("card-types.multiple-types",) if len(types) > 1 else ())
    type_text = " and ".join(types)
    if kind != "Legend":
        ctx.rec.add("reveal", f"{player} reveals {ctx.name(label)} ({type_text}) to their Rival.", "play.steps",
                    reveal_rule, *type_rules, player=player, cards=(label,))
    else:
        ctx.rec.add("check", f"{ctx.name(label)} is a {type_text}; it is played by the Legend rules.",
                    *type_rules, "legends.play-as-unit", player=player, cards=(label,))
    if card.definition.cost is None:
        raise Refusal(f"{ctx.name(label)} has a Null cost, which cannot be paid" +
                      (", and no effect can change a Null cost, not even into paying nothing." if by_effect
                       else "."), ("cost-value.null-cannot-be-paid", "play.invalid",
                                   *(("cost-value.null-unmodifiable",) if by_effect else ())))
    free = by_effect is not None and free
    price = discounts.Price(0, ["for free"]) if free else costs.to_play(ctx, player, label, go_solo=bool(go_solo))
    why = "; ".join(price.why)
    purpose = f"playing {ctx.name(label)}" + (f" (cost {card.definition.cost}; {why})" if why else "")
    changed = ("pay.for-free",) if free else ("cost-value.payment-changes-not-cost",) if why else ()
    costs.pay(ctx, player, price.amount, pay_with, purpose, last={label},
              cites=("cost-value.definition", "play.steps", *changed),
              at_minimum=price.held_at_minimum, scriptable=by_effect is None, not_applied=tuple(price.not_applied))
    discounts.use_up(ctx, player, label, free, bool(go_solo))
    state.this_turn.append(("played", player, label))
    if kind == "Unit":
        events = units.place_unit(ctx, label)
    elif kind == "Legend":
        events = legends.place_legend(ctx, label, bool(go_solo))
    elif kind == "Gear":
        gear.equip(ctx, label, equip_to)
        events = []
    else:
        events = programs.resolve_program(ctx, label)
    if kind != "Program":
        effects.trigger(ctx, label, "play", "keyword.play.pending")
    effects.watchers(ctx, label, "played", *(programs.PLAYED if kind == "Program" else ("play.steps",)))
    effects.handle_events(ctx, events)


@instruction("play_free", does="play it for free", places=True)
def play_free(ctx, source, controller, arg, refs) -> bool:
    """The instruction: play a card from the hand or the trash for free (11.4.2, 11.8.4)."""
    return _by_effect(ctx, source, controller, arg, refs, free=True)


@instruction("play_paying", does="play it", places=True)
def play_paying(ctx, source, controller, arg, refs) -> bool:
    """The instruction: play a card from the hand or the trash, paying its cost (3.11.1.1, 11.4.3)."""
    return _by_effect(ctx, source, controller, arg, refs, free=False)


def _by_effect(ctx, source, controller, arg, refs, free: bool) -> bool:
    """An effect plays a card now; one that can't be played: that part does nothing (10.6.2).
    `bottom_deck_after`: once played (a Program: once resolved), it is bottom-decked, unless its own text put it
    into a hidden area meanwhile, where it is no longer that card (5.3.2.2)."""
    label = refs.get(arg["card"], arg["card"])
    host = refs.get(arg["equip_to"], arg["equip_to"]) if arg.get("equip_to") else None
    hidden = ctx.state.hidden_at.get(label, (0, ""))[0]
    try:
        play_card(ctx, controller, label, None, host, by_effect=f"{ctx.name(source)}'s effect", free=free)
    except Refusal as refusal:
        how = "for free" if free else "paying its cost"
        ctx.rec.add("check", f"{ctx.name(source)}'s effect would play {ctx.name(label)} {how}, but it can't: "
                             f"{refusal.text} That part of the effect does nothing.", *refusal.cites,
                    *(("pay.for-free-other-conditions",) if free else ("play.invalid", "play.undo-invalid")),
                    "effects.invalid-part-ignored", player=controller, cards=(label,))
        return False
    if arg.get("bottom_deck_after") and ctx.state.hidden_at.get(label, (0, ""))[0] > hidden:
        owner, area = ctx.state.locate(label)
        ctx.rec.add("check", f"{ctx.name(label)} went into {owner}'s {areas.AREA_TITLES[area]}, a hidden area, as it "
                             "was played: a card's information is ignored there, so it is no longer the card "
                             f"{ctx.name(source)}'s effect played, and that effect does not bottom-deck it.",
                    "hidden-areas.reset-on-entry", "effects.last-known-information", "effects.invalid-part-ignored",
                    player=controller, cards=(label,))
    elif arg.get("bottom_deck_after") and ctx.state.locate(label)[1] != "removed":
        effects.handle_events(ctx, areas.bottom_deck(ctx, [label], ("bottom-deck",)))
    return True
