"""The order of pending effects (10.12-10.14): whose effects resolve first, a player's own order (scripted or
awaited), and the stable name of one effect of a card (`label#N`), or of one copy of an effect for its event
(`label for d8`), a script uses to say which."""
from __future__ import annotations

import dataclasses
from itertools import permutations

from judgekit.echo import shown
from judgekit.engine.context import Context, Pending, Script, SeededRandom
from judgekit.engine.trace import AwaitChoice, GameOver, Recorder, Refusal, ScenarioMismatch
from judgekit.engine.triggers import TRIGGERS, trigger_words
from judgekit.scenario import event_facts


def whose_turn_to_resolve(ctx: Context) -> str:
    """10.13, 10.14.1: the player already resolving finishes theirs; otherwise the turn player goes first."""
    holders = {p.controller for p in ctx.pending}
    if ctx.resolving_player in holders:
        return ctx.resolving_player
    return ctx.state.turn if ctx.state.turn in holders else next(iter(sorted(holders)))


def next_of(ctx: Context, mine: list[Pending]) -> Pending:
    """10.12: a player orders their own pending effects; effects that do the same thing need no choice. Copies of
    one effect, each for its own event, do the same thing unless the effect reads that event (`_does`). Alike
    effects of different cards, each about its own card, need none either where every order of them leaves the same
    game (`_order_changes_nothing`).

    A scripted order may name the last effect too, as a judge writes the whole order out.
    """
    if ctx.script.order and len(mine) == 1 and ctx.script.order[0] in names_of(mine[0]):
        ctx.script.order.pop(0)
        return mine[0]
    if len({_does(p) for p in mine}) == 1:
        if len(mine) > 1:
            words, cites = _alike(mine)
            ctx.rec.add("check", words, "pending.own-order", *cites, player=mine[0].controller)
            ctx.not_asked.append((mine[0].controller, list(mine), "they do the same thing"))
        return mine[0]
    if len({_does(p, own=False) for p in mine}) == 1 and _order_changes_nothing(ctx, mine):
        either = "either order" if len(mine) == 2 else "every order"
        ctx.rec.add("check", f"{mine[0].controller} has {len(mine)} pending effects that read alike but are each "
                             "about their own card, so they are not copies doing the same thing; still, "
                             f"{either} of them leaves the same game (judgekit resolved each order on a copy of it), "
                             "so their order makes no difference: judgekit takes them in the order they triggered.",
                    "pending.own-order", player=mine[0].controller, cards=tuple(dict.fromkeys(p.source for p in mine)))
        ctx.not_asked.append((mine[0].controller, list(mine), f"{either} of them leaves the same game"))
        return mine[0]
    player, options = mine[0].controller, _order_options(mine)
    if not ctx.script.order:
        copies = " Copies of one effect that acts on its own event's card or Gig do not do the same thing, so they " \
                 "are ordered too." if any(_told_apart(p, mine) for p in mine) else ""
        meanings = _order_meanings(mine, ctx.name)
        times = [_option(p, mine) for p in mine]
        listed = "; ".join(f"`{name}`: {words}" + (f" ({times.count(name)} copies)" if times.count(name) > 1 else "")
                           for name, words in meanings)
        raise AwaitChoice(f"{player} has {len(mine)} pending effects and chooses the order to resolve them: "
                          f"{listed}.{copies} "
                          "The ruling waits here; script `order:` with these names, first to resolve first.", player,
                          ("pending.own-order",), options=options, can_decline=False, choice=("order", meanings))
    wanted = ctx.script.order[0]
    named = [p for p in mine if wanted in names_of(p)]
    if any(_told_apart(p, named) for p in named):
        raise ScenarioMismatch(f"`order` says {shown(wanted)} resolves next, but that names {len(named)} pending "
                               "copies of one effect, each acting on its own event: name one of "
                               f"{', '.join(dict.fromkeys(_option(p, mine) for p in named))}", None, "order")
    if named:
        ctx.script.order.pop(0)
        words = _pending_words(named[0], ctx.name, _told_apart(named[0], mine))
        ctx.rec.add("choice", f"{player} chooses to resolve {words} next.", "pending.own-order", player=player,
                    cards=(named[0].source,))
        return named[0]
    raise ScenarioMismatch(f"`order` says {shown(wanted)} resolves next, but {player}'s pending effects now are "
                           f"{', '.join(options)}", None, "order")


def _does(pending: Pending, own: bool = True) -> str:
    """What a pending effect does: its effect, with the facts of its event that the effect reads
    (`Effect.facts_read`); copies for different events that read none of them do the same thing, and so do copies
    for two stolen Gigs of the same die and value (which Gig of the two each acts on changes nothing: 6.3). An
    effect about its own card ("this Unit") does the same thing only as that card's: two cards' alike effects each
    act on their own card, and their order can matter (each putting itself on top of the deck); `own=False` leaves
    its card out, for effects that read alike."""
    effect, read = pending.effect, pending.effect.facts_read
    does = repr((effect.do, effect.condition, effect.targets, effect.modes))
    card = pending.source if own and effect.about_own_card else None  # "this Unit": a different card, not a copy
    return repr((does, card, [pending.known.get(fact) for fact in sorted(read)]))


