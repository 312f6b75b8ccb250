"""Instructions as game actions (CR 11): Trash, Flip, Reveal, Sell, Move Gear."""
from __future__ import annotations

from tests.conftest import cited_ids, rule_of

PROGRAM = """
scenario: t
cards:
  - name: Test Trick
    type: Program
    cost: 0
    effects:
      - when: resolve
        do: [{do}]
players:
  alice:
    hand: [Test Trick]
    legends: [{card: "V: Streetkid", label: v}]
    field: [{card: Ruthless Lowlife, gear: [{card: Mantis Blades, label: blades}]}, {card: Corpo Security, label: guard}]
    deck: [Delamain, {card: Mantis Blades, label: deck-blades}, {card: Corpo Security, label: deck-guard}]
  bob: {}
actions:
  - {play: Test Trick{extra}}
"""


def run(do: str, extra: str = ""):
    return rule_of(PROGRAM.replace("{do}", do).replace("{extra}", extra))


def test_11_10_flipping_a_legend_face_up_is_not_calling_it():
    _, result, _ = run("{flip: v}")
    state = result.final
    assert state.cards["v"].face_up
    assert not state.players["alice"].called_legend_this_turn
    assert "flip.definition" in cited_ids(result)


def test_11_6_6_moving_gear_to_another_host():
    _, result, _ = run("{move_gear: {gear: blades, to: guard}}")
    assert result.final.cards["blades"].equipped_to == "guard"
    assert "equip.move" in cited_ids(result)


def test_11_14_2_a_revealed_card_stays_where_it_is():
    _, result, _ = run("{reveal: guard}")
    assert result.final.locate("guard") == ("alice", "field")
    assert "reveal.stays-in-area" in cited_ids(result)


IF_YOU_DO = """
scenario: t
cards:
  - name: Trade
    type: Program
    cost: 0
    effects:
      - when: resolve
        do: [{{if_you_do: {{may: {may}, do: [{{discard: {{count: 1, kind: Program}}}}], then: [{{draw: 2}}],
                            otherwise: [{{draw: 1}}]}}}}]
players:
  alice:
    hand: [Trade, {hand}]
    deck: [Mantis Blades, Mantis Blades, Mantis Blades]
  bob: {{}}
actions:
  - play: Trade
{script}
"""


def test_if_you_do_follows_only_when_the_first_part_was_done_in_full():
    _, done, _ = rule_of(IF_YOU_DO.format(may="true", hand="Floor It", script="    may: {Trade: true}\n    targets: [Floor It]"))
    assert len(done.final.players["alice"].hand) == 2 and done.final.players["alice"].trash[-1] == "Floor It"
    _, short, _ = rule_of(IF_YOU_DO.format(may="false", hand="Psycho Squad", script=""))
    assert len(short.final.players["alice"].hand) == 2 and "Psycho Squad" in short.final.players["alice"].hand


def test_declining_a_you_may_part_takes_the_otherwise_branch():
    _, declined, _ = rule_of(IF_YOU_DO.format(may="true", hand="Floor It", script="    may: {Trade: false}"))
    assert len(declined.final.players["alice"].hand) == 2 and "Floor It" in declined.final.players["alice"].hand


def test_an_unscripted_you_may_part_waits():
    _, _, data = rule_of(IF_YOU_DO.format(may="true", hand="Floor It", script=""))
    assert "may do part of Trade's effect" in data["verdict"]["awaiting"]


def test_4_4_1_an_effect_can_defeat_a_legend_in_the_legends_area_and_it_is_removed():
    _, result, _ = rule_of("""
    scenario: t
    players:
      alice: {}
      bob:
        legends: [{card: "V: Streetkid", label: v, face_up: true, gear: [Mantis Blades]}]
    actions: [{defeat: v}]
    """)
    assert result.outcomes[0].allowed
    assert result.final.locate("v") == ("bob", "removed")
    assert result.final.locate("Mantis Blades") == ("bob", "trash")
    assert "legends.invalid-area-removed" in cited_ids(result)


def test_a_card_in_the_hand_cannot_be_defeated():
    _, result, _ = rule_of("""
    scenario: t
    players:
      alice: {}
      bob: {hand: [Corpo Security]}
    actions: [{defeat: Corpo Security}]
    """)
    assert not result.outcomes[0].allowed


def test_discard_all_or_nothing_discards_none_when_too_few():
    _, result, _ = rule_of("""
    scenario: t
    players:
      alice: {hand: ["Maman Brigitte: Spirit of Death", Floor It], eddies: 5}
      bob: {field: [Corpo Security]}
    actions: [{play: "Maman Brigitte: Spirit of Death", may: {"Maman Brigitte: Spirit of Death": true}}]
    """)
    assert result.final.locate("Floor It") == ("alice", "hand")
    assert result.final.locate("Corpo Security") == ("bob", "field")


def test_10_6_2_defeating_a_card_no_longer_in_play_leaves_that_part_undone():
    _, result, data = rule_of("""
    scenario: t
    cards:
      - name: Test Overkill
        type: Program
        cost: 0
        effects:
          - {when: resolve, targets: [{kind: Unit, side: rival}], do: [{defeat: target}, {defeat: target}, {draw: 1}]}
    players:
      alice: {hand: [Test Overkill], deck: 1}
      bob: {field: [Psycho Squad]}
    actions:
      - {play: Test Overkill, targets: [Psycho Squad]}
    """)
    assert result.outcomes[0].allowed and result.final.locate("Psycho Squad")[1] == "trash"
    assert len(result.final.players["alice"].hand) == 1
    assert any("no longer in play" in s["text"] for s in data["steps"])
