"""Gear (4.9-4.12, Equip): hosts, power, textboxes and what a host does not inherit."""
from __future__ import annotations

from judgekit.engine.gear import keywords_of, power_of, tags_of
from tests.conftest import cited_ids, rule_of

BOARD = """
scenario: t
cards:
  - name: Plating
    type: Gear
    cost: 1
    power: 2
    tags: [CYBERWARE]
    bottom_textbox: {{keywords: [BLOCKER]}}
players:
  alice:
    hand: [Plating, Mantis Blades]
    field: [{{card: Maelstrom Goons, label: goons}}]
    legends:
      - {{card: "V: Streetkid", label: v}}
      - {{card: "V: Corporate Exile", label: exile, face_up: true}}
    eddies: 3
  bob:
    field: [{{card: Corpo Security, label: guard}}]
actions:
{actions}
"""


def run(actions: str):
    return rule_of(BOARD.format(actions=actions))


def test_4_10_equip_to_friendly_unit_adds_power_and_bottom_keywords_not_tags():
    _, result, _ = run("  - {play: Plating, equip_to: goons}")
    state = result.final
    assert power_of(state, "goons") == 5
    assert "BLOCKER" in keywords_of(state, "goons")
    assert tags_of(state, "goons") == ("GANGER", "MAELSTROM")
    assert {"equip.inherit-power", "gear.bottom-textbox", "gear.no-inherited-characteristics"} <= cited_ids(result)


def test_4_10_1_gear_on_rival_unit_is_refused():
    _, result, _ = run("  - {play: Plating, equip_to: guard}")
    assert not result.outcomes[0].allowed and "control.rival" in result.outcomes[0].refusal.cites


def test_4_10_1_gear_on_face_down_legend_is_refused_but_face_up_legend_is_fine():
    _, result, _ = run("  - {play: Plating, equip_to: v}\n  - {play: Plating, equip_to: exile}")
    assert [o.allowed for o in result.outcomes] == [False, True]
    assert result.final.cards["Plating"].equipped_to == "exile"


def test_gear_without_a_host_is_refused_naming_the_hosts_it_could_have():
    """4.10.1: a friendly Unit or a face-up Legend; the face-down V: Streetkid is none."""
    _, result, _ = run("  - {play: Plating}")
    assert not result.outcomes[0].allowed
    assert "with `equip_to` (goons, exile)" in result.outcomes[0].steps[-1].text


def test_gear_with_no_friendly_unit_or_face_up_legend_in_play_says_so():
    board = BOARD.replace("    field: [{{card: Maelstrom Goons, label: goons}}]\n", "").replace(", face_up: true", "")
    _, result, _ = rule_of(board.format(actions="  - {play: Plating}"))
    assert "needs a host to be played, a friendly Unit or face-up Legend, and alice has none in play" in \
        result.outcomes[0].steps[-1].text


def test_a_unit_cannot_be_equipped():
    text = BOARD.format(actions="  - {play: Delamain, equip_to: goons}").replace(
        "hand: [Plating, Mantis Blades]", "hand: [Plating, Delamain]")
    _, result, _ = rule_of(text)
    assert not result.outcomes[0].allowed


def test_4_10_3_several_gear_on_one_host():
    _, result, _ = run("  - {play: Plating, equip_to: goons}\n  - {play: Mantis Blades, equip_to: goons}")
    assert result.final.cards["goons"].gear == ("Plating", "Mantis Blades")
    assert power_of(result.final, "goons") == 7
    assert "gear.no-limit-per-host" in cited_ids(result)


def test_4_12_1_gear_loses_its_host_bonus_once_unequipped():
    _, result, _ = run("  - {play: Plating, equip_to: goons}\n  - {move: goons, to: hand}")
    assert power_of(result.final, "goons") == 3
    assert keywords_of(result.final, "goons") == ()


def test_an_equipped_gear_played_again_is_refused_saying_what_it_is_equipped_to():
    """11.4.2 (inferred): a card is played from its owner's hand; a Gear already on a host is named as equipped to
    it, not as in an area called "equipped"."""
    _, result, _ = run("  - {play: Plating, equip_to: goons}\n  - {play: Plating, equip_to: exile}")
    assert [o.allowed for o in result.outcomes] == [True, False]
    refused = result.outcomes[1].refusal.text
    assert "Plating is equipped to Maelstrom Goons [goons]; cards are played from their owner's hand" in refused
