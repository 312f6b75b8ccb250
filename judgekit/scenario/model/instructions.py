"""The instructions effects are made of, as a scenario writes them (CR 10); their conditions and targets
are in conditions.py.

Cards are labels, `this`, `target`, `target2`, ... (see docs/scenario-format.md, "Effects").
"""

from typing import Annotated, Literal

from pydantic import Field, model_validator

from judgekit.scenario import checks
from judgekit.scenario.model.base import MAX_COUNT, GigChange, Keyword, Strict
from judgekit.scenario.checks import INSTRUCTION_KEYS  # noqa: F401  (re-exported)
from judgekit.scenario.model.conditions import (  # noqa: F401  (re-exported)
    CARD_KINDS, COUNT_NAMES, PERMISSION_NAMES, RESTRICTION_NAMES, CardTags, Condition, CountAtLeast, TargetSpec)


class MoveInstruction(Strict):
    card: str = Field(description="Label or name of the card to move; `this` is the effect's own card.")
    to: Literal["hand", "trash", "deck-top", "deck-bottom", "removed"] = Field(description="The area it goes to (its "
                                                                                           "owner's).")


class GiveInstruction(Strict):
    """A lasting change to one card (10.23?): power, keywords, or things it can't do."""

    card: str = Field(description="The card: a label, `this`, or `target`.")
    power: int = Field(0, description="Power to add (negative to take away); not with `power_equal_to`.")
    keywords: list[Keyword] = Field(default_factory=list, description="Keywords it gains, e.g. BLOCKER.")
    cant: list[Literal[RESTRICTION_NAMES]] = Field(default_factory=list, description="Things it can't do.")
    can: list[Literal[PERMISSION_NAMES]] = Field(default_factory=list, description="Things the rules forbid that it "
                                                                                 "can do (2.5?); a can't still wins.")
    steals: int = Field(0, description="Steals this many more Gigs (negative: fewer).")
    while_fighting: bool = Field(False, description="The power counts only while it fights (\"while fighting "
                                                    "rival Units\"); only with power.")
    until: Literal["end-of-turn", "your-next-turn", "next-attack", "end-of-attack"] = Field(
        "end-of-turn", description="end-of-turn = \"this turn\"; your-next-turn = until the start of your next turn; "
                                   "next-attack = \"the next time this Unit attacks this turn\": it holds for that "
                                   "attack, whatever its target, and ends with it (or with the turn); end-of-attack = "
                                   "for the attack (and its fight) under way only; with no attack under way it does "
                                   "nothing (10.23?).")
    per: Literal[COUNT_NAMES] | None = Field(None, description="`power` is given once for each of these "
                                                               "(counted as it resolves); needs `power`.")
    go_solo_costs_less: int = Field(0, ge=0, description="A Legend's GO SOLO is paid with this much less €$ "
                                                         "(never under 1 €$).")
    power_equal_to: Literal["revealed-cost", "chosen-max-gig", "this-power"] | None = Field(
        None, description="The power is this value, read once as it is given (fixed afterwards); this-power: the "
                          "effect's own card's power (negative counts as 0).")
    loses: bool = Field(False, description="With `power_equal_to`: the card loses that much power instead "
                                           "(\"loses power equal to ...\").")

    _power_keys = model_validator(mode="after")(checks.power_keys_agree)


DrawCount = Annotated[int, Field(ge=1, le=MAX_COUNT)]


class DrawInstruction(Strict):
    """Draw a number of cards for each of something ("draw 1 for each friendly value-pair")."""

    count: int = Field(1, ge=1, le=MAX_COUNT, description="Cards drawn for each one counted.")
    per: Literal[COUNT_NAMES] = Field(description="What is counted, as the effect resolves.")


class MoveGearInstruction(Strict):
    gear: str = Field(description="The equipped Gear to move (11.9.6?).")
    to: str = Field(description="Its new host.")


