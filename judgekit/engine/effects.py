"""Effects (CR 10) in judgekit's structured form: what makes them trigger (10.16) and the pending queue (10.11-10.15);
one effect resolving is `resolving`."""
from __future__ import annotations

from judgekit.engine import areas, conditions, events, last_known, pending_order, resolving, watching
from judgekit.engine.context import Context, Pending
from judgekit.engine.card_definition import Effect
from judgekit.engine.state import IN_PLAY_AREAS
from judgekit.engine.trace import Refusal
from judgekit.engine.triggers import TRIGGERS, trigger_words

MAX_RESOLUTIONS = 500

DELAYED_EVENTS = {  # what "the next time ..." can wait for
    "fights": "fights", "wins-fight": "wins a fight", "loses-fight": "loses a fight", "attack": "attacks",
    "steals-gigs": "steals Gigs", "end-of-turn": "reaches the end of the turn"}


def effects_for(ctx: Context, label: str, trigger: str,
                 gear_at_event: tuple[str, ...] = ()) -> list[tuple[int, Effect, str, str]]:
    """The card's own effects with this trigger, a Gear's top textbox included (4.11.2), plus those it reads from
    Gear bottom textboxes: (index, effect, how the trace names where it comes from, the Gear's label or "")."""
    card = ctx.state.cards[label]
    found = [(i, e, "", "") for i, e in enumerate(card.definition.effects) if e.trigger == trigger]
    found += [(100 + i, e, " (Gear top textbox)", "") for i, e in enumerate(card.definition.top_effects)
              if e.trigger == trigger]
    for g in gear_at_event or tuple(card.gear):
        gear = ctx.state.cards[g].definition
        found += [(200 + i, e, f" (from {ctx.name(g)}'s bottom textbox)", g)
                  for i, e in enumerate(gear.bottom_effects) if e.trigger == trigger]
    return found


def kept_from_defeat(ctx: Context, label: str) -> tuple[str, tuple[str, ...]]:
    """What a ruling adds when an effect keeps `label` from being defeated: none of its [DEFEATED] effects trigger
    (11.19.2; FAQ GENERAL), said (with the rule) only of a card that has one, its Gear's included, so the words fit
    the board."""
    if effects_for(ctx, label, "defeated"):
        return ", so its [DEFEATED] effects do not trigger", ("keyword.defeated.pending",)
    return "", ()


def gear_top_texts(ctx: Context, label: str, trigger_name: str, gear: tuple[str, ...] | None = None) -> list[str]:
    """The Gear equipped to `label` (or `gear`, what it carried when it left play) whose own top textbox has an
    effect with this trigger: a Gear in play keeps its top-textbox effects (4.11.2), and they trigger for the Gear
    itself, not for its host."""
    return [g for g in (ctx.state.cards[label].gear if gear is None else gear)
            if any(e.trigger == trigger_name for e in ctx.state.cards[g].definition.top_effects)]


def watchers(ctx: Context, actor: str, event: str, *cites: str, known: dict | None = None,
             facts: dict | None = None, looking_back: tuple[str, ...] = ()) -> None:
    """10.16: cards in play whose effects watch other cards: `friendly-<event>` (the actor's side: its controller,
    as it last was in play for a card the event took out of play, 1.7.2.1, 10.10.1; else its owner),
    `any-<event>`. `looking_back`: the cards the same event took out of play; they were in play as it happened
    and watch it as they last were there, with the Gear they carried (a defeated card sees its own defeat,
    FAQ Yorinobu Arasaka: Steel Dragon; 4.11.3, 10.10.1)."""
    state = ctx.state
    names = (f"friendly-{event}", f"any-{event}")
    watchful = state.printed_on(f"watching {event}", lambda effect: effect.trigger in names)
    if not watchful and not watching.someone_counts(state, event):
        return  # no card of this game watches the event, nor counts it for "the first time each turn"
    side = last_known.of(state, actor).controller or state.cards[actor].owner
    facts = facts or watching.actor_facts(ctx, actor)
    for name, player in state.players.items():
        in_view = state.text_works(name)
        gone = [c for c in looking_back if c not in in_view and last_known.of(state, c).controller == name]
        for label in in_view + gone:
            carried, was = None, {}
            if label in gone:  # as it last was in play (10.10.1): only a card the event took out of play
                seen = last_known.of(state, label)
                carried, was = seen.gear, {"area": seen.area}
            if label not in watchful and watchful.isdisjoint(state.cards[label].gear) and \
                    watchful.isdisjoint(carried or ()):
                continue  # neither it nor a Gear it carries has an effect watching this event
            for trigger_name in ((f"friendly-{event}",) if name == side else ()) + (f"any-{event}",):
                if trigger_name in TRIGGERS and effects_for(ctx, label, trigger_name, carried or ()):
                    trigger(ctx, label, trigger_name, *cites, gear_at_event=carried or (),
                            known={**(known or {}), "it": actor, **was}, actor=facts)
                for gear in gear_top_texts(ctx, label, trigger_name, carried):
                    trigger(ctx, gear, trigger_name, *cites, known={**(known or {}), "it": actor, **was}, actor=facts)
    watching.remember(state, event, side, actor, facts)


