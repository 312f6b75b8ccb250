"""Cost reductions other cards grant (3.11.1.2, 11.8.3): "play your first ... each turn for -N €$", "a Legend
may use GO SOLO for -N €$ this turn", "your next Program this turn plays for -N €$". The payment
changes, the cost value does not, and the amount never drops under 1 €$. Such a reduction is mandatory (FAQ
Viktor Vektor: Drop Your Illusions) and works on either player's turn (same FAQ). "First ... each turn" counts
every matching card its controller played this turn, the ones played before the granting card arrived too
(as for "the first time ... each turn", FAQ Jackie Welles: Pour One Out For Me). A Legend played to the field, with
GO SOLO or not, is played as a Unit (4.5, 11.25.1; `GameState.played_as`; judgekit's reading, contested).

"Your next Program this turn" (FAQ Alt Cunningham: Soulkiller Architect): N is counted as the effect resolves
and stays fixed; several such discounts stack; the next Program its controller plays this turn, from any area,
uses up all of them, even one played for free (judgekit's reading, scenarios/contested/); unused, they end with
the turn (8.16.2)."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from judgekit.engine import conditions, persistent
from judgekit.engine.state import PlayDiscount
from judgekit.engine.interpreter import instruction
from judgekit.plural import counted


def reduced(amount: int, by: int, minimum: int = 1) -> int:
    """11.8.3: a reduction lowers a payment by `by`, never under `minimum` (1 €$), and never raises a payment that
    was already under it. The one place the minimum is applied."""
    return max(min(amount, minimum), amount - by)


@dataclass
class Price:
    """What playing a card costs as it is worked out (3.11.1): the amount, the changes in a few words each, and
    whether 11.8.3's minimum held a reduction up (then it decides a refusal for too few €$). `set_by` / `own_minimum`:
    the card whose own text set the amount, or let its own reduction go under 1 €$ (with that minimum), which a
    later reduction of another card's names, as the rules give no order (judgekit's readings, contested)."""

    amount: int
    why: list[str] = field(default_factory=list)
    held_at_minimum: bool = False
    set_by: str | None = None
    own_minimum: tuple[int, str] | None = None
    not_applied: list[str] = field(default_factory=list)  # reductions whose condition was false, told with a refusal

    def lower(self, by: int, minimum: int = 1) -> int:
        """Lower the amount by `by`, never under `minimum` (`reduced`); returns the amount before. Only 11.8.3's
        minimum of 1 €$ holding it up is remembered (`held_at_minimum`), not one a card's text names."""
        before = self.amount
        self.amount = reduced(before, by, minimum)
        self.held_at_minimum = self.held_at_minimum or (minimum == 1 and self.amount > before - by)
        return before

    def lowered(self, by: int, minimum: int = 1, faq: str | None = None,
                own: str | None = None) -> tuple[str, tuple[str, ...]]:
        """Lower the amount by `by` and say it ("3 €$ becomes 1 €$"), with the rules that decide: the one place that
        decides when 11.8.3 applies, to a play's price and to an activation's alike. `minimum`: 1 €$ (11.8.3) unless
        the card's own text names another, which holds: a higher one by its words, a lower one because card text
        beats the rules (2.5); `faq`: the official FAQ answer that lets a card whose printed text names no minimum
        go under 1 €$ (it outranks the rules), named instead of 2.5. A payment already under the minimum stays.
        `own`: the card whose own text this reduction is; other reductions come after it (`_over_own_text`)."""
        before = self.lower(by, minimum)
        if own is None:
            return self._over_own_text(before, by, *self._lowered(before, by, minimum, faq))
        if minimum < 1 and self.amount < before:
            self.own_minimum = (minimum, own)
        return self._lowered(before, by, minimum, faq)

    def _over_own_text(self, before: int, by: int, change: str, rules: tuple[str, ...]) -> tuple[str, tuple[str, ...]]:
        """Say once that a reduction lowered the amount the card's own text set in place of its cost (not the
        printed cost), and that 11.8.3 held it at 1 €$ though the card's own reduction names a lower minimum: the
        rules order neither (judgekit's readings, scenarios/contested/)."""
        if self.set_by and self.amount < before:
            change = f"the {before} €$ {self.set_by}'s own text names instead of its cost is lowered too: {change}"
            rules, self.set_by = ("cost.replacement", *rules), None
        if self.own_minimum and self.amount == 1 > before - by:
            low, card = self.own_minimum
            change += f"; the {low} €$ minimum {card}'s own text names is for its own reduction only"
            rules, self.own_minimum = ("golden.card-beats-rules", *rules), None
        return change, rules

    def _lowered(self, before: int, by: int, minimum: int, faq: str | None) -> tuple[str, tuple[str, ...]]:
        if before < max(minimum, 1):
            return f"{before} €$ stays {before} €$ (a reduction never raises a payment)", ()
        if minimum < 1 and before >= 1 > before - by:
            under = f"{before} €$ becomes {self.amount} €$, under the 1 €$ a reduction otherwise never goes below, as "
            if faq:
                card, n = re.fullmatch(r"(.+)#([0-9]+)", faq).groups()  # an FAQ ref, "Card Name#N"
                return under + f"the official FAQ allows for this card ({card}, answer {n}), and the FAQ outranks " \
                    "the rules", ("pay.reduction-minimum-one",)
            return under + "this card's own text allows (card text beats the rules)", \
                ("golden.card-beats-rules", "pay.reduction-minimum-one")
        if self.amount > before - by and minimum > 1:
            return f"{before} €$ becomes {self.amount} €$, held there by the minimum its text names", ()
        if self.amount > before - by and minimum == 1:
            return f"{before} €$ becomes {self.amount} €$, held there as a reduction never takes a payment under " \
                   "1 €$", ("pay.reduction-minimum-one",)
        return f"{before} €$ becomes {self.amount} €$", ()

    def set_to(self, amount: int, card: str) -> tuple[str, tuple[str, ...]]:
        """`card`'s own "play this for N €$": an alternate payment, paid instead of the printed cost (3.11.1.1,
        11.1.2.1), which is no reduction, so 11.8.3 does not hold it at 1 €$; and as the card names the amount,
        card text beats the rules (2.5). Other cards' reductions then lower it (judgekit's reading, contested).
        Says it: "3 €$ becomes 0 €$"."""
        before, self.amount, self.set_by = self.amount, amount, card
        return f"{before} €$ becomes {amount} €$", ("cost-value.pay-from-any-area", "cost.replacement",
                                                     *(("golden.card-beats-rules",) if amount < 1 else ()),
                                                     "cost-value.payment-changes-not-cost")


