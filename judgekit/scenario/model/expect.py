"""What a scenario expects of its ruling, and the contested rulings people hold."""

from typing import Literal

from pydantic import Field, model_validator

from judgekit.scenario import checks
from judgekit.scenario.model.actions import ActionSpec
from judgekit.scenario.model.base import AREA_NAMES, Keyword, Strict

STEP_KINDS = ("activate", "attack", "await", "check", "choice", "cost", "effect", "equip", "expire", "fight", "flip",
              "gig", "lag", "look", "lose", "move", "note", "pay", "random", "ready", "refuse", "remove", "replace",
              "resolve", "reveal", "sell", "spend", "steal", "trigger")


class AreaExpect(Strict):
    count: int | None = Field(None, ge=0, description="How many cards the area holds.")
    cards: list[str] | None = Field(None, description="Exactly these cards, in this order (ordered areas).")
    contains: list[str] = Field(default_factory=list, description="Cards that must be in the area, in any order.")
    excludes: list[str] = Field(default_factory=list, description="Cards that must not be in the area.")
    top: str | None = Field(None, description="The card on top (deck or trash).")
    bottom: list[str] | None = Field(None, description="The bottom cards in any order (random order).")


class CardExpect(Strict):
    area: Literal[AREA_NAMES] | Literal["equipped", "resolving"] | None = Field(
        None, description="The area the card is in; `equipped` for a Gear on a host, `resolving` for a Program "
                          "being resolved.")
    player: str | None = Field(None, description="Whose area the card is in.")
    spent: bool | None = Field(None, description="Whether the card is spent.")
    lag: bool | None = Field(None, description="Whether the Unit is lagging (11.3).")
    face_up: bool | None = Field(None, description="Whether the card is face-up.")
    power: int | None = Field(None, description="Its power, with every change applied.")
    equipped_to: str | None = Field(None, description="The card it is equipped to; null when it is not equipped.")
    gear: list[str] | None = Field(None, description="The Gear equipped to it, in any order.")
    keywords: list[Keyword] | None = Field(None, description="The keywords it has.")
    tags: list[str] | None = Field(None, description="The tags it has.")
    looked_at_by: list[str] | None = Field(
        None, description="The players looking at it where it is while an effect resolves (a search: the "
                          "searcher, 11.16.1?; a reveal: every player, 11.17.1?); [] for nobody. A searched card "
                          "still counts as in its area until an effect moves it (11.16.3?).")


class AwaitingExpect(Strict):
    """The choice a ruling stops at: who makes it, what they choose from, whether choosing nothing is allowed, and
    how many cards one answer may name."""

    player: str | None = Field(None, description="The player who must choose.")
    options: list[str] | None = Field(
        None, description="Exactly what they choose from, in any order: cards by label or name, or Gigs as "
                          "'d6=3' ('bob:d6=3' when either player's Gig may be chosen), or dice to roll in as 'd6'.")
    can_decline: bool | None = Field(
        None, description="Whether choosing nothing is one of the options: true only for \"you may\" (2.1.1?), "
                          "\"up to\" (2.8?) or a search of a hidden area that may fail to find (11.16.4.1?); false "
                          "for a mandatory choice (2.1?), which a script can't decline (scripting `none` or "
                          "`may: false` for it is refused).")
    at_most: int | None = Field(
        None, ge=1, description="How many cards one answer may name for a choice of cards (`targets:`, one after "
                                "another): more than 1 where the card lets several be chosen (\"up to 2\", \"any "
                                "number\", \"defeat 2\"), never more than the options (10.31.2?).")


class OrderItem(Strict):
    """One thing that happened in the ruling, found among its steps: `expect.order` lists them in the order they
    must happen. One of `step`, `resolves`, `triggers`, or `cites` alone; `cites`, `card` and `player` narrow a
    `step`."""

    step: Literal[STEP_KINDS] | None = Field(None, description="A step of this kind (move, resolve, trigger, "
                                                               "replace, lose, choice, ...).")
    resolves: str | None = Field(None, description="A pending effect of this card resolves; `Card#N` names its "
                                                   "Nth effect.")
    triggers: str | None = Field(None, description="An effect of this card becomes pending; `Card#N` names its "
                                                   "Nth effect.")
    cites: str | None = Field(None, description="A step citing this rule (number or id; a sub-rule counts).")
    card: str | None = Field(None, description="The step is about this card (with `step` or `cites`).")
    player: str | None = Field(None, description="The step is this player's (with `step` or `cites`).")

    _one_kind = model_validator(mode="after")(checks.order_item_one_kind)


