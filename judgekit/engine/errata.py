"""Errata (the publisher's corrections to printed cards): which corrections decide a ruling.

An erratum is data (judgekit/data/errata.yaml) attached to the card definitions it corrects; a ruling
it decides cites it as `erratum:ID` beside the rules it applies.
"""
from __future__ import annotations

from dataclasses import dataclass

CITE_PREFIX = "erratum:"


@dataclass(frozen=True)
class Erratum:
    """One correction: what it changes (in our words), the topics of play it decides, and for which printing."""

    id: str
    card: str
    summary: str
    listed: str
    gameplay: bool = True
    decides: tuple[str, ...] = ()
    printing: str | None = None


def cites_deciding(definition, topic: str) -> tuple[str, ...]:
    """The erratum citations of a card's errata that decide `topic` (e.g. rival-unit-host, sell)."""
    return tuple(CITE_PREFIX + e.id for e in definition.errata if topic in e.decides)


def summaries_deciding(definition, topic: str) -> str:
    """The summaries of those errata, for a step's text; empty when none applies."""
    return " ".join(f"By erratum (listed as of {e.listed}): {e.summary}" for e in definition.errata
                    if topic in e.decides)
