"""Replacement effects (10.24-10.30): "would ... instead", mandatory before optional, once each."""
from __future__ import annotations

from tests.conftest import cited_ids, rule_of

SHIELD = """
scenario: t
cards:
  - name: Test Shield
    type: Gear
    cost: 1
    power: 0
    bottom_textbox:
      effects:
        - {replace: defeated, do: [{defeat: source}], text: defeat this Gear instead}
  - name: Test Shield Two
    type: Gear
    cost: 1
    power: 0
    bottom_textbox:
      effects:
        - {replace: defeated, do: [{defeat: source}], text: defeat this Gear instead}
players:
  alice:
    field: [{card: Ruthless Lowlife, gear: [{gear}]}]
  bob: {}
actions:
  - {defeat: Ruthless Lowlife, by: alice{extra}}
"""


def test_10_25_the_replacement_happens_instead_of_the_defeat():
    _, result, _ = rule_of(SHIELD.replace("{gear}", "Test Shield").replace("{extra}", ""))
    state = result.final
    assert state.locate("Ruthless Lowlife") == ("alice", "field")
    assert state.locate("Test Shield") == ("alice", "trash")
    assert "replacement-effects.before-instead" in cited_ids(result)
    assert "replacement-effects.once-each" not in cited_ids(result)  # one replacement: 10.29.1 decides nothing


def test_10_29_1_is_cited_where_several_replacements_could_apply():
    _, result, _ = rule_of(SHIELD.replace("{gear}", "Test Shield, Test Shield Two")
                           .replace("{extra}", ", order: [Test Shield Two]"))
    assert "replacement-effects.once-each" in cited_ids(result)


def test_10_28_1_two_mandatory_replacements_wait_for_the_affected_player():
    _, result, data = rule_of(SHIELD.replace("{gear}", "Test Shield, Test Shield Two").replace("{extra}", ""))
    assert "mandatory replacement" in data["verdict"]["awaiting"]
    _, result, _ = rule_of(SHIELD.replace("{gear}", "Test Shield, Test Shield Two")
                           .replace("{extra}", ", order: [Test Shield Two]"))
    assert result.final.locate("Test Shield Two") == ("alice", "trash")
    assert result.final.locate("Test Shield")[1] == "equipped"
    [pick] = [s for s in result.outcomes[0].steps if s.kind == "choice"]
    assert "replacement-effects.several-mandatory" in pick.cites and "Test Shield Two" in pick.cites + pick.cards


GUARD = """
scenario: t
cards:
  - name: Test Guard
    type: Unit
    cost: 1
    power: 1
    effects:
      - {replace: defeated, affects: friendly-units, optional: true, {pay}do: [{defeat: this}]}
players:
  alice:
    field: [Ruthless Lowlife, Test Guard]
  bob: {}
actions:
  - {defeat: Ruthless Lowlife, by: alice{extra}}
"""


def test_10_26_a_declined_optional_replacement_lets_the_defeat_happen():
    _, result, _ = rule_of(GUARD.replace("{pay}", "").replace("{extra}", ", replacements: {Test Guard: false}"))
    assert result.final.locate("Ruthless Lowlife") == ("alice", "trash")
    assert result.final.locate("Test Guard") == ("alice", "field")
    assert "golden.you-may" in cited_ids(result)


def test_10_27_an_optional_replacement_that_cannot_be_paid_is_not_offered():
    _, result, data = rule_of(GUARD.replace("{pay}", "pay: 1, ").replace("{extra}", ""))
    assert data["verdict"]["awaiting"] is None
    assert result.final.locate("Ruthless Lowlife") == ("alice", "trash")
    assert "replacement-effects.impossible" in cited_ids(result)


JACKIE = """
scenario: t
players:
  alice: {}
  bob:
    field: [{card: "T-Bug: Amateur Philosopher", label: tbug}]
    legends: [{card: "Jackie Welles: Mama's Favorite", label: jackie, face_up: true}]
    eddies: 1
actions: [{defeat: %s, replacements: {jackie: true}, payments: [bob-eddie-1]}]  # Jackie could pay too (5.7.2)
"""


def test_10_25_a_legend_in_the_legends_area_is_defeated_in_a_units_place():
    _, result, data = rule_of(JACKIE % "tbug")
    assert result.final.locate("tbug") == ("bob", "field")
    assert result.final.locate("jackie") == ("bob", "removed")
    assert not any(s["kind"] == "trigger" for s in data["steps"]), "the Unit was not defeated: no [DEFEATED]"


def test_10_25_and_4_2_1_a_legend_in_the_field_may_replace_its_own_defeat():
    _, result, _ = rule_of(JACKIE.replace("field: [{card: \"T-Bug: Amateur Philosopher\", label: tbug}]",
                                          "field: [{card: \"Jackie Welles: Mama's Favorite\", label: jackie}]")
                           .replace("    legends: [{card: \"Jackie Welles: Mama's Favorite\", label: jackie, "
                                    "face_up: true}]\n", "") % "jackie")
    assert result.final.locate("jackie") == ("bob", "removed")
    assert {"replacement-effects", "card-types.legend-on-field-is-unit"} <= cited_ids(result)


def test_10_29_1_a_replacement_that_applied_is_not_offered_again_for_the_event_it_put_in_place():
    _, result, data = rule_of(GUARD.replace("{pay}", "pay: 1, ").replace("alice:\n", "alice:\n    eddies: 2\n")
                              .replace("{extra}", ", replacements: {Test Guard: true}"))
    assert data["verdict"]["awaiting"] is None
    replaced = [s for s in result.outcomes[0].steps if s.kind == "replace"]
    assert len(replaced) == 1 and "Ruthless Lowlife" in replaced[0].cards
    assert result.final.locate("Test Guard") == ("alice", "trash")
    assert {"replacement-effects.recheck", "replacement-effects.once-each"} <= cited_ids(result)
    assert sum(result.final.cards[e].spent for e in result.final.players["alice"].eddies) == 1
