"""`judgekit ask` with a name two cards share (a Psycho Squad on each side, a Mantis Blades on each side, two Maelstrom
Goons): an action asks which card when several could play the part it names, takes the one that can (the engine's
options say so) and says which; a question is answered for each card; and the words told after a refusal or
an undo are true."""
from __future__ import annotations

from judgekit.ask.session import Session

TWO_PSYCHOS = ("alice field psycho", "bob field psycho spent")


def lines(*typed: str) -> tuple[Session, list[str]]:
    """The session after the lines, and what each said."""
    session = Session()
    return session, [session.handle(line) for line in typed]


def test_heywood_on_a_name_both_blades_share_asks_which():
    """Heywood Ripperdoc's [PLAY] may defeat one Gear, any player's: both Mantis Blades may be chosen, so the
    name alone does not say which; nothing is taken until the judge names one."""
    session, said = lines("alice hand heywood", "alice eddies 6", "alice field psycho", "gear mantis on psycho",
                          "bob field goons", "gear mantis on goons", "play heywood on mantis")
    assert "which?" in said[-1] and "[mantis] (alice's)" in said[-1] and "[mantis-2] (bob's)" in said[-1]
    assert session.doc["actions"] == []
    said = session.handle("play heywood on bob's mantis")
    assert "Mantis Blades [mantis-2] defeated" in said and "→ allowed" in said


def test_a_board_question_on_a_shared_name_is_answered_for_each_card():
    """`psycho spent?` and `psycho power?` with a Psycho Squad on each side: each card's answer, its owner named."""
    session, said = lines(*TWO_PSYCHOS, "psycho spent?", "gear mantis on psycho-2", "psycho power?")
    assert "Psycho Squad [psycho] (alice's): No" in said[2] and "Psycho Squad [psycho-2] (bob's): Yes" in said[2]
    assert "[psycho] (alice's): Psycho Squad [psycho] has 6 power" in said[-1]
    assert "[psycho-2] (bob's): Psycho Squad [psycho-2] has 8 power" in said[-1]


def test_an_attack_on_a_shared_name_takes_the_one_legal_target_and_says_so():
    """9.3.2.1: only a spent rival Unit may be attacked. Of two Goons, the spent one is the target; of two Psycho
    Squads, Alice's is the one that may attack and Bob's spent one the one it may attack."""
    session, said = lines("alice field psycho", "bob field 2 goons", "maelstrom-2 spent", "psycho atk goons")
    assert said[-1].startswith("Read as `attack: psycho, target: maelstrom-2`") and "bob's Maelstrom Goons" in said[-1]
    assert "→ allowed" in said[-1]
    session, said = lines(*TWO_PSYCHOS, "who wins if psycho attacks psycho?", "psycho atk psycho")
    for answer in said[2:]:
        assert answer.startswith("Read as `attack: psycho, target: psycho-2`"), answer
        assert "bob's Psycho Squad [psycho-2]" in answer and "→ allowed" in answer
    assert "Psycho Squad [psycho] defeated; Psycho Squad [psycho-2] defeated" in said[2]


def test_a_state_given_to_a_shared_name_asks_which():
    session, said = lines("alice field psycho", "bob field 2 goons", "goons spent")
    assert said[-1].startswith("error: which? 'goons' could be any of 2 cards") and "[maelstrom-2] (bob's)" in said[-1]


def test_the_result_line_of_a_refusal_keeps_its_whole_first_sentence():
    """Octant costs 7, 2 less with two friendly Gigs of 8+: 5, and 4 Eddies do not pay it (11.1.2)."""
    session, said = lines("alice hand octant", "alice eddies 4", "alice gigs d10=9 d12=8 d6=6", "can alice play octant?")
    result = said[-1].split("\n")[1]
    assert result.startswith("Result: refused: playing Octant [octant] (cost 7;") and "costs 5" in result
    assert result.endswith("a cost must be paid in full.")
    assert "To take it" not in said[-1]


def test_undo_tells_a_refused_action_and_the_questions_after_a_change_changed_nothing():
    """A face-down Legend can't GO SOLO (3.4.1): undoing the refusal says it changed nothing. A question on the
    board after a change is told by `undo` as having changed nothing."""
    session, said = lines("alice legends v corp face-down", "alice eddies 7", "v goes solo", "undo")
    assert said[-1].startswith("Undone: v goes solo (refused, it had changed nothing on the board")
    session, said = lines(*TWO_PSYCHOS, "who wins if psycho attacks bob's psycho?", "psycho spent?", "undo")
    assert said[-1].startswith("Undone: bob field psycho spent: the last change ('psycho spent?', typed after it, "
                               "was only asked and changed nothing)")
