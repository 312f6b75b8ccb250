"""Conditions of effects (10.3, 10.15.1): checked when the effect applies, and again as it resolves.

Street Cred is the total of a player's Gig values (11.2.1); with no Gigs it is Null, which is not
0 and neither even nor odd (11.2.3, 2.10.2), so a condition about an even Street Cred is false.
"""
from __future__ import annotations

from importlib import import_module

from judgekit.engine import equipped, gigs, last_known
from judgekit.engine.state import GameState
from judgekit.plural import counted

COUNTS = {  # what "for each ..." counts, from the effect controller's side (6.3, 6.5)
    "friendly-gigs": "friendly Gig",
    "rival-gigs": "rival Gig",
    "friendly-gigs-8-plus": "friendly Gig with 8+ value",
    "friendly-even-gigs": "friendly Gig with an even value",
    "friendly-odd-gigs": "friendly Gig with an odd value",
    "friendly-min-gigs": "friendly min Gig",
    "friendly-max-gigs": "friendly max Gig",
    "friendly-value-pairs": "friendly value-pair of Gigs",
    "friendly-different-gig-values": "different value among friendly Gigs",
    "friendly-face-up-legends": "friendly face-up Legend",
    "friendly-units": "friendly Unit",
    "rival-units": "Unit of a Rival",
    "units-in-your-trash": "Unit in your trash",
    "this-gear": "Gear equipped to this card",
    "its-gear": "Gear equipped to the card given the change",
    "friendly-equipped-units-and-legends": "equipped friendly Unit or Legend",
}


# the plural of a COUNTS phrase whose noun is not its last word
COUNTS_MANY = {
    "friendly-gigs-8-plus": "friendly Gigs with 8+ value",
    "friendly-even-gigs": "friendly Gigs with an even value",
    "friendly-odd-gigs": "friendly Gigs with an odd value",
    "friendly-value-pairs": "friendly value-pairs of Gigs",
    "friendly-different-gig-values": "different values among friendly Gigs",
    "rival-units": "Units of a Rival",
    "units-in-your-trash": "Units in your trash",
    "this-gear": "Gears equipped to this card",
    "its-gear": "Gears equipped to the card given the change",
    "friendly-equipped-units-and-legends": "equipped friendly Units or Legends",
}


def counted_as(name: str, n: int) -> str:
    """`n` of COUNTS[name] in words: "1 friendly Gig", "2 Units in your trash"."""
    return counted(n, COUNTS[name], COUNTS_MANY.get(name))


ABOUT_CHOICES = ("card_tags_any", "card_cost_matches_a_gig", "adjusted_is_min",  # ask about what it chose or did
                 "revealed_is", "discarded_total_is_a_gig")


def count(state: GameState, name: str, controller: str, reader: str) -> int:
    """How many of COUNTS[name] there are now; `reader` is the card the effect belongs to."""
    mine = state.players[controller]
    rival = state.players[state.rival_of(controller)]
    values = [value for _, value in mine.gigs]
    if name == "friendly-value-pairs":
        return gigs.value_pairs(mine.gigs)
    if name in ("friendly-min-gigs", "friendly-max-gigs"):
        wanted = (lambda die: 1) if name == "friendly-min-gigs" else (lambda die: gigs.SIDES[die])
        return sum(1 for die, value in mine.gigs if value == wanted(die))
    return {
        "friendly-gigs": lambda: len(mine.gigs),
        "rival-gigs": lambda: len(rival.gigs),
        "friendly-gigs-8-plus": lambda: sum(1 for v in values if v >= 8),
        "friendly-even-gigs": lambda: sum(1 for v in values if v % 2 == 0),
        "friendly-odd-gigs": lambda: sum(1 for v in values if v % 2 == 1),
        "friendly-different-gig-values": lambda: len(set(values)),
        "friendly-face-up-legends": lambda: _face_up_legends(state, controller),
        "friendly-units": lambda: len(mine.field),
        "rival-units": lambda: len(rival.field),
        "units-in-your-trash": lambda: sum(1 for c in mine.trash if state.is_a(c, "Unit")),
        "this-gear": lambda: len(last_known.of(state, reader).gear),
        "its-gear": lambda: len(last_known.of(state, reader).gear),
        "friendly-equipped-units-and-legends": lambda: sum(1 for c in mine.field + mine.legends
                                                           if state.cards[c].gear),
    }[name]()


