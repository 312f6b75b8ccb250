"""Selling a card (8.11, 11.9): the Main Phase action, once per turn, from hand for a card with a Sell Tag, and an
effect's Sell; every sale puts the card into the seller's own Eddies area (`into_eddies`)."""
from __future__ import annotations

from judgekit.engine import areas, effects, errata
from judgekit.engine.context import Context
from judgekit.engine.trace import Refusal, ScenarioMismatch
from judgekit.engine.interpreter import instruction


def sell_a_card(ctx: Context, player: str, label: str) -> None:
    """8.11, 11.9: once per turn, a card with a Sell Tag goes from hand to Eddies, face-down and ready."""
    state = ctx.state
    if state.turn != player or state.phase != "main":
        raise Refusal(f"Selling a card is a Main Phase action of the turn player; it is {state.turn}'s {state.phase} "
                      "phase.",
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
    events = into_eddies(ctx, label, player, ("sell", "main-phase.sell-a-card", "eddies-area.main-phase-sell"),
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
    events = into_eddies(ctx, label, controller, ("sell.definition", "sell.enters-face-down-ready",
                                                  "sell.effect-to-eddies-no-symbol"), how="is sold unseen")
    already = state.players[controller].record_sale(f"{ctx.name(source)}'s effect")
    ctx.rec.add("check", "Following the FAQ, the card is sold without being revealed or looked at, and with or "
                         "without a Sell Tag; it counts as this turn's Sell A Card action"
                + (", which had already been taken; that does not stop this effect." if already else "."),
                "sell.effect-counts-as-action", player=controller, cards=(label,))
    effects.handle_events(ctx, events)
    return True


def into_eddies(ctx: Context, label: str, seller: str, cites: tuple[str, ...], how: str) -> list[tuple]:
    """The one place a sale decides where the card goes: the seller's own Eddies area (5.8.2, 11.9.1), face-down and
    ready (11.9.1.1), where the seller controls it even when another player owns it (1.7.2, 1.7.3). Returns the
    'enters' events."""
    events = areas.move(ctx, label, "eddies", cites, how=how, to=seller)
    owner = ctx.state.cards[label].owner
    if owner != seller:
        ctx.rec.add("move", f"{ctx.name(label)} goes to {seller}'s Eddies area, not to {owner}'s: a player sells a "
                            "card into their own Eddies area and controls every Eddie there, even one another player "
                            f"owns. {owner} still owns it.", "eddies-area.sell-adds", "control.controller",
                    "control.owner-never-changes", player=seller, cards=(label,))
    return events


@instruction("sell", does="sell it", places=True)
def _sell(ctx: Context, source: str, controller: str, arg, refs) -> bool:
    """An effect's Sell turns the card into an Eddie from the area it names (11.9.1): only the Main Phase action is
    limited to the hand (11.9.2), and a card an effect puts into the Eddies area from another area needs no Sell Tag
    (11.9.2.1). A card already an Eddie leaves that part undone (10.6.2); one out of the effect's reach never gets
    here (the interpreter). Selling by an effect counts as the player's Sell A Card action this turn (11.9.2.2)."""
    label = refs.get(arg, arg)
    area = ctx.state.locate(label)[1]
    if area == "eddies":
        ctx.rec.add("check", f"{ctx.name(label)} is already an Eddie, so there is nothing to sell and that part of the "
                             "effect does nothing.", "sell.definition", "effects.invalid-part-ignored",
                    "golden.as-much-as-possible", player=controller, cards=(label,))
        return False
    ctx.rec.add("reveal", f"{controller} reveals {ctx.name(label)} to their Rival: selling shows the card first.",
                "sell.definition", "reveal.definition", player=controller, cards=(label,))
    other = () if area == "hand" else ("sell.effect-to-eddies-no-symbol",)
    effects.handle_events(ctx, into_eddies(ctx, label, controller, ("sell.definition", "sell.enters-face-down-ready",
                                                                    *other), how="is sold by the effect"))
    already = ctx.state.players[controller].record_sale(f"{ctx.name(source)}'s effect")
    if ctx.state.turn != controller:
        ctx.rec.add("check", f"Selling because an effect says so counts as a Sell A Card action, but this is "
                             f"{ctx.state.turn}'s turn, in which {controller} has no Main Phase to sell in; "
                             f"{controller}'s own next turn still has its Sell A Card action.",
                    "sell.effect-counts-as-action", "main-phase.sell-a-card", player=controller, cards=(label,))
        return True
    ctx.rec.add("check", f"Selling because an effect says so counts as {controller}'s Sell A Card action this turn"
                + ("; they had already sold a card this turn." if already else ", so they can't also sell one "
                   "as an action."), "sell.effect-counts-as-action", player=controller, cards=(label,))
    return True
