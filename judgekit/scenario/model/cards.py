"""Card definitions a scenario writes inline: printed facts and effects in structured form (CR 3, 10)."""

from typing import Literal, Union

from pydantic import Field, field_validator, model_validator

from judgekit.scenario import checks
from judgekit.scenario.model.base import TRIGGER_NAMES, Keyword, Strict
from judgekit.scenario.model.instructions import (COUNT_NAMES, PERMISSION_NAMES, RESTRICTION_NAMES, Condition,
                                                  Instruction, TargetSpec)


class ActivationCost(Strict):
    """What activating costs (10.19?, 11.18?, 11.19?): €$ (a number or X) and the Spend icon."""

    pay: int | Literal["X"] = Field(0, description="€$ to pay, or X (chosen with the action's `x`).")
    spend: bool = Field(False, description="The Spend icon: spend this card (a lagging Unit can't, 11.3.1.2?).")
    less_per: Literal[COUNT_NAMES] | None = Field(None, description="\"This effect costs -1 €$ for each ...\" (never "
                                                                    "under `minimum`).")
    minimum: int = Field(1, ge=0, le=1, description="With `less_per`: the least it can cost (11.11.3?: 1). 0 where the "
                                                    "card's text lets its discount reach 0 €$ (card text beats the "
                                                    "rules, 2.5?), or where `minimum_faq` names the FAQ answer that does.")
    minimum_faq: str | None = Field(None, description="With `minimum: 0` on a card whose printed text names no minimum: "
                                                      "the official FAQ answer ('Card Name#N', about this card) that "
                                                      "lets its discount reach 0 €$; the ruling names it.")

    _faq_minimum = model_validator(mode="after")(checks.activation_minimum_one_way)


class FirstEachTurnDiscount(Strict):
    """"Play your first CYBERWARE Gear each turn for -3 €$": mandatory, on either player's turn."""

    kind: Literal["Unit", "Legend", "Gear", "Program"] = Field(description="The card type it applies to.")
    tags_any: list[str] = Field(default_factory=list, description="Only cards with one of these tags.")
    amount: int = Field(ge=1, description="How many €$ less (the payment never drops under 1 €$).")


class FightPower(Strict):
    power: int = Field(description="The power added in such a fight.")
    against: Literal["Unit", "Legend"] = Field(description="The type of the card it fights.")


class Grant(Strict):
    """What a persistent effect gives the cards it affects (10.22?)."""

    power: int = Field(0,
                       description="Power each affected card gains (negative: loses); with `per`, once for each one "
                                   "counted.")
    keywords: list[Keyword] = Field(default_factory=list, description="Keywords each affected card gains.")
    cant: list[Literal[RESTRICTION_NAMES]] = Field(default_factory=list,
                                                   description="Things each affected card can't do.")
    can: list[Literal[PERMISSION_NAMES]] = Field(default_factory=list, description="Things the attack rules forbid "
                                                                                 "that it can do (2.5?).")
    steals: int = Field(0, description="Steals this many more Gigs (negative: fewer).")
    may_reroll_roll_in: bool = Field(False, description="When you roll in a Gig you may ignore the result and "
                                                        "reroll it once.")
    free_call_on_your_turn: bool = Field(False, description="During your turn you may Call a Legend for free "
                                                             "(still once per turn).")
    wins_fights_against: list[str] = Field(default_factory=list, description="Wins every fight against a Unit "
                                                                             "with one of these tags, e.g. CORPO.")
    per: Literal[COUNT_NAMES] | None = Field(None, description="`power` is given once for each of these.")
    rival_go_solo_costs_more: int = Field(0, ge=0, description="Rivals pay this much more €$ to use GO SOLO "
                                                               "(the cost value stays, 3.11.1.2?).")
    power_while_fighting: "FightPower | None" = Field(None, description="Power it has only while fighting a card "
                                                                       "of a type (\"+2 power while fighting a Legend\").")
    first_each_turn_costs_less: "FirstEachTurnDiscount | None" = Field(
        None, description="Your first card of this kind each turn costs you this much less to play (never under 1 €$).")

    _power_keys = model_validator(mode="after")(checks.power_keys_agree)


class ActorSpec(Strict):
    """For a `friendly-...` or `any-...` trigger: what the card the event is about must be (or the stealer)."""

    tags_any: list[str] = Field(default_factory=list, description="It has one of these tags (\"CORPO or GANGER\").")
    kind: Literal["Unit", "Gear", "Legend", "Program"] | None = Field(None, description="It is of this card type.")
    kinds_any: list[Literal["Unit", "Gear", "Legend", "Program"]] = Field(default_factory=list,
                                                                         description="It is one of these types.")
    colors_any: list[str] = Field(default_factory=list, description="It is one of these colours (\"a Blue Unit\").")
    equipped: bool | None = Field(None, description="It is (true) or is not equipped (at the event).")
    other: bool = Field(False, description="Not the watching card itself (\"another friendly Unit\").")
    stole_below_its_power: bool = Field(False, description="`steals` events: the Gig it stole has a value less than "
                                                           "its power (at the steal; \"a Gig with value less than "
                                                           "its power\").")


