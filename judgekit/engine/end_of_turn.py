"""End of Turn (8.16.1): delayed effects set up earlier that happen as the turn ends.

"At the end of your turn" waits for its controller's turn to end; "at the end of this turn" for the
turn in progress, whoever's it is. Either becomes pending whether or not the card that set it up is
still in play (FAQ Dying Night). One that asks what a card did ("if that Unit steals or fights")
reads the turn's memory from the moment it was set up: only what the card did afterwards counts.
"""
from __future__ import annotations

from judgekit.engine.context import Context, Pending
from judgekit.engine.card_definition import Effect
from judgekit.engine.state import Delayed, GameState

DEEDS = {"stole": "stole a Gig", "fought": "fought"}  # what `if_it_did` may ask, from the turn's memory


def remember(state: GameState, what: str, label: str) -> None:
    """Keep that `label` did `what` this turn (see state.TURN_EVENTS), while a delayed effect waiting for the end of
    the turn asks about it (others need no such memory, so the board shows none)."""
    if any(what in d.if_it_did and d.card == label for d in state.delayed):
        state.this_turn.append((what, state.controller(label) or state.cards[label].owner, label))


def _due(waiting: Delayed, player: str) -> bool:
    """Whether `waiting` happens as `player`'s turn ends: their own "end of your turn", or any "end of this turn"."""
    return waiting.trigger == "end-of-turn" and waiting.controller == player or waiting.trigger == "end-of-this-turn"


def due_now(state: GameState, waiting: Delayed) -> bool:
    """Whether `waiting`, just set up, waits for the end of the turn whose End of Turn effects are resolving now
    (8.16.1): that end is already here, so it is due at once rather than left behind as the turn ends (contested:
    scenarios/contested/an-end-of-your-turn-effect-set-up-during-your-end-of-turn.yaml)."""
    return state.phase == "end" and _due(waiting, state.turn)


def delayed(ctx: Context, player: str) -> None:
    """8.16.1: as `player`'s turn ends, their "end of your turn" delayed effects and every "end of this turn"
    one become pending (a condition on what a card did is checked first: unmet, it does not trigger). A source out
    of play is named as such; a Program never was in play (4.14, 4.14.2), so it is not said to have left it."""
    state = ctx.state
    due = [d for d in state.delayed if _due(d, player)]
    for waiting in due:
        state.delayed.remove(waiting)
        if waiting.if_it_did and not _did(ctx, waiting):
            continue
        program = state.cards[waiting.source].definition.is_type("Program")
        gone = "" if state.in_play(waiting.source) else \
            " (its source, a Program, is never in play; the effect it set up as it resolved still happens)" \
            if program else " (its source has left play; the effect was set up earlier and still happens)"
        known = {"area": state.locate(waiting.source)[1], "referred": state.arrivals,
                 **({"it": waiting.card} if waiting.card else {})}
        ctx.pending.append(Pending(waiting.source, ctx.name(waiting.source), waiting.controller, -1,
                                   "end-of-turn", Effect(trigger="end-of-turn", do=waiting.do, text=waiting.text),
                                   known))
        ctx.rec.add("trigger", f"Pending: {ctx.name(waiting.source)}'s delayed effect, now that the turn ends{gone}"
                               f"{': ' + waiting.text if waiting.text else ''}.", "triggered-effects",
                    "end-of-turn.resolve-end-effects", "pending",
                    *(("programs.play", "programs.outside-areas-while-resolving") if program else ()),
                    player=waiting.controller, cards=(waiting.source,))


def _did(ctx: Context, waiting: Delayed) -> bool:
    """Whether `waiting.card` did one of `waiting.if_it_did` since the effect was set up; recorded either way (10.16.1:
    a trigger condition unmet, it never becomes pending). A card that left play meanwhile took the delayed effect
    with it (engine.leaving_play)."""
    state = ctx.state
    done = [what for what, _, label in state.this_turn[waiting.since:] if label == waiting.card
            and what in waiting.if_it_did]
    asked = " or ".join(DEEDS[d] for d in waiting.if_it_did)
    source, card = ctx.name(waiting.source), ctx.name(waiting.card)
    if not done:
        earlier = [what for what, _, label in state.this_turn[:waiting.since] if label == waiting.card
                   and what in waiting.if_it_did]
        before = f" ({DEEDS[earlier[0]]} earlier this turn, before the effect resolved, which does not count)" \
            if earlier else ""
        ctx.rec.add("check", f"{source}'s delayed effect happens only if {card} {asked} after the effect resolved; "
                             f"it did not{before}, so nothing happens to it as the turn ends.",
                    "end-of-turn.resolve-end-effects", "triggered-effects.when-condition-met",
                    player=waiting.controller, cards=(waiting.source, waiting.card))
        return False
    ctx.rec.add("check", f"{card} {DEEDS[done[0]]} after {source}'s effect resolved, so its delayed effect happens "
                         "now that the turn ends.", "end-of-turn.resolve-end-effects",
                "triggered-effects.when-condition-met", player=waiting.controller, cards=(waiting.source, waiting.card))
    return True
