"""What an effect checks and chooses, as a scenario writes it: conditions (CR 10.3) and targets (10.7).

Cards are labels, `this`, `target`, `target2`, ... (see docs/scenario-format.md, "Effects").
"""

from typing import Literal

from pydantic import Field, model_validator

from judgekit.scenario import checks
from judgekit.scenario.checks import PERMISSION_NAMES, RESTRICTION_NAMES  # noqa: F401  (re-exported)
from judgekit.scenario.model.base import Keyword, Strict

CARD_KINDS = ("Unit", "Gear", "Legend", "Program", "card")
TARGET_KINDS = CARD_KINDS + ("host",)  # host: what a Gear may be equipped to (4.10.1)
COUNT_NAMES = ("friendly-gigs", "rival-gigs", "friendly-gigs-8-plus", "friendly-even-gigs", "friendly-odd-gigs",
               "friendly-min-gigs", "friendly-max-gigs", "friendly-value-pairs", "friendly-different-gig-values",
               "friendly-face-up-legends", "friendly-units", "rival-units", "units-in-your-trash", "this-gear",
               "its-gear", "friendly-equipped-units-and-legends")


class CountAtLeast(Strict):
    count: Literal[COUNT_NAMES] = Field(description="What is counted, from the controller's side.")
    n: int = Field(ge=1, description="The least number that satisfies the condition.")


class CardTags(Strict):
    card: str = Field(description="`target`, `it`, `this`, or a label.")
    tags: list[str] = Field(min_length=1, description="The tags, any one of which the card must have.")
    or_keywords: list[Keyword] = Field(default_factory=list, description="Or it has one of these keywords (\"is "
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
    street_cred_vs_rival: Literal["more", "less", "not-less"] | None = Field(
        None, description="The controller has more / less / not less (as much or more) Street Cred than the Rival "
                          "(Null is below every number and equals Null).")
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

    _one_key = model_validator(mode="after")(checks.condition_one_key)


class TargetSpec(Strict):
    """What an effect's controller must choose (10.7?, 10.31?)."""

    kind: Literal[TARGET_KINDS] = Field("card", description="The card type to choose (`card`: any type; `host`: a "
                                                          "Unit or a face-up Legend, what a Gear is equipped to, "
                                                          "4.10.1).")
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
    unequipped: bool = Field(False, description="It has no Gear equipped; with `kind: Gear`, it is equipped to no card "
                                                "(11.9.1?).")
    equipped: bool = Field(False, description="It has Gear equipped; with `kind: Gear`, it is equipped to a Unit or "
                                              "Legend (11.9.1?).")
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
    up_to: bool = Field(False, description="\"Up to\": the player may stop choosing (script `none`, 2.8?).")
    may: bool = Field(False, description="\"You may\" choose it: the player may choose none (script `none`, "
                                         "2.1.1?).")
    lowest_power: bool = Field(False, description="It has the lowest power among its controller's Units (ties: "
                                                  "any of them).")


