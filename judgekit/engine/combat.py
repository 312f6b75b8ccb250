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
                      ("attack.main-phase-action", "attack.definition"))
    where = state.locate(attacker)
    card = state.cards[attacker]
    if where != (player, "field") or not card.definition.is_type("Unit") and not card.definition.is_type("Legend"):
        raise Refusal(f"{ctx.name(attacker)} is not a Unit in {player}'s field; only a friendly Unit in the field "
                      "can attack.", ("units.attack", "attack.declare.choose-attacker"))
    if card.spent:
        raise Refusal(f"{ctx.name(attacker)} is spent; only a ready Unit can be spent to attack.",
                      ("units.attack", "attack.declare.choose-attacker", "orientation.spend"))
    keywords = gear.keywords_of(state, attacker)
    if card.lag:
        if "ADRENALINE" in keywords:
            ctx.rec.add("check", f"{ctx.name(attacker)} has Lag, but [ADRENALINE] lets it attack anyway.",
                        "keyword.adrenaline.ignores-lag", "lag", cards=(attacker,))
        elif "GO SOLO" in keywords:
            ctx.rec.add("check", f"{ctx.name(attacker)} has Lag, but it was played with [GO SOLO], so it can attack "
                                 "this turn.", "keyword.go-solo.definition", "lag", cards=(attacker,))
        else:
            raise Refusal(f"{ctx.name(attacker)} has Lag, and lagging Units can't attack.",
                          ("attack.declare.lagging-cannot-attack", "lag", "lag.definition"))
    if target == GIG_AREA:
        if not state.players[rival].gigs:
            raise Refusal(f"{rival}'s Gig area is empty; an empty Gig area is not a valid attack target.",
                          ("attack.target.rival-gig-area", "attack.target.none"))
        target_text, target_rule = f"{rival}'s Gig area ({len(state.players[rival].gigs)} Gigs)", "attack.target.rival-gig-area"
    else:
        if state.locate(target) != (rival, "field") or not state.cards[target].definition.is_type("Unit"):
            raise Refusal(f"{ctx.name(target)} is not a rival Unit in the field, so it is not a valid attack target.",
                          ("attack.target.spent-rival-unit", "attack.target.none"))
        if not state.cards[target].spent:
            raise Refusal(f"{ctx.name(target)} is ready; only a spent rival Unit is a valid attack target.",
                          ("attack.target.spent-rival-unit", "attack.target.none"))
        target_text, target_rule = ctx.name(target), "attack.target.spent-rival-unit"
    card.spent = True
    ctx.rec.add("attack", f"{player} spends {ctx.name(attacker)} to attack {target_text}.", "units.attack",
                "attack.declare", "attack.declare.choose-attacker", target_rule, "attack.declare.spend-attacker", "attack.declare.announce", "orientation.spend", player=player,
                cards=(attacker,) + (() if target == GIG_AREA else (target,)))
    ctx.rec.add("attack", f"{player} is the attacking player and {rival} the defending player.", "attack.begins", "attack.attacking-player",
                "attack.defending-player", "attack.attacker", "attack.defender" if target != GIG_AREA else "attack.defending-gig-area", player=player)
    effects.trigger(ctx, attacker, "attack", "attack.declared-triggers", "keyword.attack.pending")
    effects.resolve_pending(ctx)
    ctx.rec.add("note", "The attack goes on to the React Step (9.6, 9.7). judgekit does not yet play out the "
                        "React Step, the fight or the steal, so the ruling stops here.", "attack.check-before-react", "react-step",
                player=player)
