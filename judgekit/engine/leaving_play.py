"""A card that leaves play (the field, the Legends area, its host) and one that comes back: one reading for all
that followed the card in play (scenarios/contested/a-change-given-this-turn-ends-when-its-unit-leaves-play.yaml).

What effects gave the card in play ends as it leaves (`left`): the changes (10.23) and the delayed effects set
up for it ("the next time that Unit attacks", "at the end of this turn, if that Unit stole a Gig"). Its own
history this turn (it stole, fought, attacked, went solo) stays with the card it was: read back as it last was
in play (10.10.1), but not by the card it becomes if it comes back (`GameState.since_in_play`). Through a hidden
area the rules decide this: a hidden area wipes a card's information and the modifiers on it (5.3.2.2). Through a
public area (the trash, the removed pile) no rule says either way: judgekit reads it the same way, since the effects
chose the piece in play, with its controller (1.7, 1.7.2), and a card that left is no longer that piece
(10.10.1); played again it is placed as a new Unit (4.6, 4.7). `back` says so where the reading decides something.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from judgekit.engine.context import Context
from judgekit.engine.state import HIDDEN_AREAS, Delayed, GameState, Modifier

AREA_WORDS = {"hand": "hand", "deck": "deck", "trash": "trash", "removed": "removed-from-game pile",
              "eddies": "Eddies area"}
_OWN_DEEDS = {"stole": "stole a Gig", "fought": "fought", "went-solo": "was played with [GO SOLO]",
              "did-attack": "attacked", "did-steals-gigs": "stole a Gig", "did-spent": "was spent",
              "activated": "used a once-per-turn effect"}
_LONGER_THAN_A_TURN = ("your-next-turn", "its-controllers-next-turn")


@dataclass(frozen=True)
class Departure:
    """A card leaving play (`GameState.departures`): where in `GameState.this_turn` its time in play ended, whether
    a hidden area has held it since (5.3.2.2), and the changes and delayed effects that ended with it."""

    at: int
    hidden: bool
    ended: tuple = ()  # Modifier and Delayed
    attack: tuple | None = None  # (attacker, target) of the attack in progress as it left


def left(ctx: Context, label: str, area: str) -> None:
    """`label` has just left play for `area`: what effects gave it there ends, and so do the delayed effects set
    up for it; its history this turn is kept apart (`GameState.since_in_play`)."""
    state = ctx.state
    changes = [m for m in state.modifiers if m.card == label]
    waiting = [d for d in state.delayed if d.card == label]
    state.modifiers = [m for m in state.modifiers if m.card != label]
    state.delayed = [d for d in state.delayed if d.card != label]
    hidden = area in HIDDEN_AREAS
    state.departures = {**state.departures, label: (*state.departures.get(label, ()), Departure(
        at=len(state.this_turn), hidden=hidden, ended=(*changes, *waiting), attack=_attack_of(state)))}
    if not changes and not waiting:
        return
    ended = _listed(ctx, changes, waiting)
    gave = "what effects gave it" + (" or set up for it" if waiting else "")
    if hidden:
        ctx.rec.add("check", f"{ctx.name(label)} entered a hidden area ({AREA_WORDS[area]}), so {gave} is gone: "
                             f"{ended}.", "hidden-areas.reset-on-entry",
                    *(("triggered-effects.when-condition-met",) if waiting else ()), cards=(label,))
        return
    ctx.rec.add("check", f"{ctx.name(label)} has left play for the {AREA_WORDS[area]}, so {gave} in play ends "
                         f"({ended}), though its duration has not run out: those effects "
                         f"{'were about' if waiting else 'changed'} it as a piece in play, and a card out of play is "
                         "no longer that piece. If it comes back, it comes back as a new card.", "control.ownership",
                "control.controller", "effects.last-known-information", "persistent-effects.duration",
                *(("triggered-effects.when-condition-met",) if waiting else ()), cards=(label,))


def passes_through_hidden(state: GameState, label: str) -> None:
    """A card out of play that enters a hidden area: if it comes back, 5.3.2.2 decides that it comes back new."""
    gone = state.departures.get(label)
    if gone and not gone[-1].hidden:
        state.departures = {**state.departures, label: (*gone[:-1], replace(gone[-1], hidden=True))}


def back(ctx: Context, label: str) -> None:
    """`label` comes back into play after leaving it this turn: it is a new card. Said where that decides something:
    what ended as it left would still have lasted, or it did things earlier this turn that an effect may ask about."""
    state = ctx.state
    gone = state.departures.get(label)
    if not gone:
        return
    last = gone[-1]
    lasting = [e for e in last.ended if _still_lasting(state, e, last)]
    start = gone[-2].at if len(gone) > 1 else 0
    deeds = sorted({_OWN_DEEDS[w] for w, _, c in state.this_turn[start:last.at]
                    if w in _OWN_DEEDS and _card_of(w, c) == label})
    if not lasting and not deeds:
        return
    parts = []
    if lasting:
        changes, waiting = _split(lasting)
        gave = "what effects gave it" + (" or set up for it" if waiting else "")
        parts.append(f"{gave} before it left ({_listed(ctx, changes, waiting)}) does not come back with it, though its "
                     "duration has not run out")
    if deeds:
        parts.append(f"what it did earlier this turn ({', '.join(deeds)}) was the earlier card's, not this one's")
    said = f"{ctx.name(label)} is back in play as a new card: " + "; and ".join(parts)
    if last.hidden:
        ctx.rec.add("check", f"{said}. It went through a hidden area, which wipes a card's information and what "
                             "effects attached to it.", "hidden-areas.reset-on-entry", cards=(label,))
        return
    as_unit = ("units.play",) if state.cards[label].definition.is_type("Unit") else ()
    ctx.rec.add("check", f"{said}. It went only through public areas, where no rule says so: judgekit reads it as a "
                         "card back from a hidden area, since a card that left play is no longer the piece in play it "
                         "was.", "control.ownership", "control.controller", "effects.last-known-information",
                "persistent-effects.duration", *as_unit, cards=(label,))


def _card_of(what: str, about: str) -> str:
    """The card a remembered event is about: a once-per-turn use is kept by "<card> effect <n>" (activated.use_key)."""
    return about.split(" effect ", 1)[0] if what == "activated" else about


def turn_ends(state: GameState) -> None:
    """The turn's memory is cleared (8.16): only a change lasting past this turn is still worth telling of."""
    state.departures = {label: (replace(gone[-1], at=0, ended=kept),) for label, gone in state.departures.items()
                        if (kept := tuple(e for e in gone[-1].ended if isinstance(e, Modifier)
                                          and e.until in _LONGER_THAN_A_TURN))}


def _still_lasting(state: GameState, ended, departure: Departure) -> bool:
    """Whether a change or delayed effect that ended as its card left would still be lasting now (10.23)."""
    if isinstance(ended, Modifier) and ended.until == "end-of-attack":
        return departure.attack is not None and departure.attack == _attack_of(state)
    return True


def _attack_of(state: GameState) -> tuple | None:
    return state.attack[:2] if state.attack else None


def _split(items) -> tuple[list[Modifier], list[Delayed]]:
    return [e for e in items if isinstance(e, Modifier)], [e for e in items if isinstance(e, Delayed)]


def _listed(ctx: Context, changes: list[Modifier], waiting: list[Delayed]) -> str:
    """The changes by their sources, then each delayed effect by its source and what it waits to do."""
    said = sorted({m.source_name for m in changes})
    said += [f"{ctx.name(d.source)}'s delayed effect" + (f" ({d.text})" if d.text else "") for d in waiting]
    return "; ".join(said)
