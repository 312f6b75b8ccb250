"""What a ruling says must be true and useful on the board at hand: an empty or short deck searched, searched cards
the scenario does not name, and pending effects offered by the names `order:` accepts (probe review W)."""
from __future__ import annotations

from tests.conftest import cited_ids, rule_of

RIPPER = """
scenario: t
edition: 2026-08
players:
  alice:
    field: [Sketchy Ripper]
    %s
  bob: {deck: 5, gigs: [d6=2]}
actions:
  - {attack: Sketchy Ripper, target: gig-area, react: []}
"""


def _texts(result) -> list[str]:
    return [step.text for outcome in result.outcomes for step in outcome.steps]


def test_11_13_a_search_of_an_empty_deck_says_the_deck_is_empty():
    _, result, _ = rule_of(RIPPER % "")
    texts = _texts(result)
    assert "alice's deck is empty: there is no card to look at, so the search finds nothing." in texts
    assert not any("top 0" in text or "They stay" in text for text in texts)
    assert "search.cards-stay-in-area" in cited_ids(result)


def test_11_13_3_a_deck_shorter_than_the_search_is_searched_as_far_as_it_goes():
    _, result, _ = rule_of(RIPPER % "deck: [Mantis Blades, Psycho Squad]\n    hand: []")
    said = next(text for text in _texts(result) if text.startswith("alice searches"))
    assert said.startswith("alice searches the top 3 cards of their deck, but only 2 cards are left, so they search "
                           "those: Mantis Blades, Psycho Squad.")


def test_11_13_4_1_a_search_over_unnamed_cards_says_why_nothing_is_taken_and_how_to_name_them():
    _, result, _ = rule_of(RIPPER % "deck: 5")
    note = next(step for outcome in result.outcomes for step in outcome.steps if step.kind == "note"
                and "search.may-choose-to-fail" in step.cites)
    assert "does not name the searched cards (alice-deck-1, alice-deck-2, alice-deck-3)" in note.text
    assert "may in any case fail to find a Gear on purpose" in note.text
    assert "`players.alice.deck: [...]`" in note.text


def test_11_13_4_1_named_cards_get_no_note():
    _, result, _ = rule_of(RIPPER % "deck: [Psycho Squad, Corpo Security, Octant]")
    assert not any("does not name" in text for text in _texts(result))


def test_10_12_two_effects_of_one_card_are_offered_by_the_names_order_accepts():
    _, _, data = rule_of("""
    scenario: t
    cards:
      - name: Duelist
        type: Unit
        cost: 1
        power: 2
        effects:
          - {when: play, text: draw 1, do: [{draw: 1}]}
          - {when: play, text: trash the top card of your deck, do: [{trash: 1}]}
    players:
      alice: {hand: [{card: Duelist, label: duelist}], deck: 3, eddies: 1}
      bob: {deck: 3}
    actions:
      - play: duelist
    """)
    awaiting = data["verdict"]["awaiting"]
    assert "`duelist#1`: Duelist [duelist]'s effect (when this card is played): draw 1; `duelist#2`: " in awaiting
    assert "script `order:` with these names" in awaiting


LAST_CHOICE = """
scenario: t
edition: 2026-08
cards:
  - name: Test Last
    type: Program
    cost: 0
    effects:
      - when: resolve
        do: [{draw: 1}, {choose: {targets: [{kind: Unit, side: rival, max_cost: 1}], do: [{defeat: target}]}}]
        text: draw 1, then defeat a rival Unit costing 1 or less
players:
  alice: {hand: [Test Last], deck: 5}
  bob: {field: [Psycho Squad], deck: 5}
actions:
  - play: Test Last
"""


def test_10_6_2_a_last_part_with_no_legal_choice_does_not_say_the_effect_goes_on():
    """Review R4: the choice is the effect's last part, so nothing of the effect comes after it: the step says
    that part does nothing, and no more; the draw before it stands."""
    _, result, _ = rule_of(LAST_CHOICE)
    said = next(text for text in _texts(result) if "as a target for this part" in text)
    assert "goes on past it" not in said
    assert said.endswith("there is none: no choice is made and this part does nothing.")


def test_11_13_a_forced_pick_from_a_short_deck_is_said_once():
    """Review R4: a search that must take 1 from a deck holding 1 card names the pick in a plain sentence."""
    _, result, _ = rule_of("""
    scenario: t
    edition: 2026-08
    players:
      alice: {deck: 1, eddies: 2, hand: ["Three Mouths, One Desire"]}
      bob: {deck: 5}
    actions:
      - play: "Three Mouths, One Desire"
    """)
    assert "alice must take alice-deck-1: the only option." in _texts(result)
