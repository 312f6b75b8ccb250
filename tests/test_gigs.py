"""Gigs, CR 6: adjusting (6.4), value-pairs (6.5) and swaps (6.6)."""
from __future__ import annotations

from pathlib import Path

import pytest

from judgekit.engine.gigs import value_pairs
from judgekit.scenario.yaml_lines import InputError
from tests.conftest import cited_ids, rule_of

BOARD = """
scenario: t
players:
  alice: {{gigs: [d6=3, d6=5, d20=20]}}
  bob: {{gigs: [d4=4]}}
actions:
  - {action}
"""


def run(action: str):
    _, result, _ = rule_of(BOARD.format(action=action))
    return result


def test_6_5_1_each_gig_is_in_at_most_one_value_pair():
    assert value_pairs([("d4", 3), ("d6", 3), ("d8", 3)]) == 1
    assert value_pairs([("d4", 3), ("d6", 3), ("d8", 3), ("d10", 3)]) == 2
    assert value_pairs([("d4", 1), ("d6", 2)]) == 0


@pytest.mark.parametrize("action, gigs, rule", [
    ("{adjust: {gig: d6=3, decrease: 2}}", [("d6", 1), ("d6", 5), ("d20", 20)], "gigs.decrease"),
    ("{adjust: {gig: d6=5, set: 2}}", [("d6", 3), ("d6", 2), ("d20", 20)], "gigs.set"),
    ("{adjust: {gig: d20, to: max}}", [("d6", 3), ("d6", 5), ("d20", 20)], "gigs.adjust-not-to-current-value"),
    ("{adjust: {gig: d6=3, decrease: 3}}", [("d6", 3), ("d6", 5), ("d20", 20)], "gigs.adjust-only-to-face-values"),
    ("{adjust: {gig: d4, of: bob, to: min}}", [("d6", 3), ("d6", 5), ("d20", 20)], "gigs.min-gig"),
])
def test_6_4_adjustments_and_their_failures(action, gigs, rule):
    result = run(action)
    assert result.outcomes[0].allowed
    assert result.final.players["alice"].gigs == gigs
    assert rule in cited_ids(result)


def test_6_4_a_gig_that_two_dice_could_be_must_be_named_by_value_or_is_found_first():
    result = run("{adjust: {gig: d6, increase: 1}}")
    assert result.final.players["alice"].gigs[0] == ("d6", 4)


def test_a_gig_that_is_not_there_is_an_input_error_with_what_is_there():
    with pytest.raises(InputError) as error:
        run("{adjust: {gig: d8, increase: 1}}")
    assert "d6=3, d6=5, d20=20" in str(error.value)


def test_6_6_swap_keeps_values_and_is_not_a_steal():
    result = run("{swap: {mine: d20, theirs: d4}}")
    assert result.final.players["alice"].gigs == [("d6", 3), ("d6", 5), ("d4", 4)]
    assert result.final.players["bob"].gigs == [("d20", 20)]
    assert "gigs.swap-not-steal" in cited_ids(result) and "gigs.steal" not in cited_ids(result)


def test_an_adjustment_needs_exactly_one_way():
    with pytest.raises(InputError) as error:
        run("{adjust: {gig: d6, increase: 1, set: 2}}")
    assert "exactly one of increase, decrease, set, to" in str(error.value)


CHOSEN = """
scenario: t
cards:
  - name: Nudge
    type: Program
    cost: 0
    effects:
      - {{when: resolve, do: [{{adjust: {{gig: choose, of: any, by: 2, up_to: {up_to}}}}}]}}
players:
  alice: {{hand: [Nudge], gigs: [d6=3]}}
  bob: {{gigs: [d12=7]}}
actions:
  - {{play: Nudge, gigs: ["{gig}"], numbers: [{n}]}}
"""


@pytest.mark.parametrize("gig, n, up_to, alice, bob", [
    ("bob:d12", -2, "false", [("d6", 3)], [("d12", 5)]),
    ("d6", 1, "true", [("d6", 4)], [("d12", 7)]),
])
def test_6_4_adjust_by_goes_either_way_on_a_gig_of_either_player(gig, n, up_to, alice, bob):
    _, result, _ = rule_of(CHOSEN.format(gig=gig, n=n, up_to=up_to))
    assert result.final.players["alice"].gigs == alice and result.final.players["bob"].gigs == bob


def test_6_4_adjust_by_exactly_n_refuses_a_smaller_amount_as_a_scripting_error():
    with pytest.raises(InputError) as error:
        rule_of(CHOSEN.format(gig="d6", n=1, up_to="false"))
    assert "allows 2 or -2" in str(error.value)


@pytest.mark.parametrize("n", [3, -3])
def test_2_8_adjust_by_up_to_n_refuses_more_than_n_either_way(n):
    _, result, _ = rule_of(CHOSEN.format(gig="d6", n=n, up_to="true"))
    [outcome] = result.outcomes
    assert not outcome.allowed and outcome.refusal.cites == ("golden.up-to",)


TUNER = """
scenario: t
cards:
  - {name: Test Tuner, type: Unit, cost: 1, power: 1,
     effects: [{when: adjusts-gig, do: [{draw: 1}], text: "when you adjust a Gig, draw 1"}]}
players:
  alice: {field: [Test Tuner], deck: 2, gigs: [d6=3]}
  bob: {}
actions:
  - {adjust: {gig: d6, %s}}
"""


def test_6_4_adjusting_a_gig_triggers_when_you_adjust_a_gig():
    _, result, _ = rule_of(TUNER % "increase: 2")
    assert len(result.final.players["alice"].hand) == 1


def test_6_4_an_adjustment_that_fails_is_not_adjusting():
    _, result, _ = rule_of(TUNER % "set: 3")
    assert result.final.players["alice"].hand == []


