"""Discarding a whole hand: every card in it goes to its owner's trash. "Each player discards their hand"
is carried out by both, the turn player first (2.9); the number of cards discarded in total is remembered
as `discarded_total` for a later "if the number of discarded cards ..." condition."""
from __future__ import annotations

from judgekit.engine import areas, effects
from judgekit.engine.interpreter import instruction
from judgekit.plural import counted


@instruction("discard_hands")
def discard_hands(ctx, source, controller, arg, refs) -> bool:
    """`who: each` (both players, the turn player first) or `you`; a player with an empty hand discards nothing."""
    first = ctx.state.turn
    players = (first, ctx.state.rival_of(first)) if arg.get("who", "you") == "each" else (controller,)
    total = 0
    for player in players:
        hand = list(ctx.state.players[player].hand)
        ctx.rec.add("check", f"{player} discards their whole hand: {counted(len(hand), 'card')}"
                             f"{' (' + ', '.join(ctx.name(c) for c in hand) + ')' if hand else ''}"
                             f"{'; the turn player first' if len(players) > 1 and player == first else ''}.",
                    *(("effects.both-players-turn-player-first",) if len(players) > 1 else ()), "hand",
                    player=player, cards=tuple(hand))
        for label in hand:
            effects.handle_events(ctx, areas.move(ctx, label, "trash", ("hand",), how="is discarded"))
        total += len(hand)
    refs["discarded_total"] = str(total)
    return True