class GigInstruction(GigChange):
    """Adjust a Gig (6.4?): exactly one of increase, decrease, set, to."""

    gig: str | list[str] = Field(description="`choose` = a Gig the controller chooses as it resolves (scripted "
                                             "with `gigs`); `d6`, or `d6=3` when two dice could match; `stolen` = "
                                             "the Gig a steal trigger is about. A list adjusts several Gigs at the "
                                             "same time: one adjustment, one event for \"when ... adjusts\" "
                                             "triggers.")
    of: str = Field("you", description="`you`, `rival`, `any` (with `choose`: either player's Gig), or a "
                                       "player's name.")
    by: int | None = Field(None, ge=1, description="\"Adjust a Gig by N\": up or down by N, the controller's "
                                                   "choice, scripted in `numbers` as N or -N.")
    up_to: bool = Field(False, description="Increase, decrease or adjust by up to that much: the amount is chosen "
                                           "with the action's `numbers` (2.8?; with `by`, -N to N).")

    _one_way = model_validator(mode="after")(checks.gig_adjustment_one_way)


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
    part: str | None = Field(None, description="The part `do` is, named in the card's terms for the ruling (\"the "
                                               "draw of 3 for a d20\"); \"\" when the card prints no such condition "
                                               "(the encoding's own, e.g. a Gear needs a host): the ruling says "
                                               "nothing of it. Default: \"that part\".")


class EachPlayerInstruction(Strict):
    """\"Each player ...\": both make their choices, the turn player first (10.33?), then both act, the turn
    player first (2.9?). Inside, `you` / `friendly` mean the player acting."""

    targets: list["TargetSpec"] = Field(default_factory=list, description="What each player chooses, from their "
                                                                          "own side of view.")
    do: list["Instruction"] = Field(min_length=1, description="What each player does, with their own choices.")


class NextTimeInstruction(Strict):
    """A delayed trigger: "the next time a friendly Unit loses a fight this turn, ..." (used once, this turn)."""

    when: Literal["fights", "wins-fight", "loses-fight", "attack", "steals-gigs", "end-of-turn",
                  "end-of-this-turn"] = Field(
        description="The event it waits for; end-of-turn: the end of its controller's turn; end-of-this-turn: the "
                    "end of the turn in progress, whoever's it is (either outlives its source, 8.16.1?).")
    side: Literal["friendly", "rival", "any"] = Field("friendly", description="Whose Unit, from the controller's "
                                                                              "side.")
    card: str | None = Field(None, description="Only this card (`target`, a label); default: any such Unit.")
    margin_at_least: int = Field(0, ge=0, description="wins-fight: by at least this much power (\"by 3+\").")
    do: list["Instruction"] = Field(min_length=1, description="What then happens; `it` is the Unit that did it, "
                                                            "`opponent` the Unit it fought.")
    text: str = Field("", description="How the card words it, in your words; shown in the trace.")
    if_it_did: list[Literal["steals", "fights"]] = Field(
        default_factory=list, description="end-of-this-turn with `card`: it happens only if that card stole a Gig "
                                          "or fought (attacking or defending) after this was set up; `it` is that "
                                          "card.")

    _if_it_did_names_a_card = model_validator(mode="after")(checks.if_it_did_names_a_card)


class ChooseInstruction(Strict):
    """A choice made partway through an effect, where its text makes it (10.31?): then these instructions."""

    targets: list["TargetSpec"] = Field(min_length=1, description="What is chosen now.")
    do: list["Instruction"] = Field(min_length=1, description="What then happens, with the chosen cards.")
    name: Literal["target2", "target3"] | None = Field(None, description="Call the chosen card this instead of "
                                                                         "`target`, keeping an earlier `target`.")

    _plays_friendly = model_validator(mode="after")(checks.plays_only_friendly_cards)


