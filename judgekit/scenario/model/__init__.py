"""The scenario file format, as judges write it: validated here, at the boundary (pydantic v2).

Every model forbids unknown keys, so a misspelt key is an error, never silently ignored.
docs/scenario-format.md documents each key; `judgekit schema` prints the JSON Schema.
"""

from typing import Annotated, Literal, Union

from pydantic import AfterValidator, Field, field_validator, model_validator

from judgekit.scenario.model.actions import ActionSpec
from judgekit.scenario import checks
from judgekit.scenario.model.base import DIE_NAMES, MAX_COUNT, Keyword, Strict
from judgekit.scenario.model.cards import CardSpec, EffectSpec
from judgekit.scenario.model.instructions import PERMISSION_NAMES, RESTRICTION_NAMES
from judgekit.scenario.model.expect import ContestedRuling, DisputedPoint, Expect

__all__ = ["ActionSpec", "CardPlacement", "CardSpec", "DeckSpec", "EddiesSpec", "EffectSpec", "Expect",
           "KnownFailure", "PlayerSpec", "Scenario", "Source", "json_schema"]

# --- board -----------------------------------------------------------------------------------

class CardPlacement(Strict):
    """A card on the board with its per-copy facts. Unsaid facts take the area's default."""

    card: str = Field(description="Card name (pool or inline), 'Name: Subtitle' when several share a name.")
    label: str | None = Field(None, description="Per-copy label used by actions and expect; default: the name.")
    spent: bool = Field(False, description="The card is spent (turned sideways); default: ready.")
    lag: bool = Field(False,
                      description="The Unit is lagging (11.3): it entered the field this turn and cannot attack yet.")
    face_up: bool | None = Field(None, description="Default: face-down for Legends in the Legends area and "
                                                   "for Eddies, face-up otherwise.")
    gear: list[Union[str, "CardPlacement"]] = Field(default_factory=list, description="Gear equipped to this card.")
    owner: str | None = Field(None, description="The player who owns the card, when not the one whose area it is in: "
                                                "a card one player controls and the other owns (an effect took "
                                                "control of it). Only in the field, Legends area or Eddies area, or "
                                                "as Gear there (1.7?); default: the player it is listed under.")
    printing: str | None = Field(None, description="A printing an erratum singles out (e.g. `beta-iconic` for "
                                                   "Johnny Silverhand: Never Stop Fighting); default: the card's "
                                                   "usual facts (`judgekit card NAME` lists them).")


CardEntry = Union[str, CardPlacement]
Count = Annotated[int, Field(ge=0, le=MAX_COUNT)]


class DeckSpec(Strict):
    count: int = Field(0, ge=0, le=MAX_COUNT, description="Unknown cards under the listed ones.")
    top: list[CardEntry] = Field(default_factory=list, description="Known cards on top, top first.")
    bottom: list[CardEntry] = Field(default_factory=list, description="Known cards at the bottom, bottom last.")


class EddiesSpec(Strict):
    ready: int = Field(0, ge=0, le=MAX_COUNT, description="How many unnamed ready Eddies.")
    spent: int = Field(0, ge=0, le=MAX_COUNT, description="How many unnamed spent Eddies.")
    cards: list[CardEntry] = Field(default_factory=list, description="Named Eddies (e.g. a sold card).")


class GigSpec(Strict):
    die: Literal[DIE_NAMES] = Field(description="The Gig die: d4, d6, d8, d10, d12 or d20.")
    value: int = Field(ge=1, description="The value the die shows (from 1 up to its number of sides).")

    _on_the_die = model_validator(mode="after")(checks.gig_on_its_die)
    from_entry = classmethod(checks.gig_from_entry)  # `d6=4` as a GigSpec


GigEntry = Annotated[Union[str, GigSpec], AfterValidator(GigSpec.from_entry)]


