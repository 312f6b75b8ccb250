"""`judgekit ask` as a casual player typed it on a phone-sized terminal (a player's review): a [QUICK]
Program played as the defending player's reaction, a capitalised first word, card names inside plain phrases, GO
SOLO in words, a question with `i`, setup written as people write it, and lines wrapped at word boundaries.
Every expectation comes from the rules (2026-08 numbering), the FAQ or the printed card text, written before
judgekit was run."""
from __future__ import annotations

import pytest

from judgekit.ask.session import Session
from tests.ask_terminal import ask_in_a_terminal, end_of_session

FLOOR_IT_REACT = ("turn bob", "bob field psycho", "alice hand floor it", "alice eddies 2", "alice gigs d6=3",
                  "psycho attacks gigs")


def session_after(*lines: str) -> tuple[Session, list[str]]:
    session = Session("2026-08")
    return session, [session.handle(line) for line in lines]


def reactions(session: Session) -> list[dict]:
    return [r for r in session.doc["actions"][-1].get("react") or [] if r != {"more": True}]


@pytest.mark.parametrize("typed", ["can alice play floor it?", "alice plays floor it", "play floor it",
                                   "Alice plays floor it on psycho", "play floor it on psycho"])
def test_a_quick_program_played_by_the_defending_player_is_her_reaction(typed):
    """9.7.1, 9.10.1 and [QUICK]: Alice defends against Psycho Squad's attack; Floor It is a [QUICK] Program (cost 1,
    Alice has 2 Eddies), so she may play it as a reaction; its one rival Unit is Psycho Squad, down to 5 power."""
    session, said = session_after(*FLOOR_IT_REACT, typed)
    assert "only the defending player acts" not in said[-1] and not said[-1].startswith("error")
    assert "quick: floor" in said[-1].splitlines()[0]  # the reading shown: the play is her [QUICK] reaction
    assert [r.get("quick") for r in reactions(session)] == ([] if typed.endswith("?") else ["floor"])  # asked: not kept
    assert "its power is now 5" in said[-1] and "Refused" not in said[-1]


def test_a_card_without_quick_played_in_the_react_step_is_refused_with_its_rule():
    """9.10.1: only a [QUICK] card is played in the React Step; Maelstrom Goons has none."""
    _, said = session_after(*FLOOR_IT_REACT, "alice hand maelstrom goons", "alice plays maelstrom goons")
    assert "refused" in said[-1] and "9.10.1" in said[-1]


@pytest.mark.parametrize("typed", ["Alice field psycho", "Alice Field Psycho Squad", "ALICE field psycho"])
def test_a_capitalised_player_name_states_the_board(typed):
    _, said = session_after(typed)
    assert said[-1] == "alice: Psycho Squad [psycho] in the field."


def test_capitalised_command_words():
    session, said = session_after("Alice field psycho", "Bob gigs d6=3", "Options", "Turn bob", "Undo", "Board")
    assert "to act" in said[2] and "It is bob's turn" in said[3] and said[4].startswith("Undone")
    assert not any(s.startswith("error") for s in said)


RIDING = ("alice hand riding nomad", "alice eddies 5", "bob gigs d4=2", "play riding")


@pytest.mark.parametrize("typed", ["riding nomad attacks gigs", "riding nomad attack gigs", "Riding Nomad attacks gigs",
                                   "can riding nomad attack?", "can riding nomad attack gigs?"])
def test_a_two_word_name_attacks_the_turn_it_is_played_with_adrenaline(typed):
    """11.23.1, 11.23.2: Riding Nomad has [ADRENALINE], so it may attack the turn it is played; Bob has a Gig (9.3.2.2)."""
    session, said = session_after(*RIDING, typed)
    assert not said[-1].startswith("error") and "attack: riding" in said[-1].splitlines()[0].casefold()
    assert "Action 2: alice attacks gig-area with riding  → allowed" in said[-1]


@pytest.mark.parametrize("typed", ["psycho attacks bob's gigs", "can psycho attack bobs gigs?",
                                   "psycho attacks bob's gig area", "psycho squad attacks the gigs"])
def test_the_rivals_gigs_said_with_a_possessive(typed):
    """9.3.2.2: a Gig area holding a Gig is a valid attack target."""
    _, said = session_after("alice field psycho", "bob gigs d6=3", typed)
    assert "Action 1: alice attacks gig-area with psycho  → allowed" in said[-1]


