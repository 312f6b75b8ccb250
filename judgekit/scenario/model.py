"""The scenario file format, as judges write it: validated here, at the boundary (pydantic v2).

Every model forbids unknown keys, so a misspelt key is an error, never silently ignored.
docs/scenario-format.md documents each key; `judgekit schema` prints the JSON Schema.
"""
from __future__ import annotations

from typing import Literal, Union

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

AREA_NAMES = ("hand", "deck", "field", "legends", "eddies", "trash", "removed")
DESTINATIONS = ("hand", "trash", "deck-top", "deck-bottom", "removed")
TRIGGER_NAMES = ("play", "call", "defeated", "attack", "enters hand", "enters trash", "enters deck", "enters removed",
                 "enters eddies", "enters field", "enters legends", "start-of-turn", "end-of-turn",
                 "fights", "wins-fight", "loses-fight")
DIE_NAMES = ("d4", "d6", "d8", "d10", "d12", "d20")


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)


# --- card definitions ------------------------------------------------------------------------

class MoveInstruction(Strict):
    card: str = Field(description="Label or name of the card to move; `this` is the effect's own card.")
    to: Literal["hand", "trash", "deck-top", "deck-bottom", "removed"]


class Instruction(Strict):
    """One instruction of an effect; exactly one key."""

    draw: int | None = Field(None, ge=1, description="The effect's controller draws this many cards (11.5).")
    move: MoveInstruction | None = Field(None, description="Move a card to an area of its owner.")
    defeat: str | None = Field(None, description="Defeat a Unit in the field (`this` for the source).")
    bottom_deck: str | list[str] | None = Field(None, description="Bottom-deck one or several cards together.")
    spend: str | None = Field(None, description="Spend a card.")
    ready: str | None = Field(None, description="Ready a card.")

    @model_validator(mode="after")
    def _one_key(self):
        given = [k for k, v in self if v is not None]
        if len(given) != 1:
            raise ValueError("an instruction has exactly one of draw, move, defeat, bottom_deck, spend, ready"
                             f" (got {', '.join(given) or 'none'})")
        return self


class EffectSpec(Strict):
    """A triggered effect: when its trigger happens, its instructions run (10.16)."""

    when: Literal[TRIGGER_NAMES] | Literal["resolve"] = Field(
        description="play = [PLAY], call = [CALL], defeated = [DEFEATED], attack = [ATTACK], 'enters <area>' = when this card "
                    "enters that area, resolve = a Program's effect as it resolves.")
    do: list[Instruction] = Field(default_factory=list)
    text: str = Field("", description="How the card words it, in your words; shown in the trace.")


class Textbox(Strict):
    effects: list[EffectSpec] = Field(default_factory=list)
    keywords: list[str] = Field(default_factory=list)


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


# --- board -----------------------------------------------------------------------------------

class CardPlacement(Strict):
    """A card on the board with its per-copy facts. Unsaid facts take the area's default."""

    card: str = Field(description="Card name (pool or inline), 'Name: Subtitle' when several share a name.")
    label: str | None = Field(None, description="Per-copy label used by actions and expect; default: the name.")
    spent: bool = False
    lag: bool = False
    face_up: bool | None = Field(None, description="Default: face-down for Legends in the Legends area and "
                                                   "for Eddies, face-up otherwise.")
    gear: list[Union[str, "CardPlacement"]] = Field(default_factory=list, description="Gear equipped to this card.")


CardEntry = Union[str, CardPlacement]


class DeckSpec(Strict):
    count: int = Field(0, ge=0, description="Unknown cards under the listed ones.")
    top: list[CardEntry] = Field(default_factory=list, description="Known cards on top, top first.")
    bottom: list[CardEntry] = Field(default_factory=list, description="Known cards at the bottom, bottom last.")


class EddiesSpec(Strict):
    ready: int = Field(0, ge=0)
    spent: int = Field(0, ge=0)
    cards: list[CardEntry] = Field(default_factory=list, description="Named Eddies (e.g. a sold card).")


class GigSpec(Strict):
    die: Literal[DIE_NAMES]
    value: int = Field(ge=1)


