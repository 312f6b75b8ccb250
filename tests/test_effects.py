"""Triggered effects and the pending queue (10.11, 10.16; 4.4.2 triggers from an invalid area)."""
from __future__ import annotations

import pytest

from judgekit.scenario.yaml_lines import InputError
from tests.conftest import cited_ids, rule_of

INVALID_AREA = """
scenario: t
cards:
  - name: Echo
    type: Legend
    cost: 2
    power: 2
    sell_tag: true
    effects:
      - {when: enters trash, text: draw a card, do: [{draw: 1}]}
      - {when: defeated, text: draw a card, do: [{draw: 1}]}
players:
  alice:
    field: [Echo]
    deck: [Delamain, Corpo Security, Mantis Blades]
  bob: {}
turn: bob
actions:
  - {defeat: Echo, by: bob}
"""


def test_4_4_2_triggers_become_pending_the_legend_is_removed_then_they_resolve():
    _, result, data = rule_of(INVALID_AREA)
    kinds = [s["kind"] for s in data["steps"]]
    assert kinds.count("trigger") == 2
    removal = kinds.index("remove")
    assert all(i > removal for i, k in enumerate(kinds) if k == "resolve")
    assert all(i < removal for i, k in enumerate(kinds) if k == "trigger")
    assert result.final.players["alice"].hand == ["Delamain", "Corpo Security"]
    assert result.final.players["alice"].removed == ["Echo"]
    assert {"legends.invalid-area-triggers", "keyword.defeated", "triggered-effects.when-condition-met"} <= cited_ids(result)


def test_resolving_from_a_source_that_left_uses_last_known_information():
    _, _, data = rule_of(INVALID_AREA)
    assert any("last-known" in s["text"] for s in data["steps"] if s["kind"] == "resolve")


def test_turn_player_effects_resolve_first():
    text = """
    scenario: t
    cards:
      - {name: Alarm, type: Unit, cost: 0, power: 1, effects: [{when: enters trash, do: [{draw: 1}]}]}
    players:
      alice:
        field: [{card: Alarm, label: a1}]
        deck: [Delamain]
      bob:
        field: [{card: Alarm, label: b1}]
        deck: [Corpo Security]
    turn: bob
    actions:
      - {bottom_deck: [a1, b1], by: bob}
    """
    _, result, data = rule_of(text.replace("enters trash", "enters deck"))
    resolved = [s["player"] for s in data["steps"] if s["kind"] == "resolve"]
    assert resolved == ["bob", "alice"]
    assert result.final.players["alice"].hand == ["Delamain"]
    assert result.final.players["bob"].hand == ["Corpo Security"]


def test_drawing_from_an_empty_deck_loses():
    _, result, data = rule_of("""
    scenario: t
    players:
      alice: {deck: [Delamain]}
      bob: {}
    actions: [{draw: 2}]
    """)
    assert result.final.losers == ["alice"]
    assert "lose.empty-deck" in cited_ids(result)
    assert data["verdict"]["losers"] == ["alice"]


def test_an_effect_loop_is_refused_not_run_forever():
    _, result, _ = rule_of("""
    scenario: t
    cards:
      - {name: Loop, type: Unit, cost: 0, power: 1, effects: [{when: enters hand, do: [{move: {card: this, to: trash}}]},
                                                             {when: enters trash, do: [{move: {card: this, to: hand}}]}]}
    players:
      alice: {deck: [Loop]}
      bob: {}
    actions: [{draw: 1}]
    """)
    assert not result.outcomes[0].allowed
    assert result.final is result.initial


SPENT_TRIGGER = """
scenario: t
cards:
  - name: Test Lookout
    type: Unit
    cost: 1
    power: 2
    effects:
      - {when: spent, text: draw 1, do: [{draw: 1}]}
      - {when: attack, text: draw 1, do: [{draw: 1}]}
players:
  alice:
    field: [Test Lookout]
    deck: 3
  bob:
    gigs: [d4=1]
actions:
  - {attack: Test Lookout, target: gig-area}
"""


