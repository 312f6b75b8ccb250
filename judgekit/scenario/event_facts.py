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
_DIE_CONDITIONS = {"stolen_die", "rolled_die"}
_VALUE_FILTERS = ("cost_equals_stolen", "power_equals_stolen")
_PROSE = ("text", "part")  # wording, never a reference
# How an effect names its own card ("this Unit", the card it is printed on or read from): a reference to it, a
# value read from it, a requirement or condition measured against it, and the instructions whose card is it unless
# they name another (a steal's actor).
_OWN_REFS = frozenset({"this", "source"})
_OWN_VALUES = frozenset({"this-power", "this-gear"})  # its power, the Gear on it (as a count); `its-gear` is a target's
_OWN_KEYS = frozenset({"other", "on_this"})  # "another ...", "... equipped to this card": measured against it
_OWN_DEFAULTS = {"steal": "actor"}  # instruction: the key naming its card, which is the effect's own when left out


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
    return next(((fact, written) for fact, written in _names(value) if fact in FACTS and fact not in have), None)


def _names(value, own: frozenset[str] = frozenset()):
    """Each (fact, how it is written) that `value` names of its own event; `own`: the facts a delayed trigger
    inside it gives its own instructions (not this event's)."""
    if isinstance(value, (list, tuple)):
        for item in value:
            yield from _names(item, own)
        return
    if isinstance(value, str):
        if value in ("opponent", "it") and value not in own:
            yield value, value
        return
    if not isinstance(value, dict):
        return
    if "next_time" in value:  # a delayed trigger: its own event gives `it`, and `opponent` for a fight
        waits = value["next_time"]
        fought = {"opponent"} if waits.get("when") in FIGHT_TRIGGERS else set()
        yield from _names(waits.get("do"), own | {"it"} | fought)
        return
    for key, held in value.items():
        if key in _PROSE:
            continue
        if key in _STOLEN_CONDITIONS and held is not None:
            yield "stolen", key
        if key in _VALUE_FILTERS and held:
            yield "stolen-value", key
        if key == "gig" and "stolen" in (held if isinstance(held, (list, tuple)) else [held]):
            yield "stolen", "gig: stolen"
        if key == "rolled_die":
            yield "rolled", key
        yield from _names(held, own)


def read_by(effect) -> frozenset[str]:
    """The facts of its event (`it`, `opponent`, `stolen`, `rolled`: the keys a Pending's `known` holds them by)
    that an effect (judgekit's `Effect`) acts on or decides by as it resolves. Its own condition naming only the
    die of the stolen or rolled Gig is no read: it held as the effect triggered (10.3), and a die stays the die
    it is."""
    read = {"stolen" if fact == "stolen-value" else fact for part in (effect.do, effect.targets, effect.all_modes_if)
            for fact, _ in _names(part)}
    read |= {fact for condition in effect.condition if not die_only(condition) for fact, _ in _names(condition)}
    for mode in effect.modes:
        read |= read_by(mode)
    return frozenset(read)


def names_own_card(effect) -> bool:
    """Whether an effect (judgekit's `Effect`) names its own card as it resolves: acts on it ("put this Unit on top
    of your deck"), reads it ("if this Unit is spent", "+X power, X this Unit's power") or measures another card
    against it ("another friendly Unit"). Two different cards' effects that read alike then do different things,
    each about its own card (`Effect.about_own_card`, which holds this once per effect)."""
    return any(_own(part) for part in (effect.do, effect.condition, effect.targets, effect.all_modes_if)) or \
        any(names_own_card(mode) for mode in effect.modes)


def _own(value) -> bool:
    if isinstance(value, str):
        return value in _OWN_REFS or value in _OWN_VALUES
    if isinstance(value, (list, tuple)):
        return any(_own(item) for item in value)
    if not isinstance(value, dict):
        return False
    for key, held in value.items():
        if key in _PROSE:
            continue
        if key.startswith("source_") or key in _OWN_KEYS and held:  # a condition on its own card: source_spent...
            return True
        if key in _OWN_DEFAULTS and not (isinstance(held, dict) and _OWN_DEFAULTS[key] in held):
            return True
        if _own(held):
            return True
    return False


def die_only(condition: dict) -> bool:
    """Whether a condition names of its event only the die of the stolen or rolled Gig."""
    return set(condition) <= _DIE_CONDITIONS
