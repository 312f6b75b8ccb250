"""Revealing (11.14): showing a card to the Rival. Revealing the top card of the deck leaves it there
(11.14.2) unless the effect moves it; the card is remembered as `revealed` for the rest of the effect
("add it to your hand", "its cost", "if it's the chosen type"). While the effect resolves, both players
look at it where it is: the same `Card.looked_at_by` mark a search leaves (engine/hidden_information.py),
cleared when the effect is done (11.14.4)."""
from __future__ import annotations

from judgekit.engine import areas, effects, hidden_information
from judgekit.engine.interpreter import instruction
from judgekit.plural import counted


@instruction("reveal_top")
def reveal_top(ctx, source, controller, arg, refs) -> bool:
    """Reveal the deck's top card (or top `count` cards); with `to:`, then move them there. The revealed cards
    stay in the deck, still part of it (11.14.2), and are `revealed` as a group ("a|b") for the rest of the
    effect. False when fewer than `count` could be revealed (an empty deck reveals none)."""
    deck = ctx.state.players[controller].deck
    count = arg.get("count", 1)
    shown = list(deck[:count])
    refs["revealed"] = "|".join(shown)
    if not shown:
        ctx.rec.add("check", f"{controller}'s deck is empty, so there is no card to reveal and that part does nothing.",
                    "effects.invalid-part-ignored", "golden.as-much-as-possible", player=controller,
                    empty_deck=controller)
        return False
    if len(shown) < count:
        only = "that one is" if len(shown) == 1 else "those are"
        ctx.rec.add("check", f"{controller}'s deck has only {counted(len(shown), 'card')}, so only {only} revealed "
                             "(as much as can be done).", "golden.as-much-as-possible", player=controller)
    named = ", ".join(ctx.name(label) + ("" if ctx.state.cards[label].definition.unknown else
                                         f" (cost {_cost_shown(ctx, label)})") for label in shown)
    it, stay, be, them = ("it", "stays", "is", "it") if len(shown) == 1 else ("they", "stay", "are", "them")
    stays = "" if arg.get("to") or count == 1 else \
        f"; {it} {stay} on top of the deck and {be} still part of it ({counted(len(deck), 'card')}) until the effect " \
        f"moves {them}"
    ctx.rec.add("reveal", f"{controller} reveals the top {'card' if len(shown) == 1 else f'{len(shown)} cards'} of their "
                          f"deck: {named}{stays}.", "reveal.definition", "reveal.face-up-readable",
                *(() if arg.get("to") else ("reveal.stays-in-area",)), player=controller, cards=tuple(shown))
    if not arg.get("to"):  # both players see them where they are, as a search's searcher does (11.14.3)
        hidden_information.start_looking(ctx, shown, (controller, *(p for p in ctx.state.players if p != controller)))
    for label in shown if arg.get("to") else ():
        effects.handle_events(ctx, areas.move(ctx, label, arg["to"], ("reveal.stays-in-area", "hidden-areas.reveal-before-move"),
                                              how="is moved by the effect after being revealed"))
    return len(shown) == count


def _cost_shown(ctx, label: str) -> str:
    cost = ctx.state.cards[label].definition.cost
    return "Null" if cost is None else str(cost)
