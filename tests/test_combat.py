"""Declaring an attack (4.8, 9.1-9.5): attacker, valid targets, spending the attacker."""
from __future__ import annotations

from tests.conftest import rule_of

BOARD = """
scenario: t
players:
  alice:
    field:
      - {{card: Maelstrom Goons, label: goons{goons}}}
  bob:
    field: [{{card: Corpo Security, label: guard{guard}}}]
    gigs: {gigs}
actions:
  - {{attack: goons, target: {target}}}
"""


def attack(target="guard", goons="", guard=", spent: true", gigs="[]"):
    _, result, _ = rule_of(BOARD.format(target=target, goons=goons, guard=guard, gigs=gigs))
    return result


def test_4_8_ready_unit_is_spent_to_attack_a_spent_rival_unit():
    result = attack()
    assert result.outcomes[0].allowed and result.final.cards["goons"].spent


def test_ready_rival_unit_is_not_a_valid_target():
    assert not attack(guard="").outcomes[0].allowed


def test_gig_area_with_gigs_is_a_valid_target_but_an_empty_one_is_not():
    assert attack(target="gig-area", gigs="['d4=2']").outcomes[0].allowed
    assert not attack(target="gig-area").outcomes[0].allowed


def test_lagging_or_spent_unit_cannot_attack():
    assert not attack(goons=", lag: true").outcomes[0].allowed
    assert not attack(goons=", spent: true").outcomes[0].allowed


def test_adrenaline_lets_a_lagging_unit_attack():
    text = BOARD.format(target="guard", goons=", lag: true", guard=", spent: true", gigs="[]").replace(
        "scenario: t\n", "scenario: t\ncards:\n  - {name: Rusher, type: Unit, cost: 1, power: 1, keywords: [ADRENALINE]}\n"
    ).replace("card: Maelstrom Goons", "card: Rusher")
    _, result, _ = rule_of(text)
    assert result.outcomes[0].allowed
