"""Watching triggers (10.16): what a card watching other cards' events may ask of the card an event is about,
and "the first time ... each turn", which counts every such event of the turn."""
from __future__ import annotations

from judgekit.engine import last_known, persistent
from judgekit.engine.context import Context
from judgekit.engine.card_definition import Effect, types_in
from judgekit.engine.state import GameState


def actor_facts(ctx: Context, label: str, gear: tuple[str, ...] | None = None, area: str | None = None) -> dict:
    """What a watching effect may ask of the card an event is about (its `actor` filter); `area`: where it was
    when the event happened, if it has moved since (a Legend defeated in the field was a Unit, 4.2.1)."""
    definition = ctx.state.cards[label].definition
    seen = last_known.of(ctx.state, label)  # a card the event took out of play: as it last was there (10.10.1)
    return {"label": label, "tags": seen.tags, "types": seen.types if area is None else types_in(definition, area),
            "printed": definition.types,
            "color": definition.color,
            "equipped": bool(seen.gear if gear is None else gear),
            "left_play": bool(seen.last_known)}


def someone_counts(state: GameState, event: str) -> bool:
    """Whether a card in this game has a "the first time ... each turn" effect watching `event`, so that the
    turn's events of that kind are remembered for it (wherever it is now: it may arrive later this turn)."""
    return _counted(state, (f"friendly-{event}", f"any-{event}"))


def _counted(state: GameState, names: tuple[str, ...]) -> bool:
    """Whether a card in this game, or a Gear's bottom textbox, has a "the first time" effect with one of these
    triggers."""
    triggers = state.of_the_cards.get("first-time triggers")
    if triggers is None:
        triggers = state.of_the_cards["first-time triggers"] = frozenset(
            effect.trigger for card in state.cards.values()
            for effect in card.definition.effects + (card.definition.bottom_effects
                                                     if card.definition.is_type("Gear") else ())
            if effect.first_time)
    return not triggers.isdisjoint(names)


def steal_facts(ctx: Context, actor: str, value: int) -> dict:
    """The facts of one stolen Gig's event: the actor's, and whether the Gig's value is less than the actor's power
    at the steal (negative power counting as 0, 2.10.1)."""
    power = max(0, persistent.power_of(ctx.state, actor) or 0)
    return {**actor_facts(ctx, actor), "stole_below_its_power": value < power, "stolen_value": value,
            "power": power}


def not_below_its_power(ctx: Context, watcher: str, effect: Effect, facts: dict, controller: str) -> None:
    """Say why a watching effect that asks for a Gig worth less than the stealer's power does not trigger, when
    that is the only reason (10.16.1: its trigger condition is not met)."""
    rest = Effect(trigger=effect.trigger, actor_filter=tuple(f for f in effect.actor_filter
                                                             if f[0] != "stole_below_its_power"))
    if "stolen_value" in facts and len(rest.actor_filter) < len(effect.actor_filter) and \
            actor_fits(rest, facts, watcher):
        ctx.rec.add("check", f"{ctx.name(watcher)} watches for a Gig worth less than its stealer's power; "
                             f"{ctx.name(facts['label'])} (power {facts['power']}) stole one showing "
                             f"{facts['stolen_value']}, so it does not trigger (nor count as its first time).",
                    "triggered-effects.when-condition-met", "gigs.value", player=controller,
                    cards=(watcher, facts["label"]))


_REMEMBERED = ("equipped", "stole_below_its_power")  # the event facts kept with a remembered event


def remember(state: GameState, event: str, side: str, actor: str, facts: dict) -> None:
    """Keep `actor`'s `event` of this turn for the "first time each turn" effects that count it (8.16), with the
    facts of the event that an `actor` filter may ask about later."""
    if someone_counts(state, event):
        state.this_turn.append((":".join([f"saw-{event}", *(f for f in _REMEMBERED if facts.get(f))]), side, actor))


def _seen_before(ctx: Context, label: str, trigger_name: str, effect: Effect,
                 controller: str) -> tuple[str, int] | None:
    """An earlier event of this turn that was already the watching effect's "first time" (whether or not the
    card was there to see it), with its place in the turn's memory, or None."""
    event = trigger_name.split("-", 1)[1]
    for at, (what, side, other) in enumerate(ctx.state.this_turn):
        seen, *kept = what.split(":")
        if seen != f"saw-{event}" or trigger_name.startswith("friendly-") and side != controller:
            continue
        definition = ctx.state.cards[other].definition
        facts = {"label": other, "tags": definition.tags, "types": types_in(definition, "field"),
                 "printed": definition.types, "color": definition.color, **{f: f in kept for f in _REMEMBERED}}
        if actor_fits(effect, facts, label):
            return other, at
    return None


def actor_fits(effect: Effect, facts: dict, watcher: str) -> bool:
    """Whether the card an event is about meets the watching effect's `actor` filter."""
    for need, wanted in effect.actor_filter:
        if need == "tags_any" and not set(wanted) & set(facts["tags"]) or \
                need == "kind" and wanted not in facts["types"] or \
                need == "kinds_any" and not set(wanted) & set(facts["types"]) or \
                need == "colors_any" and facts["color"] not in wanted or \
                need == "equipped" and facts["equipped"] != wanted or \
                need == "stole_below_its_power" and facts.get(need, False) != wanted or \
                need == "other" and wanted and facts["label"] == watcher:
            return False
    return True


