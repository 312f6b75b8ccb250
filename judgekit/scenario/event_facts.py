"""What each kind of trigger gives its effect to name, in one table: the facts of the event that triggered it.

`opponent` (the Unit it fought) comes only with a fight trigger, `it` (the card the event was about) only with a
watching (`friendly-...`, `any-...`) or delayed (`next_time`) trigger, the stolen Gig (`gig: stolen`,
`stolen_die`, `stolen_value`) only with a steal trigger, and an `actor` key only with the watching triggers whose
event has that fact. Anything else names what no event of that kind has: it is refused at the card, not left to
fail (or silently never hold) when the effect resolves.
"""
from __future__ import annotations

FIGHT_TRIGGERS = ("fights", "wins-fight", "loses-fight")
STEAL_TRIGGERS = ("steals", "friendly-steals")

FACTS = {  # fact: (what it names, the triggers that give it, in words)
    "opponent": ("the Unit it fought", "a fight trigger (`fights`, `wins-fight`, `loses-fight`) or a `next_time` "
                                       "waiting for one"),
    "it": ("the card the event was about", "a watching trigger (`friendly-...`, `any-...`) or a `next_time`"),
    "stolen": ("the Gig a steal trigger is about", "a steal trigger (`steals`, `friendly-steals`)"),
    "stolen-value": ("the value of the Gig the effect is about", "a steal trigger (`steals`, `friendly-steals`) "
                                                                 "or `replace: stolen`"),
}
ACTOR_KEYS = {"stole_below_its_power": ("friendly-steals",)}  # actor filter keys only some events have facts for
_STOLEN_CONDITIONS = ("stolen_die", "stolen_value")
_VALUE_FILTERS = ("cost_equals_stolen", "power_equals_stolen")
_PROSE = ("text", "part")  # wording, never a reference


def given(when: str | None, replace: str | None = None) -> frozenset[str]:
    """The facts an effect with this trigger (or replacement) can name."""
    facts = set()
    if when in FIGHT_TRIGGERS:
        facts.add("opponent")
    if (when or "").startswith(("friendly-", "any-")):
        facts.add("it")
    if when in STEAL_TRIGGERS:
        facts |= {"stolen", "stolen-value"}
    if replace == "stolen":
        facts.add("stolen-value")
    return frozenset(facts)


def problem(effect: dict) -> str | None:
    """Why an effect (as its fields, by alias) names a fact its trigger does not give, or None."""
    when = effect.get("when")
    for key in (effect.get("actor") or {}):
        if key in ACTOR_KEYS and when not in ACTOR_KEYS[key]:
            triggers = ", ".join(f"`{t}`" for t in ACTOR_KEYS[key])
            return f"`actor.{key}` is a fact of the event of {triggers} only; a `{when}` event has none"
    have = given(when, effect.get("replace"))
    for part in ("if", "targets", "do", "modes"):
        wanted = _named(effect.get(part), have)
        if wanted:
            fact, written = wanted
            what, where = FACTS[fact]
            return f"`{written}` names {what}, which only {where} gives; this effect's trigger is {_trigger(effect)}"
    return None


def _trigger(effect: dict) -> str:
    for key in ("when", "replace", "activate", "persistent"):
        if effect.get(key) is not None:
            return f"`{key}: {effect[key]}`" if isinstance(effect[key], str) else f"`{key}`"
    return "none"


def _named(value, have: frozenset[str]) -> tuple[str, str] | None:
    """The first fact `value` (instructions, conditions, targets, modes, nested) names and `have` lacks, with how
    it is written."""
    if isinstance(value, list):
        return next((found for item in value if (found := _named(item, have))), None)
    if isinstance(value, str):
        return (value, value) if value in ("opponent", "it") and value not in have else None
    if not isinstance(value, dict):
        return None
    if "next_time" in value:  # a delayed trigger: its own event gives `it`, and `opponent` for a fight
        waits = value["next_time"]
        return _named(waits.get("do"), have | {"it"} | ({"opponent"} if waits.get("when") in FIGHT_TRIGGERS else set()))
    for key, held in value.items():
        if key in _PROSE:
            continue
        if key in _STOLEN_CONDITIONS and held is not None and "stolen" not in have:
            return "stolen", key
        if key in _VALUE_FILTERS and held and "stolen-value" not in have:
            return "stolen-value", key
        if key == "gig" and "stolen" in (held if isinstance(held, list) else [held]) and "stolen" not in have:
            return "stolen", "gig: stolen"
        found = _named(held, have)
        if found:
            return found
    return None
