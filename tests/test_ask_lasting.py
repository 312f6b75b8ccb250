"""`judgekit ask` states a lasting change an earlier effect gave a card (the scenario format's `lasting:`), as a head
judge types it: `johnny power -8 this turn from floor it by bob`. Every expectation comes from the rules (2026-08
numbering), the official FAQ or the printed card text, written before judgekit was run."""
from __future__ import annotations

from judgekit.ask.session import Session
from tests.ask_terminal import ask_in_a_terminal, end_of_session, piped_and_run_again

JOHNNY = ("alice field johnny silverhand never stop fighting", "bob field corpo security spent")


def session_after(*lines: str) -> tuple[Session, list[str]]:
    session = Session("2026-08")
    return session, [session.handle(line) for line in lines]


def card(session: Session, label: str) -> dict:
    return next(c for p in session.data["board"]["players"].values() for area in ("field", "legends", "trash", "hand")
                for c in p[area] if c["label"] == label)


def where(session: Session, label: str) -> tuple[str, str]:
    return next((name, area) for name, p in session.data["board"]["players"].items()
                for area in ("field", "legends", "trash", "hand") for c in p[area] if c["label"] == label)


def test_the_faq_johnny_at_power_0_is_stated_in_words_and_ruled_as_the_faq_answers():
    """FAQ, Johnny Silverhand: Never Stop Fighting: at power 0 he still wins the fight against a CORPO Unit (his
    text), but a Unit at power 0 defeats nothing, so neither Unit is defeated; the first fight he wins readies him."""
    session, said = session_after(*JOHNNY, "johnny power -8 this turn from floor it by bob")
    assert not said[-1].startswith("error"), said[-1]
    assert session.doc["lasting"] == [{"card": "johnny", "by": "bob", "source": "Floor It", "power": -8,
                                       "until": "end-of-turn"}]
    assert "-8 power this turn" in said[-1] and "Floor It" in said[-1] and "by bob" in said[-1]
    assert "power is 0" in said[-1]  # 8 printed, -8
    assert list(session.doc).index("lasting") < list(session.doc).index("actions")  # read before the actions
    board = session.handle("board")
    assert "-8 power this turn" in board and "Floor It" in board
    session.handle("johnny attacks corpo")
    session.handle("pass")
    assert session.data["actions"][-1]["allowed"]
    assert where(session, "corpo") == ("bob", "field") and where(session, "johnny") == ("alice", "field")
    assert card(session, "johnny")["spent"] is False


def test_undo_takes_a_lasting_change_back_and_by_defaults_to_the_turn_player_as_the_format_does():
    session, said = session_after("alice field psycho squad", "psycho power -2")
    assert session.doc["lasting"] == [{"card": "psycho", "by": "alice", "source": "an earlier effect", "power": -2,
                                       "until": "end-of-turn"}]
    assert "by alice" in said[-1] and "turn player" in said[-1] and "this turn" in said[-1]
    assert card(session, "psycho")["power"] == 4  # Psycho Squad: 6, -2
    assert session.handle("undo").startswith("Undone: psycho power -2")
    assert not session.doc.get("lasting") and card(session, "psycho")["power"] == 6


def test_until_next_turn_lasts_through_the_rivals_turn_and_ends_as_its_givers_turn_begins():
    """8.6.2.1: effects "until the start of your next turn" are removed in that player's Start Phase; an effect
    "this turn" ends in the End of Turn (8.16.2)."""
    session, said = session_after("alice field psycho squad", "psycho power -2 until next turn",
                                  "pass turn")
    assert session.doc["lasting"][0]["until"] == "your-next-turn" and session.doc["lasting"][0]["by"] == "alice"
    assert card(session, "psycho")["power"] == 4  # bob's turn: still -2
    session.handle("bob passes")
    assert card(session, "psycho")["power"] == 6  # alice's next turn began
    rival, _ = session_after("alice field psycho squad", "psycho power -2 until bob's next turn")
    assert rival.doc["lasting"][0]["by"] == "bob" and rival.doc["lasting"][0]["until"] == "your-next-turn"


