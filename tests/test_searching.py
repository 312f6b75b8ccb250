"""Search (CR 11.13): taking what the effect allows from the top cards, the rest put back in order."""
from __future__ import annotations

import pytest

from tests.conftest import cited_ids, rule_of
from tests.test_instructions import run


def test_11_13_search_takes_the_chosen_card_and_leaves_the_rest_in_order():
    _, result, _ = run("{search: {count: 3, take: 1, kind: Unit}}", ", targets: [deck-guard]")
    deck = result.final.players["alice"].deck
    assert result.final.players["alice"].hand == ["deck-guard"]
    assert deck == ["Delamain", "deck-blades"]
    assert {"search.definition", "search.return-in-order"} <= cited_ids(result)


def test_11_13_4_1_a_search_may_fail_to_find():
    _, result, _ = run("{search: {count: 3, take: 1, kind: Unit}}", ", targets: [none]")
    assert result.final.players["alice"].hand == []
    assert "search.may-choose-to-fail" in cited_ids(result)


RIVER = """
scenario: t
players:
  alice:
    legends: [{card: "River Ward: Detective on the Hunt", face_up: true}]
    field: [{card: Psycho Squad, gear: [Mantis Blades]}]
    deck: [Octant, Animals Wrecker, Riding Nomad]
  bob: {}
actions:
  - {defeat: Psycho Squad, by: bob, targets: [%s]}
"""


def test_11_13_a_search_that_must_take_one_does_not_accept_none():
    _, result, _ = rule_of(RIVER % "none")
    assert not result.outcomes[0].allowed
    assert "search.definition" in result.outcomes[0].refusal.cites


def test_11_13_a_search_that_must_take_one_takes_the_chosen_card():
    _, result, _ = rule_of(RIVER % "Octant")
    assert result.final.locate("Octant") == ("alice", "trash")


def test_11_13_a_searched_card_the_effect_cannot_take_is_refused_with_the_reason():
    """Sketchy Ripper's search takes a Gear: naming a searched Unit is refused and says what the card takes."""
    _, result, _ = rule_of("""
    scenario: t
    players:
      alice:
        field: [Sketchy Ripper]
        deck: {top: [Psycho Squad, Mantis Blades, Corpo Security], count: 5}
      bob: {deck: 20, gigs: [d6=2]}
    actions:
      - {attack: Sketchy Ripper, target: gig-area, targets: [Psycho Squad]}
    """)
    refusal = result.outcomes[0].refusal
    assert refusal.text == ("Psycho Squad is among the searched cards but can't be taken: the search takes only a "
                            "Gear; Psycho Squad is not a Gear.")
    assert "search.definition" in refusal.cites


def test_a_search_whose_picks_may_be_left_says_why():
    """2.1: a pick nothing lets the player leave must be made; a search that may take none says why (its "you may",
    2.1.1; its "up to", 2.8; or the particular cards it looks for, 11.13.4.1)."""
    from judgekit.scenario.model.instructions import SearchInstruction

    with pytest.raises(ValueError, match="says why"):
        SearchInstruction(count=2, take=1)
    for enough in ({"must": True}, {"may": True}, {"up_to": True}, {"kind": "Gear"}):
        SearchInstruction(count=2, take=1, **enough)


def test_2_1_1_declining_a_you_may_search_cites_the_you_may_not_fail_to_find():
    _, result, _ = run("{search: {count: 3, take: 1, may: true}}", ", targets: [none]")
    assert "golden.you-may" in cited_ids(result)
    assert not {"search.may-choose-to-fail", "golden.up-to"} & cited_ids(result)
