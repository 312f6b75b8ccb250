"""Last known information (10.10.1): a card as it last was in play, for effects that read it after it left.

Every card leaving the field, the Legends area or its host is remembered as it was just before (`remember`,
called by `areas`); `of` is the one way an effect reads a card's characteristics: the card as it is now while
it is in play, else as it last was there. Power, Gear equipped to it, Tags, keywords, types, the card it was
equipped to, its controller and its orientation are all read from the same snapshot.
"""
from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module

from judgekit.engine.card_definition import types_in
from judgekit.engine.state import GameState


def _continuous():
    """The module of continuous effects (10.8, `persistent`), for a card's power and keywords now. Reached by name,
    as `conditions.power_now` reaches it, since continuous effects read cards through this module in turn."""
    return import_module(f"{__package__}.persistent")



@dataclass(frozen=True)
class Snapshot:
    """What an effect may read about a card, at one moment."""

    area: str
    controller: str | None
    power: int | None
    gear: tuple[str, ...]
    tags: tuple[str, ...]
    keywords: tuple[str, ...]
    types: tuple[str, ...]
    equipped_to: str | None
    spent: bool
    face_up: bool
    last_known: bool = False  # read from the moment it left play (10.10.1), not from now


class Live:
    """The card as it is now, each characteristic read only when asked (a power can depend on a count).

    Power and keywords come from `persistent`, which is imported when first asked: persistent effects depend
    on conditions, and conditions read cards through this module.
    """

    __slots__ = ("_state", "_label")
    last_known = False

    def __init__(self, state: GameState, label: str):
        self._state, self._label = state, label

    @property
    def area(self) -> str:
        return self._state.locate(self._label)[1]

    @property
    def controller(self) -> str | None:
        return self._state.controller(self._label)

    @property
    def power(self) -> int | None:
        return _continuous().power_of(self._state, self._label) if self._state.in_play(self._label) else \
            self._state.cards[self._label].definition.power

    @property
    def gear(self) -> tuple[str, ...]:
        return tuple(self._state.cards[self._label].gear)

    @property
    def tags(self) -> tuple[str, ...]:
        return self._state.cards[self._label].definition.tags  # its own: a host never takes its Gear's (4.11.3.2)

    @property
    def keywords(self) -> tuple[str, ...]:
        return _continuous().keywords_of(self._state, self._label) if self._state.in_play(self._label) else \
            self._state.cards[self._label].definition.keywords

    @property
    def types(self) -> tuple[str, ...]:
        return types_in(self._state.cards[self._label].definition, self.area)

    @property
    def equipped_to(self) -> str | None:
        return self._state.cards[self._label].equipped_to

    @property
    def spent(self) -> bool:
        return self._state.cards[self._label].spent

    @property
    def face_up(self) -> bool:
        return self._state.cards[self._label].face_up


def remember(state: GameState, label: str) -> None:
    """Keep the card as it is, when it is about to leave play (with its Gear, which leaves with it)."""
    if not state.in_play(label):
        return
    for one in (label, *state.cards[label].gear):
        snapshot = Live(state, one)
        state.last_known[one] = Snapshot(snapshot.area, snapshot.controller, snapshot.power, snapshot.gear,
                                         snapshot.tags, snapshot.keywords, snapshot.types, snapshot.equipped_to,
                                         snapshot.spent, snapshot.face_up, last_known=True)


def of(state: GameState, label: str) -> Snapshot | Live:
    """The card as an effect reads it: as it is now while in play; once it has left play, as it last was there
    (10.10.1); a card never in play this game, as it is now."""
    if label not in state.last_known or state.in_play(label):  # never out of play: no need to ask where it is
        return Live(state, label)
    return state.last_known[label]
