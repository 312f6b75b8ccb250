"""The scripted actions of a scenario, and the choices scripted with them, as engine Actions."""
from __future__ import annotations

import re

from judgekit.echo import shown
from judgekit.engine.action_kinds import MORE_REACTIONS
from judgekit.engine.actions import Action
from judgekit.engine.context import ModePick
from judgekit.engine.gigs import FOLLOWED, marks


_GIG = re.compile(r"d(?P<sides>4|6|8|10|12|20)(?:=(?P<value>\d{1,3}))?")


def build_actions(builder) -> tuple[list[Action], list[tuple]]:
    """Each action spec with its card and player references resolved (problems go to the builder)."""
    paths = [("actions", i) for i in range(len(builder.scenario.actions))]
    return [build_action(builder, spec, path) for spec, path in zip(builder.scenario.actions, paths)], paths


def build_action(builder, spec, path: tuple) -> Action:
    """One action spec (in `actions:`, or in `expect: can/cannot`) as an engine Action, references resolved."""
    verb = spec.verb
    value = getattr(spec, verb)
    player = builder.player_ref(spec.by, path + ("by",))
    target, reactions = None, None
    gig_args: tuple = ()
    if verb in ("draw", "setup", "start_phase", "pass_turn", "concede", "resume_attack"):
        cards: tuple[str, ...] = ()
        if spec.react is not None:
            reactions = _reactions(builder, spec.react, path + ("react",))
    elif verb == "adjust":
        cards = ()
        whose = builder.player_ref(value.of, path + ("adjust", "of")) if value.of else None
        gig_args = (whose, _gig(builder, value.gig, path + ("adjust", "gig")), *value.how)
    elif verb == "swap":
        cards, gig_args = (), (_gig(builder, value.mine, path + ("swap", "mine")),
                               _gig(builder, value.theirs, path + ("swap", "theirs")))
    elif verb == "attack":
        cards = (builder.ref(value, path + (verb,)),)
        target = "gig-area" if spec.target == "gig-area" else builder.ref(spec.target, path + ("target",))
        if spec.react is not None:
            reactions = _reactions(builder, spec.react, path + ("react",))
    elif verb == "bottom_deck":
        items = value if isinstance(value, list) else [value]
        cards = tuple(builder.ref(v, path + (verb, j) if isinstance(value, list) else path + (verb,))
                      for j, v in enumerate(items))
        _named_once(builder, cards, path + (verb,), "card")
    else:
        cards = (builder.ref(value, path + (verb,)),)
    pay = tuple(builder.ref(p, path + ("pay", j)) for j, p in enumerate(spec.pay)) if spec.pay is not None \
        else None
    equip_to = builder.ref(spec.equip_to, path + ("equip_to",)) if spec.equip_to else None
    to = {"deck-top": "deck-top", "deck-bottom": "deck-bottom"}.get(spec.to, spec.to)
    return Action(kind=verb, player=player, cards=cards, to=to, pay=pay, equip_to=equip_to,
                  from_area=spec.from_, count=spec.draw or 0, note=spec.note,
                  target=target, reactions=reactions,
                  steal=tuple(_gig(builder, g, path + ("steal", j)) for j, g in enumerate(spec.steal))
                  if spec.steal is not None else None,
                  roll_in=spec.roll_in, roll=spec.roll, gig_args=gig_args, setup=spec.setup,
                  first=builder.player_ref(spec.first, path + ("first",)) if spec.first else None,
                  mulligans=_mulligans(builder, spec.mulligan, path + ("mulligan",)),
                  by_turn_player=spec.by is None,
                  effect_index=spec.effect, x=spec.x, go_solo=spec.go_solo, **_script(builder, spec, path))


def _mulligans(builder, names: list[str] | None, path: tuple) -> tuple[str, ...] | None:
    if names is None:
        return None
    players = tuple(builder.player_ref(m, path + (j,)) for j, m in enumerate(names))
    _named_once(builder, players, path, "player")
    return players


def _named_once(builder, refs: tuple[str, ...], path: tuple, what: str) -> None:
    """A list where naming the same card or player twice makes no sense: the second naming is an input error."""
    first: dict[str, int] = {}
    for j, ref in enumerate(refs):
        if ref in first:
            builder.problem(path + (j,), f"the {what} {shown(ref)} is named twice (also as item {first[ref] + 1}); "
                                         "each is named once")
        first.setdefault(ref, j)


def _script(builder, spec, path: tuple) -> dict:
    """The choices scripted with an action, card references resolved to labels."""
    order = tuple(order_ref(builder, o, path + ("order", j)) for j, o in enumerate(spec.order or ()))
    targets = tuple(t if t == "none" else builder.ref(t, path + ("targets", j))
                    for j, t in enumerate(spec.targets or ()))
    replacements = tuple((effect_ref(builder, k, path + ("replacements", k)), tuple(v) if isinstance(v, list) else (v,))
                         for k, v in (spec.replacements or {}).items())
    may = tuple((builder.ref(k, path + ("may", k)), tuple(v) if isinstance(v, list) else (v,))
                for k, v in (spec.may or {}).items())
    gigs = tuple(g if g == "none" else _gig_ref(builder, g, path + ("gigs", j)) for j, g in enumerate(spec.gigs or ()))
    modes = tuple(_mode_pick(builder, m, j, path + ("modes", j)) for j, m in enumerate(spec.modes or ()))
    payments = tuple(builder.ref(p, path + ("payments", j)) for j, p in enumerate(spec.payments or ()))
    return {"order": order, "targets": targets, "replacements": replacements, "numbers": tuple(spec.numbers or ()),
            "may": may, "gigs": gigs, "modes": modes, "payments": payments}

