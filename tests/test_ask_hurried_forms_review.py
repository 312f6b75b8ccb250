"""`judgekit ask` phrasings a hurried judge types every day, refused until review E3: a card's state said with `is`,
`does X have ...` (Lag, a Gear, Eddies, a Gear's keyword), what already happened this turn asked or said in the past
tense, `what would happen if`, articles, possessive pronouns, and `he passes` (still refused, now saying to name the
player). Each expectation comes from the rules (2026-08 numbering) or the printed card text, written before judgekit
was run; each neighbouring line keeps its old reading."""
from __future__ import annotations

import pytest

from judgekit.ask.board import entry_labelled
from judgekit.ask.session import Session

BOARD = ("alice field psycho squad", "alice hand mantis blades", "alice hand riot shield", "alice eddies 3",
         "alice legends v corporate exile face-up", "alice legends goro takemura hands unclean",
         "bob field maelstrom goons spent", "bob field corpo security")


def session_after(*lines: str) -> tuple[Session, list[str]]:
    session = Session("2026-08")
    return session, [session.handle(line) for line in lines]


def spent(session: Session, label: str) -> bool:
    return bool(entry_labelled(session.doc, label).get("spent"))


@pytest.mark.parametrize("typed", ["psycho is spent", "the psycho is spent"])
def test_a_cards_state_said_with_is_states_it(typed):
    session, said = session_after(*BOARD, typed)
    assert said[-1].startswith("Read as `psycho spent`"), said[-1]
    assert spent(session, "psycho")


@pytest.mark.parametrize("typed", ["psycho is spent?", "is the psycho spent?"])
def test_a_cards_state_asked_with_is_changes_nothing(typed):
    """`psycho is spent?` asks; `is psycho spent` (the old reading) still does."""
    session, said = session_after(*BOARD, typed, "is psycho spent")
    for answer in said[-2:]:
        assert answer.split("\n")[-1].startswith("No: Psycho Squad [psycho] is now ready"), answer
    assert not spent(session, "psycho")


def test_lag_asked_is_read_from_the_board():
    """Lag is a condition of a Unit that entered the field this turn (11.3.1), so it is a fact of the board."""
    session, said = session_after(*BOARD, "does psycho have lag", "psycho lag", "does psycho have lag?")
    assert said[-3].startswith("No: Psycho Squad [psycho] has no Lag"), said[-3]
    assert said[-1].startswith("Yes: Psycho Squad [psycho] is lagging") and "11.3.1" in said[-1], said[-1]


def test_a_gear_asked_of_a_card_and_the_statement_still_equips():
    """`psycho has mantis blades` states a Gear (as before); `does psycho have ...?` asks, changing nothing."""
    session, said = session_after(*BOARD, "does psycho have mantis blades", "psycho has mantis blades",
                                  "does psycho have mantis blades?")
    assert said[-3].startswith("No: no Mantis Blades is equipped to Psycho Squad [psycho]"), said[-3]
    assert said[-2].startswith("Read as `gear mantis blades on psycho`"), said[-2]
    assert said[-1].startswith("Yes: Mantis Blades [mantis-2] is equipped to Psycho Squad [psycho]"), said[-1]


@pytest.mark.parametrize("typed, answer", [("does alice have 3 eddies", "Yes"), ("does alice have 4 eddies?", "No")])
def test_a_players_eddies_asked(typed, answer):
    """Three ready Eddies pay 3 €$ (5.8.1.3), not 4."""
    session, said = session_after(*BOARD, typed)
    assert said[-1].startswith(f"{answer}: alice has 3 ready Eddies now"), said[-1]
    assert session.doc["players"]["alice"]["eddies"] == 3


def test_a_gears_keyword_is_answered_for_the_gear_and_its_host():
    """Riot Shield's [BLOCKER] is in its bottom textbox: its host has it, the Gear itself does not (4.11.3,
    4.11.3.1). It was answered a bare "No"."""
    session, said = session_after(*BOARD, "does riot shield have blocker?", "play riot on psycho",
                                  "does riot shield have blocker?", "does psycho have blocker?")
    assert said[-4].startswith("No: Riot Shield [riot] is a Gear") and "equipped to nothing" in said[-4], said[-4]
    assert "4.11.3 " in said[-4] and "4.11.3.1" in said[-4]
    assert "equipped to Psycho Squad [psycho], which has [BLOCKER] from it" in said[-2], said[-2]
    assert said[-1].startswith("Yes: Psycho Squad [psycho] has [BLOCKER] now"), said[-1]