class PlayerSpec(Strict):
    hand: list[CardEntry] = Field(default_factory=list)
    deck: int | list[CardEntry] | DeckSpec = Field(default_factory=list, description="Top first; or a count.")
    field: list[CardEntry] = Field(default_factory=list)
    legends: list[CardEntry] = Field(default_factory=list, description="Left to right.")
    eddies: int | list[CardEntry] | EddiesSpec = Field(0, description="A count of ready Eddies, or details.")
    trash: list[CardEntry] = Field(default_factory=list, description="Top first.")
    removed: list[CardEntry] = Field(default_factory=list)
    fixer: list[Literal[DIE_NAMES]] = Field(default_factory=list)
    gigs: list[str | GigSpec] = Field(default_factory=list, description="Gig dice, e.g. 'd6=4'.")
    called_legend_this_turn: bool = False
    sold_this_turn: bool = False

    @field_validator("gigs")
    @classmethod
    def _gigs(cls, value):
        out = []
        for gig in value:
            if isinstance(gig, str):
                die, _, number = gig.partition("=")
                if die.strip() not in DIE_NAMES or not number.strip().isdigit() or int(number) < 1:
                    raise ValueError(f"a Gig is written like 'd6=4' (die=value), not {gig!r}")
                gig = GigSpec(die=die.strip(), value=int(number))
            out.append(gig)
        return out


# --- actions ---------------------------------------------------------------------------------

VERBS = ("play", "call", "sell", "move", "defeat", "bottom_deck", "draw", "attack", "setup", "start_phase",
         "pass_turn", "adjust", "swap")


class AdjustSpec(Strict):
    """An effect adjusts one Gig (6.4): exactly one of increase, decrease, set, to."""

    gig: str = Field(description="The Gig, as `d6` or `d6=3` when two dice could match.")
    of: str | None = Field(None, description="Whose Gig area it is in; default: the acting player's.")
    increase: int | None = Field(None, ge=1)
    decrease: int | None = Field(None, ge=1)
    set: int | None = None
    to: Literal["min", "max"] | None = None

    @model_validator(mode="after")
    def _one_way(self):
        ways = [w for w in ("increase", "decrease", "set", "to") if getattr(self, w) is not None]
        if len(ways) != 1:
            raise ValueError("an adjustment has exactly one of increase, decrease, set, to")
        return self

    @property
    def how(self) -> tuple[str, int | None]:
        if self.to is not None:
            return self.to, None
        return next((w, getattr(self, w)) for w in ("increase", "decrease", "set") if getattr(self, w) is not None)


class SwapSpec(Strict):
    """An effect swaps a friendly Gig with a rival Gig (6.6)."""

    mine: str = Field(description="The acting player's Gig, `d6` or `d6=3`.")
    theirs: str = Field(description="The Rival's Gig.")


class ReactionSpec(Strict):
    """One reaction of the defending player in the React Step (9.8-9.10)."""

    block: str | None = Field(None, description="A ready friendly Unit with [BLOCKER] that becomes the defender.")
    call: str | None = Field(None, description="Call this face-down Legend as a reaction (9.8).")
    pay: list[str] | None = Field(None, description="For `call`: the Eddie or Legend to spend.")

    @model_validator(mode="after")
    def _one_kind(self):
        if (self.block is None) == (self.call is None):
            raise ValueError("a reaction is exactly one of `block` or `call`")
        if self.pay is not None and self.call is None:
            raise ValueError("`pay` goes with `call`")
        return self


