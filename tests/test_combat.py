"""Attack, fight and steal (4.8, 9): declaring, the React Step, the fight, the steal, awaited choices."""
from __future__ import annotations

import pytest

from judgekit.engine.combat import steal_count
from judgekit.scenario.yaml_lines import InputError
from tests.conftest import cited_ids, rule_of

BOARD = """
scenario: t
players:
  alice:
    field:
      - {{card: Maelstrom Goons, label: goons{goons}}}
  bob:
    field: [{{card: Corpo Security, label: guard{guard}}}]
    gigs: {gigs}
actions:
  - {{attack: goons, target: {target}}}
"""


def attack(target="guard", goons="", guard=", spent: true", gigs="[]"):
    _, result, _ = rule_of(BOARD.format(target=target, goons=goons, guard=guard, gigs=gigs))
    return result


def test_4_8_ready_unit_is_spent_to_attack_a_spent_rival_unit():
    result = attack()
    assert result.outcomes[0].allowed and result.final.cards["goons"].spent


def test_ready_rival_unit_is_not_a_valid_target():
    assert not attack(guard="").outcomes[0].allowed


def test_gig_area_with_gigs_is_a_valid_target_but_an_empty_one_is_not():
    assert attack(target="gig-area", gigs="['d4=2']").outcomes[0].allowed
    assert not attack(target="gig-area").outcomes[0].allowed


def test_lagging_or_spent_unit_cannot_attack():
    assert not attack(goons=", lag: true").outcomes[0].allowed
    assert not attack(goons=", spent: true").outcomes[0].allowed


def test_adrenaline_lets_a_lagging_unit_attack():
    text = BOARD.format(target="guard", goons=", lag: true", guard=", spent: true", gigs="[]").replace(
        "scenario: t\n", "scenario: t\ncards:\n  - {name: Rusher, type: Unit, cost: 1, power: 1, keywords: [ADRENALINE]}\n"
    ).replace("card: Maelstrom Goons", "card: Rusher")
    _, result, _ = rule_of(text)
    assert result.outcomes[0].allowed


# --- the React Step, the fight and the steal (9.7-9.29) ----------------------------------------



PLAYED_OUT = """
scenario: t
players:
  alice:
    field: [{{card: Chrome Fang, label: fang}}]
  bob:
    field: [{{card: Corpo Security, label: guard{guard}}}, {{card: Maelstrom Goons, label: goons, spent: true}}]
    gigs: [d4=1, d6=2, d8=3]
actions:
  - {{attack: fang, target: {target}, react: {react}{steal}}}
{more}"""


def played_out(target="gig-area", react="[]", steal="", guard="", more=""):
    return rule_of(PLAYED_OUT.format(target=target, react=react, steal=steal, guard=guard, more=more))


@pytest.mark.parametrize("power, gigs", [(0, 0), (1, 1), (9, 1), (10, 2), (19, 2), (20, 3), (-4, 0)])
def test_9_23_2_gigs_stolen_by_power(power, gigs):
    assert steal_count(power) == gigs


def test_9_23_5_stolen_gigs_move_together_keeping_their_values():
    _, result, _ = played_out(steal=", steal: [d8]")
    assert result.final.players["alice"].gigs == [("d8", 3)]
    assert result.final.players["bob"].gigs == [("d4", 1), ("d6", 2)]


def test_9_9_blocker_must_be_ready_and_a_refused_reaction_leaves_the_state_untouched():
    built, result, data = played_out(react="[{block: guard}]", guard=", spent: true")
    assert not result.outcomes[0].allowed
    assert "keyword.blocker.definition" in result.outcomes[0].refusal.cites
    assert result.final.cards["fang"].spent is False and result.final is built.state


def test_9_9_a_unit_without_blocker_cannot_block():
    _, result, _ = played_out(react="[{block: goons}]")
    assert not result.outcomes[0].allowed and "does not have [BLOCKER]" in result.outcomes[0].refusal.text


def test_9_15_steal_scripted_for_an_attack_on_a_unit_is_an_input_error():
    with pytest.raises(InputError) as error:
        played_out(target="goons", steal=", steal: [d4]")
    assert "no Steal Step" in str(error.value)


def test_a_scripted_gig_that_is_not_there_is_an_input_error_naming_the_field():
    with pytest.raises(InputError) as error:
        played_out(steal=", steal: [d20]")
    assert error.value.problems[0].field == "actions.0.steal" and "d20" in error.value.problems[0].message


def test_actions_after_an_awaited_choice_are_an_input_error():
    with pytest.raises(InputError) as error:
        played_out(react="null", more="  - {draw: 1}\n")
    assert "still waiting for" in str(error.value)


BOUNCED_BY_A_FIGHT_TRIGGER = """
    scenario: t
    cards:
      - name: Test Skittish
        type: Unit
        cost: 1
        power: 1
        effects:
          - {when: fights, do: [{move: {card: this, to: hand}}], text: return this Unit to hand}
    players:
      alice:
        field: [Test Skittish]
      bob:
        field: [{card: Ruthless Lowlife, spent: true}]
    actions:
      - {attack: Test Skittish, target: Ruthless Lowlife, react: []}
    """