@events.handles("gig-adjusted")
def gig_adjusted(ctx: Context, adjuster: str, gigs: tuple[tuple[str, str], ...]) -> None:
    """One adjustment by an effect of `adjuster` (6.4), with the (player, die) of every Gig it changed: "when
    you adjust a Gig" of the adjuster's cards, and "when a Rival adjusts your Gigs" of each other owner's, each
    once for the event however many Gigs it changed (FAQ Meredith Stout). Adjusting by 0 changes nothing and
    is not adjusting (FAQ GENERAL), so it is never announced."""
    owners = dict.fromkeys(whose for whose, _ in gigs)
    rivals = tuple((whose, "rival-adjusts-gig", sum(1 for w, _ in gigs if w == whose)) for whose in owners
                   if whose != adjuster)
    _on_gig_change(ctx, ((adjuster, "adjusts-gig", len(gigs)),) + rivals, "gigs.adjust")


@events.handles("gig-swapped")
def gig_swapped(ctx: Context, swapper: str, rival: str) -> None:
    """6.6: a swap moves a Gig of each player at the same time; the Rival's "when a Rival swaps your Gigs"
    triggers once for the swap (FAQ Meredith Stout), and a swap is no adjustment."""
    _on_gig_change(ctx, ((rival, "rival-swaps-gig", 1),), "gigs.swap")


def _on_gig_change(ctx: Context, watchers_of: tuple[tuple[str, str, int], ...], cite: str) -> None:
    """Each watcher of the event (whose cards, which trigger, how many of the Gigs it is about) triggers once."""
    state = ctx.state
    for player, trigger_name, count in watchers_of:
        for label in state.text_works(player):
            if effects_for(ctx, label, trigger_name):
                if count > 1:
                    ctx.rec.add("check", f"One effect changed {count} of these Gigs at once: that is one event, so "
                                         f"{ctx.name(label)}'s \"{TRIGGERS[trigger_name][0]}\" triggers once for it, "
                                         "not once per Gig.", cite, "triggered-effects.when-condition-met",
                                player=player, cards=(label,))
                trigger(ctx, label, trigger_name, cite)


