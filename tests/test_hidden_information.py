"""Hidden information (engine/hidden_information.py; 5.3.1.2): looking at a card without revealing it."""
from __future__ import annotations

from tests.conftest import rule_of

KIROSHI = """
scenario: t
players:
  alice:
    field: [{card: Psycho Squad, gear: [Kiroshi Optics]}]
    legends: [{card: "V: Streetkid", label: v}, {card: "Goro Takemura: Hands Unclean", label: goro}]
  bob: {gigs: [d8=5]}
actions:
  - attack: Psycho Squad
    target: gig-area
    react: []
    steal: [d8]
"""


def test_a_looked_at_legend_stays_face_down_and_is_known_to_its_controller_only():
    _, result, ruling = rule_of(KIROSHI.replace("    react: []", "    targets: [goro]\n    react: []"))
    [look] = [s for s in ruling["steps"] if s["kind"] == "look"]
    assert look["known_to"] == "alice" and look["cards"] == ["goro"]
    assert not result.final.cards["goro"].face_up
    assert all("known_to" not in s for s in ruling["steps"] if s["kind"] != "look")


def test_the_look_is_mandatory_and_waits_for_the_choice_when_unscripted():
    _, result, _ = rule_of(KIROSHI)
    assert result.outcomes[0].steps[-1].kind == "await"
