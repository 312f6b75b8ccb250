"""Revealing (engine/revealing.py, 11.14): the deck's top card is shown, then moved only if the effect says so."""
from __future__ import annotations

from tests.conftest import rule_of

SASHA = """
scenario: t
players:
  alice:
    field: [{card: "Sasha Yakovleva: Won't Let You Down", label: sasha}]
    deck: {top: [%s], count: %d}
  bob: {gigs: [d6=2]}
actions:
  - {attack: sasha, target: gig-area, react: []}
"""


def test_the_revealed_card_goes_to_hand_and_its_cost_becomes_power():
    _, result, _ = rule_of(SASHA % ("{card: Gorilla Arms, label: arms}", 1))
    assert result.final.locate("arms")[1] == "hand"
    assert result.final.players["alice"].gigs == [("d6", 2)]


def test_an_empty_deck_reveals_nothing_and_a_power_0_unit_steals_nothing():
    _, result, _ = rule_of(SASHA.replace("deck: {top: [%s], count: %d}", "deck: 0"))
    assert result.final.players["bob"].gigs == [("d6", 2)]


FOOL = """
scenario: t
players:
  alice:
    hand: [Fool on the Hill]
    eddies: 2
    deck: %s
  bob: {}
actions:
  - {play: Fool on the Hill%s}
"""


def test_11_14_2_two_revealed_cards_stay_in_the_deck_while_the_rival_chooses():
    _, result, _ = rule_of(FOOL % ("[Octant, Riding Nomad, Psycho Squad]", ""))
    assert result.final.players["alice"].deck == ["Octant", "Riding Nomad", "Psycho Squad"]
    reveal = next(s for o in result.outcomes for s in o.steps if s.kind == "reveal" and "top 2" in s.text)
    assert "still part of it (3 cards)" in reveal.text and "reveal.stays-in-area" in reveal.cites
    assert result.outcomes[0].steps[-1].kind == "await" and result.outcomes[0].steps[-1].player == "bob"


def test_2_4_a_deck_of_one_reveals_that_one_and_trashing_it_still_draws_2():
    _, result, _ = rule_of(FOOL % ("[Octant]", ", modes: [{by: bob, pick: 2}]"))
    assert result.final.players["alice"].trash == ["Octant"]
    assert result.final.losers == ["alice"]  # the draw 2 meets an empty deck (1.14.1)


def test_an_empty_deck_reveals_nothing_so_trashing_them_draws_nothing():
    _, result, _ = rule_of(FOOL % ("0", ", modes: [{by: bob, pick: 2}]"))
    assert result.final.losers == [] and result.final.players["alice"].hand == []


def test_2_4_with_one_card_revealed_the_rivals_choice_and_what_follows_do_not_speak_of_two():
    _, result, _ = rule_of(FOOL % ("[Octant]", ", modes: [{by: bob, pick: 2}]"))
    said = [s.text for o in result.outcomes for s in o.steps]
    choice = next(t for t in said if t.startswith("bob chooses for"))
    assert "both" not in choice and "revealed" in choice and "trash" in choice
    assert not any("trashing them" in t for t in said)
