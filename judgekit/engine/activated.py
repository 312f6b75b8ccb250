"""Activated effects (10.18-10.21), the Spend icon (11.15), X €$ (11.16) and [QUICK] (11.26).

An activated effect is used as a Main Phase action of its controller, or, when it has [QUICK],
as a reaction in the React Step of a rival attack. Its costs (X chosen first) are paid as it is
activated, in the order printed: €$ first, then the Spend icon (10.19.3, 10.20.4); its targets,
written after the colon, are chosen as it resolves, on the board the payment left (10.19.1, 10.20.6).
"""
from __future__ import annotations

from judgekit.engine import conditions, costs, discounts, effects, persistent, requirements, resolving
from judgekit.engine.context import Context
from judgekit.engine.card_definition import Effect
from judgekit.engine.state import GameState
from judgekit.engine.trace import AwaitChoice, Refusal, ScenarioMismatch
from judgekit.plural import counted


def _readable(ctx: Context, label: str) -> list[tuple[str, Effect]]:
    return readable(ctx.state, label)


def readable(state: GameState, label: str) -> list[tuple[str, Effect]]:
    """(source, effect) for the activated effects `label` has: its own, its Gear's bottom textboxes (4.11.3),
    or, for a Gear, its top textbox (4.11.1)."""
    card = state.cards[label]
    own = [(label, e) for e in card.definition.own_effects if e.kind == "activated"]
    from_gear = [(g, e) for g in card.gear for e in state.cards[g].definition.bottom_effects if e.kind == "activated"]
    return own + from_gear


def given_quick(state: GameState, label: str) -> tuple[list[str], tuple[str, ...]]:
    """Where `label` has [QUICK] that is printed beside no activated effect of its own textbox, with the rules: a Gear's
    bottom textbox without an activated effect (read as printed on the host, 4.11.3), a persistent effect or a
    lasting change (10.22, 10.23). A keyword line's [QUICK] beside an activated effect is that effect's already
    (`pool.quick_line`)."""
    card = state.cards[label]
    gear = [g for g in card.gear if "QUICK" in state.cards[g].definition.bottom_keywords
            and not any(e.kind == "activated" for e in state.cards[g].definition.bottom_effects)]
    words = [f"{state.cards[g].definition.full_name}'s bottom textbox" for g in gear]
    given = [f"{state.cards[source].definition.full_name}'s effect" for source, _, effect, _ in
             persistent.printed_effects_on(state, label) if ("keyword", "QUICK") in effect.grants]
    given += [f"{m.source_name}'s effect" for m in persistent.modifiers_on(state, label) if "QUICK" in m.keywords]
    return words + given, (("gear.bottom-textbox", "equip.inherit-bottom-text") if gear else ()) + \
        (("persistent-effects", "persistent-effects.duration") if given else ())


def is_quick(state: GameState, label: str, effect: Effect) -> bool:
    """Whether `label` may use its activated `effect` in a rival's React Step (11.26.1.2): the effect's own [QUICK],
    or a [QUICK] the card has from elsewhere (`given_quick`) beside its one activated effect."""
    return effect.quick or len(readable(state, label)) == 1 and bool(given_quick(state, label)[0])


def _check_given_quick(ctx: Context, player: str, label: str, effects: int, what: str) -> None:
    """11.26.1.2: a [QUICK] the card was given, beside its one activated effect, is that effect's; the trace says where
    it comes from. With none, or beside several activated effects (the rules do not say which one it is), the
    effect can't be used in the React Step."""
    given, rules = given_quick(ctx.state, label)
    if not given:
        raise Refusal(f"{what} has no [QUICK], so it can't be used in the React Step.",
                      ("react-step.quick", "keyword.quick.definition"))
    if effects > 1:
        raise Refusal(f"{ctx.name(label)} has [QUICK] from {' and '.join(given)}, but it has {effects} activated "
                      "effects: a [QUICK] beside effect text is that effect's, and nothing says which of them a "
                      "[QUICK] it was given belongs to, so judgekit lets none of them be used in the React Step.",
                      ("react-step.quick", "keyword.quick.with-effect", *rules))
    ctx.rec.add("check", f"{ctx.name(label)} has [QUICK] from {' and '.join(given)}, beside its one activated effect, "
                         "so that effect may be used in the React Step.",
                "keyword.quick.with-effect", "effect-keywords", *rules, player=player, cards=(label,))


def as_the_hosts(state: GameState, gear: str) -> tuple[str, int] | None:
    """The host of an equipped Gear whose bottom textbox holds an activated effect, and that effect's place among
    the host's (`effect: N`): the host has it, not the Gear (4.11.3); None for any other card."""
    host = state.cards[gear].equipped_to if gear in state.cards else None
    if host is None:
        return None
    places = [n for n, (source, _) in enumerate(readable(state, host), 1) if source == gear]
    return (host, places[0]) if places else None


