"""The React Step (CR 9.7-9.14): [BLOCKER], [QUICK] reactions, and what is fixed when the attack is declared."""
from __future__ import annotations

from pathlib import Path

import pytest

from judgekit.scenario.yaml_lines import InputError
from tests.conftest import cited_ids, rule_of
from tests.test_combat import played_out


def test_9_9_blocker_must_be_ready_and_a_refused_block_leaves_the_blocker_untouched_while_the_attack_stands():
    built, result, data = played_out(react="[{block: guard}]", guard=", spent: true")
    outcome = result.outcomes[0]
    assert outcome.allowed and outcome.refusal is None, "the attack is legal (9.3) and stands"
    said, refusal = outcome.refused_reactions[0]
    assert said == "bob blocks with guard" and "keyword.blocker.definition" in refusal.cites
    assert result.final.cards["fang"].spent is True, "the attacker was spent to attack (9.3.3)"
    assert result.final.cards["guard"].spent is True and built.state.cards["guard"].spent is True
    assert data["verdict"]["refused"] == [{"action": 1, "reaction": "bob blocks with guard", "text": refusal.text,
                                           "cites": data["verdict"]["refused"][0]["cites"]}]
    assert data["actions"][0]["allowed"] is True and data["actions"][0]["refused_reactions"] == [said]


def test_9_9_a_unit_without_blocker_cannot_block():
    _, result, _ = played_out(react="[{block: goons}]")
    outcome = result.outcomes[0]
    assert outcome.allowed and "does not have [BLOCKER]" in outcome.refused_reactions[0][1].text


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
    assert result.outcomes[0].allowed, "the attack stands; the block is what is refused"
    assert "attack.declare" in result.outcomes[0].refused_reactions[0][1].cites


def test_a_unit_that_could_be_blocked_at_declaration_can_be_blocked():
    _, result, _ = rule_of(UNBLOCKABLE % 10)
    assert result.outcomes[0].allowed
    assert "keyword.blocker.redirect" in cited_ids(result)
    assert not result.final.modifiers, "nothing fixed for the attack outlives it"


QUICK_GEAR = """
scenario: t
cards:
  - {{name: Test Quick Plate, type: Gear, cost: 2, power: 3, top_textbox: {{keywords: [QUICK]}}{extra}}}
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
    assert result.outcomes[0].allowed, "the attack stands; the reaction is refused"
    assert "needs a host" in result.outcomes[0].refused_reactions[0][1].text
    assert result.final.locate("plate") == ("alice", "hand")


def test_11_26_1_2_a_quick_gear_with_other_text_is_not_played_in_the_react_step():
    """Its [QUICK] lets its effect be used once it is face-up in the field, not the card be played as a reaction:
    the reaction is refused by 11.26.1.2 (it was an input error about `equip_to`), and the attack stands."""
    extra = ", effects: [{when: play, do: [{draw: 1}], text: draw a card}]"
    _, result, _ = rule_of(QUICK_GEAR.format(extra=extra, equip=", equip_to: atlus"))
    assert result.outcomes[0].allowed, "the attack stands; the reaction is refused"
    assert "keyword.quick.with-effect" in result.outcomes[0].refused_reactions[0][1].cites
    assert result.final.locate("plate") == ("alice", "hand")


def test_9_10_1_a_gear_without_quick_typed_with_its_host_is_refused_as_a_reaction():
    """A Gear with no [QUICK] is not played in the React Step (9.10.1): refused, host named or not."""
    _, result, _ = rule_of(QUICK_GEAR.format(extra="", equip=", equip_to: atlus").replace("keywords: [QUICK]", "keywords: []"))
    assert result.outcomes[0].allowed and "has no [QUICK]" in result.outcomes[0].refused_reactions[0][1].text


def test_equip_to_on_a_reaction_other_than_quick_is_an_input_error_with_its_line():
    with pytest.raises(InputError) as error:
        rule_of(QUICK_GEAR.format(extra="", equip="").replace("{quick: plate}", "{call: plate, equip_to: atlus}"))
    assert "`equip_to` goes with `quick`" in str(error.value) and ":15:" in str(error.value)


def test_9_7_1_the_attacking_players_own_quick_program_is_refused_by_the_react_step_and_quick_rules():
    from tests.conftest import rule_of as _rule_of
    _, result, _ = _rule_of((Path(__file__).parents[1] / "scenarios/attack/9.7.1-the-attacker-cannot-play-her-own-quick-program.yaml").read_text(
        encoding="utf-8"))
    [outcome] = result.outcomes
    assert not outcome.allowed
    assert {"react-step.defender-only", "keyword.quick.definition"} <= set(outcome.refusal.cites)
    assert not {"attack.definition", "main-phase.actions-any-order", "play.undo-invalid"} & set(outcome.steps[0].cites)
def test_a_refused_reaction_is_named_in_the_terminal_the_verdict_and_the_write_up(capsys):
    """Issue #22 item 5: the headline names the reaction refused (9.9); the legal attack it answered is allowed."""
    from judgekit.cli.common import make_writer
    from judgekit.render.console import render
    from judgekit.render.markdown import render_markdown
    from judgekit.rules.book import load_rulebook
    from judgekit.ruling import board

    built, result, data = played_out(react="[{block: goons}]")
    render(data, make_writer())
    text = " ".join(capsys.readouterr().out.replace("│", " ").split())
    assert "Action 1: alice attacks" in text and "→ allowed; reaction REFUSED: bob blocks with goons" in text
    assert "Action 1: the reaction bob blocks with goons is refused; the attack it answered stands" in text
    assert "Action 1 refused" not in text
    md = render_markdown(data, board(result.initial), load_rulebook())
    assert "allowed; the reaction Bob blocks with Maelstrom Goons is **not allowed**" in md  # names as printed (#23)
    assert md.splitlines()[2] == "**Answer.** No: Bob blocks with Maelstrom Goons: not allowed (Maelstrom Goons " \
                                 "does not have [BLOCKER]); the attack goes on."  # the question is the block (9.9)


ENDED_BY_A_REACTION = (Path(__file__).parents[1] / "scenarios/review/162-no-reaction-after-the-attack-has-ended.yaml")


def test_9_27_a_reaction_scripted_after_the_attack_ended_is_refused_not_ignored():
    _, result, _ = rule_of(ENDED_BY_A_REACTION.read_text(encoding="utf-8"))
    [outcome] = result.outcomes
    assert outcome.allowed
    [(said, refusal)] = outcome.refused_reactions
    assert "floor" in said and "attack-end.early" in refusal.cites
    assert result.final.locate("floor") == ("alice", "hand")


def test_9_27_1_a_steal_scripted_for_an_attack_that_ended_early_is_an_input_error():
    text = ENDED_BY_A_REACTION.read_text(encoding="utf-8").replace(
        "react: [{quick: atlus}, {quick: floor}]", "react: [{quick: atlus}]\n    steal: [d6]")
    with pytest.raises(InputError) as error:
        rule_of(text)
    assert "`steal` is scripted, but the attack ended before its Steal Step" in str(error.value)
