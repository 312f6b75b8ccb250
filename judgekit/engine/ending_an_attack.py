"""Ending an Attack (CR 9.26-9.29): when an attack ends early, and what stops applying when it ends."""
from __future__ import annotations

from judgekit.engine import attack_target, golden_rules, persistent
from judgekit.engine.attack_target import GIG_AREA
from judgekit.engine.context import Context


_ENDED_OUTCOME = {  # left undone by an attack ending now: all before the Fight Step (9.27.1), else the result (9.19)
    False: (": no fight happens and no Gigs are stolen.", ("attack-end.early-nothing-happens",)),
    True: (" during the Fight Step: the fight did happen and its losers lost it, but the attack ended while the "
           "effects the fight triggered were resolving, before the fight's result, so no Unit is defeated as that "
           "result.", ("fight-step", "fight.triggers-before-defeat", "fight.result"))}


SAID = "over"  # the step of an attack whose end was recorded where it happened (`left_field`)


def ended(state) -> bool:
    """Whether the attack in progress has ended, by an effect (9.26.4) or as it happened (9.13); what is
    pending then still resolves (9.28)."""
    return state.attack is not None and state.attack[2] in ("ended", SAID)


def left_field(ctx: Context, labels) -> None:
    """9.13: in the React Step, the attack ends the moment its attacker or defending Unit leaves the field; an
    effect resolving then still finishes (9.27.2), and what is pending still resolves (9.28)."""
    state = ctx.state
    if state.attack is None or state.attack[2] != "react":
        return
    attacker, target, _ = state.attack
    gone = [label for label in labels if label in (attacker, target)]
    if not gone:
        return
    state.attack = (attacker, target, SAID)
    finishing = f"; {ctx.resolving[0]} still finishes resolving" if ctx.resolving else ""
    ctx.rec.add("attack", f"{' and '.join(ctx.name(g) for g in gone)} left the field during the React Step, so the "
                          f"attack ends now: no fight happens and no Gigs are stolen{finishing}.",
                "react-step.attack-ends-if-gone", "attack-end.conditions",
                *_gone_rules(attacker, target, gone), "attack-end.early-nothing-happens", *(("attack-end.finish-resolving",) if finishing else ()),
                player=state.turn, cards=tuple(gone))


def _gone_rules(attacker: str, target: str, gone) -> tuple:
    """The rules each gone part ends the attack by: the attacker (9.26.1), the target (9.26.2), or both."""
    return (("attack-end.attacker-gone",) if attacker in gone else ()) + \
        (("attack-end.target-moved",) if target in gone else ())


def takes_part(state, *labels: str) -> None:
    """Remember when the attacker or the defending Unit (the Unit attacked, a [BLOCKER] once it blocks, 9.9.1) last
    entered an area as it takes that part, for `_gone`."""
    state.attack_entered = tuple((label, at) for label, at in state.attack_entered if label not in labels) + tuple(
        (label, state.arrived_at.get(label, 0)) for label in labels if label != GIG_AREA)


def _gone(state, label: str) -> bool:
    """Whether the attacker or the defending Unit has left the field since it took that part (9.26.1, 9.26.2): one
    back on the field since came back as a new card (5.3.2.2, 10.10.1), which is not the one attacking or attacked."""
    if label == GIG_AREA:
        return False
    return state.locate(label)[1] != "field" or \
        dict(state.attack_entered).get(label, state.arrived_at.get(label, 0)) != state.arrived_at.get(label, 0)


def still_on(ctx: Context, attacker: str, target: str, player: str, fought: bool = False) -> bool:
    """9.6, 9.13, 9.26: the attack goes on only while attacker and target are where they were, the target is
    still a legal one (9.26.3, read by the declaration's own predicate, `attack_target`), and no effect has ended
    it; `fought`: checked after the fight's triggered effects.

    Checked once effects have resolved, before anything else happens (10.2.5): right after the declaration by
    9.6, in the React Step by 9.13 (a card leaving the field there ends it at once: `left_field`)."""
    state = ctx.state
    gone = [label for label in (attacker, target) if _gone(state, label)]
    outcome, outcome_rules = _ENDED_OUTCOME[fought]
    if state.attack is not None and state.attack[2] == SAID:
        return False
    window = {"declared": ("attack.check-before-react",), "react": ("react-step.attack-ends-if-gone",)}.get(
        state.attack[2] if state.attack is not None and not fought else None, ())
    if state.attack is not None and state.attack[2] == "ended":
        ctx.rec.add("attack", f"An effect has ended the attack{outcome}", "attack-end.conditions",
                    "attack-end.by-effect", *outcome_rules, player=player)
        return False
    if gone:
        back = [g for g in gone if state.locate(g)[1] == "field"]
        away = [g for g in gone if g not in back]
        said = ([f"{' and '.join(ctx.name(g) for g in away)} {'is' if len(away) == 1 else 'are'} no longer in the "
                 "field"] if away else []) + \
            [f"{ctx.name(g)} has left the field since it took part in the attack (the one there now came back as a "
             "new card)" for g in back]
        ctx.rec.add("attack", f"{' and '.join(said)}, so the attack "
                              f"ends{outcome}", *(("hidden-areas.reset-on-entry",) if back else ()), *window,
                    "attack-end.conditions", "effects.rule-processing-after",
                    *_gone_rules(attacker, target, gone), *outcome_rules,
                    player=player)
        return False
    illegal = attack_target.why_illegal(ctx, attacker, target, player)
    if illegal == attack_target.EMPTY:
        _emptied_goes_on(ctx, player)
        return True
    if illegal is None:
        _cant_attack_goes_on(ctx, attacker, player)
        return True
    if fought and illegal == attack_target.READY:
        ctx.rec.add("attack", f"{ctx.name(target)} is ready again after the fight's own triggers. Read literally, that "
                              "ends the attack before the fight's result (9.26.3); the official FAQ (Johnny "
                              "Silverhand: Never Stop Fighting, 1st and 2nd answers) has a defender that readies by "
                              "winning on the Rival's turn still defeat the Unit it beat, and the FAQ outranks the "
                              "rules: judgekit follows it, so the fight's result is carried out and the attack ends "
                              "after it.", "attack-end.target-invalid", "fight.triggers-before-defeat", "fight.result",
                    player=player, cards=(target,))
        return True
    why, rules = _no_longer_legal(ctx, attacker, target, illegal)
    it = "it" if target != GIG_AREA else f"{state.rival_of(player)}'s Gig area"
    ctx.rec.add("attack", f"{why}, so {it} is no longer a legal attack "
                          f"target and the attack ends{outcome}", "attack-end.conditions", "attack-end.target-invalid",
                "effects.rule-processing-after", *rules, *outcome_rules, player=player,
                cards=(attacker,) if target == GIG_AREA else (target,))
    return False