def trigger(ctx: Context, label: str, trigger_name: str, *cites: str, gear_at_event: tuple[str, ...] = (),
            known: dict | None = None, actor: dict | None = None, face_down_in: str | None = None) -> None:
    """Put every effect of `label` with this trigger into pending (10.16.1).

    `known`: the source's last-known information when the event took it out of play (10.10.1).
    `actor`: for a watching trigger, the facts of the card the event is about (see `watchers`).
    `face_down_in`: for an "enters" trigger, where the card lay face-down as the move began (`areas.entered`).
    Its controller resolves it (10.1.4): as it last was in play, for an event that took it out; for its own
    "when this enters" trigger, where it entered, which in a hand, deck, trash or removed pile is its owner, as
    no one controls it there (1.7, 1.7.2; contested, scenarios/contested/an-enters-hand-trigger-of-a-borrowed-...).
    """
    state = ctx.state
    card = state.cards[label]
    if card.definition.is_type("Gear") and any(e.trigger == trigger_name for e in card.definition.bottom_effects):
        ctx.rec.add("note", f"{ctx.name(label)}'s bottom textbox has an effect for this, but bottom-textbox effects "
                    "apply only to the Unit or Legend the Gear is equipped to, not to the Gear itself.",
                    "gear.bottom-textbox-host-only", cards=(label,))
    if state.delayed:
        _delayed(ctx, label, trigger_name, known or {})
    found = effects_for(ctx, label, trigger_name, gear_at_event)
    if not found and (actor is not None or not watching.counts_own(state, trigger_name)):
        return  # nothing of it triggers, and no card of the game counts this event of its own
    entering = trigger_name.startswith("enters:")
    controller = (last_known.Live(state, label) if entering else last_known.of(state, label)).controller or card.owner
    was = last_known.of(state, label).controller if entering else None
    if actor is None:
        watching.remember_own(state, trigger_name, controller, label)
    if found and not _text_worked(ctx, label, trigger_name, face_down_in):
        return
    for index, effect, origin, via in found:
        if actor is not None and not watching.actor_fits(effect, actor, label):
            watching.not_below_its_power(ctx, label, effect, actor, controller)
            continue
        if effect.first_time and not watching.first_time(ctx, label, index, effect, controller, via, trigger_name, actor):
            continue
        facts = {"area": state.locate(label)[1], "referred": state.arrivals, **(known or {})}
        if not _condition_holds_now(ctx, label, effect, controller, facts, trigger_name):
            continue
        pending = Pending(label, ctx.name(label), controller, index, trigger_name, effect, facts, via)
        ctx.pending.append(pending)
        extra = ("gear.bottom-textbox", "textbox.gear-bottom-inherited") if "bottom" in origin else ()
        extra += watching.as_unit(effect, actor) + watching.as_it_last_was(effect, actor)
        if "top" in origin:  # played, the Gear's top text matters (4.11.1); after, it is still the Gear's own (4.11.2)
            extra += ("gear.top-textbox",) if trigger_name == "play" else ("gear.top-textbox-not-inherited",)
        extra += ("pending.new-triggers-wait", "effects.no-interrupt") if ctx.resolving_player is not None else \
            ("effects.no-interrupt",) if ctx.effect_began is not None else ()
        again = any(p.source == label and p.effect_index == index and p.via == via for p in ctx.pending[:-1])
        note = " It is pending again: it becomes pending once for each time its trigger happens." if again else ""
        extra += ("triggered-effects.once-per-occurrence",) if again else ()
        if trigger_name.endswith("-defeated") and facts["area"] != state.locate(label)[1]:  # defeated with it
            carried = ", with the Gear it carried" if via else ""
            seen = "its own defeat" if actor["label"] == label else \
                f"the defeat of {ctx.name(actor['label'])}, though it was defeated in the same event"
            note += f" {ctx.name(label)} sees {seen}: it was in play as the event happened, and watches as it last " \
                f"was there{carried}."
            extra += ("effects.last-known-information",)
        note += " It waits until the effect resolving now is done." if ctx.effect_began is not None else ""
        if was not in (None, controller) and state.controller(label) is None:
            note += f" It is {controller}'s effect: {ctx.name(label)} is now in {controller}'s " \
                f"{areas.AREA_TITLES[state.locate(label)[1]]}, where no one controls it, so its owner resolves it, " \
                f"though {was} controlled it in play."
            extra += ("effects.your-effect", "control.controller")
        elif controller != card.owner:  # 10.1.4: the controller of the source, not its owner, resolves it
            when = " when it left play" if facts["area"] != state.locate(label)[1] else ""
            note += f" It is {controller}'s effect: {controller} controlled {ctx.name(label)}{when}, though " \
                f"{card.owner} owns it, and the player who controls an effect's source resolves it."
            extra += ("effects.your-effect",)
        when = trigger_words(trigger_name, effect)
        keyword = when.split(": ", 1)[0] + ": " if when.startswith("[") else None  # "[ATTACK]: when this Unit attacks"
        text = effect.text.removeprefix(keyword) if keyword else effect.text  # its keyword said once, in `when`
        ctx.rec.add("trigger", f"Pending: {ctx.name(label)}{origin}, {when}"
                    f"{': ' + text if text else ''}.{note}", *cites, TRIGGERS[trigger_name][1],
                    "triggered-effects.when-condition-met", "pending", *extra, player=controller, cards=(label,),
                    effect=pending_order.effect_name(label, index, via))


