"""What an attack's declaration fixes for the rest of the attack (9.3, 9.5, 10.23): read once, from the board the
attack is declared on.

One place for both ways an attack comes to be: declared among a scenario's actions (`combat.declare_attack`),
and the attack a scenario starts in (`scenario.in_progress.place_attack`), whose stated board is the board it was
declared on, nothing having changed since.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from judgekit.engine import attack_target, persistent, watching
from judgekit.engine.context import Context
from judgekit.engine.state import GameState
from judgekit.engine.trace import Refusal


@dataclass(frozen=True)
class Declared:
    """What `fix` fixed: whose changes "for the next time it attacks" are this attack's, and the printed effects
    whose condition on "can't be blocked" held as it was declared."""

    used: tuple[str, ...] = ()
    unblockable: tuple[str, ...] = ()


def fix(state: GameState, attacker: str, target: str, player: str, stated: bool = False) -> Declared:
    """Fix, for this attack, what is read as it is declared: what was given for "the next time it attacks" is this
    attack's (10.23.1); the printed effects saying it can't be blocked (`state.attack_unblockable_by`), a condition
    on one read now for the whole attack, as the FAQ reads MTOD12 Flathead's (`check_block`); and which effects
    let it attack a ready target (9.3.2.3), for the words of the attack ending when they stop applying (9.26.3).
    `stated`: the attack a scenario starts in; the turn also keeps that it attacked and was spent (8.16), for "the
    first time ... each turn" effects, as declaring and spending it would have."""
    state.attack_allowed_by = attack_target.permitting_ready(state, attacker, target)
    state.attack_unblockable_by = tuple((source, effect, bool(effect.condition)) for source, effect in
                                        persistent.printed_granting(state, attacker, "cant", "be-blocked"))
    waiting = persistent.waiting_for_attack(state, attacker)
    state.modifiers = [replace(m, until="end-of-attack") if m in waiting else m for m in state.modifiers]
    if stated:
        for event in ("attack", "spent"):
            watching.remember_own(state, event, player, attacker)
        for event in ("attacks", "spent"):
            watching.remember(state, event, player, attacker, {"equipped": bool(state.cards[attacker].gear)})
    return Declared(tuple(dict.fromkeys(m.source_name for m in waiting)), _fixed(state))


def _fixed(state: GameState) -> tuple[str, ...]:
    return tuple(persistent.effect_name(state, source, effect)
                 for source, effect, conditional in state.attack_unblockable_by if conditional)


def say(ctx: Context, attacker: str, player: str, fixed: Declared) -> None:
    """The trace of `fix` as the attack is declared, with why each "can't be blocked" condition holds."""
    if fixed.used:
        ctx.rec.add("check", f"This is the next time {ctx.name(attacker)} attacks this turn, so what "
                             f"{'; '.join(fixed.used)} gave it for that attack applies to this one and ends with it.",
                    "persistent-effects.duration", "persistent-effects.duration-ends", cards=(attacker,))
    if fixed.unblockable:
        reasons, rules = persistent.forbidden_because(ctx, attacker, "be-blocked")
        ctx.rec.add("check", f"As the attack is declared, {ctx.name(attacker)} can't be blocked "
                             f"({'; '.join(fixed.unblockable)}{': ' + '; '.join(reasons) if reasons else ''}); that "
                             "condition is read now for the whole attack, even if it stops holding before the React "
                             "Step.", "attack.declare", "effects.conditions", *rules, "golden.cant-beats-can",
                    player=player, cards=(attacker,))


def say_stated(ctx: Context, attacker: str, player: str) -> None:
    """As the attack a scenario starts in goes on: what its declaration fixed, read from the stated board."""
    fixed = _fixed(ctx.state)
    if fixed:
        ctx.rec.add("check", f"The board starts during this attack and says nothing changed since it was declared, "
                             f"so {ctx.name(attacker)} could not be blocked when it was declared "
                             f"({'; '.join(fixed)}, read on the board as it starts); that condition is fixed for this "
                             "attack.", "attack.declare", "effects.conditions", "golden.cant-beats-can", player=player,
                    cards=(attacker,))


def check_block(ctx: Context, attacker: str, defender: str) -> None:
    """Whether what said the attacker can't be blocked as its attack was declared still stops a block. The
    condition of such a printed effect is read at the declaration for the whole attack (the FAQ's answer for
    MTOD12 Flathead; contested the other way round); but an effect applies only while its source is where it works
    (10.22.3; a Gear's bottom textbox only on its host, 11.6.4), so one whose source has left stops nothing.
    Raises the refusal; what says so now without a condition (a change an effect gave, 10.23) is `golden_rules`'."""
    state = ctx.state
    for source, effect, conditional in state.attack_unblockable_by:
        name = persistent.effect_name(state, source, effect)
        if not persistent.still_working(state, source, effect, attacker):
            if _lapse_said(ctx, source, attacker):
                ctx.rec.add("check", f"{name} said {ctx.name(attacker)} can't be blocked as its attack was declared, "
                                     "but it has stopped applying since, so it does not stop a block.",
                            "react-step.blocker", player=defender, cards=(attacker, source))
                continue
            gear = state.cards[source].definition.is_type("Gear") and source != attacker
            ctx.rec.add("check", f"{name} said {ctx.name(attacker)} can't be blocked as its attack was declared, "
                                 f"but {ctx.name(source)} has left {'its host' if gear else 'where its effect works'}"
                                 ", so the effect no longer applies and does not stop a block.",
                        "persistent-effects.source-area", *(("equip.inherit-bottom-text",) if gear else ()),
                        "react-step.blocker", player=defender, cards=(attacker, source))
        elif conditional:
            raise Refusal(f"{ctx.name(attacker)} can't be blocked: the condition of {name} held when its attack was "
                          "declared, and it is read then for the whole attack, whatever has changed since; the "
                          "effect still applies, and can't beats [BLOCKER]'s can.",
                          ("golden.cant-beats-can", "attack.declare", "react-step.blocker", "persistent-effects"))


def _lapse_said(ctx: Context, source: str, attacker: str) -> bool:
    """Whether this action's trace already says that `source`'s effect stopped applying to the attacker as the
    source left (10.22.3, `areas.move`): said once, the block step need not say it again."""
    return any(step.kind == "check" and "persistent-effects.source-area" in step.cites and
               step.cards[:1] == (source,) and attacker in step.cards for step in ctx.rec.steps)
