"""Stealing, CR 6.7: the actor, the choice of Gigs, the move, and the triggers (9.23)."""
from __future__ import annotations

import pytest

from judgekit.scenario.yaml_lines import InputError
from tests.conftest import cited_ids, rule_of

BOARD = """
scenario: t
cards:
  - name: Thief
    type: Program
    cost: 0
    effects:
      - when: resolve
        targets: [{{kind: Unit, side: friendly}}]
        do: [{{steal: {{count: {count}, actor: target}}}}]
  - name: Counter
    type: Unit
    cost: 0
    power: 1
    effects:
      - {{when: steals, do: [{{draw: 1}}]}}
      - {{when: steals-gigs, do: [{{draw: 1}}]}}
players:
  alice:
    hand: [Thief]
    field: [Counter]
    deck: [Psycho Squad, Psycho Squad, Psycho Squad, Psycho Squad]
  bob: {{gigs: [{bob_gigs}]}}
actions:
  - play: Thief
    targets: [Counter]
{extra}
"""


def run(count=1, bob_gigs="d6=2, d8=7", extra="    gigs: [d8]"):
    return rule_of(BOARD.format(count=count, bob_gigs=bob_gigs, extra=extra))


def test_6_7_1_2_an_effect_names_the_actor_and_its_steal_triggers_fire():
    _, result, data = run()
    assert result.final.players["alice"].gigs == [("d8", 7)]
    assert result.final.players["bob"].gigs == [("d6", 2)]
    assert {"gigs.steal-actor.card-named", "gigs.steal-steps.take-control"} <= cited_ids(result)
    # once for the stolen Gig ("steals"), once for the steal as a whole ("steals-gigs")
    assert len(result.final.players["alice"].hand) == 2
    assert result.final.happened_this_turn("stole", "alice", "Counter")


def test_6_7_2_2_1_several_gigs_are_chosen_then_moved_together_each_counting():
    _, result, _ = run(count=2, bob_gigs="d6=2, d8=7, d4=1", extra="    gigs: [d8, d4]")
    assert sorted(result.final.players["alice"].gigs) == [("d4", 1), ("d8", 7)]
    assert len(result.final.players["alice"].hand) == 3  # two "steals" and one "steals-gigs"


def test_an_unscripted_choice_of_gigs_waits_and_lists_them():
    _, result, data = run(extra="")
    assert "alice must choose 1 of bob's Gigs" in data["verdict"]["awaiting"]
    assert "d6=2, d8=7" in data["verdict"]["awaiting"]
    assert result.final.players["bob"].gigs == [("d6", 2), ("d8", 7)]


def test_taking_every_gig_there_is_needs_no_choice():
    _, result, _ = run(count=3, extra="")
    assert sorted(result.final.players["alice"].gigs) == [("d6", 2), ("d8", 7)]


def test_6_7_a_rival_with_no_gigs_has_nothing_to_steal():
    _, result, data = run(bob_gigs="", extra="")
    assert result.final.players["alice"].gigs == []
    assert "effect-choices.no-legal-choice" in cited_ids(result)


def test_6_7_1_2_steals_fewer_applies_to_a_steal_an_effect_makes_the_unit_do():
    damper = """
  - name: Damper
    type: Program
    cost: 0
    effects:
      - when: resolve
        targets: [{{kind: Unit, side: friendly}}]
        do: [{{give: {{card: target, steals: -1}}}}]
players:"""
    text = BOARD.replace("\nplayers:", damper, 1).replace("hand: [Thief]", "hand: [Damper, Thief]")
    text = text.replace("actions:\n", "actions:\n  - play: Damper\n    targets: [Counter]\n", 1)
    _, result, data = rule_of(text.format(count=1, bob_gigs="d6=2, d8=7", extra=""))
    assert not data["verdict"].get("awaiting")  # steals 0: no Gig to choose
    assert result.final.players["alice"].gigs == []
    assert result.final.players["bob"].gigs == [("d6", 2), ("d8", 7)]
    assert len(result.final.players["alice"].hand) == 0  # nothing stolen: no steal trigger fires
    assert "golden.card-beats-rules" in cited_ids(result)


def test_9_23_2_naming_more_gigs_than_are_stolen_is_refused_with_the_rule():
    """Psycho Squad (power 6) steals 1 Gig (9.23.2.2): asking to take two is a rules question, answered with a
    refusal that cites how the count is set, not an input error."""
    _, result, _ = rule_of("""
    scenario: t
    players:
      alice: {field: [Psycho Squad]}
      bob: {gigs: [d6=6, d8=8, d4=1]}
    actions:
      - {attack: Psycho Squad, target: gig-area, react: [], steal: [d6, d8]}
    """)
    refusal = result.outcomes[0].refusal
    assert refusal.text.startswith("alice can take only 1 Gig here, not 2")
    assert {"steal.count-from-power", "steal.formula"} <= set(refusal.cites)


def test_9_23_3_2_a_gig_named_twice_is_an_input_error_saying_so():
    with pytest.raises(InputError, match="names d8 twice: each Gig is chosen once"):
        run(count=2, bob_gigs="d6=2, d8=7, d4=1", extra="    gigs: [d8, d8]")