def test_a_labels_unambiguous_prefix_names_its_card():
    """`mtod` starts only the label mtod12 (MTOD12 Flathead): Bob's, stated in play on his turn, not lagging."""
    _, said = session_after("turn bob", "bob field mtod12", "bob gigs d4=1", "alice gigs d20=15",
                            "mtod attacks gigs")
    assert "Action 1: bob attacks gig-area with mtod12  → allowed" in said[-1]


def test_a_prefix_of_two_cards_is_not_taken():
    _, said = session_after("alice field psycho", "alice field psycho", "bob gigs d6=3", "psycho-2 attacks gigs",
                            "psyc attacks gigs")
    assert "Action 1: alice attacks gig-area with psycho-2  → allowed" in said[-2]
    assert "Action 2" not in said[-1]  # `psyc` starts both Psycho Squads' labels: which one is not guessed


@pytest.mark.parametrize("typed", ["play v with go solo", "v goes solo", "go solo v", "go solo with v"])
def test_go_solo_said_in_words(typed):
    """11.25.1: V: Corporate Exile has [GO SOLO]; with 5 Eddies Alice may play it from her Legends area."""
    _, said = session_after("alice legends v corp face-up", "alice eddies 5", typed)
    assert said[-1].startswith("Read as `play: v, go_solo: true`.") and "Action 1: alice plays v  → allowed" in said[-1]


def test_a_question_asked_with_i_and_too():
    """8.11.1: a player sells a card once per turn; the second sale is refused."""
    _, said = session_after("alice hand floor it", "alice hand detonate", "sell floor", "can i sell detonate too?")
    assert said[-1].startswith("Read as `sell: detonate`.") and "REFUSED" in said[-1] and "8.11.1" in said[-1]


def test_at_50_columns_help_the_banner_and_rulings_wrap_at_word_boundaries():
    """On a phone-sized terminal every line fits its 50 columns, broken between words: help in one column, the
    opening banner, a listing's refusal and a ruling."""
    import re
    seen = []
    with ask_in_a_terminal(50) as child:
        child.expect_exact("ask>")
        seen.append(child.before)
        for line, last in (("help", "help · quit"), ("Alice field psycho lag", "in the field"),
                           ("bob gigs d6=3", "d6=3."), ("options", "9.3.1.1"), ("alice hand floor it", "hand."),
                           ("sell floor", "allowed")):
            child.send(line + "\r")
            child.expect_exact(last)
            seen.append(child.before + child.after)
            child.expect_exact("ask>")
            seen.append(child.before)
        child.send("quit\r")
        child.expect(end_of_session())
    text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]|\r", "", "".join(seen))
    lines = [line for line in text.split("\n") if line.strip() and "ask>" not in line]  # the line editor's own
    assert all(len(line) <= 50 for line in lines), [line for line in lines if len(line) > 50]
    assert "judgekit ask: state the board, list the options," in lines[0]
    assert "      three copies" in lines  # one column: the meaning under its command
    words = set(text.split())
    assert {"face-down|face-up]", "REFUSED", "judgekit"} & words and not {"judgek", "fa", "ce-down"} & words


def test_setup_written_as_people_write_it():
    session, said = session_after("alice hand floor it, detonate", "alice has 3 eddies", "bob gigs d6 3",
                                  "bob gigs d6=3, d8=4", "alice hand three mouths, one desire")
    assert not any(s.startswith("error") for s in said)
    hand = [c["card"] for c in session.doc["players"]["alice"]["hand"]]
    assert hand == ["Floor It", "Detonate", "Three Mouths, One Desire"]  # a name with a comma stays one card
    assert session.doc["players"]["alice"]["eddies"] == 3 and session.doc["players"]["bob"]["gigs"] == ["d6=3", "d8=4"]
    assert said[2] == "bob: gigs: d6=3."


def test_played_a_unit_in_the_field_does_what_help_says():
    """4.7, 11.3.1: a Unit played this turn is lagging, so it can't attack (9.3.1.1); no internal key in the answer."""
    session, said = session_after("alice field psycho", "played psycho", "bob gigs d6=3", "psycho attacks gigs")
    assert "this_turn" not in said[1] and not said[1].startswith("error") and "lag" in said[1]
    assert "REFUSED" in said[-1] and "9.3.1.1" in said[-1]
    assert "played LABEL" in session.handle("help")
