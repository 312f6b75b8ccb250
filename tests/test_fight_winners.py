"""Card text that decides a fight's winner (engine/fight_winners.py; 2.5 over 9.17-9.19)."""
from __future__ import annotations

from tests.conftest import rule_of

BOARD = """
scenario: t
cards:
  - {name: Brawler, type: Unit, cost: 1, power: %d, tags: [%s],
     effects: [{persistent: {wins_fights_against: [CORPO]}, text: beats CORPO}]}
  - {name: Suit, type: Unit, cost: 1, power: 5, tags: [%s]}
players:
  alice: {field: [Brawler]}
  bob: {field: [{card: Suit, spent: true}]}
actions:
  - {attack: Brawler, target: Suit, react: []}
"""


def test_a_unit_that_wins_against_a_tag_beats_higher_power():
    _, result, _ = rule_of(BOARD % (1, "MERC", "CORPO"))
    assert result.final.locate("Suit")[1] == "trash" and result.final.locate("Brawler")[1] == "field"


def test_a_unit_without_the_tag_is_fought_by_power():
    _, result, _ = rule_of(BOARD % (1, "MERC", "MOX"))
    assert result.final.locate("Brawler")[1] == "trash"


def test_two_claims_against_each_other_cancel_out_and_power_decides():
    text = BOARD.replace("{name: Suit, type: Unit, cost: 1, power: 5, tags: [%s]}",
                         "{name: Suit, type: Unit, cost: 1, power: 5, tags: [%s], effects: [{persistent: "
                         "{wins_fights_against: [CORPO]}, text: beats CORPO}]}")
    _, result, _ = rule_of(text % (1, "CORPO", "CORPO"))
    assert result.final.locate("Brawler")[1] == "trash" and result.final.locate("Suit")[1] == "field"