SEVERAL = """
scenario: t
cards:
  - {{name: Test Tuner, type: Unit, cost: 1, power: 1,
     effects: [{{when: adjusts-gig, do: [{{draw: 1}}], text: "when you adjust a Gig, draw 1"}}]}}
  - {{name: Test Watcher, type: Unit, cost: 1, power: 1,
     effects: [{{when: rival-adjusts-gig, do: [{{draw: 1}}], text: "when a Rival adjusts your Gigs, draw 1"}}]}}
  - {{name: Test Nudge, type: Program, cost: 0, effects: [{{when: resolve, do: {do}}}]}}
players:
  alice: {{hand: [Test Nudge], field: [Test Tuner], deck: 5, gigs: [d4=3]}}
  bob: {{field: [Test Watcher], deck: 5, gigs: {bob}}}
actions:
  - {{play: Test Nudge}}
"""


def _drawn(result, player: str) -> int:
    return len(result.final.players[player].hand)


def test_6_4_one_adjustment_of_several_gigs_is_one_event_for_each_watcher():
    _, result, _ = rule_of(SEVERAL.format(do="[{adjust: {gig: [d6, d8], increase: 1, of: rival}}]",
                                          bob="[d6=2, d8=5]"))
    assert result.final.players["bob"].gigs == [("d6", 3), ("d8", 6)]
    assert _drawn(result, "alice") == 1 and _drawn(result, "bob") == 1


def test_6_4_two_adjust_instructions_are_two_events():
    _, result, _ = rule_of(SEVERAL.format(do="[{adjust: {gig: d6, increase: 1, of: rival}}, "
                                             "{adjust: {gig: d8, increase: 1, of: rival}}]", bob="[d6=2, d8=5]"))
    assert _drawn(result, "alice") == 2 and _drawn(result, "bob") == 2


def test_6_4_gigs_adjusted_together_are_all_picked_before_any_changes():
    _, result, _ = rule_of(SEVERAL.format(do="[{adjust: {gig: [d6=1, d6=2], increase: 1, of: rival}}]",
                                          bob="[d6=1, d6=2]"))
    assert result.final.players["bob"].gigs == [("d6", 2), ("d6", 3)]


def test_6_4_a_gig_that_fails_to_change_is_left_out_of_the_event_and_none_changing_is_no_event():
    _, partly, _ = rule_of(SEVERAL.format(do="[{adjust: {gig: [d6, d8], increase: 1, of: rival}}]",
                                          bob="[d6=6, d8=5]"))
    assert partly.final.players["bob"].gigs == [("d6", 6), ("d8", 6)]
    assert _drawn(partly, "alice") == 1 and _drawn(partly, "bob") == 1
    _, none, _ = rule_of(SEVERAL.format(do="[{adjust: {gig: [d6, d8], to: max, of: rival}}]", bob="[d6=6, d8=8]"))
    assert _drawn(none, "alice") == 0 and _drawn(none, "bob") == 0


def test_6_4_adjusting_your_own_gigs_together_is_not_a_rival_adjusting_them():
    _, result, _ = rule_of(SEVERAL.format(do="[{adjust: {gig: [d4, d6], increase: 1, of: any}}]",
                                          bob="[d6=2]").replace("gigs: [d4=3]", "gigs: [d4=3, d6=2]"))
    assert result.final.players["alice"].gigs == [("d4", 4), ("d6", 3)]
    assert _drawn(result, "alice") == 1 and _drawn(result, "bob") == 0


def test_6_6_a_swap_triggers_the_rivals_swap_watcher_once_and_no_adjust_watcher():
    text = SEVERAL.format(do="[{swap: true}]", bob="[d8=5]").replace(
        "rival-adjusts-gig, do", "rival-swaps-gig, do").replace("{play: Test Nudge}", "{play: Test Nudge, gigs: [d4, d8]}")
    _, result, _ = rule_of(text)
    assert result.final.players["alice"].gigs == [("d8", 5)] and result.final.players["bob"].gigs == [("d4", 3)]
    assert _drawn(result, "alice") == 0 and _drawn(result, "bob") == 1


def test_a_list_of_gigs_to_adjust_names_at_least_one():
    with pytest.raises(InputError) as error:
        rule_of(SEVERAL.format(do="[{adjust: {gig: [], increase: 1}}]", bob="[d6=2]"))
    assert "at least one Gig" in str(error.value)


def test_6_4_a_change_by_0_says_it_is_no_adjustment():
    from tests.conftest import rule_of as _rule_of
    _, result, _ = _rule_of((Path(__file__).parents[1] / "scenarios/gigs/6.4-adjusting-by-0-is-no-adjustment-and-says-why.yaml").read_text(
        encoding="utf-8"))
    [step] = [s for s in result.outcomes[0].steps if "changed by 0" in s.text]
    assert "gigs.adjust" in step.cites and not result.final.players["alice"].hand


def test_the_choice_of_an_amount_that_could_go_past_the_faces_shows_no_number_of_another_edition():
    """6.4.4 is an inferred number in the user's edition: a waiting choice's words name no bare rule number (the
    step cites the rule, numbered as the edition numbers it), only what would happen."""
    _, _, data = rule_of("scenario: t\nplayers:\n  alice: {hand: [Industrial Assembly], eddies: 1, deck: 3, "
                         "gigs: [d6=3]}\n  bob: {}\nactions:\n  - {play: Industrial Assembly, gigs: [d6=3]}\n")
    waiting = data["verdict"]["awaiting"]
    assert "past 6, its highest face" in waiting and "6.4.4" not in waiting
    [step] = [s for s in data["steps"] if s["kind"] == "await"]
    assert ("6.4.4", False) in [(c["number"], c["confirmed"]) for c in step["cites"]]
