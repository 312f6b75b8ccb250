"""Attack, fight and steal (CR 9): declaring the attack, the Fight Step and the Steal Step.

The React Step is `react_step`, and the attack ending (early or after its last step) `ending_an_attack`.

The defending player's reactions and the attacking player's choice of Gigs come from the
scenario; when one is needed and not scripted, the ruling stops there with an `await` step that
says who must choose what.
"""
from __future__ import annotations

from judgekit.engine import (attack_target, declared, defeating, effects, end_of_turn, fight_winners, golden_rules,
                             persistent, stealing, units)
from judgekit.engine import fighting as fighting_power
from judgekit.engine.action_kinds import MORE_REACTIONS
from judgekit.engine.context import Context
from judgekit.engine.ending_an_attack import GIG_AREA, clear_attack, end_attack, still_on, takes_part
from judgekit.engine.react_step import react_step
from judgekit.engine.state import PERMISSIONS, legend_not_unit
from judgekit.engine.trace import Refusal, ScenarioMismatch
from judgekit.plural import counted


def attack(ctx: Context, player: str, attacker: str, target: str,
           reactions: tuple[tuple, ...] | None, steal: tuple[str, ...] | None) -> None:
    """9.3-9.29: declare the attack, then play it out as far as the scenario's scripted choices go."""
    declare_attack(ctx, player, attacker, target)
    play_out(ctx, player, reactions, steal)


def resume_attack(ctx: Context, player: str, reactions: tuple[tuple, ...] | None,
                  steal: tuple[str, ...] | None) -> None:
    """Go on with the attack already in progress (a scenario that starts mid-attack), from its next step."""
    if ctx.state.attack is None:
        raise Refusal("No attack is in progress, so there is none to go on with.", ("attack.definition",))
    attacker, target, step = ctx.state.attack
    ctx.rec.add("attack", f"The attack in progress goes on: {ctx.name(attacker)} attacking "
                          f"{'the Gig area' if target == GIG_AREA else ctx.name(target)}, at the "
                          f"{step.title()} Step.", "attack.definition", player=player, cards=(attacker,))
    declared.say_stated(ctx, attacker, player)
    play_out(ctx, player, reactions, steal)


def play_out(ctx: Context, player: str, reactions: tuple[tuple, ...] | None, steal: tuple[str, ...] | None) -> None:
    """From the attack's next step to its end, as far as the scripted choices go (9.7-9.25)."""
    attacker, target, step = ctx.state.attack
    defender = ctx.state.rival_of(player)
    if step in ("fight", "steal"):
        if reactions:
            raise ScenarioMismatch(f"`react` is scripted, but the attack is already past its React Step (at the "
                                   f"{step} step)")
    elif reactions is None:
        if not still_on(ctx, attacker, target, player):  # 9.6: over before the React Step, nothing to await
            return clear_attack(ctx)
        if steal is not None:
            raise ScenarioMismatch("`steal` is scripted, but the attack stops at the React Step: script `react` "
                                   "([] for no reactions) to reach the Steal Step")
        ctx.state.attack = (attacker, target, "react")
        ctx.rec.add("await", f"{defender} (the defending player) may now react, where they have one: Call a Legend, "
                             "use [BLOCKER] with a ready Unit, or use a [QUICK] effect. The ruling waits here; script "
                             "the reactions with `react:` ([] for none) to play the attack out.",
                    "attack.check-before-react", "react-step", "react-step.defender-only", player=defender,
                    choice=("react",))
        return
    else:
        still_open = reactions[-1:] == (MORE_REACTIONS,)
        target = react_step(ctx, defender, attacker, target, reactions[:-1] if still_open else reactions,
                            ends=not still_open)
        if target is None:
            return _ended_early(ctx, steal)
        if still_open:
            if steal is not None:
                raise ScenarioMismatch("`steal` is scripted, but the React Step is still open (`more: true`)")
            ctx.state.attack = (attacker, target, "react")
            again = " again" if len(reactions) > 1 else ""
            ctx.rec.add("await", f"{defender} may react{again}, or end the React Step. The ruling waits here; "
                                 "script the next reactions in `react:` in place of `more: true` (or drop it to "
                                 "end the step).", "react-step", "react-step.ending", player=defender,
                        choice=("react",))
            return
    ctx.state.attack = (attacker, target, "steal" if target == GIG_AREA else "fight")
    if not still_on(ctx, attacker, target, player):
        return _ended_early(ctx, steal)
    if target == GIG_AREA:
        steal_step(ctx, player, attacker, steal)
    else:
        if steal is not None:
            raise ScenarioMismatch("`steal` is scripted, but the attack target is a Unit, so there is a fight "
                                   "and no Steal Step (9.15); Gigs an effect has a Unit steal after its fight are "
                                   "chosen with `gigs:`", None, "steal")
        fight_step(ctx, attacker, target)


