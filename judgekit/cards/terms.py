"""The game's own terms a card's shipped effects use, read from their structured form, for word search.

judgekit ships its own wording of each card, never the printed one, and that wording may say "one of your
Units" where the card says "a friendly Unit". So `o:friendly`, `o:equipped`, `o:increase`, `o:value-pair`,
`o:"min gig"`, `o:steal` also search the terms the effect data stands for: its instructions (`bottom_deck` as
`bottom-deck`), its triggers, and the game words in its keys and values (`side: rival`, `decrease: 2`,
`count: friendly-value-pairs`, `replace: stolen`, a face-down Legend target, a play cost lowered per Gig).
"""
from __future__ import annotations

import dataclasses
import re

OTHER_TERMS = ("discard", "discard_hands", "steals")  # effect words with no rule of their own in the index's tables

# A word of an effect's key or value, and the game term it stands for ("host": what a Gear is equipped to, 11.6;
# "lagging": a Unit the turn it is played, 11.3).
_WORDS = {"friendly": "friendly", "rival": "rival", "rivals": "rival", "equipped": "equipped",
          "unequipped": "unequipped", "host": "equip", "steal": "steal", "steals": "steal", "stole": "steal",
          "stolen": "steal", "increase": "increase", "decrease": "decrease", "attack": "attack",
          "lagging": "lagging, the turn it is played"}
# Runs of words that name one term (6.5 value-pair; min and max Gig; a Legend face-down or face-up).
_RUNS = {("value", "pair"): "value-pair", ("value", "pairs"): "value-pair", ("min", "gig"): "min gig",
         ("min", "gigs"): "min gig", ("is", "min"): "min gig", ("max", "gig"): "max gig",
         ("face", "up", "legend"): "face-up legend", ("face", "up", "legends"): "face-up legend",
         ("its", "gear"): "equipped", ("this", "gear"): "equipped"}
# Keys and values whose meaning names friendly or rival pieces the data leaves implicit: a swap trades a friendly
# Gig for a rival one (6.6), a card's cost is matched against friendly Gigs, fights are with rival Units, a steal
# limit keeps rival Units from friendly Gigs, Street Creds are compared with a Rival's, the max Gig chosen is a
# friendly one.
_IMPLIED = {"swap": ("friendly", "rival"), "card_cost_matches_a_gig": ("friendly",),
            "cost_matches_a_gig": ("friendly",), "value_not_shared": ("friendly", "rival"),
            "while_fighting": ("rival",), "limit_steals": ("rival", "friendly", "steal"),
            "street_cred_differs_by_at_least": ("rival",), "all_legends_face_up": ("friendly", "face-up legend"),
            "chosen-max-gig": ("friendly",), "max_power_of_die": ("friendly",), "min_gig_die": ("friendly",),
            "discarded_total_is_a_gig": ("friendly",), "rival-adjusts-gig": ("friendly",),
            "rival-swaps-gig": ("friendly",)}
# A step watching one side's Units fight and acting on the Unit fought (`card: opponent`): a fight is between two
# opposing Units (9.17), so that Unit is of the other side, and a card calls it so ("the opposing friendly Unit").
_OPPOSED = {"rival": "friendly", "friendly": "rival"}
# Areas whose cards are no friendly pieces, or are not called so (1.7.2): a friendly side there is no "friendly".
_NOT_PIECES = ("hand", "trash", "deck", "hand-or-trash", "eddies")
# Keys whose value is a reference or free text, not a game word.
_NOT_WORDS = ("text", "note", "part", "card", "minimum_faq", "until", "name", "actor")
_PAIRS = ("grants", "affected_if", "actor_filter")  # an Effect's fields of (key, value) pairs


def game_terms(card) -> list[str]:
    """The terms of a card's shipped effects and of what its text does to its own cost, sorted."""
    found: set[str] = set()
    for effect in card.printed_effects:
        _effect_terms(effect, found)
    for rule in card.play_cost:
        _walk(rule, found)
    return sorted(found)


# A play price's conditions in words (3.11.1.2?: what the player pays changes, not the cost).
_PRICE_IF = {"rival_gigs_more_by": "while a Rival's Gigs outnumber yours by {} or more",
             "fixer_empty": {True: "while your fixer area holds no dice", False: "while your fixer area holds dice"}}


