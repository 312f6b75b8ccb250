"""Conditions (10.3, 10.15.1), Street Cred (11.2) and Null (2.10.2)."""
from __future__ import annotations

from judgekit.engine import conditions, gigs
from judgekit.engine.conditions import COUNTS, check
from judgekit.engine.state import GameState, Gig, Player
from judgekit.scenario.model.instructions import COUNT_NAMES
from tests.conftest import cited_ids, rule_of, scenario

BOARD = """
scenario: t
players:
  alice:
    gigs: {gigs}
  bob: {}
"""


def state_with(gigs: str):
    return scenario(BOARD.replace("{gigs}", gigs)).state


def test_11_2_1_street_cred_is_the_sum_of_gig_values():
    assert conditions.street_cred(state_with("[d6=4, d8=3]"), "alice") == 7


def test_11_2_3_no_gigs_is_null_street_cred_not_zero():
    assert conditions.street_cred(state_with("[]"), "alice") is None


def test_2_10_2_null_is_neither_even_nor_odd_nor_at_least_zero():
    state = state_with("[]")
    for condition in ({"street_cred": "even"}, {"street_cred": "odd"}, {"street_cred_at_least": 0}):
        holds, why, rules = conditions.check(state, condition, "x", "alice")
        assert not holds and "Null" in why and "golden.null-not-a-number" in rules


def test_even_street_cred_holds():
    assert conditions.check(state_with("[d6=4, d8=2]"), {"street_cred": "even"}, "x", "alice")[0]


def test_10_3_a_condition_false_when_the_event_happens_does_not_trigger():
    text = """
    scenario: t
    cards:
      - name: Test Scout
        type: Unit
        cost: 0
        power: 1
        effects:
          - {when: play, if: [{gigs_at_least: 1}], do: [{draw: 1}], text: "if you have a Gig, draw 1"}
    players:
      alice:
        hand: [Test Scout]
        deck: 2
      bob: {}
    actions:
      - play: Test Scout
    """
    _, result, data = rule_of(text)
    assert result.final.players["alice"].hand == []
    assert {"effects.conditions", "effects.condition-false"} <= cited_ids(result)
    assert not any(s["kind"] == "trigger" for s in data["steps"])


def test_10_15_1_a_condition_true_when_triggered_but_false_on_resolution_does_nothing():
    text = """
    scenario: t
    cards:
      - name: Test Scout
        type: Unit
        cost: 0
        power: 1
        effects:
          - {when: play, do: [{move: {card: this, to: hand}}], text: "return this to your hand"}
          - {when: play, if: [{source_in: field}], do: [{draw: 1}], text: "while this is in the field, draw 1"}
    players:
      alice:
        hand: [Test Scout]
        deck: 2
      bob: {}
    actions:
      - play: Test Scout
        order: ["Test Scout (play)"]
    """
    _, result, _ = rule_of(text)
    assert result.final.players["alice"].hand == ["Test Scout"]
    assert {"effects.condition-checked-on-resolve", "effects.condition-false"} <= cited_ids(result)


def test_10_10_1_last_known_power_of_a_source_that_left():
    text = """
    scenario: t
    cards:
      - name: Test Martyr
        type: Unit
        cost: 0
        power: 3
        effects:
          - {when: defeated, if: [{source_power_at_least: 5}], do: [{draw: 1}]}
    players:
      alice:
        field: [{card: Test Martyr, gear: [Mantis Blades]}]
        deck: 2
      bob: {}
    actions:
      - {defeat: Test Martyr, by: alice}
    """
    _, result, _ = rule_of(text)
    assert len(result.final.players["alice"].hand) == 1
    assert "effects.last-known-information" in cited_ids(result)


def test_5_11_4_2_null_street_cred_is_below_any_number_and_not_more_than_null():
    def state(alice_gigs, bob_gigs):
        return GameState(players={"alice": Player("alice", gigs=alice_gigs), "bob": Player("bob", gigs=bob_gigs)},
                         cards={}, turn="alice")
    assert check(state([], [("d4", 1)]), {"street_cred_vs_rival": "less"}, "", "alice")[0]
    assert not check(state([], []), {"street_cred_vs_rival": "less"}, "", "alice")[0]
    assert not check(state([], []), {"street_cred_vs_rival": "more"}, "", "alice")[0]
    holds, _, rules = check(state([("d4", 1)], []), {"street_cred_vs_rival": "more"}, "", "alice")
    assert holds and "friendly-gig-area.null-below-zero" in rules
    assert not check(state([], [("d20", 20)]), {"street_cred_differs_by_at_least": 10}, "", "alice")[0]