def _face_up_legends(state: GameState, player: str) -> int:
    """Face-up Legends the player has anywhere in play: a Legend in the field is still a Legend (4.2.1)."""
    mine = state.players[player]
    return sum(1 for c in mine.legends + mine.field if state.is_a(c, "Legend") and state.cards[c].face_up)


def count_rules(state: GameState, name: str, controller: str) -> tuple[str, ...]:
    """The rules a count applies: what it counts (value pairs 6.5, equipped 11.6.2), and the rule that lets a
    card in the field be counted as a Legend (4.2.1), when `name` counts one."""
    field = state.players[controller].field
    counts_a_legend = name == "friendly-face-up-legends" and any(state.is_a(c, "Legend") for c in field)
    if name in ("friendly-units", "rival-units"):  # a Legend in the field counts as a Unit (4.2.1)
        side = field if name == "friendly-units" else state.players[state.rival_of(controller)].field
        counts_a_legend = any(not state.cards[c].definition.is_type("Unit") and state.is_a(c, "Unit") for c in side)
    return COUNT_RULES.get(name, ()) + (("card-types.legend-on-field-is-unit",) if counts_a_legend else ())


def stolen_gig(state: GameState, known: dict | None) -> str:
    """The Gig a steal trigger is about, as "die=value" (6.7.3): as it is now, where it went, while the effect
    resolves (6.3: a Gig's value is its face now; 10.3.3; the place is bound as `stolen`, or kept as `stolen_at`
    before the effect's targets are chosen), else as it was when it was stolen (10.10.1)."""
    known = known or {}
    where = known.get("refs", {}).get("stolen", "") or known.get("stolen_at", "")
    if where.startswith("gig:"):
        _, die, value = gigs.at_place(state, where)
        if value is not None:
            return f"{die}={value}"
    return known.get("stolen", "")


def _compare_cred(state: GameState, controller: str, wanted: str) -> tuple[bool, str, tuple[str, ...]]:
    """More, less or not less Street Cred than the Rival; Null is below every number (5.11.4.2), and two Nulls, no
    numbers at all (2.10.2), are neither more nor less than each other."""
    rival = state.rival_of(controller)
    mine, theirs = street_cred(state, controller), street_cred(state, rival)
    less = cred_rank(mine) < cred_rank(theirs)
    holds = cred_rank(mine) > cred_rank(theirs) if wanted == "more" else less if wanted == "less" else not less
    shown = lambda cred: "Null" if cred is None else str(cred)
    null = ("street-cred.null", "golden.null-not-a-number") if mine is None and theirs is None else \
        ("street-cred.null", "friendly-gig-area.null-below-zero") if None in (mine, theirs) else ()
    compared = f"{'has' if holds else 'does not have'} {wanted} than their Rival" if wanted != "not-less" else \
        f"{'does not have' if holds else 'has'} less than their Rival"
    return holds, f"{controller}'s Street Cred is {shown(mine)} and {rival}'s is {shown(theirs)}, so {controller} " \
                  f"{compared}", ("street-cred.definition",) + null

COUNT_RULES = {  # the rules a count (count_at_least, "for each": per) applies, by what it counts
    "friendly-value-pairs": ("gigs.value-pair", "gigs.value-pair-one-only"),
    "friendly-equipped-units-and-legends": ("equip.equipped",),
    "this-gear": ("equip.equipped",),
    "its-gear": ("equip.equipped",),
}


def cred_rank(cred: int | None) -> int:
    """A Street Cred as it compares with another: Null below every number (5.11.4.2), and equal to another Null."""
    return -1 if cred is None else cred


def street_cred(state: GameState, player: str) -> int | None:
    """11.2.1, 11.2.3: the sum of the player's Gig values, or None (Null) when they have no Gigs."""
    gigs = state.players[player].gigs
    return sum(value for _, value in gigs) if gigs else None


