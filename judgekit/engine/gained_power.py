"""Power a Unit gains equal to a value (3.17: power): the value is read once, as the effect gives the power,
and stays fixed however that value changes later (FAQ, El Sombrerón: La Venganza Lenta)."""
from __future__ import annotations

from judgekit.engine import gig_choices, gigs, last_known

SOURCES = {"revealed-cost": "the revealed card's cost", "chosen-max-gig": "a chosen friendly max Gig's value",
           "this-power": "the effect's own card's power"}


def amount(ctx, source, controller, what: str, refs) -> int:
    """The value `what` names, now: `revealed-cost` (Null counts as 0), `chosen-max-gig` (0 with none) or
    `this-power` (the source's power, or its host's for a Gear's bottom textbox; negative counts as 0)."""
    if what == "revealed-cost":
        label = refs.get("revealed")
        if label not in ctx.state.cards:
            return 0
        cost = ctx.state.cards[label].definition.cost
        ctx.rec.add("check", f"{ctx.name(label)} costs {'Null, which counts as 0' if cost is None else cost}, so "
                             f"that is the power gained.", "cost-value.definition",
                    *(("cost-value.null-counts-as-zero",) if cost is None else ()), player=controller)
        return cost or 0
    if what == "chosen-max-gig":
        chosen = gig_choices.choose_gig(ctx, controller, [controller], f"{ctx.name(source)}'s effect (a max Gig)",
                                    allowed=lambda player, gig: gig[1] == gigs.SIDES[gig[0]])
        if chosen is None:
            return 0
        value = chosen[1][1]
        ctx.rec.add("check", f"The chosen max Gig shows {value}; the power gained is fixed at {value} now and does "
                             "not follow that Gig if it changes later.", "gigs.max-gig", player=controller)
        return value
    if what == "this-power":
        label = refs.get("this", source)
        seen = last_known.of(ctx.state, label)
        power = seen.power or 0
        ctx.rec.add("check", f"{ctx.name(label)} has {power} power "
                             f"{'as it last was in play (it has left: last-known information)' if seen.last_known else 'as the effect resolves'}"
                             f"{', which counts as 0' if power < 0 else ''}; that amount is fixed now and does not "
                             "follow its power if it changes later.", "power",
                    *(("effects.last-known-information",) if seen.last_known else ()),
                    *(("golden.negative-counts-as-zero",) if power < 0 else ()), player=controller, cards=(label,))
        return max(0, power)
    raise ValueError(f"unknown value {what!r}")
