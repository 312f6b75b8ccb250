"""Persistent effects (10.22-10.23): what a card is right now, after every effect that keeps applying.

Two sources: the persistent effects printed on cards that are where those effects work (10.22.3),
and lasting changes that resolved effects gave a card for a duration ("this turn", "until your
next turn"). Where one effect says a card can and another says it can't, it can't (2.6).
"""
from __future__ import annotations

from importlib import import_module

from judgekit.engine import conditions, equipped
from judgekit.engine.context import Context
from judgekit.engine.card_definition import Effect
from judgekit.engine.state import GameState, Modifier


def active_effects(state: GameState, kind: str = "persistent"):
    """(source label, controller, effect, the card it is read as) for every effect of `kind` now working.

    A card's effects work while it is in the field or a face-up Legend; a Gear's top textbox is the
    Gear's own, and its bottom textbox is read as the host's (4.11, 10.22.3).
    """
    sources = state.printed_on(f"{kind} effects", lambda effect: effect.kind == kind)
    if not sources:
        return
    for name in state.players:
        for label in state.text_works(name):
            card = state.cards[label]
            if label in sources:
                for effect in card.definition.effects:
                    if effect.kind == kind:
                        yield label, name, effect, label
            for g in card.gear:
                if g not in sources:
                    continue
                for effect in state.cards[g].definition.bottom_effects:
                    if effect.kind == kind:
                        yield g, name, effect, label
                for effect in state.cards[g].definition.top_effects:
                    if effect.kind == kind:
                        yield g, name, effect, g


# The persistent effects whose conditions are being checked now: (state, reader, effect) -> (effect, controller).
_DECIDING: dict[tuple[int, str, int], tuple[Effect, str]] = {}


def condition_holds(state: GameState, effect: Effect, reader: str, controller: str):
    """Whether a persistent effect's condition holds now (10.4.3): (holds, reasons, rules), as `conditions.all_hold`.

    A condition is what must be true for its effect to apply (10.3), so it is read on the board without that
    effect: while it is checked, the effect does not apply (`printed_effects_on`). "While this has 5 or more power,
    +1" reads the power without its own +1, and effects whose conditions read each other end there.
    """
    if not effect.condition:
        return True, [], ()
    key = (id(state), reader, id(effect))
    _DECIDING[key] = effect, controller
    try:
        return conditions.all_hold(state, effect.condition, reader, controller)
    finally:
        del _DECIDING[key]


def power_being_decided(state: GameState, label: str) -> int | None:
    """The power that effects whose conditions are being checked would give `label`, when its power is read for such
    a condition; None when no such effect changes its power (10.3: the condition reads the power without them)."""
    gains = [_power_given(state, effect, key[1], controller) for key, (effect, controller) in _DECIDING.items()
             if key[0] == id(state) and affects(state, effect, key[1], controller, label)
             and any(grant in ("power", "power-per") for grant, _ in effect.grants)]
    return sum(gains) if gains else None


def _power_given(state: GameState, effect: Effect, reader: str, controller: str) -> int:
    return sum(value if grant == "power" else value[0] * conditions.count(state, value[1], controller, reader)
               for grant, value in effect.grants if grant in ("power", "power-per"))


def _deciding(state: GameState, reader: str, effect: Effect) -> bool:
    return (id(state), reader, id(effect)) in _DECIDING


def lapsing(state: GameState, label: str) -> list[tuple[str, Effect, tuple[str, ...]]]:
    """10.22.3: the persistent effects of `label` and its Gear that apply to other Units now, with those Units;
    they stop applying when the card leaves the areas where its effects work."""
    own = (label, *state.cards[label].gear)
    found = []
    for source, controller, effect, reader in active_effects(state):
        if source not in own or effect.affects == "this" or _deciding(state, reader, effect) or \
                not condition_holds(state, effect, reader, controller)[0]:
            continue
        units = tuple(u for player in state.players.values() for u in player.field
                      if u not in own and affects(state, effect, reader, controller, u))
        if units:
            found.append((source, effect, units))
    return found


def affects(state: GameState, effect: Effect, reader: str, controller: str, label: str) -> bool:
    """Whether the effect applies to `label`: its `affects` group, then what the card must be (`affected_if`)."""
    return _in_group(state, effect, reader, controller, label) and \
        all(_is(state, label, reader, need, wanted) for need, wanted in effect.affected_if)


def _in_group(state: GameState, effect: Effect, reader: str, controller: str, label: str) -> bool:
    """Whether `label` is in the effect's `affects` group (itself, or the Units of a side)."""
    if effect.affects == "this":
        return label == reader
    where = state.locate(label)
    if where[1] != "field" or not state.is_a(label, "Unit", where[1]):
        return False
    side = {"friendly-units": controller, "rival-units": state.rival_of(controller)}.get(effect.affects)
    return side is None or where[0] == side


