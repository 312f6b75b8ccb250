"""The actions a scenario scripts, and the choices scripted with them."""

from typing import Annotated, Literal

from pydantic import Field, model_validator

from judgekit.scenario.model.base import AREA_NAMES, DESTINATIONS, DIE_NAMES, MAX_AMOUNT, MAX_COUNT, GigChange, Strict

from judgekit.scenario import checks
from judgekit.scenario.checks import VERBS  # noqa: F401  (re-exported)


class AdjustSpec(GigChange):
    """An effect adjusts one Gig (6.4?): exactly one of increase, decrease, set, to."""

    gig: str = Field(description="The Gig, as `d6` or `d6=3` when two dice could match.")
    of: str | None = Field(None, description="Whose Gig area it is in; default: the acting player's.")

    _one_way = model_validator(mode="after")(checks.adjustment_one_way)
    how = property(checks.adjustment_how)


class SwapSpec(Strict):
    """An effect swaps a friendly Gig with a rival Gig (6.6?)."""

    mine: str = Field(description="The acting player's Gig, `d6` or `d6=3`.")
    theirs: str = Field(description="The Rival's Gig.")


class ReactionSpec(Strict):
    """One reaction of the defending player in the React Step (9.8-9.10)."""

    block: str | None = Field(None, description="A ready friendly Unit with [BLOCKER] that becomes the defender.")
    call: str | None = Field(None, description="Call this face-down Legend as a reaction (9.8).")
    quick: str | None = Field(None, description="Play this [QUICK] Program, or activate this card's [QUICK] "
                                                "effect (9.10, 11.29?).")
    effect: int | None = Field(None, ge=1, description="For `quick` on a card with several activated effects: "
                                                       "which (1 = the first).")
    x: int | None = Field(None, ge=0, le=MAX_AMOUNT, description="For `quick`: the value chosen for X (11.19?).")
    pay: list[str] | None = Field(None, description="For `call` or `quick`: the Eddies or Legends to spend.")
    equip_to: str | None = Field(None, description="For `quick` playing a Gear whose only text is [QUICK] "
                                                    "(11.29.1.1?): the friendly Unit or face-up Legend it is "
                                                    "equipped to (4.10, 11.9).")
    more: Literal[True] | None = Field(None, description="As the last reaction: the defending player has not ended "
                                                         "the React Step, so the ruling waits for their next "
                                                         "reaction or the end of the step (9.7, 9.12).")

    _one_kind = model_validator(mode="after")(checks.reaction_one_kind)


class ModeChoice(Strict):
    """One "choose one" answer with the player who makes it, for an effect whose card gives the choice to a Rival."""

    by: str = Field(description="The player who makes this choice: a Rival, where the card says a Rival chooses "
                                "(10.31?); checked against the card as it resolves.")
    pick: int | list[int] = Field(description="The chosen effect (1 = the first listed), or a list when several "
                                              "are chosen.")


