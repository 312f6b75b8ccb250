"""The parts effects are made of, as a scenario writes them: instructions, conditions, targets (CR 10).

Cards are labels, `this`, `target`, `target2`, ... (see docs/scenario-format.md, "Effects").
"""

from typing import Annotated, Literal

from pydantic import Field, model_validator

from judgekit.scenario.model.base import MAX_COUNT, Strict


PERMISSION_NAMES = ("attack-units-while-lagging", "attack-gig-area-while-lagging", "attack-ready-units",
                    "attack-ready-blockers")
RESTRICTION_NAMES = ("attack", "attack-gig-area", "block", "be-blocked", "ready", "be-defeated-in-fights")
CARD_KINDS = ("Unit", "Gear", "Legend", "Program", "card")
COUNT_NAMES = ("friendly-gigs", "rival-gigs", "friendly-gigs-8-plus", "friendly-even-gigs", "friendly-odd-gigs",
               "friendly-min-gigs", "friendly-max-gigs", "friendly-value-pairs", "friendly-different-gig-values",
               "friendly-face-up-legends", "friendly-units", "rival-units", "units-in-your-trash", "this-gear",
               "its-gear", "friendly-equipped-units-and-legends")


class MoveInstruction(Strict):
    card: str = Field(description="Label or name of the card to move; `this` is the effect's own card.")
    to: Literal["hand", "trash", "deck-top", "deck-bottom", "removed"] = Field(description="The area it goes to (its "
                                                                                           "owner's).")


class GiveInstruction(Strict):
    """A lasting change to one card (10.23?): power, keywords, or things it can't do."""

    card: str = Field(description="The card: a label, `this`, or `target`.")
    power: int = Field(0, description="Power to add (negative to take away).")
    keywords: list[str] = Field(default_factory=list, description="Keywords it gains, e.g. BLOCKER.")
    cant: list[Literal[RESTRICTION_NAMES]] = Field(default_factory=list, description="Things it can't do.")
    can: list[Literal[PERMISSION_NAMES]] = Field(default_factory=list, description="Things the rules forbid that it "
                                                                                 "can do (2.5?); a can't still wins.")
    steals: int = Field(0, description="Steals this many more Gigs (negative: fewer).")
    while_fighting: bool = Field(False, description="The power counts only while it fights (\"while fighting "
                                                    "rival Units\").")
    until: Literal["end-of-turn", "your-next-turn"] = Field("end-of-turn", description="end-of-turn = \"this turn\"; "
                                                            "your-next-turn = until the start of your next turn.")
    per: Literal[COUNT_NAMES] | None = Field(None, description="`power` is given once for each of these "
                                                               "(counted as it resolves).")
    go_solo_costs_less: int = Field(0, ge=0, description="A Legend's GO SOLO is paid with this much less €$ "
                                                         "(never under 1 €$).")
    power_equal_to: Literal["revealed-cost", "chosen-max-gig"] | None = Field(
        None, description="The power is this value, read once as it is given (fixed afterwards).")


DrawCount = Annotated[int, Field(ge=1, le=MAX_COUNT)]


class DrawInstruction(Strict):
    """Draw a number of cards for each of something ("draw 1 for each friendly value-pair")."""

    count: int = Field(1, ge=1, le=MAX_COUNT, description="Cards drawn for each one counted.")
    per: Literal[COUNT_NAMES] = Field(description="What is counted, as the effect resolves.")


class MoveGearInstruction(Strict):
    gear: str = Field(description="The equipped Gear to move (11.9.6?).")
    to: str = Field(description="Its new host.")


