"""Costs and paying them (3.11, 5.7.2, 5.8.1.3, 11.1, 11.8): Eddies and Legends, 1 €$ each."""
from __future__ import annotations

import random

from judgekit.engine import choices, conditions, discounts, events, persistent
from judgekit.engine.context import Context
from judgekit.engine.feasibility import Impossible, possible_when
from judgekit.engine.trace import AwaitChoice, Recorder, Refusal
from judgekit.engine.interpreter import instruction
from judgekit.plural import counted, listed


def can_pay_with(ctx: Context, player: str, label: str) -> tuple[bool, str, tuple[str, ...]]:
    """Whether a card may be spent for 1 €$ by `player`, and if not why (with rules)."""
    state = ctx.state
    if label not in state.cards:
        return False, f"there is no card labelled {label!r}", ("pay.definition",)
    owner_area = state.locate(label)
    card = state.cards[label]
    if owner_area not in ((player, "eddies"), (player, "legends")):
        return False, (f"{ctx.name(label)} is neither a friendly Eddie nor a Legend in {player}'s Legends area"),\
            ("pay.definition", "eddies-area.spend-eddie", "eddies-area.all-are-eddies", "legends-area.spend-for-eddie")
    if card.spent:
        return False, f"{ctx.name(label)} is already spent; only a ready card can be spent", \
            ("orientation.spend", "pay.definition", *(("legends-area.spend-for-eddie",) if owner_area[1] == "legends"
                                                      else ()))
    if owner_area[1] == "legends" and card.face_up and not card.definition.sell_tag:
        return False, f"{ctx.name(label)} is a face-up Legend without a Sell Tag, so it cannot be spent for €$", \
            ("legends-area.face-up-needs-sell-tag", "sell-tag.legend-spend")
    return True, "", ()


def available_sources(ctx: Context, player: str, exclude: set[str]) -> list[str]:
    """Cards `player` could spend for €$, in judgekit's default order: Eddies, then Legends left to right."""
    areas = ctx.state.players[player]
    return [label for label in areas.eddies + areas.legends
            if label not in exclude and can_pay_with(ctx, player, label)[0]]


def sources_in_order(ctx: Context, player: str, exclude: set[str] = frozenset(),
                     last: set[str] = frozenset()) -> list[str]:
    """The cards judgekit would spend for an unnamed payment, in its order: `available_sources`, then the `last`
    ones (a Legend paying toward its own play)."""
    sources = available_sources(ctx, player, set(exclude) | set(last))
    return sources + [label for label in sorted(last) if label not in exclude and label in ctx.state.cards
                      and can_pay_with(ctx, player, label)[0]]


def _legends_left_out(ctx: Context, player: str, sources: list[str], exclude: set[str]) -> tuple[str, tuple[str, ...]]:
    """The player's Legends that could pay as Eddies do (5.7.2) and can't now, in words and rules ("" and () when
    there are none): what a payment short of €$ turns on besides the Eddies."""
    left = [(label, *can_pay_with(ctx, player, label)) for label in ctx.state.players[player].legends
            if label not in sources and label not in exclude]
    left = [(label, reason, rules) for label, ok, reason, rules in left if not ok]
    if not left:
        return "", ()
    spent = [label for label, _, _ in left if ctx.state.cards[label].spent]
    reasons = [reason for label, reason, _ in left if label not in spent]
    if spent:
        reasons.insert(0, f"{listed(ctx.name(label) for label in spent)} {'is' if len(spent) == 1 else 'are'} "
                          "already spent, and only a ready card can be spent")
    return (" A Legend in the Legends area pays 1 €$ as an Eddie does, but " + "; ".join(reasons) + ".",
            ("legends-area.spend-for-eddie",) + tuple(dict.fromkeys(rule for _, _, rules in left for rule in rules)))


