"""Card definitions a scenario writes inline: printed facts and effects in structured form (CR 3, 10)."""
from __future__ import annotations

from typing import Literal, Union

from pydantic import Field, field_validator, model_validator

from judgekit.scenario.model.base import TRIGGER_NAMES, Strict


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