class GigInstruction(Strict):
    """Adjust a Gig (6.4?): exactly one of increase, decrease, set, to."""

    gig: str = Field(description="`choose` = a Gig the controller chooses as it resolves (scripted with `gigs`); "
                                 "`d6`, or `d6=3` when two dice could match; `stolen` = the Gig a steal trigger "
                                 "is about.")
    of: str = Field("you", description="`you`, `rival`, `any` (with `choose`: either player's Gig), or a "
                                       "player's name.")
    increase: int | None = Field(None, ge=1, description="Raise the Gig's value by this much.")
    decrease: int | None = Field(None, ge=1, description="Lower the Gig's value by this much.")
    set: int | None = Field(None, description="Set the Gig to this value.")
    to: Literal["min", "max"] | None = Field(None,
                                             description="Set the Gig to its die's lowest (min) or highest (max) "
                                                         "value.")
    by: int | None = Field(None, ge=1, description="\"Adjust a Gig by N\": up or down by N, the controller's "
                                                   "choice, scripted in `numbers` as N or -N.")
    up_to: bool = Field(False, description="Increase, decrease or adjust by up to that much: the amount is chosen "
                                           "with the action's `numbers` (2.8?; with `by`, -N to N).")

    @model_validator(mode="after")
    def _one_way(self):
        if len([w for w in ("increase", "decrease", "set", "to", "by") if getattr(self, w) is not None]) != 1:
            raise ValueError("an adjustment has exactly one of increase, decrease, set, to, by")
        if self.up_to and self.increase is None and self.decrease is None and self.by is None:
            raise ValueError("`up_to` goes with `increase`, `decrease` or `by`")
        return self


class DiscardInstruction(Strict):
    """A player discards cards from their hand (5.4?): they choose which, scripted with `targets`."""

    count: int = Field(1, ge=1, description="How many cards are discarded.")
    who: Literal["you", "rival"] = Field("you", description="you = the effect's controller; rival = their Rival.")
    kind: Literal["Unit", "Gear", "Legend", "Program"] | None = Field(None, description="Only cards of this type.")
    all_or_nothing: bool = Field(False, description="\"Discard 2 to ...\": with fewer than `count` to discard, "
                                                    "none is discarded (the part can't be done at all).")


class OnlyIfInstruction(Strict):
    """\"If ..., do this\" inside an effect: checked when this part resolves (10.3.3?)."""

    if_: list["Condition"] = Field(alias="if", min_length=1,
                                   description="Conditions, all of which must hold when this part resolves.")
    do: list["Instruction"] = Field(min_length=1, description="What happens when they hold.")
    otherwise: list["Instruction"] = Field(default_factory=list, description="What to do when it does not hold.")


class EachPlayerInstruction(Strict):
    """\"Each player ...\": both make their choices, the turn player first (10.33?), then both act, the turn
    player first (2.9?). Inside, `you` / `friendly` mean the player acting."""

    targets: list["TargetSpec"] = Field(default_factory=list, description="What each player chooses, from their "
                                                                          "own side of view.")
    do: list["Instruction"] = Field(min_length=1, description="What each player does, with their own choices.")


class NextTimeInstruction(Strict):
    """A delayed trigger: "the next time a friendly Unit loses a fight this turn, ..." (used once, this turn)."""

    when: Literal["fights", "wins-fight", "loses-fight", "attack", "steals-gigs", "end-of-turn"] = Field(
        description="The event it waits for; end-of-turn: the end of its controller's turn (it outlives its source).")
    side: Literal["friendly", "rival", "any"] = Field("friendly", description="Whose Unit, from the controller's "
                                                                              "side.")
    card: str | None = Field(None, description="Only this card (`target`, a label); default: any such Unit.")
    margin_at_least: int = Field(0, ge=0, description="wins-fight: by at least this much power (\"by 3+\").")
    do: list["Instruction"] = Field(min_length=1, description="What then happens; `it` is the Unit that did it, "
                                                            "`opponent` the Unit it fought.")
    text: str = Field("", description="How the card words it, in your words; shown in the trace.")


class ChooseInstruction(Strict):
    """A choice made partway through an effect, where its text makes it (10.31?): then these instructions."""

    targets: list["TargetSpec"] = Field(min_length=1, description="What is chosen now.")
    do: list["Instruction"] = Field(min_length=1, description="What then happens, with the chosen cards.")
    name: Literal["target2", "target3"] | None = Field(None, description="Call the chosen card this instead of "
                                                                         "`target`, keeping an earlier `target`.")


class IfYouDoInstruction(Strict):
    """\"(You may) X. If you do, Y\": Y only if X was (chosen and) fully done; otherwise `otherwise`."""

    may: bool = Field(False, description="X is optional (\"you may\"), scripted with the action's `may:` by "
                                         "source.")
    do: list["Instruction"] = Field(min_length=1, description="X: what is (or may be) done first.")
    then: list["Instruction"] = Field(default_factory=list, description="Y: what happens when X was done in full.")
    otherwise: list["Instruction"] = Field(default_factory=list,
                                           description="What happens when X was not done (declined or not possible "
                                                       "in full).")


