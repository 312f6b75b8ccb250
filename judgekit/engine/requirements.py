"""What a target requirement asks of a card (10.7, 10.31): kind, side, area and the limits card text sets.

A requirement is plain data (judgekit.engine.choices' docstring lists it); `fits` is the one place that says
whether a card meets one and, when not, why, with the rule that makes it a reason (UNFIT_RULES).
"""
from __future__ import annotations

from judgekit.engine import equipped, persistent
from judgekit.engine.context import Context
from judgekit.engine.requirement_words import REQUIREMENT_RULES
from judgekit.plural import counted


def where_ok(ctx: Context, label: str, area: str) -> bool:
    """Whether `label` is where a requirement looks: in play (a Legend only face-up), or the named area."""
    _, here = ctx.state.locate(label)
    if area == "hand-or-trash":
        return here in ("hand", "trash")
    if area != "in-play":
        return here == area
    return ctx.state.in_play(label) and (here != "legends" or ctx.state.cards[label].face_up)


FACE_DOWN = "it is face-down, and a face-down card's information is ignored"
# The limits a requirement sets on a card's printed information (its Tags, cost, power): a face-down card meets none.
PRINTED_LIMITS = ("tags_any", "max_cost", "max_power", "cost_equals_stolen", "power_equals_stolen",
                  "weaker_than_a_friendly_unit", "max_power_of_die", "max_cost_of_discarded", "lowest_power")
POWER_LIMITS = ("max_power", "lowest_power", "weaker_than_a_friendly_unit", "power_equals_stolen", "max_power_of_die")
COST_LIMITS = ("max_cost", "cost_equals_stolen", "max_cost_of_discarded")


def is_set(value) -> bool:
    """Whether a requirement's limit is set: `max_cost: 0` is, `equipped: false` and `tags_any: []` are not."""
    return value is not None and value is not False and value != []


GEAR_EQUIPPED = " to a Unit or Legend"  # what `equipped` asks of a Gear (11.6.1), in a reason
RIVAL_HOST = "it is not a friendly card, and Gear is equipped only to friendly ones"  # 4.10.1
UNFIT_RULES = {  # a reason `fits` gives -> the rule that makes it a reason
    FACE_DOWN: ("orientation.face-down-ignored",),
    "it is not a friendly card": ("control.friendly",),
    RIVAL_HOST: ("control.friendly", "gear.default-hosts"),
    "it is not a rival card": ("control.rival",),
    "it is equipped": REQUIREMENT_RULES["unequipped"],
    "it is not equipped": REQUIREMENT_RULES["equipped"],
    "it is equipped" + GEAR_EQUIPPED: ("equip.definition",),
    "it is not equipped" + GEAR_EQUIPPED: ("equip.definition",),
}
NEGATIVE = "a power below 0 counts as 0 when compared"  # 2.10.1, in a reason where it decides
NULL_READ_AS_ZERO = "Null, which an effect reads as 0 for a Legend"  # 3.11.2.3, in a reason where it decides
_VALUE_RULES = {NEGATIVE: "golden.negative-counts-as-zero", NULL_READ_AS_ZERO: "cost-value.null-counts-as-zero"}


def unfit_rules(why: str | None) -> tuple[str, ...]:
    """The rules that make a reason `fits` gives a reason: UNFIT_RULES, and 2.10.1 or 3.11.2.3 where the reason
    says a negative power or a Legend's Null cost decided it."""
    if why is None:
        return ()
    return UNFIT_RULES.get(why, ()) + tuple(rule for words, rule in _VALUE_RULES.items() if words in why)


def ruled_out(ctx: Context, need: dict, controller: str, source: str, event: dict | None,
              options: list[str]) -> tuple[str, tuple[str, ...]]:
    """For "there is none": the cards a rule keeps out that a player could have counted, in words, with those
    rules ("" and () when none is): a power below 0 or a Legend's Null cost as read (2.10.1, 3.11.2.3), a
    face-down card's information (3.4.1), a Tag only its Gear has (4.11.3.2)."""
    words, rules = [], []
    for label in ctx.state.cards:
        why = None if label in options else fits(ctx, label, need, controller, source, event)
        if not why:
            continue
        by = unfit_rules(why) if why == FACE_DOWN or any(w in why for w in _VALUE_RULES) else ()
        if not by and need.get("tags_any") and fits(ctx, label, {k: v for k, v in need.items() if k != "tags_any"},
                                                    controller, source, event) is None:
            by = tag_rules(ctx, need, controller, source, (label,))
        if by:
            words.append(f"{ctx.name(label)}: {why}" + (" (its Gear's Tags are not its own)"
                                                        if "gear.no-inherited-characteristics" in by else ""))
            rules += [rule for rule in by if rule not in rules]
    return (f" ({'; '.join(words)})" if words else ""), tuple(rules)


