"""Choices an effect makes (engine/choices.py; 10.31): the options awaited, and `none` only where the card allows it."""
from __future__ import annotations

from tests.conftest import rule_of

HEIST = """
scenario: t
players:
  alice:
    hand: [The Heist]
    eddies: 2
    deck:
      top: [{card: Floor It, label: a}, {card: Gorilla Arms, label: arms}, {card: Detonate, label: b},
            {card: Tetratronic Rippler, label: rippler}]
    gigs: [d6=2]
  bob: {}
actions:
  - play: The Heist
"""


def test_an_unscripted_target_choice_waits_with_its_options_and_no_decline():
    _, result, ruling = rule_of(HEIST)
    [waiting] = [s for s in result.outcomes[0].steps if s.kind == "await"]
    assert (waiting.player, sorted(waiting.options), waiting.can_decline) == ("alice", ["arms", "rippler"], False)
    assert "arms" in ruling["verdict"]["awaiting"]


def test_choosing_none_for_a_mandatory_target_is_refused_not_an_input_error():
    _, result, _ = rule_of(HEIST + "    targets: [none]\n")
    [outcome] = result.outcomes
    assert not outcome.allowed
    assert {"golden.must-resolve", "golden.as-much-as-possible"} <= set(outcome.refusal.cites)
    assert result.final.players["alice"].hand == ["The Heist"] and result.final.players["alice"].trash == []


def test_an_up_to_choice_may_be_declined_with_none():
    text = """
scenario: t
players:
  alice:
    field: ["Saul Bright: Stormrider", {card: Psycho Squad, spent: true}]
  bob:
    fixer: [d6]
    deck: [Octant]
actions:
  - pass_turn: true
    roll: 2
"""
    _, result, _ = rule_of(text)
    [waiting] = [s for s in result.outcomes[0].steps if s.kind == "await"]
    assert waiting.can_decline is True and "Psycho Squad" in waiting.options
    _, declined, _ = rule_of(text + "    targets: [none]\n")
    assert declined.outcomes[0].allowed and declined.final.cards["Psycho Squad"].spent