class ActionSpec(Strict):
    """One action; exactly one of the verb keys."""

    play: str | None = Field(None, description="Play this card (a Unit, Gear, Program, or a Legend from the "
                                               "Legends area).")
    call: str | None = Field(None, description="Call a Legend: flip this face-down Legend (11.11).")
    sell: str | None = Field(None, description="Sell this card from hand (11.9).")
    move: str | None = Field(None, description="An effect moves this card; needs `to`.")
    defeat: str | None = Field(None, description="An effect defeats this Unit.")
    bottom_deck: str | list[str] | None = Field(None, description="An effect bottom-decks these cards together.")
    draw: int | None = Field(None, ge=1, description="The player draws this many cards.")
    attack: str | None = Field(None, description="Declare an attack with this Unit; needs `target`.")
    setup: Literal["legends", "game"] | None = Field(None, description="Pre-game setup: `legends` randomises the "
                                                                     "player's 3 Legends face-down (7.7); `game` "
                                                                     "runs all of 7.5-7.9 for both players.")
    first: str | None = Field(None, description="`setup: game`: the player who goes first (7.5.2).")
    mulligan: list[str] | None = Field(None, description="`setup: game`: the players who mulligan ([] for none).")
    start_phase: Literal[True] | None = Field(None, description="The turn player's Start Phase, in order (8.6); "
                                                                "for a scenario in phase `start`.")
    pass_turn: Literal[True] | None = Field(None, description="The turn player passes (8.9): End of Turn, then "
                                                              "the Rival's turn and Start Phase.")
    adjust: AdjustSpec | None = Field(None, description="An effect adjusts a Gig (6.4).")
    swap: SwapSpec | None = Field(None, description="An effect swaps a friendly Gig with a rival one (6.6).")
    roll_in: Literal[DIE_NAMES] | None = Field(None, description="Start Phase: the fixer die rolled in (8.6.5.1).")
    roll: int | None = Field(None, ge=1, description="Start Phase: the value the rolled-in die shows; default: "
                                                     "from the seed.")
    target: str | None = Field(None, description="Attack target: a rival Unit, or `gig-area`.")
    react: list[ReactionSpec] | None = Field(None, description="Attack: the defending player's reactions in the "
                                                               "React Step, in order; [] when they take none. "
                                                               "Unscripted, the ruling stops at the React Step.")
    steal: list[str] | None = Field(None, description="Attack on a Gig area: the Gigs the attacking player "
                                                      "chooses, one at a time, e.g. ['d8', 'd6=3'].")
    by: str | None = Field(None, description="The acting player; default: the turn player.")
    pay: list[str] | None = Field(None, description="Eddies and Legends to spend; default: judgekit chooses.")
    equip_to: str | None = Field(None, description="Gear: the host to equip it to.")
    from_: Literal[AREA_NAMES] | None = Field(None, alias="from", description="Where the card is now (checked).")
    to: Literal[DESTINATIONS] | None = None
    note: str = ""

    @model_validator(mode="after")
    def _one_verb(self):
        verbs = [v for v in VERBS if getattr(self, v) is not None]
        if len(verbs) != 1:
            raise ValueError(f"an action has exactly one of {', '.join(VERBS)} (got {', '.join(verbs) or 'none'})")
        if (verbs[0] == "attack") != (self.target is not None):
            raise ValueError("`target` goes with `attack`, and `attack` needs `target`")
        if (verbs[0] == "move") != (self.to is not None):
            raise ValueError("`to` goes with `move`, and `move` needs `to`")
        if (self.first is not None or self.mulligan is not None) and self.setup != "game":
            raise ValueError("`first` and `mulligan` go with `setup: game`")
        if (self.roll_in is not None or self.roll is not None) and verbs[0] not in ("start_phase", "pass_turn"):
            raise ValueError("`roll_in` and `roll` go with `start_phase` or `pass_turn`")
        if (self.react is not None or self.steal is not None) and verbs[0] != "attack":
            raise ValueError("`react` and `steal` go with `attack`")
        if self.equip_to is not None and verbs[0] != "play":
            raise ValueError("`equip_to` goes with `play`")
        if self.pay is not None and verbs[0] not in ("play", "call"):
            raise ValueError("`pay` goes with `play` or `call`")
        return self

    @property
    def verb(self) -> str:
        return next(v for v in VERBS if getattr(self, v) is not None)


# --- expectations ----------------------------------------------------------------------------

class AreaExpect(Strict):
    count: int | None = Field(None, ge=0)
    cards: list[str] | None = Field(None, description="Exactly these cards, in this order (ordered areas).")
    contains: list[str] = Field(default_factory=list)
    excludes: list[str] = Field(default_factory=list)
    top: str | None = None
    bottom: list[str] | None = Field(None, description="The bottom cards in any order (random order).")