def _matches(state, label: str, need: dict) -> bool:
    """Whether `label`, being played or played this turn, is played as the card a reduction is for (`played_as`)."""
    return state.played_as(label, need["kind"]) and (
        not need.get("tags_any") or bool(set(state.cards[label].definition.tags) & set(need["tags_any"])))


AS_A_UNIT = ("legends.play-as-unit", "card-types.legend-on-field-is-unit")


def _as_kind(state, label: str, kind: str, go_solo: bool = False) -> tuple[str, tuple[str, ...]]:
    """Words and rules for a card played as a `kind` it is not printed as: a Legend is played to the field as a Unit
    (4.5; with GO SOLO, 11.25.1), so it counts while it is paid for and after it has left play (judgekit's reading,
    scenarios/contested/)."""
    if kind in state.cards[label].definition.types:
        return "", ()
    return f" (a Legend is played to the field as a {kind})", \
        AS_A_UNIT + (("keyword.go-solo.definition",) if go_solo else ())


def _arrived_after(state, source: str, card: str) -> bool:
    """Whether `source` came into play this turn after `card` was played: played after it, or in the field with Lag
    (it entered this turn, 11.3.1) with no play of it remembered. An unlagged card not played this turn was in play
    all turn."""
    events = [(w, c) for w, _, c in state.this_turn if w == "played"]
    arrived = next((i for i, (_, c) in enumerate(events) if c == source), None)
    if arrived is None:
        return state.cards[source].lag
    return next(i for i, (_, c) in enumerate(events) if c == card) < arrived