def cost_words(play_cost) -> list[str]:
    """A card's own cost changes in words: "plays for 1 €$ less for each Unit in your trash", "plays for 3 €$
    while a Rival's Gigs outnumber yours by 2 or more"."""
    from judgekit.engine.conditions import COUNTS
    return [f"plays for {rule.get('amount', 1)} €$ less for each {COUNTS[rule['less_per']]}" if "less_per" in rule
            else " ".join([f"plays for {rule['set_to']} €$", *map(price_condition, rule.get("if") or ())])
            for rule in play_cost if "less_per" in rule or "set_to" in rule]


def price_condition(condition: dict) -> str:
    """When a card's own price in place of its cost applies: "while your fixer area holds no dice"."""
    (name, wanted), = condition.items()
    said = _PRICE_IF.get(name)
    if isinstance(said, dict):
        return said.get(wanted, f"if {name.replace('_', ' ')} is {wanted}")
    return said.format(wanted) if said else f"if {name.replace('_', ' ')} {wanted}"


def _effect_terms(effect, found: set[str]) -> None:
    found.add(effect.trigger.replace("_", "-"))
    _words(effect.trigger, found)
    found.update(_IMPLIED.get(effect.trigger, ()))
    for field in dataclasses.fields(effect):
        value = getattr(effect, field.name)
        if field.name in _PAIRS:
            value = [{name: item} for name, item in value]
        if field.name not in ("trigger", "text", "modes"):
            _walk(value, found, field.name, field.name == "targets" and _calls(effect.do))
    for mode in effect.modes:
        _effect_terms(mode, found)


def _walk(value, found: set[str], key: str | None = None, called: bool = False) -> None:
    """Every truthy key and every value of a game word in an effect's data, nested steps and targets too; a
    face-down Legend target only where it is not Called (a Call is of a face-down Legend, 11.11: unsaid)."""
    from judgekit.search.documents import INSTRUCTION_RULES, SETTING_ACTIONS, SETTING_RULES
    if isinstance(value, dict):
        if value.get("face_up") is False and value.get("kind") == "Legend" and not called:
            found.add("face-down legend")
        if value.get("side") in _OPPOSED and _on_opponent(value.get("do")):
            found.add(_OPPOSED[value["side"]])
        if value.get("side") == "friendly" and not _friendly_said(value, called):
            value = {name: item for name, item in value.items() if name != "side"}
        for name, item in value.items():
            if item and (name in INSTRUCTION_RULES or name in SETTING_RULES or name in OTHER_TERMS):
                found.add(name.replace("_", "-"))
            if isinstance(item, str) and (name, item) in SETTING_ACTIONS:  # a search's rest bottom-decked
                found.add(SETTING_ACTIONS[name, item].replace("_", "-"))
            if item not in (None, False, 0, "", (), []):
                _words(name, found)
                found.update(_IMPLIED.get(name, ()))
            _walk(item, found, name, name in ("targets", "filter") and _calls(value.get("do")))
    elif isinstance(value, (list, tuple)):
        for item in value:
            _walk(item, found, key, called)
    elif isinstance(value, str) and key not in _NOT_WORDS:
        _words(value, found)
        found.update(_IMPLIED.get(value, ()))


def _on_opponent(steps) -> bool:
    """Whether some step, nested ones too, acts on the Unit fought (`card: opponent`, or the instruction's value)."""
    return any(isinstance(step, dict) and any(arg == "opponent" or isinstance(arg, dict) and (
        arg.get("card") == "opponent" or _on_opponent(arg.get("do"))) for arg in step.values()) for step in steps or ())


def _calls(steps) -> bool:
    return any(isinstance(step, dict) and "call_free" in step for step in steps or ())


def _friendly_said(spec: dict, called: bool) -> bool:
    """Whether a friendly side is one a card calls "friendly": not a Called Legend's, a card's in hand, trash, deck
    or Eddies (1.7.2), a Gear's host's, nor a delayed trigger's for one card or at a turn's end."""
    if called or spec.get("area") in _NOT_PIECES or spec.get("kind") == "host":
        return False
    return not ("when" in spec and (spec.get("card") or str(spec["when"]).startswith("end-of")))


def _words(said: str, found: set[str]) -> None:
    """The game terms in a key or value (`friendly-min-gigs`: friendly and min Gig)."""
    parts = re.split(r"[-_:\s]+", said.casefold())
    found.update(_WORDS[part] for part in parts if part in _WORDS)
    for run, term in _RUNS.items():
        if any(tuple(parts[n:n + len(run)]) == run for n in range(len(parts))):
            found.add(term)
