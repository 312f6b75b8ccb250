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
from judgekit.engine.state import GameState, Modifier


@dataclass(frozen=True)
class Declared:
    """What `fix` fixed: whose changes "for the next time it attacks" are this attack's, and which effects make it
    unblockable for this attack."""

    used: tuple[str, ...] = ()
    unblockable: tuple[str, ...] = ()


def fix(state: GameState, attacker: str, target: str, player: str, stated: bool = False) -> Declared:
    """Fix, for this attack, what is read as it is declared: what was given for "the next time it attacks" is this
    attack's (10.23.1), whether it can't be blocked (read at the declaration, as the FAQ reads MTOD12 Flathead;
    2.6 lets it beat [BLOCKER]), and which effects let it attack a ready target (9.3.2.3), for the words of the
    attack ending when they stop applying (9.26.3). `stated`: the attack a scenario starts in; the turn also keeps
    that it attacked and was spent (8.16), for "the first time ... each turn" effects, as declaring and spending it
    would have."""
    state.attack_allowed_by = attack_target.permitting_ready(state, attacker, target)
    already = {f"{m.source_name}'s effect" for m in persistent.modifiers_on(state, attacker)
               if m.until == "end-of-attack" and "be-blocked" in m.cant}
    unblockable = tuple(n for n in persistent.forbidding(state, attacker, "be-blocked") if n not in already)
    waiting = persistent.waiting_for_attack(state, attacker)
    state.modifiers = [replace(m, until="end-of-attack") if m in waiting else m for m in state.modifiers]
    if unblockable:
        state.modifiers.append(Modifier(card=attacker, source_name="; ".join(unblockable), controller=player,
                                        cant=("be-blocked",), until="end-of-attack"))
    if stated:
        for event in ("attack", "spent"):
            watching.remember_own(state, event, player, attacker)
        for event in ("attacks", "spent"):
            watching.remember(state, event, player, attacker, {"equipped": bool(state.cards[attacker].gear)})
    return Declared(tuple(dict.fromkeys(m.source_name for m in waiting)), unblockable)


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
                             "is fixed for this attack, even if the effect's condition stops holding before the React "
                             "Step.", "attack.declare", "effects.conditions", *rules, "golden.cant-beats-can",
                    player=player, cards=(attacker,))


def say_stated(ctx: Context, attacker: str, player: str) -> None:
    """As the attack a scenario starts in goes on: what its declaration fixed, read from the stated board."""
    fixed = [m.source_name for m in persistent.modifiers_on(ctx.state, attacker)
             if m.until == "end-of-attack" and "be-blocked" in m.cant]
    if fixed:
        ctx.rec.add("check", f"The board starts during this attack and says nothing changed since it was declared, "
                             f"so {ctx.name(attacker)} could not be blocked when it was declared "
                             f"({'; '.join(fixed)}, read on the board as it starts); that is fixed for this attack.",
                    "attack.declare", "effects.conditions", "golden.cant-beats-can", player=player,
                    cards=(attacker,))