def _ended_early(ctx: Context, steal: tuple[str, ...] | None) -> None:
    """The attack ended before its Fight or Steal Step (9.27.1): nothing more happens; a scripted `steal` has no
    Steal Step to be used in."""
    clear_attack(ctx)
    if steal is not None:
        raise ScenarioMismatch("`steal` is scripted, but the attack ended before its Steal Step, so nothing is stolen "
                               "(9.27.1)")


def declare_attack(ctx: Context, player: str, attacker: str, target: str) -> None:
    """9.3: choose a ready, non-lagging friendly Unit and a valid target, then spend the Unit."""
    state = ctx.state
    rival = state.rival_of(player)
    if state.turn != player or state.phase != "main":
        raise Refusal(f"Attacking is a Main Phase action of the turn player; it is {state.turn}'s {state.phase} phase.",
                      ("attack.main-phase-action", "main-phase.attack", "attack.definition"))
    where = state.locate(attacker)
    card = state.cards[attacker]
    if where != (player, "field") or not state.is_a(attacker, "Unit"):
        why, rules = legend_not_unit(state, attacker)
        raise Refusal(f"{ctx.name(attacker)} is not a Unit in {player}'s field; only a friendly Unit in the field "
                      f"can attack.{why}", ("units.attack", "attack.declare.choose-attacker", *rules))
    if card.spent:
        raise Refusal(f"{ctx.name(attacker)} is spent; only a ready Unit can be spent to attack.",
                      ("units.attack", "attack.declare.choose-attacker", "orientation.spend"))
    keywords = persistent.keywords_of(state, attacker)
    golden_rules.check_cant(ctx, attacker, "attack", keywords)
    waived = units.lag_waived_by(state, attacker) if card.lag else None
    if card.lag:
        if waived == "ADRENALINE":
            ctx.rec.add("check", f"{ctx.name(attacker)} has Lag, but [ADRENALINE] lets it attack anyway.",
                        "keyword.adrenaline.ignores-lag", "keyword.adrenaline.definition", "lag", cards=(attacker,))
        elif waived == "GO SOLO":
            ctx.rec.add("check", f"{ctx.name(attacker)} has Lag, but it was played with [GO SOLO], so it can attack "
                                 "this turn.", "keyword.go-solo.definition", "lag", cards=(attacker,))
        elif not golden_rules.permitted(ctx, attacker, "attack-gig-area-while-lagging" if target == GIG_AREA
                            else "attack-units-while-lagging", "lag"):
            other = "attack-units-while-lagging" if target == GIG_AREA else "attack-gig-area-while-lagging"
            only = persistent.permitters(ctx, attacker, other)
            unmet, unmet_rules = golden_rules.unmet(ctx, attacker, "attack-gig-area-while-lagging"
                                                    if target == GIG_AREA else "attack-units-while-lagging")
            raise Refusal(f"{ctx.name(attacker)} has Lag, and lagging Units can't attack." +
                          (f" {unmet}" if unmet else "") +
                          (f" {'; '.join(only)} lets it {PERMISSIONS[other]}, and nothing more." if only else ""),
                          ("attack.declare.lagging-cannot-attack", "lag.cannot-attack", "lag", "lag.definition",
                           *unmet_rules, *(("attack.target.permission-only",) if only else ())))
    illegal = attack_target.why_illegal(ctx, attacker, target, player)
    if target == GIG_AREA:
        if illegal == attack_target.RESTRICTED:
            golden_rules.check_cant(ctx, attacker, "attack-gig-area", ())
        if illegal == attack_target.EMPTY:
            raise Refusal(f"{rival}'s Gig area is empty; an empty Gig area is not a valid attack target.",
                          ("attack.target.rival-gig-area", "rival-gig-area.attack-target", _no_target_rule(ctx, attacker, player)))
        target_text = f"{rival}'s Gig area ({counted(len(state.players[rival].gigs), 'Gig')})"
        target_rule = "attack.target.rival-gig-area"
    else:
        if illegal == attack_target.NOT_RIVAL_UNIT:
            why, rules = legend_not_unit(state, target)
            raise Refusal(f"{ctx.name(target)} is not a rival Unit in the field, so it is not a valid attack "
                          f"target.{why}", ("attack.target.spent-rival-unit", _no_target_rule(ctx, attacker, player), *rules))
        if illegal == attack_target.READY:
            blocker = "BLOCKER" in persistent.keywords_of(state, target)
            unmet = [golden_rules.unmet(ctx, attacker, p)
                     for p in ("attack-ready-units", *(("attack-ready-blockers",) if blocker else ()))]
            raise Refusal(f"{ctx.name(target)} is ready; only a spent rival Unit is a valid attack target." +
                          "".join(f" {words}" for words, _ in unmet if words),
                          ("attack.target.spent-rival-unit", _no_target_rule(ctx, attacker, player),
                           *dict.fromkeys(r for _, rules in unmet for r in rules)))
        if not state.cards[target].spent and not golden_rules.permitted(ctx, attacker, "attack-ready-units", "ready"):
            golden_rules.permitted(ctx, attacker, "attack-ready-blockers", "ready")  # legal though ready (2.5)
        target_text, target_rule = ctx.name(target), "attack.target.spent-rival-unit"
        if not state.cards[target].definition.is_type("Unit"):
            ctx.rec.add("check", f"{ctx.name(target)} is a Legend in the field, so it is a Unit too and can be attacked "
                                 "like any rival Unit.", "card-types.legend-on-field-is-unit", target_rule,
                        cards=(target,))
    fixed = declared.fix(state, attacker, target, player)
    state.change(attacker, spent=True)
    ctx.rec.add("attack", f"{player} spends {ctx.name(attacker)} to attack {target_text}.", "units.attack",
                "attack.declare", "attack.declare.choose-attacker", target_rule, "attack.declare.spend-attacker",
                "attack.declare.announce", "orientation.spend", player=player,
                cards=(attacker,) + (() if target == GIG_AREA else (target,)))
    ctx.rec.add("attack", f"{player} is the attacking player and {rival} the defending player.", "attack.begins",
                "attack.attacking-player", "attack.defending-player", "attack.attacker",
                "attack.defender" if target != GIG_AREA else "attack.defending-gig-area", player=player)
    state.attack = (attacker, target, "declared")  # 9.5: effects lasting "while attacking" apply from the declaration
    takes_part(state, attacker, target)
    declared.say(ctx, attacker, player, fixed)
    effects.trigger(ctx, attacker, "attack", "attack.declared-triggers", "keyword.attack.pending")
    effects.watchers(ctx, attacker, "attacks", "attack.declared-triggers")
    effects.spent(ctx, attacker, "keyword.attack.spend-triggers-together")
    effects.resolve_pending(ctx)


