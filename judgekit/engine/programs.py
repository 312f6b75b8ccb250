"""Programs (4.13-4.14): paid, outside every area while resolving, then to the trash."""
from __future__ import annotations

from judgekit.engine import areas, effects
from judgekit.engine.context import Context


def resolve_program(ctx: Context, label: str) -> list[tuple]:
    """4.14, 4.14.2: take the Program out of every area, resolve its effects, then trash it."""
    state = ctx.state
    areas.take_out(ctx, label)
    state.resolving.append(label)
    owner = state.cards[label].owner
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
            effects.resolve_one(ctx, label, owner, effect, {}, f"{ctx.name(label)}'s effect")
    return areas.move(ctx, label, "trash", ("programs.play", "programs.outside-areas-while-resolving"),
                      how="has resolved and goes")
