"""Choices an effect makes (10.7, 10.31): its targets and its modes, taken from the scenario's script or awaited.

A target requirement is plain data: kind (Unit, Gear, Legend, Program or card), side (friendly,
rival or any), area (in-play by default: the field, face-up Legends, equipped Gear), and limits
(max_cost, max_power, spent, other). With no legal target the effect is invalid (10.7).
"""
from __future__ import annotations

import re

from judgekit import echo
from judgekit.engine import conditions, equipped, persistent
from judgekit.engine.context import Context
from judgekit.engine.gigs import find_gig
from judgekit.engine.state import Effect, GameState, legend_as_unit
from judgekit.engine.requirement_words import REQUIREMENT_RULES, describe
from judgekit.engine.trace import AwaitChoice, Refusal, ScenarioMismatch
from judgekit.plural import counted, with_article


def _where_ok(ctx: Context, label: str, area: str) -> bool:
    _, here = ctx.state.locate(label)
    if area == "hand-or-trash":
        return here in ("hand", "trash")
    if area != "in-play":
        return here == area
    return ctx.state.in_play(label) and (here != "legends" or ctx.state.cards[label].face_up)


FACE_DOWN = "it is face-down, and a face-down card's information is ignored"
# The limits a requirement sets on a card's printed information (its Tags, cost, power): a face-down card meets none.
_PRINTED_LIMITS = ("tags_any", "max_cost", "max_power", "cost_equals_stolen", "power_equals_stolen",
                   "weaker_than_a_friendly_unit", "max_power_of_die", "max_cost_of_discarded", "lowest_power")
def _set(value) -> bool:
    """Whether a requirement's limit is set: `max_cost: 0` is, `equipped: false` and `tags_any: []` are not."""
    return value is not None and value is not False and value != []


_UNFIT_RULES = {  # a reason `fits` gives -> the rule that makes it a reason
    FACE_DOWN: ("orientation.face-down-ignored",),
    "it is not a friendly card": ("control.friendly",),
    "it is not a rival card": ("control.rival",),
    "it is equipped": REQUIREMENT_RULES["unequipped"],
    "it is not equipped": REQUIREMENT_RULES["equipped"],
}


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
    if not _where_ok(ctx, label, need.get("area", "in-play")):
        area = need.get("area", "in-play")
        return "it is not in play" if area == "in-play" else f"it is not in the {area.replace('-or-', ' or the ')}"
    side = need.get("side", "any")
    holder = state.controller(label) or card.owner
    if side == "friendly" and holder != controller or side == "rival" and holder == controller:
        return f"it is not a {side} card"
    if need.get("other") and label == source:
        return "it is the effect's own source"
    if not card.face_up and any(_set(need.get(limit)) for limit in _PRINTED_LIMITS):
        return FACE_DOWN  # 3.4.1: only that it is a Legend can be told; "a MERC Legend" is no face-down one
    if "max_cost" in need and (card.definition.cost is None or card.definition.cost > need["max_cost"]):
        return f"its cost is not {need['max_cost']} or less"
    if "max_power" in need and max(0, persistent.power_of(state, label) or 0) > need["max_power"]:
        return f"its power is not {need['max_power']} or less"
    if need.get("cost_equals_stolen") and card.definition.cost != (event or {}).get("value"):
        return f"its cost is not {(event or {}).get('value')}, the Gig's value"
    if "spent" in need and card.spent != need["spent"]:
        return f"it is {'ready' if need['spent'] else 'spent'}"
    if need.get("weaker_than_a_friendly_unit"):
        friendly = [max(0, persistent.power_of(state, c) or 0) for c in state.players[controller].field]
        if not friendly or max(0, persistent.power_of(state, label) or 0) >= max(friendly):
            return "its power is not less than that of a friendly Unit"
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
        if limit is None or (card.definition.cost or 0) > limit:
            return f"its cost is not at most the discarded card's ({'none was discarded' if limit is None else limit})"
    if need.get("among_trashed") and label not in (event or {}).get("among", ()):
        return "it is not among the cards the effect just trashed"
    if need.get("tags_any") and not set(need["tags_any"]) & set(card.definition.tags):
        return f"it has none of the tags {', '.join(need['tags_any'])}"
    if need.get("unequipped") and card.gear:
        return "it is equipped"
    if need.get("equipped") and not card.gear:
        return "it is not equipped"
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


