"""Selling a card (8.11, Sell): once per turn, from hand to the Eddies area, for a card with a Sell Tag."""
from __future__ import annotations

from judgekit.engine import areas, effects, errata
from judgekit.engine.context import Context
from judgekit.engine.trace import Refusal


def sell_a_card(ctx: Context, player: str, label: str) -> None:
    """8.11, 11.9: once per turn, a card with a Sell Tag goes from hand to Eddies, face-down and ready."""
    state = ctx.state
    if state.turn != player or state.phase != "main":
        raise Refusal("Selling a card is a Main Phase action of the turn player.", ("main-phase.sell-a-card", "sell"))
    if state.players[player].sold_this_turn:
        raise Refusal(f"{player} has already sold a card this turn.", ("main-phase.sell-once-per-turn", "sell"))
    if state.locate(label) != (player, "hand"):
        raise Refusal(f"{ctx.name(label)} is not in {player}'s hand.", ("main-phase.sell-a-card", "sell"))
    definition = state.cards[label].definition
    if not definition.sell_tag:
        decided = errata.summaries_deciding(definition, "sell")
        raise Refusal(f"{ctx.name(label)} has no Sell Tag." + (f" {decided}" if decided else ""),
                      ("sell-tag", "main-phase.sell-a-card", *errata.cites_deciding(definition, "sell")))
    events = areas.move(ctx, label, "eddies", ("sell", "main-phase.sell-a-card"), how="is sold")
    state.players[player].sold_this_turn = True
    ctx.rec.add("sell", f"{ctx.name(label)} is now an Eddie, face-down and ready.", "eddies-area.sold-face-down-ready", "main-phase.sold-card-is-eddie",
                player=player, cards=(label,))
    effects.handle_events(ctx, events)