def activate(ctx: Context, player: str, label: str, index: int | None, pay: tuple[str, ...] | None,
             x: int | None, as_reaction: bool = False) -> None:
    """10.20: choose the effect, pay its costs, then resolve it at once, choosing its targets (10.19.1)."""
    state = ctx.state
    name = ctx.name(label)
    if not as_reaction and (state.turn != player or state.phase != "main"):
        raise Refusal(f"Activating an effect is a Main Phase action of the turn player ({state.turn}'s "
                      f"{state.phase} phase now); only a [QUICK] effect can be used in a rival's React Step.",
                      ("activated-effects", "effects.activated-kind", "keyword.quick.when",
                       *(("react-step.defender-only",) if state.turn != player else ())))
    holder, area = state.locate(label)
    card = state.cards[label]
    if holder == player and area == "legends" and not card.face_up:
        raise Refusal(f"{name} is face-down in {player}'s Legends area: a face-down card's text is ignored, so it "
                      "has no effect to activate until it is face-up (Called).",
                      ("orientation.face-down-ignored", "activated-effects.steps.choose"))
    if holder != player or not state.in_play(label):
        raise Refusal(f"{name} is not a friendly card in play (it is {ctx.place(label)}), so its effects can't be "
                      "activated.", ("activated-effects.steps.choose", "effects.valid"))
    found = _readable(ctx, label)
    if not found and card.equipped_to is not None and any(
            e.kind == "activated" for e in card.definition.bottom_effects):
        host, number = as_the_hosts(state, label)
        which = f", effect: {number}" if len(_readable(ctx, host)) > 1 else ""
        typed = f"quick: {host}{which}" if as_reaction else f"activate: {host}{which}"
        raise Refusal(f"{name}'s activated effect is in its bottom textbox, which its host has, not the Gear: it is "
                      f"activated as {ctx.name(host)}'s (`{typed}`).",
                      ("gear.bottom-textbox", "textbox.gear-bottom-inherited", "activated-effects.steps.choose"))
    if not found:
        raise Refusal(f"{name} has no activated effect.", ("activated-effects.steps.choose", "effects.four-kinds"))
    if index is None and len(found) > 1:
        raise ScenarioMismatch(f"{name} has {len(found)} activated effects; say which with `effect:` (1 to "
                               f"{len(found)})", None, "effect")
    if index is not None and index > len(found):
        raise ScenarioMismatch(f"{name} has {counted(len(found), 'activated effect')}, so there is no effect {index}",
                               None, "effect")
    source, effect = found[(index or 1) - 1]
    what = f"{name}'s activated effect" + (f" ({effect.text})" if effect.text else "")
    if as_reaction and not effect.quick:
        _check_given_quick(ctx, player, label, len(found), what)
    key = use_key(state, label, source, effect) if effect.once_per_turn else None
    if key is not None:
        _check_once_per_turn(ctx, player, label, key, what)
    if effect.spend:
        _check_spend_icon(ctx, label, what)
    if effect.condition and effect.spend:
        holds, reasons, rules = conditions.all_hold(state, effect.condition, label, player)
        if not holds:
            raise Refusal(f"{what} can't be activated: {'; '.join(reasons)}.",
                          ("keyword.spend-icon.condition", "effects.invalid-activation-conditions", *rules))
    ctx.rec.add("activate", f"{player} activates {what}" + (" as a reaction ([QUICK])" if as_reaction else "") + ".",
                "activated-effects", "activated-effects.steps", "activated-effects.steps.choose",
                *(("keyword.quick.definition", "keyword.quick.with-effect", "keyword.quick.when", "react-step.quick")
                  if as_reaction else ()), player=player, cards=(label,))
    if key is not None:
        state.this_turn.append(("activated", player, key))
    own = {label}  # with a Spend icon to pay afterwards it can't pay €$ (10.19.3); otherwise it may, as a last resort
    if effect.cost == "X" and x is None:  # X is part of the cost, chosen as it is activated (10.19.1, 11.16)
        _ask_x(ctx, effect, player, label, what)
    amount = _cost_amount(effect, x, what)
    due, n = _amount_due(ctx, effect, amount, player, label)
    if pay is None:  # a named payment is checked as it is paid
        _check_affordable(ctx, player, due, own if effect.spend else frozenset(), what)
    if effect.cost_less_per and amount:
        change, floor = _lowered(effect, amount, n)
        ctx.rec.add("cost", f"{what} costs -1 €$ for each {conditions.COUNTS[effect.cost_less_per]} ({n}): "
                            f"{change}.", "pay.reduction-keeps-cost-value", *floor, player=player, cards=(label,))
        amount = due
    costs.pay(ctx, player, amount, list(pay) if pay is not None else None, what,
              exclude=own if effect.spend else frozenset(), last=frozenset() if effect.spend else own,
              cites=("activated-effects.steps.pay", "activated-effects.pay-all-costs", "activated-effects.cost-order",
                     *(("x-eddies.activation-cost", "x-eddies.definition") if effect.cost == "X" else ()),
                     *(("keyword.quick.still-pay",) if as_reaction else ())))
    if effect.spend:
        if ctx.state.cards[label].spent:  # as the payment left it
            raise Refusal(f"{name} was spent to pay the €$ part of this effect's cost, so it can't also be spent "
                          "for its Spend icon, which is paid after the €$; every cost must be paid in full, so the "
                          "effect can't be activated this way.",
                          ("activated-effects.cost-order", "activated-effects.pay-all-costs",
                           "keyword.spend-icon.definition", "orientation.spend"))
        ctx.state.change(label, spent=True)
        host = f" (the effect is {ctx.name(source)}'s bottom text, read as if printed on its host, so \"this\" is " \
            "the host, not the Gear)" if source != label else ""
        ctx.rec.add("spend", f"{player} spends {name} to pay the Spend icon of the cost{host}.", "keyword.spend-icon",
                    "keyword.spend-icon.definition", "keyword.spend-icon.deliberate", "activated-effects.cost-order",
                    "orientation.spend", *(("legends-area.spend-icon",) if area == "legends" else ()),
                    *(("effects.this-card-is-source", "gear.bottom-textbox") if host else ()),
                    player=player, cards=(label,))
        effects.spent(ctx, label, "keyword.spend-icon.other-pending-after")
    after = ("activated-effects.choices-before-after-colon",) if effect.targets else ()
    ctx.rec.add("resolve", f"Resolve {what}" + (" at once, as a Spend icon effect does" if effect.spend else "") +
                (": its targets, written after the colon, are chosen now, with its cost paid" if after else "") + ".",
                "activated-effects.steps.resolve", "golden.activated-must-resolve", *after,
                *(("keyword.spend-icon.resolve-immediately",) if effect.spend else ()), player=player, cards=(label,))
    if effect.targets and not requirements.all_fitting(ctx, effect.targets[0], player, label):
        ctx.rec.add("check", f"{what} has no legal target now that its cost is paid; its target is written after "
                             "the colon, not in its cost, so that does not undo the activation, which stands (as the "
                             "FAQ rules for River Ward: Detective on the Hunt).",
                    "activated-effects.choices-before-after-colon", "effects.no-legal-activation-target",
                    player=player, cards=(label,))
    ctx.activating = player  # its choices are the activating player's to carry out (2.2)
    try:
        resolving.resolve_one(ctx, source, player, effect, {}, what, reader=label)
    finally:
        ctx.activating = None
    effects.resolve_pending(ctx, "activated-effects.steps.resolve-pending")


