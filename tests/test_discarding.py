"""Discarding whole hands (engine/discarding.py): both hands empty, turn player first; the total is what
Shattered Memories compares with a friendly Gig (FAQ: with empty hands the total is 0)."""
from __future__ import annotations

from tests.conftest import rule_of

MEMORIES = """
scenario: t
players:
  alice:
    hand: [{card: Shattered Memories, label: m}%s]
    eddies: 4
    deck: 10
    gigs: [d6=1]
  bob: {deck: 6}
actions:
  - {play: m, may: {m: [false, false]}}
"""


def test_one_discarded_card_matching_a_gig_of_1_draws_2():
    _, result, _ = rule_of(MEMORIES % ", {card: Floor It, label: f}")
    assert len(result.final.players["alice"].hand) == 2
    assert result.final.locate("f")[1] == "trash"


def test_with_empty_hands_the_total_is_0_and_matches_no_gig():
    _, result, _ = rule_of(MEMORIES % "")
    assert result.final.players["alice"].hand == [] and result.final.players["bob"].hand == []
