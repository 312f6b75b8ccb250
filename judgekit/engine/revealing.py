"""Revealing (11.14): showing a card to the Rival. Revealing the top card of the deck leaves it there
(11.14.2) unless the effect moves it; the card is remembered as `revealed` for the rest of the effect
("add it to your hand", "its cost", "if it's the chosen type")."""
from __future__ import annotations

from judgekit.engine import areas, effects


def reveal_top(ctx, source, controller, arg, refs):
    """Reveal the deck's top card; with `to:`, then move it there. False when the deck is empty."""
    deck = ctx.state.players[controller].deck
    if not deck:
        ctx.rec.add("check", f"{controller}'s deck is empty, so there is no card to reveal and that part does nothing.",
                    "effects.invalid-part-ignored", "golden.as-much-as-possible", player=controller)
        return False
    label = deck[0]
    refs["revealed"] = label
    ctx.rec.add("reveal", f"{controller} reveals the top card of their deck: {ctx.name(label)} (cost "
                          f"{_cost_shown(ctx, label)}).", "reveal.definition", "reveal.face-up-readable",
                *(() if arg.get("to") else ("reveal.stays-in-area",)), player=controller, cards=(label,))
    if arg.get("to"):
        effects.handle_events(ctx, areas.move(ctx, label, arg["to"],
                                              ("reveal.stays-in-area", "hidden-areas.reveal-before-move"),
                                              how="is moved by the effect after being revealed"))
    return True


def _cost_shown(ctx, label: str) -> str:
    cost = ctx.state.cards[label].definition.cost
    return "Null" if cost is None else str(cost)
