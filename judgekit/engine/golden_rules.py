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


def check_cant(ctx: Context, label: str, restriction: str, keywords: tuple[str, ...]) -> None:
    """2.6: an effect that says a Unit can't do something beats any that says it can."""
    forbidden = persistent.forbidders(ctx, label, restriction)
    if not forbidden:
        return
    allowing = [k for k in ("ADRENALINE", "GO SOLO") if k in keywords and restriction == "attack"]
    doing = {"attack": "attack", "attack-gig-area": "attack a Gig area", "block": "use [BLOCKER]",
             "be-blocked": "be blocked"}[restriction]
    rule = "an effect that says can't beats one that says can."
    tail = f" It has [{'], ['.join(allowing)}], which would let it attack, but {rule}" if allowing else \
        f" {rule[0].upper()}{rule[1:]}"
    raise Refusal(f"{ctx.name(label)} can't {doing}: {'; '.join(forbidden)}.{tail}",
                  ("golden.cant-beats-can", "golden.card-beats-rules", "persistent-effects",
                   *legend_as_unit(ctx.state, (label,))))
