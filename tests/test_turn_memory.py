"""What the engine remembers for the rest of a turn (cleared at 8.16): plays, steals, first-time effects."""
from __future__ import annotations

import pytest

from judgekit.scenario.yaml_lines import InputError
from tests.conftest import rule_of

FIRST_TIME = """
scenario: t
cards:
  - name: Eager
    type: Unit
    cost: 0
    power: 2
    effects:
      - {{when: spent, first_time_each_turn: true, do: [{{draw: 1}}]}}
players:
  alice:
    field: [Eager]
    deck: [Psycho Squad, Animals Wrecker]
    fixer: [d6]
  bob: {{gigs: [d4=1, d8=3], deck: [Mantis Blades], fixer: [d10]}}
{this_turn}
actions:
{actions}
"""


def run(actions: str, this_turn: str = ""):
    return rule_of(FIRST_TIME.format(actions=actions, this_turn=this_turn))


def test_a_first_time_effect_triggers_on_the_first_event_only():
    _, result, _ = run("  - {attack: Eager, target: gig-area, react: [], steal: [d8]}")
    assert result.final.players["alice"].hand == ["Psycho Squad"]
    assert ("first-time", "alice", "Eager effect 0") in result.final.this_turn


def test_a_board_can_say_the_first_time_already_happened():
    _, result, _ = run("  - {attack: Eager, target: gig-area, react: [], steal: [d8]}",
                       "this_turn: {first_time_done: [Eager]}")
    assert result.final.players["alice"].hand == []


def test_8_16_the_turn_memory_ends_with_the_turn():
    _, result, _ = run("  - {attack: Eager, target: gig-area, react: [], steal: [d8]}\n"
                       "  - {pass_turn: true, roll: 2}")
    assert result.final.this_turn == []


def test_11_3_1_a_unit_played_this_turn_in_the_field_must_be_lagging():
    text = FIRST_TIME.format(actions="  - {pass_turn: true}", this_turn="this_turn: {played: [Eager]}")
    with pytest.raises(InputError) as error:
        rule_of(text)
    assert "lag: true" in str(error.value) and "this_turn.played" in str(error.value)


def test_playing_a_card_is_remembered_for_played_this_turn_conditions():
    text = """
    scenario: t
    cards:
      - name: Needs a Program
        type: Unit
        cost: 0
        power: 3
        effects:
          - {persistent: {cant: [attack]}, if: [{not_played_this_turn: Program}]}
      - {name: Spark, type: Program, cost: 0}
    players:
      alice:
        field: [Needs a Program]
        hand: [Spark]
      bob: {gigs: [d6=2]}
    actions:
      - {attack: Needs a Program, target: gig-area, react: []}
      - play: Spark
      - {attack: Needs a Program, target: gig-area, react: []}
    """
    _, result, data = rule_of(text)
    assert [a["allowed"] for a in data["actions"]] == [False, True, True]
    assert result.final.players["alice"].gigs == [("d6", 2)]