def _is(state: GameState, label: str, reader: str, need: str, wanted) -> bool:
    if need == "tag":
        return wanted in state.cards[label].definition.tags
    if need == "other":
        return label != reader
    if need == "attacking":
        return state.attack is not None and state.attack[0] == label
    if need == "played_this_turn":
        return state.happened_this_turn("played", label=label)
    raise ValueError(f"unknown requirement {need!r}")


def printed_effects_on(state: GameState, label: str, active: list | None = None,
                       wanted=None) -> list[tuple[str, str, Effect, str]]:
    """Persistent card effects that apply to `label` now, with their conditions met (10.3, 10.22.3).

    `active`: `list(active_effects(state))` when the caller asks about many cards of one state. `wanted`: only the
    effects it accepts (a test of the effect alone, made before whom it affects and its condition are read: both
    only read the board, so the same effects are found, for less).
    """
    found = []
    for source, controller, effect, reader in (active if active is not None else active_effects(state)):
        if (wanted is None or wanted(effect)) and affects(state, effect, reader, controller, label) and \
                not _deciding(state, reader, effect) and \
                condition_holds(state, effect, reader, controller)[0]:
            found.append((source, controller, effect, reader))
    return found


def power_not_applying(state: GameState, label: str) -> list[tuple[str, Effect, list[str], tuple[str, ...]]]:
    """Persistent power bonuses on the board that would apply to `label` but whose condition is false now (10.3.1):
    (source, effect, the condition in words, its rules), for a ruling to say why they don't count."""
    return _not_applying(state, label, lambda effect: any(grant in ("power", "power-per") for grant, _ in effect.grants))


def grants_not_applying(state: GameState, label: str, grant: str, what: str):
    """As `power_not_applying`, for the printed effects saying `label` can (or can't) do `what` (`grant` "can" or
    "cant"), such as "can attack the turn it's played if ...": a ruling says why they don't apply (10.3.1)."""
    return _not_applying(state, label, lambda effect: (grant, what) in effect.grants)


def _not_applying(state: GameState, label: str, wanted) -> list[tuple[str, Effect, list[str], tuple[str, ...]]]:
    found = []
    for source, controller, effect, reader in active_effects(state):
        if not effect.condition or not wanted(effect) or not affects(state, effect, reader, controller, label):
            continue
        holds, reasons, rules = condition_holds(state, effect, reader, controller)
        if not holds:
            found.append((source, effect, reasons, rules))
    return found


NOT_YET = ("next-attack", "its-controllers-next-turn")  # lasting changes given now that apply only later


def modifiers_on(state: GameState, label: str) -> list[Modifier]:
    """The lasting changes applying to `label` now (10.23): one given for "the next time it attacks" waits, and
    applies only once that attack is declared (`declared.fix`)."""
    return [m for m in state.modifiers if m.card == label and m.until not in NOT_YET]


def waiting_for_attack(state: GameState, label: str) -> list[Modifier]:
    """The lasting changes given to `label` for the next time it attacks, not yet applying (10.23)."""
    return [m for m in state.modifiers if m.card == label and m.until == "next-attack"]


def power_of(state: GameState, label: str, active: list | None = None) -> int | None:
    """Printed power, plus its Gear's power now (3.17.3.1), plus persistent effects and lasting changes on it
    (3.17.2); may be negative (2.10). A Gear's own is what effects aimed at that Gear give it (3.17.3.3)."""
    base = equipped.power_of(state, label, lambda gear: power_of(state, gear, active))
    if active is not None and not active and not state.modifiers:
        return base  # no effect working and no lasting change: printed power and Gear alone
    bonus = sum(amount for amount, _, _ in _power_changes(state, label, active))
    if base is None and not bonus:
        return None
    return (base or 0) + bonus


def _power_changes(state: GameState, label: str, active: list | None = None):
    """The persistent effects (10.22) and lasting changes (10.23) changing `label`'s power now: (amount, the card
    of the effect, or the lasting change, whether it counts only because the card is fighting)."""
    for source, controller, effect, reader in printed_effects_on(state, label, active):
        yield _power_given(state, effect, reader, controller), source, False
    for modifier in modifiers_on(state, label):
        if not modifier.while_fighting:
            yield modifier.power, modifier, False
    if state.attack is not None:  # power only in a fight (9.16.1), from a module that reads this one
        yield from ((amount, whose, True) for amount, whose in
                    import_module(f"{__package__}.fighting").changes(state, label))


