"""Revealing (engine/revealing.py, 11.14): the deck's top card is shown, then moved only if the effect says so."""
from __future__ import annotations

from tests.conftest import rule_of

SASHA = """
scenario: t
players:
  alice:
    field: [{card: "Sasha Yakovleva: Won't Let You Down", label: sasha}]
    deck: {top: [%s], count: %d}
  bob: {gigs: [d6=2]}
actions:
  - {attack: sasha, target: gig-area, react: []}
"""


def test_the_revealed_card_goes_to_hand_and_its_cost_becomes_power():
    _, result, _ = rule_of(SASHA % ("{card: Gorilla Arms, label: arms}", 1))
    assert result.final.locate("arms")[1] == "hand"
    assert result.final.players["alice"].gigs == [("d6", 2)]


def test_an_empty_deck_reveals_nothing_and_a_power_0_unit_steals_nothing():
    _, result, _ = rule_of(SASHA.replace("deck: {top: [%s], count: %d}", "deck: 0"))
    assert result.final.players["bob"].gigs == [("d6", 2)]