class CannotExpect(Strict):
    """An action the rules forbid at the scenario's point, and optionally the rules its refusal must cite."""

    action: ActionSpec = Field(description="The action, written as in `actions:`.")
    refused_by: list[str] = Field(default_factory=list, description="Rules (numbers or ids) its refusal must cite "
                                                                     "(a sub-rule counts).")


class Expect(Strict):
    allowed: bool | list[bool] | None = Field(None, description="Whether the action(s) were allowed; a list "
                                                               "gives one value per action.")
    refused_by: list[str] = Field(default_factory=list, description="Rules a refusal must cite (a sub-rule counts).")
    cites: list[str] = Field(default_factory=list, description="Rules (numbers or ids) the ruling must cite "
                                                                    "(a sub-rule counts).")
    not_cites: list[str] = Field(default_factory=list, description="Rules (numbers or ids) the ruling must not cite.")
    areas: dict[str, dict[Literal[AREA_NAMES], list[str] | AreaExpect]] = Field(
        default_factory=dict, description="Each player's areas afterwards: a list (exactly these cards, in order) "
                                          "or {count, cards, contains, excludes, top, bottom}.")
    cards: dict[str, CardExpect] = Field(default_factory=dict,
                                         description="Facts about single cards afterwards, by label or name.")
    losers: list[str] | None = Field(None, description="The players who lost the game ([] for none).")
    gigs: dict[str, list[str]] = Field(default_factory=dict, description="Each player's Gig area afterwards, "
                                                                         "as dice like 'd6=4' (any order).")
    awaiting: bool | AwaitingExpect | None = Field(
        None, description="Whether the ruling ends waiting for a player's choice; or that choice, as {player, "
                          "options, can_decline} (the ruling must then be waiting).")
    winner: str | None = Field(None, description="The player who has won (their Rival lost).")
    tie: bool | None = Field(None, description="Whether the game ended in a tie (1.13.1?, 1.17.1?).")
    order: list[OrderItem | str] = Field(default_factory=list, description="Things that must happen in this "
                                                                            "order among the ruling's steps (others "
                                                                            "may come between), each as {step|"
                                                                            "resolves|triggers|cites, card, player}; "
                                                                            "a plain string is short for {cites: N} "
                                                                            "when it is a rule number, else for "
                                                                            "{resolves: CARD} (`Card#N` for one "
                                                                            "effect).")
    turn: str | None = Field(None, description="Whose turn it is afterwards.")
    phase: Literal["setup", "start", "main", "end"] | None = Field(None, description="The phase afterwards.")
    overtime: bool | None = Field(None, description="Whether overtime has begun (1.11?).")
    can: list[ActionSpec] = Field(
        default_factory=list, description="Actions the rules allow at the scenario's point (after all its actions; "
                                          "in place of the last one when it waits for a choice), written as in "
                                          "`actions:`; each is tried on that board, as `judgekit options` does.")
    cannot: list[CannotExpect] = Field(
        default_factory=list, description="Actions the rules forbid at that point: `{action, refused_by}`, "
                                          "`refused_by` optional.")


class ContestedRuling(Strict):
    """One of several outcomes people hold for a disputed question; `check` says which the engine follows."""

    held_by: str = Field(description="Who holds this ruling (a judge, a rules team, a forum thread).")
    note: str = Field("", description="The argument for it, briefly.")
    expect: Expect = Field(description="The outcome this reading gives, in the shape of the top-level `expect`.")


class DisputeStep(Strict):
    """A step a ruling must contain for it to turn on a disputed point: it cites all these rules and names the card."""

    cites: list[str] = Field(default_factory=list, description="Rules the step cites, all of them: stable ids "
                                                               "(`gear.stays-when-legend-removed`) or numbers.")
    card: str | None = Field(None, description="A card the step is about: one of its cards, or named in its text "
                                               "(the full name, `Name: Subtitle`).")
    says: str | None = Field(None, description="Words the step's text contains, where the rules alone do not single "
                                               "out the disputed case (e.g. a discount reaching 0).")


class DisputeAny(Strict):
    """A pattern met by any one of its steps (the disputed point shows in one of several ways)."""

    any: list[DisputeStep] = Field(min_length=2, description="Steps any one of which meets the pattern.")


class DisputedPoint(Strict):
    """What a contested question is about, so that any ruling applying the same point is flagged as disputed."""

    point: str = Field(description="The disputed point, in a short sentence of our own.")
    follows: str = Field(description="The `held_by` of the contested reading judgekit follows.")
    when: list[DisputeStep | DisputeAny] = Field(min_length=1, description="Steps a ruling must all contain (each "
                                                                          "matched by some step; an `any` pattern by "
                                                                          "one of its steps) to turn on this point.")
    unless: list[DisputeStep] = Field(default_factory=list, description="Steps that show the ruling is not the "
                                                                        "disputed case after all (any one of them "
                                                                        "clears it).")
