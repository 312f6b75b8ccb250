"""Legends (4.3-4.5, 5.7): playing one from the Legends area, and Call a Legend (11.11)."""
from __future__ import annotations

import copy

from judgekit.engine import areas, costs, effects, persistent
from judgekit.engine.context import Context
from judgekit.engine.state import GameState
from judgekit.engine.trace import AwaitChoice, Recorder, Refusal, refuse
from judgekit.cites import rule_mark
from judgekit.plural import counted


def check_playable_legend(ctx: Context, label: str) -> None:
    """A Legend is played from the Legends area, face-up, and never with a Null cost (4.5, 4.5.3)."""
    card = ctx.state.cards[label]
    if not card.face_up:
        raise Refusal(f"{ctx.name(label)} is face-down: its card information, cost included, is ignored, "
                      "so there is no cost to pay and it cannot be played.",
                      ("orientation.face-down-ignored", "legends.play-as-unit", "play.invalid"),
                      hint="A Legend in the Legends area starts face-down. If it is face-up at this point of the game, "
                           "write `face_up: true` on it; if it is to be flipped now, Call it first (a `call` action, "
                           f"{rule_mark('call-a-legend')}), then play it.")
    if card.definition.cost is None:
        raise Refusal(f"{ctx.name(label)} has a Null ( - ) cost: it has no cost, so it cannot be played to the field.",
                      ("legends.null-cost-cannot-be-played", "cost-value.null", "cost-value.null-cannot-be-paid",
                       "play.invalid"))


def has_go_solo(state: GameState, label: str) -> bool:
    """Whether the Legend has [GO SOLO] now (11.25.1): printed, from its Gear's bottom textbox (4.11.3) or given by
    an effect; asked as it is played, from the Legends area, where a face-up Legend may carry Gear (4.10.1)."""
    return "GO SOLO" in persistent.keywords_of(state, label)


def _go_solo_given(state: GameState, label: str) -> tuple[str, tuple[str, ...]]:
    """Where the Legend has a [GO SOLO] not printed on it from ("Test Jetpack's bottom textbox"), with the rules;
    nothing when it is printed."""
    if "GO SOLO" in state.cards[label].definition.keywords or not has_go_solo(state, label):
        return "", ()
    givers, rules = persistent.keyword_givers(state, label, "GO SOLO")
    return " and ".join(givers), rules


def choose_go_solo(ctx: Context, player: str, label: str, scripted: bool | None, paid: bool = True,
                   pay_with: list[str] | None = None) -> bool:
    """11.25.1: a Legend with [GO SOLO] may use it, or be played by 4.5 instead; the player chooses.

    Returns whether GO SOLO is used. Unscripted, with both open, the ruling waits for the choice, unless neither
    way can be paid for (`paid`: the play is paid and judgekit picks the payment), which is refused at once. The
    choice says how the Legend enters by 4.5.1: as its payment leaves it (`pay_with`, the named payment).
    """
    card = ctx.state.cards[label]
    has = has_go_solo(ctx.state, label)
    if scripted and not has:
        raise Refusal(f"{ctx.name(label)} has no [GO SOLO], so it can only be played by the Legend rules "
                      "(same orientation, with Lag).", ("keyword.go-solo.definition", "legends.play-as-unit",
                                                        "play.invalid"))
    if not has:
        return False
    if scripted is None:
        spends_itself = _check_either_affordable(ctx, player, label) if paid else label in (pay_with or ())
        orientation = "spent, as its payment spends it first" if spends_itself and not card.spent else \
            f"{'spent' if card.spent else 'ready'}, as it is now"
        given, given_rules = _go_solo_given(ctx.state, label)
        raise AwaitChoice(f"{player} chooses how to play {ctx.name(label)}: with [GO SOLO]"
                          f"{' from ' + given if given else ''} (it enters ready "
                          f"and can attack this turn) or by the Legend rules (it enters {orientation}, with Lag). The "
                          "ruling waits here; "
                          "script `go_solo: true` or `go_solo: false` on the play.", player,
                          ("keyword.go-solo.definition", *given_rules, "legends.play-as-unit"), choice=("go_solo",))
    return scripted