class ActionSpec(Strict):
    """One action; exactly one of the verb keys."""

    play: str | None = Field(None, description="Play this card (a Unit, Gear, Program, or a Legend from the "
                                               "Legends area).")
    call: str | None = Field(None, description="Call a Legend: flip this face-down Legend (11.14).")
    sell: str | None = Field(None, description="Sell this card from hand (11.12?).")
    move: str | None = Field(None, description="An effect moves this card; needs `to`.")
    defeat: str | None = Field(None, description="An effect defeats this Unit.")
    bottom_deck: str | list[str] | None = Field(None, description="An effect bottom-decks these cards together.")
    draw: int | None = Field(None, ge=1, le=MAX_COUNT, description="The player draws this many cards.")
    attack: str | None = Field(None, description="Declare an attack with this Unit; needs `target`.")
    setup: Literal["legends", "game"] | None = Field(None, description="Pre-game setup: `legends` randomises the "
                                                                     "player's 3 Legends face-down (7.7?); `game` "
                                                                     "runs all of 7.5?-7.9? for both players.")
    first: str | None = Field(None, description="`setup: game`: the player who goes first (7.5.2?).")
    mulligan: list[str] | None = Field(None, description="`setup: game`: the players who mulligan ([] for none).")
    start_phase: Literal[True] | None = Field(None, description="The turn player's Start Phase, in order (8.6?); "
                                                                "for a scenario in phase `start`.")
    pass_turn: Literal[True] | None = Field(None, description="The turn player passes (8.9?): End of Turn, then "
                                                              "the Rival's turn and Start Phase.")
    adjust: AdjustSpec | None = Field(None, description="An effect adjusts a Gig (6.4?).")
    activate: str | None = Field(None, description="Activate this card's activated effect (10.18?-10.20?).")
    concede: Literal[True] | None = Field(None, description="The acting player concedes and loses (1.16?).")
    resume_attack: Literal[True] | None = Field(None, description="Go on with the attack the scenario starts in "
                                                                  "(top-level `attack`), from its next step.")
    effect: int | None = Field(None, ge=1, description="`activate`: which activated effect of the card "
                                                       "(1 = the first); needed when it has several.")
    x: int | None = Field(None, ge=0, le=MAX_AMOUNT, description="`activate`: the value chosen for X (11.19?).")
    order: list[str] | None = Field(None, description="The order in which the acting players resolve their own "
                                                      "pending effects, by source label, or `Card#N` for the "
                                                      "card's Nth effect (10.12?).")
    targets: list[str] | None = Field(None, description="Cards chosen by effects, in the order they choose them.")
    numbers: list[int] | None = Field(None, description="Amounts chosen for 'up to' instructions, in order (2.8?).")
    may: dict[str, bool | list[bool]] | None = Field(None, description="'You may' choices by source: true to do it, "
                                                                       "false to decline (2.1.1?); a list when the "
                                                                       "card asks several times, in order.")
    gigs: list[str] | None = Field(None, description="Gigs chosen by effects, in the order they choose them: "
                                                     "`d6`, `d6=3`, or `player:d6=3` when either player's Gig "
                                                     "may be chosen; `d6=3 (stolen)`, `d6=3 (other)` where equal "
                                                     "dice differ in which effects follow them.")
    modes: list[int | list[int] | ModeChoice] | None = Field(
        None, description="For each 'choose one' effect, in the order they resolve: the chosen effect (1 = the first "
                          "listed), or a list when several are chosen; `{by: PLAYER, pick: N}` when the card gives "
                          "the choice to a Rival (a bare number is the effect controller's choice).")
    replacements: dict[str, bool | list[bool]] | None = Field(
        None, description="Optional replacement effects by source, or one effect of a card as `Card#N` (its Nth "
                          "effect): true to apply, false to decline (10.26?); a list when it is offered several "
                          "times, in order.")
    payments: list[str] | None = Field(
        None, description="The Eddies and Legends spent when an effect asks its controller to pay €$ (an effect's "
                          "'pay N €$', an optional replacement's cost, a card an effect plays paying its cost), in "
                          "the order paid; each payment takes as many as it costs (11.11.1?, 5.7.2?). Unscripted, "
                          "judgekit chooses where every choice leads to the same result, else the ruling waits.")
    swap: SwapSpec | None = Field(None, description="An effect swaps a friendly Gig with a rival one (6.6?).")
    roll_in: Literal[DIE_NAMES] | None = Field(None, description="Start Phase: the fixer die rolled in (8.6.5.1?).")
    roll: Annotated[int, Field(ge=1, le=20)] | list[Annotated[int, Field(ge=1, le=20)]] | None = Field(
        None, description="Start Phase: the value the rolled-in die shows; a list when a card lets it be rerolled "
                          "(first roll, then the reroll); default: from the seed.")
    target: str | None = Field(None, description="Attack target: a rival Unit, or `gig-area`.")
    react: list[ReactionSpec] | None = Field(None, description="Attack: the defending player's reactions in the "
                                                               "React Step, in order; [] when they take none. "
                                                               "Unscripted, the ruling stops at the React Step.")
    steal: list[str] | None = Field(None, description="Attack on a Gig area: the Gigs the attacking player "
                                                      "chooses, one at a time, e.g. ['d8', 'd6=3'].")
    by: str | None = Field(None, description="The acting player; default: the turn player.")
    pay: list[str] | None = Field(None, description="Eddies and Legends to spend; default: judgekit chooses.")
    equip_to: str | None = Field(None, description="Gear: the host to equip it to.")
    go_solo: bool | None = Field(None, description="`play` of a Legend with [GO SOLO]: true to use GO SOLO "
                                                   "(enters ready, can attack this turn), false to play it by "
                                                   "4.5 (same orientation, Lag). Unscripted, the ruling waits.")
    from_: Literal[AREA_NAMES] | None = Field(None, alias="from", description="Where the card is now (checked).")
    to: Literal[DESTINATIONS] | None = Field(None,
                                             description="With `move`: where the card goes (hand, trash, deck-top, "
                                                         "deck-bottom, removed).")
    note: str = Field("", description="Free text shown beside the action in the ruling.")

    _one_verb = model_validator(mode="after")(checks.action_one_verb)
    verb = property(checks.action_verb)
