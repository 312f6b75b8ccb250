"""Declaring an attack (4.8, 9.1-9.5): a ready friendly Unit is spent to attack a valid target.

The React Step, the fight and the steal (9.7 onward) are not played out yet; the ruling says so.
"""
from __future__ import annotations

from judgekit.engine import effects, gear
from judgekit.engine.context import Context
from judgekit.engine.trace import Refusal

GIG_AREA = "gig-area"


def declare_attack(ctx: Context, player: str, attacker: str, target: str) -> None:
    """9.3: choose a ready, non-lagging friendly Unit and a valid target, then spend the Unit."""
    state = ctx.state
    rival = state.rival_of(player)
    if state.turn != player or state.phase != "main":
        raise Refusal(f"Attacking is a Main Phase action of the turn player; it is {state.turn}'s {state.phase} phase.",
                      ("#9.2", "#9.1"))
    where = state.locate(attacker)
    card = state.cards[attacker]
    if where != (player, "field") or not card.definition.is_type("Unit") and not card.definition.is_type("Legend"):
        raise Refusal(f"{ctx.name(attacker)} is not a Unit in {player}'s field; only a friendly Unit in the field "
                      "can attack.", ("units.attack", "#9.3.1"))
    if card.spent:
        raise Refusal(f"{ctx.name(attacker)} is spent; only a ready Unit can be spent to attack.",
                      ("units.attack", "#9.3.1", "orientation.spend"))
    keywords = gear.keywords_of(state, attacker)
    if card.lag:
        if "ADRENALINE" in keywords:
            ctx.rec.add("check", f"{ctx.name(attacker)} has Lag, but [ADRENALINE] lets it attack anyway.",
                        "#11.23.2", "lag", cards=(attacker,))
        elif "GO SOLO" in keywords:
            ctx.rec.add("check", f"{ctx.name(attacker)} has Lag, but it was played with [GO SOLO], so it can attack "
                                 "this turn.", "#11.25.1", "lag", cards=(attacker,))
        else:
            raise Refusal(f"{ctx.name(attacker)} has Lag, and lagging Units can't attack.",
                          ("#9.3.1.1", "lag", "lag.definition"))
    if target == GIG_AREA:
        if not state.players[rival].gigs:
            raise Refusal(f"{rival}'s Gig area is empty; an empty Gig area is not a valid attack target.",
                          ("#9.3.2.2", "#9.3.2.4"))
        target_text, target_rule = f"{rival}'s Gig area ({len(state.players[rival].gigs)} Gigs)", "#9.3.2.2"
    else:
        if state.locate(target) != (rival, "field") or not state.cards[target].definition.is_type("Unit"):
            raise Refusal(f"{ctx.name(target)} is not a rival Unit in the field, so it is not a valid attack target.",
                          ("#9.3.2.1", "#9.3.2.4"))
        if not state.cards[target].spent:
            raise Refusal(f"{ctx.name(target)} is ready; only a spent rival Unit is a valid attack target.",
                          ("#9.3.2.1", "#9.3.2.4"))
        target_text, target_rule = ctx.name(target), "#9.3.2.1"
    card.spent = True
    ctx.rec.add("attack", f"{player} spends {ctx.name(attacker)} to attack {target_text}.", "units.attack",
                "#9.3", "#9.3.1", target_rule, "#9.3.3", "#9.3.4", "orientation.spend", player=player,
                cards=(attacker,) + (() if target == GIG_AREA else (target,)))
    ctx.rec.add("attack", f"{player} is the attacking player and {rival} the defending player.", "#9.4", "#9.4.1",
                "#9.4.2", "#9.4.3", "#9.4.4" if target != GIG_AREA else "#9.4.5", player=player)
    effects.trigger(ctx, attacker, "attack", "#9.5", "#11.21.2")
    effects.resolve_pending(ctx)
    ctx.rec.add("note", "The attack goes on to the React Step (9.6, 9.7). judgekit does not yet play out the "
                        "React Step, the fight or the steal, so the ruling stops here.", "#9.6", "#9.7",
                player=player)