def pay(ctx: Context, player: str, amount: int, named: list[str] | None, purpose: str,
        exclude: set[str] = frozenset(), cites: tuple[str, ...] = (), last: set[str] = frozenset(),
        at_minimum: bool = False, scriptable: bool = True, not_applied: tuple[str, ...] = ()) -> None:
    """Spend exactly `amount` sources, as named or chosen by judgekit; refuse if not in full (11.1.2). Which cards
    pay is the player's choice (11.8.1, 5.7.2): judgekit chooses an unnamed payment only where every choice leads to
    the same triggers; where spending one card would set off what spending another would not, the ruling waits.
    `scriptable`: the action's own cost, which the caller names from the action's `pay:`; else a payment an effect
    asks for, named by the next cards of the action's `payments:`, taken here.

    `exclude`: cards judgekit never picks for an unnamed payment; `last`: cards it picks only when nothing else
    is left (a Legend paying toward its own play, which the rules allow: 5.7.2, FAQ on GO SOLO). `at_minimum`: a
    reduction would have taken `amount` lower but 11.8.3 held it at 1 €$, so a refusal for too few €$ says so, as it
    says each reduction whose condition was false (`not_applied`, 10.3.1)."""
    if amount == 0:
        if named:
            raise Refusal(f"{purpose} costs 0 €$ but the payment named {counted(len(named), 'card')}; paying means "
                          "spending exactly the cost, so nothing may be spent for it.", ("pay.definition", *cites))
        ctx.rec.add("pay", f"{purpose[:1].upper()}{purpose[1:]} costs 0 €$, so no €$ is paid.", "cost",
                    "pay.definition", *cites, player=player)
        return
    floor = (" (a reduction never takes a payment under 1 €$)", ("pay.reduction-minimum-one",)) if at_minimum \
        else ("", ())
    if not_applied:
        floor = (f"{floor[0]} ({'; '.join(not_applied)})", (*floor[1], "effects.condition-false"))
    if named is None and not scriptable and ctx.script.payments and \
            len(sources_in_order(ctx, player, exclude, last)) >= amount:
        named = ctx.script.payments[:amount]
        del ctx.script.payments[:amount]
    if named is None:
        sources = sources_in_order(ctx, player, exclude, last)
        if len(sources) < amount:
            legends, legend_rules = _legends_left_out(ctx, player, sources, exclude)
            raise Refusal(f"{purpose} costs {amount} €${floor[0]} but {player} has only {len(sources)} €$ available"
                          f"{' (' + ', '.join(ctx.name(s) for s in sources) + ')' if sources else ''}; "
                          f"a cost must be paid in full.{legends}", ("cost.paid-in-full", *floor[1], "pay.definition",
                                                            "eddies-area.all-are-eddies",
                                                            "eddies-area.face-down-one-eddie", *legend_rules, *cites))
        chosen = sources[:amount]
        itself = [s for s in chosen if s in last]
        differs = _what_spending_sets_off(ctx, sources) if len(sources) > amount else {}
        if not differs and not scriptable and not _interchangeable(ctx, sources, amount):
            apart, apart_rules = _told_apart(ctx, player, sources)
            raise AwaitChoice(f"{player} chooses which {counted(amount, 'card')} to spend for {purpose}, among "
                              f"{listed(ctx.name(s) for s in sources)}: spending any of them sets off the same, but "
                              f"they are different cards, and which are left ready changes what can be done later "
                              f"({apart}), so judgekit does not choose. The ruling waits here; script `payments:` on "
                              "the action.", player, ("pay.definition", *apart_rules),
                              options=tuple(sources), can_decline=False, choice=("payments", amount))
        if differs:
            key = "pay" if scriptable else "payments"
            raise AwaitChoice(f"{player} chooses which {counted(amount, 'card')} to spend for {purpose}, among "
                              f"{listed(ctx.name(s) for s in sources)}: {_set_off_words(ctx, differs)}, so the "
                              "payment changes what happens and judgekit does not choose it. The ruling waits here; "
                              f"script `{key}:` on the action.", player,
                              ("pay.definition", *(("legends-area.spend-for-eddie",) if any(
                                  ctx.state.locate(s)[1] == "legends" for s in sources) else ()),
                               "triggered-effects.when-condition-met"), options=tuple(sources),
                              can_decline=False, choice=(key, amount))
        only = len(sources) == amount  # no choice: every card that can pay is needed
        ctx.rec.add("choice", f"The scenario did not name the payment; "
                    f"{listed(ctx.name(s) + (' itself' if s in itself else '') for s in chosen)} "
                    f"{'is the only card' if amount == 1 else 'are the only cards'} that can pay it, so there was only "
                    "one way to pay." if only else
                    f"The scenario did not name the payment; judgekit chose "
                    f"{', '.join(ctx.name(s) for s in chosen)} (ready Eddies first, then Legends left to right"
                    f"{', and, as nothing else was left, ' + ctx.name(itself[0]) + ' itself' if itself else ''}).",
                    "pay.definition", *(("legends-area.spend-for-eddie",) if itself else ()), player=player,
                    cards=tuple(chosen))
    else:
        if len(set(named)) != len(named):
            raise Refusal(f"The payment names the same card twice ({', '.join(named)}); each card pays 1 €$ once.",
                          ("pay.definition",))
        for label in named:
            ok, why, rules = can_pay_with(ctx, player, label)
            if not ok:
                raise Refusal(f"{purpose}: {why}.", rules + ("pay.definition",))
        if len(named) < amount:
            raise Refusal(f"{purpose} costs {amount} €${floor[0]} but the payment named only {len(named)}; "
                          "a cost must be paid in full.", ("cost.paid-in-full", *floor[1], "pay.definition",
                                                           *cites))
        if len(named) > amount:
            raise Refusal(f"{purpose} costs {amount} €$ but the payment named {counted(len(named), 'card')}; "
                          "paying means spending exactly the cost.", ("pay.definition", *cites))
        chosen = list(named)
    for label in chosen:
        ctx.state.change(label, spent=True)
        area = ctx.state.locate(label)[1]
        rule = "eddies-area.spend-eddie" if area == "eddies" else "legends-area.spend-for-eddie"
        extra = ("legends-area.face-up-needs-sell-tag", "sell-tag.legend-spend") \
            if area == "legends" and ctx.state.cards[label].face_up else ()
        extra += ("legends-area.legends-not-eddies",) if area == "legends" else ()
        ctx.rec.add("pay", f"{player} spends {ctx.name(label)} for 1 €$ toward {purpose}.",
                    "pay.definition", rule, *extra, "orientation.spend", *cites, player=player, cards=(label,))
        events.announce(ctx, "card-spent", label=label)


