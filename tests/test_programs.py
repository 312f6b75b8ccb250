"""Programs (4.13-4.14.2): paid, outside every area while resolving, then into the trash."""
from __future__ import annotations

from tests.conftest import cited_ids, rule_of

PROGRAM = """
scenario: t
cards:
  - name: Peek
    type: Program
    cost: 1
    effects:
      - when: resolve
        do: [{draw: 1}]
      - when: enters trash
        text: when this enters the trash, draw a card
        do: [{draw: 1}]
players:
  alice:
    hand: [Peek]
    deck: [Delamain, Corpo Security]
    eddies: 1
  bob: {}
actions:
  - play: Peek
"""


def test_4_14_program_resolves_then_enters_trash_and_its_trash_trigger_follows():
    _, result, data = rule_of(PROGRAM)
    alice = result.final.players["alice"]
    assert alice.trash == ["Peek"]
    assert alice.hand == ["Delamain", "Corpo Security"]
    assert result.final.resolving == []
    assert {"programs.outside-areas-while-resolving", "programs.one-time", "programs.play"} <= cited_ids(result)
    kinds = [s["kind"] for s in data["steps"]]
    assert kinds.index("resolve") < kinds.index("trigger")


def test_program_that_cannot_be_paid_stays_in_hand():
    _, result, _ = rule_of(PROGRAM.replace("eddies: 1", "eddies: 0"))
    assert not result.outcomes[0].allowed
    assert result.final.players["alice"].hand == ["Peek"]


RERUN = """
scenario: t
cards:
  - name: Rerun
    type: Program
    cost: 0
    effects:
      - when: resolve
        targets: [{{kind: {kind}, side: friendly, area: hand-or-trash}}]
        do: [{{play_free: {{card: target}}}}, {{draw: 1}}]
players:
  alice: {{hand: [Rerun], trash: [{card}], deck: [Psycho Squad]}}
  bob: {{}}
actions:
  - {{play: Rerun, targets: [{card}]}}
"""


def test_11_4_2_an_effect_that_plays_a_card_for_free_can_play_it_from_the_trash_at_once():
    _, result, _ = rule_of(RERUN.format(kind="Unit", card="Octant"))
    assert result.final.players["alice"].field == ["Octant"] and result.final.cards["Octant"].lag
    assert {"pay.for-free", "play.by-effect-normal-rules", "play.from-hand"} <= cited_ids(result)
    assert result.final.happened_this_turn("played", "alice", "Octant")


def test_11_11_4_1_a_free_play_that_breaks_another_rule_does_nothing_but_the_rest_resolves():
    _, result, data = rule_of(RERUN.format(kind="Gear", card="Mantis Blades"))
    assert result.final.players["alice"].trash[-1] == "Mantis Blades"
    assert result.final.players["alice"].hand == ["Psycho Squad"]
    assert any("would play Mantis Blades for free, but it can't" in s["text"] for s in data["steps"])