def check(state: GameState, condition: dict, source: str, controller: str,
          known: dict | None = None) -> tuple[bool, str, tuple[str, ...]]:
    """One condition: (holds, why in words, rules). `known`: the facts of the event (what was stolen, rolled, chosen);
    a card that has left play is read as it last was (last_known, 10.10.1)."""
    (name, wanted), = condition.items()
    if name in ("street_cred", "street_cred_at_least"):
        cred = street_cred(state, controller)
        shown = "Null ( - )" if cred is None else str(cred)
        fixer_dice = bool(state.players[controller].fixer)
        rules = ("street-cred.definition",) + (("street-cred.null", "golden.null-not-a-number") if cred is None else ()) \
            + (("fixer-area.not-controlled", "gigs.fixer-not-controlled") if fixer_dice else ())
        if cred is None:
            what = f"{'even or odd' if name == 'street_cred' else 'a number to compare'}"
            odd_even = ("friendly-gig-area.null-not-even-or-odd",) if name == "street_cred" else ()
            return False, f"{controller}'s Street Cred is Null (no Gigs), which is not a number, so it is not {what}", \
                rules + odd_even
        holds = cred % 2 == (0 if wanted == "even" else 1) if name == "street_cred" else cred >= wanted
        need = wanted if name == "street_cred" else f"at least {wanted}"
        fixer = " (the dice in their fixer area are not their Gigs and add nothing)" if fixer_dice else ""
        return holds, f"{controller}'s Street Cred is {shown}{fixer}, {'which is' if holds else 'not'} {need}", rules
    if name == "gigs_at_least":
        held = len(state.players[controller].gigs)
        return held >= wanted, f"{controller} has {held} Gig{'s' if held != 1 else ''} (needs {wanted})", ("gigs",)
    if name == "your_turn":
        holds = (state.turn == controller) == bool(wanted)
        return holds, f"it is {state.turn}'s turn", ()
    if name == "gig_value_at_least":
        values = [value for _, value in state.players[controller].gigs]
        best = max(values, default=None)
        return best is not None and best >= wanted, \
            f"{controller}'s highest Gig is {best if best is not None else 'none'} (needs one of {wanted}+)", ("gigs",)
    if name == "rolled_die":
        rolled = (known or {}).get("rolled") or (known or {}).get("refs", {}).get("rolled", "")
        return rolled.split("=")[0] in wanted, f"the die rolled is {rolled or 'none'}", ("dice.rolling",)
    if name == "stolen_die":
        stolen = stolen_gig(state, known)
        return stolen.split("=")[0] == wanted, f"the stolen Gig is {stolen or 'none'}", ()
    if name == "source_named":
        named = state.cards[source].definition.name
        return named == wanted, f"the card is named {named!r}", ("card-name", "card-name.excludes-subtitle")
    if name == "card_tags_any":
        label = (known or {}).get("refs", {}).get(wanted["card"], wanted["card"])
        seen = last_known.of(state, label) if label in state.cards else None
        tags, keywords = (seen.tags, seen.keywords) if seen else ((), ())
        met = [t for t in wanted["tags"] if t in tags] + [f"[{k}]" for k in wanted.get("or_keywords", ()) if k in keywords]
        holds = bool(met)
        shown = state.cards[label].definition.full_name if label in state.cards else label
        asked = list(wanted["tags"]) + [f"[{k}]" for k in wanted.get("or_keywords", ())]
        lacks = f"does not have {asked[0]}" if len(asked) == 1 else \
            f"has neither {asked[0]} nor {asked[1]}" if len(asked) == 2 else f"has none of {', '.join(asked)}"
        lki = " (as it last was in play: last-known information)" if seen and seen.last_known else ""
        own = equipped.own_tags_decide(state, (label,), wanted["tags"]) if label in state.cards and not seen.last_known \
            else ()
        return holds, f"{shown} {'has ' + ' and '.join(met) if holds else lacks}{lki}" + \
            (" (the Tags of its Gear are not its own)" if own else ""), \
            ("card-tags.effect-reference",) + (("effects.last-known-information",) if lki else ()) + own
    if name == "card_cost_matches_a_gig":
        label = (known or {}).get("refs", {}).get(wanted, wanted)
        if label not in state.cards:
            return False, "no card was chosen or discarded for it", ()
        cost = state.cards[label].definition.cost
        values = [v for _, v in state.players[controller].gigs]
        holds = (cost or 0) in values
        return holds, f"{state.cards[label].definition.full_name} costs {cost if cost is not None else 'Null (0)'}, " \
                      f"{'equal to' if holds else 'not equal to'} a friendly Gig's value", \
            ("cost-value.definition",) + (("cost-value.null-counts-as-zero",) if cost is None else ())
    if name == "adjusted_is_min":
        adjusted = (known or {}).get("refs", {}).get("adjusted")
        if adjusted is None:
            return not wanted, "no Gig was adjusted", ()
        player, die, value = gigs.at_place(state, adjusted)
        holds = value == 1
        return holds == wanted, f"{player}'s {die} shows {value}, {'a' if holds else 'not a'} min Gig", \
            ("gigs.min-gig",)
    if name == "revealed_is":
        label = (known or {}).get("refs", {}).get("revealed")
        if label not in state.cards:
            return False, f"no card was revealed (the deck was empty), so none is a {wanted}", ()
        holds = state.is_a(label, wanted)
        shown = state.cards[label].definition.full_name
        return holds, f"the revealed card, {shown}, {'is' if holds else 'is not'} a {wanted}", \
            ("card-types.the-four-types",)
    if name == "discarded_total_is_a_gig":
        total = int((known or {}).get("refs", {}).get("discarded_total", 0))
        holds = total in [v for _, v in state.players[controller].gigs]
        return holds == wanted, f"{counted(total, 'card')} {'was' if total == 1 else 'were'} discarded in total, " \
                                f"{'equal to' if holds else 'not equal to'} " \
                                f"the value of a friendly Gig of {controller}'s", ("gigs.value",)
    if name == "street_cred_below":
        cred = street_cred(state, controller)
        holds = cred is None or cred < wanted
        shown = "Null" if cred is None else str(cred)
        return holds, f"{controller}'s Street Cred is {shown}, {'which is' if holds else 'not'} below {wanted}", \
            ("street-cred.definition",) + (("friendly-gig-area.null-below-zero",) if cred is None else ())
    if name == "stolen_value":
        stolen = stolen_gig(state, known)
        value = int(stolen.split("=")[1]) if "=" in stolen else None
        holds = value is not None and value % 2 == (0 if wanted == "even" else 1)
        return holds, f"the stolen Gig shows {value if value is not None else 'nothing'}", ("gigs.value",)
    if name == "street_cred_vs_rival":
        return _compare_cred(state, controller, wanted)
    if name == "street_cred_differs_by_at_least":
        mine, theirs = street_cred(state, controller), street_cred(state, state.rival_of(controller))
        if mine is None or theirs is None:
            return False, "a Street Cred is Null, which is not a number, so there is no difference to measure", \
                ("street-cred.null", "golden.null-not-a-number")
        return abs(mine - theirs) >= wanted, f"the Street Creds are {mine} and {theirs} (needs a difference of " \
                                             f"{wanted}+)", ("street-cred.definition",)
    if name == "rival_gigs_more_by":
        mine, theirs = len(state.players[controller].gigs), len(state.players[state.rival_of(controller)].gigs)
        both = f"{controller} and their Rival both have {counted(mine, 'Gig')}" if mine == theirs else \
            f"{controller} has {counted(mine, 'Gig')} and their Rival {theirs}"
        return theirs - mine >= wanted, f"{both} (the Rival needs {wanted}+ more)", ("gigs",)
    if name == "count_at_least":
        have = count(state, wanted["count"], controller, source)
        lki = wanted["count"] in ("this-gear", "its-gear") and last_known.of(state, source).last_known
        said = f"{state.cards[source].definition.full_name} had {counted(have, 'Gear')} equipped as it last was in " \
               "play (it has left: last-known information)" if lki else \
            f"{controller} has {counted_as(wanted['count'], have)}"
        return have >= wanted["n"], f"{said} (needs {wanted['n']})", \
            count_rules(state, wanted["count"], controller) + (("effects.last-known-information",) if lki else ())
    if name == "min_gig_die":
        shown = [value for die, value in state.players[controller].gigs if die == wanted]
        holds = 1 in shown
        return holds, f"{controller}'s {wanted} shows 1, a min Gig" if holds else \
            f"{controller}'s {wanted} shows {' and '.join(map(str, shown))}, not 1 (not a min Gig)" if shown else \
            f"{controller} has no {wanted} among their Gigs (only a friendly one counts)", ("gigs.min-gig",)
    if name == "fixer_empty":
        empty = not state.players[controller].fixer
        return empty == wanted, f"{controller}'s fixer area is {'empty' if empty else 'not empty'}", \
            ("fixer-area.empty",)
    if name == "even_and_odd_gigs":
        values = [v for _, v in state.players[controller].gigs]
        holds = any(v % 2 == 0 for v in values) and any(v % 2 for v in values)
        return holds == wanted, f"{controller} {'controls' if holds else 'does not control'} both an even and an " \
                                "odd Gig", ()
    if name == "all_legends_face_up":
        holds = all(state.cards[c].face_up for c in state.players[controller].legends)
        return holds == wanted, f"{controller}'s Legends are {'all' if holds else 'not all'} face-up", ()
    if name == "played_this_turn":
        played = [c for w, p, c in state.this_turn if w == "played" and p == controller
                  and (wanted == "card" or state.played_as(c, wanted))]
        return bool(played), f"{controller} has {'played ' + str(len(played)) if played else 'not played'} " \
                             f"{'a card' if wanted == 'card' else 'a ' + wanted} this turn", ()
    if name == "not_played_this_turn":
        holds, why, rules = check(state, {"played_this_turn": wanted}, source, controller, known)
        return not holds, why, rules
    if name == "source_stole_this_turn":
        holds = state.happened_this_turn("stole", label=source)
        new = " since it came back into play as a new card" if state.in_play(source) and state.since_in_play(source) \
            else ""
        return holds == wanted, f"{state.cards[source].definition.full_name} has {'' if holds else 'not '}stolen a " \
                                f"Gig this turn{new}", ("gigs.steal-actor", "gigs.steal-actor.attacker")
    if name == "source_spent":
        seen = last_known.of(state, source)
        lki = " (as it last was in play: last-known information)" if seen.last_known else ""
        return seen.spent == wanted, f"{state.cards[source].definition.full_name} is " \
                                     f"{'spent' if seen.spent else 'ready'}{lki}", \
            ("orientation.spend",) + (("effects.last-known-information",) if lki else ())
    if name == "source_in":
        area = state.locate(source)[1]
        return area == wanted, f"its source is in the {area}", ()
    if name == "source_power_at_least":
        seen = last_known.of(state, source)
        power = seen.power
        lki = " (last-known information: its power as it last was in play)" if seen.last_known else ""
        shown = 0 if power is None else power
        continuous = import_module(f"{__package__}.{_CONTINUOUS_EFFECTS}")
        attacking = [] if lki else continuous.while_attacking(state, source)
        during = f", with {' and '.join(attacking)}, which applies while it attacks, from the declaration" \
            if attacking else ""
        gain = None if lki else continuous.power_being_decided(state, source)
        without = "" if gain is None else \
            f", read without the {gain:+d} this effect would give it, since its condition decides whether it applies" \
            + (f"; with it, it would have {shown + gain}, which would meet it" if shown < wanted <= shown + gain else "")
        return max(0, shown) >= wanted, f"its source's power is {shown}{lki}{during} (needs {wanted}){without}", \
            (("effects.last-known-information",) if lki else ()) + (("attack.declared-triggers",) if during else ()) + \
            (("effects.conditions",) if without else ()) + \
            (("golden.negative-counts-as-zero",) if shown < 0 else ())
    raise ValueError(f"unknown condition {name!r}")