@pytest.mark.parametrize("typed", ["has alice called?", "did alice call?", "has alice called"])
def test_a_call_this_turn_asked(typed):
    session, said = session_after(*BOARD, typed, "alice called", typed)
    assert said[-3].startswith("No: alice has not Called a Legend this turn"), said[-3]
    assert said[-1].startswith("Yes: alice has Called a Legend this turn"), said[-1]


@pytest.mark.parametrize("typed", ["did alice play psycho?", "alice played psycho?", "was psycho played this turn?"])
def test_a_play_this_turn_asked_changes_nothing(typed):
    """The board records the cards played this turn (a stated `played psycho` marks it lagging too, 11.3.1)."""
    session, said = session_after(*BOARD, typed, "played psycho", typed)
    assert said[-3].startswith("No: Psycho Squad [psycho] was not played this turn"), said[-3]
    assert said[-1].startswith("Yes: Psycho Squad [psycho] was played this turn"), said[-1]
    assert session.doc["this_turn"]["played"] == ["psycho"]


@pytest.mark.parametrize("typed", ["what would happen if psycho attacks goons", "what happens when psycho attacks goons",
                                   "who would win if psycho attacks goons?"])
def test_what_would_happen_is_played_out_on_a_copy(typed):
    """Psycho Squad (6) attacks the spent Maelstrom Goons (3), no block named: Goons is defeated."""
    session, said = session_after(*BOARD, typed)
    assert said[-1].startswith("Read as `attack: psycho, target: goons`.\nResult: Maelstrom Goons [maelstrom] "
                               "defeated"), said[-1]
    assert not session.doc["actions"]


def test_articles_are_no_words_of_a_name():
    session, said = session_after(*BOARD, "equip the mantis blades to the psycho squad")
    assert session.doc["actions"] == [{"play": "mantis", "equip_to": "psycho"}], said[-1]
    session, said = session_after(*BOARD, "the psycho attacks the goons")
    assert session.doc["actions"][0] == {"attack": "psycho", "target": "maelstrom"}, said[-1]
    # The Heist's name begins with `the`: bob's card, played by bob (refused in alice's Main Phase)
    session, said = session_after(*BOARD, "bob hand the heist", "bob plays the heist")
    assert said[-1].startswith("Read as `play: the heist, by: bob`"), said[-1]


def test_a_possessive_pronoun_is_the_acting_cards_player():
    session, said = session_after(*BOARD, "her psycho attacks goons")
    assert session.doc["actions"][0] == {"attack": "psycho", "target": "maelstrom"}, said[-1]


def test_a_pronoun_asking_to_go_solo():
    """V: Corporate Exile is alice's only V: `she` is its player; GO SOLO pays its cost, 5 (11.25.1)."""
    session, said = session_after(*BOARD, "can she go solo with v?")
    assert said[-1].startswith("Read as `play: v, go_solo: true`"), said[-1]
    assert not session.doc["actions"]


def test_a_call_said_in_the_past_turns_the_legend_face_up():
    """Calling a Legend flips it face-up (4.3.1) and keeps it ready or spent (11.11.1.3)."""
    session, said = session_after(*BOARD, "alice called goro")
    assert session.doc["players"]["alice"]["called_legend_this_turn"] is True, said[-1]
    assert entry_labelled(session.doc, "goro")["face_up"] is True


def test_a_sale_said_in_the_past_is_the_sale_this_turn():
    """A card sold is an Eddie now (5.8.2.1): the board records the sale, and says the Mantis Blades in hand stays."""
    session, said = session_after(*BOARD, "alice sold mantis")
    assert session.doc["players"]["alice"]["sold_this_turn"] is True, said[-1]
    assert "still in alice's hand" in said[-1]


def test_a_card_was_played_this_turn():
    """A Unit played this turn is lagging in the field (4.7, 11.3.1)."""
    session, said = session_after(*BOARD, "alice field riding nomad", "riding was played this turn")
    assert said[-1].startswith("Read as `played riding`"), said[-1]
    assert session.doc["this_turn"]["played"] == ["riding"] and entry_labelled(session.doc, "riding")["lag"]


@pytest.mark.parametrize("typed", ["he passes", "they pass", "she passes the turn"])
def test_a_pass_by_a_pronoun_says_to_name_the_player(typed):
    """The turn player's pass ends the turn (8.9), the defending player's the React Step (9.12): `he` may be either."""
    session, said = session_after(*BOARD, typed)
    assert "`alice passes` or `bob passes`" in said[-1], said[-1]
    assert not session.doc["actions"]
