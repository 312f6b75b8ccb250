"""Scenarios that start mid-turn: an attack in progress (CR 9) and lasting effects in force (10.23)."""
from __future__ import annotations

import pytest

from judgekit.engine import persistent
from judgekit.scenario.yaml_lines import InputError
from tests.conftest import rule_of, scenario

MID_ATTACK = """
scenario: t
players:
  alice:
    field: [{card: Emergency Atlus, spent: {spent}}]
  bob:
    gigs: [d6=2, d8=1]
attack: {attacker: Emergency Atlus, target: gig-area, step: {step}}
actions:
  - {action}
"""


def run(spent="true", step="steal", action="resume_attack: true"):
    return rule_of(MID_ATTACK.replace("{spent}", spent).replace("{step}", step).replace("{action}", action))


def test_9_21_an_attack_started_at_the_steal_step_steals_without_a_react_step():
    _, result, data = run(action="{resume_attack: true, steal: [d8]}")
    assert result.final.players["alice"].gigs == [("d8", 1)]
    assert result.final.attack is None
    assert not any(s["text"].startswith("React Step") for s in data["steps"])


def test_reactions_scripted_after_the_react_step_are_an_input_error():
    with pytest.raises(InputError) as error:
        run(action="{resume_attack: true, react: [{block: Emergency Atlus}]}")
    assert "past its React Step" in str(error.value) and ":10:" in str(error.value)


def test_the_attacker_of_an_attack_in_progress_must_be_spent():
    with pytest.raises(InputError) as error:
        scenario(MID_ATTACK.replace("{spent}", "false").replace("{step}", "react").replace("{action}", "concede: true"))
    assert "spent" in str(error.value) and ":8:" in str(error.value)


def test_an_attack_on_a_gig_area_has_no_fight_step():
    with pytest.raises(InputError) as error:
        scenario(MID_ATTACK.replace("{spent}", "true").replace("{step}", "fight").replace("{action}", "concede: true"))
    assert "Fight Step" in str(error.value)


def test_an_awaited_react_step_leaves_the_attack_in_progress_on_the_board():
    _, result, data = rule_of(MID_ATTACK.replace("{spent}", "true").replace("{step}", "react")
                              .replace("{action}", "resume_attack: true"))
    assert data["board"]["attack"] == {"attacker": "Emergency Atlus", "target": "gig-area", "step": "react"}
    assert data["verdict"]["awaiting"]


def test_10_23_lasting_effects_given_in_the_scenario_apply_and_expire():
    text = """
    scenario: t
    players:
      alice: {field: [Emergency Atlus], deck: 2}
      bob: {deck: 2}
    lasting:
      - {card: Emergency Atlus, by: bob, source: Floor It, power: -1}
    actions:
      - pass_turn: true
    """
    built = scenario(text)
    assert persistent.power_of(built.state, "Emergency Atlus") == 3
    _, result, _ = rule_of(text)
    assert persistent.power_of(result.final, "Emergency Atlus") == 4


def test_every_rendering_shows_the_attack_in_progress_and_lasting_effects():
    from tests.entry_point import EntryPointRunner as CliRunner

    from judgekit.cli import app
    from tests.conftest import SCENARIOS
    path = str(SCENARIOS / "attack" / "9.15-starting-at-the-fight-step-with-a-lasting-effect.yaml")
    markdown = CliRunner().invoke(app, ["run", path, "-f", "md"])
    assert markdown.exit_code == 0, markdown.output
    assert "- lasting effect on V: Roamer of the Badlands: -1 power this turn (from Floor It)" in markdown.output
    assert "- attack in progress: V: Roamer of the Badlands attacking Corpo Security" in markdown.output
    rich = CliRunner().invoke(app, ["run", str(SCENARIOS / "effects" / "10.12-player-orders-their-own-pending-"
                                                           "effects.yaml")])
    assert rich.exit_code == 0, rich.output
    assert "Still pending: Test Duelist's effect (when this Unit fights): draw 1" in rich.output
    assert "Attack in progress" in rich.output