class ModeSpec(Strict):
    """One effect to choose from in a "choose one" effect (10.31?)."""

    text: str = Field("", description="How the card words this choice, in your words.")
    if_: list[Condition] = Field(default_factory=list, alias="if",
                                 description="Conditions, all of which must hold for this choice (checked as it "
                                             "resolves).")
    targets: list[TargetSpec] = Field(default_factory=list,
                                      description="Choices this effect makes: `target`, `target2`...")
    do: list[Instruction] = Field(min_length=1, description="What this effect does, in order.")


class AffectedSpec(Strict):
    """What a card must be for a persistent effect to apply to it (10.22?): all that are given must hold."""

    tag: str | None = Field(None, description="It has this tag, e.g. ARASAKA.")
    other: bool = Field(False, description="Not the effect's own card (\"other friendly Units\").")
    attacking: bool = Field(False, description="Only while it is attacking (9.29 ends it with the attack).")
    played_this_turn: bool = Field(False, description="Only the turn it is played (\"the turn they're played\").")


class PlayCostSpec(Strict):
    """How much this card costs its player to play, when its text changes that (3.11.1.2?): the cost value stays."""

    less_per: Literal[COUNT_NAMES] | None = Field(None, description="1 €$ less for each of these.")
    amount: int = Field(1, ge=1, description="With `less_per`: how much less for each.")
    set_to: int | None = Field(None, ge=0, description="Play it for exactly this much €$ (when `if` holds).")
    minimum: int | None = Field(None, ge=0, description="The card's own \"to a minimum of N €$\": it never costs less. "
                                                        "Unwritten: 1 €$ (11.11.3?). 0 where the card says its discount "
                                                        "can bring it to 0 €$ (card text beats the rules, 2.5?).")
    if_: list[Condition] = Field(default_factory=list, alias="if",
                                 description="Conditions, all of which must hold for the change to apply.")

    _one_way = model_validator(mode="after")(checks.play_cost_one_way)


class EffectSpec(Strict):
    """One effect: exactly one of `when` (triggered), `activate`, `persistent` or `replace` (10.4?)."""

    when: Literal[TRIGGER_NAMES] | Literal["resolve"] | None = Field(
        None, description="play = [PLAY], call = [CALL], defeated = [DEFEATED], attack = [ATTACK], 'enters <area>' = "
                          "when this card enters that area, resolve = a Program's effect as it resolves.")
    activate: ActivationCost | None = Field(None, description="An activated effect and its cost (10.18?-10.20?).")
    quick: bool = Field(False, description="[QUICK]: may also be activated in the React Step (11.29?).")
    persistent: Grant | None = Field(None, description="A persistent effect (10.22?): what it gives (it makes no "
                                                       "choices: no `targets`, `do` or `modes`).")
    replace: Literal["defeated", "stolen"] | None = Field(
        None, description="A replacement (10.24?): 'if ... would be defeated' or 'when a rival Unit would steal a "
                          "(friendly) Gig'; `do` is what happens instead, and a stolen Gig that is replaced stays.")
    optional: bool = Field(False, description="Worded 'you may': a triggered effect its controller may decline "
                                              "(2.1.1?, scripted with `may`), or an optional replacement (10.26?).")
    pay: int | None = Field(None, ge=1, description="Replacement: €$ paid to apply it.")
    affects: Literal["this", "friendly-units", "rival-units", "units", "friendly-gigs"] = Field(
        "this", description="Persistent or replacement: which cards it applies to (friendly-gigs: the controller's "
                            "Gigs, for `replace: stolen` only, which needs it).")
    if_: list[Condition] = Field(default_factory=list, alias="if", description="Conditions, all of which must hold "
                                                                               "(checked as it resolves, 10.3.3?).")
    first_time_each_turn: bool = Field(False, description="With `when`: \"the first time ... each turn\"; later "
                                                          "such events this turn do not trigger it.")
    once_per_turn: bool = Field(False, description="With `activate`: \"once per turn\"; a second use the same turn "
                                                   "is refused (10.9?), counting a use before the card left play.")
    modes: list[ModeSpec] = Field(default_factory=list, description="\"Choose one\": the effects to choose from "
                                                                    "(chosen with the action's `modes`), each with "
                                                                    "its own `do`; the effect's own `targets` and "
                                                                    "`do` come first (\"reveal 2, then a Rival "
                                                                    "chooses\"), and the modes can use them.")
    choose: int = Field(1, ge=1, description="With `modes`: how many are chosen.")
    choose_all_if: list[Condition] = Field(default_factory=list, description="With `modes`: when these hold, all "
                                                                             "are chosen (\"choose both instead\").")
    chooser: Literal["you", "rival"] = Field("you", description="With `modes`: who chooses them: you (the "
                                                               "effect's controller), or a Rival where the card says "
                                                               "\"a Rival chooses\" (scripted with `modes: [{by: "
                                                               "RIVAL, pick: N}]`); you still resolve the effect.")
    affected: AffectedSpec | None = Field(None, description="Persistent or replacement: what the affected cards "
                                                            "must be (\"another friendly Unit\": `other: true`).")
    actor: ActorSpec | None = Field(None, description="With a `friendly-...` / `any-...` trigger: what the card "
                                                      "the event is about must be; `it` names that card. With "
                                                      "`replace: stolen`: what the card stealing must be (\"a rival "
                                                      "Unit would steal\"); a player's own steal has none.")
    targets: list[TargetSpec] = Field(default_factory=list, description="Choices it makes: `target`, `target2`...")
    do: list[Instruction] = Field(default_factory=list, description="What the effect does, in order.")
    text: str = Field("", description="How the card words it, in your words; shown in the trace.")

    _one_kind = model_validator(mode="after")(checks.effect_one_kind)
    _plays_friendly = model_validator(mode="after")(checks.plays_only_friendly_cards)
    _event_facts = model_validator(mode="after")(checks.names_only_what_its_trigger_gives)
    _keys_agree = model_validator(mode="after")(checks.effect_keys_agree)