def power_parts(state: GameState, label: str) -> list[tuple[int, str]]:
    """What `power_of` adds up, part by part (3.17.2): its printed power, each Gear's power (3.17.3.1), each
    persistent effect and lasting change that changes it (10.22, 10.23), as (amount, where it comes from)."""
    parts = [(state.cards[label].definition.power or 0, "printed")]
    parts += [(power_of(state, g) or 0, state.cards[g].definition.full_name) for g in state.cards[label].gear]
    parts += [(amount, f"while fighting ({name})" if fight_only else f"{name}'s effect")
              for amount, whose, fight_only in _power_changes(state, label)
              for name in [state.cards[whose].definition.full_name if isinstance(whose, str) else whose.source_name]]
    return [part for i, part in enumerate(parts) if i == 0 or part[0]]


def power_parts_said(state: GameState, label: str) -> str:
    """`power_parts` in words (`6 printed, +2 while fighting (Synapse Burnout)`); "" when it is the printed power
    alone."""
    parts = power_parts(state, label)
    if len(parts) == 1:
        return ""
    return ", ".join([f"{parts[0][0]} printed", *(f"{amount:+d} {source}" for amount, source in parts[1:])])


def gear_rules(state: GameState, labels) -> tuple[str, ...]:
    """The rules deciding the power of those of `labels` with Gear: the host counts its Gear's power (3.17.2,
    3.17.3, 3.17.3.1), a Gear's printed one (3.17.3.2) or as an effect aimed at that Gear changed it (3.17.3.3)."""
    gear = [g for label in labels for g in state.cards[label].gear]
    if not gear:
        return ()
    changed = [power_of(state, g) != (state.cards[g].definition.power or 0) for g in gear]
    return ("power.unit-total", "power.gear-modifies-host", "power.host-inherits-gear-power",
            *(("power.gear-printed",) if not all(changed) else ()),
            *(("power.gear-unaffected-unless-targeted",) if any(changed) else ()))


def while_attacking(state: GameState, label: str) -> list[str]:
    """The effects that change `label`'s power only because it is attacking: applied from the declaration (9.5)."""
    return [f"{state.cards[source].definition.full_name}'s effect" for source, _, effect, _ in
            printed_effects_on(state, label) if any(need == "attacking" for need, _ in effect.affected_if)
            and any(grant in ("power", "power-per") for grant, _ in effect.grants)]


def gear_tags_decide(state: GameState, labels) -> tuple[str, ...]:
    """4.11.3.2 where it decides a continuous effect's reach: an effect in play asks for a Tag that one of `labels`
    lacks while its Gear has it, so the effect does not apply to that card (its power is read without it)."""
    for _, controller, effect, reader in active_effects(state):
        wanted = [value for need, value in effect.affected_if if need == "tag"]
        reached = [label for label in labels if _in_group(state, effect, reader, controller, label)]
        if wanted and reached and equipped.own_tags_decide(state, reached, wanted):
            return ("gear.no-inherited-characteristics",)
    return ()


def keywords_of(state: GameState, label: str) -> tuple[str, ...]:
    found = list(equipped.keywords_of(state, label))
    if printed_anywhere(state, "keyword"):
        for *_, effect, _ in printed_effects_on(state, label, wanted=_gives_a_keyword):
            found += [value for grant, value in effect.grants if grant == "keyword" and value not in found]
    for modifier in modifiers_on(state, label):
        found += [k for k in modifier.keywords if k not in found]
    return tuple(found)


def _gives_a_keyword(effect: Effect) -> bool:
    return any(grant == "keyword" for grant, _ in effect.grants)


def printed_anywhere(state: GameState, grant: str, what=None) -> bool:
    """Whether a card of this game prints a persistent effect granting `grant` (`what`: that one, such as ("cant",
    "attack"); None: any): found once per game (`GameState.printed_on`), so a question most games never need
    (what forbids an attack, what gives a keyword) is not asked of every effect working at every step."""
    return bool(state.printed_on(f"persistent {grant} {what}", lambda effect: effect.kind == "persistent" and any(
        kind == grant and what in (None, value) for kind, value in effect.grants)))


