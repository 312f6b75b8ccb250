"""Setting a Gig to the value another Gig shows (6.4, set): "set a Gig's value to the value of another Gig".

Both Gigs are chosen by the effect's controller as it resolves, the one to change first, scripted
with `gigs:`. The change is an ordinary set (6.4): it fails when the value is not a face of the
changed Gig's die or is the value it already shows, and when it succeeds it is an adjustment (6.4.3)
that "when ... adjusts" watchers see.
"""
from __future__ import annotations

from judgekit.engine import events, gig_choices, gigs
from judgekit.engine.feasibility import Impossible, possible_when
from judgekit.engine.interpreter import ignore_part, instruction

_NO_PAIR = ("effects.no-legal-target", "effect-choices.no-legal-choice")


def _sides(ctx, controller, arg) -> list[str]:
    rival = ctx.state.rival_of(controller)
    return {"you": [controller], "rival": [rival], "any": [controller, rival]}[arg.get("of", "any")]


def _partners(ctx, controller, arg, whose: str, gig: tuple[str, int]) -> list[tuple[str, tuple[str, int]]]:
    """The Gigs whose value `whose`'s `gig` could take: any other Gig, or one of another player (`other_player`);
    a second Gig with the same die and value as `gig` (two d6 at 3) is another Gig all the same."""
    players = [p for p in (controller, ctx.state.rival_of(controller)) if not arg.get("other_player") or p != whose]
    return [(p, other) for p in players for other in ctx.state.players[p].gigs if other is not gig]


def _no_pair(ctx, controller, arg) -> Impossible | None:
    """10.7, 10.31.1: the choice is of a pair, a Gig to set and a Gig whose value it takes; why there is none."""
    settable = [(p, gig) for p in _sides(ctx, controller, arg) for gig in ctx.state.players[p].gigs]
    if any(_partners(ctx, controller, arg, p, gig) for p, gig in settable):
        return None
    if not settable:
        return Impossible("there is no Gig it could set", _NO_PAIR)
    holders = list(dict.fromkeys(p for p, _ in settable))
    if arg.get("other_player") and len(holders) == 1:
        return Impossible(f"only {holders[0]} controls any Gig, so no Gig of another player has a value to take",
                          _NO_PAIR)
    return Impossible("there is no second Gig whose value it could take", _NO_PAIR)


@possible_when("match_gig")
def _can_match(ctx, source, controller, arg, refs):
    """Possible when some pair of Gigs can be chosen (a change to the same value is still a choice, FAQ Padre)."""
    return _no_pair(ctx, controller, arg)


@instruction("match_gig")
def match_gig(ctx, source, controller, arg, refs) -> bool:
    """The controller picks a Gig, then another Gig (of the other player, for `other_player`), and sets the first
    to the second's value; False when nothing changed (for "if you do"). With no pair to choose, no choice is made
    (10.7, 10.31.1)."""
    what = f"{ctx.name(source)}'s effect"
    none = _no_pair(ctx, controller, arg)
    if none is not None:
        pair = "one player's Gig to the value of another player's Gig" if arg.get("other_player") else \
            "a Gig to the value of another Gig"
        ctx.rec.add("check", f"{what} sets {pair}, and {none.why}: there is no such pair to choose, so no choice "
                             "is made and it does nothing.",
                    *none.cites, "effects.invalid-part-ignored", player=controller)
        return False
    changed = gig_choices.choose_gig(ctx, controller, _sides(ctx, controller, arg), what + " (the Gig to set)",
                                 lambda p, gig: bool(_partners(ctx, controller, arg, p, gig)), refs=refs)
    if changed is None:
        return False
    whose, die = changed
    gig = f"{die[0]}={die[1]}"
    partners = _partners(ctx, controller, arg, whose, die)
    rival = ctx.state.rival_of(controller)
    value_sides = [p for p in (controller, rival) if p != whose] if arg.get("other_player") else [controller, rival]
    source_gig = gig_choices.choose_gig(ctx, controller, value_sides, what + " (the Gig whose value it takes)",
                                    lambda p, other: any(q == p and held is other for q, held in partners), refs=refs)
    if source_gig is None:
        return False
    value = source_gig[1][1]
    ctx.rec.add("check", f"{whose}'s {gig} is to take the value {value} shown by {source_gig[0]}'s "
                         f"{source_gig[1][0]}={value}.", "gigs.set", player=controller)
    index = gigs.index_of(ctx.state.players[whose].gigs, die)
    if gigs.adjust(ctx, whose, gig, "set", value, index=index, fails=gigs.failing(int(refs.get("leaves", "1")), False)):
        refs["adjusted"] = gigs.place(ctx.state.players[whose].gigs[index])
        events.announce(ctx, "gig-adjusted", adjuster=controller, gigs=((whose, gig.partition("=")[0]),))  # 6.4.3
        return True
    ignore_part(ctx)
    return False