class Textbox(Strict):
    effects: list[EffectSpec] = Field(default_factory=list, description="The effects printed in this textbox.")
    keywords: list[Keyword] = Field(default_factory=list, description="The keywords printed in this textbox.")


class ShippedEffects(Strict):
    """The effects judgekit ships for one real card (judgekit/data/card-effects.yaml)."""

    card: str = Field(description="The pool card's full name.")
    printed_text: Literal["effects", "keywords-only", "none", "unknown"] = Field(
        "effects", description="effects: its text is encoded below; keywords-only: its text is only keywords (and "
                               "their reminders), already in its facts; none: it has no rules text; unknown: "
                               "judgekit does not know its text and invents none.")
    note: str = Field("", description="Why, for `unknown` (where the facts came from, what is missing).")
    facts: Literal["verified", "placeholder"] = Field(
        "verified", description="placeholder: its printed facts in the pool (type, colour, cost, power, RAM, Sell "
                                "Tag) were not seen on the card and stand in until they are.")
    effects: list[EffectSpec] = Field(default_factory=list)
    top_textbox: Textbox | None = None
    bottom_textbox: Textbox | None = None
    play_cost: list[PlayCostSpec] = Field(default_factory=list)

    _faq_minimum = model_validator(mode="after")(checks.faq_minimum_about_this_card)


CostValue = Union[int, Literal["-"], None]


class CardSpec(Strict):
    """A card defined in the scenario (it may also replace a pool card of the same full name)."""

    name: str = Field(description="The card's name, without its subtitle.")
    subtitle: str | None = Field(None, description="The subtitle, for a card that has one (every Legend does).")
    type: str | list[str] = Field(description="Legend, Unit, Gear or Program; a list for several types.")
    cost: CostValue = Field(0, description="A number, or '-' / null for a Null cost (3.11.2?).")
    power: int | None = Field(None, description="Printed power.")
    tags: list[str] = Field(default_factory=list, description="Printed tags, e.g. ARASAKA.")
    sell_tag: bool = Field(False, description="The card has a Sell Tag, so it may be sold (11.12.2?).")
    color: str | None = Field(None, description="The card's colour, e.g. Blue.")
    ram: int | None = Field(None, description="The card's RAM value (3.20?).")
    keywords: list[Keyword] = Field(default_factory=list, description="Printed keywords, e.g. BLOCKER, GO SOLO; a "
                                                                      "Gear's are granted to its host, as its bottom "
                                                                      "textbox's (4.11.3).")
    effects: list[EffectSpec] = Field(default_factory=list, description="The card's effects, in structured form.")
    top_textbox: Textbox | None = Field(None, description="Gear only: effects and keywords for the Gear itself "
                                                          "(4.11.1, 4.11.2).")
    bottom_textbox: Textbox | None = Field(None, description="Gear only: read as printed on the host (4.11.3).")
    play_cost: list[PlayCostSpec] = Field(default_factory=list, description="Text that changes what playing this "
                                                                            "card costs (\"play this for -1 €$ for "
                                                                            "each ...\").")

    _known_types = field_validator("type")(classmethod(checks.known_card_types))
    _cost = field_validator("cost", mode="before")(classmethod(checks.card_cost))
    _program_resolves = model_validator(mode="after")(checks.program_effects_resolve)
    _quick_line = model_validator(mode="after")(checks.quick_keyword_names_its_effect)
    _faq_minimum = model_validator(mode="after")(checks.faq_minimum_about_this_card)
