"""Effects (CR 10) in judgekit's structured form: triggers, the pending queue, instructions."""
from __future__ import annotations

from judgekit.engine import areas
from judgekit.engine.context import Context, Pending
from judgekit.engine.state import Effect
from judgekit.engine.trace import Refusal

TRIGGERS = {
    "play": ("[PLAY]: when this card is played", "keyword.play"),
    "call": ("[CALL]: when this Legend is called", "keyword.call"),
    "defeated": ("[DEFEATED]: when this card is defeated", "keyword.defeated"),
    "attack": ("[ATTACK]: when this Unit attacks", "keyword.attack"),
    "resolve": ("a Program's effect, resolved as it is played", "programs.play"),
    "fights": ("when this Unit fights", "fight.triggers-before-defeat"),
    "wins-fight": ("when this Unit wins a fight", "fight.triggers-before-defeat"),
    "loses-fight": ("when this Unit loses a fight", "fight.triggers-before-defeat"),
    "start-of-turn": ("at the start of your turn", "start-phase.resolve-start-effects"),
    "end-of-turn": ("at the end of your turn", "end-of-turn.resolve-end-effects"),
    **{f"enters:{a}": (f"when this card enters the {areas.AREA_TITLES[a]}", "triggered-effects")
       for a in ("hand", "trash", "deck", "removed", "eddies", "field", "legends")},
}
INSTRUCTIONS = ("draw", "move", "defeat", "bottom_deck", "spend", "ready")
MAX_RESOLUTIONS = 500


def _effects_for(ctx: Context, label: str, trigger: str, gear_at_event: tuple[str, ...] = ()) -> list[tuple[int, Effect, str]]:
    """The card's own effects with this trigger, plus those it reads from Gear bottom textboxes."""
    card = ctx.state.cards[label]
    found = [(i, e, "") for i, e in enumerate(card.definition.effects) if e.trigger == trigger]
    if trigger == "play":
        found += [(100 + i, e, " (Gear top textbox)") for i, e in enumerate(card.definition.top_effects)
                  if e.trigger == trigger]
    for g in gear_at_event or tuple(card.gear):
        gear = ctx.state.cards[g].definition
        found += [(200 + i, e, f" (from {gear.full_name}'s bottom textbox)")
                  for i, e in enumerate(gear.bottom_effects) if e.trigger == trigger]
    return found


def trigger(ctx: Context, label: str, trigger_name: str, *cites: str, gear_at_event: tuple[str, ...] = ()) -> None:
    """Put every effect of `label` with this trigger into pending (10.16.1)."""
    state = ctx.state
    controller = state.controller(label) or state.cards[label].owner
    card = state.cards[label]
    if card.definition.is_type("Gear") and any(e.trigger == trigger_name for e in card.definition.bottom_effects):
        ctx.rec.add("note", f"{ctx.name(label)}'s bottom textbox has an effect for this, but bottom-textbox effects "
                    "apply only to the Unit or Legend the Gear is equipped to, not to the Gear itself.",
                    "gear.bottom-textbox-host-only", cards=(label,))
    for index, effect, origin in _effects_for(ctx, label, trigger_name, gear_at_event):
        pending = Pending(label, ctx.name(label), controller, index, trigger_name, effect.do, effect.text)
        ctx.pending.append(pending)
        extra = ("gear.bottom-textbox", "textbox.gear-bottom-inherited") if "bottom" in origin else ()
        extra += ("gear.top-textbox",) if "top" in origin else ()
        ctx.rec.add("trigger", f"Pending: {ctx.name(label)}{origin}, {TRIGGERS[trigger_name][0]}"
                    f"{': ' + effect.text if effect.text else ''}.", *cites, TRIGGERS[trigger_name][1],
                    "triggered-effects.when-condition-met", "pending", *extra, player=controller, cards=(label,))


def handle_events(ctx: Context, events: list[tuple]) -> None:
    """Turn movement events into pending triggers, then apply 4.4.1 to invalid Legends."""
    for event in events:
        if event[0] == "enters":
            _, label, area = event
            is_invalid_legend = any(e[0] == "invalid-legend" and e[1] == label for e in events)
            cites = ("legends.invalid-area-triggers",) if is_invalid_legend else ()
            trigger(ctx, label, f"enters:{area}", *cites)
    for event in events:
        if event[0] == "invalid-legend":
            _, label, area, gear = event
            areas.remove_invalid_legend(ctx, label, area, gear)


