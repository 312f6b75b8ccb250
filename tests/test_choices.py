"""Choices an effect makes (engine/choices.py; 10.31): the options awaited, and `none` only where the card allows it."""
from __future__ import annotations

import pytest

from tests.conftest import rule_of
from tests.test_effects import VIKTOR as VIKTOR_ONE_GEAR
from tests.test_replacement import SHIELD as SHIELD_TEMPLATE

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
    # 2.1 decides for a played Program; 2.4 has no part, since all of the effect can be done
    assert "golden.must-resolve" in outcome.refusal.cites
    assert "golden.as-much-as-possible" not in outcome.refusal.cites
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



def test_a_mandatory_choice_with_one_legal_option_is_made_as_the_only_option_10_31():
    _, result, _ = rule_of(VIKTOR_ONE_GEAR)
    steps = result.outcomes[0].steps
    assert not [s for s in steps if s.kind == "await"]
    assert any(s.kind == "choice" and "the only option" in s.text and "rippler" in s.cards for s in steps)
    assert result.final.cards["rippler"].equipped_to == "squad"


def test_scripting_the_only_option_stays_accepted():
    _, result, _ = rule_of(VIKTOR_ONE_GEAR + "    targets: [rippler, squad]\n")
    steps = result.outcomes[0].steps
    assert result.outcomes[0].allowed and not any("the only option" in s.text for s in steps)
    assert result.final.cards["rippler"].equipped_to == "squad"


def test_a_you_may_with_no_legal_option_is_not_asked_and_a_scripted_answer_is_still_accepted_10_7():
    text = """
scenario: t
players:
  alice:
    field: [{card: "T-Bug: Amateur Philosopher", label: tbug}]
    legends: [{card: "V: Streetkid", label: v}]
    called_legend_this_turn: true
  bob: {}
actions:
  - defeat: tbug
"""
    for script in ("", "    may: {tbug: true}\n"):
        _, result, _ = rule_of(text + script)
        steps = result.outcomes[0].steps
        assert not [s for s in steps if s.kind == "await"]
        [nothing] = [s for s in steps if "no legal option" in s.text]
        assert {"effects.no-legal-target", "effect-choices.no-legal-choice", "call-a-legend.once-per-turn"} <= set(nothing.cites)
        assert not result.final.cards["v"].face_up


DISCARD = """
scenario: t
cards:
  - {name: Test Toll, type: Program, cost: 0, effects: [{when: resolve, do: [{discard: {count: 1}}]}]}
players:
  alice:
    hand: [Test Toll, Psycho Squad, Floor It]
  bob: {}
actions:
  - play: Test Toll
    targets: [none]
"""

GIG = """
scenario: t
cards:
  - {name: Test Tweak, type: Program, cost: 0, effects: [{when: resolve, do: [{adjust: {gig: choose, of: you, increase: 1}}]}]}
players:
  alice:
    hand: [Test Tweak]
    gigs: [d6=2, d8=3]
  bob: {}
actions:
  - play: Test Tweak
    gigs: [none]
"""

SHIELD = SHIELD_TEMPLATE.replace("{gear}", "Test Shield").replace("{extra}", ", replacements: {Test Shield: false}")


@pytest.mark.parametrize("text", [DISCARD, GIG, SHIELD], ids=["discard", "gig", "mandatory-replacement"])
def test_declining_a_mandatory_choice_is_a_refusal_citing_2_1(text):
    _, result, _ = rule_of(text)
    [outcome] = result.outcomes
    assert not outcome.allowed and "golden.must-resolve" in outcome.refusal.cites


V_CALL = """
scenario: t
players:
  alice:
    legends: ["V: Streetkid"]
    eddies: 1
    deck: {deck_spec}
  bob: {{}}
actions:
  - call: "V: Streetkid"
"""


def test_no_target_among_unnamed_cards_says_judgekit_could_not_know_them():
    """10.7: with no legal target the effect does nothing; cards the scenario leaves unnamed (a deck given as a
    count) can't be known to be a BRAINDANCE Program, and the ruling says so rather than asserting there is none."""
    _, result, _ = rule_of(V_CALL.format(deck_spec="5"))
    [none] = [s for s in result.outcomes[0].steps if "and there is none" in s.text]
    assert "leaves 3 cards there unnamed" in none.text
    named = "{top: [Floor It, Mantis Blades, Gorilla Arms], count: 2}"
    _, result, _ = rule_of(V_CALL.format(deck_spec=named))
    [none] = [s for s in result.outcomes[0].steps if "and there is none" in s.text]
    assert "unnamed" not in none.text


def test_a_may_scripted_under_a_gear_names_its_host_the_effect_belongs_to():
    """A Gear's bottom textbox effects are its host's (4.11.3): an answer scripted under the Gear's label is
    never asked for, and the error says to write it under the host's."""
    from pathlib import Path
    from judgekit.scenario.yaml_lines import InputError
    text = (Path(__file__).parents[1] / "scenarios/review/167-arasaka-emergency-radioport-call-may-be-declined.yaml"
            ).read_text(encoding="utf-8").replace("may: {squad: false}", "may: {radioport: false}")
    with pytest.raises(InputError) as error:
        rule_of(text)
    assert "write `may: {squad: ...}`" in str(error.value)


def test_a_may_with_more_answers_than_asked_says_how_many_were_used():
    from pathlib import Path
    from judgekit.scenario.yaml_lines import InputError
    text = (Path(__file__).parents[1] / "scenarios/review/167-arasaka-emergency-radioport-call-may-be-declined.yaml"
            ).read_text(encoding="utf-8").replace("may: {squad: false}", "may: {squad: [false, true]}")
    with pytest.raises(InputError) as error:
        rule_of(text)
    assert "`may` scripts 2 answers for 'squad', but the ruling asked for only 1" in str(error.value)