def test_not_less_street_cred_holds_when_equal_or_more_and_null_is_below_a_number():
    def state(alice_gigs, bob_gigs):
        return GameState(players={"alice": Player("alice", gigs=alice_gigs), "bob": Player("bob", gigs=bob_gigs)},
                         cards={}, turn="alice")
    holds, why, _ = check(state([("d6", 5)], [("d8", 5)]), {"street_cred_vs_rival": "not-less"}, "", "alice")
    assert holds and "does not have less" in why
    assert check(state([], []), {"street_cred_vs_rival": "not-less"}, "", "alice")[0]
    holds, why, _ = check(state([], [("d4", 1)]), {"street_cred_vs_rival": "not-less"}, "", "alice")
    assert not holds and "alice has less" in why


def test_counts_match_the_names_the_scenario_format_allows():
    assert tuple(COUNTS) == COUNT_NAMES


LEGENDS = """
scenario: t
players:
  alice:
    field: [{card: "Goro Takemura: Hands Unclean", label: goro}, Ruthless Lowlife]
    legends:
      - {card: "V: Streetkid", face_up: true}
      - {card: "Jackie Welles: Mama's Favorite", face_up: false}
  bob:
    field: ["V: Corporate Exile"]
"""


def test_4_2_1_a_legend_in_the_field_counts_as_a_friendly_face_up_legend():
    state = scenario(LEGENDS).state
    assert conditions.count(state, "friendly-face-up-legends", "alice", "x") == 2
    assert conditions.count_rules(state, "friendly-face-up-legends", "alice") == ("card-types.legend-on-field-is-unit",)
    assert conditions.count(state, "friendly-face-up-legends", "bob", "x") == 1


def test_4_2_1_face_up_legends_in_the_legends_area_alone_cite_no_field_rule():
    state = scenario(LEGENDS.replace('{card: "Goro Takemura: Hands Unclean", label: goro}, ', "")).state
    assert conditions.count(state, "friendly-face-up-legends", "alice", "x") == 1
    assert conditions.count_rules(state, "friendly-face-up-legends", "alice") == ()


def test_6_7_3_a_steal_triggers_if_clause_reads_the_stolen_gig_where_it_went():
    state = state_with("[d6=4, d8=5]")
    resolving = {"refs": {"stolen": gigs.place(state.players["alice"].gigs[1])}}
    assert conditions.stolen_gig(state, resolving) == "d8=5"
    holds, why, _ = check(state, {"stolen_value": "odd"}, "x", "alice", resolving)
    assert holds and "shows 5" in why
    assert not check(state, {"stolen_value": "even"}, "x", "alice", resolving)[0]


def test_6_6_a_stolen_gig_is_followed_as_a_die_not_as_a_place():
    state = state_with("[d6=4, d8=5]")
    kept = gigs.place(state.players["alice"].gigs[1])
    moved = state.players["alice"].gigs.pop(1)
    state.players["alice"].gigs.insert(0, Gig("d8", 2))
    state.players["bob"].gigs.append(moved.showing(7))
    assert gigs.at_place(state, kept) == ("bob", "d8", 7)
    assert conditions.stolen_gig(state, {"stolen": "d8=5", "refs": {"stolen": kept}}) == "d8=7"


def test_6_7_3_a_stolen_gig_no_longer_there_is_read_as_it_was_stolen():
    state = state_with("[d6=4]")
    assert conditions.stolen_gig(state, {"stolen": "d8=5", "refs": {"stolen": gigs.place(Gig("d8", 5))}}) == "d8=5"
    assert conditions.stolen_gig(state, {"stolen": "d6=2"}) == "d6=2"
    assert conditions.stolen_gig(state, None) == ""
