"""Persistent effects and lasting changes (10.22-10.23), and "can't" beating "can" (2.6)."""
from __future__ import annotations

import pytest

from judgekit.engine import persistent
from judgekit.scenario.yaml_lines import InputError
from judgekit.ruling import run_scenario
from judgekit.scenario.build import build
from tests.conftest import SCENARIOS, cited_ids, rule_of, scenario

AURA = """
scenario: t
cards:
  - name: Test Captain
    type: Unit
    cost: 3
    power: 3
    effects:
      - persistent: {power: 2, keywords: [BLOCKER]}
        affects: friendly-units
        text: friendly Units get +2 power and BLOCKER
players:
  alice:
    field: [Test Captain, Ruthless Lowlife]
  bob:
    field: [Corpo Security]
"""


def test_10_22_persistent_effect_applies_to_the_cards_it_names_only():
    _, result, _ = rule_of(AURA)
    state = result.final
    assert persistent.power_of(state, "Ruthless Lowlife") == 6
    assert persistent.power_of(state, "Test Captain") == 5
    assert persistent.power_of(state, "Corpo Security") == 2
    assert "BLOCKER" in persistent.keywords_of(state, "Ruthless Lowlife")


def test_10_22_3_persistent_effect_stops_when_its_source_leaves_the_field():
    _, result, _ = rule_of(AURA + "actions:\n  - {defeat: Test Captain, by: alice}\n")
    assert persistent.power_of(result.final, "Ruthless Lowlife") == 4
    assert "BLOCKER" not in persistent.keywords_of(result.final, "Ruthless Lowlife")


GIVE = """
scenario: t
cards:
  - name: Test Boost
    type: Program
    cost: 0
    effects:
      - when: resolve
        targets: [{kind: Unit, side: friendly}]
        do: [{give: {card: target, power: -6}}]
players:
  alice:
    hand: [Test Boost]
    field: [Ruthless Lowlife]
    deck: 2
  bob: {deck: 2}
actions:
  - play: Test Boost
    targets: [Ruthless Lowlife]
"""


def test_2_10_power_can_go_below_zero_and_this_turn_changes_end_with_the_turn():
    _, result, _ = rule_of(GIVE)
    assert persistent.power_of(result.final, "Ruthless Lowlife") == -2
    assert "golden.negative-values" in cited_ids(result)
    _, result, _ = rule_of(GIVE + "  - pass_turn: true\n")
    assert persistent.power_of(result.final, "Ruthless Lowlife") == 4
    assert {"end-of-turn.remove-this-turn-effects", "persistent-effects.duration-ends"} <= cited_ids(result)


def test_2_6_cant_block_refuses_a_blocker():
    text = """
    scenario: t
    cards:
      - name: Corpo Security
        type: Unit
        cost: 2
        power: 2
        keywords: [BLOCKER]
        effects:
          - {persistent: {cant: [block]}, text: this Unit can't block}
    players:
      alice:
        field: [Emergency Atlus]
      bob:
        field: [Corpo Security]
        gigs: [d6=2]
    actions:
      - attack: Emergency Atlus
        target: gig-area
        react: [{block: Corpo Security}]
    """
    _, result, _ = rule_of(text)
    (outcome,) = result.outcomes
    assert outcome.allowed, "the attack stands; the block is refused"
    assert "golden.cant-beats-can" in outcome.refused_reactions[0][1].cites


def test_a_persistent_effect_needs_exactly_one_kind():
    with pytest.raises(InputError) as error:
        scenario("""
        scenario: t
        cards:
          - {name: X, type: Unit, effects: [{when: play, persistent: {power: 1}}]}
        players: {alice: {}, bob: {}}
        """)
    assert "exactly one of when, activate, persistent, replace" in str(error.value)


def test_10_23_a_change_counting_nothing_is_said_to_change_nothing():
    _, result, _ = rule_of("""
    scenario: t
    cards:
      - name: Test Surge
        type: Program
        cost: 0
        effects:
          - when: resolve
            targets: [{kind: Unit, side: friendly}]
            do: [{give: {card: target, power: 1, per: rival-units}}]
    players:
      alice: {hand: [Test Surge], field: [Ruthless Lowlife]}
      bob: {}
    actions: [{play: Test Surge, targets: [Ruthless Lowlife]}]
    """)
    texts = [step.text for outcome in result.outcomes for step in outcome.steps if "gets" in step.text]
    assert texts and "gets +0 power this turn" in texts[0] and "its power stays 4" in texts[0]
    assert not any("gets  " in text for text in texts)


GUNPOINT = """
scenario: t
players:
  alice:
    hand: [Gunpoint Diplomacy]
    eddies: 4
    field: [%s]
    gigs: [d6=6]
  bob:
    field: [Emergency Atlus]
    gigs: [d8=5, d4=1]
actions:
  - play: Gunpoint Diplomacy
%s
"""


def test_10_23_1_a_next_attack_permission_holds_for_that_attack_then_ends():
    _, result, _ = rule_of(GUNPOINT % ("Psycho Squad", "    targets: [Psycho Squad]\n  - {attack: Psycho Squad, "
                                       "target: gig-area, react: [], steal: [d4]}"))
    assert [(m.until, m.power, m.can) for m in result.final.modifiers] == [("end-of-turn", 3, ())]
    assert "persistent-effects.duration-ends" in cited_ids(result)


def test_8_16_2_an_unused_next_attack_permission_ends_with_the_turn():
    _, result, _ = rule_of(GUNPOINT % ("Psycho Squad", "    targets: [Psycho Squad]\n  - {pass_turn: true, roll: 1}"))
    assert result.final.modifiers == []


def test_10_7_with_no_friendly_unit_no_one_is_asked_to_choose_an_effect():
    _, result, data = rule_of(GUNPOINT % ("", ""))
    assert not data["verdict"]["awaiting"] and result.final.players["alice"].trash == ["Gunpoint Diplomacy"]
    assert "effects.invalid-whole-ignored" in cited_ids(result)


BANNER = """
scenario: t
cards:
  - {name: Test Banner, type: Unit, cost: 2, power: 1,
     effects: [{persistent: {power: 2}, affects: friendly-units, affected: {other: true}, text: other Units +2}]}
players:
  alice: {field: [Test Banner%s]}
  bob: {}
actions: [{defeat: Test Banner, by: bob}]
"""


def test_10_22_3_a_bonus_to_other_units_stops_when_its_source_leaves_the_field():
    _, result, _ = rule_of(BANNER % ", {card: Corpo Security, label: guard}")
    lapsed = [s for s in result.outcomes[0].steps if "persistent-effects.source-area" in s.cites]
    assert len(lapsed) == 1 and "Corpo Security" in lapsed[0].text
    assert persistent.power_of(result.final, "guard") == 2


def test_10_22_3_not_cited_when_the_effect_applied_to_no_other_unit():
    _, result, _ = rule_of(BANNER % "")
    assert "persistent-effects.source-area" not in cited_ids(result)


def test_10_22_3_a_cant_be_blocked_whose_source_left_is_said_to_stop_once():
    """The lapse is said as the source leaves; the block step then says only what it means for the block."""
    path = SCENARIOS / "review" / "624-a-cant-be-blocked-whose-source-left-is-said-to-stop-once.yaml"
    result = run_scenario(build(path.read_text(), path.name))
    steps = result.outcomes[0].steps
    assert len([s for s in steps if "persistent-effects.source-area" in s.cites]) == 1
    assert any("react-step.blocker" in s.cites and "as its attack was declared" in s.text for s in steps)
