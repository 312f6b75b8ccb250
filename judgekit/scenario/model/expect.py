"""What a scenario expects of its ruling, and the contested rulings people hold."""

from typing import Literal

from pydantic import Field

from judgekit.scenario.model.base import AREA_NAMES, Strict


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
    winner: str | None = Field(None, description="The player who has won (their Rival lost).")
    tie: bool | None = Field(None, description="Whether the game ended in a tie (1.13.1, 1.17.1).")


class ContestedRuling(Strict):
    """One of several outcomes people hold for a disputed question; `check` says which the engine follows."""

    held_by: str = Field(description="Who holds this ruling (a judge, a rules team, a forum thread).")
    note: str = Field("", description="The argument for it, briefly.")
    expect: Expect