def _told_apart(ctx: Context, player: str, sources: list[str]) -> tuple[str, tuple[str, ...]]:
    """What a card left ready rather than spent can still do, in words and rules, for the kinds of `sources` a
    payment chooses among: only a ready card pays again; a Legend spent now can't use its own Spend icon either
    (5.7.2); an Eddie another player owns stays theirs, and goes to them when it leaves (1.7.3)."""
    words, rules = ["only a card left ready can pay again this turn"], []
    if any(ctx.state.locate(label)[1] == "legends" for label in sources):
        words[0] = "a Legend spent now can't pay again or use its own Spend-icon ability this turn"
        rules = ["legends-area.spend-for-eddie"]
    others = {}
    for label in sources:
        owner = ctx.state.cards[label].owner
        if owner != player and ctx.state.locate(label)[1] == "eddies":
            others.setdefault(owner, []).append(label)
    for owner, labels in others.items():
        one = len(labels) == 1
        words.append(f"{listed(ctx.name(label) for label in labels)} {'is' if one else 'are'} {owner}'s, not "
                     f"{player}'s, and {'goes' if one else 'go'} to {owner}'s own areas on leaving the Eddies area")
        rules.append("control.owner-never-changes")
    return "; ".join(words), tuple(rules)


def _interchangeable(ctx: Context, sources: list[str], amount: int) -> bool:
    """Whether every way to pay `amount` from `sources` leaves the same board, up to cards no one can tell apart
    (`choices.alike_key`: unnamed Eddies in one place, of one owner, lying alike): all of them pay (no choice), or
    they are all alike. Any other pair of sources is two different cards, one left ready and one spent by the
    choice, which later play can tell apart (a Legend's own Spend icon, 11.15; paying again)."""
    if len(sources) <= amount:
        return True
    first = choices.alike_key(ctx.state, sources[0])
    return first is not None and all(choices.alike_key(ctx.state, label) == first for label in sources[1:])


