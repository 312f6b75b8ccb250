"""Ending an Attack (CR 9.26-9.29): an attack ended early, before or during its Fight Step."""
from __future__ import annotations

from tests.conftest import cited_ids, rule_of
from tests.test_combat import _steps_citing


BOUNCED_BY_A_FIGHT_TRIGGER = """
    scenario: t
    cards:
      - name: Test Skittish
        type: Unit
        cost: 1
        power: 1
        effects:
          - {when: fights, do: [{move: {card: this, to: hand}}], text: return this Unit to hand}
    players:
      alice:
        field: [Test Skittish]
      bob:
        field: [{card: Ruthless Lowlife, spent: true}]
    actions:
      - {attack: Test Skittish, target: Ruthless Lowlife, react: []}
    """


def test_9_26_1_an_attacker_bounced_by_a_fight_trigger_ends_the_attack_without_a_result():
    _, result, _ = rule_of(BOUNCED_BY_A_FIGHT_TRIGGER)
    assert result.outcomes[0].allowed
    assert result.final.locate("Test Skittish") == ("alice", "hand")
    assert result.final.locate("Ruthless Lowlife") == ("bob", "field")
    assert result.final.attack is None
    assert "attack-end.attacker-gone" in cited_ids(result)


def test_9_18_an_attack_ended_by_a_fight_trigger_says_the_fight_happened_not_that_no_fight_happens():
    _, result, _ = rule_of(BOUNCED_BY_A_FIGHT_TRIGGER)
    ended = _steps_citing(result, "attack-end.attacker-gone")
    assert ended and "the fight did happen" in ended[0].text and "no fight happens" not in ended[0].text
    assert {"fight.triggers-before-defeat", "fight.result"} <= set(ended[0].cites)
    assert "attack-end.early-nothing-happens" not in cited_ids(result)


def test_9_27_1_an_attack_ended_before_the_fight_step_still_says_no_fight_happens():
    _, result, _ = rule_of(BOUNCED_BY_A_FIGHT_TRIGGER.replace("when: fights", "when: attack"))
    assert result.final.locate("Test Skittish") == ("alice", "hand")
    ended = _steps_citing(result, "attack-end.attacker-gone")
    assert ended and "no fight happens" in ended[0].text
    assert "attack-end.early-nothing-happens" in cited_ids(result) and "fight.result" not in cited_ids(result)


def test_9_6_an_attack_ended_by_its_attack_trigger_does_not_wait_for_reactions():
    _, result, _ = rule_of(BOUNCED_BY_A_FIGHT_TRIGGER.replace("when: fights", "when: attack").replace(", react: []", ""))
    assert not [s for o in result.outcomes for s in o.steps if s.kind == "await"] and result.final.attack is None
    assert result.final.locate("Test Skittish") == ("alice", "hand")
    assert "attack-end.early-nothing-happens" in cited_ids(result)


def test_10_2_5_the_attack_ending_is_the_rule_processing_done_once_the_effect_has_resolved():
    _, result, _ = rule_of(BOUNCED_BY_A_FIGHT_TRIGGER)
    ended = _steps_citing(result, "attack-end.attacker-gone")
    resolved = [n for n, step in enumerate(result.outcomes[0].steps) if step.kind == "resolve"]
    assert ended and "effects.rule-processing-after" in ended[0].cites
    assert resolved and resolved[-1] < result.outcomes[0].steps.index(ended[0])


def test_a_defender_readied_by_the_fights_own_trigger_keeps_the_result_as_the_faq_answers():
    """FAQ Johnny Silverhand: Never Stop Fighting #1-#2 (outranking 9.26.3): the CORPO attacker is defeated."""
    _, result, _ = rule_of("""
scenario: t
turn: bob
players:
  alice:
    field: [{card: "Johnny Silverhand: Never Stop Fighting", label: johnny, spent: true}]
  bob:
    field: [{card: "Yorinobu Arasaka: Steel Dragon", label: yorinobu}]
    deck: 3
actions:
  - {attack: yorinobu, by: bob, target: johnny, react: []}
""")
    assert result.final.locate("yorinobu") == ("bob", "trash")
    assert not result.final.cards["johnny"].spent
    assert "attack-end.target-invalid" in cited_ids(result) and result.final.attack is None
