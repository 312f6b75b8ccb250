"""The React Step of an attack (CR 9.7-9.14): the defending player's reactions, in the order scripted.

A reaction is Calling a Legend (9.8), spending a ready Unit with [BLOCKER] (9.9) or a [QUICK] effect (9.10);
the effects each reaction triggers resolve before the next one (9.11).
"""
from __future__ import annotations

from judgekit.engine import (activated, declared, effects, ending_an_attack, golden_rules, legends, persistent, play,
                             units)
from judgekit.engine.action_kinds import REACTIONS, Reaction
from judgekit.engine.context import Context
from judgekit.engine.ending_an_attack import GIG_AREA
from judgekit.engine.state import legend_not_unit
from judgekit.engine.trace import Refusal, ScenarioMismatch


def react_step(ctx: Context, defender: str, attacker: str, target: str, reactions: tuple[tuple, ...],
               ends: bool = True) -> str | None:
    """9.7-9.14: the defending player's scripted reactions, in order, then (when `ends`) the end of the step;
    returns the target then, or None if the attack ended."""
    attacking_player = ctx.state.rival_of(defender)
    if not ending_an_attack.still_on(ctx, attacker, target, attacking_player):
        return None
    ctx.state.attack = (attacker, target, "react")
    ctx.rec.add("attack", f"React Step: {defender} may react, in any order and as often as they like.", "react-step",
                "react-step.defender-only", player=defender)
    for n, scripted in enumerate(reactions):
        reaction = Reaction.of(scripted)
        attacked, target = target, _react(ctx, defender, attacker, target, reaction)
        if ctx.state.attack[2] == "react":
            ctx.state.attack = (attacker, target, "react")  # a [BLOCKER] is the defending Unit now (9.9.1)
            if target != attacked:
                ending_an_attack.takes_part(ctx.state, target)
        effects.resolve_pending(ctx, "attack-end.resolve-pending" if ending_an_attack.ended(ctx.state) else
                                "react-step.pending-between-reactions")
        if not ending_an_attack.still_on(ctx, attacker, target, attacking_player):
            for late in reactions[n + 1:]:
                _too_late(ctx, defender, Reaction.of(late))
            return None
    if ends:
        ctx.rec.add("attack", f"{defender} ends the React Step; the attack goes on to the "
                              f"{'Steal' if target == GIG_AREA else 'Fight'} Step.", "react-step.ending",
                    "react-step.next-step", player=defender)
    return target


def _owner(ctx: Context, label: str) -> str | None:
    """Whose the card a reaction names is (None for a name that is no card of the game)."""
    return ctx.state.cards[label].owner if label in ctx.state.cards else None


def _too_late(ctx: Context, defender: str, reaction: Reaction) -> None:
    """A reaction scripted after one that ended the attack: refused, as there is no React Step left (9.7.1, 9.27)."""
    refusal = Refusal("the attack has ended, so its React Step is over and there is nothing left to react to.",
                      ("react-step.defender-only", "attack-end.early", "attack-end.early-nothing-happens"))
    said = reaction.describe(defender, _owner(ctx, reaction.card))
    ctx.refused_reactions.append((said, refusal))
    ctx.rec.add("refuse", f"Refused reaction ({said}): {refusal.text}", *refusal.cites, player=defender,
                cards=(reaction.card,))


def _react(ctx: Context, defender: str, attacker: str, target: str, reaction: Reaction) -> str:
    """One reaction, all or nothing: a reaction the rules forbid is refused on its own and leaves the board as it
    was before it; the attack it answered stands and goes on (9.7: each reaction is the defender's own action)."""
    saved = (ctx.state.copy(), len(ctx.rec.steps), list(ctx.pending), set(ctx.replaced), ctx.rng.getstate(),
             ctx.resolving_player)
    try:
        _check_defenders_card(ctx, defender, reaction)
        return REACTIONS[reaction.kind].run(ctx, defender, attacker, target, reaction)
    except Refusal as refusal:  # the scripted choices it used go with it, not to the next reaction
        state, steps, pending, replaced, dice, resolving = saved
        ctx.state, ctx.pending, ctx.replaced, ctx.resolving_player = state, pending, replaced, resolving
        del ctx.rec.steps[steps:]
        ctx.rng.setstate(dice)
        said = reaction.describe(defender, _owner(ctx, reaction.card))
        ctx.refused_reactions.append((said, refusal.with_traceback(None)))
        ctx.rec.add("refuse", f"Refused reaction ({said}): {refusal.text} The board is left as it was before this "
                              "reaction; the attack it answered stands and goes on.", *refusal.cites,
                    player=defender, cards=(reaction.card,))
        return target


def _check_defenders_card(ctx: Context, defender: str, reaction: Reaction) -> None:
    """9.7.1: only the defending player reacts in a React Step; a card the attacking player holds or controls is not
    theirs to react with (a [QUICK] answers a rival's attack, and the attacker can't answer a reaction with one)."""
    if reaction.card not in ctx.state.cards:
        return
    holder = ctx.state.locate(reaction.card)[0]
    if holder != defender:
        raise Refusal(f"{ctx.name(reaction.card)} is {holder}'s, the attacking player's; in a React Step only the "
                      f"defending player ({defender}) reacts.",
                      ("react-step.defender-only", *RIVALS_ATTACK_ONLY.get(reaction.kind, ())))


# The rules that allow each reaction only against the Rival's attack (the defender's card, 9.7.1).
RIVALS_ATTACK_ONLY = {"quick": ("keyword.quick.when",),  # 11.26.2
                      "call": ("main-phase.call-in-rival-react-step", "call-a-legend.reaction")}  # 8.12.2, 11.11.2.2


