"""Checking a ruling against `expect` (scenario/expect.py): the awaited choice, and cards being looked at."""
from __future__ import annotations

import pytest

from judgekit.scenario.yaml_lines import InputError
from tests.conftest import rule_of, scenario
from tests.test_choices import HEIST as HEIST_PLAY
from tests.test_hidden_information import SEARCH as SEARCH_PLAY

HEIST = HEIST_PLAY + """expect:
  awaiting: AWAITING
"""


def failures(awaiting: str) -> list[str]:
    _, _, ruling = rule_of(HEIST.replace("AWAITING", awaiting))
    return [f["message"] for f in ruling["verdict"]["expectations"]["failures"]]


def test_a_plain_awaiting_true_still_holds_for_a_ruling_that_waits():
    assert failures("true") == []
    assert failures("false") == ["line 15: expect.awaiting: expected a complete ruling, but it waits for a choice"]


def test_the_awaited_choice_holds_when_player_options_and_no_decline_match():
    assert failures("{player: alice, options: [rippler, arms], can_decline: false}") == []


def test_each_part_of_the_awaited_choice_that_differs_is_its_own_failure():
    found = failures("{player: bob, options: [arms], can_decline: true}")
    assert found == [
        "line 15: expect.awaiting.player: expected bob to be the one choosing; it is alice",
        "line 15: expect.awaiting.options: expected the options ['arms'] (any order), got ['arms', 'rippler']",
        "line 15: expect.awaiting.can_decline: expected choosing nothing to be allowed; judgekit says it is not"]


def test_an_awaited_choice_expected_of_a_complete_ruling_fails():
    text = HEIST.replace("  - play: The Heist", "  - play: The Heist\n    targets: [arms]")
    _, _, ruling = rule_of(text.replace("AWAITING", "{player: alice}"))
    [failure] = ruling["verdict"]["expectations"]["failures"]
    assert failure["field"] == "expect.awaiting" and "it is complete" in failure["message"]


def problems(awaiting: str) -> list[str]:
    with pytest.raises(InputError) as caught:
        scenario(HEIST.replace("AWAITING", awaiting))
    return [p.render() for p in caught.value.problems]


def test_a_typo_in_an_awaited_choice_key_is_named_with_its_line_and_a_suggestion():
    assert problems("{player: alice, can_declin: false}") == [
        "test.yaml:15: expect.awaiting.can_declin: unknown key 'can_declin'; did you mean 'can_decline'?"]


def test_an_awaited_choice_naming_an_unknown_player_or_card_is_bad_input():
    assert sorted(problems("{player: carol, options: [arms, nosuch]}")) == [
        "test.yaml:15: expect.awaiting.options.1: no card labelled or named 'nosuch' is on the board; the labels of "
        "named cards on the board: The Heist, a, arms, b, rippler",
        "test.yaml:15: expect.awaiting.player: 'carol' is not a player here (players: 'alice', 'bob')"]


def test_awaiting_takes_true_false_or_a_mapping():
    [problem] = problems("3")
    assert problem.startswith("test.yaml:15: expect.awaiting:") and "true or false, or a mapping" in problem


SEARCH = SEARCH_PLAY + """expect:
  cards:
    a: {area: deck, looked_at_by: LOOKERS}
"""


def test_looked_at_by_compares_who_is_looking_at_the_card_now():
    _, _, holds = rule_of(SEARCH.replace("LOOKERS", "[alice]"))
    _, _, differs = rule_of(SEARCH.replace("LOOKERS", "[]"))
    assert holds["verdict"]["expectations"]["passed"]
    assert [f["field"] for f in differs["verdict"]["expectations"]["failures"]] == ["expect.cards.a.looked_at_by"]


