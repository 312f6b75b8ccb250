"""Shared pieces of the scenario models: the strict base class and the names a file may use."""

from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from judgekit.scenario.checks import DIE_MAX, DIE_NAMES, check_gig_value, keyword_name  # noqa: F401  (re-exported)

AREA_NAMES = ("hand", "deck", "field", "legends", "eddies", "trash", "removed")
DESTINATIONS = ("hand", "trash", "deck-top", "deck-bottom", "removed")
TRIGGER_NAMES = ("play", "call", "defeated", "attack", "enters hand", "enters trash", "enters deck", "enters removed",
                 "enters eddies", "enters field", "enters legends", "start-of-turn", "end-of-turn",
                 "fights", "wins-fight", "loses-fight", "spent", "steals", "friendly-steals",
                 "steals-gigs", "blocks", "friendly-blocks", "friendly-attacks", "friendly-defeated",
                 "any-defeated", "friendly-spent", "friendly-steals-gigs", "friendly-played",
                 "adjusts-gig", "rival-adjusts-gig", "rival-swaps-gig", "rolls-min-or-max")

# Upper limits on what a scenario may ask for, so that no input can make a run take minutes.
MAX_COUNT = 500  # cards one count puts in an area (deck, Eddies), and cards drawn or trashed at once: a whole
# game uses 53 cards per player (7.3), so 500 leaves room for any board while a run stays well under a second
MAX_AMOUNT = 999  # the X chosen for an effect (11.16): printed costs and powers are below 20


# A keyword, wherever the format takes one: one of the game's (11.22), in any case ("blocker" is BLOCKER).
Keyword = Annotated[str, AfterValidator(keyword_name),
                    Field(description="ADRENALINE, BLOCKER, GO SOLO or QUICK (11.22?), in any case.")]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True, defer_build=True)


class GigChange(Strict):
    """How a Gig's value changes (6.4?): the ways an action and an effect share."""

    increase: int | None = Field(None, ge=1, description="Raise the Gig's value by this much.")
    decrease: int | None = Field(None, ge=1, description="Lower the Gig's value by this much.")
    set: int | None = Field(None, description="Set the Gig to this value.")
    to: Literal["min", "max"] | None = Field(None,
                                             description="Set the Gig to its die's lowest (min) or highest (max) "
                                                         "value.")