def call_as_reaction(ctx: Context, defender: str, label: str, pay: tuple[str, ...] | None) -> None:
    """9.8, 11.14: Call a face-down Legend as a reaction."""
    legends.call_a_legend(ctx, defender, label, list(pay) if pay is not None else None, as_reaction=True)
    ctx.rec.add("attack", f"{defender} Called a Legend as a reaction.", "react-step.call-a-legend",
                "call-a-legend.reaction", "main-phase.call-in-rival-react-step", player=defender, cards=(label,))


def quick(ctx: Context, defender: str, label: str, pay: tuple[str, ...] | None, effect_index: int | None,
           x: int | None, equip_to: str | None) -> None:
    """9.10, 11.26.1.1: play a [QUICK] Program or a text-less [QUICK] card, or use a [QUICK] effect, as a reaction."""
    if ctx.state.locate(label)[1] == "hand":
        # a card in hand is played if it may be (9.10.1, 11.26.1.1), else refused as such; never activated
        if x is not None or effect_index is not None:
            raise ScenarioMismatch("`effect` and `x` are for activated effects, not for playing a card")
        play.play_card(ctx, defender, label, list(pay) if pay is not None else None, equip_to, as_reaction=True)
    elif equip_to is not None:
        raise ScenarioMismatch(f"`equip_to` is for a [QUICK] Gear played from hand; {ctx.name(label)} is not in "
                               "hand", None, "equip_to")
    else:
        activated.activate(ctx, defender, label, effect_index, pay, x, as_reaction=True)


def block(ctx: Context, defender: str, attacker: str, blocker: str, target: str) -> str:
    """9.9, 11.24: spend a ready friendly Unit with [BLOCKER]; it becomes the defending Unit."""
    state = ctx.state
    card = state.cards[blocker]
    if state.locate(blocker) != (defender, "field"):
        why, rules = legend_not_unit(state, blocker)
        raise Refusal(f"{ctx.name(blocker)} is not a Unit in {defender}'s field, so it can't block.{why}",
                      ("react-step.blocker", "keyword.blocker.definition", *rules))
    if "BLOCKER" not in persistent.keywords_of(state, blocker):
        raise Refusal(f"{ctx.name(blocker)} does not have [BLOCKER].", ("react-step.blocker", "keyword.blocker"))
    if card.spent:
        raise Refusal(f"{ctx.name(blocker)} is spent; [BLOCKER] needs a ready Unit, spent to block.",
                      ("react-step.blocker", "keyword.blocker.definition"))
    golden_rules.check_cant(ctx, blocker, "block", ("BLOCKER",))
    declared.check_block(ctx, attacker, defender)
    golden_rules.check_cant(ctx, attacker, "be-blocked", ("BLOCKER",), conditional=False)
    # a condition on "can't be blocked" is read as the attack is declared, either way, for the whole attack:
    # judgekit's extension of the FAQ's MT0D12 Flathead answer (which fixes only "can't"; a contested point)
    since = persistent.forbidders(ctx, attacker, "be-blocked")
    if since:
        ctx.rec.add("check", f"{ctx.name(attacker)} could be blocked when its attack was declared; "
                             f"{'; '.join(since)} now holds, but judgekit reads its condition as the attack is "
                             "declared, as the FAQ does for MT0D12 Flathead the other way, so the block is allowed.",
                    "attack.declare", "react-step.blocker", player=defender,
                    cards=(attacker,))
    if blocker == target:
        raise Refusal(f"{ctx.name(blocker)} is already the defending Unit.", ("keyword.blocker.redirect",))
    state.change(blocker, spent=True)
    before = "the Gig area" if target == GIG_AREA else ctx.name(target)
    ctx.rec.add("attack", f"{defender} spends {ctx.name(blocker)} to use [BLOCKER]: it becomes the defending Unit, "
                          f"replacing {before} as the attack target.", "react-step.blocker",
                "react-step.blocker-replaces-target", "keyword.blocker", "keyword.blocker.definition",
                "keyword.blocker.react-step",
                "keyword.blocker.redirect", "orientation.spend", player=defender, cards=(blocker,))
    _lagging_attacker_fights_on(ctx, attacker, blocker)
    effects.spent(ctx, blocker)
    effects.trigger(ctx, blocker, "blocks", "keyword.blocker")
    effects.watchers(ctx, blocker, "blocks", "keyword.blocker")
    return blocker


def _lagging_attacker_fights_on(ctx: Context, attacker: str, blocker: str) -> None:
    """A lagging attacker that card text let attack a Gig area only (Nadia), now facing a blocker: lag is a condition
    on choosing the attacker (9.3.1.1), not on its target, and the block is the rules' own redirect (9.9.1), so
    the attack goes on (judgekit's reading, contested:
    scenarios/contested/a-lagging-gig-area-attacker-blocked-by-a-unit.yaml)."""
    state = ctx.state
    if not state.cards[attacker].lag or units.lag_waived_by(state, attacker) or \
            persistent.permitters(ctx, attacker, "attack-units-while-lagging"):
        return
    ctx.rec.add("check", f"{ctx.name(attacker)} has Lag and attacked only because card text let it attack a Gig "
                         f"area; nothing lets it attack a Unit. But Lag limits only choosing a Unit to attack, not its "
                         f"target, and {ctx.name(blocker)} became the target by [BLOCKER], a redirect the rules "
                         "themselves make: the attack goes on to the fight.", "attack.declare.lagging-cannot-attack",
                "react-step.blocker-replaces-target", "attack.target.permission-only", "attack-end.target-invalid",
                cards=(attacker, blocker))