def _no_target_rule(ctx: Context, attacker: str, player: str) -> str:
    """The rule refusing an invalid attack target: "choose a valid target" (9.3.2), or "with no valid target, you
    cannot attack" (9.3.2.4) when `attacker` has none at all, by the same predicate (`attack_target`)."""
    return "attack.declare.choose-target" if attack_target.has_any(ctx, attacker, player) else "attack.target.none"


def _power_words(ctx: Context, label: str, power: int) -> str:
    """`power 4: 2 printed, +2 Mantis Blades`: the power a fight compares and, when more than the printed power
    makes it, its parts (3.17.2), the power it has only while fighting among them (told in the step before)."""
    said = persistent.power_parts_said(ctx.state, label)
    if not said:
        return f"power {power}"
    raw = sum(amount for amount, _ in persistent.power_parts(ctx.state, label))
    return f"power {power}: {said}" + (f"; {raw} counts as 0" if raw < 0 else "")


def _power(ctx: Context, label: str, fighting: bool = False) -> int:
    """The power a fight or steal compares: negative counts as 0 (2.10.1); in a fight, with fight-only power
    (`fighting_power`: part of its power throughout the Fight Step, 9.16.1), which is said."""
    power = persistent.power_of(ctx.state, label) or 0
    if fighting:
        extra, sources, rules = fighting_power.bonus(ctx.state, label)
        if extra:
            ctx.rec.add("check", f"While fighting, {ctx.name(label)} has {extra:+d} power ({'; '.join(sources)}): "
                                 f"{power} in this fight.", "persistent-effects", "fight.definition",
                        "fight-step.while-fighting", *rules, cards=(label,))
    for source, effect, reasons, rules in persistent.power_not_applying(ctx.state, label) if fighting else ():
        whose = "its own effect" if source == label else f"{ctx.name(source)}'s effect"
        ctx.rec.add("check", f"{ctx.name(label)} has {power} power: {whose} ({effect.text or 'a power bonus'}) does "
                             f"not apply now, as its condition is false ({'; '.join(reasons)}).",
                    "effects.condition-false", *rules, cards=(label,))
    if power < 0:
        ctx.rec.add("check", f"{ctx.name(label)} has {power} power, which counts as 0.",
                    "golden.negative-counts-as-zero", cards=(label,))
    return max(0, power)


