"""Power that counts only while fighting (engine/fighting.py): Synapse Burnout."""
from __future__ import annotations

from tests.conftest import rule_of


def test_fight_only_power_never_changes_how_many_gigs_are_stolen():
    _, result, _ = rule_of("""
    scenario: t
    cards:
      - {name: Bruiser, type: Unit, cost: 1, power: 9}
    players:
      alice:
        field: [Bruiser]
        hand: [Synapse Burnout]
        legends: [{card: "V: Streetkid", face_up: true}]
        eddies: 1
      bob: {gigs: [d6=2, d8=3]}
    actions:
      - {play: Synapse Burnout, targets: [Bruiser]}
      - {attack: Bruiser, target: gig-area, react: [], steal: [d6]}
    """)
    assert [o.allowed for o in result.outcomes] == [True, True]
    assert result.final.players["alice"].gigs == [("d6", 2)]


def test_3_17_2_the_fight_step_gives_each_part_of_a_power_that_is_not_only_printed():
    """3.17.2: power is printed power plus what changes it: the Gear's (3.17.3.1), and here a fight-only bonus
    (Synapse Burnout, 1 per face-up Legend); a power that is only printed is told alone."""
    _, _, data = rule_of("""
    scenario: t
    cards:
      - {name: Bruiser, type: Unit, cost: 1, power: 3}
      - {name: Weakling, type: Unit, cost: 1, power: 1}
    players:
      alice:
        field: [{card: Bruiser, gear: [Mantis Blades]}]
        hand: [Synapse Burnout]
        legends: [{card: "V: Streetkid", face_up: true}]
        eddies: 1
      bob:
        field: [{card: Weakling, spent: true}]
        gigs: [d6=2]
    actions:
      - {play: Synapse Burnout, targets: [Bruiser]}
      - {attack: Bruiser, target: Weakling, react: []}
    """)
    [fight] = [s["text"] for s in data["steps"] if s["text"].startswith("Fight Step:")]
    assert "Bruiser (power 6: 3 printed, +2 Mantis Blades, +1 while fighting (Synapse Burnout)) fights Weakling (power 1)" in fight


def test_3_17_2_the_parts_a_fight_step_names_add_up_to_the_power_of_every_card_in_every_shipped_ruling(shipped_runs):
    """`persistent.power_parts` explains `persistent.power_of`: on every shipped board as it ends, for every card in
    play, its parts add up to its power (3.17.2), so a Fight Step's breakdown never drifts from the power compared."""
    from judgekit.engine import persistent
    checked = 0
    for _, _, result in shipped_runs:
        state = result.final
        for label in state.cards:
            if state.in_play(label) and (power := persistent.power_of(state, label)) is not None:
                assert sum(amount for amount, _ in persistent.power_parts(state, label)) == power, label
                checked += 1
    assert checked > 1000