def _check_either_affordable(ctx: Context, player: str, label: str) -> bool:
    """11.1.2: a Legend that can be paid for neither with [GO SOLO] nor by the Legend rules is refused before its
    player is asked which way to play it (the ways can cost differently: Riot Shield, Nocturne). Returns whether
    paying for it by the Legend rules spends the Legend itself, as nothing else is left to pay with."""
    scratch = Context(ctx.state.copy(), Recorder(), copy.deepcopy(ctx.rng), ctx.seed)
    solo, plain = (costs.to_play(scratch, player, label, go_solo=way).amount for way in (True, False))
    sources = costs.sources_in_order(scratch, player, last={label})  # as `play_card` pays: the Legend itself last
    if len(sources) < min(solo, plain):
        either = f"{solo} €$ with [GO SOLO], {plain} €$ without" if solo != plain else f"{solo} €$ either way"
        raise Refusal(f"playing {ctx.name(label)} costs {either}, but {player} has only {len(sources)} €$ available; "
                      "a cost must be paid in full, so it can't be played either way.",
                      ("cost.paid-in-full", "pay.definition", "keyword.go-solo.definition", "play.invalid"))
    return label in sources[:plain]


def place_legend(ctx: Context, label: str, go_solo: bool = False) -> list[tuple]:
    """4.5.1-4.5.2: the Legend enters the field as a Unit, same orientation, with Lag; with [GO SOLO]
    it enters ready and can attack this turn (11.25.1)."""
    card = ctx.state.cards[label]
    spent = card.spent
    declined = not go_solo and has_go_solo(ctx.state, label)  # asked where it is played from, as it was chosen
    source, given_rules = _go_solo_given(ctx.state, label)
    given = f" (it has it from {source})" if source else ""
    events = areas.move(ctx, label, "field", ("legends.play-as-unit", "legends-area.play-legend"), how="is played")
    card = ctx.state.change(label, lag=True)
    if go_solo:
        ctx.state.change(label, spent=False)
        ctx.state.this_turn.append(("went-solo", ctx.state.controller(label), label))
        ctx.rec.add("lag", f"{ctx.name(label)} is played with [GO SOLO]{given}: it enters the field ready"
                           f"{' although it was spent in the Legends area (the card text beats the rule that it keeps its orientation)' if spent else ''}"
                           ", with Lag, and it can "
                           "attack this turn. If it leaves the field it is removed from the game.",
                    "keyword.go-solo", "keyword.go-solo.definition", *given_rules, "golden.card-beats-rules",
                    *(("legends.play-keeps-orientation",) if spent else ()), "legends.play-enters-with-lag", "lag",
                    "card-types.legend-on-field-is-unit", cards=(label,))
        return events
    ctx.state.change(label, spent=spent)
    ctx.rec.add("lag", f"{ctx.name(label)} enters the field {'spent' if spent else 'ready'}, as it was in the "
                "Legends area, and with Lag"
                f"{f': its controller chose not to use its [GO SOLO]{given}, so it cannot attack this turn' if declined else ''}."
                " In the field it is both a Legend and a Unit.",
                *(("keyword.go-solo.definition", *given_rules) if declined else ()), "legends.play-keeps-orientation", "legends.play-enters-with-lag", "lag",
                "card-types.multiple-types", "card-types.legend-on-field-is-unit", cards=(label,))
    return events


def call_a_legend(ctx: Context, player: str, label: str, pay_with: list[str] | None,
                  as_reaction: bool = False, by_effect: bool = False) -> None:
    """11.11: pay 1 €$ to flip a chosen face-down friendly Legend face-up; once per turn.

    `as_reaction`: the defending player Calls in the React Step of a rival attack (9.8, 11.11.2.2).
    `by_effect`: an effect lets the player Call for free, at its own timing; still once per turn (11.8.4.1).
    """
    refuse(call_refusal(ctx, player, label, as_reaction, by_effect))
    state = ctx.state
    card = state.cards[label]
    free_by = free_call_source(state, player) if not by_effect else None
    if free_by is not None and pay_with:  # its "you may" declined (2.1.1): the Call is the action, paid as usual
        ctx.rec.add("choice", f"{ctx.name(free_by)}'s effect would let {player} make this Call at no cost ('you "
                              f"may'), but {player} names a payment, so they decline it: the Call is paid as usual.",
                    "golden.you-may", "call-a-legend.definition", player=player, cards=(free_by,))
        costs.pay(ctx, player, 1, pay_with, "Call a Legend", cites=("call-a-legend.definition",), last={label})
    elif free_by is not None:
        ctx.rec.add("pay", f"{ctx.name(free_by)}'s effect lets {player} Call a Legend for free during their turn: "
                           "nothing is paid, but every other rule of the Call (once per turn) still applies.",
                    "golden.card-beats-rules", "pay.for-free", "pay.for-free-other-conditions", player=player,
                    cards=(free_by,))
    elif by_effect:
        ctx.rec.add("pay", f"{player} Calls a Legend for free, as the effect allows: nothing is paid, but every "
                           "other rule of the Call still applies.", "pay.for-free", "pay.for-free-other-conditions",
                    player=player)
    else:
        costs.pay(ctx, player, call_price(state, player), pay_with, "Call a Legend", cites=("call-a-legend.definition",),
                  last={label})
    card = state.change(label, face_up=True)
    state.players[player].called_legend_this_turn = True
    ctx.rec.add("flip", f"{player} Calls {ctx.name(label)}: it turns face-up and stays "
                f"{'spent' if card.spent else 'ready'}.", "legends.call-once-per-turn", "call-a-legend",
                "call-a-legend.definition", "call-a-legend.keeps-orientation", "flip", player=player, cards=(label,))
    effects.trigger(ctx, label, "call", "call-a-legend.call-triggers", "keyword.call.pending")