def target_refs(arg) -> list[str]:
    """The `target`, `target2`, ... an instruction names directly (not inside a nested choice's own, nor the
    name a nested choice gives its pick)."""
    if isinstance(arg, str):
        return [arg] if re.fullmatch(r"target\d*", arg) else []
    if isinstance(arg, list):
        return [r for item in arg for r in target_refs(item)]
    if isinstance(arg, dict):
        return [r for key, value in arg.items() if key not in ("do", "then", "otherwise", "targets", "name")
                for r in target_refs(value)]
    return []


_POWER_LIMITS = ("max_power", "lowest_power", "weaker_than_a_friendly_unit", "power_equals_stolen", "max_power_of_die")


def _total_power(ctx: Context, need: dict, label: str) -> tuple[str, ...]:
    """3.17.2: a requirement on power reads total power, Gear included; cited when Gear on a compared Unit counts."""
    if not any(need.get(limit) is not None and need.get(limit) is not False for limit in _POWER_LIMITS):
        return ()
    holder = ctx.state.controller(label) or ctx.state.cards[label].owner
    compared = ctx.state.players[holder].field if need.get("lowest_power") else [label]
    return ("power.unit-total",) if any(ctx.state.cards[c].gear for c in compared) else ()


def unnamed_note(ctx: Context, need: dict, controller: str, chosen: tuple[str, ...] = ()) -> str:
    """For "there is none": the cards where the requirement looks that the scenario leaves unnamed (a deck given
    as a count, say), which judgekit cannot know to meet it; "" when there are none."""
    side = need.get("side", "any")

    def on_its_side(label: str) -> bool:
        holder = ctx.state.controller(label) or ctx.state.cards[label].owner
        return side == "any" or (holder == controller) == (side == "friendly")
    unnamed = [label for label, card in ctx.state.cards.items() if card.definition.unknown and label not in chosen
               and _where_ok(ctx, label, need.get("area", "in-play")) and on_its_side(label)]
    if not unnamed:
        return ""
    return (f" (the scenario leaves {counted(len(unnamed), 'card')} there unnamed, and judgekit counts an unnamed card "
            "as none of these; name the cards in the scenario to have them considered)")


_HIDDEN_AREAS = ("hand", "deck")  # 5.4.2, 5.5.2


def may_fail_to_find(need: dict) -> bool:
    """5.3.2.4.1: a pick from a hidden area by card information the Rival can't check (a Gear, a cost, a Tag) may
    find nothing; a pick of any card there must be made (5.3.2.5)."""
    return need.get("area") in _HIDDEN_AREAS and (need.get("kind", "card") != "card" or
                                                  any(_set(need.get(limit)) for limit in _PRINTED_LIMITS))