def _result_power(ctx: Context, label: str, compared: int) -> int:
    """The power a Unit has as the fight's result is resolved, after the fight's own effects (9.18, 9.19): what
    9.19.2 reads; said when those effects took it to 0 or from 0, which decides whether it defeats."""
    power = persistent.power_of(ctx.state, label) or 0
    if (max(0, power) == 0) != (compared == 0):
        ctx.rec.add("check", f"{ctx.name(label)} had {compared} power when the fight was decided and has "
                             f"{max(0, power)} now that the fight's effects have resolved; the result reads it now.",
                    "fight.triggers-before-defeat", "fight.result", cards=(label,))
    return max(0, power)


def fight_step(ctx: Context, attacker: str, defender: str) -> None:
    """9.15-9.20: higher power wins, equal power both lose; losers are defeated unless the winner has 0 power."""
    player = ctx.state.cards[attacker].owner
    ctx.state.attack_fought = True  # what lasts while fighting applies from here (9.16.1)
    a, d = _power(ctx, attacker, fighting=True), _power(ctx, defender, fighting=True)
    claims = fight_winners.claims(ctx, attacker, defender)
    claimed = fight_winners.claimed_winner(claims)
    if claimed is not None:
        winner, loser, why = claimed
        losers = [loser]
        verdict = f"{ctx.name(winner)} wins whatever the powers, by {why}, and {ctx.name(loser)} loses"
        rules = ("golden.card-beats-rules", "fight.effects-decide", "fight.winner-means-loser")
    elif a != d:
        winner, loser = (attacker, defender) if a > d else (defender, attacker)
        losers = [loser]
        verdict = f"{ctx.name(winner)} wins and {ctx.name(loser)} loses"
        rules = ("fight.higher-power-wins", "fight.winner-means-loser", "fight.lower-or-equal-loses")
    else:
        losers = [attacker, defender]
        verdict = "their power is equal, so neither wins and both lose"
        rules = ("fight.tie-both-lose",)
    if claims and claimed is None:
        verdict = f"{' and '.join(f'{ctx.name(w)} claims the win by {why}' for w, _, why in claims)}; as both Units " \
                  f"claim it, judgekit takes neither claim and lets power decide (the rules are unclear here): {verdict}"
        rules = ("fight.effects-decide", *rules)
    geared = any(ctx.state.cards[u].gear for u in (attacker, defender))
    misses = fight_winners.gear_tag_misses(ctx, attacker, defender) if geared else []
    if misses:
        verdict += f" ({'; '.join(misses)})"
        rules = (*rules, "gear.no-inherited-characteristics")
    ctx.rec.add("fight", f"Fight Step: {ctx.name(attacker)} ({_power_words(ctx, attacker, a)}) fights "
                         f"{ctx.name(defender)} ({_power_words(ctx, defender, d)}): "
                         f"{verdict}.", "fight-step.only-against-units", "fight-step", "fight.definition", *rules,
                *persistent.gear_rules(ctx.state, (attacker, defender)),
                *(persistent.gear_tags_decide(ctx.state, (attacker, defender)) if geared else ()),
                player=player, cards=(attacker, defender))
    for unit in (attacker, defender):
        end_of_turn.remember(ctx.state, "fought", unit)
    for unit in (attacker, defender):
        other = defender if unit == attacker else attacker
        opponent = {"opponent": other, "margin": (a - d) if unit == attacker else (d - a)}
        effects.trigger(ctx, unit, "fights", "fight.triggers-before-defeat", "triggered-effects.simultaneous",
                        known=opponent)
        still_lost = ("fight.prevented-defeat-still-loses",) if unit in losers and _shielded(ctx, unit) else ()
        effects.trigger(ctx, unit, "loses-fight" if unit in losers else "wins-fight", "fight.triggers-before-defeat",
                        *still_lost, known=opponent)
    effects.resolve_pending(ctx)
    if not still_on(ctx, attacker, defender, player, fought=True):
        _losses_stand(ctx, [loser for loser in losers if ctx.state.locate(loser)[1] == "field"])
        clear_attack(ctx)
        return
    power = {attacker: _result_power(ctx, attacker, a), defender: _result_power(ctx, defender, d)}
    for loser in losers:
        opponent = defender if loser == attacker else attacker
        if power[opponent] == 0:
            ctx.rec.add("fight", f"{ctx.name(opponent)} has 0 power, so it does not defeat {ctx.name(loser)}, "
                                 "though that Unit still lost the fight.", "fight.zero-power-defeats-nothing",
                        cards=(opponent, loser))
    defeated = [loser for loser in losers if power[defender if loser == attacker else attacker] > 0]
    for loser in list(defeated):
        shielded = _shielded(ctx, loser)
        if shielded:
            defeated.remove(loser)
            defeated_note, defeated_rules = effects.kept_from_defeat(ctx, loser)
            ctx.rec.add("fight", f"{ctx.name(loser)} can't be defeated in a fight ({'; '.join(shielded)}): it still "
                                 f"lost the fight, but it is not defeated{defeated_note}.",
                        "fight.prevented-defeat-still-loses", "golden.cant-beats-can", *defeated_rules,
                        cards=(loser,))
    with defeating.together(ctx, "fight.result"):  # the fight's one result (9.19)
        for loser in defeated:
            opponent = defender if loser == attacker else attacker
            ctx.rec.add("fight", f"{ctx.name(loser)} lost the fight, so as the fight's result it would be defeated "
                                 f"by {ctx.name(opponent)}.", "fight.result", "fight.loser-defeated",
                        cards=(loser, opponent))
            defeating.defeat(ctx, loser, in_fight=True)
    effects.resolve_pending(ctx)
    end_attack(ctx, player, "fight-step.end")


