"""Rolling Gig dice (engine/dice.py; 6.2, 8.6.5): scripted or seeded results, a card's reroll, min/max triggers."""
from __future__ import annotations

from tests.conftest import rule_of

KERRY = """
scenario: t
turn: bob
players:
  bob: {deck: 3}
  alice:
    legends: [{card: "Kerry Eurodyne: Axe, Attitude, Audience", label: kerry, face_up: true}]
    fixer: [d8]
    deck: 6
actions:
  - pass_turn: true
%s
"""


def test_a_seeded_reroll_says_both_results_came_from_the_seed():
    _, _, ruling = rule_of(KERRY % "    may: {kerry: true}", seed=7)
    randoms = [s["random"] for s in ruling["steps"] if s["random"]]
    assert randoms == ["rolled from seed 7", "rolled from seed 7"]


def test_the_reroll_choice_waits_when_unscripted():
    _, result, _ = rule_of(KERRY % "    roll: 3")
    assert result.outcomes[0].steps[-1].kind == "await" and "reroll" in result.outcomes[0].steps[-1].text


def test_a_min_roll_kept_draws_one():
    _, result, _ = rule_of(KERRY % "    roll: 1\n    may: {kerry: false}")
    assert len(result.final.players["alice"].hand) == 2


def test_without_a_reroll_card_an_extra_scripted_roll_is_bad_input():
    import pytest

    from judgekit.scenario.yaml_lines import InputError
    with pytest.raises(InputError):
        rule_of(KERRY.replace('    legends: [{card: "Kerry Eurodyne: Axe, Attitude, Audience", label: kerry, '
                              'face_up: true}]\n', "") % "    roll: [1, 5]")