def test_2_6_an_attack_in_progress_is_checked_against_cant_attack_effects():
    text = MID_ATTACK.replace("Emergency Atlus", "Corpo Security").replace("{spent}", "true") \
        .replace("{step}", "react").replace("{action}", "resume_attack: true")
    with pytest.raises(InputError) as error:
        rule_of(text)
    assert "attack.attacker" in str(error.value) and "can't have declared this attack" in str(error.value)


def test_this_turn_is_laid_out_before_an_attack_in_progress_is_checked():
    text = """
    scenario: t
    players:
      alice:
        field: [{card: Riding Nomad, spent: true, lag: true}]
      bob:
        field: [MaxTac Suppression Team]
        gigs: [d6=2]
    this_turn: {played: [Riding Nomad]}
    attack: {attacker: Riding Nomad, target: gig-area, step: react}
    actions:
      - {resume_attack: true, react: []}
    """
    with pytest.raises(InputError) as error:
        rule_of(text)
    assert "MaxTac Suppression Team" in str(error.value)


PLAYED_EARLIER = """
scenario: t
players:
  alice:
    legends: [{card: "Jackie Welles: Pour One Out For Me", face_up: true}]
    field: [{card: Psycho Squad, lag: true}]
  bob: {}
this_turn: {played: [Psycho Squad]}
"""


def test_10_16_a_play_laid_out_in_this_turn_is_seen_by_the_first_time_each_turn():
    state = scenario(PLAYED_EARLIER).state
    assert ("played", "alice", "Psycho Squad") in state.this_turn
    assert ("saw-played", "alice", "Psycho Squad") in state.this_turn


def test_a_play_laid_out_in_this_turn_is_not_kept_as_seen_when_no_card_counts_it():
    state = scenario(PLAYED_EARLIER.replace("Jackie Welles: Pour One Out For Me", "V: Streetkid")).state
    assert not any(what.startswith("saw-") for what, _, _ in state.this_turn)


WAITING = """
scenario: t
this_turn:
  discounts:
    - {by: alice, source: "Alt Cunningham: Soulkiller Architect", amount: 2}
    - {by: %s, amount: 1}
players:
  alice:
    hand: [{card: Memory Relapse, label: relapse}]
    eddies: 4
  bob:
    field: [{card: Psycho Squad, label: squad}]
actions:
  - {play: relapse, targets: [squad]}
"""


def test_a_scenario_can_start_with_discounts_already_waiting_and_they_stack():
    _, result, _ = rule_of(WAITING % "alice")
    assert sum(result.final.cards[c].spent for c in result.final.players["alice"].eddies) == 1
    assert result.final.discounts == []


def test_a_waiting_discount_for_the_rival_does_not_lower_this_players_program():
    _, result, _ = rule_of(WAITING % "bob")
    assert sum(result.final.cards[c].spent for c in result.final.players["alice"].eddies) == 2
    assert [(d.controller, d.amount) for d in result.final.discounts] == [("bob", 1)]


def test_a_waiting_discount_for_no_such_player_is_bad_input_naming_the_line():
    with pytest.raises(InputError) as error:
        scenario(WAITING % "alicee")
    assert "this_turn.discounts.1.by" in str(error.value) and "did you mean 'alice'" in str(error.value)


DECLARED = """
scenario: the board starts mid-attack; what its declaration fixed is read from the stated board
turn: alice
attack: {attacker: atlus, target: gig-area, step: react}
players:
  alice:
    field: [{card: Emergency Atlus, label: atlus, spent: true}]
    legends: [{card: "Yorinobu Arasaka: Embracing Destruction", face_up: true}]
  bob:
    gigs: [d6=2]
"""


def test_8_16_the_attack_in_progress_is_remembered_for_the_first_time_each_turn():
    state = scenario(DECLARED).state
    assert state.happened_this_turn("saw-attacks", player="alice", label="atlus")