def use_key(state: GameState, label: str, source: str, effect: Effect) -> str:
    """The per-turn record of a once-per-turn effect: the card that has it and the effect's number among that
    source's activated effects (`via` the Gear whose bottom textbox gives it, 4.11.3)."""
    same = [e for s, e in readable(state, label) if s == source]
    number = next(n for n, e in enumerate(same, 1) if e is effect)
    return f"{label} effect {number}" + (f" via {source}" if source != label else "")


def _check_once_per_turn(ctx: Context, player: str, label: str, key: str, what: str) -> None:
    """"Once per turn" is the card's own activation condition (2.5): once the effect was activated this turn it
    can't be again (10.9, 10.20.1), until the turn's record ends (8.16). Only the card's own history counts: a card
    back in play after leaving it is a new card, whose effect has not been used (`GameState.since_in_play`;
    5.3.2.2 through a hidden area, and judgekit's contested reading through the trash,
    scenarios/contested/a-change-given-this-turn-ends-when-its-unit-leaves-play.yaml)."""
    start = ctx.state.since_in_play(label)
    uses = [e for e in ctx.state.this_turn[start:] if e[2] == key and e[0] in ("activated", "activated-before")]
    if not uses:
        return
    earlier = uses[0]
    when = "before this board's actions, as its `this_turn` says" if earlier[0] == "activated-before" else \
        "earlier this turn"
    raise Refusal(f"{what} can be activated only once per turn, and {earlier[1]} already activated it {when}. "
                  "That limit is an activation condition this effect no longer meets, so it can't be activated "
                  "again until the turn ends.",
                  ("effects.invalid-activation-conditions", "activated-effects.steps.choose",
                   "golden.card-beats-rules"))