def test_9_26_1_an_attacker_bounced_by_a_fight_trigger_ends_the_attack_without_a_result():
    _, result, _ = rule_of(BOUNCED_BY_A_FIGHT_TRIGGER)
    assert result.outcomes[0].allowed
    assert result.final.locate("Test Skittish") == ("alice", "hand")
    assert result.final.locate("Ruthless Lowlife") == ("bob", "field")
    assert result.final.attack is None
    assert "attack-end.attacker-gone" in cited_ids(result)


def test_9_18_an_attack_ended_by_a_fight_trigger_says_the_fight_happened_not_that_no_fight_happens():
    _, result, _ = rule_of(BOUNCED_BY_A_FIGHT_TRIGGER)
    ended = _steps_citing(result, "attack-end.attacker-gone")
    assert ended and "the fight did happen" in ended[0].text and "no fight happens" not in ended[0].text
    assert {"fight.triggers-before-defeat", "fight.result"} <= set(ended[0].cites)
    assert "attack-end.early-nothing-happens" not in cited_ids(result)


def test_9_27_1_an_attack_ended_before_the_fight_step_still_says_no_fight_happens():
    _, result, _ = rule_of(BOUNCED_BY_A_FIGHT_TRIGGER.replace("when: fights", "when: attack"))
    assert result.final.locate("Test Skittish") == ("alice", "hand")
    ended = _steps_citing(result, "attack-end.attacker-gone")
    assert ended and "no fight happens" in ended[0].text
    assert "attack-end.early-nothing-happens" in cited_ids(result) and "fight.result" not in cited_ids(result)


def test_9_9_using_blocker_sets_off_blocks_and_friendly_blocks_triggers_in_the_react_step():
    text = """
    scenario: t
    cards:
      - {name: Wall, type: Unit, cost: 0, power: 9, keywords: [BLOCKER], effects: [{when: blocks, do: [{draw: 1}]}]}
      - {name: Cheer, type: Unit, cost: 0, power: 1, effects: [{when: friendly-blocks, do: [{draw: 1}]}]}
    players:
      alice: {field: [Psycho Squad]}
      bob: {field: [Wall, Cheer], deck: [Mantis Blades, Mantis Blades], gigs: [d6=2]}
    actions:
      - {attack: Psycho Squad, target: gig-area, react: [{block: Wall}]}
    """
    _, result, data = rule_of(text)
    assert len(result.final.players["bob"].hand) == 2
    kinds = [s["kind"] for s in data["steps"]]
    assert kinds.index("resolve") < kinds.index("fight")


UNBLOCKABLE = """
scenario: t
cards:
  - {name: Test Retreat, type: Program, cost: 0, keywords: [QUICK],
     effects: [{when: resolve, do: [{adjust: {gig: choose, of: you, decrease: 8}}], text: lower a Gig by 8}]}
players:
  alice: {field: [MTOD12 Flathead], gigs: [d20=%d]}
  bob: {hand: [Test Retreat], field: [{card: Corpo Security, label: guard}], gigs: [d12=9]}
actions:
  - {attack: MTOD12 Flathead, target: gig-area, react: [{quick: Test Retreat}, {block: guard}], gigs: [d12]}
"""


def test_cant_be_blocked_is_fixed_when_the_attack_is_declared():
    _, result, _ = rule_of(UNBLOCKABLE % 3)
    assert not result.outcomes[0].allowed
    assert "attack.declare" in result.outcomes[0].refusal.cites


def test_a_unit_that_could_be_blocked_at_declaration_can_be_blocked():
    _, result, _ = rule_of(UNBLOCKABLE % 10)
    assert result.outcomes[0].allowed
    assert "keyword.blocker.redirect" in cited_ids(result)
    assert not result.final.modifiers, "nothing fixed for the attack outlives it"


def test_11_3_a_lagging_attacker_is_refused_by_the_rule_that_forbids_lagging_attacks():
    _, result, _ = rule_of("""
    scenario: t
    players:
      alice: {field: [{card: Psycho Squad, lag: true}]}
      bob: {gigs: [d6=3]}
    actions: [{attack: Psycho Squad, target: gig-area, react: []}]
    """)
    assert "lag.cannot-attack" in result.outcomes[0].refusal.cites


def test_9_19_3_a_prevented_defeat_still_loses_and_defeated_does_not_trigger():
    _, result, _ = rule_of("""
    scenario: t
    players:
      alice: {field: [{card: Animals Wrecker, label: wrecker}]}
      bob: {field: [{card: Psycho Squad, spent: true, gear: [Deadman Transmitter]}]}
    actions: [{attack: wrecker, target: Psycho Squad, react: []}]
    """)
    assert {"fight.prevented-defeat-still-loses", "keyword.defeated.pending"} <= cited_ids(result)


