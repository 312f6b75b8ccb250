"""Programs (4.13-4.14): paid, outside every area while resolving, then to the trash."""
from __future__ import annotations

from judgekit.engine import areas, effects, resolving, watching
from judgekit.engine.context import Context

PLAYED = ("play.steps", "programs.play", "keyword.play.pending")  # when "you play a Program" is met (4.14, 11.20.2)


def resolve_program(ctx: Context, label: str) -> list[tuple]:
    """4.14, 4.14.2: take the Program out of every area, resolve its effects, then trash it."""
    state = ctx.state
    owner = state.cards[label].owner
    watchers = _play_watchers(ctx, owner, label)
    areas.take_out(ctx, label)
    state.resolving.append(label)
    ctx.rec.add("move", f"{ctx.name(label)} is laid on the table for the Rival to read; it is now outside every game "
                "area (not removed from the game) while it resolves.", "programs.play", "programs.reveal-on-table",
                "programs.outside-areas-while-resolving", player=owner, cards=(label,))
    done = 0
    for effect in state.cards[label].definition.effects:
        if effect.trigger == "resolve":
            ctx.rec.add("resolve", f"Resolve {ctx.name(label)}{': ' + effect.text if effect.text else ''}.",
                        "programs.one-time", "programs.play", *(("golden.printed-order",) if done else ()),
                        player=owner, cards=(label,))
            done += 1
            resolving.resolve_one(ctx, label, owner, effect, {}, f"{ctx.name(label)}'s effect")
    moved = _to_trash(ctx, label, owner)
    _watchers_gone(ctx, owner, label, [w for w in watchers if not state.in_play(w)])
    return moved


def _to_trash(ctx: Context, label: str, owner: str) -> list[tuple]:
    """4.14.2: the Program, outside every area while it resolved, now enters the trash; one its own effect already
    put somewhere (2.5: "return this card to your hand") is no longer the Program being resolved, and stays there
    (in the trash, where 4.14.2 would have put it, no card text beats a rule; another effect may still move it
    on, as Lizzy Wizzy: Delicate Weapon bottom-decks the Program it played)."""
    player, area = ctx.state.locate(label)
    if area == "resolving":
        return areas.move(ctx, label, "trash", ("programs.play", "programs.outside-areas-while-resolving"),
                          how="has resolved and goes")
    where = areas.AREA_TITLES["deck" if area.startswith("deck") else area]
    if area == "trash":  # where 4.14.2 puts it anyway: no card text beats a rule here
        ctx.rec.add("check", f"{ctx.name(label)} has resolved; its own effect already put it into {player}'s trash, "
                             "where a resolved Program goes, so that rule does not move it again.",
                    "programs.play", "programs.outside-areas-while-resolving", player=owner, cards=(label,))
        return []
    ctx.rec.add("check", f"{ctx.name(label)} has resolved, but its own effect already moved it to {player}'s {where}: "
                         "it is no longer outside every area, so it does not go to the trash, and stays there.",
                "golden.card-beats-rules", "programs.outside-areas-while-resolving", player=owner, cards=(label,))
    return []


def _play_watchers(ctx: Context, player: str, label: str) -> list[str]:
    """`player`'s cards in play with a "when you play a card" effect this Program would meet."""
    facts = watching.actor_facts(ctx, label)
    return [card for card in ctx.state.text_works(player)
            if any(watching.actor_fits(effect, facts, card)
                   for _, effect, _, _ in effects.effects_for(ctx, card, "friendly-played"))]


def _watchers_gone(ctx: Context, player: str, label: str, gone: list[str]) -> None:
    """Say why a card watching for this play that left play while the Program resolved does not trigger: playing a
    Program ends with it resolved and in the trash (4.14), and a play trigger is met only once every step of
    playing that card type is done (11.20.2); by then the watcher is not in play (10.16.1). Contested:
    scenarios/contested/a-program-defeats-the-card-watching-for-program-plays.yaml."""
    if not gone:
        return
    names = ", ".join(ctx.name(c) for c in gone)
    ctx.rec.add("check", f"{names} watched for {player} playing a Program, but left play while {ctx.name(label)} "
                         "resolved. Playing a Program is complete only once it has resolved and gone to the trash, "
                         "and a play trigger is met when every step of playing that card type is done; by then "
                         f"{names} {'is' if len(gone) == 1 else 'are'} no longer in play, so "
                         f"{'it does' if len(gone) == 1 else 'they do'} not trigger.",
                *PLAYED, "programs.outside-areas-while-resolving", "triggered-effects.when-condition-met",
                player=player, cards=tuple(gone))
