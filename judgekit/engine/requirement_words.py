"""A target's requirement in words (10.31), for what a ruling says it needs: "spent friendly Eddie", "rival Unit
with power 2 or less", "friendly Gear equipped to this card"."""
from __future__ import annotations

_FLAG_WORDS = {  # yes/no requirements of a target, in words
    "cost_equals_stolen": "cost equal to the Gig's value",
    "power_equals_stolen": "power equal to the Gig's value",
    "unequipped": "no Gear",
    "equipped": "Gear equipped to it",
    "weaker_than_a_friendly_unit": "less power than a friendly Unit",
    "max_cost_of_discarded": "cost at most the discarded card's",
    "lowest_power": "the lowest power among its controller's Units",
}
# The rule defining a yes/no requirement, by its key: what a choice cites when a card fails it, and what a card whose
# effect sets it rests on (judgekit.search.documents).
REQUIREMENT_RULES = {"equipped": ("equip.equipped",), "unequipped": ("equip.unequipped",)}
_CARDS_IN = {"eddies": "Eddie", "hand": "card in hand", "trash": "card in the trash"}  # a plain card, by its area
_OUT_OF_PLAY = {"hand": "in hand", "trash": "in the trash", "deck": "in the deck", "removed": "removed from the game"}
_WHERE_WORDS = {"on_this": "equipped to this card", "among_trashed": "among the cards just trashed"}  # after the noun


def describe(need: dict) -> str:
    """A requirement in words, e.g. "rival Gear with power 2 or less", "spent friendly Eddie"."""
    side = need.get("side", "any")
    states = []
    if "spent" in need:
        states.append("spent" if need["spent"] else "ready")
    if "face_up" in need:
        states.append("face-up" if need["face_up"] else "face-down")
    limits = []
    if "max_cost" in need:
        limits.append(f"cost {need['max_cost']} or less")
    if "max_power" in need:
        limits.append(f"power {need['max_power']} or less")
    limits += [words for flag, words in _FLAG_WORDS.items() if need.get(flag)]
    if need.get("tags_any"):
        limits.append(f"the Tag {' or '.join(need['tags_any'])}")
    if "max_power_of_die" in need:
        limits.append(f"power at most the value of a friendly {need['max_power_of_die']}")
    if need.get("other"):
        states.insert(0, "other")
    kind = need.get("kind", "card")
    if kind == "Gear":  # a Gear is equipped to a card (11.6.1), it carries none
        states += [word for word in ("equipped", "unequipped") if need.get(word)]
        limits = [words for words in limits if words not in (_FLAG_WORDS["equipped"], _FLAG_WORDS["unequipped"])]
    noun = "Unit or face-up Legend" if kind == "host" else _CARDS_IN.get(need.get("area"), kind) if kind == "card" \
        else kind
    noun += "".join(f" {words}" for flag, words in _WHERE_WORDS.items() if need.get(flag))
    if kind != "card" and need.get("area") in _OUT_OF_PLAY and not need.get("among_trashed"):
        noun += f" {_OUT_OF_PLAY[need['area']]}"
    return " ".join(states + ([side] if side != "any" else []) + [noun]) + \
        (f" with {', '.join(limits)}" if limits else "")