class PlayFreeInstruction(Strict):
    """Play a card for free, now (11.4.2?, 11.11.4?): from its owner's hand or trash."""

    card: str = Field(description="The card: usually `target`, chosen with `area: hand-or-trash`.")
    equip_to: str | None = Field(None, description="A Gear's host, e.g. `target2`.")
    bottom_deck_after: bool = Field(False, description="Bottom-deck it once played (a Program: once resolved).")


class RepeatInstruction(Strict):
    """Do the instructions once for each of something ("spend a rival Unit for each friendly value-pair")."""

    per: Literal[COUNT_NAMES] = Field(description="What is counted, as it resolves.")
    do: list["Instruction"] = Field(min_length=1, description="What is done, once for each one counted.")


class ForEachInstruction(Strict):
    """"... all ...": the instructions once for each card meeting `filter` now, no choice made; `target` is it."""

    filter: "TargetSpec" = Field(description="What a card must be to be included.")
    do: list["Instruction"] = Field(min_length=1, description="What happens for each such card (`target` is it).")


class MatchGigInstruction(Strict):
    """Set a Gig's value to the value another Gig shows (6.4?): both chosen with `gigs:`, the one to set first."""

    of: Literal["you", "rival", "any"] = Field("any", description="Whose Gig may be set.")
    other_player: bool = Field(False, description="The value comes from a Gig of the other player (\"set a "
                                                  "player's Gig to another player's Gig\").")


class LimitStealsInstruction(Strict):
    """\"Rival Units can't steal friendly Gigs with value higher (lower) than their power\", for a while."""

    actors: Literal["Unit", "Legend"] = Field("Unit", description="Which rival cards are limited (Units include "
                                                                  "Legends in the field).")
    allowed: Literal["at-most-power", "at-least-power"] = Field(description="at-most-power: only Gigs worth no more "
                                                                            "than the actor's power; at-least-power: "
                                                                            "no less.")
    until: Literal["end-of-turn", "your-next-turn"] = Field("your-next-turn",
                                                            description="How long the limit lasts: end-of-turn, or "
                                                                        "your-next-turn (until the start of your "
                                                                        "next turn).")


class SearchInstruction(Strict):
    """Search X (11.16?): look at the top cards of your deck and take up to `take` of them."""

    count: int = Field(ge=1, le=MAX_COUNT, description="How many cards from the top to look at.")
    take: int = Field(1, ge=1, le=MAX_COUNT, description="Up to this many may be taken (2.8?).")
    kind: Literal["Unit", "Gear", "Legend", "Program"] | None = Field(None, description="Only cards of this type.")
    to: Literal["hand", "trash"] = Field("hand", description="Where the taken cards go.")
    max_cost: int | None = Field(None, description="Only cards costing this much or less.")
    take_per: Literal[COUNT_NAMES] | None = Field(None, description="One more may be taken for each of these.")
    cost_matches_a_gig: bool = Field(False, description="Only cards whose cost equals a friendly Gig's value.")
    rest: Literal["top", "bottom"] = Field("top", description="top: the others stay in order; bottom: they are "
                                                              "bottom-decked (in random order).")
    must: bool = Field(False, description="\"Search 2, trash 1\": `take` cards must be taken when there are "
                                          "that many to take (no failing to find); default: up to `take`.")


class StealInstruction(Strict):
    """A card names the actor that steals (6.7.1.2?): "steal a rival Gig", "it also steals a Gig"."""

    count: int = Field(1, ge=1, description="How many rival Gigs are stolen (as many as there are, if fewer).")
    actor: str = Field("this", description="The card that steals: `this` (the Unit reading the effect), `target`, "
                                           "or a label.")
    value_not_shared: bool = Field(False, description="Only a rival Gig whose value no friendly Gig shows.")


class RevealTop(Strict):
    to: Literal["hand", "trash"] | None = Field(None, description="Where it goes after; none: it stays on top.")


class DiscardHands(Strict):
    who: Literal["you", "each"] = Field("you", description="each = both players, the turn player first.")


