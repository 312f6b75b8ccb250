"""Setting a Gig to another Gig's value (engine/gig_matching.py; 6.4 set): Peace Offering, Padre."""
from __future__ import annotations

from tests.conftest import rule_of

PADRE = """
scenario: t
players:
  alice:
    legends: [{card: "Padre: Man of the Cross", label: padre, face_up: true}]
    gigs: [d6=2]
  bob:
    gigs: [d12=11, d4=3]
actions:
  - activate: padre
    gigs: [%s]
"""


def test_padre_takes_the_value_from_the_other_players_gig_only():
    _, result, _ = rule_of(PADRE % "bob:d12=11, bob:d4=3")
    assert not result.outcomes[0].allowed
    assert "can't be chosen" in result.outcomes[0].refusal.text


def test_a_value_that_is_not_a_face_of_the_die_fails_and_changes_nothing():
    _, result, ruling = rule_of(PADRE % "alice:d6=2, bob:d12=11")
    assert result.outcomes[0].allowed
    assert ruling["board"]["players"]["alice"]["gigs"] == [{"die": "d6", "value": 2}]
    assert any("gigs.adjust-only-to-face-values" in [c["id"] for c in s["cites"]] for s in ruling["steps"])


def test_peace_offering_cannot_take_a_gigs_own_value():
    _, result, _ = rule_of("""
    scenario: t
    players:
      alice: {hand: [Peace Offering], eddies: 1, gigs: [d8=5, d10=7]}
      bob: {gigs: [d6=2]}
    actions:
      - play: Peace Offering
        may: {Peace Offering: true}
        gigs: [alice:d8=5, alice:d8=5]
    """)
    assert not result.outcomes[0].allowed


def test_padre_waits_for_the_gigs_when_unscripted():
    _, result, _ = rule_of(PADRE.replace("    gigs: [%s]\n", ""))
    assert result.outcomes[0].steps[-1].kind == "await" and "Gig to set" in result.outcomes[0].steps[-1].text


def test_two_gigs_of_the_same_die_and_value_are_two_gigs_for_a_pair():
    """Alice holds both d6, each at 3 (one stolen): they are two Gigs, so Peace Offering has a pair to offer (a set
    to the same value is still a use, FAQ Padre) and asks whether she uses it."""
    _, result, data = rule_of("""
    scenario: t
    players:
      alice: {hand: [Peace Offering], eddies: 3, gigs: [d6=3, d6=3], deck: 5}
      bob: {deck: 5}
    actions:
      - play: Peace Offering
    """)
    texts = " ".join(step["text"] for step in data["steps"])
    assert "no second Gig" not in texts and data["verdict"]["awaiting"]
