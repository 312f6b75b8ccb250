"""Choosing a Gig (10.31): an effect has its controller pick a Gig die from one or both Gig areas, scripted with the
action's `gigs:` entries or awaited; equal dice (6.3) are one answer unless effects follow one and not another
(`gigs.told_apart`); a die still in a fixer area is no Gig to choose (6.1.4)."""
from __future__ import annotations

from judgekit.engine import gigs
from judgekit.engine.choices import declined
from judgekit.engine.context import Context
from judgekit.engine.state import Gig
from judgekit.engine.trace import AwaitChoice, Refusal


def choose_gig(ctx: Context, controller: str, sides: list[str], what: str, allowed=None,
               refs: dict | None = None) -> tuple[str, Gig] | None:
    """A Gig an effect has its controller choose (10.31) from the Gig areas of `sides`: (player, that Gig die).

    `allowed(player, (die, value))` narrows the options. None when there is no Gig to choose (10.31.1).
    Scripted as `gigs:` entries, `d6`, `d6=3`, or `player:d6=3` when either player's Gig may be chosen. Equal dice
    (6.3) are interchangeable, unless effects follow one and not another (the stolen Gig of a pending effect; the
    resolving effect's own, from `refs`): then their options are marked (`gigs.told_apart`) and the entry names
    the one chosen (`d6=3 (stolen)`), for which one it is changes what those effects do.
    """
    state = ctx.state
    follows = gigs.followed(ctx, refs)
    options = [(p, gig) for p in sides for gig in state.players[p].gigs if allowed is None or allowed(p, gig)]
    if not options:
        for written in ctx.script.gigs:  # a scripted fixer die is refused by its rule even when no Gig can be chosen
            _not_in_fixer(ctx, *_scripted(ctx, written, controller, sides), what, "")
        ctx.rec.add("check", f"{what} needs a Gig to choose, and there is none it can choose, so that choice is not "
                             "made and that part does nothing.", "effect-choices.no-legal-choice",
                    "effects.invalid-part-ignored", player=controller)
        return None
    texts = {p: dict(zip(map(id, held), gigs.told_apart(held, follows)))
             for p in sides for held in [[g for q, g in options if q == p]]}
    written_as = lambda p, gig: f"{p}:{texts[p][id(gig)]}" if len(sides) > 1 else texts[p][id(gig)]
    shown = ", ".join(written_as(p, gig) for p, gig in options)
    marked = "(" in shown
    if not ctx.script.gigs and len(options) == 1:
        player, gig = options[0]
        ctx.rec.add("choice", f"{controller} chooses {player}'s {gig[0]}={gig[1]} for {what}: the only option.",
                    "effect-choices", player=controller, choice=("gigs", written_as(player, gig)))
        return player, gig
    if not ctx.script.gigs:
        told = f" {gigs.marks_said(options, follows, written_as, ctx.name)}" if marked else ""
        raise AwaitChoice(f"{controller} must choose a Gig for {what}: {shown}.{told} The ruling waits here; script "
                          "`gigs:`.", controller, ("effect-choices", "gigs"),
                          options=tuple(written_as(p, gig) for p, gig in options), can_decline=False,
                          choice=("gigs",))
    written = ctx.script.gigs.pop(0)
    if written == "none":
        raise declined(ctx, controller, f"the choice for {what}", f"one Gig ({shown})", "effect-choices", "gigs")
    player, gig_text = _scripted(ctx, written, controller, sides)
    _not_in_fixer(ctx, player, gig_text, what, shown)
    held = state.players[player].gigs
    gig = held[gigs.find_gig(held, gig_text, player, "gigs", follows)]
    if player not in sides or (allowed is not None and not allowed(player, gig)):
        owned = ", ".join(f"{p}:{texts[p][id(g)]}" for p, g in options)  # whose each is, as the refused one says
        raise Refusal(f"{player}'s {gig[0]}={gig[1]} can't be chosen for {what}; the choices are {owned}.",
                      ("effect-choices", "gigs"))
    which = f": {gigs.follow_words(gig, follows, ctx.name)}" if "(" in written_as(player, gig) else ""
    ctx.rec.add("choice", f"{controller} chooses {player}'s {gig[0]}={gig[1]} for {what}{which}.", "effect-choices",
                player=controller)
    return player, gig


def _scripted(ctx: Context, written: str, controller: str, sides: list[str]) -> tuple[str, str]:
    """Whose Gig a `gigs:` entry names, and the Gig as written: `player:d6=3`, else a Gig of the only side."""
    player, gig = gigs.split_entry(ctx.state, written)
    return player or (sides[0] if len(sides) == 1 else controller), gig


def _not_in_fixer(ctx: Context, player: str, gig_text: str, what: str, shown: str) -> None:
    """6.1.4, 5.10.4: a die still in a fixer area is not a Gig, so no effect can choose it; `shown`: the Gigs that
    can be chosen ("": none)."""
    die = gig_text.partition("=")[0].strip()
    if die in ctx.state.players[player].fixer and all(d != die for d, _ in ctx.state.players[player].gigs):
        raise Refusal(f"{player}'s {die} is still in their fixer area: a die there is not a Gig an effect can choose "
                      f"for {what}; " + (f"the choices are {shown}." if shown else "there is no Gig it can choose."),
                      ("gigs.fixer-not-targetable", "fixer-area.gig-effects-exclude"))
