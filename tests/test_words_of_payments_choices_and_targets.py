"""Words of rulings and `ask` answers that a review of 2026-12-07 found untrue or unclear. Each expectation comes
from the rules (2026-08 numbering) or the printed card text, written before judgekit was run."""
from __future__ import annotations

import pytest

from judgekit.ask.session import Session


def session_after(*lines: str) -> tuple[Session, list[str]]:
    session = Session("2026-08")
    return session, [session.handle(line) for line in lines]


UNPAID = ("alice hand floor it", "alice eddies 0", "bob field psycho squad", "alice field maelstrom goons")


def test_a_card_that_cant_be_paid_for_is_told_apart_from_its_target():
    """Floor It costs 1 €$ (11.1.2: paid in full) and chooses a rival Unit. With 0 Eddies it can't be played, yet
    bob's Psycho Squad is a rival Unit: the answer says the card can't be played and why, and that the target fits;
    alice's own Maelstrom Goons would not fit (not a rival card)."""
    _, said = session_after(*UNPAID, "is psycho a valid target for floor it?", "is goons a valid target for floor it?")
    assert "can't be played now" in said[-2] and "0 €$" in said[-2], said[-2]
    assert "Psycho Squad [psycho] would fit" in said[-2], said[-2]
    assert "Nothing now may target" not in said[-2]
    assert "can't be played now" in said[-1] and "would not fit either: it is not a rival card" in said[-1], said[-1]


def test_a_target_asked_once_the_card_can_be_paid_is_yes():
    _, said = session_after(*UNPAID, "alice eddies 1", "is psycho a valid target for floor it?")
    assert said[-1].startswith("Yes, for: `play: floor, targets: [psycho]`"), said[-1]


def _texts(name: str) -> list[str]:
    from pathlib import Path

    from judgekit.rules.book import load_rulebook
    from judgekit.ruling import run_scenario
    from judgekit.scenario.build import build_file
    path = next(Path("scenarios").glob(name))
    ruled = run_scenario(build_file(path, load_rulebook()))
    return [step.text for outcome in ruled.outcomes for step in outcome.steps] + \
        [outcome.refusal.text for outcome in ruled.outcomes if outcome.refusal is not None]


def test_a_payment_only_one_card_can_make_is_not_said_to_be_chosen():
    """Only the one ready Eddie can pay (5.8.1.3): there was only one way to pay, judgekit chose nothing."""
    said = " ".join(_texts("review/1890-*.yaml"))
    assert "only one way to pay" in said and "judgekit chose" not in said, said


def test_an_up_to_choice_with_nothing_to_choose_is_not_said_to_be_left_by_choice():
    """No spent friendly Unit: there was none to choose (2.8), nobody chose to leave it."""
    said = " ".join(_texts("review/1891-*.yaml"))
    assert "There was none for alice to choose" in said and "as the card lets them" not in said, said


def test_alike_eddies_setting_off_nothing_are_told_together():
    said = " ".join(_texts("review/1892-*.yaml"))
    assert "spending alice-eddie-1 or alice-eddie-2 triggers nothing" in said, said


def test_padres_refusal_names_whose_gig_each_choice_is():
    said = " ".join(_texts("review/1893-*.yaml"))
    assert "the choices are bob:d6=2" in said, said


def test_a_replacement_declined_names_the_unit_it_was_offered_for():
    said = _texts("review/1894-*.yaml")
    declined = [text for text in said if "declines to apply" in text]
    assert declined and declined[0].startswith("Test Grunt [b1] would be defeated"), declined


def test_a_card_put_on_top_of_a_deck_goes_to_the_top_of_its_owners_deck():
    said = " ".join(_texts("review/1650-*.yaml"))
    assert "to the top of alice's deck" in said and "alice's top of the deck" not in said, said


def test_a_pending_keyword_effect_says_its_keyword_once():
    """The step's text (the JSON's) said "[ATTACK]: when this Unit attacks: [ATTACK]: look through ...", as the
    rich and md views did not."""
    said = [text for text in _texts("effects/11.16-sketchy-ripper-bottom-decks-the-rest.yaml")
            if text.startswith("Pending:")]
    assert said and "[ATTACK]: when this Unit attacks: look through" in said[0], said


@pytest.mark.parametrize("typed, answer", [("alice eddies 1", "alice: 1 ready Eddie."),
                                           ("alice eddies 2", "alice: 2 ready Eddies."),
                                           ("alice eddies 0 spent 1", "alice: 0 ready and 1 spent Eddie.")])
def test_eddies_stated_agree_in_number(typed, answer):
    _, said = session_after(typed)
    assert said[-1] == answer, said[-1]


@pytest.mark.parametrize("typed", ["can floor it target psycho?", "is psycho targetable by floor it?",
                                   "is psycho a legal target for floor it?"])
def test_other_phrasings_of_a_target_asked_for_a_card_that_cant_be_paid_for(typed):
    _, said = session_after(*UNPAID, typed)
    assert "can't be played now" in said[-1] and "Psycho Squad [psycho] would fit" in said[-1], said[-1]


def test_can_a_card_target_asked_when_it_can_be_paid():
    _, said = session_after(*UNPAID, "alice eddies 1", "can floor it target psycho?", "could floor it target goons?")
    assert said[-2].startswith("Yes, for: `play: floor, targets: [psycho]`"), said[-2]
    assert said[-1].startswith("No: floor may not target maelstrom") and "not a rival card" in said[-1], said[-1]


def test_a_gear_that_cant_be_paid_for_is_not_said_to_have_no_valid_host():
    """A Gear's host is chosen as it is played (4.10.1), not as an effect's target: the answer must not call the Unit
    no target of it."""
    _, said = session_after("alice hand mantis blades", "alice field psycho squad", "alice eddies 0",
                            "is psycho a valid target for mantis?")
    assert "can't be played now" in said[-1] and "is a Gear" in said[-1] and "not one for it" not in said[-1], said[-1]