def test_looked_at_by_names_players_and_suggests_for_a_typo():
    with pytest.raises(InputError) as caught:
        scenario(SEARCH.replace("LOOKERS", "[carol]"))
    assert [p.render() for p in caught.value.problems] == [
        "test.yaml:15: expect.cards.a.looked_at_by.0: 'carol' is not a player here (players: 'alice', 'bob')"]
    with pytest.raises(InputError) as caught:
        scenario(SEARCH.replace("looked_at_by: LOOKERS", "lookd_at_by: [alice]"))
    assert "did you mean 'looked_at_by'?" in caught.value.problems[0].render()


def test_the_dice_to_roll_in_are_the_options_of_the_roll_in_choice():
    text = """
scenario: t
players:
  alice: {}
  bob:
    fixer: [d6, d8, d20]
    deck: 3
actions:
  - pass_turn: true
expect:
  awaiting: {player: bob, options: [d6, d8], can_decline: false}
"""
    _, _, ruling = rule_of(text)
    assert ruling["verdict"]["expectations"]["failures"] == []
    _, _, wrong = rule_of(text.replace("options: [d6, d8]", "options: [d6, d8, d20]"))
    assert [f["field"] for f in wrong["verdict"]["expectations"]["failures"]] == ["expect.awaiting.options"]


TWO_ATTACK_EFFECTS = """
scenario: t
cards:
  - name: Test Berserker
    type: Unit
    cost: 3
    power: 4
    effects:
      - {when: attack, do: [{defeat: this}], text: defeat this Unit}
      - {when: attack, do: [{draw: {count: 1, per: this-gear}}], text: draw 1 for each Gear equipped to this}
players:
  alice:
    field: [{card: Test Berserker, label: b, gear: [{card: Mantis Blades, label: blades}]}]
    deck: 4
  bob:
    gigs: [d6=3]
actions:
  - attack: b
    target: gig-area
    order: [ORDER]
expect:
  EXPECT
"""


def order_failures(order: str, expect: str) -> list[str]:
    _, _, ruling = rule_of(TWO_ATTACK_EFFECTS.replace("ORDER", order).replace("EXPECT", expect))
    return [f["message"] for f in ruling["verdict"]["expectations"]["failures"]]


def test_expect_order_holds_for_steps_in_that_order_and_names_the_item_out_of_order():
    assert order_failures('"b#1", "b#2"', 'order: [{resolves: "b#1"}, {step: move, card: b}, {resolves: "b#2"}]') == []
    [failure] = order_failures('"b#2", "b#1"', 'order: [{resolves: "b#1"}, {resolves: "b#2"}]')
    assert "expect.order.1" in failure and "{resolves: b#2}" in failure and "before that" in failure


def test_expect_order_item_matching_no_step_says_so():
    [failure] = order_failures('"b#1", "b#2"', 'order: [{step: replace}]')
    assert "no step matches it" in failure


def test_game_level_state_is_checked_turn_phase_overtime():
    assert order_failures('"b#1", "b#2"', "{turn: alice, phase: main, overtime: false}") == []
    found = order_failures('"b#1", "b#2"', "{turn: bob, phase: end, overtime: true}")
    assert [f.split(": ", 2)[1] for f in found] == ["expect.turn", "expect.phase", "expect.overtime"]


def test_an_order_item_needs_one_kind_and_resolves_takes_no_narrowing():
    with pytest.raises(InputError):
        scenario(TWO_ATTACK_EFFECTS.replace("ORDER", "b").replace("EXPECT", "order: [{card: b}]"))
    with pytest.raises(InputError):
        scenario(TWO_ATTACK_EFFECTS.replace("ORDER", "b").replace("EXPECT", "order: [{resolves: b, card: b}]"))


def test_a_plain_string_in_expect_order_is_a_rule_number_or_a_resolving_effect():
    assert order_failures('"b#1", "b#2"', 'order: ["b#1", "b#2", "10.10.1"]') == []
    [failure] = order_failures('"b#1", "b#2"', 'order: ["b#2", "b#1"]')
    assert "expect.order.1" in failure
