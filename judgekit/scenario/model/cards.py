"""Card definitions a scenario writes inline: printed facts and effects in structured form (CR 3, 10)."""
from __future__ import annotations

from typing import Literal, Union

from pydantic import Field, field_validator, model_validator

from judgekit.scenario.model.base import TRIGGER_NAMES, Strict


RESTRICTION_NAMES = ("attack", "attack-gig-area", "block", "be-blocked", "ready", "be-defeated-in-fights")
CARD_KINDS = ("Unit", "Gear", "Legend", "Program", "card")


class MoveInstruction(Strict):
    card: str = Field(description="Label or name of the card to move; `this` is the effect's own card.")
    to: Literal["hand", "trash", "deck-top", "deck-bottom", "removed"]


class GiveInstruction(Strict):
    """A lasting change to one card (10.23): power, keywords, or things it can't do."""

    card: str = Field(description="The card: a label, `this`, or `target`.")
    power: int = Field(0, description="Power to add (negative to take away).")
    keywords: list[str] = Field(default_factory=list, description="Keywords it gains, e.g. BLOCKER.")
    cant: list[Literal[RESTRICTION_NAMES]] = Field(default_factory=list, description="Things it can't do.")
    steals: int = Field(0, description="Steals this many more Gigs (negative: fewer).")
    until: Literal["end-of-turn", "your-next-turn"] = Field("end-of-turn", description="end-of-turn = \"this turn\"; "
                                                            "your-next-turn = until the start of your next turn.")


class MoveGearInstruction(Strict):
    gear: str = Field(description="The equipped Gear to move (11.6.6).")
    to: str = Field(description="Its new host.")


class GigInstruction(Strict):
    """Adjust a Gig (6.4): exactly one of increase, decrease, set, to."""

    gig: str = Field(description="`d6`, or `d6=3` when two dice could match; `stolen` = the Gig a steal "
                                 "trigger is about.")
    of: str = Field("you", description="`you`, `rival`, or a player's name.")
    increase: int | None = Field(None, ge=1)
    decrease: int | None = Field(None, ge=1)
    set: int | None = None
    to: Literal["min", "max"] | None = None
    up_to: bool = Field(False, description="Increase or decrease by up to that much: the amount, 0 or more, is "
                                           "chosen with the action's `numbers` (2.8).")

    @model_validator(mode="after")
    def _one_way(self):
        if len([w for w in ("increase", "decrease", "set", "to") if getattr(self, w) is not None]) != 1:
            raise ValueError("an adjustment has exactly one of increase, decrease, set, to")
        if self.up_to and self.increase is None and self.decrease is None:
            raise ValueError("`up_to` goes with `increase` or `decrease`")
        return self


class SearchInstruction(Strict):
    """Search X (11.13): look at the top cards of your deck and take up to `take` of them."""

    count: int = Field(ge=1, description="How many cards from the top to look at.")
    take: int = Field(1, ge=1, description="Up to this many may be taken (2.8).")
    kind: Literal["Unit", "Gear", "Legend", "Program"] | None = Field(None, description="Only cards of this type.")
    to: Literal["hand", "trash"] = "hand"


INSTRUCTION_KEYS = ("draw", "move", "defeat", "bottom_deck", "spend", "ready", "give", "trash", "flip", "reveal",
                    "sell", "move_gear", "adjust", "search", "win", "lose", "end_attack", "call_free", "each_draws")