def _weaker_than_a_friendly_unit(ctx: Context, label: str, controller: str) -> str | None:
    """Why `label` has no less power than any friendly Unit, or None; powers below 0 count as 0 (2.10.1), and the
    reason says so where that decided it."""
    state = ctx.state
    friendly = [c for c in state.players[controller].field if c != label]
    power = {c: persistent.power_of(state, c) or 0 for c in [label, *friendly]}
    if any(max(0, power[label]) < max(0, power[c]) for c in friendly):
        return None
    why = "its power is not less than that of a friendly Unit"
    if any(power[label] < power[c] for c in friendly):
        below = [("its" if c == label else f"{ctx.name(c)}'s") + f" {power[c]} counts as 0" for c in power if power[c] < 0]
        why += f", because {NEGATIVE}: {', '.join(below)}, and " + \
            ", ".join(f"{ctx.name(c)} has {max(0, power[c])}" for c in friendly)
    return why


def fits(ctx: Context, label: str, need: dict, controller: str, source: str, event: dict | None = None) -> str | None:
    """None when `label` meets the requirement, else why not. `event`: facts of the event (a stolen Gig's value)."""
    state = ctx.state
    card = state.cards[label]
    kind = need.get("kind", "card")
    if kind == "host":
        if not (state.is_a(label, "Unit") or state.is_a(label, "Legend") and card.face_up):
            return "it is not a Unit or a face-up Legend (what a Gear is equipped to, 4.10.1)"
    elif kind != "card" and not state.is_a(label, kind):
        return f"it is not a {kind}"
    if not where_ok(ctx, label, need.get("area", "in-play")):
        area = need.get("area", "in-play")
        return "it is not in play" if area == "in-play" else f"it is not in the {area.replace('-or-', ' or the ')}"
    side = need.get("side", "any")
    holder = state.controller(label) or card.owner
    if side == "friendly" and holder != controller or side == "rival" and holder == controller:
        return RIVAL_HOST if kind == "host" and side == "friendly" else f"it is not a {side} card"
    if need.get("other") and label == source:
        return "it is the effect's own source"
    if not card.face_up and any(is_set(need.get(limit)) for limit in PRINTED_LIMITS):
        return FACE_DOWN  # 3.4.1: only that it is a Legend can be told; "a MERC Legend" is no face-down one
    if "max_cost" in need and (effect_cost(card) is None or effect_cost(card) > need["max_cost"]):
        return f"its cost ({_cost_words(card)}) is not {need['max_cost']} or less"
    if "max_power" in need and max(0, persistent.power_of(state, label) or 0) > need["max_power"]:
        return f"its power is not {need['max_power']} or less"
    if need.get("cost_equals_stolen") and effect_cost(card) != (event or {}).get("value"):
        return f"its cost ({_cost_words(card)}) is not {(event or {}).get('value')}, the Gig's value"
    if "spent" in need and card.spent != need["spent"]:
        return f"it is {'ready' if need['spent'] else 'spent'}"
    if need.get("weaker_than_a_friendly_unit") and (why := _weaker_than_a_friendly_unit(ctx, label, controller)):
        return why
    if "max_power_of_die" in need:
        # "a friendly d20": any one will do, so the highest of them (a stolen one is friendly too, 6.7.2.3)
        die = max((v for d, v in state.players[controller].gigs if d == need["max_power_of_die"]), default=None)
        power = max(0, persistent.power_of(state, label) or 0)
        if die is None or power > die:
            return f"its power is not at most the value of a friendly {need['max_power_of_die']}" + \
                (f" (power {power}, the {need['max_power_of_die']} shows {die})" if die is not None
                 else f" (there is no friendly {need['max_power_of_die']})")
    if need.get("max_cost_of_discarded"):
        limit = (event or {}).get("discarded_cost")
        if limit is None or effect_cost(card) is None or effect_cost(card) > limit:
            return f"its cost ({_cost_words(card)}) is not at most the discarded card's " \
                   f"({'none was discarded' if limit is None else limit})"
    if need.get("among_trashed") and label not in (event or {}).get("among", ()):
        return "it is not among the cards the effect just trashed"
    if need.get("tags_any") and not set(need["tags_any"]) & set(card.definition.tags):
        return f"it has none of the tags {', '.join(need['tags_any'])}"
    if (need.get("unequipped") or need.get("equipped")) and _equipped(state, label, kind) == bool(need.get("unequipped")):
        return ("it is equipped" if need.get("unequipped") else "it is not equipped") + \
            (GEAR_EQUIPPED if kind == "Gear" else "")
    if need.get("on_this") and card.equipped_to != source:
        return "it is not equipped to the effect's own card"
    if need.get("power_equals_stolen") and max(0, persistent.power_of(state, label) or 0) != (event or {}).get("value"):
        return f"its power is not {(event or {}).get('value')}, the Gig's value"
    if need.get("lowest_power"):
        holder_units = [c for c in state.players[holder].field if state.is_a(c, "Unit")]
        lowest = min((max(0, persistent.power_of(state, c) or 0) for c in holder_units), default=None)
        if max(0, persistent.power_of(state, label) or 0) != lowest:
            return f"it is not its controller's lowest-power Unit (that is power {lowest})"
    if "face_up" in need and card.face_up != need["face_up"]:
        return f"it is {'face-down' if need['face_up'] else 'face-up'}"
    return None