def _text_worked(ctx: Context, label: str, trigger_name: str, face_down_in: str | None = None) -> bool:
    """Whether the card's text worked at the event: not while it was face-down in play (3.4.1), read where the event
    found it (10.10.1: as it last was in play, for a card the event took out of play; where it went, for an
    entering). Only a card face-down in play is kept from triggering; one face-down anywhere until it moved and
    arriving face up is read where it arrives (`_arrived_face_up`)."""
    entering = trigger_name.startswith("enters:")
    seen = last_known.Live(ctx.state, label) if entering else last_known.of(ctx.state, label)
    if seen.face_up or seen.area not in IN_PLAY_AREAS:
        if entering and seen.face_up and face_down_in:
            _arrived_face_up(ctx, label, trigger_name, face_down_in)
        return True
    ctx.rec.add("check", f"{ctx.name(label)} {'was' if seen.last_known else 'is'} face-down in the "
                         f"{areas.AREA_TITLES[seen.area]}, so its card information, text included, is ignored, and "
                         f"nothing on it triggers {trigger_words(trigger_name).split(': ', 1)[-1]}.",
                "orientation.face-down-ignored", *(("effects.last-known-information",) if seen.last_known else ()),
                cards=(label,))
    return False


def _arrived_face_up(ctx: Context, label: str, trigger_name: str, face_down_in: str) -> None:
    """A card face-down until it moved (a Legend, an Eddie: 3.4.1, `areas.entered`) that arrives face up in a
    public pile: its "enters" text is read where it arrives, as the trigger condition is met there (10.16.1).
    Contested: see scenarios/contested/
    a-face-down-legends-own-text-as-it-arrives-face-up.yaml."""
    area = trigger_name.split(":", 1)[1]
    if area not in _FACE_UP_IN:
        return
    ctx.rec.add("check", f"{ctx.name(label)} was face-down in the {areas.AREA_TITLES[face_down_in]} until it moved, "
                         f"where its text was ignored; it arrives face up in the {areas.AREA_TITLES[area]}, and a "
                         "trigger is checked as its condition is met, so its text is read there.",
                "orientation.face-down-ignored", "triggered-effects.when-condition-met", _FACE_UP_IN[area],
                cards=(label,))


_FACE_UP_IN = {"trash": "trash-area.face-up-pile", "removed": "removed-from-game.pile"}  # public, face up


def _condition_holds_now(ctx: Context, label: str, effect: Effect, controller: str, facts: dict,
                         trigger_name: str) -> bool:
    """10.3: a triggered effect's condition must hold for it to become pending, not only as it resolves; one
    that is false when the event happens does not trigger, even if it would be true later."""
    checked = tuple(c for c in effect.condition if next(iter(c)) not in conditions.ABOUT_CHOICES)
    if not checked:
        return True
    holds, reasons, rules = conditions.all_hold(ctx.state, checked, label, controller, facts)
    if not holds:
        ctx.rec.add("check", f"{ctx.name(label)}, {trigger_words(trigger_name, effect)}: its condition is checked as "
                             f"the event happens: {'; '.join(reasons)}, so it does not trigger.", "effects.conditions",
                    "effects.condition-false", *rules, player=controller, cards=(label,))
    return holds


def _delayed(ctx: Context, label: str, trigger_name: str, known: dict) -> None:
    """A waiting "the next time ... this turn" trigger that this event meets becomes pending, once (10.16)."""
    state = ctx.state
    holder = state.controller(label) or state.cards[label].owner
    for waiting in list(state.delayed):
        side_ok = waiting.side == "any" or (holder == waiting.controller) == (waiting.side == "friendly")
        if waiting.trigger != trigger_name or trigger_name.startswith("end-of-") or not side_ok:
            continue
        if waiting.card not in (None, label):
            if not waiting.margin_at_least or known.get("margin", 0) >= waiting.margin_at_least:
                ctx.rec.add("check", f"{ctx.name(label)} {DELAYED_EVENTS[trigger_name]}, but {ctx.name(waiting.source)}'s "
                                     f"delayed effect waits for {ctx.name(waiting.card)}, the Unit chosen as it resolved, "
                                     "so it does not trigger.", "triggered-effects.when-condition-met",
                            player=waiting.controller, cards=(waiting.source, label))
            continue
        if waiting.margin_at_least and known.get("margin", 0) < waiting.margin_at_least:
            ctx.rec.add("check", f"{ctx.name(waiting.source)}'s delayed effect waits until {ctx.name(label)} "
                                 f"{DELAYED_EVENTS[trigger_name]} by {waiting.margin_at_least} or more power; this time "
                                 f"the margin was {known.get('margin', 0)}, so it does not trigger and still waits this "
                                 "turn.",
                        "effects.conditions", "triggered-effects.when-condition-met", player=waiting.controller,
                        cards=(waiting.source, label))
            continue
        state.delayed.remove(waiting)
        effect = Effect(trigger=trigger_name, do=waiting.do, text=waiting.text)
        facts = {"area": state.locate(waiting.source)[1], "referred": state.arrivals, "it": label, **known}
        ctx.pending.append(Pending(waiting.source, ctx.name(waiting.source), waiting.controller, -1, trigger_name,
                                   effect, facts))
        ctx.rec.add("trigger", f"Pending: {ctx.name(waiting.source)}'s delayed effect, now that {ctx.name(label)} "
                               f"{DELAYED_EVENTS[trigger_name]}"
                               f"{': ' + waiting.text if waiting.text else ''}. It is used up.",
                    "triggered-effects", "triggered-effects.when-condition-met", "pending", TRIGGERS[trigger_name][1],
                    player=waiting.controller, cards=(waiting.source, label))


