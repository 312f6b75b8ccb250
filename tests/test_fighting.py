"""Power that counts only while fighting (engine/fighting.py): Synapse Burnout."""
from __future__ import annotations

from tests.conftest import rule_of


def test_fight_only_power_never_changes_how_many_gigs_are_stolen():
    _, result, _ = rule_of("""
    scenario: t
    cards:
      - {name: Bruiser, type: Unit, cost: 1, power: 9}
    players:
      alice:
        field: [Bruiser]
        hand: [Synapse Burnout]
        legends: [{card: "V: Streetkid", face_up: true}]
        eddies: 1
      bob: {gigs: [d6=2, d8=3]}
    actions:
      - {play: Synapse Burnout, targets: [Bruiser]}
      - {attack: Bruiser, target: gig-area, react: [], steal: [d6]}
    """)
    assert [o.allowed for o in result.outcomes] == [True, True]
    assert result.final.players["alice"].gigs == [("d6", 2)]