def _equipped(state, label: str, kind: str) -> bool:
    """What `equipped` asks of a card: a Gear asked for as one (`kind: Gear`) is equipped to a Unit or Legend
    (11.6.1); any other card has one or more Gears attached (11.6.2)."""
    if kind == "Gear":
        return state.cards[label].equipped_to is not None
    return bool(state.cards[label].gear)


def tag_rules(ctx: Context, need: dict, controller: str, source: str, labels=None) -> tuple[str, ...]:
    """4.11.3.2, when it decides a requirement on Tags: a card that meets the rest carries Gear with the Tag but has
    none of its own. `labels`: the cards to look at (default: every card that meets the rest)."""
    if not need.get("tags_any"):
        return ()
    rest = {key: value for key, value in need.items() if key != "tags_any"}
    if labels is None:
        labels = [label for label in ctx.state.cards if fits(ctx, label, rest, controller, source) is None]
    return equipped.own_tags_decide(ctx.state, labels, need["tags_any"])


def all_fitting(ctx: Context, need: dict, controller: str, source: str) -> list[str]:
    """Every card that meets the requirement now ("all rival Units ..."), in the order of the scenario's cards."""
    return [label for label in ctx.state.cards if fits(ctx, label, need, controller, source) is None]


def number_rules(ctx: Context, need: dict, label: str) -> tuple[str, ...]:
    """The rules by which a requirement read this card's numbers, when they decided: total power, Gear included
    (3.17.2), where Gear on a compared Unit counts; a power below 0 read as 0 (2.10.1); a Legend's Null cost read
    as 0 (3.11.2.3)."""
    card = ctx.state.cards[label]
    rules = ("cost-value.null-counts-as-zero",) if any(is_set(need.get(limit)) for limit in COST_LIMITS) \
        and card.definition.cost is None and effect_cost(card) == 0 else ()
    if not any(is_set(need.get(limit)) for limit in POWER_LIMITS):
        return rules
    holder = ctx.state.controller(label) or card.owner
    compared = ctx.state.players[holder].field if need.get("lowest_power") else [label]
    return rules + (("power.unit-total",) if any(ctx.state.cards[c].gear for c in compared) else ()) + \
        (("golden.negative-counts-as-zero",) if any(_below_zero(ctx, c) for c in compared) else ())


def numbers_read(ctx: Context, need: dict, labels) -> tuple[str, tuple[str, ...]]:
    """For a step naming every card that meets a requirement: the words saying which powers below 0 it read as 0
    (2.10.1), and the rules by which it read their numbers (number_rules)."""
    rules = tuple(dict.fromkeys(rule for label in labels for rule in number_rules(ctx, need, label)))
    if "golden.negative-counts-as-zero" not in rules:
        return "", rules
    below = [f"{ctx.name(c)} has {persistent.power_of(ctx.state, c)}" for c in labels if _below_zero(ctx, c)]
    return (f" ({NEGATIVE}: {', '.join(below)})" if below else ""), rules


def _below_zero(ctx: Context, label: str) -> bool:
    return (persistent.power_of(ctx.state, label) or 0) < 0


def _cost_words(card) -> str:
    """A card's cost in a reason: its number, a Legend's Null as read (3.11.2.3), or unknown for an unnamed card."""
    if card.definition.cost is not None:
        return str(card.definition.cost)
    return NULL_READ_AS_ZERO if effect_cost(card) == 0 else "not known: the scenario does not name the card"


def effect_cost(card) -> int | None:
    """A card's cost as an effect reads it: a Legend's Null cost counts as 0 (3.11.2.3); None for a card whose
    cost the scenario does not say (an unnamed card)."""
    if card.definition.cost is None and "Legend" in card.definition.types:
        return 0
    return card.definition.cost


def unnamed_note(ctx: Context, need: dict, controller: str, chosen: tuple[str, ...] = ()) -> str:
    """For "there is none": the cards where the requirement looks that the scenario leaves unnamed (a deck given
    as a count, say), which judgekit cannot know to meet it; "" when there are none. An unnamed card that fails
    what is known of it (ready where a spent card is needed) is not one of them."""
    side = need.get("side", "any")

    def on_its_side(label: str) -> bool:
        holder = ctx.state.controller(label) or ctx.state.cards[label].owner
        return side == "any" or (holder == controller) == (side == "friendly")
    def as_it_stands(card) -> bool:  # what is known of an unnamed card: whether it is spent, face-up
        return all(key not in need or getattr(card, key) == need[key] for key in ("spent", "face_up"))
    unnamed = [label for label, card in ctx.state.cards.items() if card.definition.unknown and label not in chosen
               and where_ok(ctx, label, need.get("area", "in-play")) and on_its_side(label) and as_it_stands(card)]
    if not unnamed:
        return ""
    return (f" (the scenario leaves {counted(len(unnamed), 'card')} there unnamed, and judgekit counts an unnamed card "
            "as none of these; name the cards in the scenario to have them considered)")