def _mode_pick(builder, written, index: int, path: tuple) -> ModePick:
    """`2`, `[1, 3]`, or `{by: bob, pick: 2}` (a Rival's choice), with the player resolved."""
    by = builder.player_ref(written.by, path + ("by",)) if hasattr(written, "by") else None
    picks = written.pick if hasattr(written, "pick") else written
    return ModePick(tuple(picks) if isinstance(picks, list) else (picks,), by, index)


def _gig_ref(builder, written: str, path: tuple) -> str:
    """`d6`, `d6=3`, or `player:d6=3` with the player's name resolved."""
    player, _, gig = written.partition(":")
    if gig and "(" not in player:
        return f"{builder.player_ref(player, path)}:{_gig(builder, gig, path)}"
    return _gig(builder, written, path)


def _gig(builder, written: str, path: tuple) -> str:
    """A Gig named as `d6` or `d6=3`, its value on the die (6.1.1), with marks telling it from equal dice where
    effects follow one of them (`d6=3 (stolen)`, `(stolen of rv)`, `(other)`, `gigs.marks`); anything else is
    an input error. A card a mark names is resolved to its label."""
    gig, items = marks(written)
    match = _GIG.fullmatch(gig)
    if match is None:
        builder.problem(path, f"a Gig is named like `d6` or `d6=3`, not {shown(written)}")
    elif match["value"] and not 1 <= int(match["value"]) <= int(match["sides"]):
        builder.problem(path, f"a d{match['sides']} shows 1 to {match['sides']} (6.1.1), not {match['value']}")
    return written if items is None else gig + gig_marks(builder, items, written, path)


def gig_marks(builder, items, written: str, path: tuple) -> str:
    """A Gig's marks as the engine reads them (` (stolen of rv)`), cards resolved to labels; a mark that is neither
    `other` nor what an effect calls a Gig (`gigs.FOLLOWED`) is an input error."""
    said = []
    for word, label in items:
        if word not in ("other", *FOLLOWED) or (word == "other" and label):
            builder.problem(path, f"a Gig's mark is `other`, or what an effect calls it ({', '.join(FOLLOWED)}), with "
                                  f"`of` and the card whose effect it is; not {shown(written)}")
            return ""
        said.append(word if label is None else f"{word} of {builder.ref(label, path)}")
    return f" ({' and '.join(said)})"


def order_ref(builder, written: str, path: tuple) -> str:
    """`Label`, `Label (trigger)` or `Label#N` (its Nth effect) for one pending effect; any of them then ` for ` and
    the event one copy of an effect is about, when copies act on their own events (10.12): `v for d8` (the Gig
    it stole or rolled, `d8=7` with its value then), `scav for goons` (the card)."""
    if _names_a_card(builder, written):
        return builder.ref(written, path)
    head, sep, event = written.rpartition(" for ")
    if sep and not _names_a_card(builder, written.partition(" (")[0]):
        gig = event.replace(" ", "")
        about = _gig(builder, gig, path) if _GIG.fullmatch(gig) else builder.ref(event, path)
        return f"{order_ref(builder, head, path)} for {about}"
    label, _, trigger = written.partition(" (")
    return effect_ref(builder, label, path) + (f" ({trigger}" if trigger else "")


def _names_a_card(builder, written: str) -> bool:
    """Whether `written` is a label or the name of a card on the board, asked without reporting a problem."""
    folded = written.casefold()
    return written in builder.labels or any(folded in (p.written.casefold(), p.definition.name.casefold(),
                                                       p.definition.full_name.casefold()) for p in builder.placed)


_EFFECT_NAME = re.compile(r"(?P<card>.+?)#(?P<effect>top\d+|\d+)")


def effect_ref(builder, written: str, path: tuple) -> str:
    """A card, or one effect of a card named `Card#N` (N its place among the card's effects, 1 = first;
    `#topN` for a Gear's top textbox), with the card resolved to its label. A label that itself ends in
    `#N` (`Name #1`) names the card."""
    match = _EFFECT_NAME.fullmatch(written)
    if match is None or written in builder.labels or match["card"].endswith(" "):
        return builder.ref(written, path)
    return f"{builder.ref(match['card'], path)}#{match['effect']}"

def _reactions(builder, specs: list, path: tuple) -> tuple:
    """The `react:` list as engine reactions; `more` only as the last (the React Step is still open, 9.12)."""
    for j, spec in enumerate(specs[:-1]):
        if spec.more:
            builder.problem(path + (j, "more"), "`more: true` goes last in `react:`: it says the defending player "
                                                "has not ended the React Step after the reactions before it")
    return tuple(_reaction(builder, r, path + (j,)) for j, r in enumerate(specs))


def _reaction(builder, spec, path: tuple) -> tuple:
    """(kind, card, pay, effect, x, equip_to), with card references resolved to labels."""
    if spec.more:
        return MORE_REACTIONS
    if spec.block is not None:
        return ("block", builder.ref(spec.block, path + ("block",)), None, None, None, None)
    pay = tuple(builder.ref(p, path + ("pay", j)) for j, p in enumerate(spec.pay)) if spec.pay is not None else None
    if spec.quick is not None:
        equip_to = builder.ref(spec.equip_to, path + ("equip_to",)) if spec.equip_to is not None else None
        return ("quick", builder.ref(spec.quick, path + ("quick",)), pay, spec.effect, spec.x, equip_to)
    return ("call", builder.ref(spec.call, path + ("call",)), pay, None, None, None)
