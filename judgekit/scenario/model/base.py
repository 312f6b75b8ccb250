"""Shared pieces of the scenario models: the strict base class and the names a file may use."""

from pydantic import BaseModel, ConfigDict

AREA_NAMES = ("hand", "deck", "field", "legends", "eddies", "trash", "removed")
DESTINATIONS = ("hand", "trash", "deck-top", "deck-bottom", "removed")
TRIGGER_NAMES = ("play", "call", "defeated", "attack", "enters hand", "enters trash", "enters deck", "enters removed",
                 "enters eddies", "enters field", "enters legends", "start-of-turn", "end-of-turn",
                 "fights", "wins-fight", "loses-fight", "spent", "steals", "friendly-steals",
                 "steals-gigs", "blocks", "friendly-blocks", "friendly-attacks", "friendly-defeated",
                 "any-defeated", "friendly-spent", "friendly-steals-gigs", "friendly-played",
                 "adjusts-gig", "rival-adjusts-gig", "rolls-min-or-max")
DIE_NAMES = ("d4", "d6", "d8", "d10", "d12", "d20")


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True, defer_build=True)