SPENT_TRIGGERS = ("spent", "friendly-spent", "any-spent")
_WATCHING_SPENT = ("friendly-spent", "any-spent")  # a card watching other cards being spent


def _spending_could_differ(ctx: Context, sources: list[str]) -> bool:
    """Whether spending one source rather than another could set off different effects (10.16.1): a source's own
    "when this is spent" (its Gear's bottom textboxes included), or a card watching cards being spent (its
    condition may read which), or a delayed effect waiting for one. A card's own "when spent" on a card that is no
    source triggers for none of them. The watchers are worked out once per game."""
    state = ctx.state
    watched = state.of_the_cards.get("spent watchers")
    if watched is None:
        watched = state.of_the_cards["spent watchers"] = any(
            effect.trigger in _WATCHING_SPENT for card in state.cards.values()
            for effect in card.definition.effects + card.definition.top_effects + card.definition.bottom_effects)
    if watched or any(waiting.trigger in SPENT_TRIGGERS for waiting in state.delayed):
        return True
    return any(effect.trigger == "spent" for label in sources for effect in _own_and_gear_effects(state, label))


def _own_and_gear_effects(state, label: str):
    """The effects a card may trigger with: its own, and those its Gear's bottom textboxes give it (4.11.3), as
    `effects.effects_for` reads them (a module announcing events does not import the rules that handle them)."""
    card = state.cards[label]
    yield from card.definition.effects + card.definition.top_effects
    for gear in card.gear:
        yield from state.cards[gear].definition.bottom_effects


def _what_spending_sets_off(ctx: Context, sources: list[str]) -> dict[str, tuple[str, ...]]:
    """For each source, the effects spending it alone would make pending, tried on a copy of the board; {} when
    every source sets off the same ones (then the payment chosen does not matter to what follows). Making effects
    pending draws nothing at random, so the copy's generator is a fresh one."""
    if not _spending_could_differ(ctx, sources):
        return {}
    set_off = {}
    for label in sources:
        scratch = Context(ctx.state.copy(), Recorder(), random.Random(0), ctx.seed)
        scratch.state.change(label, spent=True)
        events.announce(scratch, "card-spent", label=label)
        set_off[label] = tuple(f"{p.source_name}'s effect" + (f" ({p.effect.text})" if p.effect.text else "")
                               for p in scratch.pending)
    return set_off if len(set(set_off.values())) > 1 else {}


def _set_off_words(ctx: Context, set_off: dict[str, tuple[str, ...]]) -> str:
    """What spending each source would set off, in words: "spending Paymaster [pm] triggers Paymaster [pm]'s effect
    (...); spending alice-eddie-1 or alice-eddie-2 triggers nothing": sources that set off the same are told once."""
    alike: dict[tuple[str, ...], list[str]] = {}
    for label, effects in set_off.items():
        alike.setdefault(tuple(effects), []).append(ctx.name(label))
    return "; ".join(f"spending {listed(names, 'or')} triggers {listed(effects) if effects else 'nothing'}"
                     for effects, names in alike.items())


