"""Cost reductions other cards grant (3.11.1.2, 11.8.3): "play your first ... each turn for -N €$", "a Legend
may use GO SOLO for -N €$ this turn". The payment
changes, the cost value does not, and the amount never drops under 1 €$. Such a reduction is mandatory (FAQ
Viktor Vektor: Drop Your Illusions) and works on either player's turn (same FAQ). "First ... each turn" counts
every matching card its controller played this turn, the ones played before the granting card arrived too
(as for "the first time ... each turn", FAQ Jackie Welles: Pour One Out For Me)."""
from __future__ import annotations

from judgekit.engine import persistent


def _matches(state, label: str, need: dict) -> bool:
    return state.is_a(label, need["kind"]) and (not need.get("tags_any")
                                                or bool(set(state.cards[label].definition.tags) & set(need["tags_any"])))


def first_each_turn(ctx, player: str, label: str, amount: int, why: list[str]) -> int:
    """The amount `player` pays for `label` once every "first ... each turn" reduction of theirs applies."""
    state = ctx.state
    for source, controller, effect, _ in persistent.active_effects(state):
        for grant, need in effect.grants:
            if grant != "first-each-turn-discount" or controller != player or not _matches(state, label, dict(need)):
                continue
            need = dict(need)
            earlier = [c for w, p, c in state.this_turn if w == "played" and p == player and c != label
                       and _matches(state, c, need)]
            what = f"{'/'.join(need.get('tags_any', ()))} {need['kind']}".strip()
            if earlier:
                ctx.rec.add("check", f"{ctx.name(source)}'s reduction is for {player}'s first {what} each turn, and "
                                     f"{ctx.name(earlier[0])} was already played this turn, so it does not apply.",
                            "cost-value.payment-changes-not-cost", player=player, cards=(label, source))
                continue
            before = amount
            amount = max(min(before, 1), before - need["amount"])
            why.append(f"-{need['amount']} €$ from {ctx.name(source)}")
            ctx.rec.add("cost", f"{ctx.name(source)}'s effect: {ctx.name(label)} is {player}'s first {what} this "
                                f"turn, so they must pay {need['amount']} €$ less (the reduction is not optional): "
                                f"{before} €$ becomes {amount} €$, never under 1 €$; its cost value is still "
                                f"{state.cards[label].definition.cost}.", "cost-value.payment-changes-not-cost",
                        "pay.reduction-keeps-cost-value", *(("pay.reduction-minimum-one",) if amount < before else ()),
                        player=player, cards=(label, source))
    return amount


def go_solo(ctx, player: str, label: str, amount: int, why: list[str]) -> int:
    """The amount for playing `label` with GO SOLO once lasting "GO SOLO for -N €$" changes on it apply."""
    for modifier in persistent.modifiers_on(ctx.state, label):
        if not modifier.go_solo_costs_less:
            continue
        before = amount
        amount = max(min(before, 1), before - modifier.go_solo_costs_less)
        why.append(f"-{modifier.go_solo_costs_less} €$ for GO SOLO from {modifier.source_name}")
        ctx.rec.add("cost", f"{modifier.source_name}'s effect: {ctx.name(label)} uses GO SOLO for "
                            f"{modifier.go_solo_costs_less} €$ less this turn: {before} €$ becomes {amount} €$, never "
                            f"under 1 €$; its cost value is still {ctx.state.cards[label].definition.cost}.",
                    "cost-value.payment-changes-not-cost", "keyword.go-solo.definition",
                    *(("pay.reduction-minimum-one",) if amount < before else ()), player=player, cards=(label,))
    return amount