class PlayerSpec(Strict):
    hand: list[CardEntry] = Field(default_factory=list, description="Cards in hand.")
    deck: Count | list[CardEntry] | DeckSpec = Field(default_factory=list, description="Top first; or a count.")
    field: list[CardEntry] = Field(default_factory=list,
                                   description="Cards in the field, each with its facts and the Gear equipped to it.")
    legends: list[CardEntry] = Field(default_factory=list, description="Left to right.")
    eddies: Count | list[CardEntry] | EddiesSpec = Field(0, description="A count of ready Eddies, or details.")
    trash: list[CardEntry] = Field(default_factory=list, description="Top first.")
    removed: list[CardEntry] = Field(default_factory=list, description="Cards removed from the game (5.13).")
    fixer: list[Literal[DIE_NAMES]] = Field(default_factory=list,
                                            description="Dice in the fixer area, bottom up: d4, d6, d8, d10, d12, "
                                                        "d20.")
    gigs: list[GigEntry] = Field(default_factory=list, description="Gig dice, e.g. 'd6=4'.")
    called_legend_this_turn: bool = Field(False,
                                          description="The player has already Called a Legend this turn (once per "
                                                      "turn, 11.14.2?).")
    sold_this_turn: bool = Field(False,
                                 description="The player has already sold a card this turn (once per turn, 11.12?).")


SOURCE_KINDS = ("faq", "judge-ruling", "bug-report", "tournament", "forum", "other")


class Source(Strict):
    """Where a question or ruling came from."""

    kind: Literal[SOURCE_KINDS] = Field("other",
                                        description="What kind of source: faq, judge-ruling, bug-report, tournament, "
                                                    "forum or other.")
    ref: str = Field("", description="A citation: FAQ entry, event and round, issue number, URL.")
    by: str = Field("", description="Who gave the ruling or reported the question.")
    date: str = Field("", description="When (free text; ISO dates sort best).")


# --- the file --------------------------------------------------------------------------------

class KnownFailure(Strict):
    """judgekit is known to give another answer than `expect` states (the official one): why, and where it is tracked."""

    reason: str = Field(min_length=1, description="What judgekit gets wrong and which rule or FAQ answer says "
                                                  "otherwise (an engine bug, or a card effect not shipped yet).")
    issue: int | None = Field(None, ge=1, description="The issue that tracks the fix.")


class AttackInProgress(Strict):
    """An attack already declared when the scenario starts (CR 9): who attacks what, and the next step."""

    attacker: str = Field(description="The attacking Unit (the turn player's, spent to attack).")
    target: str = Field(description="The defending Unit, or `gig-area`.")
    step: Literal["react", "fight", "steal"] = Field("react", description="The step the attack goes on with.")


class LastingSpec(Strict):
    """A change an earlier effect gave a card, still in force when the scenario starts (10.23?)."""

    card: str = Field(description="The card the change applies to: a label or a name.")
    by: str = Field(description="The player whose effect it was.")
    source: str = Field("an earlier effect", description="Where it came from, e.g. a card name.")
    power: int = Field(0, description="Power it gained (negative: lost).")
    keywords: list[Keyword] = Field(default_factory=list, description="Keywords it gained, e.g. BLOCKER.")
    cant: list[Literal[RESTRICTION_NAMES]] = Field(default_factory=list,
                                                   description="Things it can't do while the change lasts.")
    can: list[Literal[PERMISSION_NAMES]] = Field(default_factory=list,
                                                 description="Things the rules forbid that it can do (2.5?); a can't "
                                                             "still wins.")
    steals: int = Field(0, description="How many more Gigs it steals (negative: fewer).")
    until: Literal["end-of-turn", "your-next-turn"] = Field("end-of-turn",
                                                            description="How long it lasts: end-of-turn, or "
                                                                        "your-next-turn (until the start of its "
                                                                        "giver's next turn).")


class WaitingDiscountSpec(Strict):
    """A discount an earlier effect gave a player's next card of a type this turn, not used yet ("your next Program
    this turn plays for -2 €$"); its amount was fixed when that effect resolved."""

    by: str = Field(description="The player whose next card it is for (the effect's controller).")
    source: str = Field("an earlier effect", description="Where it came from, e.g. a card name.")
    kind: Literal["Unit", "Gear", "Legend", "Program"] = Field("Program", description="The type of card it is for.")
    amount: int = Field(ge=0, description="€$ off, as fixed when the effect resolved (never under 1 €$ in all).")


