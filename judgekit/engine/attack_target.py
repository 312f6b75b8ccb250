"""Whether a target is a legal attack target for a Unit now (CR 9.3.2): one predicate, read as the attack is
declared (9.3.2, 9.3.2.4) and again while it goes on (9.26.3), so every effect narrowing a Unit's targets
(9.3.2.3) counts at both times.

Conditions on the attacker itself (9.3.1: ready, not lagging, able to attack at all) are not the target's: they
are read as the attacker is chosen, and an attack already declared ends only by 9.26, which asks of the attacker
only that it stay in the field (9.26.1). That reading is recorded as contested
(scenarios/contested/cant-attack-given-to-the-attacker-mid-attack.yaml).
"""
from __future__ import annotations

from judgekit.engine import golden_rules, persistent
from judgekit.engine.context import Context

GIG_AREA = "gig-area"

RESTRICTED = "restricted"  # an effect says the attacker can't attack a Gig area (9.3.2.3; can't beats can, 2.6)
EMPTY = "empty"  # a Gig area holding no Gig (9.3.2.2)
NOT_RIVAL_UNIT = "not-rival-unit"  # not a Unit in the rival's field (9.3.2.1)
READY = "ready"  # a ready rival Unit no effect lets the attacker attack (9.3.2.1, 9.3.2.3, 2.5)


def why_illegal(ctx: Context, attacker: str, target: str, player: str) -> str | None:
    """Why `target` is not a legal attack target for `player`'s `attacker` now (one of the reasons above), or None
    when it is one (9.3.2.1-9.3.2.3)."""
    state = ctx.state
    rival = state.rival_of(player)
    if target == GIG_AREA:
        if persistent.forbidders(ctx, attacker, "attack-gig-area"):
            return RESTRICTED
        return None if state.players[rival].gigs else EMPTY
    if state.locate(target) != (rival, "field") or not state.is_a(target, "Unit"):
        return NOT_RIVAL_UNIT
    if not state.cards[target].spent and not golden_rules.may_face_ready(ctx, attacker, target):
        return READY
    return None


def has_any(ctx: Context, attacker: str, player: str) -> bool:
    """Whether `attacker` has any legal attack target now: without one, it cannot attack (9.3.2.4)."""
    rival = ctx.state.rival_of(player)
    return any(why_illegal(ctx, attacker, target, player) is None
               for target in (GIG_AREA, *ctx.state.players[rival].field))


def permitting_ready(state, attacker: str, target: str) -> tuple[str, ...]:
    """The effects letting `attacker` attack the ready Unit `target` (9.3.2.3, 2.5), as the attack is declared:
    the attack ending because they no longer apply names them (9.26.3)."""
    if target == GIG_AREA or state.cards[target].spent:
        return ()
    blocker = "BLOCKER" in persistent.keywords_of(state, target)
    return tuple(persistent.permitting(state, attacker, "attack-ready-units") +
                 (persistent.permitting(state, attacker, "attack-ready-blockers") if blocker else []))