def test_11_21_2_1_spend_triggers_become_pending_with_attack_and_resolve_before_the_react_step():
    _, result, data = rule_of(SPENT_TRIGGER)
    kinds = [s["kind"] for s in data["steps"]]
    assert kinds.count("trigger") == 2
    assert kinds.index("await") > max(i for i, k in enumerate(kinds) if k == "resolve")
    assert len(result.final.players["alice"].hand) == 2
    assert "keyword.attack.spend-triggers-together" in cited_ids(result)


WATCH = """
scenario: t
cards:
  - name: Watcher
    type: Unit
    cost: 0
    power: 1
    effects:
      - {{when: {when}, actor: {actor}, do: [{{draw: 1}}]}}
  - {{name: Tagged, type: Unit, cost: 0, power: 5, tags: [ARASAKA]}}
players:
  alice:
    field: [Watcher, Tagged, Psycho Squad]
    deck: [Octant, Octant, Octant]
  bob:
    field: [{{card: Tagged, label: their-tagged}}]
    deck: [Octant]
actions:
  - {{defeat: Tagged, by: bob}}
  - {{defeat: their-tagged}}
  - {{defeat: Psycho Squad, by: bob}}
"""


@pytest.mark.parametrize("when, actor, draws", [
    ("friendly-defeated", "{tags_any: [ARASAKA]}", 1),
    ("any-defeated", "{tags_any: [ARASAKA]}", 2),
    ("friendly-defeated", "{}", 2),
    ("friendly-defeated", "{equipped: true}", 0),
])
def test_10_16_watching_triggers_count_the_actors_side_and_filter(when, actor, draws):
    _, result, _ = rule_of(WATCH.format(when=when, actor=actor))
    assert len(result.final.players["alice"].hand) == draws


def test_an_actor_filter_needs_a_watching_trigger():
    with pytest.raises(InputError) as error:
        rule_of(WATCH.format(when="play", actor="{kind: Unit}"))
    assert "`actor` goes with" in str(error.value)


def test_10_31_2_with_too_few_legal_targets_it_chooses_as_many_as_it_can():
    text = """
    scenario: t
    cards:
      - name: Double Tap
        type: Program
        cost: 0
        effects:
          - when: resolve
            targets: [{kind: Unit, side: rival}, {kind: Unit, side: rival}]
            do: [{defeat: target}, {defeat: target2}, {draw: 1}]
    players:
      alice: {hand: [Double Tap], deck: [Octant]}
      bob: {field: [Psycho Squad]}
    actions:
      - {play: Double Tap, targets: [Psycho Squad]}
    """
    _, result, data = rule_of(text)
    assert result.final.players["bob"].trash == ["Psycho Squad"]
    assert result.final.players["alice"].hand == ["Octant"]
    assert "effect-choices.target-count" in cited_ids(result)


def test_10_6_2_with_no_legal_target_the_parts_that_need_none_still_resolve():
    _, result, _ = rule_of("""
    scenario: t
    players:
      alice: {hand: [Offduty Malfini], eddies: 4}
      bob: {}
    actions: [{play: Offduty Malfini}]
    """)
    assert result.final.cards["Offduty Malfini"].spent
    assert {"effects.invalid-part-ignored", "effects.no-legal-target"} <= cited_ids(result)
    assert "effects.invalid-whole-ignored" not in cited_ids(result)


def test_10_6_1_an_effect_whose_every_part_needs_the_missing_target_is_invalid_as_a_whole():
    _, result, _ = rule_of("""
    scenario: t
    players:
      alice: {hand: [Detonate], eddies: 3}
      bob: {}
    actions: [{play: Detonate}]
    """)
    assert "effects.invalid-whole-ignored" in cited_ids(result)


JACKIE_FIRST_TIME = """
scenario: t
players:
  alice:
    hand: [Jacked-In Voodoo Boy, "Delamain: Rideshare AI"]
    legends: [{card: "Jackie Welles: Pour One Out For Me", label: jackie, face_up: %s}]
    deck: 3
    eddies: 6
    gigs: [d6=5]
  bob: {}
actions:
  - play: Jacked-In Voodoo Boy
  - play: "Delamain: Rideshare AI"
"""


