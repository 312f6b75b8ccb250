"""Hidden information (engine/hidden_information.py; 5.3.1.2): looking at a card without revealing it."""
from __future__ import annotations

from tests.conftest import rule_of

KIROSHI = """
scenario: t
players:
  alice:
    field: [{card: Psycho Squad, gear: [Kiroshi Optics]}]
    legends: [{card: "V: Streetkid", label: v}, {card: "Goro Takemura: Hands Unclean", label: goro}]
  bob: {gigs: [d8=5]}
actions:
  - attack: Psycho Squad
    target: gig-area
    react: []
    steal: [d8]
"""


def test_a_looked_at_legend_stays_face_down_and_is_known_to_its_controller_only():
    _, result, ruling = rule_of(KIROSHI.replace("    react: []", "    targets: [goro]\n    react: []"))
    [look] = [s for s in ruling["steps"] if s["kind"] == "look"]
    assert look["known_to"] == "alice" and look["cards"] == ["goro"]
    assert not result.final.cards["goro"].face_up
    assert all("known_to" not in s for s in ruling["steps"] if s["kind"] != "look")


def test_the_look_is_mandatory_and_waits_for_the_choice_when_unscripted():
    _, result, _ = rule_of(KIROSHI)
    assert result.outcomes[0].steps[-1].kind == "await"


SEARCH = """
scenario: t
players:
  alice:
    hand: ["Three Mouths, One Desire"]
    eddies: 2
    deck:
      top: [{card: Floor It, label: a}, {card: Detonate, label: b}, {card: Psycho Squad, label: c}]
      count: 2
  bob: {}
actions:
  - play: "Three Mouths, One Desire"
"""


def test_searched_cards_stay_in_the_deck_marked_as_looked_at_by_the_searcher_while_the_choice_waits():
    _, result, ruling = rule_of(SEARCH)
    final = result.final
    assert final.players["alice"].deck == ["a", "b", "c", "alice-deck-1", "alice-deck-2"]
    assert [final.cards[c].looked_at_by for c in ("a", "b", "c", "alice-deck-1")] == [("alice",)] * 3 + [()]
    shown = {c["label"]: c.get("looked_at_by") for c in ruling["board"]["players"]["alice"]["deck"]}
    assert shown == {"a": ["alice"], "b": ["alice"], "c": ["alice"], "alice-deck-1": None, "alice-deck-2": None}


def test_no_card_is_still_looked_at_once_the_search_has_put_them_away():
    _, result, ruling = rule_of(SEARCH.replace('    eddies: 2', '    eddies: 2').rstrip() + "\n    targets: [b]\n")
    assert result.final.players["alice"].hand == ["b"]
    assert all(not card.looked_at_by for card in result.final.cards.values())
    assert all("looked_at_by" not in c for c in ruling["board"]["players"]["alice"]["deck"])


REVEAL = """
scenario: t
players:
  alice:
    hand: [Fool on the Hill]
    eddies: 2
    deck: [{card: Octant, label: a}, {card: Riding Nomad, label: b}, {card: Psycho Squad, label: c}]
  bob: {}
actions:
  - play: Fool on the Hill
"""


def test_revealed_cards_stay_in_the_deck_with_the_same_mark_as_searched_ones_seen_by_both_players():
    """11.14.2-11.14.3: revealed cards stay where they are and both players see them; one mark serves search
    and reveal alike (`looked_at_by`), here while the Rival's choice waits."""
    _, result, ruling = rule_of(REVEAL)
    final = result.final
    assert final.players["alice"].deck == ["a", "b", "c"]
    assert [final.cards[c].looked_at_by for c in ("a", "b", "c")] == [("alice", "bob")] * 2 + [()]
    shown = {c["label"]: c.get("looked_at_by") for c in ruling["board"]["players"]["alice"]["deck"]}
    assert shown == {"a": ["alice", "bob"], "b": ["alice", "bob"], "c": None}


def test_no_card_is_still_looked_at_once_the_reveal_is_resolved():
    """11.14.4: once the effect is done, nothing it revealed is still being looked at."""
    _, result, _ = rule_of(REVEAL.rstrip() + "\n    modes: [{by: bob, pick: 2}]\n")
    assert {"a", "b"} <= set(result.final.players["alice"].trash)  # the Rival chose her trash
    assert all(not card.looked_at_by for card in result.final.cards.values())


TWO_MODES_AFTER_A_REVEAL = """
scenario: t
cards:
  - name: Double Look
    type: Program
    cost: 0
    effects:
      - when: resolve
        do: [{reveal_top: {count: 2}}]
        choose: 2
        modes:
          - {text: draw one, do: [{draw: 1}]}
          - {text: spend a rival Unit, targets: [{kind: Unit, side: rival}], do: [{spend: target}]}
players:
  alice:
    hand: [Double Look]
    deck: [{card: Octant, label: a}, {card: Riding Nomad, label: b}, {card: Psycho Squad, label: c}]
  bob:
    field: [Corpo Security, Animals Wrecker]
actions:
  - play: Double Look
"""


def test_a_mode_ending_does_not_hide_what_its_effect_revealed_before_the_effect_is_done():
    """11.14.2-11.14.4: cards the effect revealed stay revealed until the whole effect is done; the first of two
    chosen modes ending (10.31) is not the effect ending. Here the second mode waits for its target."""
    _, result, _ = rule_of(TWO_MODES_AFTER_A_REVEAL)
    final = result.final
    assert final.players["alice"].hand == ["a"] and final.players["alice"].deck == ["b", "c"]  # the first mode drew
    assert final.cards["b"].looked_at_by == ("alice", "bob")
    assert final.cards["c"].looked_at_by == ()
    _, done, _ = rule_of(TWO_MODES_AFTER_A_REVEAL + "    targets: [Corpo Security]\n")
    assert all(not card.looked_at_by for card in done.final.cards.values())