class Instruction(Strict):
    """One instruction of an effect; exactly one key. Cards are labels, `this`, `target`, `target2`, ..."""

    draw: int | None = Field(None, ge=1, description="The effect's controller draws this many cards (11.5).")
    move: MoveInstruction | None = Field(None, description="Move a card to an area of its owner.")
    defeat: str | None = Field(None, description="Defeat a Unit in the field or an equipped Gear.")
    bottom_deck: str | list[str] | None = Field(None, description="Bottom-deck one or several cards together.")
    spend: str | None = Field(None, description="Spend a card.")
    ready: str | None = Field(None, description="Ready a card (not if something says it can't).")
    give: GiveInstruction | None = Field(None, description="Give a card power, keywords or a can't, for a while.")
    trash: int | None = Field(None, ge=1, description="Trash X (11.7.2): the top card of the deck to the trash, "
                                                      "X times.")
    flip: str | None = Field(None, description="Flip a card over (11.10); not a Call.")
    reveal: str | None = Field(None, description="Reveal a card (11.14); it stays where it is.")
    sell: str | None = Field(None, description="Sell a card from hand (11.9.2.2); counts as the turn's sell.")
    move_gear: MoveGearInstruction | None = Field(None, description="Move an equipped Gear to another host (11.6.6).")
    adjust: GigInstruction | None = Field(None, description="Adjust a Gig (6.4).")
    search: SearchInstruction | None = Field(None, description="Search the top of the deck (11.13).")
    win: Literal[True] | None = Field(None, description="The effect's controller wins the game (1.12).")
    lose: Literal["you", "rival", "each"] | None = Field(None, description="These players lose the game (1.15); "
                                                                           "each = both at once, a tie (1.17.1).")
    end_attack: Literal[True] | None = Field(None, description="End the attack in progress (9.26.4).")
    call_free: str | None = Field(None, description="The controller Calls this face-down Legend for free "
                                                    "(still once per turn).")
    each_draws: int | None = Field(None, ge=1, description="Each player draws this many, the turn player first "
                                                           "(10.2.2).")

    @model_validator(mode="after")
    def _one_key(self):
        given = [k for k, v in self if v is not None]
        if len(given) != 1:
            raise ValueError(f"an instruction has exactly one of {', '.join(INSTRUCTION_KEYS)}"
                             f" (got {', '.join(given) or 'none'})")
        return self


class Condition(Strict):
    """One condition of an effect (10.3); exactly one key."""

    street_cred: Literal["even", "odd"] | None = Field(None, description="The controller's Street Cred is even/odd "
                                                                         "(Null is neither, 2.10.2).")
    street_cred_at_least: int | None = Field(None, description="The controller's Street Cred is at least this "
                                                              "(Null never is).")
    gigs_at_least: int | None = Field(None, ge=0, description="The controller has at least this many Gigs.")
    source_in: Literal["hand", "deck", "field", "legends", "eddies", "trash", "removed"] | None = None
    source_power_at_least: int | None = Field(None, description="The source's power (last-known if it has left).")
    your_turn: bool | None = Field(None, description="It is (true) or is not (false) the controller's turn.")
    gig_value_at_least: int | None = Field(None, description="The controller controls a Gig with at least this "
                                                            "value.")
    stolen_die: Literal["d4", "d6", "d8", "d10", "d12", "d20"] | None = Field(
        None, description="For a steal trigger: the stolen Gig is this die.")

    @model_validator(mode="after")
    def _one_key(self):
        if len([k for k, v in self if v is not None]) != 1:
            raise ValueError("a condition has exactly one key")
        return self


class TargetSpec(Strict):
    """What an effect's controller must choose (10.7, 10.31)."""

    kind: Literal[CARD_KINDS] = "card"
    side: Literal["friendly", "rival", "any"] = "any"
    area: Literal["in-play", "field", "legends", "hand", "trash", "eddies"] = Field(
        "in-play", description="in-play = the field, face-up Legends, equipped Gear.")
    max_cost: int | None = None
    max_power: int | None = None
    spent: bool | None = None
    other: bool = Field(False, description="Not the effect's own card.")
    cost_equals_stolen: bool = Field(False, description="Its cost equals the value of the Gig the effect is about.")


class ActivationCost(Strict):
    """What activating costs (10.19, 11.15, 11.16): €$ (a number or X) and the Spend icon."""

    pay: int | Literal["X"] = Field(0, description="€$ to pay, or X (chosen with the action's `x`).")
    spend: bool = Field(False, description="The Spend icon: spend this card (a lagging Unit can't, 11.3.1.2).")


class Grant(Strict):
    """What a persistent effect gives the cards it affects (10.22)."""

    power: int = 0
    keywords: list[str] = Field(default_factory=list)
    cant: list[Literal[RESTRICTION_NAMES]] = Field(default_factory=list)
    steals: int = Field(0, description="Steals this many more Gigs (negative: fewer).")