class IfYouDoInstruction(Strict):
    """\"(You may) X. If you do, Y\": Y only if X was (chosen and) fully done; otherwise `otherwise`."""

    may: bool = Field(False, description="X is optional (\"you may\"), scripted with the action's `may:` by "
                                         "source.")
    do: list["Instruction"] = Field(min_length=1, description="X: what is (or may be) done first.")
    then: list["Instruction"] = Field(default_factory=list, description="Y: what happens when X was done in full.")
    otherwise: list["Instruction"] = Field(default_factory=list,
                                           description="What happens when X was not done (declined or not possible "
                                                       "in full).")
    part: str | None = Field(None, description="The part `then` is, named in the card's terms for the ruling; by "
                                               "default 'the \"if you do\" part', for a card printing \"if you "
                                               "do\"; \"\" when the card prints no such link (the ruling says "
                                               "nothing when X was done, and \"the rest of the effect\" when not).")
    instead: bool = Field(False, description="\"You may X instead\": `otherwise` is what X replaces, done only "
                                             "when X is declined or has nothing to do; X chosen and done as far "
                                             "as possible (2.4?) replaces it even when it falls short.")


class PlayFreeInstruction(Strict):
    """Play a card for free, now (11.4.2?, 11.11.4?): from its owner's hand or trash."""

    card: str = Field(description="The card: usually `target`, chosen with `area: hand-or-trash`.")
    equip_to: str | None = Field(None, description="A Gear's host, e.g. `target2`.")
    bottom_deck_after: bool = Field(False, description="Bottom-deck it once played (a Program: once resolved).")


class PlayPayingInstruction(PlayFreeInstruction):
    """Play a card now from its owner's hand or trash, paying its cost as usual (3.11.1.1?, 11.4.3?)."""


class NextCostsLessInstruction(Strict):
    """"Your next Program this turn plays for -N €$ (for each ...)": N is counted as the effect resolves and stays
    fixed; such discounts stack; the next such card you play this turn uses them up; never under 1 €$ (11.11.3?)."""

    kind: Literal["Unit", "Gear", "Legend", "Program"] = Field("Program", description="The type of card it is for.")
    amount: int = Field(1, ge=1, le=MAX_COUNT, description="€$ off (for each one counted, with `per`).")
    per: Literal[COUNT_NAMES] | None = Field(None, description="`amount` off for each of these, counted as the "
                                                               "effect resolves.")


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
    must: bool = Field(False, description="\"Search 2, trash 1\", \"add 1 to your hand\": `take` cards must be "
                                          "taken when there are that many to take (no failing to find; with no card "
                                          "information to match, 5.3.2.5?); the extra ones from `take_per` stay "
                                          "optional. Default: up to `take`.")
    reveal: bool = Field(False, description="\"Reveal it and add it to your hand\": the taken cards are shown to "
                                            "the Rival (11.17?) before they go; else only the searching player "
                                            "sees them.")
    may: bool = Field(False, description="The card says \"you may\" take them (2.1.1?): the picks past `must`'s "
                                         "may be left for that reason.")
    up_to: bool = Field(False, description="The card says \"up to\" (2.8?): the picks past `must`'s may be left "
                                           "for that reason.")

    _says_why_a_pick_may_be_left = model_validator(mode="after")(checks.search_says_why_a_pick_may_be_left)


class StealInstruction(Strict):
    """A card names the actor that steals (6.7.1.2?): "steal a rival Gig", "it also steals a Gig"."""

    count: int = Field(1, ge=1, description="How many rival Gigs are stolen (as many as there are, if fewer).")
    actor: str = Field("this", description="The card that steals: `this` (the Unit reading the effect), `target`, "
                                           "or a label.")
    value_not_shared: bool = Field(False, description="Only a rival Gig whose value no friendly Gig shows.")


class RevealTop(Strict):
    to: Literal["hand", "trash"] | None = Field(None, description="Where it goes after; none: it stays on top.")
    count: int = Field(1, ge=1, le=10, description="How many top cards to reveal; they stay in the deck (11.14.2?) "
                                                   "and are `revealed` for the rest of the effect, as a group.")


class DiscardHands(Strict):
    who: Literal["you", "each"] = Field("you", description="each = both players, the turn player first.")


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
    play_paying: PlayPayingInstruction | None = Field(None, description="Play a card from hand or trash, paying "
                                                                        "its cost (3.11.1.1?).")
    next_costs_less: NextCostsLessInstruction | None = Field(None, description="Your next card of a type this turn "
                                                                               "plays for less (fixed now, stacks).")

    _one_key = model_validator(mode="after")(checks.instruction_one_key)
