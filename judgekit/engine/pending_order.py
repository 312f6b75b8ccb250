"""The order of pending effects (10.12-10.14): whose effects resolve first, a player's own order (scripted or
awaited), and the stable name of one effect of a card (`label#N`) a script uses to say which."""
from __future__ import annotations

from judgekit.echo import shown
from judgekit.engine.context import Context, Pending
from judgekit.engine.trace import AwaitChoice, ScenarioMismatch
from judgekit.engine.triggers import TRIGGERS, trigger_words


def whose_turn_to_resolve(ctx: Context) -> str:
    """10.13, 10.14.1: the player already resolving finishes theirs; otherwise the turn player goes first."""
    holders = {p.controller for p in ctx.pending}
    if ctx.resolving_player in holders:
        return ctx.resolving_player
    return ctx.state.turn if ctx.state.turn in holders else next(iter(sorted(holders)))


def next_of(ctx: Context, mine: list[Pending]) -> Pending:
    """10.12: a player orders their own pending effects; effects that do the same thing need no choice.

    A scripted order may name the last effect too, as a judge writes the whole order out.
    """
    if ctx.script.order and len(mine) == 1 and ctx.script.order[0] in names_of(mine[0]):
        ctx.script.order.pop(0)
        return mine[0]
    if len({repr((p.effect.do, p.effect.condition, p.effect.targets)) for p in mine}) == 1:
        if len(mine) > 1 and len({repr(p.known) for p in mine}) == 1:
            ctx.rec.add("check", f"{mine[0].controller} has {len(mine)} pending effects that do the same thing, so "
                                 "their order makes no difference; judgekit takes them in the order they triggered.",
                        "pending.own-order", player=mine[0].controller)
        elif len(mine) > 1:
            one_effect = len({(p.source, p.effect_index, p.via) for p in mine}) == 1 and mine[0].effect_index >= 0
            alike = "copies of the same effect" if one_effect else "effects that do the same thing"
            ctx.rec.add("check", f"{mine[0].controller} has {len(mine)} pending {alike}, each for the event that "
                                 "triggered it; judgekit takes them in the order they triggered.", "pending.own-order",
                        player=mine[0].controller)
        return mine[0]
    player = mine[0].controller
    if not ctx.script.order:
        raise AwaitChoice(f"{player} has {len(mine)} pending effects and chooses the order to resolve them: "
                          f"{'; '.join(describe_pending(p, ctx.name) for p in mine)}. The ruling waits here; script `order:` "
                          "with their sources, first to resolve first (an effect read from a Gear's bottom textbox "
                          "by the Gear's label; one of several effects of a card as `label#N`, N its place on the "
                          "card).", player, ("pending.own-order",),
                          options=_order_options(mine), can_decline=False,
                          choice=("order", _order_meanings(mine, ctx.name)))
    wanted = ctx.script.order[0]
    for pending in mine:
        if wanted in names_of(pending):
            ctx.script.order.pop(0)
            ctx.rec.add("choice", f"{player} chooses to resolve {_pending_words(pending, ctx.name)} next.",
                        "pending.own-order",
                        player=player, cards=(pending.source,))
            return pending
    raise ScenarioMismatch(f"`order` says {shown(wanted)} resolves next, but {player}'s pending effects now are "
                           f"{', '.join(_pending_name(p) for p in mine)}", None, "order")


def _order_options(mine: list[Pending]) -> tuple[str, ...]:
    """What `order:` may name: each source, or each effect's own name where one source has several pending."""
    return tuple(dict.fromkeys(_order_name(p, mine) for p in mine))


def _order_name(pending: Pending, mine: list[Pending]) -> str:
    sources = [p.source for p in mine]
    return effect_name(pending.source, pending.effect_index, pending.via) \
        if sources.count(pending.source) > 1 and pending.effect_index >= 0 else pending.source


def _order_meanings(mine: list[Pending], name=str) -> tuple[tuple[str, str], ...]:
    """Each name `order:` may give, with the pending effect it stands for in words (`client#2`: "Test Ripperdoc
    Client [client]'s effect (when this Unit attacks): draw 1 ..."), so that an answer listed by its name says
    which effect it is."""
    return tuple(dict.fromkeys((_order_name(p, mine), describe_pending(p, name)) for p in mine))


def effect_name(label: str, index: int, via: str = "") -> str:
    """The stable name of one effect of a card, for `order:` and `replacements:`: `label#N`, N its place among the
    card's printed effects (1 = first); `label#topN` for a Gear's top textbox; a Gear's bottom-textbox effect read
    by its host is named by the Gear, `gear#N`."""
    if index >= 200:
        return "{}#{}".format(via, index - 199)
    if index >= 100:
        return "{}#top{}".format(label, index - 99)
    return "{}#{}".format(label, index + 1)


def names_of(pending: Pending) -> tuple[str, ...]:
    """Every way a script may name a pending effect: its source, `source (trigger)`, the Gear it is read from, and
    the effect's own name (`effect_name`)."""
    own = (effect_name(pending.source, pending.effect_index, pending.via),) if pending.effect_index >= 0 else ()
    return (pending.source, _pending_name(pending), *((pending.via,) if pending.via else ()), *own)


def _pending_name(pending: Pending) -> str:
    return f"{pending.source} ({pending.trigger}{', from ' + pending.via if pending.via else ''})"


def _pending_words(pending: Pending, name=str) -> str:
    """A pending effect as a ruling names it: its source's effect, when it triggered (in words, not the trigger's
    name in judgekit), and the Gear it is read from; `name` shows a card label."""
    delayed = pending.effect_index < 0  # set up by a resolved effect: its trigger is told where it was set up
    when = trigger_words(pending.trigger, pending.effect) if pending.trigger in TRIGGERS and not delayed else ""
    when = when.split(": ", 1)[-1]  # "[ATTACK]: when this Unit attacks" -> "when this Unit attacks"
    via = f"from {name(pending.via)}" if pending.via else ""
    said = ", ".join(filter(None, (when, via)))
    kind = "delayed effect" if delayed else "effect"
    return f"{name(pending.source)}'s {kind}" + (f" ({said})" if said else "")


def describe_pending(pending: Pending, name=str) -> str:
    """A pending effect in words, for the trace and the board: its source, trigger and text."""
    return _pending_words(pending, name) + (f": {pending.text}" if pending.text else "")