def test_a_cant_stated_after_the_actions_rules_them_again_and_says_so():
    """A Unit that can't attack is refused its attack (Corpo Security's own text is such a restriction)."""
    session, said = session_after("alice field psycho squad", "bob gigs d6=3", "psycho atk gigs")
    assert session.data["actions"][0]["allowed"]
    stated = session.handle("psycho can't attack this turn")
    assert session.doc["lasting"][0]["cant"] == ["attack"]
    assert "ruled again" in stated and "now refused" in stated
    assert not session.data["actions"][0]["allowed"]


def test_a_keyword_given_this_turn_lets_a_unit_block():
    """11.27 (2026-08 numbering of [BLOCKER]): a ready Unit with [BLOCKER] may block; Maelstrom Goons has none
    printed, so it blocks only with the keyword given."""
    session, said = session_after("alice field psycho squad", "bob field maelstrom goons", "bob gigs d6=3",
                                  "maelstrom goons gets blocker this turn by bob", "psycho atk gigs",
                                  "block: maelstrom")
    assert session.doc["lasting"][0]["keywords"] == ["BLOCKER"] and session.doc["lasting"][0]["by"] == "bob"
    assert "blocker" in said[3].casefold()
    assert not session.data["verdict"]["refused"], said[-1]


def test_what_is_not_a_lasting_change_is_refused_with_what_to_type():
    session, said = session_after("alice field psycho squad", "alice hand maelstrom goons",
                                  "psycho power 2 this turn", "psycho can't fly this turn",
                                  "psycho power +2 by carol", "maelstrom power +1")
    assert all(s.startswith("error") for s in said[2:]), said
    assert "+2" in said[2]  # a change adds or takes power: signed
    assert "attack" in said[3] and "block" in said[3]  # the can'ts a change may give
    assert "carol" in said[4] and "alice" in said[4]
    assert "in play" in said[5]
    assert not session.doc.get("lasting")


def test_a_question_and_a_steal_are_not_read_as_a_lasting_change():
    session, said = session_after("alice field psycho squad", "bob gigs d6=3 d8=4", "psycho can attack gigs?",
                                  "psycho can attack ready units?", "psycho attacks gigs", "pass", "psycho steals d6")
    assert not session.doc.get("lasting") and "lasting" not in " ".join(said[2:]).casefold()
    assert session.data["actions"][0]["allowed"]


def test_piped_the_lasting_change_is_saved_and_the_file_runs_the_same(tmp_path):
    said, ran = piped_and_run_again([*JOHNNY, "johnny power -8 this turn from floor it by bob", "johnny attacks corpo",
                                     "pass"], tmp_path / "johnny.yaml")
    assert "ask> johnny power -8 this turn from floor it by bob\nLasting change:" in said
    assert [a["allowed"] for a in ran["actions"]] == [True]
    assert [(e["card"], e["power"], e["until"]) for e in ran["board"]["lasting_effects"]] == \
        [("johnny", -8, "end-of-turn")]


def test_in_a_terminal_a_lasting_change_is_typed_and_undone():
    with ask_in_a_terminal() as child:
        child.expect_exact("ask>")
        child.send("alice field psycho squad\r")
        child.expect_exact("Psycho Squad [psycho] in the field.")
        child.expect_exact("ask>")
        child.send("psycho can't attack this turn\r")
        child.expect_exact("Lasting change: Psycho Squad [psycho] can't attack this turn")
        child.expect_exact("ask>")
        child.send("board\r")
        child.expect_exact("can't attack this turn")
        child.expect_exact("ask>")
        child.send("undo\r")
        child.expect_exact("Undone: psycho can't attack this turn")
        child.expect_exact("ask>")
        child.send("quit\r")
        child.expect(end_of_session())
