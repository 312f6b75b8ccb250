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


def test_the_seeded_source_draws_what_random_random_of_the_seed_draws_and_goes_back_on_refusal():
    """Randomness comes from the seed (the brief; 6.2 rolls, shuffles): made lazily, it must draw the same."""
    import random

    from judgekit.engine.context import SeededRandom

    lazy, plain = SeededRandom(41), random.Random(41)
    assert lazy.getstate() is None  # nothing drawn yet
    before = lazy.getstate()
    assert [lazy.randint(1, 6) for _ in range(5)] == [plain.randint(1, 6) for _ in range(5)]
    lazy.setstate(before)  # a refused action leaves the sequence where it was: at its start
    again = random.Random(41)
    order, expected = list(range(9)), list(range(9))
    lazy.shuffle(order)
    again.shuffle(expected)
    assert order == expected and lazy.choice("abcdef") == again.choice("abcdef")
    middle = lazy.getstate()
    drawn = lazy.randint(1, 20)
    lazy.setstate(middle)
    assert lazy.randint(1, 20) == drawn