class EffectSpec(Strict):
    """One effect: exactly one of `when` (triggered), `activate`, `persistent` or `replace` (10.4)."""

    when: Literal[TRIGGER_NAMES] | Literal["resolve"] | None = Field(
        None, description="play = [PLAY], call = [CALL], defeated = [DEFEATED], attack = [ATTACK], 'enters <area>' = "
                          "when this card enters that area, resolve = a Program's effect as it resolves.")
    activate: ActivationCost | None = Field(None, description="An activated effect and its cost (10.18-10.20).")
    quick: bool = Field(False, description="[QUICK]: may also be activated in the React Step (11.26).")
    persistent: Grant | None = Field(None, description="A persistent effect (10.22): what it gives.")
    replace: Literal["defeated", "stolen"] | None = Field(
        None, description="A replacement (10.24): 'if ... would be defeated' or 'when a rival Unit would steal a "
                          "(friendly) Gig'; `do` is what happens instead, and a stolen Gig that is replaced stays.")
    optional: bool = Field(False, description="Worded 'you may': a triggered effect its controller may decline "
                                              "(2.1.1, scripted with `may`), or an optional replacement (10.26).")
    pay: int | None = Field(None, ge=1, description="Replacement: €$ paid to apply it.")
    affects: Literal["this", "friendly-units", "rival-units", "units", "friendly-gigs"] = Field(
        "this", description="Persistent or replacement: which cards it applies to (friendly-gigs: for `replace: "
                            "stolen`, the controller's Gigs).")
    if_: list[Condition] = Field(default_factory=list, alias="if", description="Conditions, all of which must hold "
                                                                               "(checked as it resolves, 10.3.3).")
    targets: list[TargetSpec] = Field(default_factory=list, description="Choices it makes: `target`, `target2`...")
    do: list[Instruction] = Field(default_factory=list)
    text: str = Field("", description="How the card words it, in your words; shown in the trace.")

    @model_validator(mode="after")
    def _one_kind(self):
        kinds = [k for k in ("when", "activate", "persistent", "replace") if getattr(self, k) is not None]
        if len(kinds) != 1:
            raise ValueError("an effect has exactly one of when, activate, persistent, replace"
                             f" (got {', '.join(kinds) or 'none'})")
        if self.quick and self.activate is None:
            raise ValueError("`quick` goes with `activate` (a QUICK Program has QUICK in its keywords)")
        if self.pay is not None and self.replace is None:
            raise ValueError("`pay` goes with `replace`")
        if self.optional and self.replace is None and self.when is None:
            raise ValueError("`optional` goes with `when` or `replace`")
        if self.affects != "this" and self.persistent is None and self.replace is None:
            raise ValueError("`affects` goes with `persistent` or `replace`")
        return self


class Textbox(Strict):
    effects: list[EffectSpec] = Field(default_factory=list)
    keywords: list[str] = Field(default_factory=list)


class ShippedEffects(Strict):
    """The effects judgekit ships for one real card (judgekit/data/card-effects.yaml)."""

    card: str = Field(description="The pool card's full name.")
    effects: list[EffectSpec] = Field(default_factory=list)
    top_textbox: Textbox | None = None
    bottom_textbox: Textbox | None = None


CostValue = Union[int, Literal["-"], None]


class CardSpec(Strict):
    """A card defined in the scenario (it may also replace a pool card of the same full name)."""

    name: str
    subtitle: str | None = None
    type: str | list[str] = Field(description="Legend, Unit, Gear or Program; a list for several types.")
    cost: CostValue = Field(0, description="A number, or '-' / null for a Null cost (3.11.2).")
    power: int | None = None
    tags: list[str] = Field(default_factory=list)
    sell_tag: bool = False
    color: str | None = None
    ram: int | None = None
    keywords: list[str] = Field(default_factory=list)
    effects: list[EffectSpec] = Field(default_factory=list)
    top_textbox: Textbox | None = Field(None, description="Gear only: effects for the Gear itself (4.11.1).")
    bottom_textbox: Textbox | None = Field(None, description="Gear only: read as printed on the host (4.11.3).")

    @field_validator("type")
    @classmethod
    def _known_types(cls, value):
        types = [value] if isinstance(value, str) else value
        for kind in types:
            if kind not in ("Legend", "Unit", "Gear", "Program"):
                raise ValueError(f"unknown card type {kind!r}; use Legend, Unit, Gear or Program")
        if not types:
            raise ValueError("a card has at least one type")
        return value

    @field_validator("cost", mode="before")
    @classmethod
    def _cost(cls, value):
        if isinstance(value, bool) or (isinstance(value, int) and value < 0):
            raise ValueError("a cost is a number of €$ (0 or more), or '-' for Null")
        return value