class ThisTurnSpec(Strict):
    """What already happened earlier this turn, for effects that ask (\"if this Unit stole a Gig this turn\")."""

    played: list[str] = Field(default_factory=list, description="Cards played this turn (by their owner); a Unit "
                                                                "among them that is in the field is lagging.")
    stole: list[str] = Field(default_factory=list, description="Cards that have stolen one or more Gigs this turn.")
    first_time_done: list[str] = Field(default_factory=list, description="Cards whose \"the first time ... each "
                                                                         "turn\" effects have already triggered.")
    activated: list[str] = Field(default_factory=list, description="Once-per-turn activated effects already used "
                                                                   "this turn: the card, or `card#N` for its Nth "
                                                                   "activated effect (default 1).")
    went_solo: list[str] = Field(default_factory=list, description="Legends played with [GO SOLO] this turn "
                                                                   "(they can attack though they have Lag).")
    discounts: list[WaitingDiscountSpec] = Field(default_factory=list, description="Discounts waiting for a "
                                                                                  "player's next card of a type "
                                                                                  "this turn (they stack).")


class Scenario(Strict):
    """One ruling question: a board, the actions taken, and optionally the expected result.

    Rule numbers in these descriptions are the default (`user`) edition's; a number marked ? is
    inferred for that edition, not confirmed by the user's own chapter.
    """

    scenario: str = Field(description="A short title for the ruling.")
    question: str = Field("", description="The question as it was asked, in full.")
    source: str | Source = Field("", description="Where the question or ruling came from: free text, or "
                                                   "{kind, ref, by, date}.")
    tags: list[str] = Field(default_factory=list,
                            description="Free words to group and select scenarios (`check -k`); the pytest plugin "
                                        "makes them markers (`pytest -m gear`).")
    edition: str | None = Field(None, description="Edition the rule numbers in this file are written in.")
    seed: int = Field(0, ge=0, description="Seeds every random choice (shuffles, bottom-deck order).")
    cards: list[CardSpec] = Field(default_factory=list, description="Cards defined here, beside the pool.")
    players: dict[str, PlayerSpec] = Field(description="Exactly two players, by name.")
    turn: str | None = Field(None, description="Whose turn it is; default: the first player listed.")
    phase: Literal["setup", "start", "main", "end"] = Field("main",
                                                            description="The phase the scenario starts in: setup "
                                                                        "(before the game), start, main or end.")
    overtime: bool = Field(False, description="The game is in overtime (1.11?).")
    empty_fixer_starts: int = Field(0, ge=0, le=2, description="How many turns in a row, this one included, "
                                                               "began with both fixer areas empty; overtime "
                                                               "begins when the second such turn ends (1.11.1?).")
    attack: AttackInProgress | None = Field(None, description="Start in the middle of an attack; continue it "
                                                              "with the action `resume_attack: true`.")
    lasting: list[LastingSpec] = Field(default_factory=list, description="Lasting changes earlier effects gave "
                                                                         "cards, still in force.")
    this_turn: ThisTurnSpec | None = Field(None, description="What already happened this turn (cards played, "
                                                             "Gigs stolen, first-time effects used).")
    actions: list[ActionSpec] = Field(default_factory=list,
                                      description="What happens, in order; each item is one action.")
    expect: Expect | None = Field(None,
                                  description="What the ruling should be; `judgekit run` exits 1 when it does not "
                                              "hold.")
    contested: list[ContestedRuling] = Field(default_factory=list, description="Disputed outcomes, each with "
                                                                                 "who holds it.")
    disputed: DisputedPoint | None = Field(None, description="For a contested question: the point in dispute and the "
                                                             "steps that show a ruling turns on it; every ruling that "
                                                             "does is flagged, naming the other readings.")
    known_failure: KnownFailure | None = Field(None, description="judgekit is known to disagree with `expect` (the "
                                                                 "official answer): `run` warns, `check` counts it "
                                                                 "as a known failure and fails once it passes.")

    _known_failure_needs_an_answer = field_validator("known_failure")(classmethod(checks.known_failure_needs_an_answer))
    _disputed_follows_a_reading = field_validator("disputed")(classmethod(checks.disputed_follows_a_reading))
    _two_players = field_validator("players")(classmethod(checks.two_players))




def json_schema() -> dict:
    """The scenario format's JSON Schema (for editors, via a yaml-language-server comment)."""
    schema = Scenario.model_json_schema(by_alias=True)
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "judgekit scenario"
    return schema

