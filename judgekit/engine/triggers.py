"""The triggers of triggered effects (10.16), in words: how a ruling names when an effect triggers, and the rule
that makes it trigger then."""
from __future__ import annotations

from judgekit.engine import areas
from judgekit.engine.card_definition import Effect

TRIGGERS = {
    "play": ("[PLAY]: when this card is played", "keyword.play"),
    "call": ("[CALL]: when this Legend is called", "keyword.call"),
    "defeated": ("[DEFEATED]: when this card is defeated", "keyword.defeated"),
    "attack": ("[ATTACK]: when this Unit attacks", "keyword.attack"),
    "resolve": ("a Program's effect, resolved as it is played", "programs.play"),
    "fights": ("when this Unit fights", "fight.triggers-before-defeat"),
    "wins-fight": ("when this Unit wins a fight", "fight.triggers-before-defeat"),
    "loses-fight": ("when this Unit loses a fight", "fight.triggers-before-defeat"),
    "spent": ("when this card is spent", "triggered-effects"),
    "steals": ("when this Unit steals a Gig", "gigs.steal-trigger-is-stolen"),
    "friendly-steals": ("when a friendly Unit steals a Gig", "gigs.steal-trigger-is-stolen"),
    "steals-gigs": ("when this Unit steals 1 or more Gigs", "gigs.steal-trigger-is-stolen"),
    "blocks": ("when this Unit uses [BLOCKER]", "keyword.blocker"),
    "friendly-blocks": ("when a friendly Unit uses [BLOCKER]", "keyword.blocker"),
    "friendly-attacks": ("when a friendly Unit attacks", "attack.declared-triggers"),
    "friendly-defeated": ("when a friendly card is defeated", "triggered-effects"),  # not [DEFEATED] (11.19.1)
    "any-defeated": ("when any Unit is defeated", "triggered-effects"),
    "friendly-spent": ("when a friendly card is spent", "triggered-effects"),
    "friendly-steals-gigs": ("when a friendly Unit steals 1 or more Gigs", "gigs.steal-trigger-is-stolen"),
    "friendly-played": ("when you play a card", "play.steps"),
    "adjusts-gig": ("when you adjust a Gig", "gigs.adjust"),
    "rival-adjusts-gig": ("when a Rival adjusts one of your Gigs", "gigs.adjust"),
    "rival-swaps-gig": ("when a Rival swaps one of your Gigs", "gigs.swap"),
    "rolls-min-or-max": ("when you roll a Gig's min or max value", "start-phase.roll-in.roll"),
    "start-of-turn": ("at the start of your turn", "start-phase.resolve-start-effects"),
    "end-of-turn": ("at the end of your turn", "end-of-turn.resolve-end-effects"),
    **{f"enters:{a}": (f"when this card enters the {areas.AREA_TITLES[a]}", "triggered-effects")
       for a in ("hand", "trash", "deck", "removed", "eddies", "field", "legends")},
}


def trigger_words(name: str, effect: Effect | None = None) -> str:
    """How the trace names a trigger: "when a friendly Unit steals a Gig", with the acting card's kind as the
    effect names it ("when a friendly Legend steals a Gig" for a watcher of Legends only)."""
    words = TRIGGERS[name][0]
    kind = dict(effect.actor_filter).get("kind") if effect is not None else None
    return words.replace("a friendly Unit", f"a friendly {kind}") if kind else words