class CardExpect(Strict):
    area: Literal[AREA_NAMES] | Literal["equipped", "resolving"] | None = None
    player: str | None = Field(None, description="Whose area the card is in.")
    spent: bool | None = None
    lag: bool | None = None
    face_up: bool | None = None
    power: int | None = None
    equipped_to: str | None = None
    gear: list[str] | None = None
    keywords: list[str] | None = None
    tags: list[str] | None = None


class Expect(Strict):
    allowed: bool | list[bool] | None = Field(None, description="Whether the action(s) were allowed; a list "
                                                               "gives one value per action.")
    refused_by: list[str] = Field(default_factory=list, description="Rules a refusal must cite (a sub-rule counts).")
    cites: list[str] = Field(default_factory=list, description="Rules (numbers or ids) the ruling must cite "
                                                                    "(a sub-rule counts).")
    not_cites: list[str] = Field(default_factory=list)
    areas: dict[str, dict[Literal[AREA_NAMES], list[str] | AreaExpect]] = Field(default_factory=dict)
    cards: dict[str, CardExpect] = Field(default_factory=dict)
    losers: list[str] | None = None
    gigs: dict[str, list[str]] = Field(default_factory=dict, description="Each player's Gig area afterwards, "
                                                                         "as dice like 'd6=4' (any order).")
    awaiting: bool | None = Field(None, description="Whether the ruling ends waiting for a player's choice.")


class ContestedRuling(Strict):
    """One of several outcomes people hold for a disputed question; `check` says which the engine follows."""

    held_by: str = Field(description="Who holds this ruling (a judge, a rules team, a forum thread).")
    note: str = Field("", description="The argument for it, briefly.")
    expect: Expect


SOURCE_KINDS = ("faq", "judge-ruling", "bug-report", "tournament", "forum", "other")


class Source(Strict):
    """Where a question or ruling came from."""

    kind: Literal[SOURCE_KINDS] = "other"
    ref: str = Field("", description="A citation: FAQ entry, event and round, issue number, URL.")
    by: str = Field("", description="Who gave the ruling or reported the question.")
    date: str = Field("", description="When (free text; ISO dates sort best).")


# --- the file --------------------------------------------------------------------------------

class Scenario(Strict):
    """One ruling question: a board, the actions taken, and optionally the expected result."""

    scenario: str = Field(description="A short title for the ruling.")
    question: str = ""
    source: str | Source = Field("", description="Where the question or ruling came from: free text, or "
                                                   "{kind, ref, by, date}.")
    tags: list[str] = Field(default_factory=list)
    edition: str | None = Field(None, description="Edition the rule numbers in this file are written in.")
    seed: int = Field(0, ge=0, description="Seeds every random choice (shuffles, bottom-deck order).")
    cards: list[CardSpec] = Field(default_factory=list, description="Cards defined here, beside the pool.")
    players: dict[str, PlayerSpec] = Field(description="Exactly two players, by name.")
    turn: str | None = Field(None, description="Whose turn it is; default: the first player listed.")
    phase: Literal["setup", "start", "main", "end"] = "main"
    overtime: bool = Field(False, description="The game is in overtime (1.11).")
    empty_fixer_starts: int = Field(0, ge=0, le=2, description="How many turns in a row, this one included, "
                                                               "began with both fixer areas empty; overtime "
                                                               "begins when the second such turn ends (1.11.1).")
    actions: list[ActionSpec] = Field(default_factory=list)
    expect: Expect | None = None
    contested: list[ContestedRuling] = Field(default_factory=list, description="Disputed outcomes, each with "
                                                                                 "who holds it.")

    @field_validator("players")
    @classmethod
    def _two_players(cls, value):
        if len(value) != 2:
            raise ValueError(f"a game has exactly two players (got {len(value)})")
        return value


CardPlacement.model_rebuild()


def json_schema() -> dict:
    """The scenario format's JSON Schema (for editors, via a yaml-language-server comment)."""
    schema = Scenario.model_json_schema(by_alias=True)
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "judgekit scenario"
    return schema