def choose_targets(ctx: Context, effect: Effect, controller: str, source: str, what: str,
                   event: dict | None = None, rest_resolves: bool = False, part: bool = False) -> dict[str, str] | None:
    """The effect's targets as refs (target, target2, ...); None when a target has no legal option (10.7).

    `rest_resolves`: the effect has parts that need no target, so with none to choose only the parts
    that need one are invalid and the rest still resolves (2.4, 10.6.2): {} rather than None.
    `part`: the choice is made partway through the effect ("choose", "each player"): with none to choose, that
    part is invalid and does nothing (None), and the effect goes on past it (2.4, 10.6.2).
    """
    chosen: dict[str, str] = {}
    for number, need in enumerate(effect.targets, start=1):
        options = [label for label in ctx.state.cards if label not in chosen.values()
                   and fits(ctx, label, need, controller, source, event) is None]
        none = f"there is none{unnamed_note(ctx, need, controller, tuple(chosen.values()))}" if not options else ""
        if not options and chosen:
            ctx.rec.add("check", f"{what} needs {describe(need)} as another target, and {none}: it chooses as many as "
                                 f"it can ({len(chosen)}), and the parts about the missing one do nothing.",
                        "effect-choices.target-count", "golden.as-much-as-possible", player=controller)
            break
        if not options and rest_resolves:
            ctx.rec.add("check", f"{what} needs {with_article(describe(need))} as a target, and {none}: no choice is made, the parts "
                                 "that need it are invalid and do nothing, and the rest of the effect still resolves.",
                        "effects.no-legal-target", "effect-choices.no-legal-choice", "effects.invalid-part-ignored",
                        "golden.as-much-as-possible", player=controller)
            return {}
        if not options and part:
            ctx.rec.add("check", f"{what} needs {with_article(describe(need))} as a target for this part, and {none}: no choice is "
                                 "made and this part does nothing; the effect goes on past it.",
                        "effects.no-legal-target", "effect-choices.no-legal-choice", "effects.invalid-part-ignored",
                        "golden.as-much-as-possible", player=controller)
            return None
        if not options:
            ctx.rec.add("check", f"{what} needs {with_article(describe(need))} as a target, and {none}, so the effect is "
                                 "invalid: no choice is made and it does nothing.", "effects.no-legal-target",
                        "effect-choices.no-legal-choice", "effects.invalid-whole-ignored", player=controller)
            return None
        fail_to_find = not need.get("up_to") and may_fail_to_find(need)
        optional = need.get("up_to") or fail_to_find
        if not ctx.script.targets and not optional and len(options) > 1 and _alike(ctx.state, options):
            chosen["target" if number == 1 else f"target{number}"] = options[0]
            ctx.rec.add("choice", f"{controller} chooses {ctx.name(options[0])} for {what}: the options are cards no "
                                  "one has named, alike in every way the board shows, so which one makes no "
                                  "difference.", "effect-choices", player=controller, cards=(options[0],),
                        choice=("targets", options[0]))
            continue
        if not ctx.script.targets and not optional and len(options) == 1:
            chosen["target" if number == 1 else f"target{number}"] = options[0]
            ctx.rec.add("choice", f"{controller} chooses {ctx.name(options[0])} for {what}: the only option.",
                        "effect-choices", *legend_as_unit(ctx.state, (options[0],), need.get("kind", "card")),
                        *_total_power(ctx, need, options[0]), player=controller, cards=(options[0],),
                        choice=("targets", options[0]))
            continue
        if not ctx.script.targets:
            wanted = with_article(describe(need))
            asked, rule = (f"must choose {wanted} for {what}, or none (a pick from a hidden area may fail to find)",
                           "hidden-areas.may-fail-to-find") if fail_to_find else \
                (f"may choose {wanted} for {what}, or none (\"up to\")", "golden.up-to") if optional else \
                (f"must choose {wanted} for {what}", None)
            raise AwaitChoice(f"{controller} {asked}: "
                              f"{', '.join(ctx.name(o) for o in options)}. The ruling waits here; script `targets:`"
                              f"{' (none to stop)' if optional else ''}.", controller,
                              ("effect-choices", "effects.no-legal-target", *((rule,) if rule else ())),
                              options=tuple(options), can_decline=bool(optional), choice=("targets",))
        label = ctx.script.targets.pop(0)
        if label == "none" and fail_to_find:
            ctx.rec.add("choice", f"{controller} fails to find {with_article(describe(need))} for {what}: a pick from a hidden "
                                  "area by information that is not public may find nothing.",
                        "hidden-areas.may-fail-to-find", player=controller)
            break
        if label == "none" and optional:
            ctx.rec.add("choice", f"{controller} chooses no more for {what} (\"up to\").", "golden.up-to",
                        player=controller)
            break
        if label == "none":
            raise declined(controller, f"the choice for {what}",
                           f"one {describe(need)} ({', '.join(ctx.name(o) for o in options)})", "effect-choices")
        if label not in ctx.state.cards:
            raise ScenarioMismatch(f"`targets` names {echo.shown(label)}, which is not a card in this scenario", None,
                                   "targets")
        why = fits(ctx, label, need, controller, source, event)
        if why:
            raise Refusal(f"{ctx.name(label)} can't be chosen for {what}: {why} (it needs {with_article(describe(need))}).",
                          ("effect-choices", "effects.no-legal-target", *_UNFIT_RULES.get(why, ()),
                           *_total_power(ctx, need, label), *tag_rules(ctx, need, controller, source, (label,))))
        chosen["target" if number == 1 else f"target{number}"] = label
        ctx.rec.add("choice", f"{controller} chooses {ctx.name(label)} for {what}.", "effect-choices",
                    *legend_as_unit(ctx.state, (label,), need.get("kind", "card")), *_total_power(ctx, need, label),
                    player=controller, cards=(label,))
    return chosen