def test_the_first_time_each_turn_counts_an_event_before_the_card_was_face_up():
    _, result, data = rule_of(JACKIE_FIRST_TIME.replace("  - play: Jacked-In Voodoo Boy\n",
                                                        "  - play: Jacked-In Voodoo Boy\n  - call: jackie\n") % "false")
    assert all(o.allowed for o in result.outcomes) and not data["verdict"]["awaiting"]
    assert not any(s["kind"] == "trigger" and "jackie" in s["cards"] for s in data["steps"])


def test_the_first_time_each_turn_triggers_on_the_turns_first_event():
    _, _, data = rule_of(JACKIE_FIRST_TIME.replace('  - play: "Delamain: Rideshare AI"\n', "") % "true")
    assert "Pour One Out For Me" in data["verdict"]["awaiting"]


def test_the_first_time_each_turn_counts_the_cards_own_defeat():
    _, result, _ = rule_of("""
    scenario: t
    players:
      alice: {field: [{card: "Yorinobu Arasaka: Steel Dragon", label: y}, Augmented Negotiators], deck: 2}
      bob: {}
    actions: [{defeat: y, by: bob}, {defeat: Augmented Negotiators, by: bob}]
    """)
    assert len(result.final.players["alice"].hand) == 1


VIKTOR = """
scenario: t
players:
  alice:
    hand: [{card: "Viktor Vektor: You Might Feel a Little Pinch", label: viktor}]
    eddies: 3
    field: [{card: Psycho Squad, label: squad}]
    trash: [{card: Tetratronic Rippler, label: rippler}]
  bob: {}
actions:
  - play: viktor
"""


def test_declining_a_trigger_that_has_no_you_may_is_refused_by_the_must_resolve_rule():
    _, result, _ = rule_of(VIKTOR + "    may: {viktor: false}\n")
    [outcome] = result.outcomes
    assert not outcome.allowed and "golden.must-resolve" in outcome.refusal.cites
    assert result.final.players["alice"].hand == ["viktor"]


def test_a_mandatory_trigger_waits_for_its_choice_with_declining_not_among_the_options():
    two_gear = VIKTOR.replace("trash: [{card: Tetratronic Rippler, label: rippler}]",
                              "trash: [{card: Tetratronic Rippler, label: rippler}, {card: Mantis Blades, label: blades}]")
    _, result, _ = rule_of(two_gear)
    [waiting] = [s for s in result.outcomes[0].steps if s.kind == "await"]
    assert (waiting.player, waiting.options, waiting.can_decline) == ("alice", ("rippler", "blades"), False)


def test_an_optional_trigger_scripted_false_is_still_declined():
    text = VIKTOR.replace("  bob: {}", "  bob: {}\ncards:\n  - {name: Test Scavenger, type: Unit, cost: 0, power: 1, "
                          "effects: [{when: play, optional: true, do: [{trash: 1}]}]}")
    _, result, _ = rule_of(text.replace("hand: [", "hand: [Test Scavenger, ").replace("play: viktor",
                                                                                      "play: Test Scavenger")
                           + "    may: {Test Scavenger: false}\n")
    assert result.outcomes[0].allowed and "golden.you-may" in cited_ids(result)


def test_10_12_pending_effects_are_called_copies_only_when_they_are_one_effect():
    """Two different effects of one card that do the same thing are "effects that do the same thing", not "copies
    of the same effect" (scenarios/review/363); one effect pending twice is copies of it (review/360)."""
    from pathlib import Path

    from judgekit.ruling import run_scenario
    from judgekit.rules.book import load_rulebook
    from judgekit.scenario.build import build_file

    review = Path(__file__).resolve().parents[1] / "scenarios" / "review"

    def said(name: str) -> list[str]:
        result = run_scenario(build_file(next(review.glob(f"{name}-*.yaml")), load_rulebook()))
        return [step.text for outcome in result.outcomes for step in outcome.steps if "pending" in step.text]

    mixed, same = said("363"), said("360")
    assert not any("copies of the same effect" in text for text in mixed)
    assert any("3 pending effects that do the same thing" in text for text in mixed)
    assert any("2 pending effects that do the same thing" in text for text in mixed)
    assert any("2 pending copies of the same effect" in text for text in same)
