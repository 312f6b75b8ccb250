"""Attack, fight and steal (4.8, 9): declaring, the fight, the steal, awaited choices."""
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


# --- the fight and the steal (9.15-9.25) ----------------------------------------



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


def test_11_3_a_lagging_attacker_is_refused_by_the_rule_that_forbids_lagging_attacks():
    _, result, _ = rule_of("""
    scenario: t
    players:
      alice: {field: [{card: Psycho Squad, lag: true}]}
      bob: {gigs: [d6=3]}
    actions: [{attack: Psycho Squad, target: gig-area, react: []}]
    """)
    assert "lag.cannot-attack" in result.outcomes[0].refusal.cites


@pytest.mark.parametrize("loser, speaks_of_defeated", [("Psycho Squad", False), ("Screw: Lovelorn Fool", True)])
def test_9_19_3_a_prevented_defeat_still_loses_and_defeated_does_not_trigger(loser, speaks_of_defeated):
    """11.19.2 (FAQ GENERAL #21) is cited, and its words said, only of a loser that has a [DEFEATED] effect."""
    _, result, _ = rule_of(f"""
    scenario: t
    players:
      alice: {{field: [{{card: Animals Wrecker, label: wrecker}}]}}
      bob: {{field: [{{card: "{loser}", label: loser, spent: true, gear: [Deadman Transmitter]}}]}}
    actions: [{{attack: wrecker, target: loser, react: []}}]
    """)
    assert "fight.prevented-defeat-still-loses" in cited_ids(result)
    assert ("keyword.defeated.pending" in cited_ids(result)) is speaks_of_defeated
    assert any("[DEFEATED] effects do not trigger" in step.text for outcome in result.outcomes
               for step in outcome.steps) is speaks_of_defeated


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


@pytest.mark.parametrize("bob_gigs, deciding, not_cited", [
    ("[d6=3]", "attack.declare.choose-target", "attack.target.none"),
    ("[]", "attack.target.none", "attack.declare.choose-target")])
def test_9_3_2_a_ready_target_is_refused_by_choose_a_valid_target_and_9_3_2_4_only_when_there_is_none(
        bob_gigs, deciding, not_cited):
    """9.3.2, 9.3.2.1: only a spent rival Unit is a valid target; 9.3.2.4 (no valid target, no attack) decides only
    when the Rival has no Gig and no spent Unit at all."""
    _, result, _ = rule_of(f"""
    scenario: t
    players:
      alice: {{field: [{{card: Psycho Squad, label: squad}}]}}
      bob: {{field: [{{card: Corpo Security, label: guard}}], gigs: {bob_gigs}}}
    actions:
      - {{attack: squad, target: guard}}
    """)
    [outcome] = result.outcomes
    assert not outcome.allowed and "attack.target.spent-rival-unit" in outcome.refusal.cites
    assert deciding in outcome.refusal.cites and not_cited not in outcome.refusal.cites


def test_9_3_2_3_a_ready_blocker_an_effect_lets_it_attack_is_a_valid_target_so_9_3_2_4_is_not_cited():
    """Valentino Guerrera, ahead on Street Cred, may attack a ready rival BLOCKER Unit (9.3.2.3): attacking a ready
    Unit without BLOCKER is refused by 9.3.2 (choose a valid target), not by 9.3.2.4, as a valid target exists."""
    _, result, _ = rule_of("""
    scenario: t
    players:
      alice: {field: [{card: Valentino Guerrera, label: val}], gigs: [d6=5]}
      bob: {field: [{card: Psycho Squad, label: psycho}, {card: Corpo Security, label: corpo}]}
    actions:
      - {attack: val, target: psycho}
      - {attack: val, target: corpo, react: []}
    """)
    refused, allowed = result.outcomes
    assert not refused.allowed and "attack.declare.choose-target" in refused.refusal.cites
    assert "attack.target.none" not in refused.refusal.cites and allowed.allowed