def keyword_givers(state: GameState, label: str, keyword: str) -> tuple[list[str], tuple[str, ...]]:
    """Where `label` has `keyword` from besides its own printing, as `keywords_of` finds it: an equipped Gear's
    bottom textbox (4.11.3, 11.6.4), an effect in play or a lasting change (10.22, 10.23); with the rules."""
    gear = [f"{state.cards[g].definition.full_name}'s bottom textbox" for g in state.cards[label].gear
            if keyword in state.cards[g].definition.bottom_keywords]
    effects = [f"{state.cards[source].definition.full_name}'s effect" for source, _, effect, _ in
               printed_effects_on(state, label) if ("keyword", keyword) in effect.grants]
    effects += [f"{m.source_name}'s effect" for m in modifiers_on(state, label) if keyword in m.keywords]
    return gear + effects, (("gear.bottom-textbox", "equip.inherit-bottom-text") if gear else ()) + \
        (("persistent-effects", "persistent-effects.duration") if effects else ())


def steal_change(state: GameState, label: str) -> tuple[int, list[str]]:
    """How many more (or fewer) Gigs effects make `label` steal, and which effects."""
    changes = [(value, f"{state.cards[source].definition.full_name}'s effect")
               for source, _, effect, _ in printed_effects_on(state, label)
               for grant, value in effect.grants if grant == "steals"]
    changes += [(m.steals, f"{m.source_name}'s effect") for m in modifiers_on(state, label) if m.steals]
    return sum(v for v, _ in changes), [name for _, name in changes]


def forbidders(ctx: Context, label: str, restriction: str, conditional: bool = True) -> list[str]:
    """Names of the effects that say `label` can't do `restriction` (2.6: can't beats can); without the printed
    ones with a condition when `conditional` is False (their condition was read earlier, as for "can't be blocked")."""
    return _granting(ctx.state, label, "cant", restriction, conditional)


def forbidding(state: GameState, label: str, restriction: str) -> list[str]:
    """As `forbidders`, from a state alone (for checking a scenario's starting board)."""
    return _granting(state, label, "cant", restriction)


def permitting(state: GameState, label: str, permission: str) -> list[str]:
    """As `permitters`, from a state alone (for what an attack's declaration fixes)."""
    return _granting(state, label, "can", permission)


def forbidden_because(ctx: Context, label: str, restriction: str) -> tuple[list[str], tuple[str, ...]]:
    """Why the printed effects forbidding `label` that `restriction` apply now: the reasons their conditions hold
    and the rules deciding them (10.3; Null Street Cred below every number, 5.11.4.2, and the like)."""
    reasons: list[str] = []
    rules: tuple[str, ...] = ()
    for _, controller, effect, reader in printed_effects_on(ctx.state, label):
        if ("cant", restriction) in effect.grants and effect.condition:
            _, why, cited = condition_holds(ctx.state, effect, reader, controller)
            reasons += why
            rules += cited
    return reasons, rules


def permitters(ctx: Context, label: str, permission: str) -> list[str]:
    """Names of the effects that say `label` can do what the rules forbid (2.5: card text beats the rules)."""
    return _granting(ctx.state, label, "can", permission)


def effect_name(state: GameState, source: str, effect: Effect) -> str:
    """An effect in words: its card's name (with its label when another card shares the name), and its text where
    it has one."""
    full = state.cards[source].definition.full_name
    twins = source != full and any(c.definition.full_name == full for label, c in state.cards.items() if label != source)
    return f"{full}{f' [{source}]' if twins else ''}'s effect" + (f" ({effect.text})" if effect.text else "")


def printed_granting(state: GameState, label: str, grant: str, what: str) -> list[tuple[str, Effect]]:
    """(source, effect) of the printed effects saying `label` can (or can't) do `what` now, conditions met."""
    return [(source, effect) for source, _, effect, _ in
            printed_effects_on(state, label, wanted=lambda effect: (grant, what) in effect.grants)]


def still_working(state: GameState, source: str, effect: Effect, label: str) -> bool:
    """Whether `source` still applies `effect` to `label`, its condition aside: whether it is still where its
    effect works (10.22.3; a Gear's bottom textbox only on its host, 11.6.4)."""
    return any(s == source and e is effect and affects(state, e, reader, controller, label)
               for s, controller, e, reader in active_effects(state))


def _granting(state: GameState, label: str, grant: str, what: str, conditional: bool = True) -> list[str]:
    def wanted(effect: Effect) -> bool:
        return (grant, what) in effect.grants and (conditional or not effect.condition)

    names = [effect_name(state, source, effect)
             for source, _, effect, _ in printed_effects_on(state, label, wanted=wanted)] \
        if printed_anywhere(state, grant, what) else []
    # a permission lets the Unit declare an attack, and the attack being declared is "the next time it attacks"
    lasting = modifiers_on(state, label) + (waiting_for_attack(state, label) if grant == "can" else [])
    names += [f"{m.source_name}'s effect" for m in lasting if what in getattr(m, grant)]
    return names