def _alike(state, labels: list[str]) -> bool:
    """Cards a choice can't tell apart: all unnamed (the scenario's unknown Eddies), in one place, in the same
    orientation, carrying nothing and looked at by no one."""
    def seen(label: str) -> tuple:
        card = state.cards[label]
        return (card.definition.unknown, state.locate(label), card.spent, card.face_up, card.lag, tuple(card.gear),
                card.looked_at_by)
    first = seen(labels[0])
    return first[0] and all(seen(label) == first for label in labels[1:])


def declined(player: str, what: str, options: str, *cites: str) -> Refusal:
    """Declining a mandatory choice in the script (`none`, `false`): refused by 2.1 (an effect is resolved, as
    much of it as can be done, 2.4), with the choice's own rules; never an input error. `options`: what must be
    chosen, in words."""
    return Refusal(f"{player} can't decline {what}: it says neither \"you may\" nor \"up to\", so {options} must "
                   "be chosen and the effect resolved.", ("golden.must-resolve", "golden.as-much-as-possible", *cites))


def choose_gig(ctx: Context, controller: str, sides: list[str], what: str, allowed=None) -> tuple[str, str] | None:
    """A Gig an effect has its controller choose (10.31) from the Gig areas of `sides`: (player, "d6=3").

    `allowed(player, (die, value))` narrows the options. None when there is no Gig to choose (10.31.1).
    Scripted as `gigs:` entries, `d6`, `d6=3`, or `player:d6=3` when either player's Gig may be chosen.
    """
    state = ctx.state
    options = [(p, gig) for p in sides for gig in state.players[p].gigs if allowed is None or allowed(p, gig)]
    if not options:
        ctx.rec.add("check", f"{what} needs a Gig to choose, and there is none it can choose, so that choice is not "
                             "made and that part does nothing.", "effect-choices.no-legal-choice",
                    "effects.invalid-part-ignored", player=controller)
        return None
    shown = ", ".join(f"{p}:{d}={v}" if len(sides) > 1 else f"{d}={v}" for p, (d, v) in options)
    if not ctx.script.gigs and len(options) == 1:
        player, (die, value) = options[0]
        ctx.rec.add("choice", f"{controller} chooses {player}'s {die}={value} for {what}: the only option.",
                    "effect-choices", player=controller,
                    choice=("gigs", f"{player}:{die}={value}" if len(sides) > 1 else f"{die}={value}"))
        return player, f"{die}={value}"
    if not ctx.script.gigs:
        raise AwaitChoice(f"{controller} must choose a Gig for {what}: {shown}. The ruling waits here; script `gigs:`.",
                          controller, ("effect-choices", "gigs"),
                          options=tuple(f"{p}:{d}={v}" if len(sides) > 1 else f"{d}={v}" for p, (d, v) in options),
                          can_decline=False, choice=("gigs",))
    written = ctx.script.gigs.pop(0)
    if written == "none":
        raise declined(controller, f"the choice for {what}", f"one Gig ({shown})", "effect-choices", "gigs")
    prefix, _, rest = written.partition(":")
    player, gig_text = (prefix, rest) if rest and prefix in state.players else \
        (sides[0] if len(sides) == 1 else controller, written)
    gigs = state.players[player].gigs
    die = gig_text.partition("=")[0].strip()
    if die in state.players[player].fixer and all(d != die for d, _ in gigs):
        raise Refusal(f"{player}'s {die} is still in their fixer area: a die there is not a Gig an effect can choose "
                      f"for {what}; the choices are {shown}.",
                      ("gigs.fixer-not-targetable", "fixer-area.gig-effects-exclude"))
    gig = gigs[find_gig(gigs, gig_text, player, "gigs")]
    if player not in sides or (allowed is not None and not allowed(player, gig)):
        raise Refusal(f"{player}'s {gig[0]}={gig[1]} can't be chosen for {what}; the choices are {shown}.",
                      ("effect-choices", "gigs"))
    ctx.rec.add("choice", f"{controller} chooses {player}'s {gig[0]}={gig[1]} for {what}.", "effect-choices",
                player=controller)
    return player, f"{gig[0]}={gig[1]}"


