"""Selling a card (8.11, Sell): once per turn, from hand to the Eddies area, for a card with a Sell Tag."""
from __future__ import annotations

from judgekit.engine import areas, effects, errata
from judgekit.engine.context import Context
from judgekit.engine.trace import Refusal, ScenarioMismatch
from judgekit.engine.interpreter import instruction


def sell_a_card(ctx: Context, player: str, label: str) -> None:
    """8.11, 11.9: once per turn, a card with a Sell Tag goes from hand to Eddies, face-down and ready."""
    state = ctx.state
    if state.turn != player or state.phase != "main":
        raise Refusal("Selling a card is a Main Phase action of the turn player.",
                      ("main-phase.sell-a-card", "eddies-area.main-phase-sell", "sell"))
    by_effect = state.players[player].sold_by_effect
    if by_effect:
        raise Refusal(f"{by_effect} sold a card this turn; an effect's Sell counts as {player}'s Sell A Card action, "
                      f"which is taken only once a turn, so {player} can't sell a card from hand now.",
                      ("sell.effect-counts-as-action", "main-phase.sell-once-per-turn", "eddies-area.sell-limits"))
    if state.players[player].sold_this_turn:
        raise Refusal(f"{player} has already sold a card this turn.",
                      ("main-phase.sell-once-per-turn", "eddies-area.sell-limits", "sell"))
    if state.locate(label) != (player, "hand"):
        raise Refusal(f"{ctx.name(label)} is not in {player}'s hand.",
                      ("main-phase.sell-a-card", "sell-tag.sell-from-hand", "sell"))
    definition = state.cards[label].definition
    if definition.unknown:
        raise ScenarioMismatch(f"{ctx.name(label)} is a card the scenario does not name, so judgekit cannot judge "
                               "selling it (its Sell Tag is unknown): name the card where it starts")
    if not definition.sell_tag:
        decided = errata.summaries_deciding(definition, "sell")
        raise Refusal(f"{ctx.name(label)} has no Sell Tag." + (f" {decided}" if decided else ""),
                      ("sell-tag", "sell-tag.sell-from-hand", "main-phase.sell-a-card",
                       *errata.cites_deciding(definition, "sell")))
    ctx.rec.add("reveal", f"{player} reveals {ctx.name(label)} to their Rival: selling shows the card first.",
                "sell.definition", player=player, cards=(label,))
    events = areas.move(ctx, label, "eddies", ("sell", "main-phase.sell-a-card", "eddies-area.main-phase-sell"),
                         how="is sold")
    state.players[player].record_sale()
    ctx.rec.add("sell", f"{ctx.name(label)} is now an Eddie, face-down and ready.", "eddies-area.sold-face-down-ready",
                "main-phase.sold-card-is-eddie", player=player, cards=(label,))
    effects.handle_events(ctx, events)


@instruction("sell_top_card")
def sell_top_card(ctx: Context, source: str, controller: str, arg, refs) -> bool:
    """An effect sells the top card of its controller's deck (11.9): it goes face-down and ready into the Eddies
    area (11.9.1.1, 11.9.2.1). Per the official FAQ (which outranks 11.9.1's showing the card), nobody reveals or
    looks at it, it needs no Sell Tag, and it may be sold even after this turn's Sell A Card; as any effect's Sell
    it then counts as that action (11.9.2.2)."""
    state = ctx.state
    deck = state.players[controller].deck
    if not deck:
        ctx.rec.add("check", f"{controller}'s deck is empty, so there is no top card to sell.", "sell.definition",
                    player=controller, empty_deck=controller)
        return False
    label = deck[0]
    events = areas.move(ctx, label, "eddies", ("sell.definition", "sell.enters-face-down-ready",
                                               "sell.effect-to-eddies-no-symbol"), how="is sold unseen")
    already = state.players[controller].record_sale(f"{ctx.name(source)}'s effect")
    ctx.rec.add("check", "Following the FAQ, the card is sold without being revealed or looked at, and with or "
                         "without a Sell Tag; it counts as this turn's Sell A Card action"
                + (", which had already been taken; that does not stop this effect." if already else "."),
                "sell.effect-counts-as-action", player=controller, cards=(label,))
    effects.handle_events(ctx, events)
    return True