def first_each_turn(ctx, player: str, label: str, price: Price, go_solo: bool = False) -> None:
    """Lower what `player` pays for `label` (played with GO SOLO or not) by every "first ... each turn" reduction
    of theirs. "First" is the effect's condition: with a matching card already played this turn it is false, and
    that decides (10.3.1), not the cost rules."""
    state = ctx.state
    for source, controller, effect, _ in persistent.active_effects(state):
        for grant, need in effect.grants:
            if grant != "first-each-turn-discount" or controller != player or not _matches(state, label, dict(need)):
                continue
            need = dict(need)
            earlier = [c for w, p, c in state.this_turn if w == "played" and p == player and _matches(state, c, need)]
            what = f"{'/'.join(need.get('tags_any', ()))} {need['kind']}".strip()
            if earlier:
                named = state.cards[source].definition.name
                when = f"before {named} came into play" if _arrived_after(state, source, earlier[0]) else \
                    f"while {named} was in play"
                as_kind, rules = _as_kind(state, earlier[0], need["kind"])
                ctx.rec.add("check", f"{ctx.name(source)}'s reduction is for {player}'s first {what} each turn, and "
                                     f"{ctx.name(earlier[0])} was already played this turn{as_kind}, {when}"
                                     f"{' (this same card, before it came back)' if earlier[0] == label else ''}, "
                                     "so it does not apply.",
                            "effects.condition-false", *rules, player=player, cards=(label, source))
                price.not_applied.append(f"{ctx.name(source)}'s reduction does not apply, as {ctx.name(earlier[0])} "
                                         f"was already {player}'s first {what} this turn")
                continue
            change, floor = price.lowered(need["amount"])
            price.why.append(f"-{need['amount']} €$ from {ctx.name(source)}")
            as_kind, rules = _as_kind(state, label, need["kind"], go_solo)
            ctx.rec.add("cost", f"{ctx.name(source)}'s effect: {ctx.name(label)} is {player}'s first {what} this "
                                f"turn{as_kind}, so they must pay {need['amount']} €$ less (the reduction is not "
                                f"optional): {change}; its cost value is still {state.cards[label].definition.cost}.",
                        "cost-value.payment-changes-not-cost", "pay.reduction-keeps-cost-value", *rules, *floor,
                        player=player, cards=(label, source))


def go_solo(ctx, player: str, label: str, price: Price) -> None:
    """Lower what playing `label` with GO SOLO costs by the lasting "GO SOLO for -N €$" changes on it."""
    for modifier in persistent.modifiers_on(ctx.state, label):
        if not modifier.go_solo_costs_less:
            continue
        change, floor = price.lowered(modifier.go_solo_costs_less)
        price.why.append(f"-{modifier.go_solo_costs_less} €$ for GO SOLO from {modifier.source_name}")
        ctx.rec.add("cost", f"{modifier.source_name}'s effect: {ctx.name(label)} uses GO SOLO for "
                            f"{modifier.go_solo_costs_less} €$ less this turn: {change}; its cost value is still "
                            f"{ctx.state.cards[label].definition.cost}.",
                    "cost-value.payment-changes-not-cost", "keyword.go-solo.definition", *floor,
                    player=player, cards=(label,))


