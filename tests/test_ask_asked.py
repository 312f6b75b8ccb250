"""Lines the judge typed in a regression review of `judgekit ask` (review-ask/01-15): a question is ruled on the
board as it is and never kept; a line that changed nothing is not what `undo` takes back; a bare name takes no
action; a question about a card out of play says where the card is."""
from __future__ import annotations

import yaml

from tests.test_ask_answers import piped


def test_a_refused_question_is_not_kept_and_is_not_ruled_again_later(tmp_path):
    """11.14.2: bob Calls a Legend only on his own turn; asked on alice's turn it is refused, and as it was only
    asked, after `turn bob` nothing has been Called and the saved file holds no action."""
    session, said = piped("bob legends padre", "bob eddies 2", "can bob call padre?", "turn bob", "bob called?",
                          f"save {tmp_path / 'asked.yaml'}")
    assert "Action 1: bob Calls a Legend: padre  → REFUSED" in said
    assert "Only asked" in said and "`call: padre, by: bob`" in said
    assert "ruled again" not in said and "No: bob has not Called" in said
    assert session.doc["actions"] == [] and yaml.safe_load((tmp_path / "asked.yaml").read_text())["actions"] == []


def test_an_allowed_question_leaves_the_attacker_ready():
    """9.3.2.1: Psycho Squad may attack a spent rival Unit; asking it spends nothing (9.3.4 only when declared)."""
    session, said = piped("alice field psycho squad", "bob field johnny silverhand spent",
                          "can psycho attack johnny?", "psycho spent?")
    assert "→ allowed" in said and "Only asked: nothing was taken. To take it, type `attack: psycho, target: " \
        "johnny`." in said
    assert "No: Psycho Squad [psycho] is now ready." in said and session.doc["actions"] == []


def test_a_question_without_a_question_mark_is_only_asked_too():
    session, said = piped("alice field psycho squad", "bob field maelstrom goons spent", "can psycho attack maelstrom")
    assert "→ allowed" in said and "Only asked" in said and session.doc["actions"] == []


def test_undo_after_a_question_takes_back_the_change_before_it():
    session, said = piped("alice field psycho squad", "bob field maelstrom goons spent",
                          "can psycho attack maelstrom?", "undo")
    assert "Undone: bob field maelstrom goons spent: the last change ('can psycho attack maelstrom?', typed after it, was only asked " \
        "and changed nothing); `redo` puts it back" in said
    assert not session.doc["players"]["bob"].get("field")


def test_undo_after_a_refused_answer_takes_back_the_answer_before_it():
    """9.23.2: Psycho Squad (power 6, no effect raising it) steals 1 Gig, so `take the d8 and d6` is refused; it
    changed nothing, so undo then takes back the `no block` before it."""
    session, said = piped("alice field psycho squad", "bob gigs d6=3, d8=4", "psycho attacks gigs", "no block",
                          "take the d8 and d6", "undo")
    assert "That answer is refused" in said
    assert "Undone: no block: the last change ('take the d8 and d6', typed after it, was refused and changed nothing)" in said
    assert [{k: v for k, v in a.items() if k != "by"} for a in session.doc["actions"]] == \
        [{"attack": "psycho", "target": "gig-area"}]


V_STEALS_TWO = ("alice field v roamer of the badlands", "gear mantis on v", "alice field saul bright stormrider",
                "bob gigs d4=1, d6=2, d12=3", "v attacks gigs", "no reactions", "steal d4 and d6")


def test_options_mark_fails_only_on_an_answer_whose_own_outcome_fails():
    """6.4.4: raising a Gig past its highest face fails. V: Roamer (power 10 here) steals d4=1 and d6=2 and may
    raise each by up to 5: ordering her two copies fails nothing; for the d6, only +5 (to 7) fails; for the d4
    then, +4 and +5 fail."""
    session, _ = piped(*V_STEALS_TWO)
    listed = session.handle("options")
    assert "v for d4" in listed and "v for d6" in listed and "fails:" not in listed
    session.handle("v for d6")
    listed = session.handle("options")
    assert listed.count("fails:") == 1 and "numbers: [5]\n      fails:" in listed
    session.handle("by 3")
    listed = session.handle("options")
    assert listed.count("fails:") == 2 and "numbers: [3]\n      fails:" not in listed


def test_a_bare_name_takes_no_action_and_says_what_to_type():
    """A name alone is no action: Psycho Squad may attack the Gig area (9.3.2), but `psycho` alone does not."""
    session, said = piped("alice field psycho squad", "bob gigs d6=3", "psycho")
    assert "error: 'psycho' names a card, not an action: Psycho Squad [psycho], in alice's field." in said
    assert "`attack: psycho, by: alice, target: gig-area`" in said and session.doc["actions"] == []


def test_a_bare_name_in_the_react_step_is_no_block():
    """9.9: in the React Step bob's Corpo Security (BLOCKER) may block, but its name alone is no action: ask says
    where it is and that it may block, and takes nothing."""
    session, said = piped("alice field psycho squad", "bob field corpo security", "bob gigs d6=3",
                          "psycho attacks gigs", "corpo")
    assert "ask> corpo\nerror: 'corpo' names a card, not an action: Corpo Security [corpo], in bob's field." in said
    assert "`block: corpo`" in said and "react" not in session.doc["actions"][0]


def test_a_question_on_a_card_out_of_play_says_where_it_is():
    """9.19: Johnny (8 - 3 = 5) loses to Psycho Squad (6) and is defeated to bob's trash: neither spent nor ready."""
    _, said = piped("alice field psycho squad", "bob field johnny silverhand spent", "johnny loses 3 power",
                    "psycho attacks johnny", "pass", "johnny spent?", "johnny ready?")
    assert said.count("[johnny] is not in play now: it is in bob's trash") == 2 and "is now ready" not in said
