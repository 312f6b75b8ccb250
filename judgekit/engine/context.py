"""The working context of one action: a private copy of the state, the recorder, the dice."""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from judgekit.engine.state import GameState
from judgekit.engine.trace import Recorder


@dataclass
class Pending:
    """A triggered effect waiting to resolve (10.11). Keeps the source's last-known name."""

    source: str
    source_name: str
    controller: str
    effect_index: int
    trigger: str
    do: tuple[dict, ...]
    text: str


@dataclass
class Context:
    state: GameState
    rec: Recorder
    rng: random.Random
    seed: int
    pending: list[Pending] = field(default_factory=list)

    def name(self, label: str) -> str:
        """How a card is named in the trace: its full name, plus its label when they differ."""
        card = self.state.cards[label]
        full = card.definition.full_name
        if card.definition.unknown:
            return label
        return full if label == full else f"{full} [{label}]"