def mode_chooser(state: GameState, effect: Effect, controller: str) -> str:
    """Who picks an effect's modes: its controller, or their Rival where the card says "a Rival chooses" (10.31)."""
    return state.rival_of(controller) if effect.chooser == "rival" else controller


def choose_modes(ctx: Context, effect: Effect, controller: str, source: str, reader: str, what: str,
                 known: dict) -> list[int]:
    """"Choose one" (10.31): the modes that resolve (1 = first). The chooser picks as it resolves; with
    `all_modes_if` holding, all of them, with no choice. Several resolve top to bottom, as printed (2.3)."""
    modes, count = effect.modes, effect.choose
    chooser = mode_chooser(ctx.state, effect, controller)
    by_rival = chooser != controller
    if effect.all_modes_if:
        holds, reasons, rules = conditions.all_hold(ctx.state, effect.all_modes_if, reader, controller, known)
        outcome = ("no one chooses: all of them apply, top to bottom" if holds else
                   f"{chooser}, their Rival, chooses {count} of them instead") if by_rival else \
            (f"{controller} chooses all of them instead, done in the order printed" if holds else
             f"{controller} chooses {count}")
        ctx.rec.add("check", f"{what}: {'; '.join(reasons)}, so {outcome}.", "effects.condition-checked-on-resolve",
                    "effect-choices", *(("effect-choices.written-order", "golden.printed-order") if holds else ()),
                    *rules, player=controller, cards=(source,))
        if holds:
            count = len(modes)
    if count == len(modes):
        return list(range(1, len(modes) + 1))
    listed = "; ".join(f"{n}. {m.text or 'effect ' + str(n)}" for n, m in enumerate(modes, start=1))
    rival_cites = ("effects.your-effect",) if by_rival else ()
    if not ctx.script.modes:
        raise AwaitChoice(f"{chooser} chooses {count} of the effects of {what}: {listed}. The ruling waits here; "
                          + (f"the card gives this choice to {chooser}, {controller}'s Rival, and {controller} still "
                             f"resolves the effect; script `modes:` as {{by: {chooser}, pick: N}}."
                             if by_rival else "script `modes:` with the number of the chosen one."),
                          chooser, ("effect-choices", "effect-choices.written-order", *rival_cites),
                          choice=("modes", len(modes), count, chooser if by_rival else None))
    entry = ctx.script.modes.pop(0)
    picked = list(entry.picks)
    written = picked[0] if len(picked) == 1 else picked  # as the scenario writes it: one number, or a list
    shown = f"`modes` item {entry.index + 1} ({written})"
    if entry.by is None and by_rival:
        raise ScenarioMismatch(f"{shown} is scripted as {controller}'s choice (it has no `by`), but for {what} the "
                               f"card gives the choice to a Rival, {chooser}: write it as {{by: {chooser}, pick: {written}}}",
                               None, ("modes", entry.index))
    if entry.by is not None and entry.by != chooser:
        raise ScenarioMismatch(f"{shown} is scripted as {entry.by}'s choice, but for {what} the choice belongs to "
                               f"{chooser}{', a Rival of ' + controller if by_rival else ', its controller'}",
                               None, ("modes", entry.index, "by"))
    if len(picked) != count or len(set(picked)) != count or not all(1 <= n <= len(modes) for n in picked):
        raise ScenarioMismatch(f"`modes` gives {picked} for {what}, which has {len(modes)} effects to choose "
                               f"{count} from", None, ("modes", entry.index))
    given = f" (the card gives the choice to {controller}'s Rival)" if by_rival else ""
    ctx.rec.add("choice", f"{chooser} chooses for {what}{given}: "
                          f"{'; '.join(modes[n - 1].text or 'effect ' + str(n) for n in picked)}.",
                "effect-choices", "effect-choices.written-order", *(("golden.printed-order",) if count > 1 else ()),
                *rival_cites, player=chooser, cards=(source,))
    return picked