@events.handles("card-spent")
def spent(ctx: Context, label: str, *cites: str) -> None:
    """A card has just been spent: effects that trigger on that become pending (11.21.2.1)."""
    trigger(ctx, label, "spent", *cites)
    watchers(ctx, label, "spent", *cites)


def handle_events(ctx: Context, events: list[tuple]) -> None:
    """Turn movement events into pending triggers, then apply 4.4.1 to invalid Legends: their removal is an
    arrival in the removed pile like any other, seen by the same triggers (what entering the invalid area set off
    resolves after it, 4.4.2)."""
    for event in events:
        if event[0] == "enters":
            _, label, area, face_down_in = event
            is_invalid_legend = any(e[0] == "invalid-legend" and e[1] == label for e in events)
            cites = ("legends.invalid-area-triggers",) if is_invalid_legend else ()
            trigger(ctx, label, f"enters:{area}", *cites, face_down_in=face_down_in)
    removals: list[tuple] = []
    for event in events:
        if event[0] == "invalid-legend":
            _, label, area, gear, *go_solo = event
            face_down_in = next((e[3] for e in events if e[0] == "enters" and e[1] == label), None)
            removals += areas.remove_invalid_legend(ctx, label, area, gear, bool(go_solo and go_solo[0]), face_down_in)
    if removals:
        handle_events(ctx, removals)


def resolve_pending(ctx: Context, *cites: str) -> None:
    """10.11-10.14: resolve until nothing is pending; the turn player's effects first (10.13).

    `cites`: the rule of the moment that has them resolved now (e.g. between reactions, 9.11).
    """
    count = 0
    while ctx.pending:
        count += 1
        if count > MAX_RESOLUTIONS:
            raise Refusal("More than 500 effects resolved in a row; the scenario loops.", ("pending",))
        player = pending_order.whose_turn_to_resolve(ctx)
        pending = pending_order.next_of(ctx, [p for p in ctx.pending if p.controller == player])
        ctx.pending.remove(pending)
        both = len({p.controller for p in ctx.pending} | {pending.controller}) > 1
        # 10.14.1: the Rival of the turn player, resolving, finishes the effects that became pending meanwhile
        goes_on = both and player == ctx.resolving_player != ctx.state.turn
        now, was = ctx.state.locate(pending.source)[1], pending.known.get("area")
        source_gone = now != was and not {now, was} <= set(IN_PLAY_AREAS)  # Legends area to field: still valid (4.4)
        lki = " Its source has left; its last-known information is used." if source_gone else ""
        when = "its delayed effect" if pending.effect_index < 0 else trigger_words(pending.trigger, pending.effect)
        via = f" (from {ctx.name(pending.via)}'s bottom textbox)" if pending.via else ""
        ctx.rec.add("resolve", f"Resolve: {pending.source_name}{via}, {when}.{lki}", "pending",
                    "pending.ends-on-resolve", *cites,
                    *(("keyword.attack.resolve-before-react",) if pending.trigger == "attack" else ()),
                    *(("pending.new-triggers-both-players",) if goes_on else
                      ("pending.turn-player-first",) if both else ()),
                    *(("effects.last-known-information", "effects.invalid-after-activation") if lki else ()),
                    player=pending.controller, cards=(pending.source,),
                    effect=pending_order.effect_name(pending.source, pending.effect_index, pending.via)
                    if pending.effect_index >= 0 else None)
        ctx.resolving_player = player
        resolving.resolve_one(ctx, pending.source, pending.controller, pending.effect, pending.known,
                    f"{ctx.name(pending.via)}'s effect on {pending.source_name}" if pending.via and
                    pending.via in ctx.state.cards else f"{pending.source_name}'s effect", printed_on=pending.via)
    ctx.resolving_player = None