INSTRUCTION_KEYS = ("draw", "move", "defeat", "bottom_deck", "spend", "ready", "give", "trash", "flip", "reveal",
                    "sell", "move_gear", "adjust", "search", "win", "lose", "end_attack", "call_free", "each_draws",
                    "swap", "steal", "discard", "only_if", "each_player", "next_time",
                    "choose", "if_you_do", "play_free", "repeat", "for_each", "bottom_deck_all",
                    "limit_steals", "look_at", "match_gig", "sell_top_card", "must_attack", "reveal_top",
                    "discard_hands", "pay")


class Instruction(Strict):
    """One instruction of an effect; exactly one key. Cards are labels, `this`, `target`, `target2`, ..."""

    draw: "DrawCount | DrawInstruction | None" = Field(None, description="The effect's controller draws this many cards "
                                                                  "(11.5?), or `{count, per}`: that many for each.")
    move: MoveInstruction | None = Field(None, description="Move a card to an area of its owner.")
    defeat: str | None = Field(None, description="Defeat a Unit in the field or an equipped Gear.")
    bottom_deck: str | list[str] | None = Field(None, description="Bottom-deck one or several cards together.")
    spend: str | None = Field(None, description="Spend a card.")
    ready: str | None = Field(None, description="Ready a card (not if something says it can't).")
    give: GiveInstruction | None = Field(None, description="Give a card power, keywords or a can't, for a while.")
    trash: int | None = Field(None, ge=1, le=MAX_COUNT, description="Trash X (11.10.2?): the top card of the deck to the trash, "
                                                      "X times.")
    flip: str | None = Field(None, description="Flip a card over (11.13?); not a Call.")
    reveal: str | None = Field(None, description="Reveal a card (11.17?); it stays where it is.")
    sell: str | None = Field(None, description="Sell a card from hand (11.12.2.2?); counts as the turn's sell.")
    move_gear: MoveGearInstruction | None = Field(None, description="Move an equipped Gear to another host (11.9.6?).")
    adjust: GigInstruction | None = Field(None, description="Adjust a Gig (6.4?).")
    search: SearchInstruction | None = Field(None, description="Search the top of the deck (11.16?).")
    win: Literal[True] | None = Field(None, description="The effect's controller wins the game (1.12?).")
    lose: Literal["you", "rival", "each"] | None = Field(None, description="These players lose the game (1.15?); "
                                                                           "each = both at once, a tie (1.17.1?).")
    end_attack: Literal[True] | None = Field(None, description="End the attack in progress (9.26.4).")
    call_free: str | None = Field(None, description="The controller Calls this face-down Legend for free "
                                                    "(still once per turn).")
    each_draws: int | None = Field(None, ge=1, le=MAX_COUNT, description="Each player draws this many, the turn player first "
                                                           "(10.2.2?).")
    swap: Literal[True] | None = Field(None, description="Swap a friendly Gig with a rival Gig (6.6?), both chosen "
                                                         "with `gigs`; not a steal.")
    steal: StealInstruction | None = Field(None, description="The named actor steals rival Gigs (6.7.1.2?), chosen "
                                                             "with `gigs`.")
    discard: DiscardInstruction | None = Field(None, description="A player discards cards of their choice.")
    only_if: OnlyIfInstruction | None = Field(None, description="Do these only if the conditions hold now.")
    each_player: EachPlayerInstruction | None = Field(None, description="Each player chooses, then does this "
                                                                        "(turn player first, 10.33?).")
    next_time: NextTimeInstruction | None = Field(None, description="\"The next time ... this turn\": a delayed "
                                                                    "trigger, used once.")
    choose: ChooseInstruction | None = Field(None, description="Choose targets now, partway through (10.31?).")
    if_you_do: IfYouDoInstruction | None = Field(None, description="\"(You may) X. If you do, Y.\"")
    play_free: PlayFreeInstruction | None = Field(None, description="Play a card for free, from hand or trash.")
    repeat: RepeatInstruction | None = Field(None, description="Do these once for each of a count.")
    for_each: ForEachInstruction | None = Field(None, description="Do these for every card that meets a "
                                                                  "requirement (\"all rival Units\").")
    bottom_deck_all: "TargetSpec | None" = Field(None, description="Bottom-deck every card meeting this "
                                                                   "requirement, all at the same time.")
    limit_steals: LimitStealsInstruction | None = Field(None, description="Limit which of your Gigs rival Units "
                                                                          "may steal, by their power.")
    match_gig: MatchGigInstruction | None = Field(None, description="Set a Gig to the value another Gig shows.")
    must_attack: str | None = Field(None, description="This Unit must attack during its controller's next turn "
                                                      "if it can: that turn can't end while it could attack.")
    sell_top_card: Literal[True] | None = Field(None, description="Sell the top card of your deck, unseen (11.9; "
                                                                  "the FAQ: no reveal, no Sell Tag needed).")
    look_at: str | None = Field(None, description="The controller looks at this face-down or hidden card without "
                                                  "revealing it (5.3?); known to them only.")
    reveal_top: RevealTop | None = Field(None, description="Reveal the deck's top card (11.14), then move it `to`.")
    discard_hands: DiscardHands | None = Field(None, description="Discard whole hands (each: turn player first).")
    pay: int | None = Field(None, ge=1, le=MAX_COUNT, description="The controller pays this many €$ (11.1?).")

    @model_validator(mode="after")
    def _one_key(self):
        given = [k for k, v in self if v is not None]
        if len(given) != 1:
            raise ValueError(f"an instruction has exactly one of {', '.join(INSTRUCTION_KEYS)}"
                             f" (got {', '.join(given) or 'none'})")
        return self