def power_now(state: GameState, label: str) -> int | None:
    """A card's power with every continuous effect (3.17, 10.8): `persistent.power_of`, whose effects may in turn
    hold only under a condition. Reached by name, as the interpreter reaches an instruction's module, so that
    conditions and continuous effects do not import each other in a circle."""
    return import_module(f"{__package__}.{_CONTINUOUS_EFFECTS}").power_of(state, label)


_CONTINUOUS_EFFECTS = "persistent"  # the module of continuous effects (10.8)


def all_hold(state: GameState, conditions: tuple[dict, ...], source: str, controller: str,
             known: dict | None = None) -> tuple[bool, list[str], tuple[str, ...]]:
    """Every condition in order; the first false one decides (10.3.1)."""
    reasons: list[str] = []
    rules: tuple[str, ...] = ()
    for condition in conditions:
        holds, why, cited = check(state, condition, source, controller, known)
        reasons.append(why)
        rules += cited
        if not holds:
            return False, reasons, rules
    return True, reasons, rules

def per_count(ctx, source, controller, per: str, refs) -> int:
    """How many of `per` there are as the instruction resolves ("for each ...")."""
    reader = refs.get("this", source)
    n = count(ctx.state, per, controller, reader)
    lki = per in ("this-gear", "its-gear") and last_known.of(ctx.state, reader).last_known
    said = f"{ctx.name(reader)} has {counted(n, 'Gear')} equipped" if per in ("this-gear", "its-gear") else \
        f"{controller} has {counted_as(per, n)}"
    ctx.rec.add("check", f"{said} as it resolves"
                         f"{' (as that card last was in play, for it has left: last-known information)' if lki else ''}.",
                "effects.conditions", *count_rules(ctx.state, per, controller),
                *(("effects.last-known-information",) if lki else ()), player=controller)
    return n
