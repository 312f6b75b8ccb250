"""Cost reductions granted by other cards (engine/discounts.py): "your first CYBERWARE Gear each turn costs
3 €$ less" is mandatory, floors at 1 €$, and counts a matching card played earlier in the turn."""
from __future__ import annotations

from tests.conftest import rule_of

VIKTOR = """
scenario: t
players:
  alice:
    field: [{card: "Viktor Vektor: Drop Your Illusions", label: viktor}]
    hand: [{card: Gorilla Arms, label: arms}]
    eddies: 4
  bob: {}
%s
actions:
  - {play: arms, equip_to: viktor}
"""


def test_the_first_cyberware_gear_of_the_turn_pays_3_less():
    _, result, _ = rule_of(VIKTOR % "")
    assert [c for c in result.final.players["alice"].eddies if result.final.cards[c].spent] == ["alice-eddie-1"]


def test_a_cyberware_gear_played_earlier_this_turn_uses_up_the_discount():
    earlier = VIKTOR.replace("    eddies: 4", "    eddies: 4\n    trash: [{card: Mantis Blades, label: blades}]")
    _, result, _ = rule_of(earlier % "this_turn: {played: [blades]}")
    assert all(result.final.cards[c].spent for c in result.final.players["alice"].eddies)
