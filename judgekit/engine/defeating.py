"""Defeating a card (5.9, 9.19.1.1, 4.4.1), and the defeats one event causes, which happen together.

Every defeat goes through `defeat`. The defeats of one event (a fight's result, 9.19; one instruction applied
to every card that fits, "defeat all ...") are one event: the rules order them nowhere (the CR says "one at a
time" only where it means it, as for draw, 11.5.2.1, trash, 11.7.2.1.1, and sell, 11.9.1.2). So `together` moves
them all first and collects their triggers after (10.16.2), looking back: every card in play before the event
sees each of its defeats, its own included (FAQ Yorinobu Arasaka: Steel Dragon), as it last was (10.10.1).
A replacement applies before the event (10.25), so each defeat's replacements are weighed while every card of
the event is still in play, and the cards move only once all are weighed; the event is one process, so one
replacement applies to one of its defeats at most (10.29.1). The order the cards are listed in never decides a
ruling.
"""
from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass

from judgekit.engine import areas, effects, last_known, replacement, watching
from judgekit.engine.context import Context
from judgekit.engine.trace import Refusal

DEFEATED_HOW = "is defeated and goes"  # how a defeated card's move to the trash is told (read by `ask`'s result line)


@dataclass(frozen=True)
class _Defeat:
    """One card the event under way has defeated, and what its triggers need (10.10.1)."""

    label: str
    area: str  # where it was
    carried: tuple[str, ...]  # the Gear it carried
    events: tuple  # the movement events of its going to the trash
    cites: tuple[str, ...]


@contextmanager
def together(ctx: Context, *cites: str):
    """The defeats made inside happen together, as one event: each is weighed for replacements first (10.25), then
    all move, then their triggers are collected. Nested (a replacement defeating a Gear instead, 10.25), the
    defeats join the event under way."""
    if ctx.defeats is not None:
        yield
        return
    ctx.defeats, ctx.event_replacements = [], set()
    try:
        yield
        queued = ctx.defeats
    finally:
        ctx.defeats, ctx.event_replacements = None, set()
    _triggers(ctx, _carry_out(ctx, queued), cites)


def defeat(ctx: Context, label: str, *cites: str, in_fight: bool = False) -> bool:
    """Defeat a Unit (to its owner's trash, 9.19.1.1, said by `areas.to_owner`), an equipped Gear, or a Legend in the
    Legends area (which then is in an invalid area and is removed, 4.4.1); a replacement may apply first (10.25).
    False when a replacement applied instead: the card was not defeated. The card moves when the event does."""
    _, area = ctx.state.locate(label)
    if not ctx.state.in_play(label):
        raise Refusal(f"{ctx.name(label)} is in the {areas.AREA_TITLES[area]}, not in play, so it "
                      "cannot be defeated.", ("fight.defeated-to-trash",))
    with together(ctx):
        if replacement.replace_defeat(ctx, label, in_fight):
            return False
        ctx.defeats.append((label, cites, in_fight))
    return True


def _carry_out(ctx: Context, queued: list[tuple]) -> list[_Defeat]:
    """Move the event's defeated cards to the trash, each once (a card defeated in another's place that was being
    defeated anyway goes once), and say what each was as the event happened."""
    made: list[_Defeat] = []
    for label, cites, in_fight in queued:
        if any(d.label == label for d in made) or not ctx.state.in_play(label):
            continue
        area = ctx.state.locate(label)[1]
        carried = () if area == "equipped" else tuple(ctx.state.cards[label].gear)
        rules = ("equip.stays-equipped",) if area == "equipped" else ("fight.defeated-to-trash",) if in_fight else ()
        events = areas.move(ctx, label, "trash", (*rules, *cites), how=DEFEATED_HOW, defeat=area == "field")
        made.append(_Defeat(label, area, carried, tuple(events), cites))
    return made


def _triggers(ctx: Context, made: list[_Defeat], cites: tuple[str, ...]) -> None:
    """The event's triggers (10.16.1, 10.16.2): each card's own [DEFEATED] (a Gear's own "when this Gear is
    defeated" too, 4.11.2), then the cards watching defeats, those the event took out of play included."""
    gone = tuple(d.label for d in made if d.area != "equipped")
    began = len(ctx.state.this_turn)  # the event's defeats are remembered from here on (one event, 10.16.1)
    watching_too = [d.label for d in made if d.area != "equipped" and _watches_defeats(ctx, d.label, d.carried)]
    if len(gone) > 1 and watching_too:  # the one case where defeating them together decides the ruling
        ctx.rec.add("check", f"{', '.join(ctx.name(c) for c in gone[:-1])} and {ctx.name(gone[-1])} are defeated "
                             "together, as one event: no rule puts one of these defeats before another. "
                             f"{' and '.join(ctx.name(c) for c in watching_too)}, which "
                             f"watch{'es' if len(watching_too) == 1 else ''} defeats, "
                             f"{'was' if len(watching_too) == 1 else 'were'} in play as the event happened, so "
                             f"{'it sees' if len(watching_too) == 1 else 'each sees'} every one of these defeats.",
                    *cites, "triggered-effects.simultaneous", "effects.last-known-information", cards=gone)
    for one in made:
        if one.area == "equipped":
            effects.trigger(ctx, one.label, "defeated", known={"area": one.area})
            continue
        invalid = ("legends.invalid-area-triggers",) if any(e[0] == "invalid-legend" for e in one.events) else ()
        if one.area == "legends":
            _defeated_as_a_legend(ctx, one.label, one.carried)
        effects.trigger(ctx, one.label, "defeated", *invalid, "keyword.defeated.pending", gear_at_event=one.carried,
                        known={"area": one.area})
        effects.watchers(ctx, one.label, "defeated", looking_back=gone,
                         facts={**watching.actor_facts(ctx, one.label, one.carried, area=one.area),
                                "event_began": began})
    for one in made:
        effects.handle_events(ctx, list(one.events))


def _defeated_as_a_legend(ctx: Context, label: str, carried: tuple[str, ...]) -> None:
    """A face-up Legend defeated in the Legends area, where it is not a Unit (4.2.1), with a [DEFEATED] effect, its
    own or read from a Gear it carried (4.11.3), written "when this Unit is defeated" (11.19.1): judgekit reads "this
    Unit" as the card itself (10.1.3), so the effect triggers
    (scenarios/contested/a-legend-defeated-in-the-legends-area-sets-off-its-defeated-effect.yaml)."""
    if not effects.effects_for(ctx, label, "defeated", carried) or not last_known.of(ctx.state, label).face_up:
        return
    ctx.rec.add("check", f"{ctx.name(label)} was defeated in the Legends area, where a Legend is not a Unit; its "
                         "[DEFEATED] effect is written for \"this Unit\", which means the card itself, so it still "
                         "triggers.", "card-types.legend-on-field-is-unit", "keyword.defeated.definition",
                "effects.this-card-is-source", cards=(label,))


def _watches_defeats(ctx: Context, label: str, carried: tuple[str, ...]) -> bool:
    """Whether the card, with the Gear it carried, has an effect watching defeats."""
    return any(effects.effects_for(ctx, label, name, carried) or effects.gear_top_texts(ctx, label, name, carried)
               for name in ("friendly-defeated", "any-defeated"))