_MOST_TRIED = 4  # pending effects whose every order is tried (24 orders); with more, the player is asked


class _Drawn(Exception):
    """Something random was drawn while trying an order: the order is not tried further."""


class _NoDice(SeededRandom):
    """The dice of a tried order: any draw stops it (what is random can't be compared)."""

    __slots__ = ()

    @property
    def random(self):
        raise _Drawn


def _order_changes_nothing(ctx: Context, mine: list[Pending]) -> bool:
    """Whether every order of `mine` leaves the same game (10.12: then the order changes nothing). Each order is
    resolved on a copy of the game, as `effects.resolve_pending` would resolve it, with nothing scripted; an order
    that needs a player's choice on the way (a target, a "you may"), draws anything random, sets off new pending
    effects (which the player could order among these, 10.14), is refused or ends the game is taken as one the
    order can change, and so are more than `_MOST_TRIED` effects. What is compared: the game state, with the
    replacements already applied (10.29.1)."""
    if len(mine) > _MOST_TRIED:
        return False
    first = None
    for order in permutations(mine):
        result = _resolved_in(ctx, order)
        if result is None or first is not None and result != first:
            return False
        first = result
    return True


def _resolved_in(ctx: Context, order: tuple[Pending, ...]):
    """The game left by resolving `order` on a copy of it (`_order_changes_nothing`), or None where that order
    stops on the way."""
    from judgekit.engine import resolving

    rest = [p for p in ctx.pending if all(p is not q for q in order)]
    scratch = dataclasses.replace(
        ctx, state=ctx.state.copy(), rec=Recorder(), rng=_NoDice(ctx.seed), pending=list(rest), script=Script(),
        replaced=set(ctx.replaced), untold=list(ctx.untold), left_empty=[], picks=[], resolving=list(ctx.resolving),
        refused_reactions=[], unmade=[], not_asked=[], defeats=None if ctx.defeats is None else list(ctx.defeats),
        event_replacements=set(ctx.event_replacements),
        into_decks=None if ctx.into_decks is None else {k: list(v) for k, v in ctx.into_decks.items()})
    try:
        for pending in order:
            scratch.resolving_player = pending.controller
            resolving.resolve_one(scratch, pending.source, pending.controller, pending.effect, pending.known,
                                  f"{pending.source_name}'s effect", printed_on=pending.via)
            if len(scratch.pending) != len(rest):
                return None
    except (AwaitChoice, _Drawn, Refusal, GameOver, ScenarioMismatch):
        return None
    return scratch.state, scratch.replaced, scratch.event_replacements, scratch.defeats, scratch.into_decks


def _event(pending: Pending) -> dict:
    """The facts of the event that triggered it (not where its source was, 10.10.1, nor when it became pending)."""
    return {key: value for key, value in pending.known.items() if key not in ("area", "referred")}


def _alike(mine: list[Pending]) -> tuple[str, tuple[str, ...]]:
    """Why the order of pending effects that do the same thing cannot change anything: in words, and the rules
    that say so beside 10.12."""
    player, count = mine[0].controller, len(mine)
    if len({repr(_event(p)) for p in mine}) == 1:
        return f"{player} has {count} pending effects that do the same thing, so their order makes no difference; " \
               "judgekit takes them in the order they triggered.", ()
    one_effect = len({(p.source, p.effect_index, p.via) for p in mine}) == 1 and mine[0].effect_index >= 0
    alike = "copies of the same effect" if one_effect else "effects that do the same thing"
    effect, cites = mine[0].effect, ()
    if effect.facts_read:
        why = "what each reads of its event is the same for all of them"
    elif any(event_facts.die_only(c) for c in effect.condition):
        kind = "stolen" if any("stolen_die" in c for c in effect.condition) else "rolled"
        why = f"its condition reads the {kind} Gig's die, which held as each triggered and cannot change, and the " \
              "rest of the effect acts on no card or Gig of its event"
        cites = ("effects.conditions",)
    else:
        why = "the effect acts on no card or Gig of its event" if one_effect else \
            "none of them acts on a card or Gig of its event"
    same = "the copies do the same thing and " if one_effect else ""
    return f"{player} has {count} pending {alike}, each for the event that triggered it; {why}, so {same}their " \
           "order cannot change anything: judgekit takes them in the order they triggered.", cites


def _told_apart(pending: Pending, mine: list[Pending]) -> bool:
    """Whether another pending effect of `mine` is a copy of the same effect that does something else: one acting
    on its own event, named by it."""
    same = (pending.source, pending.effect_index, pending.via)
    return pending.effect_index >= 0 and bool(_event_names(pending)) and \
        any((p.source, p.effect_index, p.via) == same and _does(p) != _does(pending) for p in mine)


