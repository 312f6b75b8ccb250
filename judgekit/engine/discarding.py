"""Discarding: a player discards cards of their choice from their hand (`discard`), or a whole hand goes to its
owner's trash (`discard_hands`). "Each player discards their hand" is carried out by both, the turn player first
(2.9); the number of cards discarded in total is remembered as `discarded_total` for a later "if the number of
discarded cards ..." condition."""
from __future__ import annotations

from judgekit.engine import areas, choices, effects, hidden_picks
from judgekit.engine.feasibility import Impossible, possible_when
from judgekit.engine.interpreter import instruction
from judgekit.engine.card_definition import Effect
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


@possible_when("discard")
def _can_discard(ctx, source, controller, arg, refs):
    """Nothing to discard: no such card in the hand (or too few for a part discarding all at once)."""
    player = controller if arg.get("who", "you") == "you" else ctx.state.rival_of(controller)
    kind = arg.get("kind")
    held = [c for c in ctx.state.players[player].hand if kind is None or ctx.state.is_a(c, kind)]
    needed = int(arg.get("count", 1)) if arg.get("all_or_nothing") else 1
    if len(held) >= needed:
        return None
    return Impossible(f"{player} has {counted(len(held), (kind + ' ' if kind else '') + 'card')} in hand, and this part needs "
                      f"{needed}", ("effects.invalid-part-ignored",))


@hidden_picks.hidden_pick("discard")
def _discards_hidden(arg: dict) -> bool:
    return hidden_picks.looks_into_hidden({**arg, "kind": arg.get("kind") or "card", "area": "hand"})


@instruction("discard")
def _discard(ctx, source, controller, arg, refs) -> bool:
    """A player discards cards of their choice from their hand to the trash, one at a time (as many as they have);
    each is chosen like any card an effect picks (10.31, choices.choose_targets). None to discard at all: the
    part can't apply (10.6) and nothing is discarded; none left after some: as much as possible was (2.4).

    False when fewer than `count` (of `kind`) were discarded, for "if you do"."""
    player = controller if arg.get("who", "you") == "you" else ctx.state.rival_of(controller)
    kind = arg.get("kind")
    what = f"{kind} " if kind else ""
    held = [c for c in ctx.state.players[player].hand if kind is None or ctx.state.is_a(c, kind)]
    if arg.get("all_or_nothing") and len(held) < int(arg.get("count", 1)):
        ctx.rec.add("check", f"{player} has only {counted(len(held), what + 'card')} in hand, fewer than the {arg.get('count', 1)} "
                             "this part discards all at once, so none is discarded and the part is not done.",
                    "effects.invalid-part-ignored", player=player)
        return False
    pick = Effect(trigger="discard", targets=({"kind": kind or "card", "side": "friendly", "area": "hand"},))
    for done in range(int(arg.get("count", 1))):
        if not any(kind is None or ctx.state.is_a(c, kind) for c in ctx.state.players[player].hand):
            ctx.rec.add("check", f"{player} has no {what}card left in hand after discarding {done}, so there is nothing "
                                 "more to discard." if done else f"{player} has no {what}card in hand, so nothing is "
                                 "discarded.", "golden.as-much-as-possible" if done else "effects.invalid", player=player)
            return False
        chosen = choices.choose_targets(ctx, pick, player, source, f"{ctx.name(source)}'s discard",
                                        more=int(arg.get("count", 1)) - done - 1, printed=arg)
        if not chosen or "target" not in chosen:  # none found in a hidden hand (5.3.2.4.1)
            return False
        refs["discarded"] = chosen["target"]
        effects.handle_events(ctx, areas.move(ctx, chosen["target"], "trash", ("hand",), how="is discarded"))
    return True
