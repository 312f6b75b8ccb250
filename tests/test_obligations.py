"""Obligations (engine/obligations.py): "must attack next turn if it can" (2.5; FAQ Evelyn Parker, Mox Inciters)."""
from __future__ import annotations

from tests.conftest import rule_of

BOUND = """
scenario: t
players:
  alice: {hand: [Mox Inciters], eddies: 3, gigs: [d6=2, d8=3], deck: 3}
  bob:
    field: [{card: Psycho Squad, label: squad}%s]
    deck: 3
actions:
  - {play: Mox Inciters, targets: [squad]}
  - pass_turn: true
  - {pass_turn: true, by: bob}
"""


def test_the_turn_cannot_end_while_the_bound_unit_can_attack_and_the_refusal_changes_nothing():
    _, result, _ = rule_of(BOUND % "")
    refused = result.outcomes[2]
    assert not refused.allowed and "Gig area" in refused.refusal.text
    assert result.final.turn == "bob" and not result.final.cards["squad"].spent


def test_the_obligation_binds_only_the_chosen_units_controller_on_their_turn():
    _, result, _ = rule_of(BOUND % ", {card: Corpo Security, label: guard}")
    assert [o.allowed for o in result.outcomes] == [True, True, False]
    assert "Corpo Security" not in result.outcomes[2].refusal.text