def _order_options(mine: list[Pending]) -> tuple[str, ...]:
    """What `order:` may name, each pending effect once (`_option`)."""
    return tuple(dict.fromkeys(_option(p, mine) for p in mine))


def _order_meanings(mine: list[Pending], name=str) -> tuple[tuple[str, str], ...]:
    """Each name `order:` may give, with the pending effect it stands for in words (`client#2`: "Test Ripperdoc
    Client [client]'s effect (when this Unit attacks): draw 1 ..."), so that an answer listed by its name says
    which effect it is."""
    return tuple(dict.fromkeys((_option(p, mine), describe_pending(p, name, _told_apart(p, mine))) for p in mine))


def _option(pending: Pending, mine: list[Pending]) -> str:
    """How `order:` names a pending effect among `mine`: its source, or the effect's own name where one source has
    several effects pending; a copy of an effect acting on its own event by its source (or the effect's name,
    where that is not enough) ` for ` the event: the die of the Gig, with its value where another copy's Gig has
    the same die, or the card."""
    several = len({(p.effect_index, p.via) for p in mine if p.source == pending.source}) > 1
    own = effect_name(pending.source, pending.effect_index, pending.via)
    if not _told_apart(pending, mine):
        return own if several and pending.effect_index >= 0 else pending.source
    copy = (pending.source, pending.effect_index, pending.via)
    events = _event_names(pending)
    shared = any(p is not pending and (p.source, p.effect_index, p.via) == copy and _event_names(p)[:1] == events[:1]
                 for p in mine)
    name = f"{pending.source} for {events[-1] if shared else events[0]}"
    return name if not any(name in names_of(p) for p in mine if (p.source, p.effect_index, p.via) != copy) else \
        f"{own} for {events[-1] if shared else events[0]}"


def _event_names(pending: Pending) -> tuple[str, ...]:
    """How a script names the event a copy of an effect is for: the stolen or rolled Gig (`d8`, then `d8=7`), or
    the card of the event (its label)."""
    known, read = pending.known, pending.effect.facts_read
    for fact in ("stolen", "rolled"):
        if fact in read and fact in known:
            return known[fact].split("=")[0], known[fact]
    for fact in ("opponent", "it"):
        if fact in read and fact in known:
            return (known[fact],)
    return ()


def _event_words(pending: Pending, name=str) -> str:
    """The event a copy of an effect is for, in words."""
    known, read = pending.known, pending.effect.facts_read
    if "stolen" in read and "stolen" in known:
        return f"for the stolen Gig {known['stolen']}"
    if "rolled" in read and "rolled" in known:
        return f"for the roll {known['rolled']}"
    if "opponent" in read and "opponent" in known:
        return f"for its fight with {name(known['opponent'])}"
    return f"for {name(known['it'])}" if "it" in known else ""


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
    the effect's own name (`effect_name`); any of them ` for ` its event (`_event_names`)."""
    own = (effect_name(pending.source, pending.effect_index, pending.via),) if pending.effect_index >= 0 else ()
    names = (pending.source, _pending_name(pending), *((pending.via,) if pending.via else ()), *own)
    return names + tuple(f"{n} for {e}" for n in names for e in _event_names(pending))


def _pending_name(pending: Pending) -> str:
    return f"{pending.source} ({pending.trigger}{', from ' + pending.via if pending.via else ''})"


def _pending_words(pending: Pending, name=str, event: bool = False) -> str:
    """A pending effect as a ruling names it: its source's effect, when it triggered (in words, not the trigger's
    name in judgekit), and the Gear it is read from; `name` shows a card label; `event`: the event it is for too."""
    delayed = pending.effect_index < 0  # set up by a resolved effect: its trigger is told where it was set up
    when = trigger_words(pending.trigger, pending.effect) if pending.trigger in TRIGGERS and not delayed else ""
    when = when.split(": ", 1)[-1]  # "[ATTACK]: when this Unit attacks" -> "when this Unit attacks"
    via = f"from {name(pending.via)}" if pending.via else ""
    said = ", ".join(filter(None, (when, via)))
    kind = "delayed effect" if delayed else "effect"
    return f"{name(pending.source)}'s {kind}" + (f" ({said})" if said else "") + \
        (f" {_event_words(pending, name)}" if event else "")


def describe_pending(pending: Pending, name=str, event: bool = False) -> str:
    """A pending effect in words, for the trace and the board: its source, trigger, the event it is for (`event`)
    and text."""
    return _pending_words(pending, name, event) + (f": {pending.text}" if pending.text else "")


def describe_all(pending: list[Pending], name=str) -> list[str]:
    """Every pending effect in words (`describe_pending`), a copy of an effect acting on its own event with that
    event."""
    return [describe_pending(p, name, _told_apart(p, pending)) for p in pending]
