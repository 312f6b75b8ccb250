"""Hidden information (5.3): a player looking at a card no one else may see, without revealing it.

A face-down card in a public area (5.3.1.2) or a card in a hidden area (5.3.2) is known to nobody
until an effect lets a player look at it. Looking is not revealing (11.14): the card stays face-down
where it is, and the trace marks the step as known to that one player.
"""
from __future__ import annotations

from judgekit.engine import areas
from judgekit.engine.context import Context


def look_at(ctx: Context, source: str, controller: str, arg, refs) -> None:
    """The controller looks at a face-down or hidden card; it is not revealed and does not move."""
    label = refs.get(arg, arg)
    owner, area = ctx.state.locate(label)
    card = ctx.state.cards[label]
    hidden_area = area in ("hand", "deck")
    ctx.rec.add("look", f"{controller} looks at {ctx.name(label)} in {owner}'s {areas.AREA_TITLES[area]} without "
                        f"revealing it; it stays {'where it is' if hidden_area else 'face-down'}, and only "
                        f"{controller} now knows it.",
                "hidden-areas.unknown" if hidden_area else "public-areas.face-down-unknown",
                player=controller, cards=(label,), known_to=controller)
    if not hidden_area and card.face_up:
        ctx.rec.add("check", f"{ctx.name(label)} was already face-up, so everyone knew it.",
                    "public-areas.face-up-known", player=controller, cards=(label,))
