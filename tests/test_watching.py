"""Watching triggers (engine.watching): what a watching effect may ask of the card an event is about."""
from __future__ import annotations

import pytest

from tests.conftest import rule_of

PATRON = """
scenario: t
cards:
  - name: Test Patron
    type: Unit
    cost: 0
    power: 1
    effects:
      - when: friendly-steals
        actor: {{kind: Unit, other: true, stole_below_its_power: true}}
        first_time_each_turn: true
        do: [{{draw: 1}}]
players:
  alice:
    hand: [{in_hand}]
    field: [{in_field}{{card: Psycho Squad, label: squad}}, {{card: Emergency Atlus, label: atlus}}]
    deck: 2
  bob: {{gigs: [{gigs}]}}
actions:
{actions}
"""
SQUAD = "  - {attack: squad, target: gig-area, react: []}\n"


@pytest.mark.parametrize("gig, draws", [("d6=5", 1), ("d8=6", 0), ("d8=7", 0)])
def test_10_16_1_a_steal_counts_only_when_the_gig_is_worth_less_than_the_stealers_power(gig, draws):
    _, result, data = rule_of(PATRON.format(in_hand="", in_field="Test Patron, ", gigs=gig, actions=SQUAD))
    assert len(result.final.players["alice"].hand) == draws
    said = any("watches for a Gig worth less than its stealer's power" in s["text"] for s in data["steps"])
    assert said == (draws == 0)


def test_a_remembered_steal_keeps_whether_the_gig_was_worth_less_than_the_stealers_power():
    steals = SQUAD.replace("[]}", "[], steal: [d8]}") + "  - {attack: atlus, target: gig-area, react: []}\n"
    _, result, _ = rule_of(PATRON.format(in_hand="Test Patron", in_field="", gigs="d8=7, d4=2", actions=steals))
    seen = [entry for entry in result.final.this_turn if entry[0].startswith("saw-steals")]
    assert seen == [("saw-steals", "alice", "squad"), ("saw-steals:stole_below_its_power", "alice", "atlus")]