def call_refusal(ctx: Context, player: str, label: str, as_reaction: bool = False,
                 by_effect: bool = False) -> Refusal | None:
    """Why `player` can't Call `label` now (11.11: once per turn, a face-down friendly Legend), or None. The card
    itself is checked first: a Legend that is not a friendly face-down one can't be Called on any turn, and that
    is the reason given, whatever else was done this turn (one check for every Legend). Then when: on a rival's turn
    only as a reaction (11.11.2.2), on one's own only in the Main Phase (11.11.2.1), the phase being the reason."""
    state = ctx.state
    where = state.locate(label)
    if where != (player, "legends"):
        return Refusal(f"{ctx.name(label)} is not in {player}'s Legends area; only a friendly face-down Legend "
                       "there can be Called.", ("call-a-legend.choose",))
    if state.cards[label].face_up:
        return Refusal(f"{ctx.name(label)} is already face-up; Call a Legend flips a face-down Legend.",
                       ("call-a-legend.definition", "call-a-legend.choose"))
    if not as_reaction and not by_effect and state.turn != player:
        return Refusal(f"It is {state.turn}'s turn: on a rival's turn {player} may Call a Legend only as a "
                       "reaction, in the React Step of an attack by a rival Unit.",
                       ("call-a-legend.reaction", "main-phase.call-in-rival-react-step",
                        "call-a-legend.main-phase-action"))
    if not as_reaction and not by_effect and state.phase != "main":
        return Refusal(f"Calling a Legend is an action of {player}'s own Main Phase; it is {player}'s "
                       f"{state.phase} phase.", ("call-a-legend.main-phase-action", "main-phase.call-a-legend"))
    if state.players[player].called_legend_this_turn:
        return Refusal(f"{player} has already Called a Legend this turn; it may be done only once per turn.",
                       ("legends.call-once-per-turn", "legends-area.call-once", "call-a-legend.once-per-turn",
                        "main-phase.call-once-per-turn"))
    return None


def call_price(state, player: str, by_effect: bool = False) -> int:
    """What Calling a Legend costs `player` now (11.11): 1 €$, or nothing by an effect (11.8.4.1)."""
    return 0 if by_effect or free_call_source(state, player) is not None else 1


def free_call_source(state, player: str) -> str | None:
    """A friendly persistent effect letting `player` Call a Legend for free during their own turn, if any."""
    if state.turn != player:
        return None
    return next((source for source, controller, effect, _ in persistent.active_effects(state)
                 if controller == player and ("free-call", True) in effect.grants), None)


def set_up_legends(ctx: Context, player: str) -> None:
    """4.3, 7.7: the player's 3 Legends are shuffled and placed face-down; the first player spends two (7.7.4)."""
    state = ctx.state
    legends = state.players[player].legends
    if len(legends) != 3:
        raise Refusal(f"{player} has {counted(len(legends), 'Legend')} in the Legends area; pre-game setup places exactly 3.",
                      ("deck.legal-deck", "setup.legends.shuffle"))
    if state.phase != "setup":
        raise Refusal("Legends are randomised and placed during pre-game setup only (set `phase: setup`).",
                      ("setup.pre-game", "setup.legends"))
    order = list(legends)
    ctx.rng.shuffle(order)
    state.players[player].legends = order
    for label in order:
        state.change(label, face_up=False, spent=False)
    ctx.rec.add("random", f"{player}'s 3 Legends are shuffled and placed face-down, left to right: "
                f"{', '.join(ctx.name(c) for c in order)}.", "legends.start-face-down", "setup.pre-game", "setup.legends",
                "setup.legends.shuffle", "setup.legends.place-face-down", "legends-area.setup", player=player,
                cards=tuple(order), random=f"order drawn from seed {ctx.seed}")
    if state.turn == player:
        for label in order[:2]:
            state.change(label, spent=True)
        ctx.rec.add("spend", f"{player} goes first, so their 2 left-most Legends are spent: "
                    f"{', '.join(ctx.name(c) for c in order[:2])}.", "setup.legends.first-player-spends-two", "orientation.spend",
                    player=player, cards=tuple(order[:2]))