class CountAtLeast(Strict):
    count: Literal[COUNT_NAMES] = Field(description="What is counted, from the controller's side.")
    n: int = Field(ge=1, description="The least number that satisfies the condition.")


class CardTags(Strict):
    card: str = Field(description="`target`, `it`, `this`, or a label.")
    tags: list[str] = Field(min_length=1, description="The tags, any one of which the card must have.")
    or_keywords: list[str] = Field(default_factory=list, description="Or it has one of these keywords (\"is "
                                                                     "ARASAKA or has GO SOLO\").")


class Condition(Strict):
    """One condition of an effect (10.3?); exactly one key."""

    street_cred: Literal["even", "odd"] | None = Field(None, description="The controller's Street Cred is even/odd "
                                                                         "(Null is neither, 2.10.2?).")
    street_cred_at_least: int | None = Field(None, description="The controller's Street Cred is at least this "
                                                              "(Null never is).")
    gigs_at_least: int | None = Field(None, ge=0, description="The controller has at least this many Gigs.")
    source_in: Literal["hand", "deck", "field", "legends", "eddies", "trash", "removed"] | None = Field(
        None, description="The effect's card is in this area.")
    source_power_at_least: int | None = Field(None, description="The source's power (last-known if it has left).")
    your_turn: bool | None = Field(None, description="It is (true) or is not (false) the controller's turn.")
    gig_value_at_least: int | None = Field(None, description="The controller controls a Gig with at least this "
                                                            "value.")
    rolled_die: list[Literal["d4", "d6", "d8", "d10", "d12", "d20"]] | None = Field(
        None, description="For a min/max-roll trigger: the die rolled is one of these.")
    stolen_die: Literal["d4", "d6", "d8", "d10", "d12", "d20"] | None = Field(
        None, description="For a steal trigger: the stolen Gig is this die.")
    street_cred_vs_rival: Literal["more", "less"] | None = Field(
        None, description="The controller has more / less Street Cred than the Rival (Null is below every number).")
    street_cred_differs_by_at_least: int | None = Field(None, ge=1, description="The two Street Creds differ by "
                                                                                "this much (never when one is Null).")
    rival_gigs_more_by: int | None = Field(None, ge=1, description="The Rival controls at least this many more "
                                                                   "Gigs than the controller.")
    count_at_least: "CountAtLeast | None" = Field(None, description="There are at least `n` of a `count`.")
    min_gig_die: Literal["d4", "d6", "d8", "d10", "d12", "d20"] | None = Field(
        None, description="The controller's Gig of this die is a min Gig.")
    fixer_empty: bool | None = Field(None, description="The controller's fixer area is (true) or is not empty.")
    even_and_odd_gigs: bool | None = Field(None, description="The controller controls a Gig with an even value and "
                                                             "one with an odd value.")
    all_legends_face_up: bool | None = Field(None, description="All of the controller's Legends are face-up.")
    played_this_turn: Literal[CARD_KINDS] | None = Field(None, description="The controller has played a card of "
                                                                           "this type this turn.")
    source_stole_this_turn: bool | None = Field(None, description="The effect's card has stolen a Gig this turn.")
    source_spent: bool | None = Field(None, description="The effect's card is spent (true) or ready (false).")
    source_named: str | None = Field(None, description="The effect's card (a Gear's host, for its bottom textbox) "
                                                       "has this name, e.g. V.")
    card_tags_any: "CardTags | None" = Field(None, description="Inside `only_if`: that card (`target`, ...) has one "
                                                              "of these tags.")
    card_cost_matches_a_gig: str | None = Field(None, description="Inside `only_if`: that card (`target`, "
                                                                  "`discarded`, ...) costs the value of a friendly Gig.")
    adjusted_is_min: bool | None = Field(None, description="Inside `only_if`: the Gig this effect just adjusted is "
                                                           "(true) or is not a min Gig (\"if it becomes a min Gig\").")
    street_cred_below: int | None = Field(None, description="The controller's Street Cred is less than this (Null "
                                                            "is below every number).")
    stolen_value: Literal["even", "odd"] | None = Field(None, description="For a steal trigger: the stolen Gig's "
                                                                          "value is even / odd.")
    not_played_this_turn: Literal[CARD_KINDS] | None = Field(None, description="The controller has not played a "
                                                                               "card of this type this turn.")
    revealed_is: Literal[CARD_KINDS] | None = Field(None, description="Inside `only_if`: the card it revealed is this type.")
    discarded_total_is_a_gig: bool | None = Field(None, description="Inside `only_if`: the cards it discarded number "
                                                                    "as many as a friendly Gig's value.")

    @model_validator(mode="after")
    def _one_key(self):
        if len([k for k, v in self if v is not None]) != 1:
            raise ValueError("a condition has exactly one key")
        return self


