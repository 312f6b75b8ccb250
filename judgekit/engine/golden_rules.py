"""The golden rules an attack meets (CR 2.5, 2.6): card text that beats the attack rules, and "can't"
beating "can". Shared by declaring an attack and by the React Step."""
from __future__ import annotations

from judgekit.engine import persistent
from judgekit.engine.context import Context
from judgekit.engine.state import PERMISSIONS, legend_as_unit
from judgekit.engine.trace import Refusal


def may_face_ready(ctx: Context, attacker: str, target: str) -> bool:
    """Whether card text lets the attacker attack this ready target (2.5), so that its being ready is no end."""
    if persistent.permitters(ctx, attacker, "attack-ready-units"):
        return True
    return "BLOCKER" in persistent.keywords_of(ctx.state, target) and \
        bool(persistent.permitters(ctx, attacker, "attack-ready-blockers"))


def permitted(ctx: Context, attacker: str, permission: str, rule: str) -> bool:
    """2.5: card text that lets the attacker do what the attack rules forbid; the trace names it."""
    allowing = persistent.permitters(ctx, attacker, permission)
    if allowing:
        why = "it has Lag" if rule == "lag" else "the target is ready"
        ctx.rec.add("check", f"The rules would stop this attack ({why}), but {'; '.join(allowing)} lets "
                             f"{ctx.name(attacker)} {PERMISSIONS[permission]}: card text beats the rules.",
                    "golden.card-beats-rules",
                    *(("lag",) if rule == "lag" else
                      ("attack.target.spent-rival-unit", "attack.target.effects-change")),
                    cards=(attacker,))
    return bool(allowing)


def unmet(ctx: Context, attacker: str, permission: str) -> tuple[str, tuple[str, ...]]:
    """The printed effects that would let the attacker do what the rules forbid, but whose condition is false now
    (10.3.1), in words ("" when none) and with the rules deciding their conditions: a refusal names them."""
    found = persistent.grants_not_applying(ctx.state, attacker, "can", permission)
    words = [f"{ctx.state.cards[source].definition.full_name}'s effect would let it {PERMISSIONS[permission]}, but "
             f"it does not apply, its condition being false: {'; '.join(reasons)}"
             for source, _, reasons, _ in found]
    rules = ("effects.condition-false", *dict.fromkeys(r for *_, cited in found for r in cited)) if found else ()
    return " ".join(f"{w[:1].upper()}{w[1:]}." for w in words), rules


ALLOWING_KEYWORDS = {"attack": ("ADRENALINE", "GO SOLO"), "block": ("BLOCKER",),  # keywords saying it can
                     "be-blocked": ("BLOCKER",)}  # the blocker's
ALLOWING_TEXT = {"attack": tuple(PERMISSIONS),  # effects saying it can, each in a way of its own (9.3.2.3.1)
                 "attack-gig-area": ("attack-gig-area-while-lagging",)}


# A "can't" that nothing says "can" against, where the rules themselves leave room for it: no card text beats a
# rule there (2.5), the rule that leaves the room decides.
RESTRICTION_RULES = {
    "attack": ("Only a Unit able to attack may be picked to attack.", "attack.declare.choose-attacker"),  # 9.3.1
    "attack-gig-area": ("Effects may narrow the targets a Unit may attack.", "attack.target.effects-change"),  # 9.3.2.3
}


def check_cant(ctx: Context, label: str, restriction: str, keywords: tuple[str, ...], conditional: bool = True) -> None:
    """An effect that says a Unit can't do something forbids it. It beats any effect that says it can (2.6, cited
    first when there is one; a permission to attack lifts no other restriction, 9.3.2.3.1); otherwise the attack
    rules leave room for it (9.3.1, 9.3.2.3), and only elsewhere is it card text beating the rules (2.5).
    `conditional` False: printed effects with a condition are left out, their condition having been read earlier."""
    forbidden = persistent.forbidders(ctx, label, restriction, conditional)
    if not forbidden:
        return
    allowing = [k for k in ALLOWING_KEYWORDS.get(restriction, ()) if k in keywords]
    saying = [f"{source} lets it {PERMISSIONS[permission]}" for permission in ALLOWING_TEXT.get(restriction, ())
              for source in persistent.permitters(ctx, label, permission)]
    obliged = "attack" if restriction.startswith("attack") else restriction  # "must attack": any target it can
    requiring = [m.source_name for m in persistent.modifiers_on(ctx.state, label) if obliged in m.must]
    doing = {"attack": "attack", "attack-gig-area": "attack a Gig area", "block": "use [BLOCKER]",
             "be-blocked": "be blocked"}[restriction]
    if allowing or saying or requiring:
        said = {"be-blocked": "The blocker's [BLOCKER] would let it block",
                "block": "Its [BLOCKER] would let it block"}.get(
            restriction, f"It has [{'], ['.join(allowing)}], which would let it {doing}")
        other = ([said] if allowing else []) + saying + \
            [f"{source}'s effect would make it attack" for source in requiring]
        only = " a permission gives only what it says and lifts no other restriction, and" if saying else ""
        given = any(restriction in m.cant for m in persistent.modifiers_on(ctx.state, label))  # lasting, 10.23
        raise Refusal(f"{ctx.name(label)} can't {doing}: {'; '.join(forbidden)}. {'; '.join(other)}, but{only} an "
                      f"effect that says can't beats one that says can{' or must' if requiring else ''}.",
                      ("golden.cant-beats-can", *(("attack.target.permission-only",) if saying else ()),
                       "golden.card-beats-rules", "persistent-effects",
                       *(("persistent-effects.duration",) if given else ()), *legend_as_unit(ctx.state, (label,))))
    said, rule = RESTRICTION_RULES.get(restriction, ("Card text beats the rules.", "golden.card-beats-rules"))
    raise Refusal(f"{ctx.name(label)} can't {doing}: {'; '.join(forbidden)}. {said}",
                  (rule, "persistent-effects", *legend_as_unit(ctx.state, (label,))))
