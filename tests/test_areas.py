"""Areas: moving cards between them (CR 5; 4.4 Legends' valid areas; 4.12 Gear moving with its host), and where a card
can be spent or controlled by a player who does not own it (3.6, 1.7.2)."""
from __future__ import annotations

import pytest

from judgekit.scenario.yaml_lines import InputError
from tests.conftest import cited_ids, rule_of

BOARD = """
scenario: t
players:
  alice:
    field:
      - card: "Goro Takemura: Hands Unclean"
        label: goro
        gear: [Mantis Blades]
      - card: Maelstrom Goons
        label: goons
        gear: [Kiroshi Optics]
    deck: [Delamain, Japantown Jonin]
    trash: [Corpo Security]
  bob: {{}}
turn: bob
actions:
{actions}
"""


def run(actions: str, seed: int = 0):
    return rule_of(BOARD.format(actions=actions), seed)


def test_4_4_1_legend_moved_to_hand_is_removed_and_its_gear_stays_in_hand():
    _, result, _ = run("  - {move: goro, to: hand, by: bob}")
    state = result.final
    assert state.players["alice"].removed == ["goro"]
    assert state.players["alice"].hand == ["Mantis Blades"]
    assert state.cards["Mantis Blades"].equipped_to is None and state.cards["goro"].gear == ()
    assert {"legends.invalid-area-removed", "gear.stays-when-legend-removed", "removed-from-game"} <= cited_ids(result)


def test_4_4_1_legend_defeated_goes_on_top_of_trash_then_is_removed():
    _, result, _ = run("  - {defeat: goro, by: bob}")
    trash = result.final.players["alice"].trash
    assert "goro" not in trash and "Mantis Blades" in trash and "Corpo Security" in trash
    assert result.final.players["alice"].removed == ["goro"]


def test_4_12_1_unit_returned_to_hand_takes_gear_unequipped():
    _, result, _ = run("  - {move: goons, to: hand, by: bob}")
    assert sorted(result.final.players["alice"].hand) == ["Kiroshi Optics", "goons"]
    assert result.final.cards["Kiroshi Optics"].equipped_to is None
    assert {"gear.moves-with-host", "gear.unequipped-outside-play"} <= cited_ids(result)


def test_5_9_4_moved_card_goes_on_top_of_trash():
    _, result, _ = run("  - {move: Delamain, to: trash, by: bob}")
    assert result.final.players["alice"].trash[0] == "Delamain"


def test_deck_top_and_bottom():
    _, result, _ = run("  - {move: goons, to: deck-top, by: bob}")
    deck = result.final.players["alice"].deck
    assert deck[0] in ("goons", "Kiroshi Optics") and len(deck) == 4


def test_4_12_3_bottom_deck_randomises_host_gear_and_others_together_from_the_seed():
    orders = set()
    for seed in range(10):
        _, result, data = run("  - {bottom_deck: [goons, Corpo Security], by: bob}", seed)
        deck = result.final.players["alice"].deck
        assert deck[:2] == ["Delamain", "Japantown Jonin"]
        assert sorted(deck[2:]) == sorted(["goons", "Kiroshi Optics", "Corpo Security"])
        orders.add(tuple(deck[2:]))
        assert {"gear.bottom-deck-with-host", "bottom-deck.randomize-together"} <= cited_ids(result)
        assert data["random"]
    assert len(orders) > 1


def test_bottom_deck_is_the_same_for_the_same_seed():
    first = run("  - {bottom_deck: [goons, Corpo Security], by: bob}", 5)[1].final.players["alice"].deck
    second = run("  - {bottom_deck: [goons, Corpo Security], by: bob}", 5)[1].final.players["alice"].deck
    assert first == second


def test_bottom_decked_legend_is_removed_from_the_game():
    _, result, _ = run("  - {bottom_deck: goro, by: bob}")
    assert result.final.players["alice"].removed == ["goro"]
    assert "goro" not in result.final.players["alice"].deck
    assert "Mantis Blades" in result.final.players["alice"].deck


def test_4_12_3_a_host_bottom_decked_together_with_its_own_gear_takes_it_once():
    for order in ("[goro, Mantis Blades]", "[Mantis Blades, goro]"):
        _, result, _ = run(f"  - {{bottom_deck: {order}, by: bob}}")
        deck = result.final.players["alice"].deck
        assert deck.count("Mantis Blades") == 1 and result.final.cards["Mantis Blades"].equipped_to is None
        assert result.final.players["alice"].removed == ["goro"]
        assert "bottom-deck.randomize-together" in cited_ids(result)
        if order.startswith("[goro"):  # the Gear goes with its host, and is not bottom-decked a second time
            assert {"gear.moves-with-host", "gear.bottom-deck-with-host"} <= cited_ids(result)


PLACEABLE = {"field": "Maelstrom Goons", "legends": "Goro Takemura: Hands Unclean", "eddies": "Maelstrom Goons",
             "hand": "Maelstrom Goons", "trash": "Maelstrom Goons", "removed": "Maelstrom Goons"}


def _placed(area: str, extra: str) -> str:
    card = PLACEABLE[area]
    return f'scenario: t\nplayers:\n  alice:\n    {area}: [{{card: "{card}", label: it, {extra}}}]\n  bob: {{}}\n'


def test_3_6_and_1_7_2_a_card_is_spent_only_in_the_field_legends_area_or_eddies_area():
    """A spent card lies sideways as its controller sees it (3.6), and only the cards of the field, Legends area and
    Eddies area have a controller (1.7.2): spent elsewhere is bad input."""
    for area in ("field", "legends", "eddies"):
        built, _, _ = rule_of(_placed(area, "spent: true"))
        assert built.state.cards["it"].spent, area
    for area in ("hand", "trash", "removed"):
        with pytest.raises(InputError) as error:
            rule_of(_placed(area, "spent: true"))
        assert "only cards in the field, Legends area or Eddies area can be spent" in str(error.value), area


def test_1_7_2_a_card_has_a_controller_who_does_not_own_it_only_where_a_player_controls_it():
    """A player controls the cards in their field, Legends area and Eddies area even when another player owns them
    (1.7.2); a card in a hand, the trash or the removed cards has no controller, and `owner` there is bad input."""
    for area in ("field", "legends", "eddies"):
        built, _, _ = rule_of(_placed(area, "owner: bob"))
        assert built.state.controller("it") == "alice" and built.state.cards["it"].owner == "bob", area
    for area in ("hand", "trash", "removed"):
        built, _, _ = rule_of(_placed(area, "face_up: true"))
        assert built.state.controller("it") is None, area
        with pytest.raises(InputError) as error:
            rule_of(_placed(area, "owner: bob"))
        assert "is always in its owner's area" in str(error.value), area