class TargetSpec(Strict):
    """What an effect's controller must choose (10.7?, 10.31?)."""

    kind: Literal[CARD_KINDS] = Field("card", description="The card type to choose (`card`: any type).")
    side: Literal["friendly", "rival", "any"] = Field("any",
                                                      description="Whose card, from the controller's side: friendly, "
                                                                  "rival or any.")
    area: Literal["in-play", "field", "legends", "hand", "trash", "eddies", "hand-or-trash"] = Field(
        "in-play", description="in-play = the field, face-up Legends, equipped Gear.")
    max_cost: int | None = Field(None, description="Only cards costing this much or less.")
    max_power: int | None = Field(None, description="Only cards with this much power or less.")
    spent: bool | None = Field(None, description="Only spent (true) or ready (false) cards.")
    face_up: bool | None = Field(None, description="Face-up (true) or face-down (false), e.g. a face-down Legend "
                                                   "to Call.")
    other: bool = Field(False, description="Not the effect's own card.")
    cost_equals_stolen: bool = Field(False, description="Its cost equals the value of the Gig the effect is about.")
    power_equals_stolen: bool = Field(False, description="Its power equals the value of the Gig the effect is about.")
    unequipped: bool = Field(False, description="It has no Gear equipped.")
    equipped: bool = Field(False, description="It has Gear equipped.")
    on_this: bool = Field(False, description="A Gear equipped to the effect's own card (\"a Gear from this "
                                             "Legend\").")
    tags_any: list[str] = Field(default_factory=list, description="It has one of these tags.")
    weaker_than_a_friendly_unit: bool = Field(False, description="Its power is less than that of some friendly "
                                                                 "Unit.")
    max_power_of_die: Literal["d4", "d6", "d8", "d10", "d12", "d20"] | None = Field(
        None, description="Its power is at most the value of the controller's Gig of this die.")
    max_cost_of_discarded: bool = Field(False, description="Inside `choose` after `discard`: cost at most the "
                                                           "discarded card's.")
    among_trashed: bool = Field(False, description="Inside `choose`: one of the cards this effect just trashed "
                                                   "(\"add a Unit from among them\").")
    up_to: bool = Field(False, description="\"Up to\": the player may stop choosing (script `none`).")
    lowest_power: bool = Field(False, description="It has the lowest power among its controller's Units (ties: "
                                                  "any of them).")