def _no_longer_legal(ctx: Context, attacker: str, target: str, illegal: str) -> tuple[str, tuple[str, ...]]:
    """What made the target stop being a legal attack target (9.26.3), in words, and the rules saying it was one:
    an effect now barring the attacker from it (9.3.2.3, 2.6), an effect that let it attack a ready Unit no
    longer applying (9.3.2.3), the Unit readied (9.3.2.1) or no longer a rival's."""
    state = ctx.state
    if illegal == attack_target.RESTRICTED:
        barring = "; ".join(persistent.forbidders(ctx, attacker, "attack-gig-area"))
        return (f"{ctx.name(attacker)} can't attack a Gig area now ({barring}): effects may narrow the targets a Unit "
                f"may attack, also while it attacks", ("attack.target.effects-change",))
    if illegal == attack_target.NOT_RIVAL_UNIT:
        return f"{ctx.name(target)} is no longer a rival Unit", ("attack.target.spent-rival-unit",)
    allowed_by = state.attack_allowed_by
    if not allowed_by:
        return f"{ctx.name(target)} is ready again", ("attack.target.spent-rival-unit",)
    unmet = " ".join(golden_rules.unmet(ctx, attacker, p)[0] for p in ("attack-ready-units", "attack-ready-blockers")
                     ).strip().rstrip(".")  # sentences, set in the parentheses of the one below
    return (f"{ctx.name(target)} was ready when it was attacked, which {'; '.join(allowed_by)} allowed; no effect "
            f"lets {ctx.name(attacker)} attack a ready Unit now{' (' + unmet + ')' if unmet else ''}",
            ("attack.target.spent-rival-unit", "attack.target.effects-change"))


def _cant_attack_goes_on(ctx: Context, attacker: str, player: str) -> None:
    """A "can't attack" on the attacker while its attack goes on: a condition on choosing the attacker (9.3.1, as
    being ready is, 9.3.1.1), which 9.26 does not read again; the target is still a legal one (9.26.3), so the
    attack goes on. Said once, where it is first found (judgekit's reading, contested:
    scenarios/contested/cant-attack-given-to-the-attacker-mid-attack.yaml)."""
    barring = persistent.forbidders(ctx, attacker, "attack")
    if not barring or any("attack.declare.choose-attacker" in step.cites and step.kind == "check"
                          and attacker in step.cards for step in ctx.rec.steps):
        return
    ctx.rec.add("check", f"{ctx.name(attacker)} can't attack now ({'; '.join(barring)}), but that limits only choosing "
                         "a Unit to attack, as being ready does; the attack already declared ends only as 9.26 says, "
                         "and its target is still a legal one, so it goes on.", "attack.declare.choose-attacker",
                "attack-end.conditions", "attack-end.target-invalid", player=player, cards=(attacker,))


def _emptied_goes_on(ctx: Context, player: str) -> None:
    """5.12.4.1: an attacked Gig area left without Gigs is no longer a legal target (5.12.4), yet the attack
    goes on through its remaining steps instead of ending by 9.26.3; said once, where it is first found."""
    rival = ctx.state.rival_of(player)
    if ctx.state.players[rival].gigs or any("rival-gig-area.emptied-mid-attack" in step.cites
                                            for step in ctx.rec.steps):
        return
    ctx.rec.add("attack", f"{rival}'s Gig area no longer holds any Gig, but an attack on a Gig area that is emptied "
                          "partway through goes on through all its remaining steps; it does not end as an attack "
                          "whose target stopped being legal.", "rival-gig-area.emptied-mid-attack",
                "rival-gig-area.attack-target", "attack-end.target-invalid", player=player)


def clear_attack(ctx: Context) -> None:
    """No attack is in progress any more; what was fixed for it as it was declared, and what lasted while fighting,
    stops applying (9.29)."""
    ctx.state.attack, ctx.state.attack_allowed_by, ctx.state.attack_unblockable_by = None, (), ()
    ctx.state.attack_entered, ctx.state.attack_fought = (), False
    ctx.state.modifiers = [m for m in ctx.state.modifiers if m.until != "end-of-attack"]


def end_attack(ctx: Context, player: str, step_rule: str) -> None:
    """9.20, 9.25, 9.28-9.29: the attack ends after its last step; what lasted while attacking stops."""
    clear_attack(ctx)
    ctx.rec.add("attack", "The attack ends; effects lasting while attacking, fighting or stealing stop, and the "
                          f"Main Phase of {ctx.state.turn} goes on.", step_rule, "attack-end.resolve-pending",
                "attack-end.cleanup", player=player)