def to_play(ctx: Context, player: str, label: str, go_solo: bool = False) -> discounts.Price:
    """What `player` pays to play the card (3.11.1): its cost, changed by its own "play this for ..." text and
    by effects on GO SOLO; the card's cost value itself does not change (3.11.1.2). A Null cost is refused
    by the caller first (3.11.2.1)."""
    state = ctx.state
    card = state.cards[label]
    price = discounts.Price(card.definition.cost)
    for rule in card.definition.play_cost:
        holds, reasons, cited = conditions.all_hold(state, tuple(rule.get("if", ())), label, player)
        if rule.get("if"):
            ctx.rec.add("check", f"{ctx.name(label)}'s play cost text: {'; '.join(reasons)}, so it "
                                 f"{'applies' if holds else 'does not apply'}.", "effects.conditions",
                        *cited, player=player, cards=(label,))
        if not holds:
            continue
        if "set_to" in rule:
            change, rules = price.set_to(rule["set_to"], ctx.name(label))
            how = f"it is played for {rule['set_to']} €$"
            said = f"{how}, a payment in place of its printed cost" + \
                (" and not a reduction, so no minimum of 1 €$ holds it up; the card names the amount, and card text "
                 "beats the rules" if rule["set_to"] < 1 else "")
        else:
            n = conditions.count(state, rule["less_per"], player, label)
            how = (f"-{rule.get('amount', 1)} €$ for each {conditions.COUNTS[rule['less_per']]} ({n})"
                   + (f", to a minimum of {rule['minimum']} €$" if "minimum" in rule else ""))
            change, floor = price.lowered(n * rule.get("amount", 1), rule.get("minimum", 1), own=ctx.name(label))
            said, rules = how, ("golden.card-beats-rules", "cost-value.payment-changes-not-cost",
                                "pay.reduction-keeps-cost-value", *floor,
                                *conditions.count_rules(state, rule["less_per"], player))
        price.why.append(f"its own text: {how}")
        ctx.rec.add("cost", f"{ctx.name(label)}'s own text changes what {player} pays to play it: {said}: {change}; "
                            f"its cost value is still {card.definition.cost}.", *rules, player=player, cards=(label,))
    discounts.first_each_turn(ctx, player, label, price, go_solo)
    discounts.next_play(ctx, player, label, price, go_solo)
    if go_solo:
        discounts.go_solo(ctx, player, label, price)
        for source, controller, effect, _ in persistent.active_effects(state):
            extra = sum(value for grant, value in effect.grants if grant == "rival-go-solo-cost")
            if extra and controller != player:
                price.amount += extra
                after = ", added after the reductions held at 1 €$" if price.held_at_minimum else ""  # contested
                price.why.append(f"+{extra} €$ for GO SOLO from {ctx.name(source)}{after}")
                ctx.rec.add("cost", f"{ctx.name(source)}'s effect: {player} pays {extra} €$ more to use GO SOLO, so "
                                    f"playing {ctx.name(label)} costs {price.amount} €${after} (its cost value is "
                                    f"still {card.definition.cost}).", "cost-value.payment-changes-not-cost",
                            "keyword.go-solo.definition", player=player, cards=(label, source))
    return price


@possible_when("pay")
def _can_pay(ctx, source, controller, amount, refs):
    """A cost is paid in full or not at all (11.1.2): too few €$ available makes "pay N" impossible."""
    available = len(available_sources(ctx, controller, set()))
    if available >= int(amount):
        return None
    return Impossible(f"{controller} has only {available} €$ available to pay {amount} €$",
                      ("cost.paid-in-full", "pay.definition"))


@instruction("pay")
def pay_instruction(ctx, source, controller, amount, refs) -> bool:
    """An effect's "pay N €$" (11.1): paid in full or not at all; False when it can't be paid (for "if you do"). A
    payment the script names with cards that can't pay it is refused, as a scripted choice is."""
    scripted = len(ctx.script.payments)
    try:
        pay(ctx, controller, int(amount), None, f"{ctx.name(source)}'s effect", scriptable=False)
    except Refusal as refusal:
        if len(ctx.script.payments) < scripted:
            raise
        ctx.rec.add("check", f"{refusal.text} So it is not paid and that part is not done.", *refusal.cites,
                    player=controller, cards=(source,))
        return False
    return True
