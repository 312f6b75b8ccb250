"""What is already under way when a scenario starts: an attack (CR 9) and lasting effects (10.23).

Both are checked against the board the scenario lays out, so a judge who starts "in the middle of
an attack" gets an error at the right line when the attack could not be where they put it.
"""
from __future__ import annotations

from judgekit.engine import declared, persistent, watching
from judgekit.engine.state import GameState, Modifier, PlayDiscount


def place_attack(builder, state: GameState) -> None:
    """The top-level `attack:`: a spent friendly attacker and a valid target of the turn player's attack."""
    spec = builder.scenario.attack
    if spec is None:
        return
    path = ("attack",)
    attacker = builder.ref(spec.attacker, path + ("attacker",))
    target = "gig-area" if spec.target == "gig-area" else builder.ref(spec.target, path + ("target",))
    if builder.problems:
        return
    rival = state.rival_of(state.turn)
    if state.phase != "main":
        builder.problem(path, "an attack happens in the Main Phase; set `phase: main` (the default)")
    if state.locate(attacker) != (state.turn, "field"):
        builder.problem(path + ("attacker",), f"the attacker {attacker!r} must be in the turn player's "
                                              f"({state.turn}'s) field")
    elif not state.cards[attacker].spent:
        builder.problem(path + ("attacker",), f"the attacker {attacker!r} was spent to attack (9.3); mark it "
                                              "`spent: true`")
    else:
        forbidding = persistent.forbidding(state, attacker, "attack") + \
            (persistent.forbidding(state, attacker, "attack-gig-area") if target == "gig-area" else [])
        if forbidding:
            builder.problem(path + ("attacker",), f"{attacker!r} can't have declared this attack: "
                                                  f"{'; '.join(forbidding)} (2.6)")
    if target == "gig-area":
        if spec.step == "fight":
            builder.problem(path + ("step",), "an attack on a Gig area has no Fight Step unless it was blocked; "
                                              "name the blocking Unit as the target")
    elif state.locate(target) != (rival, "field"):
        builder.problem(path + ("target",), f"the target {target!r} must be a Unit in {rival}'s field, or "
                                            "`gig-area`")
    elif spec.step == "steal":
        builder.problem(path + ("step",), "an attack on a Unit has a Fight Step, not a Steal Step")
    state.attack = (attacker, target, spec.step)
    if not builder.problems:
        declared.fix(state, attacker, target, state.turn, stated=True)


def place_lasting(builder, state: GameState) -> None:
    """The top-level `lasting:`: changes earlier effects gave cards, still in force."""
    for i, spec in enumerate(builder.scenario.lasting):
        path = ("lasting", i)
        label = builder.ref(spec.card, path + ("card",))
        controller = builder.player_ref(spec.by, path + ("by",))
        state.modifiers.append(Modifier(card=label, source_name=spec.source, controller=controller,
                                        power=spec.power, keywords=tuple(spec.keywords), cant=tuple(spec.cant),
                                        can=tuple(spec.can), steals=spec.steals, until=spec.until))


def place_this_turn(builder, state: GameState) -> None:
    """The top-level `this_turn:`: events of this turn that effects remember (until it ends, 8.16); and each
    lagging Unit in a field counted as played this turn (see `infer_played`)."""
    spec = builder.scenario.this_turn
    if spec is not None:
        _place_stated(builder, spec, state)
    if not builder.problems:
        infer_played(state)


def infer_played(state: GameState) -> None:
    """A Unit with Lag in a field entered it this turn (Lag comes on entering, 11.3.1, and goes at the end of each
    turn, 11.3.2), and in this card pool only playing a card puts a Unit there: such a Unit not already among the
    cards played this turn is counted as played this turn, as if the scenario had said so (an effect reading "the
    turn it's played" sees it)."""
    for name, player in state.players.items():
        for label in player.field:
            if state.cards[label].lag and not state.happened_this_turn("played", label=label):
                state.this_turn.append(("played", state.cards[label].owner, label))
                watching.remember(state, "played", name, label, {"equipped": bool(state.cards[label].gear)})


def _place_stated(builder, spec, state: GameState) -> None:
    for key, what in (("played", "played"), ("stole", "stole"), ("first_time_done", "first-time"),
                      ("went_solo", "went-solo")):
        for i, written in enumerate(getattr(spec, key)):
            path = ("this_turn", key, i)
            label = builder.ref(written, path)
            if builder.problems:
                continue
            card = state.cards[label]
            if key == "played" and state.locate(label)[1] == "field" and not card.lag:
                builder.problem(path, f"{label!r} was played this turn and is in the field, so it is lagging "
                                      "(11.3.1); mark it `lag: true`")
            player = card.owner if key == "played" else (state.controller(label) or card.owner)
            state.this_turn.append((what, player, label))
            if key == "played":  # as the play did: what "the first time each turn" counts (play.py)
                watching.remember(state, "played", state.controller(label) or card.owner, label,
                                  {"equipped": bool(card.gear)})
            if key == "stole":  # as the steal did: its own "steals Gigs" event (effects.trigger)
                watching.remember_own(state, "steals-gigs", player, label)
    for i, written in enumerate(spec.activated):
        _place_activated(builder, state, written, ("this_turn", "activated", i))
    for i, waiting in enumerate(spec.discounts):
        controller = builder.player_ref(waiting.by, ("this_turn", "discounts", i, "by"))
        state.discounts.append(PlayDiscount(controller, None, waiting.source, waiting.kind, waiting.amount))


def _place_activated(builder, state: GameState, written: str, path: tuple) -> None:
    """`card` or `card#N`: that card's Nth activated effect (default 1) was used this turn, before the actions;
    it counts against a "once per turn" limit (activated.use_key)."""
    from judgekit.engine import activated  # the rules of activating, loaded only for a board that needs them
    name, sep, number = written.rpartition("#")
    if not (sep and number.isdigit()):
        name, number = written, "1"
    label = builder.ref(name, path)
    if builder.problems:
        return
    found = activated.readable(state, label)
    if not 1 <= int(number) <= len(found) or not found[int(number) - 1][1].once_per_turn:
        which = [n for n, (_, e) in enumerate(found, 1) if e.once_per_turn]
        host = activated.as_the_hosts(state, label)
        builder.problem(path, f"{label!r} has no once-per-turn activated effect {number}"
                              + (f" (its once-per-turn effects: {', '.join(map(str, which))})" if which else "")
                              + (f"; a Gear's bottom textbox is its host's (4.11.3): write `{host[0]}#{host[1]}`"
                                 if host else ""))
        return
    source, effect = found[int(number) - 1]
    state.this_turn.append(("activated-before", state.controller(label) or state.cards[label].owner,
                            activated.use_key(state, label, source, effect)))