def resolve_pending(ctx: Context) -> None:
    """10.11-10.14: resolve until nothing is pending; the turn player's effects first."""
    count = 0
    while ctx.pending:
        count += 1
        if count > MAX_RESOLUTIONS:
            raise Refusal("More than 500 effects resolved in a row; the scenario loops.", ("pending",))
        turn = ctx.state.turn
        mine = [p for p in ctx.pending if p.controller == turn]
        pending = (mine or ctx.pending)[0]
        ctx.pending.remove(pending)
        waiting = len([p for p in ctx.pending if p.controller == pending.controller])
        note = (f" {pending.controller} may order their pending effects; judgekit resolves them in the order "
                "they triggered.") if waiting else ""
        source_gone = pending.source in ctx.state.cards and ctx.state.locate(pending.source)[1] == "removed"
        lki = " Its source has left; its last-known information is used." if source_gone else ""
        ctx.rec.add("resolve", f"Resolve: {pending.source_name}, {TRIGGERS[pending.trigger][0]}.{lki}{note}",
                    "pending", *(("pending.turn-player-first",) if len({p.controller for p in ctx.pending} | {pending.controller}) > 1 else ()),
                    player=pending.controller, cards=(pending.source,))
        run_instructions(ctx, pending.source, pending.controller, pending.do)


def run_instructions(ctx: Context, source: str, controller: str, instructions: tuple[dict, ...]) -> None:
    """Carry out an effect's instructions in order (2.3); new triggers wait (10.14)."""
    for instruction in instructions:
        (verb, arg), = instruction.items()
        target = (lambda ref: source if ref == "this" else ref)
        if verb == "draw":
            draw(ctx, controller, int(arg))
        elif verb == "move":
            label = target(arg["card"])
            handle_events(ctx, areas.move(ctx, label, arg["to"], (), how="is moved by the effect"))
        elif verb == "defeat":
            defeat(ctx, target(arg))
        elif verb == "bottom_deck":
            labels = [target(a) for a in (arg if isinstance(arg, list) else [arg])]
            handle_events(ctx, areas.bottom_deck(ctx, labels, ("bottom-deck",)))
        elif verb in ("spend", "ready"):
            card = ctx.state.cards[target(arg)]
            card.spent = verb == "spend"
            ctx.rec.add(verb, f"{ctx.name(card.label)} is {'spent' if card.spent else 'readied'}.",
                        "orientation.spend" if card.spent else "orientation.ready-a-card", cards=(card.label,))


def draw(ctx: Context, player: str, count: int) -> None:
    """11.5: draw cards one at a time; drawing from an empty deck loses (1.14)."""
    for _ in range(count):
        deck = ctx.state.players[player].deck
        if not deck:
            if player not in ctx.state.losers:
                ctx.state.losers.append(player)
            ctx.rec.add("lose", f"{player} must draw from an empty deck and loses the game.",
                        "draw", "lose.empty-deck", player=player)
            return
        label = deck[0]
        handle_events(ctx, areas.move(ctx, label, "hand", ("draw",), how="is drawn"))


def defeat(ctx: Context, label: str) -> None:
    """A defeated Unit goes to its owner's trash (9.19.1.1); [DEFEATED] then becomes pending (11.19.2)."""
    _, area = ctx.state.locate(label)
    if area != "field":
        raise Refusal(f"{ctx.name(label)} is not in the field, so it cannot be defeated.", ("fight.defeated-to-trash",))
    gear = tuple(ctx.state.cards[label].gear)
    events = areas.move(ctx, label, "trash", ("fight.defeated-to-trash",), how="is defeated and goes")
    into_invalid_area = ("legends.invalid-area-triggers",) if any(e[0] == "invalid-legend" for e in events) else ()
    trigger(ctx, label, "defeated", *into_invalid_area, gear_at_event=gear)
    handle_events(ctx, events)