def as_unit(effect: Effect, actor: dict | None) -> tuple[str, ...]:
    """4.2.1 decides a watching trigger whose acting card must be a Unit and is one only as a Legend in the field."""
    if actor is None or "Unit" in actor.get("printed", ()) or "Unit" not in actor["types"]:
        return ()
    asks = any(need == "kind" and wanted == "Unit" or need == "kinds_any" and "Unit" in wanted
               for need, wanted in effect.actor_filter)
    return ("card-types.legend-on-field-is-unit",) if asks else ()


def as_it_last_was(effect: Effect, actor: dict | None) -> tuple[str, ...]:
    """10.10.1 decides a watching trigger that asks what the acting card is (its tags, kind, colour, Gear) when
    the event took that card out of play: it is read as the card last was there."""
    if actor is None or not actor.get("left_play"):
        return ()
    asks = any(need in ("tags_any", "kind", "kinds_any", "colors_any", "equipped") for need, _ in effect.actor_filter)
    return ("effects.last-known-information",) if asks else ()


def counts_own(state: GameState, trigger_name: str) -> bool:
    """Whether a card in this game counts "the first time this ... each turn" of a card's own event (`trigger_name`:
    it attacked, was spent, stole Gigs ...), so that such events are remembered (`remember_own`)."""
    return _counted(state, (trigger_name,))


def remember_own(state: GameState, trigger_name: str, controller: str, label: str) -> None:
    """Keep `label`'s own event of this turn (it attacked, was spent, stole Gigs ...) when a card in the game counts
    "the first time this ... each turn" of it: a Gear giving that effect may come to the card later this turn."""
    if counts_own(state, trigger_name):
        state.this_turn.append((f"did-{trigger_name}", controller, label))


def _did_before(ctx: Context, label: str, trigger_name: str) -> str | None:
    """The card itself, when it already had this event earlier this turn (the event now being the second): "the
    first time this Unit attacks each turn" was then its earlier attack, even one before the Gear giving the
    effect came. The turn's events count whether or not the effect was there to see them, as the FAQ rules for
    watching effects (Yorinobu Arasaka), for every kind of event alike."""
    mine = ctx.state.this_turn[ctx.state.since_in_play(label):]  # a card back in play is a new card (leaving_play)
    times = sum(1 for what, _, card in mine if what == f"did-{trigger_name}" and card == label)
    return label if times > 1 else None


def first_time(ctx: Context, label: str, index: int, effect: Effect, controller: str, via: str = "",
                trigger_name: str = "", actor: dict | None = None) -> bool:
    """"The first time ... each turn": only the turn's first such event triggers it, counting events before the
    card was in play or face-up (FAQ: Jackie Welles: Pour One Out For Me, Yorinobu Arasaka); remembered until 8.16.
    Several cards defeated in one event, or several Gigs taken in one steal (6.7.2.2.1), are one first time: the
    condition is met once (10.16.1, 10.16.3). An earlier event counted though this effect did not trigger on it
    (`already` unset) happened before the card was there to see it; one it triggered on, while it was."""
    key = f"{label} effect {index}" + (f" via {via}" if via else "")
    already = ctx.state.happened_this_turn("first-time", label=key, card=label) or \
        ctx.state.happened_this_turn("first-time", label=label)
    seen = _seen_before(ctx, label, trigger_name, effect, controller) if actor is not None else None
    earlier = seen[0] if seen else None if actor is not None or already else _did_before(ctx, label, trigger_name)
    if earlier is not None:
        same_event = seen is not None and seen[1] >= actor.get("event_began", len(ctx.state.this_turn))
        what = ("steal", "Gigs it takes") if "stolen_value" in (actor or {}) else ("event", "cards it is about")
        why = f"it was {ctx.name(earlier)}'s, in this same {what[0]}, and one {what[0]} meets the condition once, " \
            f"however many {what[1]}" if same_event else \
            "it had already done so earlier this turn, before the effect was on it" if seen is None else \
            f"it was {ctx.name(earlier)}'s event earlier this turn, when this card was there and triggered on it" if already else \
            f"it was {ctx.name(earlier)}'s event earlier this turn (it counts even if this card was not yet there to " \
            "see it)"
        ctx.rec.add("check", f"{ctx.name(label)}: \"the first time each turn\" has passed: {why}, so this one does "
                             "not trigger it.", "triggered-effects", "triggered-effects.when-condition-met",
                    *(("triggered-effects.once-per-occurrence",) if same_event else ()),
                    player=controller, cards=tuple(dict.fromkeys((label, earlier))))
        return False
    if already:
        named = f"its effect ({effect.text})" if effect.text else "its effect"
        ctx.rec.add("check", f"{ctx.name(label)}: \"the first time each turn\" has already happened this turn, so "
                             f"{named} does not trigger again.", "triggered-effects",
                    "triggered-effects.when-condition-met", player=controller, cards=(label,))
        return False
    ctx.state.this_turn.append(("first-time", controller, key))
    return True
