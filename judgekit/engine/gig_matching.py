"""Setting a Gig to the value another Gig shows (6.4, set): "set a Gig's value to the value of another Gig".

Both Gigs are chosen by the effect's controller as it resolves, the one to change first, scripted
with `gigs:`. The change is an ordinary set (6.4): it fails when the value is not a face of the
changed Gig's die or is the value it already shows, and when it succeeds it is an adjustment (6.4.3)
that "when ... adjusts" watchers see.
"""
from __future__ import annotations

from judgekit.engine import choices, events, gigs
from judgekit.engine.interpreter import instruction


@instruction("match_gig")
def match_gig(ctx, source, controller, arg, refs) -> bool:
    """The controller picks a Gig, then another Gig (of the other player, for `other_player`), and sets the first
    to the second's value; False when nothing changed (for "if you do")."""
    rival = ctx.state.rival_of(controller)
    sides = {"you": [controller], "rival": [rival], "any": [controller, rival]}[arg.get("of", "any")]
    what = f"{ctx.name(source)}'s effect"
    changed = choices.choose_gig(ctx, controller, sides, what + " (the Gig to set)")
    if changed is None:
        return False
    whose, gig = changed
    def another(player: str, option: tuple[str, int]) -> bool:
        return (player, f"{option[0]}={option[1]}") != (whose, gig)

    other_player = bool(arg.get("other_player"))
    value_sides = [p for p in (controller, rival) if p != whose] if other_player else [controller, rival]
    source_gig = choices.choose_gig(ctx, controller, value_sides, what + " (the Gig whose value it takes)",
                                        None if other_player else another)
    if source_gig is None:
        return False
    value = int(source_gig[1].partition("=")[2])
    ctx.rec.add("check", f"{whose}'s {gig} is to take the value {value} shown by {source_gig[0]}'s {source_gig[1]}.",
                "gigs.set", player=controller)
    index = gigs.find_gig(ctx.state.players[whose].gigs, gig, whose, "adjust")
    if gigs.adjust(ctx, whose, gig, "set", value, index=index):
        refs["adjusted"] = gigs.place(whose, index, gig.partition("=")[0])
        events.announce(ctx, "gig-adjusted", adjuster=controller, gigs=((whose, gig.partition("=")[0]),))  # 6.4.3
        return True
    return False