@instruction("next_costs_less")
def next_costs_less(ctx, source, controller, arg, refs) -> bool:
    """The instruction "your next KIND this turn plays for -N €$ (for each ...)": N is counted now, once."""
    per, kind = arg.get("per"), arg.get("kind", "Program")
    number = conditions.count(ctx.state, per, controller, source) if per else 1
    discount = PlayDiscount(controller, source, ctx.name(source), kind, number * arg.get("amount", 1))
    ctx.state.discounts.append(discount)
    how = f" ({arg.get('amount', 1)} for each {conditions.COUNTS[per]}: {number} now)" if per else ""
    stacked = len(_waiting(ctx.state, controller, kind)) - 1
    ctx.rec.add("effect", f"{controller}'s next {kind} this turn will be played for {discount.amount} €$ less{how}; "
                          "the amount is fixed now and does not follow later changes (official FAQ, Alt Cunningham: "
                          "Soulkiller Architect), and never takes a payment under 1 €$."
                + (f" It adds to the {counted(stacked, 'such discount')} already waiting (they stack, same FAQ)."
                   if stacked else ""),
                "persistent-effects.duration", "cost-value.payment-changes-not-cost",
                *(("gigs.min-gig",) if per == "friendly-min-gigs" else ()),
                *(conditions.count_rules(ctx.state, per, controller) if per else ()), player=controller,
                cards=(source,))
    return True


def _waiting(state, player: str, kind: str) -> list[PlayDiscount]:
    """`player`'s discounts waiting for their next card of `kind` this turn."""
    return [d for d in state.discounts if d.controller == player and d.kind == kind]


def _matching(state, player: str, label: str) -> list[PlayDiscount]:
    """`player`'s waiting discounts that `label` is played as the next card for (`played_as`)."""
    return [d for d in state.discounts if d.controller == player and state.played_as(label, d.kind)]


def next_play(ctx, player: str, label: str, price: Price, go_solo: bool = False) -> None:
    """Lower what `player` pays for `label` by each waiting "your next ..." discount it matches, one after the other,
    never under 1 €$; they are used up only once the card is played (`use_up`)."""
    for discount in _matching(ctx.state, player, label):
        change, floor = price.lowered(discount.amount)
        price.why.append(f"-{discount.amount} €$ from {discount.source_name}")
        as_kind, rules = _as_kind(ctx.state, label, discount.kind, go_solo)
        ctx.rec.add("cost", f"Discount from {discount.source_name}: {ctx.name(label)} is {player}'s next "
                            f"{discount.kind} this turn{as_kind}, so it is played for {discount.amount} €$ less, the "
                            f"amount fixed when that effect resolved: {change}; its cost value is still "
                            f"{ctx.state.cards[label].definition.cost}.",
                    "cost-value.payment-changes-not-cost", "pay.reduction-keeps-cost-value", *rules, *floor,
                    player=player, cards=(label, *filter(None, (discount.source,))))


def use_up(ctx, player: str, label: str, free: bool, go_solo: bool = False) -> None:
    """`label` has just been played: it is the next card the waiting discounts it matches were for, so they end."""
    used = _matching(ctx.state, player, label)
    if not used:
        return
    ctx.state.discounts = [d for d in ctx.state.discounts if d not in used]
    why = (" Played for free, it had nothing to lower, but it was still the next one (judgekit's reading: the "
           "discount does not wait for a card that is paid for)." if free else "")
    each = "; ".join(f"-{d.amount} €$ from {d.source_name}" for d in used)
    as_kind, rules = _as_kind(ctx.state, label, used[0].kind, go_solo)
    ctx.rec.add("expire", f"{ctx.name(label)} is {player}'s next {used[0].kind} this turn{as_kind}, so it uses up "
                          f"the {'discount' if len(used) == 1 else 'discounts'} waiting for it: {each}.{why}",
                "persistent-effects.duration-ends", *rules, player=player, cards=(label,))


def expire(ctx, *cites: str) -> None:
    """"This turn" is over (8.16.2): discounts still waiting end unused."""
    if ctx.state.discounts:
        ctx.rec.add("expire", "These discounts for a next card this turn were never used and end with the turn: "
                    + "; ".join(f"{d.source_name}'s -{d.amount} €$ on {d.controller}'s next {d.kind}"
                                for d in ctx.state.discounts) + ".", *cites, "persistent-effects.duration-ends")
        ctx.state.discounts = []