def price(ctx: Context, player: str, label: str, index: int | None, x: int | None) -> int | None:
    """What activating the card's effect costs in €$ now, its own discount counted (10.19, 11.1); None when the
    card has no such effect or its X is not chosen yet."""
    found = _readable(ctx, label)
    if not found or (index or 1) > len(found):
        return None
    effect = found[(index or 1) - 1][1]
    if effect.cost == "X" and x is None:
        return None
    return _amount_due(ctx, effect, _cost_amount(effect, x, ""), player, label)[0]


def _amount_due(ctx: Context, effect: Effect, amount: int, player: str, label: str) -> tuple[int, int]:
    """(the €$ the activation costs after the card's own "-1 €$ for each ...", never under its minimum; how many
    that discount counts)."""
    if not (effect.cost_less_per and amount):
        return amount, 0
    n = conditions.count(ctx.state, effect.cost_less_per, player, label)
    price = discounts.Price(amount)
    price.lower(n, effect.cost_minimum)
    return price.amount, n


def _lowered(effect: Effect, amount: int, n: int) -> tuple[str, tuple[str, ...]]:
    """The card's own "-1 €$ for each ..." in words and deciding rules, by `Price.lowered`, as a play's price is: 1 €$
    at least (11.8.3), or the card's own minimum (2.5), or the FAQ's for the card it rules on."""
    return discounts.Price(amount).lowered(n, effect.cost_minimum, effect.cost_minimum_faq)


def _check_affordable(ctx: Context, player: str, amount: int, exclude: set[str], what: str) -> None:
    """10.19.2, 11.1.2: an effect whose costs can't all be paid can't be activated at all, so this is known before
    anything is paid (10.20.4): enough ready €$ sources besides the card, when its Spend icon is paid too."""
    sources = costs.available_sources(ctx, player, set(exclude))
    if len(sources) < amount:
        raise Refusal(f"{what} costs {amount} €$ but {player} has only {len(sources)} €$ available"
                      f"{' (' + ', '.join(ctx.name(s) for s in sources) + ')' if sources else ''}"
                      f"{' besides the card itself, which its Spend icon spends' if exclude else ''}; every cost "
                      "must be paid in full, so it can't be activated.",
                      ("activated-effects.pay-all-costs", "cost.paid-in-full", "pay.definition"))


def _check_spend_icon(ctx: Context, label: str, what: str) -> None:
    """11.15, 11.3.1.2: the card must be ready, and a lagging Unit can't use a Spend icon effect."""
    card = ctx.state.cards[label]
    if card.spent:
        raise Refusal(f"{ctx.name(label)} is spent, so it can't be spent again to pay {what}'s Spend icon.",
                      ("keyword.spend-icon.definition", "orientation.spend", "activated-effects.pay-all-costs"))
    if card.lag and ctx.state.locate(label)[1] == "field":
        raise Refusal(f"{ctx.name(label)} has Lag, and a lagging Unit can't activate its Spend icon effects.",
                      ("lag.no-spend-effects", "main-phase.no-spend-effects-when-lagging", "lag.definition",
                       "keyword.spend-icon"))


def _cost_amount(effect: Effect, x: int | None, what: str) -> int | None:
    """The €$ of the activation cost; X is the player's choice (11.16, 10.31.3)."""
    if effect.cost != "X":
        if x is not None:
            raise ScenarioMismatch(f"`x` is scripted, but {what} has no X in its cost", None, "x")
        return int(effect.cost or 0)
    return x


def _ask_x(ctx: Context, effect: Effect, player: str, label: str, what: str) -> None:
    """X is the player's choice (11.16.1, 10.31.3), made as the effect is activated, before its cost is paid (10.19.1,
    10.20.3), and a cost is paid in full (11.1.2): the ruling waits for it,
    saying the range the player's ready €$ sources can pay now, the card's own discount counted."""
    sources = len(costs.available_sources(ctx, player, {label} if effect.spend else set()))
    most, counted_off = 0, _amount_due(ctx, effect, 1, player, label)[1]
    while most < sources + counted_off and _amount_due(ctx, effect, most + 1, player, label)[0] <= sources:
        most += 1
    raise AwaitChoice(f"{player} chooses the value of X for {what}: a whole number from 0 to {most}, the most "
                      f"{player} can pay for now, a cost being paid in full. The ruling waits here; script `x:`.",
                      player, ("x-eddies.definition", "effect-choices.number", "cost.paid-in-full",
                               "activated-effects.steps.choices-targets",
                               "activated-effects.choices-before-after-colon"), choice=("x",))