def steal_count(power: int) -> int:
    """9.23.2: 0 power steals 0; otherwise floor(P / 10) + 1."""
    return 0 if power <= 0 else power // 10 + 1


def steal_step(ctx: Context, player: str, attacker: str, chosen: tuple[str, ...] | None) -> None:
    """9.21-9.25: the attacker steals floor(P/10)+1 Gigs, or as many more or fewer as effects on it say (9.23.1),
    chosen by its player, all moved at once."""
    state = ctx.state
    rival = state.rival_of(player)
    gigs = list(state.players[rival].gigs)
    power = _power(ctx, attacker)
    if not gigs:
        ctx.rec.add("steal", f"{rival}'s Gig area is empty as the Steal Step begins, so nothing is stolen.",
                    "steal-step.only-against-gig-area", "steal-step.empty-gig-area",
                    "rival-gig-area.emptied-mid-attack", player=player)
        return end_attack(ctx, player, "steal-step.end")
    held, (gigs, bars) = gigs, stealing.limit(ctx, attacker, rival, gigs, attack=True)
    if not gigs:
        ctx.rec.add("steal", f"None of {rival}'s Gigs can be stolen by {ctx.name(attacker)} ({stealing.barred(bars)}), "
                             "so nothing is stolen.", "steal.as-many-as-possible", *stealing.decided_by(bars),
                    player=player)
        if chosen:
            raise Refusal("`steal` names Gigs, but an effect forbids this attacker to steal any of them.",
                          ("golden.cant-beats-can",))
        return end_attack(ctx, player, "steal-step.end")
    base = steal_count(power)
    changed = bool(stealing.after_changes(state, attacker, base)[2])
    short = f"; {rival} has only {len(gigs)}, so it steals them all" if len(gigs) == len(held) else \
        f"; only {len(gigs)} of {rival}'s Gigs can be stolen by it, so it steals those"
    attacking = persistent.while_attacking(state, attacker)
    during = f" (with {' and '.join(attacking)}, which applies while it attacks)" \
        if attacking else ""
    ctx.rec.add("steal", f"Steal Step: {ctx.name(attacker)} has power {power}{during}, so "
                         f"{'by its power it would steal' if changed else 'it steals'} {counted(base, 'Gig')}"
                         f"{short if base > len(gigs) and not changed else ''}.",
                "steal-step.only-against-gig-area", "steal-step", "steal.count-from-power",
                "steal.zero-power" if base == 0 else "steal.formula",
                *(("steal.as-many-as-possible",) if base > len(gigs) and not changed else ()),
                *(("attack.declared-triggers",) if attacking else ()), *persistent.gear_tags_decide(ctx.state, (attacker,)), player=player, cards=(attacker,))
    if base == 0:
        stealing.zero_power_more(ctx, player, attacker)
    count = stealing.changed_count(ctx, player, attacker, base, "steal-step.while-stealing")
    if changed and count > len(gigs):
        ctx.rec.add("steal", short[2].upper() + short[3:] + ".", "steal.as-many-as-possible", player=player,
                    cards=(attacker,))
    take = min(count, len(gigs))
    if take == 0:
        if chosen:
            raise ScenarioMismatch(f"`steal` names Gigs, but {ctx.name(attacker)} steals none")
        return end_attack(ctx, player, "steal-step.end")
    picked = stealing.pick(ctx, player, rival, gigs, count, chosen, "steal", bars, attack=True)
    if picked is None:
        return
    stealing.take(ctx, player, attacker, picked, "steal-step", attack=True)
    effects.resolve_pending(ctx, "steal-step.resolve-pending")
    end_attack(ctx, player, "steal-step.end")


def _shielded(ctx: Context, unit: str) -> list[str]:
    """The effects that say `unit` can't be defeated in fights (2.6)."""
    return persistent.forbidders(ctx, unit, "be-defeated-in-fights")


def _losses_stand(ctx: Context, losers: list[str]) -> None:
    """9.19.3: a loser kept from being defeated in the fight has still lost it, though the fight ended early."""
    for loser in losers:
        shielded = _shielded(ctx, loser)
        if shielded:
            ctx.rec.add("fight", f"{ctx.name(loser)} can't be defeated in a fight ({'; '.join(shielded)}) and is not "
                                 "defeated, but it still lost the fight.", "fight.prevented-defeat-still-loses",
                        "golden.cant-beats-can", cards=(loser,))


