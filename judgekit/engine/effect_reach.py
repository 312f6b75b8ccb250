"""What an effect can still act on as it resolves (10.6.2): a card removed from the game (5.13.2), hidden in a deck
(5.3.2.1), or through a hidden area since the effect named it (5.3.2.2, 10.10.1) is out of its reach, and that part
of the effect does nothing."""
from __future__ import annotations

from judgekit.engine.areas import AREA_TITLES
from judgekit.engine.context import Context


# The references an effect fixes as it becomes pending, before it resolves: its source and the card of its event.
FIXED_REFS = ("this", "it")
_TOLD = "out-of-reach:"  # refs key prefix: a card `within_reach` has said is no longer the one the effect named
_FOLLOWED = "followed:"  # refs key prefix: when the effect itself last put a card it names into a hidden area


def within_reach(ctx: Context, label: str, controller: str, ref: str = "", refs: dict | None = None,
                 places: bool = True) -> bool:
    """Whether an effect can still act on `label` where it is now; recorded when not, and that part of the effect does
    nothing (10.6.2): a card removed from the game is no longer part of it (5.13.2), and an effect that would put it
    into a game area (`places`) re-enters it only if it returns it specifically (5.13.2.2); a card that has gone
    into a deck is hidden there, out of any effect's reach unless the effect is looking at it (a search, a reveal: 5.3.2.1, 5.5.4); and a card that has been in a hidden area since the effect
    named it (`ref`, one of FIXED_REFS, as the effect became pending: `refs["referred"]`), other than by the effect's
    own earlier part (`follow`), had its information wiped there (5.3.2.2), so it is no longer the piece the effect
    was about (10.10.1), wherever it has gone since. A public area wipes nothing (5.3.1.1, 5.9.2): a card an effect
    named that has gone only into a trash is still found there."""
    state = ctx.state
    area = state.locate(label)[1]
    if area == "removed":
        ctx.rec.add("check", f"{ctx.name(label)} has been removed from the game" + (
            ", and a removed card re-enters the game only by an effect that returns it specifically, so it stays "
            "removed and that part of the effect does nothing." if places else
            " and is no longer part of it, so that part of the effect does nothing."),
            "removed-from-game.no-return" if places else "removed-from-game.no-area", "effects.invalid-part-ignored",
            player=controller, cards=(label,))
        return False
    if area == "deck" and not state.cards[label].looked_at_by:
        ctx.rec.add("check", f"{ctx.name(label)} has gone into {state.cards[label].owner}'s deck, a hidden area where "
                             "no effect can pick it out unless it is looking at it, so that part of the effect does "
                             "nothing.", "hidden-areas.unknown", "deck-area.no-look-or-reorder",
                    "effects.invalid-part-ignored", player=controller, cards=(label,))
        return False
    at, hidden = state.hidden_at.get(label, (0, ""))
    if ref in FIXED_REFS and "referred" in (refs or {}) and at > int(refs.get(f"{_FOLLOWED}{label}", refs["referred"])):
        if refs.get(f"{_TOLD}{label}"):  # said already for an earlier part of the same effect
            ctx.rec.add("check", f"{ctx.name(label)} is still not the card the effect was about, so this part does "
                                 "nothing either.", "effects.last-known-information", "effects.invalid-part-ignored",
                        player=controller, cards=(label,))
            return False
        refs[f"{_TOLD}{label}"] = "1"
        where = f"it stays in the {AREA_TITLES[area]}" if area == hidden else \
            f"though it has left that {AREA_TITLES[hidden]} since, it stays {_in(area)}"
        ctx.rec.add("check", f"{ctx.name(label)} has gone into {state.cards[label].owner}'s {AREA_TITLES[hidden]} "
                             f"since this effect became pending; a {AREA_TITLES[hidden]} is a hidden area, where a "
                             "card's information is ignored, so it is no longer the card the effect was about: "
                             f"{where} and that part of the effect does nothing.", "hidden-areas.reset-on-entry",
                    *(("hand.owner-views",) if hidden == "hand" else ()), "effects.last-known-information",
                    "effects.invalid-part-ignored", player=controller, cards=(label,))
        return False
    return True


def follow(state, labels, refs: dict) -> None:
    """After an instruction of the effect ran: a card it names that the instruction itself put into a hidden area
    ("return this to your hand, then play it") is followed there, the same card to the effect's later parts; only a
    hidden area entered by some other event since the effect named it puts the card out of its reach."""
    if "referred" not in refs:
        return
    for label in labels:
        at = state.hidden_at.get(label, (0, ""))[0]
        if at > int(refs.get(f"{_FOLLOWED}{label}", refs["referred"])):
            refs[f"{_FOLLOWED}{label}"] = str(at)


def _in(area: str) -> str:
    """Where a card is, in words: 'on the field', 'in the trash'."""
    return AREA_TITLES[area] if area in ("resolving", "equipped") else \
        f"{'on' if area == 'field' else 'in'} the {AREA_TITLES[area]}"