ZEALOTS_PROTECTED = """
    scenario: t
    players:
      alice: {field: [Maelstrom Zealots]}
      bob: {field: [{card: Riding Nomad, spent: true}]}
    lasting:
      - {card: Maelstrom Zealots, by: alice, source: an earlier effect, cant: [be-defeated-in-fights]}
    actions: [{attack: Maelstrom Zealots, target: Riding Nomad, react: []}]
    """


def _steps_citing(result, rule):
    return [step for outcome in result.outcomes for step in outcome.steps if rule in step.cites]


def test_9_19_3_a_loser_that_cant_be_defeated_still_triggers_on_losing():
    _, result, _ = rule_of(ZEALOTS_PROTECTED)
    pending = [s for s in _steps_citing(result, "fight.prevented-defeat-still-loses") if "Pending" in s.text]
    assert pending and "loses a fight" in pending[0].text
    assert result.final.locate("Maelstrom Zealots")[1] == "field"
    assert result.final.locate("Riding Nomad")[1] == "trash"


def test_9_19_3_a_loss_stands_when_the_fight_ends_before_its_result():
    _, result, _ = rule_of(ZEALOTS_PROTECTED)
    assert any("still lost the fight" in s.text for s in _steps_citing(result, "fight.prevented-defeat-still-loses"))


def test_9_19_3_not_cited_for_a_loser_nothing_protects():
    _, result, _ = rule_of(ZEALOTS_PROTECTED.split("    lasting:")[0]
                           + "    actions: [{attack: Maelstrom Zealots, target: Riding Nomad, react: []}]\n")
    assert "fight.prevented-defeat-still-loses" not in cited_ids(result)


def test_3_17_2_a_fight_with_gear_cites_the_total_power_rule():
    _, result, _ = rule_of("""
    scenario: t
    players:
      alice: {field: [{card: Psycho Squad, gear: [Mantis Blades]}]}
      bob: {field: [{card: Corpo Security, spent: true}]}
    actions: [{attack: Psycho Squad, target: Corpo Security, react: []}]
    """)
    assert "power.unit-total" in cited_ids(result)


QUICK_GEAR = """
scenario: t
cards:
  - {{name: Test Quick Plate, type: Gear, cost: 2, power: 3, keywords: [QUICK]{extra}}}
turn: bob
players:
  bob:
    field: [{{card: Psycho Squad, label: squad}}]
  alice:
    field: [{{card: Emergency Atlus, label: atlus}}]
    hand: [{{card: Test Quick Plate, label: plate}}]
    eddies: 2
    gigs: [d6=3]
actions:
  - {{attack: squad, target: gig-area, react: [{{quick: plate{equip}}}]}}
"""


def test_11_26_1_1_a_gear_whose_only_text_is_quick_is_played_in_the_react_step_to_the_named_host():
    _, result, _ = rule_of(QUICK_GEAR.format(extra="", equip=", equip_to: atlus"))
    assert result.outcomes[0].allowed
    assert result.final.cards["plate"].equipped_to == "atlus"
    assert {"keyword.quick.alone", "keyword.quick.still-pay", "gear.play"} <= cited_ids(result)
    assert all(result.final.cards[e].spent for e in ("alice-eddie-1", "alice-eddie-2"))


def test_11_26_1_1_a_quick_gear_played_as_a_reaction_still_needs_a_host():
    _, result, _ = rule_of(QUICK_GEAR.format(extra="", equip=""))
    assert not result.outcomes[0].allowed
    assert "needs a host" in result.outcomes[0].refusal.text
    assert result.final.locate("plate") == ("alice", "hand")


def test_11_26_1_2_a_quick_gear_with_other_text_is_not_played_in_the_react_step():
    extra = ", effects: [{when: play, do: [{draw: 1}], text: draw a card}]"
    with pytest.raises(InputError) as error:
        rule_of(QUICK_GEAR.format(extra=extra, equip=", equip_to: atlus"))
    assert "equip_to" in str(error.value)


def test_equip_to_on_a_reaction_other_than_quick_is_an_input_error_with_its_line():
    with pytest.raises(InputError) as error:
        rule_of(QUICK_GEAR.format(extra="", equip="").replace("{quick: plate}", "{call: plate, equip_to: atlus}"))
    assert "`equip_to` goes with `quick`" in str(error.value) and ":15:" in str(error.value)


def test_9_6_an_attack_ended_by_its_attack_trigger_does_not_wait_for_reactions():
    _, result, _ = rule_of(BOUNCED_BY_A_FIGHT_TRIGGER.replace("when: fights", "when: attack").replace(", react: []", ""))
    assert not [s for o in result.outcomes for s in o.steps if s.kind == "await"] and result.final.attack is None
    assert result.final.locate("Test Skittish") == ("alice", "hand")
    assert "attack-end.early-nothing-happens" in cited_ids(result)
